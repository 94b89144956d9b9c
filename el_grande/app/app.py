"""The Textual application: screens are pushed from here; the game lives in a GameSession."""

from __future__ import annotations

import random
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType

from el_grande.app.guard import ALWAYS, InputGuard
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.app.session import GameSession
    from el_grande.app.setup import GameSetup

MIN_WIDTH, MIN_HEIGHT = 100, 30


class ElGrandeApp(App[None]):
    """El Grande, hot-seat. With `setup` the game starts at once, else the title screen opens."""

    CSS_PATH = "app.tcss"
    TITLE = "El Grande"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True, id="quit"),
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True, id="quit_c"),
    ]

    def __init__(
        self,
        setup: GameSetup | None = None,
        *,
        session: GameSession | None = None,
        ansi_color: bool | None = None,
        bot_delay: float = 0.8,
        guard_seconds: float | None = None,
        curtain_seed: int | None = None,
    ) -> None:
        super().__init__(ansi_color=ansi_color)
        self._setup = setup
        self._session = session
        #: Seconds each computer player's decision takes on screen at least (0: at once).
        self.bot_delay = max(0.0, bot_delay)
        #: Drops input typed ahead into a curtain (see app/guard.py).
        self.input_guard = InputGuard(guard_seconds)
        #: Draws each curtain's letter (seeded in tests and snapshots).
        self.curtain_letters = random.Random(curtain_seed)
        self.title = t("app.title")

    async def on_event(self, event: events.Event) -> None:
        # The one gate for keys and clicks (docs/app.md, "The curtain"): input that arrived
        # while a curtain was rising, or within the guard time after, acts on nothing.
        if (
            isinstance(event, (events.Key, events.MouseDown, events.MouseUp, events.Paste))
            and not event.is_forwarded
            and not (isinstance(event, events.Key) and event.key in ALWAYS)
            and not self.input_guard.admits(event.time)
        ):
            return
        await super().on_event(event)

    # --- too small means paused --------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        from el_grande.app.screens.too_small import TooSmallScreen

        top = self.screen_stack[-1] if self.screen_stack else None
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small:
            if isinstance(top, TooSmallScreen):
                top.show_size(width, height)
            else:
                self.push_screen(TooSmallScreen(width, height, MIN_WIDTH, MIN_HEIGHT))
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()

    @property
    def paused(self) -> bool:
        """True while the terminal is too small to play (the pause screen is up)."""
        from el_grande.app.screens.too_small import TooSmallScreen

        return any(isinstance(s, TooSmallScreen) for s in self.screen_stack)

    def on_mount(self) -> None:
        if self._session is not None:
            self.open_game(self._session)
        elif self._setup is not None:
            # Straight into the game (the title screen is only built when asked for: start-up).
            self.start_game(self._setup)
        else:
            self.show_title()

    @staticmethod
    def _install_saves() -> None:
        from el_grande.persist.hooks import install

        install()  # "Resume a saved game" on the title screen

    def _clear_stack(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def show_title(self) -> None:
        from el_grande.app.screens.title import TitleScreen

        self._install_saves()
        self.clear_notifications()
        self._clear_stack()
        self.push_screen(TitleScreen())
        self._check_size(self.size.width, self.size.height)

    def start_game(self, setup: GameSetup) -> None:
        """Open the game screen for a new game (closing whatever was open)."""
        from el_grande.app.session import GameSession

        session = GameSession.new(setup)
        self.open_game(session)
        # Saved after every decision (el_grande/persist). Attached a moment after the first
        # frame: importing the save machinery (pydantic) costs ~100 ms of start-up. Attaching
        # late loses nothing: the autosaver writes the whole game when it starts.
        self.set_timer(0.3, partial(self._autosave, session))

    @staticmethod
    def _autosave(session: GameSession) -> None:
        from el_grande.persist.hooks import attach_autosave

        attach_autosave(session)

    def open_game(self, session: GameSession) -> None:
        """Open the game screen for a session (new, resumed or replayed)."""
        from el_grande.app.screens.game import GameScreen

        self.clear_notifications()
        self._clear_stack()
        self.push_screen(GameScreen(session))
        self._check_size(self.size.width, self.size.height)

    def new_game_form(self) -> None:
        from el_grande.app.screens.new_game import NewGameScreen

        self.show_title()
        self.push_screen(NewGameScreen())

    def action_back_to_title(self) -> None:
        self.show_title()
