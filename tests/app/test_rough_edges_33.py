"""Issue 33 items 5–7 on screen: a key dropped by a quiet wait says so, the game-over pages
and rematch, the key bar and the cards in Korean at 100×30."""

from __future__ import annotations

from el_grande.app.screens.game import GameScreen
from el_grande.session import GameSession
from el_grande.setup import GameSetup, default_seats
from el_grande.flow.handover import QUIET

from .helpers import NAMES, screen_text, settle
from .test_trust import key_at, trusting_app


async def test_a_key_dropped_by_a_quiet_wait_says_so() -> None:
    """Ana plays; Ben's prompt waits for quiet and says so; a key typed on within the quiet
    time is dropped and the status line says that key did not count (it used to repeat the
    quiet sentence, already there: no feedback of its own)."""
    session = GameSession.new(GameSetup(default_seats(NAMES[:3]), seed=7))
    app, clock = trusting_app(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        key_at(app, "enter", clock.now())  # Ana plays her first power card
        await settle(pilot)
        assert len(session.game.history) == 1
        assert "That key did not count" not in " ".join(screen_text(app).split())
        clock.advance(0.1)
        key_at(app, "down", clock.now())  # too soon: dropped
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "That key did not count" in text and f"({session.name(session.decision.player)}'s turn)" in text  # type: ignore[union-attr]
        assert len(session.game.history) == 1
        clock.advance(QUIET + 0.1)
        await settle(pilot)  # quiet now: the line no longer says so
        assert "That key did not count" not in " ".join(screen_text(app).split())
        assert isinstance(app.screen, GameScreen)
