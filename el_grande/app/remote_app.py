"""The app of a screen at a hosted table: `el-grande join` (a seat), `el-grande watch` (a
spectator) and the host's own keyboard (`el-grande host --here`).

`JoinApp` shows "connecting" until the host has welcomed the connection, then the seat's (or
the spectator's) game screen (`el_grande.app.screens.remote_game`). What carries the messages
is given: the state's link (the websocket client's, `el_grande.net.client`, run beside the
app or as its `connect` coroutine; or a `LocalLink` to a table in this process). Leaving
(`q`, Ctrl+C, a closed terminal) keeps the seat: the host holds the game, and the same code
opens it again.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from el_grande.app.app import localise_bindings
from el_grande.app.screens.remote_game import RemoteGameScreen
from el_grande.app.textual_compat import CompatApp
from el_grande.names import printable
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.net.remote import RemoteState

_STYLES = Path(__file__).parent


class Connecting(Screen[None]):
    """Until the host's welcome: where to, and why not yet (the host's `bye`, if any)."""

    DEFAULT_CSS = """
    Connecting { align: center middle; }
    Connecting > Static { width: auto; max-width: 80; padding: 1 2; border: round $accent; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape", "app.quit", "keys.quit")]

    def __init__(self, where: str) -> None:
        super().__init__()
        self.where = where

    def compose(self) -> ComposeResult:
        where = printable(self.where)
        text = t("remote.connecting", where=where) if where else t("remote.connecting_table")
        yield Static(Text(text), id="connecting")

    def say(self, text: str) -> None:
        self.query_one("#connecting", Static).update(Text(printable(text)))


class JoinApp(CompatApp):
    """A screen at a hosted table: `state` is what its connection is told; `link` carries
    what the screen sends (the websocket client's `SocketLink`, or a `LocalLink`, closed
    when the app ends); `connect`, if given, the coroutine that keeps the connection (run in
    the app's loop, cancelled when it closes; the command line may run its client beside the
    app instead)."""

    CSS_PATH: ClassVar[list[str | PurePath]] = [_STYLES / "app.tcss"]
    TITLE = "El Grande"

    def __init__(
        self,
        state: RemoteState,
        link: object | None = None,
        *,
        connect: Callable[[], Awaitable[Any]] | None = None,
        where: str = "",
    ) -> None:
        super().__init__()
        self.state = state
        self.link = link
        self._connect = connect
        self.where = where
        self._stop: Callable[[], None] | None = None
        self.game_screen: RemoteGameScreen | None = None

    def get_screen(self, screen: Any, screen_class: Any = None) -> Any:
        found = super().get_screen(screen, screen_class)
        localise_bindings(found)
        return found

    def on_mount(self) -> None:
        localise_bindings(self)
        self.push_screen(Connecting(self.where))
        self._stop = self.state.listen(lambda _state: self._changed())
        if self._connect is not None:
            self.run_worker(self._connect(), name="connection", exclusive=True)
        self._changed()

    def on_unmount(self) -> None:
        if self._stop is not None:
            self._stop()
        close = getattr(self.link, "close", None)
        if callable(close):  # (a LocalLink: the table hears the screen go)
            close()

    def _changed(self) -> None:
        state = self.state
        if self.game_screen is None and state.welcomed and state.seating is not None:
            self.game_screen = RemoteGameScreen(state)
            self.switch_screen(self.game_screen)
            return
        if self.game_screen is None and isinstance(self.screen, Connecting):
            if state.bye is not None:
                self.screen.say(state.bye)
            elif state.refused is not None:
                self.screen.say(state.refused)


#: The name the first cut of the screens gave it.
RemoteApp = JoinApp
