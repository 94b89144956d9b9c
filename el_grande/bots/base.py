"""The bot interface and the registry of bot levels.

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
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, View


@runtime_checkable
class Bot(Protocol):
    """A computer player for one seat."""

    name: str

    def choose(self, view: View, decision: Decision) -> Choice:
        """Return one of `decision.choices`, knowing only `view` (the bot's own seat's view)."""
        ...


BotFactory = Callable[..., Bot]

#: The built-in levels, weakest first.
LEVELS = ("random", "greedy", "strong")

_REGISTRY: dict[str, BotFactory] = {}


def register(name: str) -> Callable[[BotFactory], BotFactory]:
    """Class decorator: make a bot level available to `make_bot(name)`."""

    def wrap(factory: BotFactory) -> BotFactory:
        _REGISTRY[name] = factory
        return factory

    return wrap


def bot_names() -> tuple[str, ...]:
    """The registered bot levels, weakest first."""
    _load_builtin()
    known = [name for name in LEVELS if name in _REGISTRY]
    return tuple(known + sorted(set(_REGISTRY) - set(LEVELS)))


def make_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """Create a bot by level name (`random`, `greedy`, `strong`).

    `seed` makes the bot deterministic; `options` are passed to the bot's constructor (for
    `strong`: `time_budget` seconds per decision and `iterations` per decision).
    """
    _load_builtin()
    try:
        factory = _REGISTRY[name]
    except KeyError:
        known = ", ".join(_REGISTRY)
        raise ValueError(f"unknown bot {name!r}; known bots: {known}") from None
    return factory(seed=seed, **options)


def _load_builtin() -> None:
    # Importing the modules registers them; done lazily so `base` has no import cycle.
    from el_grande.bots import greedy, random_bot, strong  # noqa: F401


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
