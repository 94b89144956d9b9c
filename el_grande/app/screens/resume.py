"""The resume list: the saved games, unfinished ones first, then the finished ones, each
newest first. Enter resumes an unfinished game and replays a finished one, `v` reviews a
finished one (`ReviewScreen`); `n` names a save,
`x` exports it, `d` deletes it (after asking; into the trash); `t` opens the trash
(`TrashScreen`), where Enter brings a deleted save back into the list.

Games open in another window are marked; they cannot be opened, named or deleted here (the
export only reads, so it works); a game whose lock cannot be taken is marked too, and cannot
be opened. Every text from a file (names, paths, error sentences) is shown as text, never as
markup.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from el_grande.app.access import el_app
from el_grande.app.closing import close
from el_grande.app.screens.styled import StyledOnce
from el_grande.names import printable
from el_grande.persist.autosave import setups_of
from el_grande.persist.errors import SaveFileError
from el_grande.persist.manage import (
    TRASH_DAYS,
    delete_save,
    export_save,
    rename_save,
    restore_save,
    trash_dir,
    trashed,
)
from el_grande.persist.store import (
    check_openable,
    game_is_open,
    load_game,
    locked_error,
    record_of,
    resume_list,
    saves_dir,
    shown_path,
)
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.persist.store import SavedGame

_BOX_CSS = """
    {screen} {{
        align: center middle;
        background: $background 80%;
        &:ansi {{ background: ansi_black; }}
    }}
    {screen} > Vertical {{
        width: 90;
        max-width: 95%;
        height: auto;
        max-height: 90%;
        border: round $accent;
        padding: 1 2;
        background: $surface;
        &:ansi {{ background: ansi_black; }}
    }}
    {screen} .box-title {{ text-style: bold; margin-bottom: 1; }}
    {screen} .box-note {{ color: $text-muted; margin-top: 1; }}
    {screen} .box-error {{ color: $error; }}
"""


class ResumeScreen(StyledOnce, ModalScreen[None]):
    DEFAULT_CSS = (
        _BOX_CSS.format(screen="ResumeScreen")
        + """
    #resume-box { width: 110; }
    #resume-list { height: auto; max-height: 20; }
    #resume-error { color: $error; margin-top: 1; }
    #resume-notice { margin-top: 1; }
    """
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss_screen", "keys.back", id="resume_back"),
        Binding("n", "name", "resume.key_name", id="resume_name"),
        Binding("x", "export", "resume.key_export", id="resume_export"),
        Binding("v", "review", "resume.key_review", id="resume_review"),
        Binding("d,delete", "delete", "resume.key_delete", id="resume_delete"),
        Binding("t", "trash", "resume.key_trash", id="resume_trash"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.games: list[SavedGame] = []
        self.problems: list[SaveFileError] = []
        self._scan()

    def _scan(self) -> None:
        self.games, self.problems = resume_list()

    def compose(self) -> ComposeResult:
        with Vertical(id="resume-box"):
            yield Static(t("resume.title"), id="resume-title", classes="box-title", markup=False)
            yield OptionList(*self._options(), id="resume-list", markup=False)
            yield Static(
                t("resume.none", where=shown_path(saves_dir())),
                id="resume-empty",
                markup=False,
            )
            yield Static(self._note(), id="resume-note", classes="box-note", markup=False)
            yield Static("", id="resume-notice", markup=False)
            yield Static("", id="resume-error", markup=False)

    def on_mount(self) -> None:
        self._say()
        self._show_list()

    def _options(self) -> list[Option]:
        # The unfinished games come first, under the screen's title (their places are their
        # numbers in `el-grande resume N`); the finished ones under a heading of their own.
        options: list[Option] = []
        for i, g in enumerate(self.games):
            if g.file.finished and (i == 0 or not self.games[i - 1].file.finished):
                head = Text(t("resume.finished_head"), style="bold")
                options.append(Option(head, id="head-finished", disabled=True))
            options.append(Option(Text(g.describe()), id=str(i)))
        return options

    def _note(self) -> str:
        note = t("resume.keys_all")
        if self.problems:
            note = t("join.parts").join((note, t("resume.skipped", count=len(self.problems))))
        return note

    def _show_list(self, keep: int | None = None) -> None:
        """Show the list as scanned (or that it is empty), the highlight on game `keep`'s
        place (or the nearest game after a deletion)."""
        options = self.query_one("#resume-list", OptionList)
        has_unfinished = any(not g.file.finished for g in self.games)
        self.query_one("#resume-empty").display = not has_unfinished
        options.display = bool(self.games)
        if not self.games:
            return
        at = min(keep or 0, len(self.games) - 1)
        for index in range(options.option_count):
            if options.get_option_at_index(index).id == str(at):
                options.highlighted = index
                break

    def _refresh_list(self, keep: int | None) -> None:
        self._scan()
        options = self.query_one("#resume-list", OptionList)
        options.clear_options()
        options.add_options(self._options())
        self.query_one("#resume-note", Static).update(self._note())
        self._show_list(keep)

    def _chosen(self) -> tuple[int, SavedGame] | None:
        options = self.query_one("#resume-list", OptionList)
        if not self.games or options.highlighted is None:
            return None
        option_id = options.get_option_at_index(options.highlighted).id
        if option_id is None or not option_id.isdigit():
            return None
        return int(option_id), self.games[int(option_id)]

    def _say(self, notice: str = "", error: str = "") -> None:
        for where, text in (("#resume-notice", notice), ("#resume-error", error)):
            shown = self.query_one(where, Static)
            shown.update(Text(text))
            shown.display = bool(text)
        if error:
            self.app.bell()

    def _refuse_if_open(self, chosen: SavedGame) -> None:
        if chosen.open_elsewhere or game_is_open(chosen.file.game_id):
            raise locked_error(chosen.file)

    def _changeable(self) -> tuple[int, SavedGame] | None:
        """The highlighted game, if it may be changed (named, deleted): not while another
        window has it open (said, with a bell)."""
        picked = self._chosen()
        if picked is not None:
            try:
                self._refuse_if_open(picked[1])
            except SaveFileError as exc:
                self._say(error=str(exc))
                return None
        return picked

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()

        picked = self._chosen()
        if picked is None:
            return
        chosen = picked[1]
        try:
            if chosen.file.finished:
                self._replay(chosen)
                return
            if chosen.open_elsewhere:
                raise locked_error(chosen.file)
            check_openable(chosen.file)  # opened elsewhere meanwhile, or its lock unusable
            save, _game = load_game(chosen.path)
            el_app(self).open_saved(save)
        except SaveFileError as exc:  # GameLockedError if it was opened meanwhile
            self._say(error=str(exc))

    def _replay(self, chosen: SavedGame) -> None:
        """A finished game opens in the replay viewer, every secret shown."""
        from el_grande.app.screens.replay import ReplayScreen  # start-up: only when replayed

        save, game = load_game(chosen.path)
        title = printable(save.name) if save.name else None
        replay = ReplayScreen(record_of(save), setups_of(save), title, game.over)
        self.app.push_screen(replay)

    def action_review(self) -> None:
        """A finished game's review (`ReviewScreen`); an unfinished one has none yet."""
        from el_grande.app.screens.review_screen import ReviewScreen  # start-up: when asked

        picked = self._chosen()
        if picked is None:
            return
        chosen = picked[1]
        if not chosen.file.finished:
            self._say(error=t("resume.not_finished"))
            return
        try:
            save, game = load_game(chosen.path)
        except SaveFileError as exc:
            self._say(error=str(exc))
            return
        if not game.over:
            self._say(error=t("resume.not_finished"))
            return
        title = printable(save.name) if save.name else None
        self.app.push_screen(ReviewScreen(record_of(save), setups_of(save), title))

    def action_name(self) -> None:
        picked = self._changeable()
        if picked is None:
            return
        at, chosen = picked

        def act(text: str) -> str:
            renamed = rename_save(chosen, text)
            name = renamed.file.name
            return t("manage.named", name=printable(name)) if name else t("manage.unnamed")

        def done(message: str | None) -> None:
            if message is not None:
                self._refresh_list(at)
                self._say(notice=message)

        current = chosen.file.name or ""
        screen = AskTextScreen(t("manage.name_title"), current, t("manage.name_note"), act)
        self.app.push_screen(screen, done)

    def action_export(self) -> None:
        picked = self._chosen()
        if picked is None:
            return
        chosen = picked[1]
        start = str(Path.cwd() / f"{chosen.file.game_id}.md")

        def act(text: str) -> str:
            return export_save(chosen, Path(text).expanduser())

        def done(message: str | None) -> None:
            if message is not None:
                self._say(notice=message)

        title, note = t("manage.export_title"), t("manage.export_note")
        self.app.push_screen(AskTextScreen(title, start, note, act), done)

    def action_delete(self) -> None:
        picked = self._changeable()
        if picked is None:
            return
        at, chosen = picked

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                delete_save(chosen)
            except SaveFileError as exc:
                self._say(error=str(exc))
                return
            self._refresh_list(at)
            game = printable(chosen.file.game_id)
            where = shown_path(trash_dir())
            self._say(notice=t("manage.deleted", game=game, path=where, days=TRASH_DAYS))
            if self.games:
                self.query_one("#resume-list", OptionList).focus()

        self.app.push_screen(ConfirmDeleteScreen(chosen), done)

    def action_trash(self) -> None:
        def done(restored: tuple[str, str] | None) -> None:
            if restored is None:
                return
            game_id, message = restored
            self._refresh_list(None)
            at = next((i for i, g in enumerate(self.games) if g.file.game_id == game_id), None)
            self._show_list(at)
            self._say(notice=message)
            self.query_one("#resume-list", OptionList).focus()

        self.app.push_screen(TrashScreen(), done)

    def on_key(self, event: events.Key) -> None:
        # The same keys with the Korean input method on (2-beolsik): ㅜ n, ㅌ x, ㅇ d, ㅅ t.
        action = {
            "ㅜ": self.action_name,
            "ㅌ": self.action_export,
            "ㅇ": self.action_delete,
            "ㅍ": self.action_review,
            "ㅅ": self.action_trash,
        }
        act = action.get(event.character or "")
        if act is not None:
            event.stop()
            act()

    def action_dismiss_screen(self) -> None:
        close(self)


class AskTextScreen(StyledOnce, ModalScreen[str | None]):
    """One line to type (a save's name, where to export): Enter calls `act` with it, which
    returns the sentence to show after (the dialog closes) or raises `SaveFileError` (its
    sentence is shown here, nothing changed). Esc: None."""

    DEFAULT_CSS = _BOX_CSS.format(screen="AskTextScreen")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "keys.cancel", id="ask_cancel"),
    ]

    def __init__(self, title: str, value: str, note: str, act: Callable[[str], str]) -> None:
        super().__init__()
        self._title, self._value, self._note, self._act = title, value, note, act

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self._title, classes="box-title", markup=False)
            yield Input(self._value, id="ask-input")
            error = Static("", id="ask-error", classes="box-error", markup=False)
            error.display = False
            yield error
            yield Static(self._note, classes="box-note", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            message = self._act(event.value.strip())
        except SaveFileError as exc:
            error = self.query_one("#ask-error", Static)
            error.update(Text(str(exc)))
            error.display = True
            self.app.bell()
            return
        close(self, message)

    def action_cancel(self) -> None:
        close(self, None)


class ConfirmDeleteScreen(StyledOnce, ModalScreen[bool]):
    """Asks before a save goes to the trash: y deletes, n or Esc keeps it."""

    DEFAULT_CSS = _BOX_CSS.format(screen="ConfirmDeleteScreen")
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "manage.delete_yes", id="delete_yes", show=False),
        Binding("n,escape", "answer(False)", "keys.cancel", id="delete_no"),
    ]

    def __init__(self, chosen: SavedGame) -> None:
        super().__init__()
        self.chosen = chosen

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(t("manage.delete_title"), classes="box-title", markup=False)
            yield Static(Text(self.chosen.describe()), id="delete-game", markup=False)
            note = t("manage.delete_note", days=TRASH_DAYS)
            yield Static(note, classes="box-note", markup=False)
            yield Static(t("manage.delete_keys"), classes="box-note", markup=False)

    def on_key(self, event: events.Key) -> None:
        answer = {"ㅛ": True, "ㅜ": False}.get(event.character or "")  # y, n in 2-beolsik
        if answer is not None:
            event.stop()
            close(self, answer)

    def action_answer(self, yes: bool) -> None:
        close(self, yes)


class TrashScreen(StyledOnce, ModalScreen[tuple[str, str] | None]):
    """The trash: the deleted saves, the latest first; Enter brings the highlighted one back
    into the resume list (`persist.manage.restore_save`: under a new id if its own is taken).
    Returns (the restored game's id, the sentence to show), or None (Esc)."""

    DEFAULT_CSS = (
        _BOX_CSS.format(screen="TrashScreen")
        + """
    #trash-box { width: 110; }
    #trash-list { height: auto; max-height: 16; }
    """
    )
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "keys.back", id="trash_back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.games = trashed()

    def compose(self) -> ComposeResult:
        where = shown_path(trash_dir())
        with Vertical(id="trash-box"):
            title = t("manage.trash_head", path=where, days=TRASH_DAYS)
            yield Static(title, classes="box-title", markup=False)
            options = [Option(Text(g.describe()), id=str(i)) for i, g in enumerate(self.games)]
            yield OptionList(*options, id="trash-list", markup=False)
            yield Static(t("manage.trash_none", path=where), id="trash-empty", markup=False)
            error = Static("", id="trash-error", classes="box-error", markup=False)
            error.display = False
            yield error
            yield Static(t("manage.trash_keys"), classes="box-note", markup=False)

    def on_mount(self) -> None:
        self.query_one("#trash-list").display = bool(self.games)
        self.query_one("#trash-empty").display = not self.games
        if self.games:
            self.query_one("#trash-list", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is None:
            return
        chosen = self.games[int(event.option.id)]
        try:
            restored = restore_save(chosen)
        except SaveFileError as exc:
            error = self.query_one("#trash-error", Static)
            error.update(Text(str(exc)))
            error.display = True
            self.app.bell()
            return
        game, old = printable(restored.file.game_id), printable(chosen.file.game_id)
        if game == old:
            message = t("manage.restored", game=game)
        else:
            message = t("manage.restored_as", game=game, old=old)
        close(self, (restored.file.game_id, message))

    def action_back(self) -> None:
        close(self, None)
