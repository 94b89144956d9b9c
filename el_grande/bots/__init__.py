"""Computer opponents: a bot gets one seat's view and the current decision, returns a choice.

    from el_grande.bots import make_bot
    bot = make_bot("greedy", seed=1)
    choice = bot.choose(game.view(seat), game.decision)

Levels: `random`, `greedy` (fast heuristic), `strong` (determinized Monte Carlo search with a
time budget). See `el_grande.bots.base` for the interface, and `el_grande.bots.drive` for the
one driver: which bot answers a position (a new one for every decision, seeded by the
position), the Hard player's budget, and the fallback; the app's table and `simulate` both
make their bots there.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from el_grande.bots.base import Bot, bot_names, make_bot
    from el_grande.bots.play import bot_choice, play_game

__all__ = ["Bot", "bot_choice", "bot_names", "make_bot", "play_game"]

# Imported when first used: the app reads only the registry (`el_grande.bots.registry`) to
# start, and importing this package for it should not load the bots' machinery.
_WHERE = {"Bot": "base", "bot_names": "base", "make_bot": "base"}
_WHERE.update(bot_choice="play", play_game="play")


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"el_grande.bots.{_WHERE[name]}"), name)
    globals()[name] = value
    return value
