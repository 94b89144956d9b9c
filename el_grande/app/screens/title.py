"""The title screen: new game, resume, rules, settings, the scoring sheet, the statistics,
learning, quit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from el_grande.app.access import el_app
from el_grande.app.screens.styled import StyledOnce
from el_grande.app.widgets.keybar import KeyBar
from el_grande.text import t

BANNER = r"""
 _____ _      ____                     _
| ____| |    / ___|_ __ __ _ _ __   __| | ___
|  _| | |   | |  _| '__/ _` | '_ \ / _` |/ _ \
| |___| |___| |_| | | | (_| | | | | (_| |  __/
|_____|_____|\____|_|  \__,_|_| |_|\__,_|\___|
"""


class TitleScreen(StyledOnce, Screen[None]):
    CSS_PATH = "title.tcss"

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNER, id="banner", markup=False)
            yield Static(t("app.subtitle"), id="subtitle", markup=False)
            with Center():
                yield OptionList(
                    Option(t("title.new"), id="new"),
                    Option(t("title.resume"), id="resume"),
                    Option(t("title.rules"), id="rules"),
                    Option(t("title.settings"), id="settings"),
                    Option(t("title.sheet"), id="sheet"),
                    Option(t("statscreen.entry"), id="stats"),
                    Option(t("title.learn"), id="learn"),
                    Option(t("title.quit"), id="quit"),
                    id="title-menu",
                    markup=False,
                )
            yield Static(t("title.hint"), id="title-hint", markup=False)
            yield Static("", id="title-notice", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        # A settings file that could not be used: said here once (and on the terminal).
        notice = self.query_one("#title-notice", Static)
        problem = el_app(self).settings_problem
        notice.update(Text(problem or ""))
        notice.display = bool(problem)
        if problem:
            el_app(self).settings_problem = None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        match event.option.id:
            case "new":
                from el_grande.app.screens.new_game import NewGameScreen  # start-up: later

                self.app.push_screen(NewGameScreen())
            case "learn":
                el_app(self).start_learning()
            case "resume":
                from el_grande.app.screens.resume import ResumeScreen  # start-up: pydantic

                self.app.push_screen(ResumeScreen())
            case "rules":
                from el_grande.app.screens.help import HelpScreen  # start-up: when asked for

                self.app.push_screen(HelpScreen())
            case "settings":
                el_app(self).open_settings()
            case "sheet":
                el_app(self).open_sheet()
            case "stats":
                from el_grande.app.screens.stats import StatsScreen  # start-up: sqlite3, later

                self.app.push_screen(StatsScreen())
            case "quit":
                self.app.exit()
