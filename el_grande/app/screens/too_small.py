"""Too small means paused: below the minimum size nothing acts on the game (quit and help
excepted); the game continues unchanged when the terminal is big enough again."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Static

from el_grande.app.access import el_app, imported
from el_grande.app.closing import close
from el_grande.app.screens.help import HelpScreen
from el_grande.app.screens.styled import FirstResume
from el_grande.app.textual_compat import LaidOutOnce
from el_grande.text import t


class TooSmallScreen(LaidOutOnce, ModalScreen[None]):
    """Covers everything while the terminal is smaller than the game needs."""

    DEFAULT_CSS = """
    TooSmallScreen {
        align: center middle;
        background: $background;
        &:ansi { background: ansi_black; }
    }
    #too-small-text {
        width: 100%;
        height: auto;
        text-align: center;
        text-style: bold;
        padding: 0 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "keys.help", id="too_small_help"),
    ]

    def __init__(self, width: int, height: int, min_width: int, min_height: int) -> None:
        super().__init__()
        self.min_width, self.min_height = min_width, min_height
        self._terminal = (width, height)
        self._first_resume = FirstResume(self)

    def compose(self) -> ComposeResult:
        yield Static(self._message(*self._terminal), id="too-small-text", markup=False)

    def _message(self, w: int, h: int) -> Text:
        text = t("too_small", w=w, h=h, min_w=self.min_width, min_h=self.min_height)
        # Under a game: whether it is saved — or why not (never "saved" when it is not).
        if imported("el_grande.app.screens.game"):  # else no game is open
            from el_grande.app.screens.game import GameScreen  # start-up: only with a game

            if any(isinstance(s, GameScreen) for s in self.app.screen_stack):
                problem = el_app(self).save_problem
                text += f"\n\n{problem}" if problem else f" {t('too_small.saved')}"
        return Text(text)

    def show_size(self, width: int, height: int) -> None:
        self._terminal = (width, height)
        if self.is_mounted:
            self.query_one("#too-small-text", Static).update(self._message(width, height))

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        self._first_resume(event)  # styled when mounted: not all again as it comes
        # Back from the help: the terminal may have grown meanwhile.
        w, h = self.app.size
        if w >= self.min_width and h >= self.min_height:
            close(self)

    def on_key(self, event: events.Key) -> None:
        if event.key != "question_mark":
            event.stop()  # nothing else acts while the game is paused

    def on_click(self, event: events.Click) -> None:
        event.stop()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())


def pause_while_too_small(app: App[Any], width: int, height: int, least: tuple[int, int]) -> None:
    """The terminal is `width` × `height`: the pause screen goes on top while it is smaller
    than `least` (its message follows the size), and away once it is not."""
    top = app.screen_stack[-1] if app.screen_stack else None
    if width < least[0] or height < least[1]:
        if isinstance(top, TooSmallScreen):
            top.show_size(width, height)
        else:
            app.push_screen(TooSmallScreen(width, height, *least))
    elif isinstance(top, TooSmallScreen):
        close(top)
