"""Timers and screens cannot fight: a screen that closes itself — by the table's clock, a call
queued for later, or the flow of a game that ends — closes once, and only itself, also while
the pause of a terminal too small (or the help) covers it (`el_grande.app.closing`; the table
flow does not move while covered: `TableFlow.may_act`).

The display's pace is driven by the table's own clock (`ManualClock.advance`, what the app's
timers would call), never by waiting: nothing here depends on the machine's speed.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.widgets import Static

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.game_over import GameOverScreen
from el_grande.app.screens.help import HelpScreen
from el_grande.app.screens.scoring import ScoringScreen
from el_grande.app.screens.too_small import TooSmallScreen
from el_grande.flow.clock import ManualClock
from el_grande.session import GameSession
from tests.app.helpers import SIZE, pick_first, play, session_at, settle

SMALL = (80, 24)
PACE = 2.0


def names(app: ElGrandeApp) -> list[str]:
    return [type(s).__name__ for s in app.screen_stack]


def _last_choice(s: GameSession) -> bool:
    d = s.decision
    if d is None:
        return False
    clone = s.game.clone()
    clone.apply(d.choices[0])
    return clone.decision is None


def finished_app(clock: ManualClock) -> ElGrandeApp:
    """A 2-player game at its last choice: the final scoring's display that choice starts
    steps on by itself every `PACE` seconds of `clock` (`--auto`). (A game opened finished
    shows no display: a resumed game does not play its last scoring again.)"""
    session = session_at(2, 7, _last_choice, rounds=6)
    assert session.decision is not None
    return ElGrandeApp(session=session, curtain_seed=0, auto_advance=PACE, clock=clock)


async def scoring_on_top(pilot: Pilot[None]) -> ScoringScreen:
    """Make the last choice (and pass its curtain): the final scoring's display is on top."""
    await settle(pilot)
    await play(pilot, pick_first, until=lambda a: isinstance(a.screen, ScoringScreen))
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ScoringScreen), names(pilot.app)  # type: ignore[arg-type]
    return screen


async def tick(pilot: Pilot[None], clock: ManualClock, times: int) -> None:
    for _ in range(times):
        clock.advance(PACE)
        await settle(pilot)


async def test_a_scoring_display_stepping_on_by_itself_waits_under_the_pause() -> None:
    """`--auto` (or a table of computer players) with the terminal shrunk below 100×30: the
    scoring screen's timer once dismissed twice under the pause screen and killed the app
    (`InvalidStateError`), exit status 0."""
    clock = ManualClock()
    app = finished_app(clock)
    async with app.run_test(size=SIZE) as pilot:
        scoring = await scoring_on_top(pilot)
        steps = len(scoring.steps)
        assert steps > 2
        await pilot.resize_terminal(*SMALL)
        await settle(pilot)
        pause = app.screen
        assert isinstance(pause, TooSmallScreen)
        await tick(pilot, clock, steps + 5)  # far past the last step
        assert app.screen is pause, names(app)  # the pause stays
        assert scoring in app.screen_stack and scoring.index == 0  # the display waits
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert app.screen is scoring and scoring.index <= 1
        await tick(pilot, clock, steps + 5)  # now it steps on, and closes once
        assert isinstance(app.screen, GameOverScreen), names(app)
        assert names(app) == ["Screen", "GameOverScreen"]
    assert app.return_code in (None, 0)  # (1 after an unhandled exception)


async def test_the_help_over_a_scoring_display_and_over_the_pause_closes_only_itself() -> None:
    """The help over a scoring display stepping on by itself: the display waits under it and
    never closes the help. Then, in the same app, the terminal grows while the help is open
    over the pause: the pause closes itself when the help goes (and the growth's own closing
    does not take another screen with it). (One app for both: each starts from the final
    scoring's display on top, and the first leaves it there.)"""
    clock = ManualClock()
    app = finished_app(clock)
    async with app.run_test(size=SIZE) as pilot:
        scoring = await scoring_on_top(pilot)
        help_screen = HelpScreen()
        app.push_screen(help_screen)
        await settle(pilot)
        await tick(pilot, clock, len(scoring.steps) + 5)
        assert app.screen is help_screen and scoring.index == 0
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is scoring
        # The pause, the help over it, the terminal growing while the help is open.
        await pilot.resize_terminal(*SMALL)
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert names(app)[-2:] == ["TooSmallScreen", "HelpScreen"]
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert names(app)[-2:] == ["TooSmallScreen", "HelpScreen"]  # the help stays up
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is scoring, names(app)
        assert names(app) == ["Screen", "GameScreen", "ScoringScreen"]


class Note(ModalScreen[str]):
    def compose(self) -> ComposeResult:
        yield Static("a note")


async def test_close_dismisses_once_and_only_its_own_screen() -> None:
    from el_grande.app.closing import close

    app = ElGrandeApp()
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


async def test_replace_switches_only_its_own_screen_once_uncovered() -> None:
    """The game over replaces the game screen (`switch_screen`): under the pause it once
    replaced the pause screen itself."""
    from el_grande.app.closing import replace

    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        under, cover, new = Note(), HelpScreen(), Note()
        app.push_screen(under)
        app.push_screen(cover)
        await settle(pilot)
        replace(under, new)
        replace(under, Note())  # once: this one is never shown
        await settle(pilot)
        assert app.screen is cover and under in app.screen_stack
        await pilot.press("escape")  # the help goes
        await settle(pilot)
        assert app.screen is new and under not in app.screen_stack
        assert names(app).count("Note") == 1
