"""The core's vocabularies as string enums: decision kinds, choice verbs, secret purposes, award
reasons, phases, the Castillo option and why undo is refused; and the types of choice verbs and
event kinds.

Each member *is* its string (``DecisionKind.POWER == "power"``, ``str(Phase.OVER) == "over"``,
``json.dumps`` writes the plain string), so code that compares with the bare strings keeps
working, and records, snapshots and save files are unchanged. New code should use the members:
a typo is then an ``AttributeError`` instead of a comparison that is silently never true.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, Literal, TypeAlias

__all__ = [
    "GENERAL",
    "AwardReason",
    "Castillo",
    "DecisionKind",
    "EventKind",
    "Phase",
    "Purpose",
    "UndoBlock",
    "Verb",
]

#: The ``why`` of a general scoring (R-G) in ``ScoringStarted``, ``PlaceScored`` and
#: ``ScoringEnded``; any other ``why`` is the id of the action card that scored.
GENERAL: Final = "general"


class DecisionKind(StrEnum):
    """``Decision.kind``: what the deciding player is asked (docs/core-api.md has the table)."""

    POWER = "power"  # play a power card (R-P1)
    COURT = "court"  # how many Caballeros to bring to court (R-R3.1)
    RECALL = "recall"  # where each Caballero of a court shortfall comes from
    ACTION_CARD = "action_card"  # take a face-up action card
    TURN = "turn"  # placement now, announce the special action, or skip it
    PLACEMENT = "placement"  # one Caballero from court at a time
    VETO = "veto"  # use a Veto on the special action just announced (R-V3)
    MOVE_FROM = "move_from"  # intrigue: source region of the next move
    MOVE_WHOSE = "move_whose"  # intrigue: whose Caballero
    MOVE_TO = "move_to"  # intrigue: destination
    REGION = "region"  # a card asks for a region
    MODE = "mode"  # intrigue_or: move or place
    PLACE_ANY = "place_any"  # intrigue_place_2: anywhere but the King's region
    SCORE = "score"  # score_region / score_any: which place
    RETURN_ONE = "return_one"  # return_one_each: one Caballero of the target, or pass
    ANGRY_KING = "angry_king"  # where each of the three returned Caballeros comes from
    SCOREBOARD = "scoreboard"  # which mobile scoreboard
    SCOREBOARD_TO = "scoreboard_to"  # where it goes
    KING = "king"  # where the King goes
    GRANDE = "grande"  # where the Grande goes
    RETRIEVE = "retrieve"  # power_cards: which played card comes back
    COURT_CARD = "court_card"  # the court action card: 0-2 to court
    DISK = "disk"  # a secret disk (``context["purpose"]`` says which step)


#: ``Choice.verb``: the first word of a choice's notation (docs/core-api.md has the table). A
#: type, not an enum: choices hold plain strings, which search code compares in its inner
#: loops (CPython compares an exact ``str`` faster than an enum member); the type checker
#: still refuses a verb that does not exist.
Verb: TypeAlias = Literal[
    "power",  # power N
    "court",  # court N (how many to court; the court card: 0-2)
    "recall",  # recall REGION
    "card",  # card CARD_ID
    "place",  # place (placement now), place PLACE (one Caballero)
    "special",  # announce the special action
    "skip",  # skip the special action
    "done",  # stop early ("up to")
    "pass",  # return_one_each: nothing from this player
    "veto",  # veto yes, veto no
    "from",  # from REGION (intrigue)
    "whose",  # whose SEAT (intrigue)
    "to",  # to PLACE (intrigue, scoreboard)
    "region",  # region REGION
    "mode",  # mode move, mode place
    "score",  # score PLACE
    "return",  # return REGION, return court
    "board",  # board 8/4/0, board 4/0/0
    "king",  # king REGION
    "grande",  # grande REGION
    "retrieve",  # retrieve N
    "disk",  # disk REGION (secret)
]


class Purpose(StrEnum):
    """What a secret disk step is for (``context["purpose"]``, ``SecretChosen.purpose``,
    ``SecretsRevealed.purpose``, ``View.secret_purpose``)."""

    CASTILLO = "castillo"  # general scoring: where the Castillo's Caballeros march (R-G1)
    PROVINCE_TWO_BY_DISK = "province_two_by_disk"
    PROVINCE_ALL_BY_DISK = "province_all_by_disk"
    EVICTION = "eviction"
    SCORE_BY_DISK = "score_by_disk"


class AwardReason(StrEnum):
    """``Award.reason``: why points were scored in a place (R-K7)."""

    RANK = "rank"  # the value of a rank position (R-K2)
    TIE = "tie"  # a tied group's value: the position after its own (R-K2)
    KING_BONUS = "king_bonus"  # R-K5
    HOME_BONUS = "home_bonus"  # R-K6


class Phase(StrEnum):
    """``Game.phase`` / ``View.phase``: where in the round the game is."""

    SETUP = "setup"  # only before round 1 starts (never seen by a player)
    POWER = "power"  # power cards are played (R-R2)
    TURNS = "turns"  # the players' turns (R-R3)
    SCORING = "scoring"  # a general scoring after rounds 3, 6 and 9 (R-G)
    OVER = "over"  # the game has ended (R-E1)


#: ``event.kind``: each event class's short name (``el_grande.core.events``). A type, not an
#: enum: events are told apart by their class (``match``); the type checker still refuses a
#: comparison with a kind that does not exist.
EventKind: TypeAlias = Literal[
    "round_started",
    "cards_revealed",
    "power_card_played",
    "turn_order_set",
    "turn_started",
    "caballeros_moved",
    "action_card_taken",
    "special_announced",
    "special_vetoed",
    "special_skipped",
    "veto_kept",
    "veto_expired",
    "king_moved",
    "grande_moved",
    "scoreboard_moved",
    "power_card_retrieved",
    "secret_chosen",
    "secrets_revealed",
    "scoring_started",
    "place_scored",
    "scoring_ended",
    "turn_ended",
    "round_ended",
    "game_over",
]


class Castillo(StrEnum):
    """``Options.castillo`` (R-O3)."""

    OPEN = "open"  # every player's Castillo count is public
    HIDDEN = "hidden"  # only the total is; a scoring of the Castillo shows the counts


class UndoBlock(StrEnum):
    """Why the last choice may not be undone (``el_grande.core.undo``, docs/saves.md). The
    catalogue words each one: ``t(f"undo.{block}")``."""

    OVER = "over"  # the game is over
    NOTHING = "nothing"  # no choice has been made yet
    OTHER_PLAYER = "other_player"  # the choice now pending is another player's
    SECRET = "secret"  # the last choice was secret (R-H1)
    REVEALED = "revealed"  # it revealed something nobody knew before
