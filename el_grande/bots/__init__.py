"""Computer opponents: a bot gets one seat's view and the current decision, returns a choice.

    from el_grande.bots import make_bot
    bot = make_bot("greedy", seed=1)
    choice = bot.choose(game.view(seat), game.decision)

Levels: `random`, `greedy` (fast heuristic), `strong` (determinized Monte Carlo search with a
time budget). See `el_grande.bots.base` for the interface.
"""

from el_grande.bots.base import Bot, bot_names, make_bot
from el_grande.bots.play import bot_choice, play_game

__all__ = ["Bot", "bot_choice", "bot_names", "make_bot", "play_game"]
