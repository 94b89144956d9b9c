"""Which legal choice a key or a click means, and why a region or card is not one now.

Plain functions over the decision (and the King's region): the game screen maps keys and
clicks through them, and says the reason on the status line when nothing matches.
"""

from __future__ import annotations

from el_grande.app.shown import card_of, place_of, power_of
from el_grande.core import NEIGHBOURS, Choice, Decision, DecisionKind
from el_grande.text import t

#: Decisions whose source may never be the Castillo (nothing leaves it before a scoring).
_FROM = (
    DecisionKind.MOVE_FROM,
    DecisionKind.RECALL,
    DecisionKind.RETURN_ONE,
    DecisionKind.ANGRY_KING,
)


def by_id(d: Decision | None, oid: str) -> Choice | None:
    """The choice whose option id (its text) is `oid`."""
    return None if d is None else next((c for c in d.choices if str(c) == oid), None)


def place_choice(d: Decision | None, place: str) -> Choice | None:
    return None if d is None else next((c for c in d.choices if place_of(c) == place), None)


def card_choice(d: Decision | None, card: str) -> Choice | None:
    return None if d is None else next((c for c in d.choices if card_of(c) == card), None)


def power_choice(d: Decision, value: int, seat: int | None = None) -> Choice | None:
    """The power card `value` (played, or retrieved), if `seat` (when given) is the chooser."""
    if seat is not None and seat != d.player:
        return None
    return next((c for c in d.choices if power_of(c) == value), None)


#: Decisions answered by a number of Caballeros (the power card's, or the court card's 0-2).
COUNTS = (DecisionKind.COURT, DecisionKind.COURT_CARD)


def count_choice(d: Decision, n: int) -> Choice | None:
    """How many to bring to court (`COUNTS`): the choice bringing `n`, if it is one."""
    return next((c for c in d.choices if c.verb == "court" and c.arg == n), None)


def why_not_place(d: Decision, place: str, king: str) -> str:
    if not any(place_of(c) for c in d.choices):
        return t("why.not_region_now")
    if place == king:
        return t("why.king_region")
    if d.kind == DecisionKind.PLACEMENT and place != "castillo" and place not in NEIGHBOURS[king]:
        return t("why.not_adjacent")
    if place == "castillo" and d.kind in _FROM:
        return t("why.castillo_source")
    return t("why.not_legal")


def why_not_card(d: Decision | None, card: str | None) -> str:
    if card is None:
        return t("why.no_card")
    if d is None or not any(card_of(c) for c in d.choices):
        return t("why.not_card_now")
    return t("why.card_taken")
