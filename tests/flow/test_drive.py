"""One bot driver (`el_grande.bots.drive`): the app's table of computer players and
`el-grande simulate` play the same game from the same seed (issue 27)."""

from __future__ import annotations

import pytest

from el_grande import sim
from el_grande.bots.drive import Budget, Driver
from el_grande.flow.clock import ManualClock
from el_grande.flow.scenes import GameOver
from el_grande.flow.table import TableFlow
from el_grande.session import GameSession
from el_grande.setup import COLOURS, GameSetup, SeatSetup

pytestmark = pytest.mark.filterwarnings("error::el_grande.bots.base.BotFallbackWarning")

#: The Hard player's budget in play-outs (a budget in seconds is not repeatable).
PLAYOUTS = 2


def watched(config: sim.SimConfig) -> GameSession:
    """Game 0 of `config` played to its end by the app's table of computer players (the flow
    on a manual clock, nobody pressing a key): the seats named as `simulate` names them."""
    levels = config.seat_bots(0)
    seats = tuple(
        SeatSetup(f"{level}-{s + 1}", COLOURS[s], f"bot:{level}") for s, level in enumerate(levels)
    )
    setup = GameSetup(
        seats,
        seed=sim.game_seed(config, 0),
        rounds=config.rounds,
        veto=config.veto,
        castillo=config.castillo,
    )
    session = GameSession.new(setup)
    clock = ManualClock()
    flow = TableFlow(session, clock, bot_delay=0.0, bots=Driver(Budget.playouts(PLAYOUTS)))
    flow.start()
    for _ in range(20_000):
        if isinstance(flow.scene, GameOver):
            break
        clock.advance(0.5)  # the displays' pace, the bots' answers
    assert isinstance(flow.scene, GameOver) and session.decision is None
    return session


def test_the_apps_table_of_computer_players_plays_simulates_game() -> None:
    """A Hard, a Medium and an Easy player, a hidden Castillo (secrets, and a split the Hard
    player draws): `simulate --seed 11 --iterations 2` plays the game the app's table plays
    from seed 11, choice for choice."""
    config = sim.SimConfig(
        players=3,
        games=1,
        seed=11,
        bots=("strong", "greedy", "random"),
        rounds=6,
        castillo="hidden",
        iterations=PLAYOUTS,
    )
    simulated, _ = sim.play(config, 0)
    assert watched(config).game.record() == simulated.record()
