"""Playing a game headlessly with computer players: the one loop that hands a bot its view and
decision outside the app (`el-grande simulate`, the tests). Which bot answers a position, and
how it is seeded, is `el_grande.bots.drive`'s (`Driver`: a new bot for every decision).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from el_grande.bots.base import needs_view

if TYPE_CHECKING:
    from el_grande.bots.base import Bot
    from el_grande.core import Choice, Game

#: The bot that answers `seat` at the game's position (`bots.drive.Driver`).
BotFor = Callable[["Game", int], "Bot"]


def bot_choice(game: Game, bot: Bot) -> Choice:
    """Ask `bot` for the current decision, giving it only the deciding seat's view (or `None`
    for a bot whose `needs_view` is false)."""
    decision = game.decision
    if decision is None:
        raise ValueError("the game is over: there is no decision to make")
    view = game.view(decision.player) if needs_view(bot) else None
    return bot.choose(view, decision)  # type: ignore[arg-type]


def _the_same(bots: Sequence[Bot]) -> BotFor:
    """One bot per seat for the whole game."""
    fixed = tuple(bots)
    return lambda _game, seat: fixed[seat]


@dataclass
class SeatStats:
    """Per-seat effort in one game: decisions asked and seconds spent choosing (in total, the
    most on one decision, and each decision's in order)."""

    decisions: int = 0
    seconds: float = 0.0
    max_seconds: float = 0.0
    times: list[float] = field(default_factory=list)


@dataclass
class PlayResult:
    scores: list[int]
    winners: list[int]
    seats: list[SeatStats] = field(default_factory=list)


def play_game(
    game: Game,
    bots: Sequence[Bot] | BotFor,
    max_decisions: int = 100_000,
    clock: Callable[[], float] = time.perf_counter,
) -> PlayResult:
    """Play `game` to its end with computer players; return scores, winners and timings.

    `bots`: one bot per seat for the whole game, or what makes the bot of each decision
    (`bots.drive.Driver`: a new one, seeded by the position, as at the app's table). Forced
    choices are applied without asking. A view is built only for a bot that reads it
    (`needs_view`, default true); the others are handed `None`, which makes a game of random
    bots nearly as fast as the bare core. `clock` times each decision (`time.thread_time`
    counts the thread's CPU time instead). A bot's illegal answer raises `IllegalChoice`: a
    measurement is not quietly patched (the app's table falls back instead:
    `bots.drive.fallback_choice`).
    """
    stats = [SeatStats() for _ in range(game.n)]
    bot_for = bots if callable(bots) else _the_same(bots)
    for _ in range(max_decisions):
        decision = game.decision
        if decision is None:
            break
        seat = decision.player
        if len(decision.choices) == 1:
            # A forced answer: still the bot's turn, but there is nothing to think about.
            choice = decision.choices[0]
        else:
            started = clock()
            bot = bot_for(game, seat)
            view = game.view(seat) if needs_view(bot) else None
            choice = bot.choose(view, decision)  # type: ignore[arg-type]
            spent = clock() - started
            s = stats[seat]
            s.decisions += 1
            s.seconds += spent
            s.max_seconds = max(s.max_seconds, spent)
            s.times.append(spent)
        game.apply(choice)
    else:
        raise RuntimeError(f"game did not end within {max_decisions} decisions")
    return PlayResult(list(game.scores), list(game.winners), stats)
