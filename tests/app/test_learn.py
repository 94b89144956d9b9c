"""The guided first game in the app: `el-grande learn`, the title's "Learn to play", the coach
panel (shows, lights a widget, hides and comes back with `i`), the summary at game over, and
all of it in Korean."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.game import GameScreen
from el_grande.app.screens.game_over import GameOverScreen
from el_grande.app.screens.title import TitleScreen
from el_grande.app.widgets.coach import LIT, CoachPanel
from el_grande.flow.guided import guided_session
from el_grande.flow.lessons import LEARN, LESSONS, TIPS
from el_grande.flow.table import TableFlow
from el_grande.text import t, use

from ..flow.test_guided import first_choice, flow_for, play
from .helpers import SIZE, press, screen_text, settle
from .test_korean import latin_words


def _lit(scr: GameScreen) -> list[str]:
    return [id for id in LIT if scr.query_one(f"#{id}").has_class("-coached")]


async def test_learn_opens_the_guided_game_with_its_coach() -> None:
    app = ElGrandeApp(learn=True, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        scr = app.screen
        assert isinstance(scr, GameScreen) and scr.session.coach == LEARN
        coach = scr.query_one(CoachPanel)
        assert coach.display
        shown = screen_text(app)
        assert t("lesson.power.title") in shown
        title = t("learn.coach_keys", title=t("lesson.power.title"))
        assert title.split(" · ")[0] in shown  # the lesson's title and the coach's keys
        assert _lit(scr) == ["players"]  # the power cards' lesson lights the players' panel
        await press(pilot, "i")
        await pilot.pause()
        assert not coach.display and _lit(scr) == []
        assert t("lesson.power.title") not in screen_text(app)
        await press(pilot, "escape")  # Escape dismisses a tip only: the coach stays hidden
        assert not coach.display
        await press(pilot, "i")
        assert coach.display and _lit(scr) == ["players"]
        # Every choice is the player's: the coach took no key from the prompt.
        assert scr.decision is not None and scr.decision.kind == "power"
        assert len(scr.session.game.history) == 0


def _every_lesson_fits(scr: GameScreen) -> None:
    """Every lesson's sentences fit the rows the coach has (its title is on the panel's
    edge): read in a guided game opened at the smallest size, 100×30, in each language."""
    from rich.console import Console

    from el_grande.app.widgets.coach import lesson_text

    region = scr.query_one(CoachPanel).content_region
    console = Console(width=region.width)
    for lesson in LESSONS:
        lines = Text(lesson_text(lesson)).wrap(console, region.width)
        assert len(lines) <= region.height, (lesson.id, len(lines), region.height)


async def test_the_coach_follows_the_game_to_the_next_lesson() -> None:
    """The coach follows the game to the next lesson and pages back and on (and, opened at
    100×30, every lesson fits it: `_every_lesson_fits`)."""
    app = ElGrandeApp(learn=True, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, GameScreen)
        _every_lesson_fits(scr)
        await press(pilot, "enter")  # a power card
        for _ in range(200):
            await settle(pilot)
            if isinstance(app.screen, GameScreen):
                if app.screen.waiting_for_choice:
                    break
                await pilot.pause()  # the computer players play
            else:
                await press(pilot, "enter")  # a scoring display, if one came first
        assert scr.decision is not None and scr.decision.kind == "court"
        assert t("lesson.court.title") in screen_text(app)
        assert scr.flow.coach is not None and "court" in scr.flow.coach.met
        # Two lessons met: `[ ]` pages back and on, "lesson 1 of 2"; the coach says so.
        court = t("learn.coach_page", n=2, of=2, title=t("lesson.court.title"))
        edge = t("learn.coach_keys_pages", title=court)
        assert edge.split(" · ")[0] in screen_text(app)
        moves = len(scr.session.game.history)
        await press(pilot, "left_square_bracket")
        shown = screen_text(app)
        power = t("learn.coach_page", n=1, of=2, title=t("lesson.power.title"))
        assert power in shown and t("lesson.power.2")[:30] in shown
        assert _lit(scr) == ["players"]
        await press(pilot, "left_square_bracket")  # the first stays
        assert power in screen_text(app)
        await press(pilot, "right_square_bracket")
        assert court in screen_text(app)
        # Reading back answers nothing: the court decision still waits.
        assert len(scr.session.game.history) == moves and scr.decision.kind == "court"


async def test_learn_to_play_on_the_title_screen() -> None:
    app = ElGrandeApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        menu = app.screen.query_one("#title-menu")
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]  # type: ignore[attr-defined]
        menu.highlighted = ids.index("learn")  # type: ignore[attr-defined]
        await press(pilot, "enter")
        assert isinstance(app.screen, GameScreen) and app.screen.session.coach == LEARN


def _finished(home: Path, n: int) -> None:
    from el_grande.persist import played

    for k in range(n):
        played.game_finished(f"game-{k}", home)


@pytest.mark.parametrize(("finished", "tips"), [(0, True), (2, True), (3, False)])
async def test_tips_in_a_normal_game_until_three_are_finished(
    finished: int, tips: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from .helpers import make_app

    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    _finished(tmp_path, finished)
    app = make_app(2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        scr = app.screen
        assert isinstance(scr, GameScreen)
        panel = scr.query_one(CoachPanel)
        assert (scr.session.coach == TIPS) is tips
        assert panel.display is tips
        assert scr.check_action("coach", ()) is tips
        assert _lit(scr) == []  # a tip lights nothing
        if not tips:
            assert " i " not in screen_text(app).splitlines()[-1]
            return
        assert panel.region.height == 1  # one line
        line = t("learn.tip", title=t("lesson.power.title"), text=t("lesson.power.1"))
        assert line[:40] in screen_text(app)
        await press(pilot, "escape")  # dismissed, and no answer given
        await pilot.pause()
        assert not panel.display and len(scr.session.game.history) == 0
        assert line[:40] not in screen_text(app)
        await press(pilot, "i")  # brought back
        assert panel.display
        await press(pilot, "i")
        assert not panel.display
        await press(pilot, "enter")  # the first player's power card: the next prompt's tip
        await settle(pilot)
        assert len(scr.session.game.history) == 1
        assert panel.display and scr.flow.coach is not None and scr.flow.coach.current != "power"


def finished_guided_game() -> TableFlow:
    """A guided game played to its end headless, the player taking the first choice."""
    flow, clock = flow_for(guided_session())
    flow.start()
    play(flow, clock, first_choice)
    assert flow.session.game.over
    flow.close()
    return flow


async def test_the_summary_lists_lessons_met_and_never_reached_with_their_help_pages() -> None:
    flow = finished_guided_game()
    session = flow.session
    session.lessons[:] = [lesson.id for lesson in LESSONS if lesson.id != "tie"]  # no tie
    app = ElGrandeApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        shown = screen_text(app)
        assert t("learn.summary_met", n=len(LESSONS) - 1) in shown
        assert t("learn.summary_missed", n=1) in shown
        page = t("help.rules_title")
        assert t("learn.summary_line", title=t("lesson.tie.title"), page=page) in shown
        missed_at = shown.index(t("learn.summary_missed", n=1))
        assert shown.index(t("lesson.tie.title"), missed_at) > missed_at


async def test_the_guided_game_speaks_korean() -> None:
    """The guided game and its summary in Korean (and, opened at 100×30, every lesson fits
    the coach in Korean too: `_every_lesson_fits`)."""
    use("ko")
    app = ElGrandeApp(learn=True, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, GameScreen)
        _every_lesson_fits(scr)
        shown = screen_text(app)
        assert t("lesson.power.title") in shown
        names = list(scr.session.seating.names)
        assert latin_words(shown, *names) == []
        # The player is named in Korean, as the new-game form names the built-in players
        # (not "Ana" of the English settings).
        assert names[0] == t("new.default_names").split(",")[0] and latin_words(names[0]) == []
    # The summary too.
    flow = finished_guided_game()
    app = ElGrandeApp(session=flow.session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        lessons = str(app.screen.query_one("#over-lessons").render())
        assert t("learn.summary_title") in lessons
        assert latin_words(lessons) == []
    use("en")


def test_every_lesson_reads_in_korean_without_english() -> None:
    """The coach's every sentence, in Korean (the Korean walk does not reach them all)."""
    from el_grande.app.widgets.coach import lesson_text, summary_text, tip_line

    use("ko")
    try:
        for lesson in LESSONS:
            assert latin_words(t(lesson.title_key) + " " + lesson_text(lesson)) == [], lesson.id
            assert latin_words(tip_line(lesson.id)) == [], lesson.id
        assert latin_words(t("learn.coach_wait") + t("learn.coach_keys", title="")) == []
        assert latin_words(summary_text([]).plain) == []
    finally:
        use("en")


@pytest.mark.usefixtures("at_a_terminal")
def test_el_grande_learn_is_a_command_that_opens_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """`el-grande learn` builds the app with the guided game (run replaced: no terminal)."""
    from el_grande import cli

    opened: list[bool] = []
    monkeypatch.setattr(ElGrandeApp, "run", lambda self, **kw: opened.append(self._learn))
    monkeypatch.setattr(ElGrandeApp, "exit_report", lambda self: 0)
    assert "learn" in cli.APP_COMMANDS
    assert cli.main(["learn"]) == 0
    assert opened == [True]


def test_the_guided_games_player_is_named_in_the_language_unless_someone_chose_a_name() -> None:
    """The built-in players (nobody chose them) are named as the new-game form names them
    (민준 in Korean, Ana in English); a name someone set stays as it is."""
    from el_grande.app.widgets.form import in_language
    from el_grande.settings import DEFAULT_PLAYERS, PlayerDefault

    use("ko")
    try:
        assert in_language(DEFAULT_PLAYERS)[0].name == "민준"
        chosen = (PlayerDefault("Jack", "yellow"), *DEFAULT_PLAYERS[1:])
        assert in_language(chosen) == chosen
    finally:
        use("en")
    assert in_language(DEFAULT_PLAYERS)[0].name == "Ana"
