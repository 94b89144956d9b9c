"""Events: what happened, as small typed values the screen can animate and explain.

Every event is an immutable value with a class attribute ``kind`` (an ``EventKind``). Places
(``src``/``dst``/``place``) are ``"province"``, ``"court"``, a region id or ``"castillo"``.
Events returned by :meth:`Game.apply` never carry an unrevealed secret (R-H1): a secret choice
produces ``SecretChosen`` (who, never what) until ``SecretsRevealed``. With
``castillo="hidden"`` a ``CaballerosMoved`` into the Castillo is marked ``hidden`` and
:func:`visible_to` strips the count for everybody but its owner.

The classes are written like frozen dataclasses and behave like them: keyword or positional
construction in field order, read-only fields, equality only with an event of the same class
and the same values (``VetoKept(1) != TurnEnded(1)``), hashable, a readable ``repr`` and
``__match_args__`` for ``match``. They are built by :func:`_value` on a private tuple
subclass, because a frozen dataclass costs about twice as much to construct and the engine
creates hundreds of events per game (bots' play-outs create millions). Use the field names, not
positions: that the storage is a tuple is not part of the API.

The engine itself builds them with :func:`make` (``make(KingMoved, (src, dst))``: every field,
in order), which skips the constructor's Python-level call and costs less than half of it.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, dataclass_transform

from .kinds import AwardReason, EventKind, Purpose

_T = TypeVar("_T")

if TYPE_CHECKING:

    def make(cls: type[_T], fields: tuple[Any, ...], /) -> _T:
        """An event of class ``cls`` from all its fields, in order (no defaults, no checks):
        the engine's way to build one, ``tuple.__new__`` itself."""
        ...

else:
    make = tuple.__new__


class _Value(tuple):  # type: ignore[type-arg]
    """The runtime base of events: a tuple that only equals its own class's instances."""

    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not (type(other) is type(self) and tuple.__eq__(self, other))

    __hash__ = tuple.__hash__

    def __lt__(self, other: object) -> bool:
        return NotImplemented

    __le__ = __gt__ = __ge__ = __lt__

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={v!r}" for n, v in zip(self.__match_args__, self))
        return f"{type(self).__name__}({fields})"

    def __getnewargs__(self) -> tuple[Any, ...]:  # copy and pickle call __new__ with the fields
        return tuple(self)


@dataclass_transform(eq_default=True, frozen_default=True)
def _value(cls: type[_T]) -> type[_T]:
    """Rebuild the annotated class ``cls`` as an immutable value (see the module docstring).

    Fields are the annotations that are not ``ClassVar``, in order; a class attribute of the
    same name is the field's default. Other class attributes (``kind``) are kept.
    """
    annotations = cls.__dict__.get("__annotations__", {})
    fields = tuple(n for n, a in annotations.items() if not str(a).startswith("ClassVar"))
    defaults = {n: cls.__dict__[n] for n in fields if n in cls.__dict__}
    qualname = f"{cls.__qualname__}.__new__"

    def __new__(_cls: type[_T], *args: Any, **kwargs: Any) -> _T:
        # The constructor is compiled when the class is first built this way, not when it is
        # defined (about 0.25 M instructions each: start-up; the engine builds with `make`).
        new_cls.__new__ = new = _constructor(fields, defaults, qualname)  # type: ignore[method-assign]
        return new(_cls, *args, **kwargs)  # type: ignore[no-any-return]

    __new__.__qualname__ = qualname
    namespace: dict[str, Any] = {
        k: v
        for k, v in cls.__dict__.items()
        if k not in fields and k not in ("__dict__", "__weakref__", "__annotations__")
    }
    namespace.update(
        __slots__=(),
        __new__=__new__,
        __match_args__=fields,
        __annotations__=annotations,
    )
    for i, name in enumerate(fields):
        namespace[name] = property(itemgetter(i), doc=f"field {name!r}")
    new_cls = type(cls.__name__, (_Value,), namespace)
    return new_cls


def _constructor(
    fields: tuple[str, ...], defaults: dict[str, Any], qualname: str
) -> Callable[..., Any]:
    """An event class's `__new__`: its fields by position or name, with their defaults."""
    params = ", ".join(f"{n}=_default_{n}" if n in defaults else n for n in fields)
    values = "".join(f"{n}, " for n in fields)
    source = f"def __new__(_cls, {params}):\n    return _tuple_new(_cls, ({values}))\n"
    scope: dict[str, Any] = {"_tuple_new": tuple.__new__}
    scope.update({f"_default_{n}": v for n, v in defaults.items()})
    exec(source, scope)  # like collections.namedtuple: a real signature, no argument parsing
    new: Callable[..., Any] = scope["__new__"]
    new.__qualname__ = qualname
    return new


@_value
class RoundStarted:
    round: int  # round-track number 1-9
    number: int  # 1-based count of rounds played, including this one
    of: int  # rounds in this game (9 or 6)
    start_player: int
    kind: ClassVar[EventKind] = "round_started"


@_value
class CardsRevealed:
    cards: tuple[str, ...]  # the face-up action cards, stacks 1-5
    kind: ClassVar[EventKind] = "cards_revealed"


@_value
class PowerCardPlayed:
    seat: int
    value: int
    kind: ClassVar[EventKind] = "power_card_played"


@_value
class TurnOrderSet:
    order: tuple[int, ...]  # seats, highest power card first (R-P3)
    kind: ClassVar[EventKind] = "turn_order_set"


@_value
class TurnStarted:
    seat: int
    power: int
    kind: ClassVar[EventKind] = "turn_started"


@_value
class CaballerosMoved:
    whose: int
    src: str
    dst: str
    count: int | None  # None only in a redacted copy (hidden Castillo)
    hidden: bool = False  # True: the count is hidden from everyone but `whose`
    kind: ClassVar[EventKind] = "caballeros_moved"


@_value
class ActionCardTaken:
    seat: int
    card: str
    kind: ClassVar[EventKind] = "action_card_taken"


@_value
class SpecialAnnounced:
    seat: int
    card: str
    kind: ClassVar[EventKind] = "special_announced"


@_value
class SpecialVetoed:
    seat: int  # whose action was cancelled
    card: str
    by: int  # who used the Veto
    kind: ClassVar[EventKind] = "special_vetoed"


@_value
class SpecialSkipped:
    seat: int
    card: str
    kind: ClassVar[EventKind] = "special_skipped"


@_value
class VetoKept:
    seat: int
    kind: ClassVar[EventKind] = "veto_kept"


@_value
class VetoExpired:
    seat: int
    kind: ClassVar[EventKind] = "veto_expired"


@_value
class KingMoved:
    src: str
    dst: str
    kind: ClassVar[EventKind] = "king_moved"


@_value
class GrandeMoved:
    seat: int
    src: str
    dst: str
    kind: ClassVar[EventKind] = "grande_moved"


@_value
class ScoreboardMoved:
    board: str  # "8/4/0" or "4/0/0"
    src: str | None  # None: it was not on the board
    dst: str
    kind: ClassVar[EventKind] = "scoreboard_moved"


@_value
class PowerCardRetrieved:
    seat: int
    value: int
    kind: ClassVar[EventKind] = "power_card_retrieved"


@_value
class SecretChosen:
    seat: int
    purpose: Purpose
    kind: ClassVar[EventKind] = "secret_chosen"


@_value
class SecretsRevealed:
    purpose: Purpose
    choices: tuple[tuple[int, str], ...]  # (seat, region) in the order they were asked
    kind: ClassVar[EventKind] = "secrets_revealed"


@_value
class ScoringStarted:
    why: str  # GENERAL ("general") or the action card id
    places: tuple[str, ...]  # places about to be scored ("general": filled as they come)
    kind: ClassVar[EventKind] = "scoring_started"


@_value
class Award:
    seat: int
    points: int
    reason: AwardReason
    position: int  # rank position whose value was scored (0 for bonuses)


@_value
class PlaceScored:
    place: str
    counts: tuple[int, ...]  # Caballeros per seat
    values: tuple[int, int, int]  # values used (scoreboard and player count applied)
    awards: tuple[Award, ...]
    points: tuple[int, ...]  # total points per seat from this place
    why: str  # GENERAL ("general") or the action card id
    kind: ClassVar[EventKind] = "place_scored"


@_value
class ScoringEnded:
    why: str
    points: tuple[int, ...]  # points per seat gained by this whole scoring
    kind: ClassVar[EventKind] = "scoring_ended"


@_value
class TurnEnded:
    seat: int
    kind: ClassVar[EventKind] = "turn_ended"


@_value
class RoundEnded:
    round: int
    next_start_player: int
    kind: ClassVar[EventKind] = "round_ended"


@_value
class GameOver:
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    kind: ClassVar[EventKind] = "game_over"


Event = (
    RoundStarted
    | CardsRevealed
    | PowerCardPlayed
    | TurnOrderSet
    | TurnStarted
    | CaballerosMoved
    | ActionCardTaken
    | SpecialAnnounced
    | SpecialVetoed
    | SpecialSkipped
    | VetoKept
    | VetoExpired
    | KingMoved
    | GrandeMoved
    | ScoreboardMoved
    | PowerCardRetrieved
    | SecretChosen
    | SecretsRevealed
    | ScoringStarted
    | PlaceScored
    | ScoringEnded
    | TurnEnded
    | RoundEnded
    | GameOver
)


def visible_to(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` may see it (``None``: everybody at the table)."""
    match event:
        case CaballerosMoved(whose=whose, src=src, dst=dst, hidden=True) if whose != seat:
            return CaballerosMoved(whose, src, dst, None, True)
    return event
