"""The resume dialog: unfinished autosaved games, newest first; Enter resumes one.

Games open in another window, or whose lock cannot be taken, are marked and cannot be opened
here. Every text from a file
(names, paths, error sentences) is shown as text, never as markup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from el_grande.app.access import el_app
from el_grande.app.closing import close
from el_grande.persist.errors import SaveFileError
from el_grande.persist.store import (
    check_openable,
    load_game,
    locked_error,
    saves_dir,
    scan_saves,
    shown_path,
)
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.persist.store import SavedGame


class ResumeScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    ResumeScreen {
        align: center middle;
        background: $background 80%;
        &:ansi { background: ansi_black; }
    }
    #resume-box {
        width: 90;
        max-width: 95%;
        height: auto;
        max-height: 90%;
        border: round $accent;
        padding: 1 2;
        background: $surface;
        &:ansi { background: ansi_black; }
    }
    #resume-title { text-style: bold; margin-bottom: 1; }
    #resume-list { height: auto; max-height: 20; }
    #resume-note { color: $text-muted; margin-top: 1; }
    #resume-error { color: $error; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss_screen", "keys.back", id="resume_back"),
    ]

    def __init__(self) -> None:
        super().__init__()

        games, self.problems = scan_saves()
        self.games: list[SavedGame] = [g for g in games if not g.file.finished]

    def compose(self) -> ComposeResult:
        with Vertical(id="resume-box"):
            yield Static(t("resume.title"), id="resume-title", markup=False)
            if self.games:
                yield OptionList(
                    *[Option(Text(g.describe()), id=str(i)) for i, g in enumerate(self.games)],
                    id="resume-list",
                    markup=False,
                )
            else:
                yield Static(
                    t("resume.none", where=shown_path(saves_dir())),
                    id="resume-empty",
                    markup=False,
                )
            note = t("resume.keys")
            if self.problems:
                skipped = t("resume.skipped", count=len(self.problems))
                note = t("join.parts").join((note, skipped))
            yield Static(note, id="resume-note", markup=False)
            yield Static("", id="resume-error", markup=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        assert event.option.id is not None
        chosen = self.games[int(event.option.id)]
        try:
            if chosen.open_elsewhere:
                raise locked_error(chosen.file)
            check_openable(chosen.file)  # opened elsewhere meanwhile, or its lock unusable
            save, _game = load_game(chosen.path)
            el_app(self).open_saved(save)
        except SaveFileError as exc:  # GameLockedError if it was opened meanwhile
            self.query_one("#resume-error", Static).update(str(exc))
            self.app.bell()

    def action_dismiss_screen(self) -> None:
        close(self)
