"""The app of a screen at a hosted table: `el-grande join` (a seat), `el-grande watch` (a
spectator) and the host's own keyboard (`el-grande host --here`).

`JoinApp` shows "connecting" until the host has welcomed the connection, then the seat's (or
the spectator's) game screen (`el_grande.app.screens.remote_game`). What carries the messages
is given: the state's link (the websocket client's, `el_grande.net.client`, run beside the
app or as its `connect` coroutine; or a `LocalLink` to a table in this process). Leaving
(`q`, Ctrl+C, a closed terminal) keeps the seat: the host holds the game, and the same code
opens it again.

Several seats at one keyboard (the host's, `--here 1,2`: a mixed table) are a `Keyboard`: a
connection per seat beside a watcher's. The screen shows the watcher's public board; when
one of those seats has a decision it is handed the keyboard by a deliberate act — a curtain
that only a letter drawn for it lowers (typed-ahead keys of the seat before never do) — and
sees its own screen (its own view: a hidden Castillo's count) until its decisions at hand
are made; then the public board again, and the next seat's decision — the same seat's too,
after anybody else's — comes behind a curtain again. A display is stepped once, on the
public screen, for all of them.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, Static

from el_grande.app.app import localise_bindings
from el_grande.app.present import decision_what, secret_what
from el_grande.app.screens.curtain import CurtainScreen
from el_grande.app.screens.remote_game import RemoteGameScreen
from el_grande.app.screens.styled import StyledOnce
from el_grande.app.textual_compat import CompatApp
from el_grande.flow.handover import LETTERS
from el_grande.flow.scenes import Confirm, Prompt
from el_grande.names import printable
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.app.screens.host_desk import Desk
    from el_grande.net.remote import RemoteState

_STYLES = Path(__file__).parent


class Connecting(StyledOnce, Screen[None]):
    """Until the host's welcome: where to, and why not yet (the host's `bye`, if any)."""

    DEFAULT_CSS = """
    Connecting { align: center middle; }
    Connecting > Static { width: auto; max-width: 80; padding: 1 2; border: round $accent; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("q,escape", "app.quit", "keys.quit")]

    def __init__(self, where: str, said: str | None = None) -> None:
        super().__init__()
        self.where = where
        self.said = said  # the host's sentence, once it said one

    def compose(self) -> ComposeResult:
        where = printable(self.where)
        text = t("remote.connecting", where=where) if where else t("remote.connecting_table")
        yield Static(Text(text if self.said is None else printable(self.said)), id="connecting")

    def say(self, text: str) -> None:
        self.said = text
        if self.is_mounted:  # (else composed with it)
            self.query_one("#connecting", Static).update(Text(printable(text)))


class CodeEntry(StyledOnce, Screen[str]):
    """The code, asked on the screen (`el-grande serve`: a browser's page has no terminal
    to ask at): typed hidden, Enter sends it; the host's sentence about the last code (one
    that opened nothing, an address locked out) above it."""

    DEFAULT_CSS = """
    CodeEntry { align: center middle; }
    CodeEntry > #code-box { width: 60; height: auto; padding: 1 2; border: round $accent; }
    #code-said { color: $warning; margin-bottom: 1; }
    #code-input { margin-top: 1; }
    #code-note { color: $text-muted; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.quit", "keys.quit")]

    def __init__(self, where: str, said: str | None = None) -> None:
        super().__init__()
        self.where = where
        self.said = said

    def compose(self) -> ComposeResult:
        with Vertical(id="code-box"):
            if self.said is not None:
                yield Static(Text(printable(self.said)), id="code-said")
            yield Static(Text(t("remote.code_title", where=printable(self.where))))
            yield Input(password=True, max_length=40, placeholder="XXXX-XXXX-XXXX", id="code-input")
            yield Static(t("remote.code_note"), id="code-note", markup=False)

    def on_mount(self) -> None:
        self.query_one("#code-input", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        code = event.value.strip()
        if code:
            self.dismiss(code)


class Keyboard:
    """Several seats at one keyboard: each seat's connection state (its own screen), beside
    the watcher's state the app was given (the public board everybody at the keyboard sees)."""

    def __init__(self, seats: Mapping[int, RemoteState], letters: random.Random | None = None):
        self.seats = dict(seats)
        self.letters = letters if letters is not None else random.Random()
        #: The seat whose own screen shows (None: the public board).
        self.holder: int | None = None
        self._last_letter: str | None = None

    def turn(self) -> int | None:
        """The seat at this keyboard whose decision is at hand (its prompt or its held turn)."""
        for seat, state in self.seats.items():
            if state.display is None and isinstance(state.scene, Prompt | Confirm):
                return seat
        return None

    def letter(self) -> str:
        letter = self.letters.choice([c for c in LETTERS if c != self._last_letter])
        self._last_letter = letter
        return letter


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
        keyboard: Keyboard | None = None,
        desk: Desk | None = None,
        ask: Callable[[str], Awaitable[Any]] | None = None,
    ) -> None:
        super().__init__()
        self.state = state
        self.link = link
        self._connect = connect
        #: The code is asked on the screen (`CodeEntry`), then `ask(code)` keeps the
        #: connection; a code the host turns away is asked again, with its sentence.
        self._ask = ask
        self.where = where
        self.keyboard = keyboard
        #: The host's controls (`host --here`): the seat menu and the codes on its screens.
        self.desk = desk
        self._stops: list[Callable[[], None]] = []
        self.game_screen: RemoteGameScreen | None = None
        #: With a keyboard: each seat's own screen, installed beside the public one.
        self.seat_screens: dict[int, RemoteGameScreen] = {}
        self._curtain: CurtainScreen | None = None
        self._curtain_for: int | None = None
        self._seen_displays: set[int] = set()

    def get_screen(self, screen: Any, screen_class: Any = None) -> Any:
        found = super().get_screen(screen, screen_class)
        localise_bindings(found)
        return found

    def on_mount(self) -> None:
        localise_bindings(self)
        state = self.state
        self.push_screen(Connecting(self.where, state.bye or state.refused))
        self._stops.append(self.state.listen(self._told))
        self.screen_change_signal.subscribe(self, self._screen_changed)
        if self.keyboard is not None:
            for state in self.keyboard.seats.values():
                self._stops.append(state.listen(self._told))
        if self._connect is not None:
            self.run_worker(self._connect(), name="connection", exclusive=True)
        if self._ask is not None:
            self._ask_code(None)
        self._changed()

    def _ask_code(self, said: str | None) -> None:
        def given(code: str | None) -> None:
            if code is not None and self._ask is not None:
                self.run_worker(self._ask(code), name="connection", exclusive=True)

        self.push_screen(CodeEntry(self.where, said), given)

    def on_unmount(self) -> None:
        for stop in self._stops:
            stop()
        close = getattr(self.link, "close", None)
        if callable(close):  # (a LocalLink: the table hears the screen go)
            close()

    _told_pending = False

    def _told(self, _state: object) -> None:
        """A connection's state changed: looked at in the app's own turn. (The websocket
        client feeds the state from its own task, outside the app's context, where no
        screen can be made; several messages at once are looked at once.)"""
        if not self._told_pending:
            self._told_pending = True
            self.call_later(self._look)

    def _look(self) -> None:
        self._told_pending = False
        self._changed()

    def _changed(self) -> None:
        state = self.state
        if self.game_screen is None and state.welcomed and state.seating is not None:
            self.game_screen = RemoteGameScreen(state, desk=self.desk)
            if self.keyboard is not None:
                self.install_screen(self.game_screen, name="public")
                self.switch_screen("public")
            else:
                self.switch_screen(self.game_screen)
            return
        if self.game_screen is not None and self.keyboard is not None:
            self._hand_over(self.keyboard)
            return
        if self.game_screen is None and isinstance(self.screen, Connecting):
            if state.bye is not None and self._ask is not None:
                said, state.bye = state.bye, None  # (never welcomed: nothing else was told)
                self._ask_code(said)
            elif state.bye is not None:
                self.screen.say(state.bye)
            elif state.refused is not None:
                self.screen.say(state.refused)

    # --- several seats at one keyboard ------------------------------------------------------

    def _hand_over(self, keyboard: Keyboard) -> None:
        """Who has the keyboard now: the public board, a curtain for the next seat, or that
        seat's own screen. Nothing changes under a display, hints or a review on top: once it
        closes (`screen_change_signal`) this runs again."""
        public = self.state
        if public.display is None and self._shown_display is not None:
            self._seen_displays.add(self._shown_display)
        self._shown_display = None if public.display is None else public.display.id
        for seat_state in keyboard.seats.values():  # displays are stepped on the public screen
            shown = seat_state.display
            if shown is not None and shown.id in self._seen_displays:
                seat_state.seen()
        turn = keyboard.turn()
        if self._curtain is not None:
            if self._curtain_for != turn:
                self._lower_curtain()  # (that seat's decision went: a seat given away)
            return
        if isinstance(self.screen, ModalScreen):
            return  # a display, hints or a review on top
        if turn is None:
            keyboard.holder = None  # the public board: the next seat takes the keyboard again
            self._show("public")
        elif turn == keyboard.holder:
            self._show_seat(turn)
        else:
            self._show("public")
            self._raise_curtain(keyboard, turn)

    _shown_display: int | None = None

    def _screen_changed(self, _screen: object) -> None:
        if self.keyboard is not None and self.game_screen is not None:
            self.call_later(self._changed)

    def _show(self, name: str) -> None:
        if self.screen is not self.get_screen(name):
            self.switch_screen(name)

    def _show_seat(self, seat: int) -> None:
        screen = self.seat_screens.get(seat)
        if screen is None:
            assert self.keyboard is not None
            screen = RemoteGameScreen(self.keyboard.seats[seat], displays=False, desk=self.desk)
            self.seat_screens[seat] = screen
            self.install_screen(screen, name=f"seat-{seat}")
        self._show(f"seat-{seat}")

    def _raise_curtain(self, keyboard: Keyboard, seat: int) -> None:
        state = keyboard.seats[seat]
        seating = state.seating
        scene = state.scene
        if seating is None or not isinstance(scene, Prompt | Confirm):
            return
        name = seating.name(seat)
        d = scene.decision
        what = secret_what(d) if d.secret else decision_what(d, seating)
        letter = keyboard.letter()

        def taken(key: str) -> bool:
            if key.upper() != letter:
                return False
            keyboard.holder = seat
            self._lower_curtain()  # (then the seat's screen: `_screen_changed`)
            return True

        self._curtain_for = seat
        self._curtain = CurtainScreen(
            t("curtain.to", name=name),
            t("curtain.why", name=name, what=what),
            letter=letter,
            owner=name,
            on_letter=taken,
            on_button=lambda: False,
        )
        self.push_screen(self._curtain)

    def _lower_curtain(self) -> None:
        curtain, self._curtain, self._curtain_for = self._curtain, None, None
        if curtain is not None and curtain in self.screen_stack:
            curtain.dismiss()


#: The name the first cut of the screens gave it.
RemoteApp = JoinApp
