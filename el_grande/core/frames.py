"""The engine's control frames, named and typed (for the type checker only).

The engine's control flow is a stack of frames (``State._stack``, see ``game.py``): small plain
tuples ``(name, *fields)``. The first item names the frame (one of :data:`Op`); it picks the
frame's *step* (automatic work, or the decision the game waits for) and *answer* (what a
choice does). Frames stay plain tuples because the engine builds one on nearly every step and
a search bot's play-outs millions (a named tuple costs five times as much to build); the
aliases below give every frame's fields their names and types, and the engine reads a frame
by unpacking it into those names, never by position.

This module is for the type checker: the engine's modules import it under ``TYPE_CHECKING``.
A frame's name is also what ``View.frames`` shows (``Game.from_view`` copies the stack).
"""

from __future__ import annotations

from typing import Literal, TypeAlias

from .kinds import Purpose

Seats: TypeAlias = tuple[int, ...]

# --- the round and the turn (rounds.py) -----------------------------------------------------
GameFrame: TypeAlias = tuple[Literal["game"]]  # the rounds: start the next one, or end the game
PowerFrame: TypeAlias = tuple[Literal["power"], Seats]  # seats still to play a power card
TurnsFrame: TypeAlias = tuple[Literal["turns"], Seats]  # seats whose turn is still to come
TurnEndFrame: TypeAlias = tuple[Literal["turn_end"]]
EndRoundFrame: TypeAlias = tuple[Literal["end_round"]]
CourtFrame: TypeAlias = tuple[Literal["court"]]  # Caballeros to court (R-R3.1)
RecallFrame: TypeAlias = tuple[Literal["recall"], int]  # left: shortfall still to recall
CardFrame: TypeAlias = tuple[Literal["card"]]  # take an action card
MenuFrame: TypeAlias = tuple[Literal["menu"]]  # placement, special action or skip
PlaceFrame: TypeAlias = tuple[Literal["place"], int]  # left: how many more may be placed
VetoAskFrame: TypeAlias = tuple[Literal["veto_ask"], Seats]  # holders still to be asked
SpecialFrame: TypeAlias = tuple[Literal["special"]]  # the announced special action starts
GeneralFrame: TypeAlias = tuple[Literal["general"]]  # a general scoring, after its disks

# --- intrigue.py ----------------------------------------------------------------------------
#: own / foreign: how many of the player's own / of others' Caballeros may still move;
#: total: how many in all; fixed: the region they must come from (-1: any); forced: all of
#: them must move (no "done"); limit: the total the card allowed.
MoveFrame: TypeAlias = tuple[Literal["move"], int, int, int, int, bool, int]
MoveWhoseFrame: TypeAlias = tuple[Literal["move_whose"], int]  # region: moving out of it
MoveToFrame: TypeAlias = tuple[Literal["move_to"], int, int]  # region, whose Caballero
RegionFrame: TypeAlias = tuple[Literal["region"]]  # intrigue_5_from_region, intrigue_all_own
ModeFrame: TypeAlias = tuple[Literal["mode"]]  # intrigue_or: move or place
PlaceAnyFrame: TypeAlias = tuple[Literal["place_any"], int]  # left: how many more

# --- returns.py -----------------------------------------------------------------------------
ReturnOneFrame: TypeAlias = tuple[Literal["return_one"], Seats]  # seats still to choose for
AngryFrame: TypeAlias = tuple[Literal["angry"], Seats, int]  # seats still to return; left

# --- scorings.py ----------------------------------------------------------------------------
ScoreFrame: TypeAlias = tuple[Literal["score"], bool]  # any_place: the Castillo too

# --- pieces.py ------------------------------------------------------------------------------
BoardFrame: TypeAlias = tuple[Literal["board"]]  # which mobile scoreboard
BoardToFrame: TypeAlias = tuple[Literal["board_to"], int]  # board: its index; where to
KingFrame: TypeAlias = tuple[Literal["king"], bool]  # adjacent: only next to the King
GrandeFrame: TypeAlias = tuple[Literal["grande"]]
RetrieveFrame: TypeAlias = tuple[Literal["retrieve"]]
CourtCardFrame: TypeAlias = tuple[Literal["court_card"]]

# --- disks.py -------------------------------------------------------------------------------
EvictionFrame: TypeAlias = tuple[Literal["eviction"]]  # the region to evict
#: purpose; seats still to choose, in order; param: the evicted region (-1: none).
SecretFrame: TypeAlias = tuple[Literal["secret"], Purpose, Seats, int]
ResolveFrame: TypeAlias = tuple[Literal["resolve"], Purpose, int]  # purpose, param

Frame: TypeAlias = (
    GameFrame
    | PowerFrame
    | TurnsFrame
    | TurnEndFrame
    | EndRoundFrame
    | CourtFrame
    | RecallFrame
    | CardFrame
    | MenuFrame
    | PlaceFrame
    | VetoAskFrame
    | SpecialFrame
    | GeneralFrame
    | MoveFrame
    | MoveWhoseFrame
    | MoveToFrame
    | RegionFrame
    | ModeFrame
    | PlaceAnyFrame
    | ReturnOneFrame
    | AngryFrame
    | ScoreFrame
    | BoardFrame
    | BoardToFrame
    | KingFrame
    | GrandeFrame
    | RetrieveFrame
    | CourtCardFrame
    | EvictionFrame
    | SecretFrame
    | ResolveFrame
)

#: A frame's name.
Op: TypeAlias = Literal[
    "game",
    "power",
    "turns",
    "turn_end",
    "end_round",
    "court",
    "recall",
    "card",
    "menu",
    "place",
    "veto_ask",
    "special",
    "general",
    "move",
    "move_whose",
    "move_to",
    "region",
    "mode",
    "place_any",
    "return_one",
    "angry",
    "score",
    "board",
    "board_to",
    "king",
    "grande",
    "retrieve",
    "court_card",
    "eviction",
    "secret",
    "resolve",
]
