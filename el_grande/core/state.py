"""The state of a game, as plain data: every field listed once, and the moves every rule makes.

:class:`State` lists a game's fields, each once, with its type. Everything that makes a game
derives from that list: ``Game.__slots__``, ``Game.clone()`` (generated code: a list field is
copied, a list of lists row by row, everything else is immutable and shared), and
``State._assemble`` (used by ``Game.new`` and ``Game.from_view``), which refuses a missing or
unknown field. A field added here is cloned and assembled without another line.

The methods here are the primitive moves the rules are made of (Caballeros moved, places
scored), shared by the round (``rounds.py``) and every card family.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import add, sub
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from . import events as E
from .board import CASTILLO_INDEX, PLACE_INDEX, PLACE_VALUES, PLACES
from .cards import SCOREBOARD_IDS, SCOREBOARDS
from .choices import DONE
from .events import make
from .scoring import home_bonus, padded, ranked, reduced_values

if TYPE_CHECKING:
    from typing import TypeAlias

    from .choices import Choice
    from .decision import Decision
    from .frames import Frame
    from .kinds import Phase
    from .options import Options

    # What the rules' modules provide, by a frame's name (frames.Op) or a card's id.
    #: A frame's step: automatic work (popping or pushing frames; returns None) or the
    #: decision the game waits for (a step that returns a decision only reads the state).
    Step: TypeAlias = Callable[["State", Any], Decision | None]
    #: What a choice does to the frame that asked for it.
    Answer: TypeAlias = Callable[["State", Any, Choice], None]
    #: The start of a card's special action (pushes its frames, or does it at once).
    Special: TypeAlias = Callable[["State"], None]
    #: Whether announcing a card's special action can do anything at all.
    Possible: TypeAlias = Callable[["State"], bool]

__all__ = ["FIELDS", "State", "answer_placement", "cloner"]


_NO_SLOTS: tuple[str, ...] = ()
_P = TypeVar("_P", Literal["place"], Literal["place_any"])


class State:
    """The fields of one game. Read-only outside the engine (docs/core-api.md names the ones
    search code may read)."""

    # The concrete class (Game) declares the slots: FIELDS. (Not a literal here, or the type
    # checker would refuse every field as "not in __slots__".)
    __slots__ = _NO_SLOTS

    names: tuple[str, ...]
    n: int  # players
    options: Options
    seed: int | str
    first_player: int  # round 1's start player
    _rounds: tuple[int, ...]  # round-track numbers played (R-R6)
    _hidden: bool  # castillo="hidden"
    round_i: int  # index into _rounds of the round under way (-1 before round 1)
    phase: Phase
    over: bool
    king: int  # region index
    cab: list[list[int]]  # cab[place][seat], places in PLACES order (the Castillo last)
    court: list[int]
    province: list[int]
    score: list[int]
    home: list[int]  # each seat's Grande: a region index
    hand: list[int]  # bitmask per seat: bit v set = power card v held
    discard: list[int]  # the same for played power cards
    played: list[int]  # this round's power card per seat (0: not yet)
    vetoes: list[tuple[int, ...]]  # per seat, the round index each held Veto was taken in
    boards: list[int]  # place index of the 8/4/0 and 4/0/0 scoreboards (-1: off the board)
    stacks: tuple[tuple[str, ...], ...]  # action cards of stacks 1-4, in the order drawn
    face_up: list[str]
    taken: list[tuple[int, str]]  # (seat, card) taken this round
    start_player: int
    order: tuple[int, ...]  # this round's turn order
    active: int  # the seat whose turn it is (-1 between turns)
    card: str | None  # the active player's action card
    placed: bool  # the active player's placement is done
    special_done: bool  # ... and the special action (or skipped, or vetoed)
    secrets: list[tuple[int, str]]  # (seat, region) chosen in the secret step under way
    _stack: list[Frame]  # the control frames (frames.py)
    _history: list[Choice]  # every choice applied, in order
    _notation: list[str]  # str() of a prefix of _history, filled in when asked for
    if TYPE_CHECKING:

        @property
        def decision(self) -> Decision | None:
            """The decision the game waits for, or ``None`` once the game is over."""

    else:
        # Read-only to the type checker, a plain slot at run time (search code reads it on
        # every step). The engine sets it; never mutated, so shared by clones.
        decision: Decision | None
    _events: list[E.Event]  # the events of the apply under way: a clone starts with none
    #: Events of the setup: round 1 starting and its action cards turned up.
    opening_events: tuple[E.Event, ...]

    @classmethod
    def _assemble(cls: type[_S], **fields: Any) -> _S:
        """A new instance from every field in :data:`FIELDS` by name (nothing else, nothing
        missing); the pending decision is not computed."""
        if fields.keys() != _FIELD_SET:
            missing = ", ".join(sorted(_FIELD_SET - fields.keys())) or "none"
            unknown = ", ".join(sorted(fields.keys() - _FIELD_SET)) or "none"
            raise TypeError(f"a game's fields: missing {missing}; unknown {unknown}")
        g = cls.__new__(cls)
        for name, value in fields.items():
            setattr(g, name, value)
        return g

    @property
    def round(self) -> int:
        """The round-track number of the current (or last) round, 1-9."""
        i = self.round_i
        return self._rounds[i if i > 0 else 0]

    @property
    def winners(self) -> list[int]:
        """Seats with the highest score once the game is over (ties share the win, R-E1)."""
        if not self.over:
            return []
        best = max(self.score)
        return [s for s in range(self.n) if self.score[s] == best]

    # ------------------------------------------------------------------ places

    def _board_on(self, place: int) -> str | None:
        """The mobile scoreboard lying on a place, if any."""
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
        return OTHERS[self.n][self.active]

    # ------------------------------------------------------------------ moves

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
        self._events.append(make(E.CaballerosMoved, (whose, src, dst, count, hidden)))

    def _score_places(self, places: list[int], why: str, firsts_only: bool = False) -> None:
        """Score places (in the order given) as one scoring, with its start and end events."""
        before = self.score[:]
        self._events.append(make(E.ScoringStarted, (why, tuple([PLACES[p] for p in places]))))
        for p in places:
            self._score_place(p, why, firsts_only)
        self._events.append(make(E.ScoringEnded, (why, tuple(map(sub, self.score, before)))))

    def _score_place(self, p: int, why: str, firsts_only: bool = False) -> None:
        """Score one place (R-K), with its event."""
        counts = tuple(self.cab[p])
        boards = self.boards
        k = _ON_8_4_0 if boards[0] == p else (_ON_4_0_0 if boards[1] == p else p)  # R-K4
        by_position = _BY_POSITION[len(counts)][k]
        points, awards, leader = ranked(counts, by_position, p == self.king, firsts_only)
        if leader >= 0 and p != CASTILLO_INDEX and self.home[leader] == p:  # the Castillo: none
            points, awards = home_bonus(points, awards, leader)
        score = self.score
        score[:] = map(add, score, points)
        event = (PLACES[p], counts, _REDUCED[len(counts)][k], awards, points, why)
        self._events.append(make(E.PlaceScored, event))


#: Every place's printed values (by place index), then the mobile scoreboards' (R-K4).
_ALL_VALUES = PLACE_VALUES + tuple(SCOREBOARDS[b] for b in SCOREBOARD_IDS)
_ON_8_4_0, _ON_4_0_0 = len(PLACE_VALUES), len(PLACE_VALUES) + 1
#: By player count, then by `_ALL_VALUES` index: the values as scored (R-K3), and by position.
_REDUCED = [tuple(reduced_values(v, n) for v in _ALL_VALUES) for n in range(6)]
_BY_POSITION = [tuple(padded(v) for v in values) for values in _REDUCED]


_S = TypeVar("_S", bound=State)

#: By player count, then by seat: every seat in clockwise order from that one (``FROM[n][a]``),
#: and every other seat (``OTHERS[n][a]``, starting left of it).
FROM = [tuple(tuple((a + i) % n for i in range(n)) for a in range(n)) for n in range(6)]
OTHERS = [tuple(seats[1:] for seats in row) for row in FROM]

#: Every field of a game, in the order :class:`State` lists them.
FIELDS: tuple[str, ...] = tuple(State.__annotations__)
_FIELD_SET = frozenset(FIELDS)


def _copy_of(name: str, annotation: str) -> str:
    """How a clone copies one field, as an expression on ``self``."""
    if name == "_events":
        return "[]"
    if annotation.startswith("list[list["):
        return f"[*map(_copy, self.{name})]"
    if annotation.startswith("list["):
        return f"self.{name}[:]"
    return f"self.{name}"  # immutable: shared


def cloner() -> Callable[[_S], _S]:
    """A ``clone()`` method generated from :data:`FIELDS` (one assignment a field: as cheap as
    a hand-written copy)."""
    body = "".join(f"    g.{n} = {_copy_of(n, a)}\n" for n, a in State.__annotations__.items())
    source = f"def clone(self):\n    g = _new(self.__class__)\n{body}    return g\n"
    scope: dict[str, Any] = {"_new": object.__new__, "_copy": list.copy}
    exec(source, scope)
    clone: Callable[[_S], _S] = scope["clone"]
    clone.__doc__ = "An independent copy sharing no mutable state (cheap: a few small lists)."
    return clone


def answer_placement(g: State, frame: tuple[_P, int], c: Choice) -> None:
    """``place`` / ``place_any``: one Caballero from the court to the place chosen, or done."""
    op, left = frame
    if c == DONE:
        g._stack.pop()
        return
    s, dst = g.active, str(c.arg)
    g.court[s] -= 1  # g._move(s, "court", dst, 1), written out: every turn places
    g.cab[PLACE_INDEX[dst]][s] += 1
    hidden = g._hidden and dst == "castillo"
    g._events.append(make(E.CaballerosMoved, (s, "court", dst, 1, hidden)))
    g._stack[-1] = (op, left - 1)
