"""The replay viewer (Textual Pilot): steps both ways, decision by decision and round by
round; the board and the log follow; every secret is visible."""

from __future__ import annotations

from persist_helpers import random_game

from el_grande.app.app import ElGrandeApp, ReplayRequest
from el_grande.app.screens.replay import ReplayScreen
from el_grande.core import Game, Options
from tests.app.helpers import press


def finished_game() -> Game:
    return random_game(31, players=3, options=Options(rounds=6, castillo="hidden"))


def board_text(app: ElGrandeApp) -> str:
    return " ".join(str(w.render()) for w in app.screen.query(".place"))


async def test_replay_viewer_steps_both_ways_and_shows_hidden_castillo_counts() -> None:
    """One viewer (one app) for both: the steps both ways, then from the start again, the
    hidden Castillo's counts shown at the first position where someone has Caballeros in it."""
    game = finished_game()
    app = ElGrandeApp(replay=ReplayRequest(game.record(), title="test"))
    async with app.run_test(size=(140, 45)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        m = screen.model
        assert m.pos == 0
        start_log = len(m.log())
        for key in ("right", "right", "l"):
            await press(pilot, key)
        assert m.pos == 3
        assert m.game.snapshot() == Game.replay(game.record(), upto=3).snapshot()
        assert "decision 3 of" in str(screen.query_one("#replay-status").render())
        assert "next: " in str(screen.query_one("#replay-status").render())
        await press(pilot, "left")
        assert m.pos == 2
        assert m.game.snapshot() == Game.replay(game.record(), upto=2).snapshot()
        await press(pilot, "pagedown")
        assert m.pos == m.round_starts[1] and m.round == 3  # short game: rounds 2, 3, 5...
        assert len(m.log()) > start_log
        for key in ("pagedown", "pageup"):
            await press(pilot, key)
        assert m.pos == m.round_starts[1]
        await press(pilot, "end")
        assert m.pos == m.length and m.game.over
        assert m.game.snapshot() == game.snapshot()
        log = screen.query_one("#replay-log")
        assert len(log.lines) >= len(m.log())  # type: ignore[attr-defined]
        await press(pilot, "home")
        assert m.pos == 0
        assert m.game.snapshot() == Game.replay(game.record(), upto=0).snapshot()
        await press(pilot, "left")  # nothing before the start
        assert m.pos == 0
        # find a position where somebody has Caballeros in the hidden Castillo
        for _ in range(m.length):
            await press(pilot, "right")
            if any(p["castillo"] for p in m.game.snapshot()["players"]):
                break
        else:
            raise AssertionError("nobody entered the Castillo")
        rows = " ".join(str(w.render()) for w in app.screen.query(".player-info"))
        assert "?" not in rows  # the view(None) would show "?" for a hidden count
        await press(pilot, "q")
    assert app.return_code in (0, None)


async def test_the_replay_s_row_and_columns_draw_nothing_and_the_screen_shows_under_them() -> None:
    """The row and columns draw nothing of their own (`BLANK`: app/widgets/covered.py); in a
    large window the map stops at its most height, and the screen, which draws, shows there."""
    game = finished_game()
    app = ElGrandeApp(replay=ReplayRequest(game.record(), title="test"))
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        blank = {f"{type(w).__name__}#{w.id}" for w in screen.walk_children() if w.BLANK}
        assert blank == {"Row#main", "Column#left", "Column#right"} and not screen.BLANK
        width, height = screen.size
        shown = {screen.get_widget_at(x, y)[0] for x in range(width) for y in range(height)}
        assert screen.query_one("#left") in shown  # its foot: what the screen draws shows
