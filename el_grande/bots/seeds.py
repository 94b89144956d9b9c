"""The seed of a position (`position_seed`), in a module of its own: the table seeds its
hints and its cautions' weighing with it before any bot is needed, and importing the driver
(`el_grande.bots.drive`, which re-exports it) for it cost 2 M instructions at a new game's
first frame (the first prompt starts its weighing)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from el_grande.core import Game


def position_seed(game: Game, seat: int, purpose: str = "") -> int:
    """The seed of `seat`'s generator at `game`'s position: from the game's seed, the seat and
    the moves made so far, with `purpose` for another use of the same position ("hint", "warn":
    the table's hints and cautions). The computer players' formula since the first saves, so a
    saved game's computer players play as they did."""
    text = f"{game.seed}/{seat}/{game.moves}"
    return random.Random(f"{text}/{purpose}" if purpose else text).randrange(2**31)
