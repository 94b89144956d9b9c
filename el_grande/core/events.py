"""Events: what happened, as small typed values the screen can animate and explain.

Every event is a frozen dataclass with a class attribute ``kind``. Places (``src``/``dst``/
``place``) are ``"province"``, ``"court"``, a region id or ``"castillo"``. Events returned by
:meth:`Game.apply` never carry an unrevealed secret (R-H1): a secret choice produces
``SecretChosen`` (who, never what) until ``SecretsRevealed``. With ``castillo="hidden"`` a
``CaballerosMoved`` into the Castillo is marked ``hidden`` and :func:`visible_to` strips the
count for everybody but its owner.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from .kinds import AwardReason, Purpose


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int  # round-track number 1-9
    number: int  # 1-based count of rounds played, including this one
    of: int  # rounds in this game (9 or 6)
    start_player: int
    kind: ClassVar[str] = "round_started"


@dataclass(frozen=True, slots=True)
class CardsRevealed:
    cards: tuple[str, ...]  # the face-up action cards, stacks 1-5
    kind: ClassVar[str] = "cards_revealed"


@dataclass(frozen=True, slots=True)
class PowerCardPlayed:
    seat: int
    value: int
    kind: ClassVar[str] = "power_card_played"


@dataclass(frozen=True, slots=True)
class TurnOrderSet:
    order: tuple[int, ...]  # seats, highest power card first (R-P3)
    kind: ClassVar[str] = "turn_order_set"


@dataclass(frozen=True, slots=True)
class TurnStarted:
    seat: int
    power: int
    kind: ClassVar[str] = "turn_started"


@dataclass(frozen=True, slots=True)
class CaballerosMoved:
    whose: int
    src: str
    dst: str
    count: int | None  # None only in a redacted copy (hidden Castillo)
    hidden: bool = False  # True: the count is hidden from everyone but `whose`
    kind: ClassVar[str] = "caballeros_moved"


@dataclass(frozen=True, slots=True)
class ActionCardTaken:
    seat: int
    card: str
    kind: ClassVar[str] = "action_card_taken"


@dataclass(frozen=True, slots=True)
class SpecialAnnounced:
    seat: int
    card: str
    kind: ClassVar[str] = "special_announced"


@dataclass(frozen=True, slots=True)
class SpecialVetoed:
    seat: int  # whose action was cancelled
    card: str
    by: int  # who used the Veto
    kind: ClassVar[str] = "special_vetoed"


@dataclass(frozen=True, slots=True)
class SpecialSkipped:
    seat: int
    card: str
    kind: ClassVar[str] = "special_skipped"


@dataclass(frozen=True, slots=True)
class VetoKept:
    seat: int
    kind: ClassVar[str] = "veto_kept"


@dataclass(frozen=True, slots=True)
class VetoExpired:
    seat: int
    kind: ClassVar[str] = "veto_expired"


@dataclass(frozen=True, slots=True)
class KingMoved:
    src: str
    dst: str
    kind: ClassVar[str] = "king_moved"


@dataclass(frozen=True, slots=True)
class GrandeMoved:
    seat: int
    src: str
    dst: str
    kind: ClassVar[str] = "grande_moved"


@dataclass(frozen=True, slots=True)
class ScoreboardMoved:
    board: str  # "8/4/0" or "4/0/0"
    src: str | None  # None: it was not on the board
    dst: str
    kind: ClassVar[str] = "scoreboard_moved"


@dataclass(frozen=True, slots=True)
class PowerCardRetrieved:
    seat: int
    value: int
    kind: ClassVar[str] = "power_card_retrieved"


@dataclass(frozen=True, slots=True)
class SecretChosen:
    seat: int
    purpose: Purpose
    kind: ClassVar[str] = "secret_chosen"


@dataclass(frozen=True, slots=True)
class SecretsRevealed:
    purpose: Purpose
    choices: tuple[tuple[int, str], ...]  # (seat, region) in the order they were asked
    kind: ClassVar[str] = "secrets_revealed"


@dataclass(frozen=True, slots=True)
class ScoringStarted:
    why: str  # "general" or the action card id
    places: tuple[str, ...]  # places about to be scored ("general": filled as they come)
    kind: ClassVar[str] = "scoring_started"


@dataclass(frozen=True, slots=True)
class Award:
    seat: int
    points: int
    reason: AwardReason
    position: int  # rank position whose value was scored (0 for bonuses)


@dataclass(frozen=True, slots=True)
class PlaceScored:
    place: str
    counts: tuple[int, ...]  # Caballeros per seat
    values: tuple[int, int, int]  # values used (scoreboard and player count applied)
    awards: tuple[Award, ...]
    points: tuple[int, ...]  # total points per seat from this place
    why: str  # "general" or the action card id
    kind: ClassVar[str] = "place_scored"


@dataclass(frozen=True, slots=True)
class ScoringEnded:
    why: str
    points: tuple[int, ...]  # points per seat gained by this whole scoring
    kind: ClassVar[str] = "scoring_ended"


@dataclass(frozen=True, slots=True)
class TurnEnded:
    seat: int
    kind: ClassVar[str] = "turn_ended"


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int
    next_start_player: int
    kind: ClassVar[str] = "round_ended"


@dataclass(frozen=True, slots=True)
class GameOver:
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    kind: ClassVar[str] = "game_over"


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
    if type(event) is CaballerosMoved and event.hidden and event.whose != seat:
        return replace(event, count=None)
    return event
