"""The rules engine: the whole base game of El Grande as a deterministic state machine.

Design (read this before changing anything):

* The state is plain data: lists of ints (``cab[place][seat]``), bitmasks for power-card hands,
  tuples for the action-card stacks. ``clone()`` copies a few small lists.
* Control flow is an explicit stack of frames (small tuples ``(op, *args)``). ``_run`` looks at
  the top frame: its *step* function either does automatic work (popping / pushing frames) and
  returns ``None``, or returns the :class:`Decision` the game waits for. ``apply`` validates the
  choice against that decision *before* touching anything, then hands it to the frame's
  *answer* function and runs on to the next decision. Because frames are immutable tuples in a
  list, a clone is a shallow list copy, and there are no generators or closures to copy.
* Randomness is used only at setup (R-S6); afterwards the game is a pure function of the
  choices.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

from . import events as E
from .board import ADJ, CASTILLO_INDEX, PLACE_INDEX, PLACE_VALUES, PLACES, REGIONS
from .cards import CARD_STACK, CARDS, POWER_CABALLEROS, SCOREBOARD_IDS, SCOREBOARDS, stack_cards
from .choices import Choice, IllegalChoice, ch, parse_notation
from .kinds import DecisionKind, Phase, Purpose
from .scoring import reduced_values, score_place
from .view import View, build_view

__all__ = ["ROUND_TRACKS", "SCORING_ROUNDS", "Decision", "Game", "Options"]

#: Round-track numbers played, by the ``rounds`` option (R-R6).
ROUND_TRACKS: dict[int, tuple[int, ...]] = {9: tuple(range(1, 10)), 6: (2, 3, 5, 6, 8, 9)}
#: General scorings follow these rounds (R-R5).
SCORING_ROUNDS = frozenset({3, 6, 9})

_NUM_REGIONS = 9
_CAST = CASTILLO_INDEX
_FULL_HAND = sum(1 << v for v in range(1, 14))
_RECORD_FORMAT = "el-grande-record"
_RECORD_VERSION = 1


@dataclass(frozen=True)
class Options:
    """Game options (R-O).

    ``rounds``: 9 or 6 (R-R6); ``veto``: Veto cards in the game (R-V5); ``castillo``: ``"open"``
    (per-player Castillo counts are public) or ``"hidden"`` (only the total is).
    """

    rounds: int = 9
    veto: bool = True
    castillo: str = "open"

    def __post_init__(self) -> None:
        if self.rounds not in ROUND_TRACKS:
            raise ValueError(f"rounds must be 9 or 6, not {self.rounds!r}")
        if not isinstance(self.veto, bool):
            raise ValueError(f"veto must be true or false, not {self.veto!r}")
        if self.castillo not in ("open", "hidden"):
            raise ValueError(f"castillo must be 'open' or 'hidden', not {self.castillo!r}")

    def to_dict(self) -> dict[str, Any]:
        return {"rounds": self.rounds, "veto": self.veto, "castillo": self.castillo}

    @classmethod
    def from_dict(cls, data: Any) -> Options:
        if not isinstance(data, dict):
            raise ValueError("options must be an object with rounds, veto and castillo")
        unknown = set(data) - {"rounds", "veto", "castillo"}
        if unknown:
            raise ValueError(f"unknown option(s): {', '.join(sorted(map(str, unknown)))}")
        return cls(**data)


class Decision:
    """What the game waits for: who must choose, what kind of choice, and every legal answer.

    ``context`` holds what a prompt needs (the card being resolved, progress such as
    ``{"left": 2}``, a target seat...). It never holds another seat's secret.
    """

    __slots__ = ("choices", "context", "kind", "player", "secret")

    def __init__(
        self,
        player: int,
        kind: DecisionKind,
        secret: bool,
        choices: tuple[Choice, ...],
        context: dict[str, Any],
    ) -> None:
        self.player = player
        self.kind = kind
        self.secret = secret
        self.choices = choices
        self.context = context

    def __repr__(self) -> str:
        shown = ", ".join(map(str, self.choices[:6])) + (", ..." if len(self.choices) > 6 else "")
        return (
            f"Decision(player={self.player}, kind={str(self.kind)!r}, secret={self.secret}, "
            f"choices=[{shown}], context={self.context!r})"
        )

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Decision)
            and self.player == other.player
            and self.kind == other.kind
            and self.secret == other.secret
            and self.choices == other.choices
            and self.context == other.context
        )

    __hash__ = None  # type: ignore[assignment]


# Interned choices used on every step.
_PLACE_C = ch("place")
_SPECIAL_C = ch("special")
_SKIP_C = ch("skip")
_DONE_C = ch("done")
_PASS_C = ch("pass")
_VETO_YES = ch("veto", "yes")
_VETO_NO = ch("veto", "no")
_COURT_C = tuple(ch("court", k) for k in range(7))
_COURT_UPTO = tuple(_COURT_C[: k + 1] for k in range(7))
_POWER_C = tuple(ch("power", v) for v in range(14))
_RETRIEVE_C = tuple(ch("retrieve", v) for v in range(14))
_WHOSE_C = tuple(ch("whose", s) for s in range(5))


def _per_place(verb: str) -> tuple[Choice, ...]:
    return tuple(ch(verb, p) for p in PLACES)


_PLACE_AT = _per_place("place")
_FROM = _per_place("from")
_TO = _per_place("to")
_REGION = _per_place("region")
_SCORE = _per_place("score")
_RETURN = _per_place("return")
_KING = _per_place("king")
_GRANDE = _per_place("grande")
_DISK = _per_place("disk")
_RECALL = _per_place("recall")
_RETURN_COURT = ch("return", "court")
_CARD = {card: ch("card", card) for card in CARDS}
_BOARD = {b: ch("board", b) for b in SCOREBOARD_IDS}
_MODE_MOVE = ch("mode", "move")
_MODE_PLACE = ch("mode", "place")

#: Placement targets by King's region: its neighbours, then the Castillo (R-R3.3).
_PLACEMENT = tuple(
    tuple(_PLACE_AT[p] for p in ADJ[king]) + (_PLACE_AT[_CAST], _DONE_C)
    for king in range(_NUM_REGIONS)
)

# Parameters of the "move" special actions: (own, foreign, total).
_MOVE_CARDS = {
    "intrigue_4_any": (4, 4, 4),
    "intrigue_4_own": (4, 0, 4),
    "intrigue_3_any": (3, 3, 3),
    "intrigue_3_foreign": (0, 3, 3),
    "intrigue_2_own_2_foreign": (2, 2, 4),
}

_Frame = tuple[Any, ...]
_Step = Callable[["Game", _Frame], "Decision | None"]
_Answer = Callable[["Game", _Frame, Choice], None]


def _seed_ok(seed: object) -> bool:
    return (isinstance(seed, int) and not isinstance(seed, bool)) or isinstance(seed, str)


class Game:
    """One game of El Grande. Create with :meth:`new` or :meth:`replay`.

    The public surface is ``decision``, ``apply``, ``parse``, ``over``, ``scores``,
    ``winners``, ``view``, ``snapshot``, ``record``, ``replay`` and ``clone``; see
    ``docs/core-api.md``.
    """

    __slots__ = (
        "_decision",
        "_events",
        "opening_events",
        "_hidden",
        "_history",
        "_notation",
        "_rounds",
        "_stack",
        "active",
        "boards",
        "cab",
        "card",
        "court",
        "discard",
        "face_up",
        "first_player",
        "hand",
        "home",
        "king",
        "n",
        "names",
        "options",
        "order",
        "over",
        "phase",
        "placed",
        "played",
        "province",
        "round_i",
        "score",
        "secrets",
        "seed",
        "special_done",
        "stacks",
        "start_player",
        "taken",
        "vetoes",
    )

    names: tuple[str, ...]
    n: int
    options: Options
    seed: int | str
    first_player: int
    _rounds: tuple[int, ...]
    _hidden: bool
    round_i: int
    phase: Phase
    over: bool
    king: int
    cab: list[list[int]]
    court: list[int]
    province: list[int]
    score: list[int]
    home: list[int]
    hand: list[int]
    discard: list[int]
    played: list[int]
    vetoes: list[tuple[int, ...]]
    boards: list[int]
    stacks: tuple[tuple[str, ...], ...]
    face_up: list[str]
    taken: list[tuple[int, str]]
    start_player: int
    order: tuple[int, ...]
    active: int
    card: str | None
    placed: bool
    special_done: bool
    secrets: list[tuple[int, str]]
    _stack: list[_Frame]
    _history: list[Choice]  # every choice applied, in order
    _notation: list[str]  # str() of a prefix of _history, filled in when asked for
    _decision: Decision | None
    _events: list[E.Event]
    #: Events of the setup: round 1 starting and its action cards turned up.
    opening_events: tuple[E.Event, ...]

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        names: Sequence[str],
        seed: int | str = 0,
        options: Options | None = None,
        start_player: int | None = None,
    ) -> Game:
        """Set up a new game (R-S) for 2-5 players named ``names`` (seat order = clockwise).

        Every random element comes from ``seed`` (R-S6). ``start_player`` overrides the
        round-1 start player drawn from the seed (R-S5).
        """
        names = tuple(names)
        if not 2 <= len(names) <= 5:
            raise ValueError(f"El Grande takes 2 to 5 players, not {len(names)}")
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise ValueError(f"every player needs a name, got {name!r}")
        if len(set(names)) != len(names):
            raise ValueError("player names must differ")
        if not _seed_ok(seed):
            raise ValueError(f"the seed must be a whole number or text, not {seed!r}")
        options = options if options is not None else Options()
        if not isinstance(options, Options):
            raise ValueError("options must be an Options value")
        n = len(names)
        if start_player is not None and (
            not isinstance(start_player, int) or not 0 <= start_player < n
        ):
            raise ValueError(f"start_player must be a seat from 0 to {n - 1}")

        rng = random.Random(seed)
        region_cards = list(range(_NUM_REGIONS))
        rng.shuffle(region_cards)  # R-S1, R-S2
        stacks = []
        for stack in (1, 2, 3, 4):  # R-S4
            cards = stack_cards(stack, veto=options.veto)
            rng.shuffle(cards)
            stacks.append(tuple(cards))
        drawn_start = rng.randrange(n)  # always drawn, so the seed's stream never depends on it

        g = cls.__new__(cls)
        g.names = names
        g.n = n
        g.options = options
        g.seed = seed
        g.first_player = drawn_start if start_player is None else start_player
        g._rounds = ROUND_TRACKS[options.rounds]
        g._hidden = options.castillo == "hidden"
        g.round_i = -1
        g.phase = Phase.SETUP
        g.over = False
        g.king = region_cards[0]
        g.home = region_cards[1 : 1 + n]
        g.cab = [[0] * n for _ in range(_NUM_REGIONS + 1)]
        for seat, home in enumerate(g.home):
            g.cab[home][seat] = 2  # R-S2
        g.court = [7] * n  # R-S3
        g.province = [21] * n
        g.score = [0] * n
        g.hand = [_FULL_HAND] * n
        g.discard = [0] * n
        g.played = [0] * n
        g.vetoes = [()] * n
        g.boards = [-1, -1]
        g.stacks = tuple(stacks)
        g.face_up = []
        g.taken = []
        g.start_player = g.first_player
        g.order = ()
        g.active = -1
        g.card = None
        g.placed = False
        g.special_done = False
        g.secrets = []
        g._stack = [("game",)]
        g._history = []
        g._notation = []
        g._events = []
        g._decision = None
        g._run()
        g.opening_events = tuple(g._events)
        return g

    def clone(self) -> Game:
        """An independent copy sharing no mutable state (cheap: a few small list copies)."""
        g = Game.__new__(Game)
        g.names = self.names
        g.n = self.n
        g.options = self.options
        g.seed = self.seed
        g.first_player = self.first_player
        g._rounds = self._rounds
        g._hidden = self._hidden
        g.round_i = self.round_i
        g.phase = self.phase
        g.over = self.over
        g.king = self.king
        g.cab = [row[:] for row in self.cab]
        g.court = self.court[:]
        g.province = self.province[:]
        g.score = self.score[:]
        g.home = self.home[:]
        g.hand = self.hand[:]
        g.discard = self.discard[:]
        g.played = self.played[:]
        g.vetoes = self.vetoes[:]
        g.boards = self.boards[:]
        g.stacks = self.stacks
        g.face_up = self.face_up[:]
        g.taken = self.taken[:]
        g.start_player = self.start_player
        g.order = self.order
        g.active = self.active
        g.card = self.card
        g.placed = self.placed
        g.special_done = self.special_done
        g.secrets = self.secrets[:]
        g._stack = self._stack[:]
        g._history = self._history[:]
        g._notation = self._notation[:]
        g._decision = self._decision  # decisions are never mutated
        g._events = []
        g.opening_events = self.opening_events
        return g

    def position(self) -> tuple[object, ...]:
        """A hashable value that two games share exactly when they stand at the same point:
        the same board, courts, provinces, scores, hands, round, turn, cards and step under
        way (the secret choices made included). It leaves out the history, the seed and the
        order of the action cards not yet turned up, so two games with the same position and
        options play on alike, choice for choice, until the next cards are turned up. For
        search code that remembers what it found from a position (a bot's memo). One flat
        tuple (the lists of varying length counted first), so that it is cheap to forget."""
        return (
            self.options,
            self.round_i,
            self.phase,
            self.king,
            *chain.from_iterable(self.cab),
            *self.court,
            *self.province,
            *self.score,
            *self.home,
            *self.hand,
            *self.discard,
            *self.played,
            *self.vetoes,
            *self.boards,
            len(self.face_up),
            *self.face_up,
            len(self.taken),
            *self.taken,
            self.start_player,
            self.order,
            self.active,
            self.card,
            self.placed,
            self.special_done,
            len(self.secrets),
            *self.secrets,
            *self._stack,
        )

    # ------------------------------------------------------------------ public API

    @property
    def decision(self) -> Decision | None:
        """The decision the game waits for, or ``None`` once the game is over."""
        return self._decision

    @property
    def scores(self) -> list[int]:
        """Points per seat."""
        return self.score[:]

    @property
    def winners(self) -> list[int]:
        """Seats with the highest score once the game is over (ties share the win, R-E1)."""
        if not self.over:
            return []
        best = max(self.score)
        return [s for s in range(self.n) if self.score[s] == best]

    @property
    def round(self) -> int:
        """The round-track number of the current (or last) round, 1-9."""
        return self._rounds[max(self.round_i, 0)]

    @property
    def history(self) -> tuple[str, ...]:
        """Notations of every choice applied so far."""
        return tuple(self._notes())

    def parse(self, text: str) -> Choice:
        """Turn notation (``str(choice)``) into a legal choice of the current decision.

        Raises :class:`IllegalChoice` if the text is no choice or not legal now.
        """
        choice = parse_notation(text)
        _check_syntax(choice, text)
        d = self._decision
        if d is None:
            raise IllegalChoice(f"{text!r}: the game is over")
        if choice not in d.choices:
            raise IllegalChoice(self._why_illegal(choice, d))
        return choice

    def apply(self, choice: Choice | str) -> list[E.Event]:
        """Apply one legal choice of the current decision and return what happened.

        An illegal choice raises :class:`IllegalChoice` (a ``ValueError``) and changes nothing.
        A string is parsed as notation first.
        """
        if isinstance(choice, str):
            choice = self.parse(choice)
        d = self._decision
        if d is None:
            raise IllegalChoice(f"{choice}: the game is over")
        if choice not in d.choices:
            if not isinstance(choice, tuple):
                raise IllegalChoice(f"a choice must be a Choice, not {type(choice).__name__}")
            raise IllegalChoice(self._why_illegal(choice, d))
        return self.apply_trusted(choice)

    def apply_trusted(self, choice: Choice) -> list[E.Event]:
        """:meth:`apply` without its checks, for search play-outs on games of their own.

        ``choice`` must be one of ``self.decision.choices`` (take it from there); nothing
        checks it, and anything else may corrupt the game. The result is the same as
        :meth:`apply` with the same choice: same events, same history, same game.
        """
        evs: list[E.Event] = []
        self._events = evs
        frame = self._stack[-1]
        _ANSWERS[frame[0]](self, frame, choice)
        self._history.append(choice)
        self._run()
        return evs

    def record(self) -> dict[str, Any]:
        """The game record: JSON-able, enough for :meth:`replay` to rebuild this game."""
        return {
            "format": _RECORD_FORMAT,
            "version": _RECORD_VERSION,
            "players": list(self.names),
            "seed": self.seed,
            "options": self.options.to_dict(),
            "start_player": self.first_player,
            "choices": self._notes()[:],
        }

    @classmethod
    def replay(cls, record: Any, upto: int | None = None) -> Game:
        """Rebuild a game from :meth:`record` (also after a JSON round trip).

        Every choice is validated; a bad record raises ``ValueError`` (an illegal choice
        raises :class:`IllegalChoice`) saying what is wrong and where. ``upto`` stops after
        that many choices.
        """
        if not isinstance(record, dict):
            raise ValueError("a game record must be an object")
        if record.get("format", _RECORD_FORMAT) != _RECORD_FORMAT:
            raise ValueError(f"not a game record (format {record.get('format')!r})")
        version = record.get("version", _RECORD_VERSION)
        if version != _RECORD_VERSION:
            raise ValueError(f"record version {version!r} is not supported (expected 1)")
        for key in ("players", "seed", "choices"):
            if key not in record:
                raise ValueError(f"the record has no {key!r}")
        players, choices = record["players"], record["choices"]
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise ValueError("'players' must be a list of names")
        if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
            raise ValueError("'choices' must be a list of notations")
        options = Options.from_dict(record.get("options", {}))
        game = cls.new(players, record["seed"], options, record.get("start_player"))
        todo = choices if upto is None else choices[:upto]
        for i, text in enumerate(todo):
            try:
                game.apply(game.parse(text))
            except IllegalChoice as exc:
                raise IllegalChoice(f"choice {i + 1} ({text!r}): {exc}") from None
        return game

    @classmethod
    def from_view(cls, view: View, rng: random.Random | None = None) -> Game:
        """A full game consistent with ``view`` (a seat's view), its unknowns sampled.

        For search bots (R-H2): the unrevealed action cards are shuffled, the other seats'
        unrevealed secret choices drawn from their legal options, and with a hidden Castillo the
        other seats' reserves split at random between Castillo and province. The result's
        ``view(view.seat)`` equals ``view``; it has no record worth replaying.
        """
        from .determinize import from_view

        return from_view(view, rng if rng is not None else random.Random())

    def view(self, seat: int | None = None) -> View:
        """What ``seat`` may know (``None``: what everybody may know), as plain data (R-H2)."""
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.n):
            raise ValueError(f"no seat {seat!r} in a {self.n}-player game")
        return build_view(self, seat)

    def snapshot(self) -> dict[str, Any]:
        """The full truth as a JSON-able dict (for tools and tests; never show it to a player)."""
        n = self.n
        d = self._decision
        return {
            "round": self.round,
            "phase": self.phase,
            "over": self.over,
            "king": REGIONS[self.king],
            "start_player": self.start_player,
            "players": [
                {
                    "name": self.names[s],
                    "score": self.score[s],
                    "court": self.court[s],
                    "province": self.province[s],
                    "castillo": self.cab[_CAST][s],
                    "home": REGIONS[self.home[s]],
                    "hand": _values(self.hand[s]),
                    "discard": _values(self.discard[s]),
                    "veto": bool(self.vetoes[s]),
                }
                for s in range(n)
            ],
            "regions": {
                REGIONS[r]: {"caballeros": self.cab[r][:], "scoreboard": self._board_on(r)}
                for r in range(_NUM_REGIONS)
            },
            "castillo_scoreboard": self._board_on(_CAST),
            "face_up": self.face_up[:],
            "turn_order": list(self.order),
            "active": self.active,
            "action_card": self.card,
            "played": self.played[:],
            "vetoes": [list(v) for v in self.vetoes],
            "secrets": [[s, r] for s, r in self.secrets],
            "decks": [list(st[self.round_i + 1 :]) for st in self.stacks],
            "decision": None
            if d is None
            else {
                "player": d.player,
                "kind": d.kind,
                "secret": d.secret,
                "choices": [str(c) for c in d.choices],
            },
        }

    def __repr__(self) -> str:
        state = "over" if self.over else f"round {self.round}, {self.phase}"
        return f"<Game {', '.join(self.names)}: {state}, {len(self._history)} choices>"

    # ------------------------------------------------------------------ helpers

    def _notes(self) -> list[str]:
        """The notation of every choice so far (formatted once, when first asked for)."""
        notes, done = self._notation, len(self._notation)
        if done < len(self._history):
            notes.extend(map(str, self._history[done:]))
        return notes

    def _board_on(self, place: int) -> str | None:
        for b, pos in enumerate(self.boards):
            if pos == place:
                return SCOREBOARD_IDS[b]
        return None

    def _values_of(self, place: int) -> tuple[int, int, int]:
        """Current values of a place: a mobile scoreboard replaces the printed ones (R-K4)."""
        boards = self.boards
        if boards[0] == place:
            return SCOREBOARDS["8/4/0"]
        if boards[1] == place:
            return SCOREBOARDS["4/0/0"]
        return PLACE_VALUES[place]

    def _others(self) -> tuple[int, ...]:
        """Every other seat, starting left of the active player and going clockwise."""
        a, n = self.active, self.n
        return tuple((a + i) % n for i in range(1, n))

    def _move(self, whose: int, src: str, dst: str, count: int) -> None:
        """Move Caballeros between province, court and places, with its event."""
        if count <= 0:
            return
        if src == "province":
            self.province[whose] -= count
        elif src == "court":
            self.court[whose] -= count
        else:
            self.cab[PLACE_INDEX[src]][whose] -= count
        if dst == "province":
            self.province[whose] += count
        elif dst == "court":
            self.court[whose] += count
        else:
            self.cab[PLACE_INDEX[dst]][whose] += count
        hidden = self._hidden and dst == "castillo"
        self._events.append(E.CaballerosMoved(whose, src, dst, count, hidden))

    def _why_illegal(self, choice: Any, d: Decision) -> str:
        legal = ", ".join(str(c) for c in d.choices[:12])
        if len(d.choices) > 12:
            legal += f", ... ({len(d.choices)} in all)"
        reason = ""
        if d.kind == "power" and isinstance(choice, tuple) and choice[:1] == ("power",):
            value = choice[1] if len(choice) > 1 else None
            by = [s for s in range(self.n) if s != d.player and self.played[s] == value]
            if by:
                reason = f" ({value} was already played by {self.names[by[0]]} this round)"
            elif isinstance(value, int) and 1 <= value <= 13:
                reason = f" ({self.names[d.player]} no longer holds {value})"
        text = str(choice) if isinstance(choice, Choice) else repr(choice)
        return (
            f"{text!r} is not legal now{reason}: {self.names[d.player]} must answer "
            f"'{d.kind}'; legal: {legal}"
        )

    # ------------------------------------------------------------------ the machine

    def _run(self) -> None:
        stack = self._stack
        while stack:
            frame = stack[-1]
            d = _STEPS[frame[0]](self, frame)
            if d is not None:
                self._decision = d
                return
        self._decision = None

    # --- rounds -------------------------------------------------------------------

    def _step_game(self, frame: _Frame) -> None:
        if self.round_i + 1 >= len(self._rounds):
            self._stack.pop()
            self.over = True
            self.phase = Phase.OVER
            self.active = -1
            self._events.append(E.GameOver(tuple(self.score), tuple(self.winners)))
            return
        self.round_i += 1
        self.phase = Phase.POWER
        self.played = [0] * self.n
        self.taken = []
        self.order = ()
        self.active = -1
        self.card = None
        self.face_up = [st[self.round_i] for st in self.stacks] + ["king"]  # R-R1
        self._events.append(
            E.RoundStarted(self.round, self.round_i + 1, len(self._rounds), self.start_player)
        )
        self._events.append(E.CardsRevealed(tuple(self.face_up)))
        n, sp = self.n, self.start_player
        self._stack.append(("end_round",))
        self._stack.append(("power", tuple((sp + i) % n for i in range(n))))
        return

    def _step_power(self, frame: _Frame) -> Decision:
        seat = frame[1][0]
        blocked = 0
        for s, v in enumerate(self.played):
            if s != seat and v:
                blocked |= 1 << v
        free = self.hand[seat] & ~blocked
        choices = tuple(_POWER_C[v] for v in range(1, 14) if free >> v & 1)  # R-P1
        taken = tuple(v for v in self.played if v)
        return Decision(seat, DecisionKind.POWER, False, choices, {"played": taken})

    def _answer_power(self, frame: _Frame, c: Choice) -> None:
        seat, v = frame[1][0], int(c.arg)  # type: ignore[arg-type]
        self.hand[seat] &= ~(1 << v)
        self.discard[seat] |= 1 << v  # R-P2
        self.played[seat] = v
        self._events.append(E.PowerCardPlayed(seat, v))
        rest = frame[1][1:]
        if rest:
            self._stack[-1] = ("power", rest)
            return
        self._stack.pop()
        played = self.played
        self.order = tuple(sorted(range(self.n), key=lambda s: -played[s]))  # R-P3
        self.phase = Phase.TURNS
        self._events.append(E.TurnOrderSet(self.order))
        self._stack.append(("turns", self.order))

    def _step_turns(self, frame: _Frame) -> None:
        seats = frame[1]
        if not seats:
            self._stack.pop()
            return
        self._stack[-1] = ("turns", seats[1:])
        seat = seats[0]
        self.active = seat
        self.card = None
        self.placed = False
        self.special_done = False
        self._events.append(E.TurnStarted(seat, self.played[seat]))
        self._stack.extend((("turn_end",), ("menu",), ("card",), ("court",)))
        return

    def _step_turn_end(self, frame: _Frame) -> None:
        self._stack.pop()
        self._events.append(E.TurnEnded(self.active))

    def _step_end_round(self, frame: _Frame) -> None:
        self._stack.pop()
        rnd = self.round
        i = self.round_i
        for s in range(self.n):  # R-V1: a Veto lasts its round and the next
            kept = tuple(r for r in self.vetoes[s] if r >= i)
            for _ in range(len(self.vetoes[s]) - len(kept)):
                self._events.append(E.VetoExpired(s))
            self.vetoes[s] = kept
        self.face_up = []  # R-R4
        played = self.played
        self.start_player = min(range(self.n), key=played.__getitem__)  # R-P4
        self.active = -1
        self.card = None
        self.order = ()
        self._events.append(E.RoundEnded(rnd, self.start_player))
        if rnd in SCORING_ROUNDS:
            self._begin_general_scoring()

    # --- a turn -------------------------------------------------------------------

    def _step_court(self, frame: _Frame) -> Decision | None:
        s, king = self.active, self.king
        want = POWER_CABALLEROS[self.played[s]]
        on_board = sum(self.cab[r][s] for r in range(_NUM_REGIONS) if r != king)
        most = min(want, self.province[s] + on_board)  # R-R3.1
        if most == 0:
            self._stack.pop()
            return None
        return Decision(
            s,
            DecisionKind.COURT,
            False,
            _COURT_UPTO[most],
            {"power": self.played[s], "allowed": want},
        )

    def _answer_court(self, frame: _Frame, c: Choice) -> None:
        s = self.active
        wanted = int(c.arg)  # type: ignore[arg-type]
        from_province = min(wanted, self.province[s])
        self._move(s, "province", "court", from_province)
        self._stack.pop()
        if wanted > from_province:
            self._stack.append(("recall", wanted - from_province))

    def _step_recall(self, frame: _Frame) -> Decision:
        s, king = self.active, self.king
        choices = tuple(_RECALL[r] for r in range(_NUM_REGIONS) if r != king and self.cab[r][s] > 0)
        return Decision(s, DecisionKind.RECALL, False, choices, {"left": frame[1]})

    def _answer_recall(self, frame: _Frame, c: Choice) -> None:
        self._move(self.active, str(c.arg), "court", 1)
        left = frame[1] - 1
        if left:
            self._stack[-1] = ("recall", left)
        else:
            self._stack.pop()

    def _step_card(self, frame: _Frame) -> Decision:
        choices = tuple(_CARD[c] for c in self.face_up)
        return Decision(self.active, DecisionKind.ACTION_CARD, False, choices, {})

    def _answer_card(self, frame: _Frame, c: Choice) -> None:
        card = str(c.arg)
        self.face_up.remove(card)
        self.card = card
        self.taken.append((self.active, card))
        self._events.append(E.ActionCardTaken(self.active, card))
        self._stack.pop()

    def _step_menu(self, frame: _Frame) -> Decision | None:
        card = self.card
        assert card is not None
        if self.special_done:
            self._stack.pop()
            if not self.placed:  # placement is all that is left
                self.placed = True
                self._stack.append(("place", CARD_STACK[card]))
            return None
        possible = self._special_possible(card)
        if self.placed and not possible:
            self.special_done = True
            self._events.append(E.SpecialSkipped(self.active, card))
            return None
        choices: tuple[Choice, ...] = ()
        if not self.placed:
            choices += (_PLACE_C,)
        if possible:
            choices += (_SPECIAL_C,)
        choices += (_SKIP_C,)
        return Decision(
            self.active, DecisionKind.TURN, False, choices, {"card": card, "placed": self.placed}
        )

    def _answer_menu(self, frame: _Frame, c: Choice) -> None:
        card = self.card
        assert card is not None
        s = self.active
        if c == _PLACE_C:
            self.placed = True
            self._stack.append(("place", CARD_STACK[card]))
        elif c == _SKIP_C:
            self.special_done = True
            self._events.append(E.SpecialSkipped(s, card))
        else:
            self.special_done = True
            self._events.append(E.SpecialAnnounced(s, card))
            self._stack.append(("special",))
            if card != "veto":  # R-V4
                holders = tuple(t for t in self._others() if self.vetoes[t])
                if holders:
                    self._stack.append(("veto_ask", holders))

    def _step_place(self, frame: _Frame) -> Decision | None:
        left, s = frame[1], self.active
        court = self.court[s]
        if left <= 0 or court <= 0:
            self._stack.pop()
            return None
        assert self.card is not None
        return Decision(
            s,
            DecisionKind.PLACEMENT,
            False,
            _PLACEMENT[self.king],
            {
                "card": self.card,
                "placed": CARD_STACK[self.card] - left,
                "left": min(left, court),
                "limit": CARD_STACK[self.card],
            },
        )

    def _answer_place(self, frame: _Frame, c: Choice) -> None:
        if c == _DONE_C:
            self._stack.pop()
            return
        self._move(self.active, "court", str(c.arg), 1)
        self._stack[-1] = (frame[0], frame[1] - 1)

    def _step_veto_ask(self, frame: _Frame) -> Decision:
        holder = frame[1][0]
        ctx = {"seat": self.active, "card": self.card}
        return Decision(holder, DecisionKind.VETO, False, (_VETO_YES, _VETO_NO), ctx)

    def _answer_veto_ask(self, frame: _Frame, c: Choice) -> None:
        holder = frame[1][0]
        if c == _VETO_YES:  # R-V2: the special action is cancelled entirely
            self.vetoes[holder] = self.vetoes[holder][1:]
            assert self.card is not None
            self._events.append(E.SpecialVetoed(self.active, self.card, holder))
            self._stack.pop()
            popped = self._stack.pop()
            assert popped[0] == "special"
            return
        rest = frame[1][1:]
        if rest:
            self._stack[-1] = ("veto_ask", rest)
        else:
            self._stack.pop()

    # --- special actions ------------------------------------------------------------

    def _special_possible(self, card: str) -> bool:
        """Whether announcing the card's special action can do anything at all."""
        s, king, cab = self.active, self.king, self.cab
        if card in _MOVE_CARDS or card == "intrigue_5_from_region":
            own, foreign, _ = _MOVE_CARDS.get(card, (5, 5, 5))
            for r in range(_NUM_REGIONS):
                if r == king:
                    continue
                row = cab[r]
                if own and row[s]:
                    return True
                if foreign and any(row[t] for t in range(self.n) if t != s):
                    return True
            return False
        if card == "intrigue_all_own":
            return any(cab[r][s] for r in range(_NUM_REGIONS) if r != king)
        if card == "intrigue_place_2":
            return self.court[s] > 0
        if card == "intrigue_or":
            return self.court[s] > 0 or any(cab[r][s] for r in range(_NUM_REGIONS) if r != king)
        if card == "grande":
            return self.home[s] != king
        if card == "scoreboard":
            return any(pos != king for pos in self.boards)
        if card == "court":
            return self.province[s] > 0
        return True

    def _step_special(self, frame: _Frame) -> None:
        self._stack.pop()
        card = self.card
        assert card is not None
        _SPECIALS[card](self)

    def _sp_moves(self) -> None:
        assert self.card is not None
        own, foreign, total = _MOVE_CARDS[self.card]
        self._stack.append(("move", own, foreign, total, -1, False, total))

    def _sp_pick_region(self) -> None:
        self._stack.append(("region",))

    def _sp_or(self) -> None:
        self._stack.append(("mode",))

    def _sp_place_2(self) -> None:
        self._stack.append(("place_any", 2))

    def _sp_veto(self) -> None:
        s = self.active
        self.vetoes[s] = self.vetoes[s] + (self.round_i,)  # R-V1
        self._events.append(E.VetoKept(s))

    def _sp_decay_all(self) -> None:
        for t in self._others():
            self._move(t, "court", "province", self.court[t])

    def _sp_decay_three(self) -> None:
        for t in self._others():
            self._move(t, "court", "province", min(3, self.court[t]))

    def _sp_angry_king(self) -> None:
        self._stack.append(("angry", self._others(), 3))

    def _sp_score_region(self) -> None:
        self._stack.append(("score", False))

    def _sp_score_any(self) -> None:
        self._stack.append(("score", True))

    def _sp_return_one_each(self) -> None:
        self._stack.append(("return_one", self._others()))

    def _sp_province_by_disk(self) -> None:
        assert self.card is not None
        purpose = Purpose(self.card)  # the card's id names its secret step
        need = 2 if purpose == Purpose.PROVINCE_TWO_BY_DISK else 1
        king, cab = self.king, self.cab
        seats = tuple(
            t
            for t in self._others()
            if any(cab[r][t] >= need for r in range(_NUM_REGIONS) if r != king)
        )
        if seats:
            self._stack.append(("resolve", purpose, -1))
            self._stack.append(("secret", purpose, seats, -1))

    def _sp_score_valued(self) -> None:
        wanted = {"score_fives": (5,), "score_fours": (4,), "score_six_seven": (6, 7)}
        assert self.card is not None
        firsts = wanted[self.card]
        places = [r for r in range(_NUM_REGIONS) if self._values_of(r)[0] in firsts]
        self._score_places(places, self.card)

    def _sp_score_castillo(self) -> None:
        self._score_places([_CAST], "score_castillo")

    def _sp_score_firsts(self) -> None:
        self._score_places(list(range(_NUM_REGIONS)), "score_firsts", firsts_only=True)

    def _sp_score_most_least(self) -> None:
        totals = [sum(self.cab[r]) for r in range(_NUM_REGIONS)]
        occupied = [t for t in totals if t > 0]
        places: list[int] = []
        if occupied:
            target = max(occupied) if self.card == "score_most" else min(occupied)
            places = [r for r in range(_NUM_REGIONS) if totals[r] == target]
        assert self.card is not None
        self._score_places(places, self.card)

    def _sp_scoreboard(self) -> None:
        self._stack.append(("board",))

    def _sp_king(self) -> None:
        self._stack.append(("king", self.card == "royal_adviser"))

    def _sp_grande(self) -> None:
        self._stack.append(("grande",))

    def _sp_power_cards(self) -> None:
        self._stack.append(("retrieve",))

    def _sp_court(self) -> None:
        self._stack.append(("court_card",))

    def _sp_score_by_disk(self) -> None:
        n, a = self.n, self.active
        seats = tuple((a + i) % n for i in range(n))
        self._stack.append(("resolve", Purpose.SCORE_BY_DISK, -1))
        self._stack.append(("secret", Purpose.SCORE_BY_DISK, seats, -1))

    # moves (intrigue cards): frame ("move", own, foreign, total, fixed_region, forced, limit)

    def _movable(self, r: int, own: int, foreign: int) -> list[int]:
        s, row = self.active, self.cab[r]
        return [t for t in range(self.n) if row[t] > 0 and ((own > 0) if t == s else (foreign > 0))]

    def _step_move(self, frame: _Frame) -> Decision | None:
        _, own, foreign, total, fixed, forced, limit = frame
        if total <= 0:
            self._stack.pop()
            return None
        ctx = {"card": self.card, "moved": limit - total, "limit": limit}
        if fixed >= 0:
            seats = self._movable(fixed, own, foreign)
            if not seats:
                self._stack.pop()
                return None
            if forced and len(seats) == 1:
                self._stack.append(("move_to", fixed, seats[0]))
                return None
            ctx["region"] = REGIONS[fixed]
            choices = tuple(_WHOSE_C[t] for t in seats)
            if not forced:
                choices += (_DONE_C,)
            return Decision(self.active, DecisionKind.MOVE_WHOSE, False, choices, ctx)
        king = self.king
        sources = tuple(
            _FROM[r] for r in range(_NUM_REGIONS) if r != king and self._movable(r, own, foreign)
        )
        if not sources:
            self._stack.pop()
            return None
        return Decision(self.active, DecisionKind.MOVE_FROM, False, sources + (_DONE_C,), ctx)

    def _answer_move(self, frame: _Frame, c: Choice) -> None:
        if c == _DONE_C:
            self._stack.pop()
        elif c.verb == "from":
            self._stack.append(("move_whose", PLACE_INDEX[str(c.arg)]))
        else:  # whose, with the region fixed by the card
            self._stack.append(("move_to", frame[4], c.arg))

    def _step_move_whose(self, frame: _Frame) -> Decision | None:
        r = frame[1]
        mv = self._stack[-2]
        seats = self._movable(r, mv[1], mv[2])
        if len(seats) == 1:
            self._stack[-1] = ("move_to", r, seats[0])
            return None
        ctx = {"card": self.card, "region": REGIONS[r], "moved": mv[6] - mv[3], "limit": mv[6]}
        return Decision(
            self.active, DecisionKind.MOVE_WHOSE, False, tuple(_WHOSE_C[t] for t in seats), ctx
        )

    def _answer_move_whose(self, frame: _Frame, c: Choice) -> None:
        self._stack[-1] = ("move_to", frame[1], c.arg)

    def _step_move_to(self, frame: _Frame) -> Decision:
        r, whose = frame[1], frame[2]
        king = self.king
        choices = tuple(_TO[p] for p in range(_NUM_REGIONS + 1) if p != r and p != king)
        mv = self._stack[-2]
        ctx = {
            "card": self.card,
            "region": REGIONS[r],
            "whose": whose,
            "moved": mv[6] - mv[3],
            "limit": mv[6],
        }
        return Decision(self.active, DecisionKind.MOVE_TO, False, choices, ctx)

    def _answer_move_to(self, frame: _Frame, c: Choice) -> None:
        r, whose = frame[1], frame[2]
        self._move(whose, REGIONS[r], str(c.arg), 1)
        stack = self._stack
        stack.pop()
        if stack[-1][0] == "move_whose":
            stack.pop()
        _, own, foreign, total, fixed, forced, limit = stack[-1]
        if whose == self.active:
            own -= 1
        else:
            foreign -= 1
        stack[-1] = ("move", own, foreign, total - 1, fixed, forced, limit)

    # region-picking cards: intrigue_5_from_region, intrigue_all_own, eviction

    def _step_region(self, frame: _Frame) -> Decision:
        card, king, s, cab = self.card, self.king, self.active, self.cab
        if card == "intrigue_5_from_region":
            ok = [r for r in range(_NUM_REGIONS) if r != king and any(cab[r])]
        elif card == "eviction":
            ok = [r for r in range(_NUM_REGIONS) if r != king]
        else:  # intrigue_all_own, or intrigue_or's first mode
            ok = [r for r in range(_NUM_REGIONS) if r != king and cab[r][s]]
        return Decision(
            s, DecisionKind.REGION, False, tuple(_REGION[r] for r in ok), {"card": card}
        )

    def _answer_region(self, frame: _Frame, c: Choice) -> None:
        r = PLACE_INDEX[str(c.arg)]
        card = self.card
        if card == "intrigue_5_from_region":
            self._stack[-1] = ("move", 5, 5, 5, r, False, 5)
        elif card == "eviction":
            self._stack.pop()
            seats = tuple(t for t in self._others() if self.cab[r][t] > 0)
            if seats:
                self._stack.append(("resolve", Purpose.EVICTION, r))
                self._stack.append(("secret", Purpose.EVICTION, seats, r))
        else:  # all own Caballeros out of it, split freely
            k = self.cab[r][self.active]
            self._stack[-1] = ("move", k, 0, k, r, True, k)

    def _step_mode(self, frame: _Frame) -> Decision:
        s, king = self.active, self.king
        choices: tuple[Choice, ...] = ()
        if any(self.cab[r][s] for r in range(_NUM_REGIONS) if r != king):
            choices += (_MODE_MOVE,)
        if self.court[s]:
            choices += (_MODE_PLACE,)
        return Decision(s, DecisionKind.MODE, False, choices, {"card": self.card})

    def _answer_mode(self, frame: _Frame, c: Choice) -> None:
        self._stack[-1] = ("region",) if c == _MODE_MOVE else ("place_any", 2)

    def _step_place_any(self, frame: _Frame) -> Decision | None:
        left, s = frame[1], self.active
        if left <= 0 or self.court[s] <= 0:
            self._stack.pop()
            return None
        king = self.king
        choices = tuple(_PLACE_AT[p] for p in range(_NUM_REGIONS + 1) if p != king)
        ctx = {"card": self.card, "placed": 2 - left, "left": min(left, self.court[s]), "limit": 2}
        return Decision(s, DecisionKind.PLACE_ANY, False, choices + (_DONE_C,), ctx)

    def _step_score(self, frame: _Frame) -> Decision:
        places = range(_NUM_REGIONS + 1) if frame[1] else range(_NUM_REGIONS)
        choices = tuple(_SCORE[p] for p in places)
        return Decision(self.active, DecisionKind.SCORE, False, choices, {"card": self.card})

    def _answer_score(self, frame: _Frame, c: Choice) -> None:
        self._stack.pop()
        assert self.card is not None
        self._score_places([PLACE_INDEX[str(c.arg)]], self.card)

    def _step_return_one(self, frame: _Frame) -> Decision | None:
        seats = frame[1]
        king, cab = self.king, self.cab
        while seats:
            t = seats[0]
            ok = [r for r in range(_NUM_REGIONS) if r != king and cab[r][t] > 0]
            if ok:
                self._stack[-1] = ("return_one", seats)
                choices = tuple(_RETURN[r] for r in ok) + (_PASS_C,)
                ctx = {"card": self.card, "target": t}
                return Decision(self.active, DecisionKind.RETURN_ONE, False, choices, ctx)
            seats = seats[1:]  # nothing to return: passed over
        self._stack.pop()
        return None

    def _answer_return_one(self, frame: _Frame, c: Choice) -> None:
        seats = frame[1]
        if c != _PASS_C:
            self._move(seats[0], str(c.arg), "province", 1)
        self._stack[-1] = ("return_one", seats[1:])

    def _step_angry(self, frame: _Frame) -> Decision | None:
        _, seats, left = frame
        king, cab = self.king, self.cab
        while seats:
            t = seats[0]
            sources = [r for r in range(_NUM_REGIONS) if r != king and cab[r][t] > 0]
            court = self.court[t]
            avail = court + sum(cab[r][t] for r in sources)
            if avail <= left or (court == 0 and len(sources) == 1) or (court and not sources):
                # No real choice: all of it, or everything from the single source.
                take = min(left, court)
                self._move(t, "court", "province", take)
                left -= take
                for r in sources:
                    take = min(left, cab[r][t])
                    self._move(t, REGIONS[r], "province", take)
                    left -= take
                seats, left = seats[1:], 3
                continue
            self._stack[-1] = ("angry", seats, left)
            choices = ((_RETURN_COURT,) if court else ()) + tuple(_RETURN[r] for r in sources)
            ctx = {"card": "angry_king", "left": left, "by": self.active}
            return Decision(t, DecisionKind.ANGRY_KING, False, choices, ctx)
        self._stack.pop()
        return None

    def _answer_angry(self, frame: _Frame, c: Choice) -> None:
        _, seats, left = frame
        self._move(seats[0], str(c.arg), "province", 1)
        left -= 1
        self._stack[-1] = ("angry", seats[1:], 3) if left == 0 else ("angry", seats, left)

    def _step_board(self, frame: _Frame) -> Decision | None:
        movable = [b for b in range(2) if self.boards[b] != self.king]
        if len(movable) == 1:
            self._stack[-1] = ("board_to", movable[0])
            return None
        choices = tuple(_BOARD[SCOREBOARD_IDS[b]] for b in movable)
        return Decision(
            self.active, DecisionKind.SCOREBOARD, False, choices, {"card": "scoreboard"}
        )

    def _answer_board(self, frame: _Frame, c: Choice) -> None:
        self._stack[-1] = ("board_to", SCOREBOARD_IDS.index(str(c.arg)))

    def _step_board_to(self, frame: _Frame) -> Decision:
        b = frame[1]
        blocked = (self.king, self.boards[0], self.boards[1])
        choices = tuple(_TO[p] for p in range(_NUM_REGIONS + 1) if p not in blocked)
        ctx = {"card": "scoreboard", "board": SCOREBOARD_IDS[b]}
        return Decision(self.active, DecisionKind.SCOREBOARD_TO, False, choices, ctx)

    def _answer_board_to(self, frame: _Frame, c: Choice) -> None:
        b = frame[1]
        src = self.boards[b]
        dst = PLACE_INDEX[str(c.arg)]
        self.boards[b] = dst
        self._events.append(
            E.ScoreboardMoved(SCOREBOARD_IDS[b], PLACES[src] if src >= 0 else None, PLACES[dst])
        )
        self._stack.pop()

    def _step_king(self, frame: _Frame) -> Decision:
        king = self.king
        targets = ADJ[king] if frame[1] else [r for r in range(_NUM_REGIONS) if r != king]
        choices = tuple(_KING[r] for r in targets)
        return Decision(self.active, DecisionKind.KING, False, choices, {"card": self.card})

    def _answer_king(self, frame: _Frame, c: Choice) -> None:
        dst = PLACE_INDEX[str(c.arg)]
        self._events.append(E.KingMoved(REGIONS[self.king], REGIONS[dst]))
        self.king = dst
        self._stack.pop()

    def _step_grande(self, frame: _Frame) -> Decision:
        s, king = self.active, self.king
        home = self.home[s]
        choices = tuple(_GRANDE[r] for r in range(_NUM_REGIONS) if r != king and r != home)
        return Decision(s, DecisionKind.GRANDE, False, choices, {"card": "grande"})

    def _answer_grande(self, frame: _Frame, c: Choice) -> None:
        s = self.active
        dst = PLACE_INDEX[str(c.arg)]
        self._events.append(E.GrandeMoved(s, REGIONS[self.home[s]], REGIONS[dst]))
        self.home[s] = dst
        self._stack.pop()

    def _step_retrieve(self, frame: _Frame) -> Decision:
        s = self.active
        d = self.discard[s]
        choices = tuple(_RETRIEVE_C[v] for v in range(1, 14) if d >> v & 1)
        return Decision(s, DecisionKind.RETRIEVE, False, choices, {"card": "power_cards"})

    def _answer_retrieve(self, frame: _Frame, c: Choice) -> None:
        s, v = self.active, int(c.arg)  # type: ignore[arg-type]
        self.discard[s] &= ~(1 << v)
        self.hand[s] |= 1 << v
        self._events.append(E.PowerCardRetrieved(s, v))
        self._stack.pop()

    def _step_court_card(self, frame: _Frame) -> Decision | None:
        s = self.active
        most = min(2, self.province[s])
        if most == 0:
            self._stack.pop()
            return None
        return Decision(s, DecisionKind.COURT_CARD, False, _COURT_UPTO[most], {"card": "court"})

    def _answer_court_card(self, frame: _Frame, c: Choice) -> None:
        self._move(self.active, "province", "court", int(c.arg))  # type: ignore[arg-type]
        self._stack.pop()

    # --- secret choices (R-H1) ------------------------------------------------------

    def _step_secret(self, frame: _Frame) -> Decision:
        _, purpose, seats, param = frame
        t = seats[0]
        king, cab = self.king, self.cab
        if purpose == Purpose.EVICTION:
            ok = [r for r in range(_NUM_REGIONS) if r != king and r != param]
        elif purpose == Purpose.CASTILLO or purpose == Purpose.SCORE_BY_DISK:
            # R-G1: any of the nine, the King's region included ("back to my court", R-G3).
            ok = list(range(_NUM_REGIONS))
        else:  # province_two_by_disk / province_all_by_disk
            need = 2 if purpose == Purpose.PROVINCE_TWO_BY_DISK else 1
            ok = [r for r in range(_NUM_REGIONS) if r != king and cab[r][t] >= need]
        ctx: dict[str, Any] = {"purpose": purpose}
        if purpose == Purpose.CASTILLO:
            ctx["king"] = REGIONS[king]  # a disk there means "back to my court" (R-G3)
        if param >= 0:
            ctx["region"] = REGIONS[param]
        if purpose != Purpose.CASTILLO:
            ctx["by"] = self.active
        return Decision(t, DecisionKind.DISK, True, tuple(_DISK[r] for r in ok), ctx)

    def _answer_secret(self, frame: _Frame, c: Choice) -> None:
        _, purpose, seats, param = frame
        self.secrets.append((seats[0], str(c.arg)))
        self._events.append(E.SecretChosen(seats[0], purpose))
        if len(seats) > 1:
            self._stack[-1] = ("secret", purpose, seats[1:], param)
        else:
            self._stack.pop()

    def _step_resolve(self, frame: _Frame) -> None:
        _, purpose, param = frame
        self._stack.pop()
        chosen = tuple(self.secrets)
        self.secrets = []
        self._events.append(E.SecretsRevealed(purpose, chosen))
        cab = self.cab
        if purpose == Purpose.EVICTION:
            for t, dst in chosen:
                self._move(t, REGIONS[param], dst, cab[param][t])
        elif purpose == Purpose.SCORE_BY_DISK:
            picked = [PLACE_INDEX[r] for _, r in chosen]
            lonely = sorted(r for r in set(picked) if picked.count(r) == 1)
            self._score_places(lonely, "score_by_disk")
        else:
            for t, region in chosen:
                r = PLACE_INDEX[region]
                k = cab[r][t] if purpose == Purpose.PROVINCE_ALL_BY_DISK else min(2, cab[r][t])
                self._move(t, region, "province", k)

    # --- scoring (R-K, R-G) ---------------------------------------------------------

    def _begin_general_scoring(self) -> None:
        self.phase = Phase.SCORING
        n, sp = self.n, self.start_player
        seats = tuple(
            t
            for t in ((sp + i) % n for i in range(n))
            if self._hidden or self.cab[_CAST][t] > 0  # R-G1
        )
        self._events.append(E.ScoringStarted("general", PLACES))
        self._stack.append(("general",))
        if seats:
            self._stack.append(("secret", Purpose.CASTILLO, seats, -1))

    def _step_general(self, frame: _Frame) -> None:
        self._stack.pop()
        before = self.score[:]
        self._score_place(_CAST, "general")  # R-G2
        chosen = tuple(self.secrets)
        self.secrets = []
        self._events.append(E.SecretsRevealed(Purpose.CASTILLO, chosen))  # R-G3
        cab, king = self.cab, REGIONS[self.king]
        for t, region in chosen:
            # A disk on the King's region sends them back to the court (R-G3).
            self._move(t, "castillo", "court" if region == king else region, cab[_CAST][t])
        for r in range(_NUM_REGIONS):  # R-G4
            self._score_place(r, "general")
        gained = tuple(a - b for a, b in zip(self.score, before))
        self._events.append(E.ScoringEnded("general", gained))

    def _score_places(self, places: list[int], why: str, firsts_only: bool = False) -> None:
        before = self.score[:]
        self._events.append(E.ScoringStarted(why, tuple(PLACES[p] for p in places)))
        for p in places:
            self._score_place(p, why, firsts_only)
        gained = tuple(a - b for a, b in zip(self.score, before))
        self._events.append(E.ScoringEnded(why, gained))

    def _score_place(self, p: int, why: str, firsts_only: bool = False) -> None:
        counts = self.cab[p]
        n = self.n
        raw = self._values_of(p)  # R-K4
        home = self.home
        homes = [p != _CAST and home[s] == p for s in range(n)]
        points, awards = score_place(
            counts, raw, n, king=p == self.king, homes=homes, firsts_only=firsts_only
        )
        for s in range(n):
            self.score[s] += points[s]
        self._events.append(
            E.PlaceScored(PLACES[p], tuple(counts), reduced_values(raw, n), awards, points, why)
        )


def _values(mask: int) -> list[int]:
    return [v for v in range(1, 14) if mask >> v & 1]


_STEPS: dict[str, _Step] = {
    "game": Game._step_game,
    "power": Game._step_power,
    "turns": Game._step_turns,
    "turn_end": Game._step_turn_end,
    "end_round": Game._step_end_round,
    "court": Game._step_court,
    "recall": Game._step_recall,
    "card": Game._step_card,
    "menu": Game._step_menu,
    "place": Game._step_place,
    "veto_ask": Game._step_veto_ask,
    "special": Game._step_special,
    "move": Game._step_move,
    "move_whose": Game._step_move_whose,
    "move_to": Game._step_move_to,
    "region": Game._step_region,
    "mode": Game._step_mode,
    "place_any": Game._step_place_any,
    "score": Game._step_score,
    "return_one": Game._step_return_one,
    "angry": Game._step_angry,
    "board": Game._step_board,
    "board_to": Game._step_board_to,
    "king": Game._step_king,
    "grande": Game._step_grande,
    "retrieve": Game._step_retrieve,
    "court_card": Game._step_court_card,
    "secret": Game._step_secret,
    "resolve": Game._step_resolve,
    "general": Game._step_general,
}

_ANSWERS: dict[str, _Answer] = {
    "power": Game._answer_power,
    "court": Game._answer_court,
    "recall": Game._answer_recall,
    "card": Game._answer_card,
    "menu": Game._answer_menu,
    "place": Game._answer_place,
    "place_any": Game._answer_place,
    "veto_ask": Game._answer_veto_ask,
    "move": Game._answer_move,
    "move_whose": Game._answer_move_whose,
    "move_to": Game._answer_move_to,
    "region": Game._answer_region,
    "mode": Game._answer_mode,
    "score": Game._answer_score,
    "return_one": Game._answer_return_one,
    "angry": Game._answer_angry,
    "board": Game._answer_board,
    "board_to": Game._answer_board_to,
    "king": Game._answer_king,
    "grande": Game._answer_grande,
    "retrieve": Game._answer_retrieve,
    "court_card": Game._answer_court_card,
    "secret": Game._answer_secret,
}

#: One function per action card's special action (R-A).
_SPECIALS: dict[str, Callable[[Game], None]] = {
    "intrigue_5_from_region": Game._sp_pick_region,
    "intrigue_4_any": Game._sp_moves,
    "intrigue_4_own": Game._sp_moves,
    "intrigue_2_own_2_foreign": Game._sp_moves,
    "intrigue_3_foreign": Game._sp_moves,
    "intrigue_3_any": Game._sp_moves,
    "intrigue_place_2": Game._sp_place_2,
    "intrigue_or": Game._sp_or,
    "intrigue_all_own": Game._sp_pick_region,
    "veto": Game._sp_veto,
    "decay_all": Game._sp_decay_all,
    "decay_three": Game._sp_decay_three,
    "angry_king": Game._sp_angry_king,
    "score_region": Game._sp_score_region,
    "return_one_each": Game._sp_return_one_each,
    "province_two_by_disk": Game._sp_province_by_disk,
    "province_all_by_disk": Game._sp_province_by_disk,
    "score_fives": Game._sp_score_valued,
    "score_fours": Game._sp_score_valued,
    "score_six_seven": Game._sp_score_valued,
    "score_castillo": Game._sp_score_castillo,
    "score_firsts": Game._sp_score_firsts,
    "score_most": Game._sp_score_most_least,
    "score_least": Game._sp_score_most_least,
    "score_any": Game._sp_score_any,
    "scoreboard": Game._sp_scoreboard,
    "royal_adviser": Game._sp_king,
    "eviction": Game._sp_pick_region,
    "grande": Game._sp_grande,
    "power_cards": Game._sp_power_cards,
    "court": Game._sp_court,
    "score_by_disk": Game._sp_score_by_disk,
    "king": Game._sp_king,
}
assert set(_SPECIALS) == set(CARDS)

# What each verb's argument may be, for parse's syntax check.
_REGION_ARGS = frozenset(REGIONS)
_PLACE_ARGS = frozenset(PLACES)
_VERB_ARGS: dict[str, Callable[[Any], bool]] = {
    "power": lambda a: isinstance(a, int) and 1 <= a <= 13,
    "retrieve": lambda a: isinstance(a, int) and 1 <= a <= 13,
    "court": lambda a: isinstance(a, int) and 0 <= a <= 6,
    "whose": lambda a: isinstance(a, int) and 0 <= a <= 4,
    "recall": _REGION_ARGS.__contains__,
    "card": CARDS.__contains__,
    "from": _REGION_ARGS.__contains__,
    "to": _PLACE_ARGS.__contains__,
    "region": _REGION_ARGS.__contains__,
    "score": _PLACE_ARGS.__contains__,
    "king": _REGION_ARGS.__contains__,
    "grande": _REGION_ARGS.__contains__,
    "disk": _REGION_ARGS.__contains__,
    "return": lambda a: a == "court" or a in _REGION_ARGS,
    "board": lambda a: a in SCOREBOARD_IDS,
    "veto": lambda a: a in ("yes", "no"),
    "mode": lambda a: a in ("move", "place"),
    "place": lambda a: a is None or a in _PLACE_ARGS,
}
_BARE_VERBS = frozenset({"place", "special", "skip", "done", "pass"})


def _check_syntax(choice: Choice, text: str) -> None:
    verb, arg = choice
    if arg is None:
        if verb not in _BARE_VERBS:
            if verb in _VERB_ARGS:
                raise IllegalChoice(f"cannot read {text!r}: {verb!r} needs an argument")
            raise IllegalChoice(f"cannot read {text!r}: unknown verb {verb!r}")
        return
    check = _VERB_ARGS.get(verb)
    if check is None:
        if verb in _BARE_VERBS:
            raise IllegalChoice(f"cannot read {text!r}: {verb!r} takes no argument")
        raise IllegalChoice(f"cannot read {text!r}: unknown verb {verb!r}")
    if not check(arg):
        raise IllegalChoice(f"cannot read {text!r}: {arg!r} is not a valid argument of {verb!r}")
