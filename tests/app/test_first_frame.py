"""Start-up (issue 11): a screen's widgets are styled once before its first frame, not
twice; a theme chosen later still reaches a screen that is not on top. A screen is laid out
once before its first frame (issue 30), and again for each new size."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.color import Color
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.geometry import Size
from textual.screen import Screen

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.game import GameScreen
from el_grande.app.screens.title import TitleScreen

from .helpers import SIZE, make_app, settle


@pytest.fixture
def restyled(monkeypatch: pytest.MonkeyPatch) -> list[list[DOMNode]]:
    """Every batch of nodes Textual restyles (`Stylesheet.update_nodes`), in order."""
    batches: list[list[DOMNode]] = []
    update_nodes = Stylesheet.update_nodes

    def record(self: Stylesheet, nodes: object, animate: bool = False) -> None:
        batch = list(nodes)  # type: ignore[call-overload]
        batches.append(batch)
        update_nodes(self, batch, animate)

    monkeypatch.setattr(Stylesheet, "update_nodes", record)
    return batches


def _whole(batches: list[list[DOMNode]], screen_type: type) -> int:
    """How many batches restyled a whole screen of `screen_type`."""
    return sum(1 for b in batches if b and isinstance(b[0], screen_type) and len(b) > 5)


async def test_the_game_screen_its_answers_and_the_default_screen_are_styled_once(
    restyled: list[list[DOMNode]],
) -> None:
    """One start of a game, three things styled once before its first frame:

    - the game screen: styled when mounted, not once more;
    - its answers: the game screen focuses them as it opens (`AUTO_FOCUS`), they are styled
      as focused when mounted, and taking the focus restyles nothing; they hold the keys;
    - the screen under every other (`App.get_default_screen`): not restyled when Textual
      first resumes it."""
    from el_grande.app.widgets.prompt import DecisionPrompt

    app = make_app(3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        assert _whole(restyled, GameScreen) == 0  # styled when mounted, not once more
        assert game.styles.background == Color.parse(app.get_css_variables()["background"])
        # The answers.
        choices = game.query_one(DecisionPrompt).options
        assert game.focused is choices and choices.has_focus
        assert not any(choices in batch for batch in restyled)
        # The default screen.
        default = app.screen_stack[0]
        assert default.id == "_default" and default is not app.screen
        assert not any(batch and batch[0] is default for batch in restyled)


async def test_a_theme_chosen_while_the_game_waits_reaches_the_game(
    restyled: list[list[DOMNode]],
) -> None:
    app = make_app(2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.screen
        before = game.styles.background
        app.push_screen(TitleScreen())  # any screen over the game
        await settle(pilot)
        app.theme = "solarized-light" if app.theme != "solarized-light" else "nord"
        app.pop_screen()
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert game.styles.background != before
        assert game.styles.background == Color.parse(app.get_css_variables()["background"])


async def test_the_title_is_styled_once_before_its_first_frame(
    restyled: list[list[DOMNode]],
) -> None:
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        assert _whole(restyled, TitleScreen) == 0


async def test_a_pushed_screen_is_styled_once_as_it_comes_and_with_its_own_style_file(
    restyled: list[list[DOMNode]],
) -> None:
    """Textual restyled every screen pushed when it first came (a curtain about 1.5 ms, the
    help more): styled when mounted, a screen whose style file was read is not again.

    Textual styles a pushed screen before it reads the file the screen brings, and its
    widgets after: that screen alone is restyled as it comes, and it and every widget of it
    are styled as a screen whose file was read before is (the remote seat's first scoring
    display was laid out without its own styles when it had not been restyled)."""
    from el_grande.app.screens.help import HelpScreen
    from el_grande.app.screens.styled import own_styles_read

    def styles(screen: DOMNode) -> list[str]:
        return [node.styles.css for node in screen.walk_children(with_self=True)]

    app = make_app(3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = HelpScreen()
        assert not own_styles_read(screen)
        app.push_screen(screen)
        await settle(pilot)
        assert app.screen is screen
        assert _whole(restyled, HelpScreen) == 0
        assert [screen] in restyled
        assert screen.styles.align_horizontal == "center"  # help.tcss: the screen's own
        first = styles(screen)
        app.pop_screen()
        await settle(pilot)
        restyled.clear()
        again = HelpScreen()
        assert own_styles_read(again)
        app.push_screen(again)  # its style file read by the first
        await settle(pilot)
        assert app.screen is again and again is not screen
        assert _whole(restyled, HelpScreen) == 0
        assert again.styles.background == screen.styles.background
        assert styles(again) == first


@pytest.fixture
def laid_out(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Size]]:
    """Each screen's layout (`Screen._refresh_layout`: its class's name and the size), and a
    mark ("frame", the app's size) after each frame."""
    layouts: list[tuple[str, Size]] = []
    refresh_layout = Screen._refresh_layout
    display = App._display

    def record(self: Screen[object], size: Size | None = None, scroll: bool = False) -> None:
        layouts.append((type(self).__name__, self.outer_size if size is None else size))
        refresh_layout(self, size, scroll)

    def frame(self: App[object], screen: Screen[object], update: object) -> None:
        display(self, screen, update)  # type: ignore[arg-type]
        layouts.append(("frame", self.size))

    monkeypatch.setattr(Screen, "_refresh_layout", record)
    monkeypatch.setattr(App, "_display", frame)
    return layouts


@pytest.mark.frames  # the first frame is drawn
async def test_a_new_game_is_laid_out_once_before_its_first_frame(
    laid_out: list[tuple[str, Size]],
) -> None:
    """Textual lays a screen out again for the `Resize` its own first layout sends it, and
    every screen under it too (`LaidOutOnce`): the game screen and the default screen were
    each laid out twice more before the first frame."""
    app = make_app(3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        first = laid_out.index(("frame", Size(*SIZE)))
        assert laid_out[:first] == [("Screen", Size(*SIZE)), ("GameScreen", Size(*SIZE))]


async def test_a_new_size_lays_out_the_screen_and_those_seen_under_it(
    laid_out: list[tuple[str, Size]],
) -> None:
    """A screen laid out once for its size still is for a new one: the game screen, and the
    game under a modal screen."""
    from el_grande.app.screens.help import HelpScreen

    app = make_app(3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = app.screen
        laid_out.clear()
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert ("GameScreen", Size(120, 40)) in laid_out and game.outer_size == Size(120, 40)
        app.push_screen(HelpScreen())
        await settle(pilot)
        laid_out.clear()
        await pilot.resize_terminal(110, 35)
        await settle(pilot)
        assert ("HelpScreen", Size(110, 35)) in laid_out
        assert ("GameScreen", Size(110, 35)) in laid_out and game.outer_size == Size(110, 35)
