"""The core's vocabularies as string enums: decision kinds, secret purposes, award reasons and
phases.

Each member *is* its string (``DecisionKind.POWER == "power"``, ``str(Phase.OVER) == "over"``,
``json.dumps`` writes the plain string), so code that compares with the bare strings keeps
working, and records, snapshots and save files are unchanged. New code should use the members:
a typo is then an ``AttributeError`` instead of a comparison that is silently never true.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["AwardReason", "DecisionKind", "Phase", "Purpose"]


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
