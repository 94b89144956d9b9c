"""Bots playing a game by themselves: `play_game` plays a bare `Game` to its end (the simulator,
`el-grande simulate`; the bots' tests and strength runs), with one bot per seat or with the
bots the driver makes for every decision (`el_grande.bots.drive.Driver`: seeded by the
position, as at the app's table), and `bot_choice` asks one bot for the decision at hand. Each
bot is handed the deciding seat's view only, and none at all when it reads none
(`needs_view`).

A computer player at the table is asked by the table's flow instead (`el_grande.flow.table`:
off the table's thread, its bot made by the same driver); a review weighs a person's
decisions with the Hard player's own search (`el_grande.review`)."""

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
