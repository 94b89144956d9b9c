"""The one driver of computer players: which bot answers a position, how it is seeded, what
the Hard player may spend on it, and what is played when a bot fails.

    from el_grande.bots.drive import Budget, Driver, bot_for
    bot = bot_for(game, seat, "strong", Budget.playouts(200))
    choice = bot.choose(game.view(seat), game.decision)
    play_game(game, Driver().seated(("strong", "greedy", "greedy")))  # a game to its end

Whatever lets a computer player choose goes through here: the table in the app
(`el_grande.flow.table`, which asks the bot off its thread), `el-grande simulate`
(`el_grande.sim`: `bots.play.play_game` with a `Driver`) and the tests. A computer player is
made afresh for every decision, from its seat's level, the budget and the position's seed
(`position_seed`: the game's seed, the seat and the moves made so far); what it keeps from
one decision to the next is only its seat's memo of what positions are worth, which changes
no answer (`Driver`). So the same position gets the same answer wherever and whenever it is
asked: after a resume or an undo, in the app or in `simulate`; and the game a table of
computer players plays in the app is the game `simulate` plays with that seed — for the Hard
player with a budget in play-outs (`Budget.playouts`): a budget in seconds depends on the
machine and its load.

The review seeds otherwise, on purpose: from what the reviewed player could know, never from
the game's seed (`el_grande.review.public_seed`).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from el_grande.bots.base import make_bot
from el_grande.bots.registry import level as level_of
from el_grande.bots.seeds import position_seed as position_seed
from el_grande.records import record

if TYPE_CHECKING:
    from el_grande.bots.base import Bot
    from el_grande.bots.greedy import Memo
    from el_grande.bots.play import BotFor
    from el_grande.core import Choice, Decision, Game

__all__ = ["Budget", "Driver", "bot_for", "fallback_choice", "position_seed"]


@record
class Budget:
    """What the Hard player may spend on one decision: at most `seconds` on `clock` (None: no
    clock at all) and at most `iterations` play-outs (None: no cap), whichever ends first.

    `Budget()` is the table's: 2 s of wall-clock time, as long as a player waits. Only a budget
    in play-outs alone (`Budget.playouts(n)`) is repeatable — the same answers on any machine,
    under any load — as tests and comparisons need. The levels without a search
    (`BotLevel.budgeted` false) take no budget.
    """

    seconds: float | None = 2.0
    iterations: int | None = None
    clock: Callable[[], float] = time.perf_counter

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise ValueError("a budget is in seconds, in play-outs or in both")
        if self.seconds is not None and not 0 < self.seconds < math.inf:
            raise ValueError(f"a budget's seconds must be more than 0, not {self.seconds!r}")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"a budget's play-outs must be at least 1, not {self.iterations!r}")

    @classmethod
    def playouts(cls, iterations: int, clock: Callable[[], float] = time.perf_counter) -> Budget:
        """At most `iterations` play-outs a decision and no limit in time: repeatable.
        (`clock` only times the decisions: `bots.play.play_game`'s statistics.)"""
        return cls(seconds=None, iterations=iterations, clock=clock)

    def options(self, level: str) -> dict[str, Any]:
        """The constructor's options of a bot of `level` for this budget."""
        if not level_of(level).budgeted:
            return {}
        seconds = math.inf if self.seconds is None else self.seconds
        return {"time_budget": seconds, "iterations": self.iterations, "clock": self.clock}


#: The table's budget (`Budget()`): 2 s of wall-clock time a decision.
TABLE = Budget()


def bot_for(
    game: Game, seat: int, level: str, budget: Budget = TABLE, memo: Memo | None = None
) -> Bot:
    """A new computer player of `level` for `seat` at `game`'s position (the decision at hand),
    seeded by `position_seed`: the same position gets the same answer. A searching level
    (`BotLevel.budgeted`) gets `budget` and, if given, the seat's `memo` (`Driver`)."""
    options = budget.options(level)
    if memo is not None and options:
        options["memo"] = memo
    return make_bot(level, seed=position_seed(game, seat), **options)


def fallback_choice(game: Game, decision: Decision) -> Choice:
    """What is played when a computer player fails `decision` (it raised, or answered with no
    legal choice): a choice drawn from the game's seed and the moves made so far, so a failure
    too gives the same game again."""
    return random.Random(f"{game.seed}/{game.moves}/fallback").choice(decision.choices)


class Driver:
    """The computer players of one table — a game at the app's table (`el_grande.flow.table`)
    or one of `simulate` — with the Hard player's `budget`.

    `bot(game, seat, level)` is a new bot for the decision at hand (`bot_for`: seeded by the
    position). The Hard player's bots of one seat share that seat's memo of positions
    (`bots.greedy.Memo`, emptied when a round starts), as one bot kept over the game would: a
    memo changes no answer, it only saves work. So a budget in seconds goes further, and a
    budget in play-outs gives the same game with the memo or without it (after a resume, in
    another process). `seated(levels)` is what `bots.play.play_game` asks for: the bot of
    `levels[seat]` for every decision.

    The memos are caches of what positions are worth, so a search that the table dropped
    (an undo while it thinks) may go on writing to one while the next search reads it: what
    either writes is right for any search.
    """

    def __init__(self, budget: Budget = TABLE) -> None:
        self.budget = budget
        self._memos: dict[int, Memo] = {}

    def bot(self, game: Game, seat: int, level: str) -> Bot:
        """A new bot of `level` for `seat` at `game`'s position."""
        memo = self._memo(seat) if level_of(level).budgeted else None
        return bot_for(game, seat, level, self.budget, memo)

    def seated(self, levels: Sequence[str]) -> BotFor:
        """The bot of `levels[seat]` for every decision of a game (`bots.play.play_game`)."""
        chosen = tuple(levels)
        return lambda game, seat: self.bot(game, seat, chosen[seat])

    def _memo(self, seat: int) -> Memo:
        memo = self._memos.get(seat)
        if memo is None:
            from el_grande.bots.greedy import Memo  # start-up: with the first Hard player

            memo = self._memos[seat] = Memo()
        return memo
