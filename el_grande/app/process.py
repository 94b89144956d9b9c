"""The app as a process (docs/app.md, "When things go wrong"): the terminal it needs, what it
does when the terminal goes or a signal comes, and what it says as it ends.

The commands that open the app ask `refused_without_terminal` before Textual is imported, and
the app (`el_grande.app.app`) asks `no_terminal_here` before it starts; writes through
`TerminalOut`, ends on SIGTERM and SIGHUP through `end_on_signal`, and keeps how it ended in
an `Ending`, which `ElGrandeApp.exit_report` says once `run()` has returned.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.session import GameSession

#: The signals that end the app as a player would (a `kill`, a shutdown; the terminal closed).
SIGNALS = tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s)


def stdin_is_a_terminal() -> bool:
    """Whether the keys can come from standard input (a terminal), not a file, a pipe or
    /dev/null at its end."""
    stdin = sys.__stdin__
    try:
        return stdin is not None and os.isatty(stdin.fileno())
    except (OSError, ValueError):  # closed, or no descriptor
        return False


def no_terminal_here() -> str | None:
    """Why the app cannot run here (no terminal to read keys from), or None: it can."""
    return None if stdin_is_a_terminal() else t("app.needs_terminal")


class TerminalOut:
    """The terminal's output, as Textual's writer thread writes to it: once the terminal has
    gone (hung up, its window closed), writing is nothing, never an error. (An error ended the
    writer thread, and the app, leaving, then waited for it for ever.)"""

    def __init__(self, file: Any) -> None:
        self._terminal = file
        self.gone = False

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                self._terminal.write(text)
            except (OSError, ValueError):
                self.gone = True
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self._terminal.flush()
            except (OSError, ValueError):
                self.gone = True

    def __getattr__(self, name: str) -> Any:
        return getattr(self._terminal, name)


def terminal_gone() -> bool:
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


def handle_signals(handler: Callable[[int], None]) -> None:
    """`handler(signum)` on SIGTERM and SIGHUP, on the running loop (where it can be)."""
    loop = asyncio.get_running_loop()
    for signum in SIGNALS:
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signum, handler, signum)


def end_on_signal(signum: int, let_go: Callable[[], None], exit: Callable[[int], None]) -> None:
    """SIGTERM or SIGHUP came: `let_go()` (the game saved, its lock released), then
    `exit(128 + signum)`, the normal way out, which gives the terminal back (the normal
    screen, no mouse reporting, the cursor shown) where it still exists. A second signal
    ends the process at once; a terminal gone is given nothing back (writing would hang)."""
    with contextlib.suppress(Exception):
        let_go()
    with contextlib.suppress(Exception):
        loop = asyncio.get_running_loop()
        for other in SIGNALS:
            loop.remove_signal_handler(other)
    if terminal_gone():
        os._exit(128 + signum)
    _end_anyway_after(5.0, 128 + signum)
    exit(128 + signum)


def secrets_of_games(
    sessions: Iterable[GameSession | None], records: Iterable[dict[str, Any]] = ()
) -> tuple[str, ...]:
    """What a crash log must not tell (`el_grande.crash`): the seeds and choices of the games
    of `sessions` still running, and of `records` (a replay's)."""
    from el_grande.crash import secrets_of  # start-up: only after a crash

    running = [s.game.record() for s in sessions if s is not None and not s.game.over]
    return tuple(secrets_of([*running, *records]))


class Ending:
    """How the app ended, said on the terminal once `run()` has returned (`report`)."""

    def __init__(self) -> None:
        #: Why the app cannot run here: no terminal.
        self.no_terminal: str | None = None
        #: The signal that ended the app, if one did.
        self.signal: int | None = None
        #: What the log of a crash must not tell (gathered as it crashed).
        self.secrets: tuple[str, ...] = ()
        #: Whether a game was autosaved here (what a crash's line may promise).
        self.had_game = False
        #: Why the autosave failed last, as the app ended (None: it worked).
        self.save_problem: str | None = None

    def report(self, crash: BaseException | None) -> int:
        """The exit status, said on the terminal when it is not 0 — no terminal (2), a crash
        (`crash`: 70, with its log), a signal (143 for SIGTERM, 129 for SIGHUP); a failed
        autosave is repeated (1)."""
        if self.no_terminal is not None:
            print(f"el-grande: {self.no_terminal}", file=sys.stderr)
            return 2
        status = 0
        if self.save_problem:
            with contextlib.suppress(OSError):  # the terminal may be gone (SIGHUP)
                problem = t("save.problem_exit", problem=self.save_problem)
                print(f"el-grande: {problem}", file=sys.stderr)
            status = 1
        if crash is not None:
            from el_grande.crash import say_crash  # start-up: only after a crash

            saved = self.had_game and not self.save_problem
            return say_crash(crash, self.secrets, saved=saved)
        if self.signal is not None:
            return 128 + self.signal
        return status


def refused_without_terminal() -> int | None:
    """For a command that opens the app, before it imports Textual (a tenth of a second) or
    builds anything: without a terminal, the exit status 2, said as the app says it; None
    with one."""
    ending = Ending()
    ending.no_terminal = no_terminal_here()
    return None if ending.no_terminal is None else ending.report(None)
