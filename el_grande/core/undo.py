"""Undo without peeking: whether the last choice may be taken back, as a pure rule.

A choice may be undone only if **all** of these hold (repeated undos walk back through the
current player's turn and stop at the first barrier):

1. the game is not over, and the decision now pending belongs to the player who made the
   last choice (undo is for the player at the keyboard, never for someone else's choice: a
   Veto asked, an Angry-King return, another player's power card all end the chain);
2. the last choice was not a secret one (R-H1; the curtain has been lowered since);
3. applying it produced only events that reveal nothing the player did not know before
   choosing: Caballeros moved, action card taken, special action announced or skipped, Veto
   kept, King / Grande / scoreboard moved, power card retrieved, and a special scoring (its
   start, places and end), because all of those follow from public information. Everything
   else is a barrier: a round's start and its cards turned up, a power card played, the turn
   order, a turn's start and end, a round's end, a Veto expired or used, any secret chosen or
   revealed, a general scoring, the game's end, and any event added later until it is listed
   here. With ``castillo="hidden"`` a scoring of the Castillo shows its per-player counts, so
   it is a barrier too.

In practice: within a turn a player can take back placements, moves, the choice of card and
"place/special/skip", back to (not including) the start of the turn; the power cards and all
secret and other players' choices can never be undone.

The rule reads only the decision before the choice, the choice's events and the decision
after it, so whoever applies a choice can judge it at once, without replaying anything.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import events as E
from .board import CASTILLO
from .decision import Decision
from .kinds import GENERAL, UndoBlock

__all__ = ["UndoBlock", "reveals", "undo_block"]


def reveals(event: E.Event, castillo_hidden: bool) -> bool:
    """Whether ``event`` shows something nobody knew before (a barrier for undo)."""
    match event:
        case (
            E.CaballerosMoved()
            | E.ActionCardTaken()
            | E.SpecialAnnounced()
            | E.SpecialSkipped()
            | E.VetoKept()
            | E.KingMoved()
            | E.GrandeMoved()
            | E.ScoreboardMoved()
            | E.PowerCardRetrieved()
        ):
            return False
        case E.ScoringStarted(why=why) | E.ScoringEnded(why=why):
            return why == GENERAL
        case E.PlaceScored(place=place, why=why):
            return why == GENERAL or (castillo_hidden and place == CASTILLO)
        case _:
            return True


def undo_block(
    before: Decision, events: Iterable[E.Event], after: Decision | None, castillo_hidden: bool
) -> UndoBlock | None:
    """Why the choice just made may not be undone, or ``None`` if it may.

    ``before``: the decision it answered; ``events``: what applying it returned; ``after``: the
    decision pending now (``None``: the game is over); ``castillo_hidden``: the game's
    ``castillo`` option is ``"hidden"``.
    """
    if after is None:
        return UndoBlock.OVER
    if before.player != after.player:
        return UndoBlock.OTHER_PLAYER
    if before.secret:
        return UndoBlock.SECRET
    for event in events:
        if reveals(event, castillo_hidden):
            return UndoBlock.REVEALED
    return None
