"""The bot interface; the levels are listed in `el_grande.bots.registry`.

A bot sees exactly what a human in its seat would see: the seat's view (`game.view(seat)`) and
the current decision (its kind, context and legal choices). It never gets the `Game`, its
`snapshot()`, another seat's secret or the order of the action-card stacks (R-H2). The call
signature enforces this: `choose(view, decision)` is all a bot is ever given.

Bots are synchronous and side-effect free apart from their own random generator, so the app can
call one from a worker thread and the simulator can call thousands of them in a loop.
"""

from __future__ import annotations

import random
import warnings
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from el_grande.bots.registry import level, level_ids

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, View


@runtime_checkable
class Bot(Protocol):
    """A computer player for one seat.

    A bot may also say `needs_view = False` (a class attribute, taken from its registry entry):
    then `bots.play.play_game` does not build a view for it and hands it `None`. Without the
    attribute a bot always gets its view.
    """

    name: str

    def choose(self, view: View, decision: Decision) -> Choice:
        """Return one of `decision.choices`, knowing only `view` (the bot's own seat's view)."""
        ...


def needs_view(bot: Bot) -> bool:
    """Whether `bot` reads the view it is handed (else it is handed `None`)."""
    return bool(getattr(bot, "needs_view", True))


def bot_names() -> tuple[str, ...]:
    """The bot levels, weakest first (`el_grande.bots.registry`)."""
    return level_ids()


def make_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """Create a bot by level id (`random`, `greedy`, `strong`: `el_grande.bots.registry`).

    `seed` makes the bot deterministic; `options` are passed to the bot's constructor (for
    `strong`: `time_budget` seconds per decision and `iterations` per decision).
    """
    bot: Bot = level(name).load()(seed=seed, **options)
    return bot


class BotFallbackWarning(RuntimeWarning):
    """A bot could not think (its model failed) and fell back to a random legal choice."""


def fallback(bot: str, why: str, rng: random.Random, decision: Decision) -> Choice:
    """A random legal choice, with a warning: a bot must never stop the game."""
    warnings.warn(
        f"{bot} bot fell back to a random choice: {why}", BotFallbackWarning, stacklevel=3
    )
    return rng.choice(decision.choices)


def seeded_rng(seed: int | None) -> random.Random:
    """A private generator for one bot (a fresh random one when `seed` is None)."""
    return random.Random(seed)
