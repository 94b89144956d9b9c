"""The Textual application: where screens are opened, and where a game is tied to its save.

One app for everything a player opens: the title screen, a new game (`setup`), a session
(`session`), a saved game (`saved`: `el-grande resume` / `load`), the replay viewer
(`replay`) or the scoring sheet for a real board (`sheet`: `el-grande calc`). A game's
session gets its autosave here (`el_grande.persist.autosave`, a subscriber of the session's
stream); a failing autosave is shown on the game screen at once, until a save works again,
and repeated when the app ends (`exit_report`).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import random
import signal
import sys
import threading
from dataclasses import replace
from functools import partial
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple
from weakref import WeakSet

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.dom import DOMNode
from textual.reactive import reactive
from textual.screen import Screen
from textual.worker import WorkerState

from el_grande import startup
from el_grande.app.access import imported
from el_grande.app.closing import close
from el_grande.app.colours import repaint_coloured, use_palette
from el_grande.app.textual_compat import rewrite_bindings, start_nothing
from el_grande.flow import handover
from el_grande.flow.handover import Input
from el_grande.settings import load
from el_grande.text import EN, carry, t

if TYPE_CHECKING:
    from textual.worker import Worker

    from el_grande.app.screens.game import GameScreen
    from el_grande.flow.clock import Cancel, Clock
    from el_grande.flow.table import Done, TableFlow, Think
    from el_grande.persist.autosave import AutosaveListener
    from el_grande.persist.model import SaveFile
    from el_grande.session import GameSession
    from el_grande.settings import Loaded, Settings
    from el_grande.setup import GameSetup, SeatSetup

MIN_WIDTH, MIN_HEIGHT = 100, 30

#: Keys that always act, whatever the hand-over guard says: quitting answers nothing.
ALWAYS = frozenset({"ctrl+q", "ctrl+c"})

#: The raw inputs the hand-over guard sees, by Textual's event class.
_INPUTS: dict[type[events.Event], Input] = {
    events.Key: Input.KEY,
    events.MouseDown: Input.PRESS,
    events.MouseUp: Input.RELEASE,
    events.Paste: Input.PASTE,
}


def localise_bindings(node: DOMNode) -> None:
    """Show `node`'s key bindings in the active language.

    A binding's description is written as a catalogue key (`Binding("?", "help",
    "keys.help")`): class attributes are made once, at import, but the language is chosen
    later (and tests play in several). The app calls this for itself and for every screen
    it opens (`get_screen`); a description that is no catalogue key stays as it is."""
    rewrite_bindings(
        node, lambda b: replace(b, description=t(b.description)) if b.description in EN else b
    )


def stdin_is_a_terminal() -> bool:
    """Whether the keys can come from standard input (a terminal), not a file, a pipe or
    /dev/null at its end."""
    stdin = sys.__stdin__
    try:
        return stdin is not None and os.isatty(stdin.fileno())
    except (OSError, ValueError):  # closed, or no descriptor
        return False


class _TerminalOut:
    """The terminal's output, as Textual's writer thread writes to it: once the terminal has
    gone (hung up, its window closed), writing is nothing, never an error. (An error ended the
    writer thread, and the app, leaving, then waited for it for ever.)"""

    def __init__(self, file: Any) -> None:
        self._file = file
        self.gone = False

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                self._file.write(text)
            except (OSError, ValueError):
                self.gone = True
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self._file.flush()
            except (OSError, ValueError):
                self.gone = True

    def __getattr__(self, name: str) -> Any:
        return getattr(self._file, name)


def _terminal_gone() -> bool:
    """True if the terminal has hung up (closed): it answers nothing any more."""
    try:
        import termios  # Unix only: imported where Windows is told apart
    except ImportError:  # Windows: no hang-up to tell
        return False
    stdin = sys.__stdin__
    try:
        termios.tcgetattr(stdin.fileno() if stdin is not None else 0)
    except termios.error as exc:
        return bool(exc.args) and exc.args[0] == errno.EIO
    except (OSError, ValueError):
        return False
    return False


def _end_anyway_after(seconds: float, status: int) -> None:
    """A signal asked the app to end: the game is saved and let go already, so if giving the
    terminal back hangs (a terminal gone mid-write), the process ends anyway."""

    def end() -> None:
        os._exit(status)

    timer = threading.Timer(seconds, end)
    timer.daemon = True
    timer.start()


class ReplayRequest(NamedTuple):
    """What `el-grande replay` opens: a game record, its seats, a title, and whether every
    secret may be shown (None: only if the game is over)."""

    record: dict[str, Any]
    seats: tuple[SeatSetup, ...] | None = None
    title: str | None = None
    reveal: bool | None = None


#: Where the app's style files are (absolute: a subclass elsewhere finds them too).
_STYLES = Path(__file__).parent


class ElGrandeApp(App[None]):
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

    #: Why the last autosave failed (None: it worked); the game screen shows it.
    save_problem: str | None = None
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
        game, title = _STYLES / "screens/game.tcss", _STYLES / "screens/title.tcss"
        if replay is not None:
            first = [game, _STYLES / "screens/replay.tcss"]
        elif sheet:
            first = [_STYLES / "screens/sheet.tcss"]
        elif setup is None and session is None and saved is None and not learn:
            first = [title]
        else:
            first = [game]
        own = self.CSS_PATH if isinstance(self.CSS_PATH, list) else [self.CSS_PATH]
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
        self._bots_done: dict[Worker[object], Done] = {}
        self.title = t("app.title")
        self._listener: AutosaveListener | None = None
        self._last_problem: str | None = None
        #: The screens whose bindings speak the active language already.
        self._localised: WeakSet[Screen[Any]] = WeakSet()
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
        # The one gate for keys, clicks and pastes (docs/app.md, "Hand-overs"): the table
        # flow's hand-over guard says whether an input may act, by its time stamp and the
        # silence before it. Quitting (ctrl+q, ctrl+c) always acts.
        kind = _INPUTS.get(type(event))
        flow = self.table
        if (
            kind is not None
            and flow is not None
            and not event.is_forwarded
            and not (isinstance(event, events.Key) and event.key in ALWAYS)
            and not flow.input(kind, event.time)
        ):
            for screen in self._game_screens():
                screen.dropped()
            return
        await super().on_event(event)

    # --- computer players think in threads ---------------------------------------------------

    def think(self, task: Think, done: Done) -> Cancel:
        """The table flow's thinker: `task` in a thread worker, `done` with its answer (or its
        exception) back on the app's thread."""
        worker: Worker[object] = self.run_worker(
            carry(task), name="bot", group="bot", thread=True, exit_on_error=False
        )
        self._bots_done[worker] = done

        def cancel() -> None:
            self._bots_done.pop(worker, None)
            worker.cancel()

        return cancel

    @property
    def bot_workers(self) -> tuple[Worker[object], ...]:
        """The computer players' searches under way (tests wait on them)."""
        return tuple(self._bots_done)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        done = self._bots_done.pop(event.worker, None)
        if done is not None:
            worker = event.worker
            error = worker.error or RuntimeError("no answer")
            done(worker.result if event.state is WorkerState.SUCCESS else error)

    # --- too small means paused --------------------------------------------------------------

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if not small and not imported("el_grande.app.screens.too_small"):
            return  # never too small yet: no pause screen to take away
        from el_grande.app.screens.too_small import TooSmallScreen  # start-up: when first too small

        top = self.screen_stack[-1] if self.screen_stack else None
        if small:
            if isinstance(top, TooSmallScreen):
                top.show_size(width, height)
            else:
                self.push_screen(TooSmallScreen(width, height, MIN_WIDTH, MIN_HEIGHT))
        elif isinstance(top, TooSmallScreen):
            close(top)

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
    #: The signal that ended the app (`_signalled`), if one did.
    _signal: int | None = None
    #: Why the app cannot run here: no terminal (`_build_driver`).
    _no_terminal: str | None = None
    #: The exception that crashed the app, if one did, and what the crash log must not tell.
    _crash: BaseException | None = None
    _crash_secrets: tuple[str, ...] = ()
    _had_game = False

    def _build_driver(
        self, headless: bool, inline: bool, mouse: bool, size: tuple[int, int] | None
    ) -> Any:
        # The one place that knows whether the app runs in a terminal or headless (the
        # tests, `el_grande.app.bench`): without a terminal to read keys from, the terminal
        # driver would read an empty standard input for ever, a whole core busy.
        if not headless and not stdin_is_a_terminal():
            self._no_terminal = t("app.needs_terminal")
            start_nothing(self)  # no application mode, no screen
            headless = True
        driver = super()._build_driver(headless=headless, inline=inline, mouse=mouse, size=size)
        out = getattr(driver, "_file", None)
        if not headless and out is not None:
            setattr(driver, "_file", _TerminalOut(out))  # noqa: B010 - its writer thread writes here
        return driver

    def _install_signal_handlers(self) -> None:
        loop = asyncio.get_running_loop()
        for signum in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)):
            if signum is not None:
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    loop.add_signal_handler(signum, self._signalled, signum)

    def _signalled(self, signum: int) -> None:
        """SIGTERM (a `kill`, a shutdown) or SIGHUP (the terminal closed): the game is saved
        and its lock released first, then the app exits the normal way, which gives the
        terminal back (the normal screen, no mouse reporting, the cursor shown) where it still
        exists; exit status 128 + the signal (143, 129)."""
        if self._signal is not None:
            return
        self._signal = signum
        listener = self._listener
        if listener is not None:
            with contextlib.suppress(Exception):
                listener.save(listener.game())  # saved at every change: once more if one failed
            with contextlib.suppress(Exception):
                listener.close()
        with contextlib.suppress(Exception):  # a second signal ends the process at once
            loop = asyncio.get_running_loop()
            for other in (signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)):
                loop.remove_signal_handler(other)
        if _terminal_gone():
            os._exit(128 + signum)  # hung up: nothing to give back, and writing would hang
        _end_anyway_after(5.0, 128 + signum)
        self.exit(return_code=128 + signum)

    def _handle_exception(self, error: Exception) -> None:
        if self._exit and self._crash is None:
            # The app was already leaving (quit, a signal: the game saved and let go): a screen
            # still mounting as the others are taken down finds its widgets gone. No crash.
            self.log.error(f"while leaving: {type(error).__name__}")
            return
        # A crash: what its log must not tell is gathered now, while the games are here.
        if self._crash is None:
            self._crash = error
            with contextlib.suppress(Exception):
                self._crash_secrets = tuple(self._secrets())
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        # Textual's own report prints every local variable of every frame (the game's record
        # and seed among them): the crash log (`el_grande.crash`) replaces it.
        self.bell()
        self._close_messages_no_wait()

    def _print_error_renderables(self) -> None:
        if self._crash is not None:
            self._exit_renderables.clear()  # `exit_report` says it, in one line
            return
        super()._print_error_renderables()

    def _secrets(self) -> list[str]:
        """The seeds and choices of the games still running here (`el_grande.crash`)."""
        from el_grande.crash import secrets_of  # start-up: only after a crash

        records = []
        sessions = [getattr(s, "session", None) for s in self.screen_stack] + [self._session]
        for session in sessions:
            if session is not None and not session.game.over:
                records.append(session.game.record())
        if self._replay is not None:
            records.append(self._replay.record)
        return secrets_of(records)

    # --- opening things ------------------------------------------------------------------

    def on_mount(self) -> None:
        if self._handle_signals and not self.is_headless:
            self._install_signal_handlers()
        self.call_after_refresh(startup.release)
        self.call_after_refresh(self._empty_trash)
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
        from el_grande.session import GameSession  # start-up: the title needs no rules core

        session = GameSession.new(setup)
        session.coach = self._tips()
        self.open_game(session)
        # Saved after every decision (el_grande/persist). Attached once the first frame is
        # on screen: importing the save machinery (pydantic) costs ~100 ms of start-up.
        # Attaching late loses nothing: the autosaver writes the whole game when it starts.
        self.call_after_refresh(partial(self._autosave, session))

    def _tips(self) -> str | None:
        """A new normal game's coach: "tips" while the `tips` setting says so."""
        from el_grande.flow.lessons import TIPS, tips_on
        from el_grande.persist.played import finished_games
        from el_grande.settings.values import TIPS_GAMES

        setting = self.settings.tips
        finished = finished_games() if setting == "auto" else 0
        return TIPS if tips_on(setting, finished, TIPS_GAMES) else None

    def start_learning(self) -> None:
        """The guided first game (`el_grande.flow.guided`): a new one each time."""
        from el_grande.app.widgets.form import in_language  # start-up: the form's
        from el_grande.flow.guided import guided_session  # start-up: the rules core

        # The first person of the settings' players, named in the language (the built-in
        # "Ana" is 민준 in Korean, as on the new-game form).
        players = in_language(self.settings.players)
        you = next((p.name for p in players if p.kind == "human"), None)
        session = guided_session(you)
        self.open_game(session)
        self.call_after_refresh(partial(self._autosave, session))

    def _autosave(self, session: GameSession) -> None:
        from el_grande.persist.autosave import attach_autosave  # start-up: pydantic, after

        if not any(s.session is session for s in self._game_screens()):
            return  # the game was left before its autosave started
        listener = attach_autosave(session, on_change=self._save_problem_changed)
        self._watch_listener(listener)

    def take_saved(self) -> None:
        """Build the session of the saved game this app was given (`saved=`), taking its
        lock first: `GameLockedError` (a `SaveFileError`) if another window has it open."""
        if self._session is not None or self._saved is None:
            return
        self._session = self._session_for_save(self._saved, self._reseat)

    def open_saved(self, save: SaveFile) -> None:
        """Open a saved game (the title screen's resume list): `GameLockedError` if another
        window has it, and nothing is opened."""
        self.open_game(self._session_for_save(save))

    def _session_for_save(
        self, save: SaveFile, reseat: dict[int, str] | None = None
    ) -> GameSession:
        # start-up: the saves (pydantic) and the rules core, when a save is opened
        from el_grande.persist.autosave import attach_autosave, setups_of
        from el_grande.persist.store import Autosaver, held_of, record_of
        from el_grande.session import GameSession

        saver = Autosaver.resume(save)  # the lock first: if it is taken, nothing is built
        session = GameSession.from_record(
            record_of(save),
            setups_of(save),
            hints=save.hints,
            hints_used=save.hints_used,
            coach=save.coach,
            lessons=save.lessons,
        )
        session.held = held_of(save, session.game)  # checked when the save was loaded
        for seat, kind in sorted((reseat or {}).items()):  # from the decision at hand on
            session.seat_to(seat, kind)
        listener = attach_autosave(session, saver, self._save_problem_changed)
        listener.save(session.game)
        self._watch_listener(listener)
        return session

    def _watch_listener(self, listener: AutosaveListener) -> None:
        self._had_game = True  # a game was autosaved here (what a crash's line may say)
        if self._listener is not None and self._listener is not listener:
            self._listener.close()  # the previous game's lock goes
        self._listener = listener
        listener.on_change = self._save_problem_changed
        self._save_problem_changed(listener.problem)

    def _save_problem_changed(self, problem: str | None) -> None:
        self.save_problem = problem
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

        listener = None
        if imported("el_grande.persist.autosave"):  # else no session has an autosave yet
            from el_grande.persist.autosave import AutosaveListener  # start-up: pydantic

            listener = session.subscriber(AutosaveListener)
        if listener is None or listener is not self._listener:
            self._leave_game()
        if listener is not None:
            self._watch_listener(listener)
        self.clear_notifications()
        self._clear_stack()
        quiet = handover.QUIET if self._quiet_seconds is None else self._quiet_seconds
        take_over = self._take_over_seconds
        if take_over is None:
            take_over = handover.TAKE_OVER if self._quiet_seconds is None else 2 * quiet
        flow = TableFlow(
            session,
            self._clock or AppClock(self),
            thinker=self.think,
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
        self.push_screen(GameScreen(flow))
        self._check_size(self.size.width, self.size.height)

    def _leave_game(self) -> None:
        """The game on screen is left: its autosave lets the game go (the lock is freed)."""
        self.table = None
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        self.save_problem = None

    def show_replay(self, request: ReplayRequest, standalone: bool = False) -> None:
        from el_grande.app.screens.replay import ReplayScreen  # start-up: when asked for

        screen = ReplayScreen(request.record, request.seats, request.title, request.reveal)
        screen.standalone = standalone
        self.push_screen(screen)
        self._check_size(self.size.width, self.size.height)

    # --- leaving -----------------------------------------------------------------------------

    def on_unmount(self) -> None:
        self._last_problem = self.save_problem or None
        if self._listener is not None:
            self._listener.close()

    def exit_report(self) -> int:
        """After `run()`: the exit status, said on the terminal when it is not 0 — no terminal
        (2), a crash (70, with its log), a signal (143 for SIGTERM, 129 for SIGHUP); a failed
        autosave is repeated (1)."""
        if self._no_terminal is not None:
            print(f"el-grande: {self._no_terminal}", file=sys.stderr)
            return 2
        status = 0
        if self._last_problem:
            with contextlib.suppress(OSError):  # the terminal may be gone (SIGHUP)
                problem = t("save.problem_exit", problem=self._last_problem)
                print(f"el-grande: {problem}", file=sys.stderr)
            status = 1
        if self._crash is not None:
            from el_grande.crash import say_crash  # start-up: only after a crash

            saved = self._had_game and not self._last_problem
            return say_crash(self._crash, self._crash_secrets, saved=saved)
        if self._signal is not None:
            return 128 + self._signal
        return status
