"""Timers and screens cannot fight: a screen that closes itself — by a timer, a call queued
for later, or the flow of a game that ends — closes once, and only itself, also while the
pause of a terminal too small (or the help) covers it (`el_grande.app.closing`).

The timers are driven by Textual's own timer objects (`Timer._tick`, what the clock would
call), never by waiting: nothing here depends on the machine's speed.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.pilot import Pilot
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.game_over import GameOverScreen
from el_grande.app.screens.help import HelpScreen
from el_grande.app.screens.scoring import ScoringScreen
from el_grande.app.screens.too_small import TooSmallScreen
from tests.app.helpers import SIZE, session_at, settle

SMALL = (80, 24)


def names(app: ElGrandeApp) -> list[str]:
    return [type(s).__name__ for s in app.screen_stack]


async def tick(screen: Screen[Any], times: int) -> None:
    """What the clock does when a timer of `screen` is due, `times` times over."""
    timers = list(screen._timers)  # type: ignore[attr-defined]
    assert timers, "the screen has no timer"
    for count in range(times):
        for timer in timers:
            await timer._tick(next_timer=0.0, count=count)


def finished_app(**kwargs: Any) -> ElGrandeApp:
    """A finished 2-player game whose last choice scored: its display is shown on opening."""
    session = session_at(2, 7, lambda s: False, rounds=6)
    assert session.decision is None
    return ElGrandeApp(session=session, curtain_seed=0, **kwargs)


async def scoring_on_top(pilot: Pilot[None]) -> ScoringScreen:
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ScoringScreen), names(pilot.app)  # type: ignore[arg-type]
    return screen


async def test_a_scoring_display_stepping_on_by_itself_waits_under_the_pause() -> None:
    """`--auto` (or a table of computer players) with the terminal shrunk below 100×30: the
    scoring screen's timer once dismissed twice under the pause screen and killed the app
    (`InvalidStateError`), exit status 0."""
    app = finished_app(auto_advance=2.0)
    async with app.run_test(size=SIZE) as pilot:
        scoring = await scoring_on_top(pilot)
        steps = len(scoring.steps)
        await pilot.resize_terminal(*SMALL)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await tick(scoring, steps + 5)  # far past the last step
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen), names(app)  # the pause stays
        assert scoring in app.screen_stack and scoring.index == 0  # the display waits
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert app.screen is scoring
        await tick(scoring, steps + 5)  # now it steps on, and closes once
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen), names(app)
        assert "ScoringScreen" not in names(app)
    assert app.return_code in (None, 0)  # (1 after an unhandled exception)


async def test_a_scoring_display_under_the_help_never_closes_the_help() -> None:
    app = finished_app(auto_advance=2.0)
    async with app.run_test(size=SIZE) as pilot:
        scoring = await scoring_on_top(pilot)
        help_screen = HelpScreen()
        await app.push_screen(help_screen)
        await settle(pilot)
        await tick(scoring, len(scoring.steps) + 5)
        await settle(pilot)
        assert app.screen is help_screen and scoring.index == 0
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is scoring


async def test_a_display_closed_twice_under_the_pause_is_closed_once_after_it() -> None:
    """Enter and a tick asking at once, or `f` and a tick: `_close` twice while covered."""
    app = finished_app()
    async with app.run_test(size=SIZE) as pilot:
        scoring = await scoring_on_top(pilot)
        await pilot.resize_terminal(*SMALL)
        await settle(pilot)
        pause = app.screen
        assert isinstance(pause, TooSmallScreen)
        scoring._close()
        scoring._close()
        await settle(pilot)
        assert app.screen is pause and scoring in app.screen_stack
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen), names(app)
        assert names(app).count("GameOverScreen") == 1


async def test_a_game_that_ends_under_the_pause_waits_for_it_to_lift() -> None:
    """The game over replaces the game screen (`switch_screen`): once replaced the pause
    screen itself, in a terminal still too small."""
    app = finished_app()
    app.run_to_end = True  # no display: the game screen goes straight to the game over
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen), names(app)
        assert "GameOverScreen" not in names(app)
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen), names(app)
        assert "TooSmallScreen" not in names(app)


class Note(ModalScreen[str]):
    def compose(self) -> ComposeResult:
        yield Static("a note")


async def test_close_dismisses_once_and_only_its_own_screen() -> None:
    from el_grande.app.closing import close

    app = ElGrandeApp(guard_seconds=0)
    results: list[str | None] = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        note = Note()
        app.push_screen(note, results.append)
        await settle(pilot)
        cover = HelpScreen()
        app.push_screen(cover)
        await settle(pilot)
        close(note, "first")
        close(note, "second")
        await settle(pilot)
        assert app.screen is cover and note in app.screen_stack and results == []
        close(cover)
        await settle(pilot)
        assert note not in app.screen_stack and results == ["first"]
        close(note, "third")  # closed: nothing
        await settle(pilot)
        assert results == ["first"] and type(app.screen).__name__ == "TitleScreen"
