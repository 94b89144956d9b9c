"""The rules core of El Grande: pure, deterministic, fast; no Textual, rich or pydantic.

See ``docs/core-api.md`` for the full contract. Quick tour::

    from el_grande.core import Game, Options

    game = Game.new(["Ana", "Ben", "Cy"], seed=42, options=Options(rounds=9))
    while game.decision is not None:
        d = game.decision
        events = game.apply(d.choices[0])
"""

from .board import (
    CASTILLO,
    CASTILLO_INDEX,
    NEIGHBOURS,
    NUM_REGIONS,
    PLACE_INDEX,
    PLACES,
    REGIONS,
    VALUES,
)
from .cards import CARD_STACK, CARDS, POWER_CABALLEROS, SCOREBOARD_IDS, SCOREBOARDS
from .choices import Choice, IllegalChoice
from .decision import Decision
from .events import Event, visible_to
from .game import Game
from .kinds import (
    GENERAL,
    AwardReason,
    Castillo,
    DecisionKind,
    EventKind,
    Phase,
    Purpose,
    UndoBlock,
    Verb,
)
from .options import ROUND_TRACKS, SCORING_ROUNDS, Options
from .scoring import (
    PlaceScore,
    ScoreTable,
    preview_general_scoring,
    rank_points,
    rank_positions,
    reduced_values,
    score_place,
    score_position,
    score_table,
)
from .undo import undo_block
from .view import DecisionView, PlayerView, PublicView, RegionView, View

__all__ = [
    "CARDS",
    "CARD_STACK",
    "CASTILLO",
    "CASTILLO_INDEX",
    "GENERAL",
    "NEIGHBOURS",
    "NUM_REGIONS",
    "PLACES",
    "PLACE_INDEX",
    "POWER_CABALLEROS",
    "REGIONS",
    "ROUND_TRACKS",
    "SCOREBOARDS",
    "SCOREBOARD_IDS",
    "SCORING_ROUNDS",
    "VALUES",
    "AwardReason",
    "Castillo",
    "Choice",
    "Decision",
    "DecisionKind",
    "DecisionView",
    "Event",
    "EventKind",
    "Game",
    "IllegalChoice",
    "Options",
    "Phase",
    "PlayerView",
    "PublicView",
    "Purpose",
    "RegionView",
    "UndoBlock",
    "Verb",
    "View",
    "PlaceScore",
    "ScoreTable",
    "preview_general_scoring",
    "score_place",
    "score_position",
    "score_table",
    "rank_points",
    "rank_positions",
    "reduced_values",
    "undo_block",
    "visible_to",
]
