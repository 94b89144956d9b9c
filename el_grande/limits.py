"""What a save keeps of play besides the choices, and its bounds: shared by the play that
grows it (the session, the coach) and the save format that checks it (`el_grande.persist.
model`), so that no game can be played past what its own save file may hold. Standard
library only: the session and the flow below or beside the save machinery read it, and the
save machinery (which may not import the flow) reads it too.

    MAX_HINTS                 # a seat's hint count stops here: one more hint counts nothing
    LESSON_IDS                # the coach's lessons, every id a save may keep
    coach_problem(ids, cards) # why a save's lessons and tips are not ones play can meet
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

#: The most hints a seat's count holds (the save format's bound; play saturates there).
MAX_HINTS: Final = 10_000

#: The id of every lesson (`el_grande.flow.lessons.LESSONS` holds these and no other). Ids are
#: what saves keep: never rename or remove one (a save that met it would no longer load).
LESSON_IDS: Final = (
    "power",
    "court",
    "action_card",
    "turn",
    "king",
    "castillo",
    "veto",
    "card_king",
    "card_move",
    "card_score",
    "card_return",
    "card_disk",
    "card_scoreboard",
    "card_grande",
    "card_hand",
    "disk",
    "general",
    "tie",
    "king_bonus",
    "home_bonus",
)

#: A tip about an action card (a normal game's tips): ``card:<the card's id>``.
CARD_TIP: Final = "card:"


def saturated(count: int, cap: int = MAX_HINTS) -> int:
    """`count` plus one, unless it is at `cap` already (a counter never outgrows its file)."""
    return count + 1 if count < cap else cap


def known_ids(cards: Collection[str]) -> frozenset[str]:
    """Every id a game's lessons and tips may hold: the lessons, and a tip per action card
    (`cards`: the core's ids)."""
    return frozenset(LESSON_IDS) | {CARD_TIP + card for card in cards}


def coach_problem(ids: Sequence[str], cards: Collection[str]) -> str | None:
    """Why `ids` (a save's lessons and tips met, in order) are not what play can meet —
    an unknown id, or one twice — as the end of a sentence; None if they are."""
    known = known_ids(cards)
    seen: set[str] = set()
    for at, id in enumerate(ids):
        if id not in known:
            return f"entry {at + 1} is not a lesson or tip El Grande knows"
        if id in seen:
            return f"entry {at + 1} is a lesson or tip met before (entries are met once each)"
        seen.add(id)
    return None
