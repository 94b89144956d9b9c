"""Save the game to a named file (besides the autosave): a small dialog with a path."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Input, Static

from el_grande.app.closing import close
from el_grande.app.screens.boxed import BoxedModal
from el_grande.names import fit, printable
from el_grande.persist.autosave import AutosaveListener, seats_of
from el_grande.persist.store import save_as, save_from_game
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.session import GameSession


def default_path(session: GameSession) -> Path:
    listener = session.subscriber(AutosaveListener)
    name = listener.saver.file.game_id if listener and listener.saver else "el-grande-game"
    try:
        where = Path.cwd()
    except OSError:  # the folder the game was started in has been removed meanwhile
        where = Path()
    return where / f"{name}.json"


def save_session_as(session: GameSession, path: Path) -> tuple[bool, str]:
    """Write the save file: (saved, the sentence to show). Never writes over anything (a
    file, a link, a FIFO...), and never raises: a name too long, a folder that is not one or
    cannot be written, a NUL in the name — each is a sentence, and the game goes on."""
    shown = _shown(path)
    try:
        path = path.expanduser()  # RuntimeError: `~who/...` for nobody known
        shown = _shown(path)
        if os.path.lexists(path):
            return False, t("save.exists", path=shown)
        listener = session.subscriber(AutosaveListener)
        base = (
            listener.saver.file
            if listener and listener.saver
            else save_from_game(session.game, seats=seats_of(session.seats))
        )
        save_as(session.game, path, base)
    except (OSError, ValueError, RuntimeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return False, t("save.cannot", path=shown, why=printable(why).rstrip("."))
    return True, t("save.saved", path=shown)


def _shown(path: Path) -> str:
    """A path for a sentence: printable, and cut if a person typed thousands of characters."""
    return fit(printable(str(path)), 200)


class SaveAsScreen(BoxedModal[str | None]):
    """Returns the sentence shown after saving (or None if cancelled)."""

    DEFAULT_CSS = """
    #save-box { width: 90; }
    #save-title { text-style: bold; margin-bottom: 1; }
    #save-note { color: $text-muted; margin-top: 1; }
    #save-error { color: $error; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "keys.cancel", id="save_cancel"),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with Vertical(id="save-box", classes="box"):
            yield Static(t("save.title"), id="save-title", markup=False)
            yield Input(str(default_path(self.session)), id="save-path")
            yield Static("", id="save-error", markup=False)
            yield Static(t("save.note"), id="save-note", markup=False)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        saved, message = (
            save_session_as(self.session, Path(text)) if text else (False, t("save.empty"))
        )
        if saved:
            close(self, message)
        else:
            self.query_one("#save-error", Static).update(message)
            self.app.bell()

    def action_cancel(self) -> None:
        close(self)
