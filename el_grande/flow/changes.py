"""What changed since a player's turn: the public board then and now, compared (plain Python).

At a human's decision after other players acted, the table marks what changed since that
player's previous decision (issue 19, item 2). `changes(before, after, castillo_hidden=…)`
compares two *public* views only: each player's Caballeros per region (and in an open
Castillo), the King, the Grandes, the mobile scoreboards, the scores and the courts. With a
hidden Castillo neither the Castillo nor the courts are compared (a court's change beside
the regions' would tell how many went into the Castillo), so nothing built from `Changes`
can name a count the table may not see.

`SinceYourTurn` is the table's feature (`el_grande.flow.feature`) that marks the prompt;
`SinceMemory` is its memory of "that player's previous decision": per seat, the public
board right after that seat's latest choice (the computer player's choices while it held the
seat count as the seat's), keyed by the move number; an undo rewinds it with the game, and a
game opened from its record rebuilds it by replaying the record.

`summary` words the changes as one sentence for the status line, cut to fit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import field, replace
from typing import TYPE_CHECKING, NamedTuple, Protocol, TypeVar

from el_grande.core import Game, View
from el_grande.core import events as E
from el_grande.flow.feature import Feature
from el_grande.flow.marks import Changes as Changes  # (its home: the prompt's marks)
from el_grande.records import record
from el_grande.text import card_name, region, t

if TYPE_CHECKING:
    from el_grande.flow.feature import Options
    from el_grande.flow.scenes import Prompt
    from el_grande.session import GameSession, Update

CASTILLO = "castillo"


def changes(
    before: View,
    after: View,
    *,
    castillo_hidden: bool,
    vetoed: tuple[tuple[int, int, str], ...] = (),
) -> Changes:
    """What changed between two public views of the same game (`before` earlier); `vetoed`:
    the Vetoes used between them (a view does not tell a used Veto from an expired one)."""
    caballeros = [
        (a.id, seat, n - m)
        for b, a in zip(before.regions, after.regions, strict=True)
        for seat, (m, n) in enumerate(zip(b.caballeros, a.caballeros, strict=True))
        if n != m
    ]
    if not castillo_hidden:
        for b, a in zip(before.players, after.players, strict=True):
            if b.castillo is not None and a.castillo is not None and a.castillo != b.castillo:
                caballeros.append((CASTILLO, a.seat, a.castillo - b.castillo))
    pairs = tuple(zip(before.players, after.players, strict=True))
    boards_before = dict(before.scoreboards)
    return Changes(
        caballeros=tuple(caballeros),
        king=(before.king, after.king) if before.king != after.king else None,
        grandes=tuple((a.seat, b.home, a.home) for b, a in pairs if a.home != b.home),
        scoreboards=tuple(
            (board, boards_before.get(board), place)
            for board, place in after.scoreboards
            if boards_before.get(board) != place
        ),
        scores=tuple((a.seat, a.score - b.score) for b, a in pairs if a.score != b.score),
        courts=()
        if castillo_hidden
        else tuple((a.seat, a.court - b.court) for b, a in pairs if a.court != b.court),
        vetoes=tuple((a.seat, n) for b, a in pairs if (n := _taken(b.veto_rounds, a.veto_rounds))),
        vetoed=vetoed,
    )


def _taken(before: tuple[int, ...], after: tuple[int, ...]) -> int:
    """How many Vetoes came (each is held with the round it was taken in; one may expire or
    be used while another is taken)."""
    return sum((Counter(after) - Counter(before)).values())


# --- the flow's memory -----------------------------------------------------------------------


@record
class _After:
    """The public board right after `seat`'s choice that made move number `moves`."""

    moves: int
    seat: int
    view: View


class _Entry(Protocol):
    @property
    def moves(self) -> int: ...
    @property
    def seat(self) -> int: ...


_E = TypeVar("_E", bound=_Entry)


class _Made(NamedTuple):
    """Who made the choice that made move number `moves` (`SinceMemory.of`'s first pass)."""

    moves: int
    seat: int


def _keep(entries: list[_E], made: _E) -> None:
    """`entries` after `made`: every entry since the latest change of deciding seat, and
    before that each seat's latest (`SinceMemory`)."""
    if entries and entries[-1].seat != made.seat:  # a new run: the older ones are history
        latest = {e.seat: e for e in entries}
        entries[:] = sorted(latest.values(), key=lambda e: e.moves)
    entries.append(made)


@record(frozen=False)
class SinceMemory:
    """Per seat, the public board after its previous decision (see the module docstring).

    Kept: every entry since the latest change of deciding seat (an undo walks back through
    one player's decisions only: the core's rule), and before that each seat's latest."""

    _entries: list[_After] = field(default_factory=list)
    #: (move number, (by, seat, card)): every Veto used in the game so far (a few at most).
    _vetoed: list[tuple[int, tuple[int, int, str]]] = field(default_factory=list)

    @classmethod
    def of(cls, game: Game) -> SinceMemory:
        """The memory of a game opened part-way (resumed, loaded): what `decided` would have
        kept had it followed the game from the start.

        Its record is replayed twice: once for who made each choice and the Vetoes used, with
        no view; then up to the last choice kept, with the public board only after the
        choices kept — a few of each hundred. A view costs about four times what a choice
        does: a game of 200 choices opens in about 5 ms, not 15 (a view after every choice)."""
        memory = cls()
        record = game.record()
        choices = record["choices"]
        kept: list[_Made] = []  # who made which choice: the entries `decided` keeps, no view
        replay = Game.replay(record, upto=0)
        for moves, text in enumerate(choices, start=1):
            d = replay.decision
            assert d is not None  # a recorded choice answered it
            memory._veto_used(moves, replay.apply(replay.parse(text)))
            _keep(kept, _Made(moves, d.player))
        seats = {made.moves: made.seat for made in kept}
        replay = Game.replay(record, upto=0)
        for moves, text in enumerate(choices[: max(seats, default=0)], start=1):
            replay.apply_trusted(replay.parse(text))  # legal: the first replay applied it
            if moves in seats:
                memory._entries.append(_After(moves, seats[moves], replay.view(None)))
        return memory

    def decided(self, seat: int, moves: int, view: View, events: Iterable[E.Event] = ()) -> None:
        """`seat` made a choice; `moves` choices are made now, `view` is the public board,
        `events` what the choice did (the Vetoes used are remembered)."""
        self._veto_used(moves, events)
        _keep(self._entries, _After(moves, seat, view))

    def _veto_used(self, moves: int, events: Iterable[E.Event]) -> None:
        self._vetoed.extend(
            (moves, (e.by, e.seat, e.card)) for e in events if isinstance(e, E.SpecialVetoed)
        )

    def rewind(self, moves: int) -> None:
        """The game was taken back to `moves` choices: later decisions never happened."""
        self._entries = [e for e in self._entries if e.moves <= moves]
        self._vetoed = [v for v in self._vetoed if v[0] <= moves]

    def before(self, seat: int) -> View | None:
        """The public board after `seat`'s previous decision, if others have acted since
        (None: no decision of theirs yet, or the last decision was their own)."""
        entries = self._entries
        if not entries or entries[-1].seat == seat:
            return None
        return next((e.view for e in reversed(entries) if e.seat == seat), None)

    def vetoed_since(self, seat: int) -> tuple[tuple[int, int, str], ...]:
        """The Vetoes used (by, seat, card) since `seat`'s previous decision."""
        moves = next((e.moves for e in reversed(self._entries) if e.seat == seat), None)
        if moves is None:
            return ()
        return tuple(v for m, v in self._vetoed if m > moves)


class SinceYourTurn(Feature):
    """What changed since a person's turn, marked on their prompt (a feature of the table;
    `Options.since_your_turn`): the `SinceMemory` follows the session's updates (an undo
    rewinds it; a game opened part-way rebuilds it from its record)."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self.on = True
        self.memory = SinceMemory()

    def configure(self, options: Options) -> None:
        self.on = options.since_your_turn

    def opened(self) -> None:
        if self.session.game.history:  # resumed, loaded: "since your turn" as it was
            self.memory = SinceMemory.of(self.session.game)

    def heard(self, update: Update) -> None:
        if update.reseated:  # nothing was played
            return
        if update.undone:
            self.memory.rewind(update.moves)
        elif update.chooser is not None:
            self.memory.decided(update.chooser, update.moves, update.public, update.events)

    def prompt(self, prompt: Prompt) -> Prompt:
        return replace(prompt, since=self.since(prompt.seat))

    def since(self, seat: int) -> Changes | None:
        """What changed on the public board since `seat`'s previous decision, if others
        acted since and anything changed (docs/app.md: "What changed since your turn")."""
        before = self.memory.before(seat) if self.on else None
        if before is None:
            return None
        found = changes(
            before,
            self.session.current.public,
            castillo_hidden=self.session.castillo_hidden,
            vetoed=self.memory.vetoed_since(seat),
        )
        return found or None


# --- the sentence ----------------------------------------------------------------------------


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"-{-n}"


def items(ch: Changes, name: Callable[[int], str], you: int | None = None) -> list[str]:
    """The changes in words, most telling first: the King, the Grandes, the scoreboards, the
    Vetoes, the scores (most first), the Caballeros (most first; ties in board order, then
    seat order). The courts are left to the board's marks. `you`: the seat the sentence is
    for, named in the second person ("you scored 12")."""

    def said(key: str, seat: int, **fields: object) -> str:
        return t(f"{key}_you", **fields) if seat == you else t(key, name=name(seat), **fields)

    out: list[str] = []
    if ch.king is not None:
        out.append(t("since.king", to=region(ch.king[1])))
    out.extend(said("since.grande", s, to=region(b)) for s, _, b in ch.grandes)
    for board, _, to in ch.scoreboards:
        if to is None:
            out.append(t("since.board_off", board=board))
        else:
            out.append(t("since.board", board=board, to=region(to)))
    for by, seat, card in ch.vetoed:
        whose = t("since.yours") if seat == you else t("since.whose", name=name(seat))
        out.append(said("since.vetoed", by, whose=whose, card=card_name(card)))
    out.extend(said("since.veto", seat, count=n, n=n) for seat, n in ch.vetoes)
    for seat, n in sorted(ch.scores, key=lambda x: -abs(x[1])):  # a stable sort: seat order
        out.append(said("since.scored" if n > 0 else "since.lost", seat, n=abs(n)))
    for place, seat, n in sorted(ch.caballeros, key=lambda x: -abs(x[2])):  # stable, too
        out.append(said("since.caballeros", seat, n=_signed(n), place=region(place)))
    return out


def summary(
    ch: Changes, name: Callable[[int], str], fits: Callable[[str], bool], you: int | None = None
) -> str | None:
    """One sentence: "Since your turn: …", as many of the `items` as `fits` allows, the rest
    counted ("and 3 more on the board"; only the head and the count if none fits). None when
    there is nothing to say (no change, or only the courts: the board marks those)."""
    words = items(ch, name, you)
    sep = t("join.list")
    for keep in range(len(words), 0, -1):
        left = len(words) - keep
        shown = words[:keep] + ([t("since.more", count=left, n=left)] if left else [])
        sentence = t("since.head", what=sep.join(shown))
        if fits(sentence):
            return sentence
    if not words:
        return None
    return t("since.head", what=t("since.more_only", count=len(words), n=len(words)))


def sentence_for(
    ch: Changes | None, names: Sequence[str], fits: Callable[[str], bool], you: int | None = None
) -> str | None:
    """The summary of a prompt's changes (`Prompt.since`), if any; `you`: the seat it is for."""
    return None if ch is None else summary(ch, names.__getitem__, fits, you)
