"""The Textual application: screens are pushed from here; the game lives in a GameSession."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

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
    ) -> None:
        super().__init__(ansi_color=ansi_color)
        self._setup = setup
        self._session = session
        #: Seconds each computer player's decision takes on screen at least (0: at once).
        self.bot_delay = max(0.0, bot_delay)
        self.title = t("app.title")

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

    def new_game_form(self) -> None:
        from el_grande.app.screens.new_game import NewGameScreen

        self.show_title()
        self.push_screen(NewGameScreen())

    def action_back_to_title(self) -> None:
        self.show_title()
