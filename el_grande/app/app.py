"""The Textual application: where screens are opened, and where a game is tied to its save.

One app for everything a player opens: the title screen, a new game (`setup`), a session
(`session`), a saved game (`saved`: `el-grande resume` / `load`), the replay viewer
(`replay`) or the scoring sheet for a real board (`sheet`: `el-grande calc`). A game's
session gets its autosave here (`el_grande.persist.autosave`, a subscriber of the session's
stream); a failing autosave is shown on the game screen at once, until a save works again,
and repeated when the app ends (`exit_report`).

Beside it, each in its own module: the game's autosave (`app/game_save.py`), the app as a
process — the terminal, signals, how it ended (`app/process.py`) —, the computer players'
threads (`app/thinking.py`), the hand-over guard's gate for every input (`app/gate.py`) and
the new games' sessions (`app/new_games.py`); what Textual offers only privately is
`CompatApp`'s (`app/textual_compat.py`), which the app is.
"""

from __future__ import annotations

import contextlib
import random
from dataclasses import replace
from functools import partial
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple
from weakref import WeakSet

# First of all: Textual's widgets, screens and app class, defined as the modules below are
# imported, are defined faster from here on (`textual_compat._define_node_class`: start-up).
from el_grande.app.textual_compat import CompatApp, rewrite_bindings  # isort: skip
from textual import events
from textual.binding import Binding, BindingType
from textual.dom import DOMNode
from textual.reactive import reactive
from textual.screen import Screen

from el_grande import startup
from el_grande.app.access import imported
from el_grande.app.colours import repaint_coloured, use_palette
from el_grande.app.game_save import GameSave
from el_grande.app.process import (
    Ending,
    TerminalOut,
    end_on_signal,
    handle_signals,
    no_terminal_here,
    secrets_of_games,
)
from el_grande.app.screens.styled import StyledDefault
from el_grande.app.thinking import Thinkers
from el_grande.settings import load
from el_grande.text import EN, carry, t

if TYPE_CHECKING:
    from textual.worker import Worker

    from el_grande.app.access import ElApp
    from el_grande.app.screens.game import GameScreen
    from el_grande.flow.clock import Clock
    from el_grande.flow.table import TableFlow
    from el_grande.persist.model import SaveFile
    from el_grande.session import GameSession
    from el_grande.settings import Loaded, Settings
    from el_grande.setup import GameSetup, SeatSetup

MIN_WIDTH, MIN_HEIGHT = 100, 30


def _import_games() -> None:
    """The finished saves into the games database (a thread worker's work: it never raises)."""
    from el_grande.persist.games import import_quietly  # start-up: sqlite3, after the first frame

    import_quietly()


def localise_bindings(node: DOMNode) -> None:
    """Show `node`'s key bindings in the active language.

    A binding's description is written as a catalogue key (`Binding("?", "help",
    "keys.help")`): class attributes are made once, at import, but the language is chosen
    later (and tests play in several). The app calls this for itself and for every screen
    it opens (`get_screen`); a description that is no catalogue key stays as it is."""
    rewrite_bindings(
        node, lambda b: replace(b, description=t(b.description)) if b.description in EN else b
    )


class ReplayRequest(NamedTuple):
    """What `el-grande replay` opens: a game record, its seats, a title, and whether every
    secret may be shown (None: only if the game is over)."""

    record: dict[str, Any]
    seats: tuple[SeatSetup, ...] | None = None
    title: str | None = None
    reveal: bool | None = None


#: Where the app's style files are (absolute: a subclass elsewhere finds them too).
_STYLES = Path(__file__).parent


def _first_styles(*, replay: bool, sheet: bool, title: bool) -> list[str | PurePath]:
    """The style files of the screen the app opens with (`ElGrandeApp.CSS_PATH`)."""
    game = _STYLES / "screens/game.tcss"
    if replay:
        return [game, _STYLES / "screens/replay.tcss"]
    if sheet:
        return [_STYLES / "screens/sheet.tcss"]
    return [_STYLES / "screens/title.tcss"] if title else [game]


def handover_seconds(quiet: float | None, take_over: float | None) -> tuple[float, float]:
    """The hand-over guard's seconds of quiet and of a take-over: the app's own (given in
    tests and by `--quiet`), else the guard's defaults; a take-over twice the quiet given."""
    from el_grande.flow import handover  # start-up: when a game opens (the title has none)

    if take_over is None:
        take_over = handover.TAKE_OVER if quiet is None else 2 * quiet
    return (handover.QUIET if quiet is None else quiet), take_over


def _may_act(event: events.Event, table: TableFlow) -> bool:
    """Whether an input may act on the game of `table`: its hand-over guard says
    (app/gate.py, imported with the first game: the title has no table to guard)."""
    from el_grande.app.gate import may_act

    return may_act(event, table)


class ElGrandeApp(StyledDefault, CompatApp):
    """El Grande, hot-seat. With `setup` the game starts at once, else the title screen opens."""

    #: The app's styles. Those of the screen it opens with are added in `__init__`, so they
    #: are read before the first frame (a screen that brings a style file not read yet makes
    #: Textual parse every style again and restyle every widget), and no other screen's
    #: file is parsed for nothing (each screen names its own, read when it first opens).
    CSS_PATH: ClassVar[list[str | PurePath]] = [_STYLES / "app.tcss"]
    TITLE = "El Grande"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "keys.quit", priority=True, id="quit"),
        Binding("ctrl+c", "quit", "keys.quit", show=False, priority=True, id="quit_c"),
    ]

    #: The player colours' palette ("standard" or "colour-blind"; see app/colours.py).
    palette: reactive[str] = reactive("standard")

    def __init__(
        self,
        setup: GameSetup | None = None,
        *,
        session: GameSession | None = None,
        saved: SaveFile | None = None,
        replay: ReplayRequest | None = None,
        ansi_color: bool | None = None,
        bot_delay: float | None = None,
        auto_advance: float | None = None,
        guard_seconds: float | None = None,
        take_over_seconds: float | None = None,
        curtain_seed: int | None = None,
        settings: Loaded | None = None,
        clock: Clock | None = None,
        sheet: bool = False,
        reseat: dict[int, str] | None = None,
        learn: bool = False,
    ) -> None:
        """`settings`: what `el_grande.settings.load()` found (loaded here if not given);
        `bot_delay` and `auto_advance`, when given (command-line flags), win over them.
        `guard_seconds` and `take_over_seconds`: the hand-over guard's seconds of silence at
        a change of player and before a take-over counts (`el_grande.flow.handover`; given
        only by tests and benchmarks); `curtain_seed` seeds the take-over letters; `clock`:
        the table flow's clock (tests give one they move by hand; else the app's timers).
        `sheet`: open the scoring sheet for a real board (`el-grande calc`); `reseat`: seats
        of `saved` that change hands as it opens ({seat: kind}: `resume --bots`, `--human`);
        `learn`: start the guided first game (`el-grande learn`)."""
        title = setup is None and session is None and saved is None and not learn
        own = self.CSS_PATH if isinstance(self.CSS_PATH, list) else [self.CSS_PATH]
        first = _first_styles(replay=replay is not None, sheet=sheet, title=title)
        super().__init__(css_path=[*own, *first], ansi_color=ansi_color)
        self._setup = setup
        self._session = session
        self._saved = saved
        self._reseat = dict(reseat or {})
        self._replay = replay
        self._sheet = sheet
        self._learn = learn
        if settings is None:
            settings = load()
        #: The settings in effect (the settings screen edits and saves them).
        self.settings: Settings = settings.settings
        #: Why the settings file was not used; the title screen says so once.
        self.settings_problem = settings.problem
        #: The same, until the settings are saved (the settings screen says so).
        self.settings_unused = settings.problem
        #: Seconds each computer player's decision takes on screen at least (0: at once).
        self.bot_delay = max(0.0, self.settings.bot_delay if bot_delay is None else bot_delay)
        #: The settings' pace of the scoring displays (None: each step waits for Enter), or
        #: the command line's; the game on screen goes at its flow's `display_pace` (a table
        #: with no human player at the bots' pace).
        self.auto_advance = self.settings.auto_advance if auto_advance is None else auto_advance
        self.theme = self.settings.theme
        self.palette = self.settings.palette
        self.watch_palette(self.palette)  # the chips' palette is the module's (colours.py)
        self._quiet_seconds = guard_seconds
        self._take_over_seconds = take_over_seconds
        self._clock = clock
        #: Draws each take-over's letter (seeded in tests and snapshots).
        self.curtain_letters = random.Random(curtain_seed)
        #: The flow of the game on screen (its hand-over guard sees every input), if any.
        self.table: TableFlow | None = None
        #: The computer players' searches, in thread workers (the flow's thinker).
        self.thinkers = Thinkers(self)
        self.title = t("app.title")
        #: The game on screen's autosave (app/game_save.py).
        self.saves = GameSave(self._show_save_problem)
        #: The screens whose bindings speak the active language already.
        self._localised: WeakSet[Screen[Any]] = WeakSet()
        #: How the app ended (a signal, a crash, no terminal): `exit_report` says it.
        self.ending = Ending()
        localise_bindings(self)

    def get_screen(self, screen: Any, screen_class: Any = None) -> Any:
        # Every screen pushed, switched to or installed comes through here once it is built.
        found: Screen[Any] = super().get_screen(screen, screen_class)
        if found not in self._localised:
            localise_bindings(found)
            self._localised.add(found)
        return found

    def watch_palette(self, palette: str) -> None:
        use_palette(palette)
        if self.is_running:
            repaint_coloured(self)

    def watch_theme(self, theme: str) -> None:
        if self.is_running:
            repaint_coloured(self)

    def apply_settings(self, settings: Settings) -> None:
        """Use `settings` from now on: the theme, the palette, the computer players' pace and
        the scoring displays' (command-line flags given for this run are replaced too)."""
        self.settings = settings
        self.theme = settings.theme
        self.palette = settings.palette
        self.bot_delay = settings.bot_delay
        self.auto_advance = settings.auto_advance
        self._set_pace()

    def open_settings(self) -> None:
        """The settings screen, over whatever is open."""
        from el_grande.app.screens.settings import SettingsScreen  # start-up: when asked for

        self.push_screen(SettingsScreen())

    def open_sheet(self, standalone: bool = False) -> None:
        """The scoring sheet for a game on a real board (`standalone`: leaving it ends the
        app, as `el-grande calc` opened it)."""
        from el_grande.app.screens.sheet import open_sheet  # start-up: when asked for

        open_sheet(self, standalone)
        self._check_size(self.size.width, self.size.height)

    def _set_pace(self) -> None:
        """The game on screen follows the settings' paces (and whether it marks what changed
        since a player's turn)."""
        flow = self.table
        if flow is not None:
            # start-up: the flow is there already
            from el_grande.flow.confirm import confirm_on

            flow.configure(
                replace(
                    flow.options,
                    bot_delay=self.bot_delay,
                    auto_advance=self.auto_advance,
                    since_your_turn=self.settings.since_your_turn,
                    strict=self.settings.strict_handovers,  # (saved in a game: at once)
                    confirm=confirm_on(self.settings.confirm_turn, flow.session.seating.kinds),
                )
            )

    async def on_event(self, event: events.Event) -> None:
        if self.table is not None and not _may_act(event, self.table):
            for screen in self._game_screens():
                screen.dropped()
            return
        await super().on_event(event)

    # --- computer players think in threads (app/thinking.py) ------------------------------

    @property
    def bot_workers(self) -> tuple[Worker[object], ...]:
        """The computer players' searches under way (tests wait on them)."""
        return self.thinkers.workers

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        self.thinkers.worker_ended(event)

    # --- too small means paused --------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if not small and not imported("el_grande.app.screens.too_small"):
            return  # never too small yet: no pause screen to take away
        from el_grande.app.screens.too_small import pause_while_too_small  # start-up: when needed

        pause_while_too_small(self, width, height, (MIN_WIDTH, MIN_HEIGHT))

    # --- start-up ------------------------------------------------------------------------

    def run(self, **kwargs: Any) -> None:
        """Run the app; garbage collection waits for the first frame (`el_grande.startup`).

        Run this way in a terminal (not `run_test`, not headless), SIGTERM and SIGHUP end the
        app as a player would (`_signalled`)."""
        self._handle_signals = True
        startup.hold()
        try:
            return super().run(**kwargs)
        finally:
            startup.release()

    # --- the terminal, signals and crashes (docs/app.md, "When things go wrong") -------------

    #: Set by `run()`: SIGTERM and SIGHUP are handled (never in `run_test`: the test's
    #: process keeps its own).
    _handle_signals = False

    def may_start(self) -> bool:
        # Without a terminal to read keys from, the terminal driver would read an empty
        # standard input for ever, a whole core busy (headless, the tests, app/bench.py).
        self.ending.no_terminal = no_terminal_here()
        return self.ending.no_terminal is None

    def terminal_output(self, file: Any) -> Any:
        return TerminalOut(file)  # its writer thread writes here: a terminal gone is no error

    def is_a_crash(self, error: Exception) -> bool:
        if self.leaving:
            # The app was already leaving (quit, a signal: the game saved and let go): a screen
            # still mounting as the others are taken down finds its widgets gone. No crash.
            return False
        # A crash (`crash`): what its log must not tell is gathered now, while the games are here.
        with contextlib.suppress(Exception):
            sessions = [getattr(s, "session", None) for s in self.screen_stack]
            records = [self._replay.record] if self._replay is not None else []
            self.ending.secrets = secrets_of_games([*sessions, self._session], records)
        return True

    def _signalled(self, signum: int) -> None:
        """SIGTERM (a `kill`, a shutdown) or SIGHUP (the terminal closed): the game is saved
        and its lock released first, then the app exits the normal way (`end_on_signal`);
        exit status 128 + the signal (143, 129)."""
        if self.ending.signal is None:
            self.ending.signal = signum
            end_on_signal(signum, self.saves.let_go, lambda status: self.exit(return_code=status))

    # --- opening things ------------------------------------------------------------------

    def on_mount(self) -> None:
        if self._handle_signals and not self.is_headless:
            handle_signals(self._signalled)
        self.call_after_refresh(startup.release)
        self.call_after_refresh(self._empty_trash)
        self.call_after_refresh(self._import_games)
        if self._replay is not None:
            self.show_replay(self._replay, standalone=True)
        elif self._saved is not None or self._session is not None:
            if self._session is None:
                self.take_saved()
            assert self._session is not None
            self.open_game(self._session)
        elif self._sheet:
            self.open_sheet(standalone=True)
        elif self._learn:
            self.start_learning()
        elif self._setup is not None:
            # Straight into the game (the title screen is only built when asked for: start-up).
            self.start_game(self._setup)
        else:
            self.show_title()

    def _empty_trash(self) -> None:
        """Deleted saves older than 30 days leave the trash (after the first frame: start-up)."""
        from el_grande.persist.trash import empty_trash  # start-up: after the first frame

        empty_trash()

    def _import_games(self) -> None:
        """Finished saves not in the games database yet go in (a game whose end could not be
        recorded, older saves), in a thread after the first frame: never in the game's way
        (a failure is a line of the log; the next start tries again)."""
        self.run_worker(
            carry(_import_games), name="games", group="games", thread=True, exit_on_error=False
        )

    def _clear_stack(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def show_title(self) -> None:
        from el_grande.app.screens.title import TitleScreen  # start-up: `play` opens no title

        self._leave_game()
        self.clear_notifications()
        self._clear_stack()
        self.push_screen(TitleScreen())
        self._check_size(self.size.width, self.size.height)

    def new_game_form(self, filled: GameSetup | None = None) -> None:
        """The new-game form (`filled`: with a table already in it, e.g. the one just played)."""
        from el_grande.app.screens.new_game import NewGameScreen  # start-up: when asked for

        self.show_title()
        self.push_screen(NewGameScreen(filled))

    def action_back_to_title(self) -> None:
        self.show_title()

    def start_game(self, setup: GameSetup) -> None:
        """Open the game screen for a new game (closing whatever was open)."""
        from el_grande.app.new_games import new_session  # start-up: the title needs no core

        self._start(new_session(setup, self.settings))

    def start_learning(self) -> None:
        """The guided first game (`el_grande.flow.guided`): a new one each time."""
        from el_grande.app.new_games import guided  # start-up: the rules core

        self._start(guided(self.settings))

    def _start(self, session: GameSession) -> None:
        self.open_game(session)
        # Saved after every decision (el_grande/persist). Attached once the first frame is
        # on screen: importing the save machinery (pydantic) costs ~100 ms of start-up.
        # Attaching late loses nothing: the autosaver writes the whole game when it starts.
        self.call_after_refresh(partial(self._autosave, session))

    def _autosave(self, session: GameSession) -> None:
        if any(s.session is session for s in self._game_screens()):  # (not left already)
            self.saves.start(session)

    def take_saved(self) -> None:
        """Build the session of the saved game this app was given (`saved=`), taking its
        lock first: `GameLockedError` (a `SaveFileError`) if another window has it open."""
        if self._session is None and self._saved is not None:
            self._session = self.saves.session_for(self._saved, self._reseat)

    def open_saved(self, save: SaveFile) -> None:
        """Open a saved game (the title screen's resume list): `GameLockedError` if another
        window has it, and nothing is opened."""
        self.open_game(self.saves.session_for(save))

    @property
    def save_problem(self) -> str | None:
        """Why the last autosave failed (None: it worked); the game screen shows it."""
        return self.saves.problem

    def _show_save_problem(self, problem: str | None) -> None:
        for screen in self._game_screens():
            screen.show_save_problem(problem)

    def _game_screens(self) -> list[GameScreen]:
        if not imported("el_grande.app.screens.game"):
            return []  # none was ever opened
        from el_grande.app.screens.game import GameScreen  # start-up: the title needs none

        return [s for s in self.screen_stack if isinstance(s, GameScreen)]

    def open_game(self, session: GameSession) -> None:
        """Open the game screen for a session (new or resumed)."""
        # start-up: the game screen and its flow, when a game opens (not for the title)
        from el_grande.app.clock import AppClock
        from el_grande.app.screens.game import GameScreen
        from el_grande.flow.table import TableFlow

        if self.saves.opening(session):  # another game's autosave let its game go
            self.table = None
        self.clear_notifications()
        self._clear_stack()
        quiet, take_over = handover_seconds(self._quiet_seconds, self._take_over_seconds)
        flow = TableFlow(
            session,
            self._clock or AppClock(self),
            thinker=self.thinkers.think,
            bot_delay=self.bot_delay,
            auto_advance=self.auto_advance,
            strict=self.settings.strict_handovers,
            warnings=self.settings.warnings,
            quiet=quiet,
            take_over_seconds=take_over,
            letters=self.curtain_letters,
        )
        self.table = flow
        self._set_pace()
        self.thinkers.hold()  # start-up: the searches start after the screen's first frame
        self.push_screen(GameScreen(flow))
        self._check_size(self.size.width, self.size.height)

    def _leave_game(self) -> None:
        """The game on screen is left: its autosave lets the game go (the lock is freed)."""
        self.table = None
        self.saves.leave()

    def show_replay(self, request: ReplayRequest, standalone: bool = False) -> None:
        from el_grande.app.screens.replay import ReplayScreen  # start-up: when asked for

        screen = ReplayScreen(request.record, request.seats, request.title, request.reveal)
        screen.standalone = standalone
        self.push_screen(screen)
        self._check_size(self.size.width, self.size.height)

    # --- leaving -----------------------------------------------------------------------------

    def on_unmount(self) -> None:
        self.thinkers.release()  # (no search thread waits for a frame that will not come)
        self.ending.save_problem = self.save_problem or None  # said again as the app ends
        self.ending.had_game = self.saves.had_game
        self.saves.leave()

    def exit_report(self) -> int:
        """After `run()`: the exit status, said on the terminal when it is not 0 (`Ending`)."""
        return self.ending.report(self.crash)


if TYPE_CHECKING:

    def _an_el_app(app: ElGrandeApp) -> ElApp:
        """The app is what its screens are told it is (mypy checks it; never called)."""
        return app
