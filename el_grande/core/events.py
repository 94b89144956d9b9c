"""Events: what happened, as small typed values the screen can animate and explain.

Every event is a ``NamedTuple`` with a class attribute ``kind``. Places (``src``/``dst``/
``place``) are ``"province"``, ``"court"``, a region id or ``"castillo"``. Events returned by
:meth:`Game.apply` never carry an unrevealed secret (R-H1): a secret choice produces
``SecretChosen`` (who, never what) until ``SecretsRevealed``. With ``castillo="hidden"`` a
``CaballerosMoved`` into the Castillo is marked ``hidden`` and :func:`visible_to` strips the
count for everybody but its owner.
"""

from __future__ import annotations

from typing import NamedTuple


class RoundStarted(NamedTuple):
    round: int  # round-track number 1-9
    number: int  # 1-based count of rounds played, including this one
    of: int  # rounds in this game (9 or 6)
    start_player: int
    kind = "round_started"


class CardsRevealed(NamedTuple):
    cards: tuple[str, ...]  # the face-up action cards, stacks 1-5
    kind = "cards_revealed"


class PowerCardPlayed(NamedTuple):
    seat: int
    value: int
    kind = "power_card_played"


class TurnOrderSet(NamedTuple):
    order: tuple[int, ...]  # seats, highest power card first (R-P3)
    kind = "turn_order_set"


class TurnStarted(NamedTuple):
    seat: int
    power: int
    kind = "turn_started"


class CaballerosMoved(NamedTuple):
    whose: int
    src: str
    dst: str
    count: int | None  # None only in a redacted copy (hidden Castillo)
    hidden: bool = False  # True: the count is hidden from everyone but `whose`
    kind = "caballeros_moved"


class ActionCardTaken(NamedTuple):
    seat: int
    card: str
    kind = "action_card_taken"


class SpecialAnnounced(NamedTuple):
    seat: int
    card: str
    kind = "special_announced"


class SpecialVetoed(NamedTuple):
    seat: int  # whose action was cancelled
    card: str
    by: int  # who used the Veto
    kind = "special_vetoed"


class SpecialSkipped(NamedTuple):
    seat: int
    card: str
    kind = "special_skipped"


class VetoKept(NamedTuple):
    seat: int
    kind = "veto_kept"


class VetoExpired(NamedTuple):
    seat: int
    kind = "veto_expired"


class KingMoved(NamedTuple):
    src: str
    dst: str
    kind = "king_moved"


class GrandeMoved(NamedTuple):
    seat: int
    src: str
    dst: str
    kind = "grande_moved"


class ScoreboardMoved(NamedTuple):
    board: str  # "8/4/0" or "4/0/0"
    src: str | None  # None: it was not on the board
    dst: str
    kind = "scoreboard_moved"


class PowerCardRetrieved(NamedTuple):
    seat: int
    value: int
    kind = "power_card_retrieved"


class SecretChosen(NamedTuple):
    seat: int
    purpose: str  # "castillo", "province_two_by_disk", "province_all_by_disk", ...
    kind = "secret_chosen"


class SecretsRevealed(NamedTuple):
    purpose: str
    choices: tuple[tuple[int, str], ...]  # (seat, region) in the order they were asked
    kind = "secrets_revealed"


class ScoringStarted(NamedTuple):
    why: str  # "general" or the action card id
    places: tuple[str, ...]  # places about to be scored ("general": filled as they come)
    kind = "scoring_started"


class Award(NamedTuple):
    seat: int
    points: int
    reason: str  # "rank", "tie", "king_bonus", "home_bonus"
    position: int  # rank position whose value was scored (0 for bonuses)


class PlaceScored(NamedTuple):
    place: str
    counts: tuple[int, ...]  # Caballeros per seat
    values: tuple[int, int, int]  # values used (scoreboard and player count applied)
    awards: tuple[Award, ...]
    points: tuple[int, ...]  # total points per seat from this place
    why: str  # "general" or the action card id
    kind = "place_scored"


class ScoringEnded(NamedTuple):
    why: str
    points: tuple[int, ...]  # points per seat gained by this whole scoring
    kind = "scoring_ended"


class TurnEnded(NamedTuple):
    seat: int
    kind = "turn_ended"


class RoundEnded(NamedTuple):
    round: int
    next_start_player: int
    kind = "round_ended"


class GameOver(NamedTuple):
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    kind = "game_over"


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
        return event._replace(count=None)
    return event
