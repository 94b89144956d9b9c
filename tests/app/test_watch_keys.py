"""Keys typed while a computer player decides (issue 26, item 3), through the app: the issue's
burst `r ↓ Enter ↓ ↓ Enter` at 0.1 s opened the seat menu and gave a seat away; now a key
that changes something acts only after a quiet keyboard. Keys that only show act at once.

Nothing here sleeps: keys carry the test's time stamps and the guard's clock is the test's."""

from __future__ import annotations

from textual.widgets import Static

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.game import GameScreen
from el_grande.app.screens.help import HelpScreen
from el_grande.app.screens.seat_menu import SeatMenu
from el_grande.flow.clock import ManualClock
from el_grande.flow.scenes import BotTurn
from el_grande.session import GameSession
from el_grande.setup import GameSetup, SeatSetup
from el_grande.text import t

from .helpers import SIZE, settle
from .test_trust import QUIET, TAKE_OVER, key_at


def watched() -> tuple[ElGrandeApp, ManualClock, GameSession]:
    seats = (
        SeatSetup("Ana", "yellow", "human"),
        SeatSetup("Ben", "red", "bot:random"),
        SeatSetup("Cy", "green", "human"),
    )
    session = GameSession.new(GameSetup(seats, seed=7, start_player=0))
    clock = ManualClock()
    app = ElGrandeApp(
        session=session, curtain_seed=3, clock=clock, bot_delay=5.0,
        guard_seconds=QUIET, take_over_seconds=TAKE_OVER,
    )  # fmt: skip
    return app, clock, session


async def test_a_burst_typed_during_a_computer_players_turn_changes_nothing() -> None:
    app, clock, session = watched()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        key_at(app, "enter", clock.now())  # Ana plays her power card; Ben's turn
        await settle(pilot)
        assert isinstance(screen.flow.scene, BotTurn)
        kinds, moves = session.seating.kinds, len(session.game.history)
        for burst in (("r", "down", "enter", "down", "down", "enter"), ("f", "s", "o", "u")):
            for key in burst:
                clock.advance(0.1)
                key_at(app, key, clock.now())
                await settle(pilot)
                if key in "rfso":  # refused, in one sentence
                    status = str(screen.query_one("#status", Static).render())
                    assert status == t("handover.watch", name="Ben"), key
            assert app.screen is screen, f"{burst}: {app.screen!r} opened"
            assert session.seating.kinds == kinds and len(session.game.history) == moves
        # A key that only shows acts at once: the help.
        clock.advance(0.1)
        key_at(app, "question_mark", clock.now())
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        key_at(app, "escape", clock.now() + 0.1)
        await settle(pilot)
        assert app.screen is screen
        # After a quiet keyboard, `r` is deliberate: the menu opens.
        clock.advance(QUIET + 0.1)
        key_at(app, "r", clock.now())
        await settle(pilot)
        assert isinstance(app.screen, SeatMenu)
