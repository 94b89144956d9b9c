"""`el-grande review` and `el-grande simulate` stop when asked (issue 26, item 7): Ctrl-C in a
terminal, SIGINT or SIGTERM to the command alone, and no worker process is left behind.

Each command runs in a pseudo-terminal (`pty.fork`), under a stand-in for a terminal's shell
(`SHELL`: the session's leader, as in a terminal window), so `^C` typed into it is the line
discipline's SIGINT to the whole foreground group, workers included. The signal goes only once
the progress bar shows a piece of work done with most of it left (the workers are running).
Then the test waits, up to a generous bound, for the command's end: its workers must be gone
by then (it terminates them and waits for them before it ends), and the rest of its session
soon after (counted in /proc). Nothing depends on how fast the machine is: a slow machine
only makes the waits longer.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from el_grande.bots import make_bot, play_game
from el_grande.core import Game, Options
from el_grande.persist.model import Seat
from el_grande.persist.store import save_from_game, write_save
from el_grande.workers import Stop, Workers
from tests.worker_pieces import dies, forever

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="counts in /proc")

#: How long a run may take to show its first piece of work, or to end once asked (generous:
#: a busy machine is slow; a test that waits this long has failed anyway).
BOUND = 120.0
#: "12/264" in the progress bar, at least one piece done.
DONE = re.compile(rb"\b([1-9]\d*)/(\d+)\b")


def session_processes(sid: int) -> list[int]:
    """The live processes of session `sid` (a zombie has ended: it is not counted)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # ended while we looked
        fields = stat.rpartition(")")[2].split()
        state, session = fields[0], int(fields[3])
        if session == sid and state not in ("Z", "X"):
            found.append(int(entry.name))
    return found


#: What a terminal's shell does for a command (the session's leader, it stays when the
#: command ends: a leader's end would hang up the terminal and SIGHUP every process left in
#: it, hiding a worker that ran on): it runs the command in the foreground, says its pid and
#: its exit code, then waits for a line.
SHELL = """
import signal, subprocess, sys
signal.signal(signal.SIGINT, lambda *_: None)  # as a shell: Ctrl-C is the command's
command = subprocess.Popen(sys.argv[1:])
print(f"PID={command.pid}", flush=True)
print(f"EXIT={command.wait()}", flush=True)
sys.stdin.readline()
"""


class Terminal:
    """A command in a pseudo-terminal of its own (120×40), run by `SHELL` (its session)."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        pid, fd = pty.fork()
        if pid == 0:  # the child: the shell, the terminal its controlling one
            os.execve(sys.executable, [sys.executable, "-c", SHELL, sys.executable, *args], env)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        self.sid, self.fd = pid, fd
        self.output = b""
        self.trackers: set[int] = set()
        self.command = int(self.wait_for(re.compile(rb"PID=(\d+)"))[1])

    def read(self, seconds: float) -> None:
        ready, _, _ = select.select([self.fd], [], [], seconds)
        if ready:
            with contextlib.suppress(OSError):  # the other side closed
                self.output += os.read(self.fd, 65536)

    def wait_for(self, pattern: re.Pattern[bytes]) -> re.Match[bytes]:
        deadline = time.monotonic() + BOUND
        while time.monotonic() < deadline:
            found = pattern.search(self.output)
            if found:
                return found
            self.read(0.2)
        raise AssertionError(f"never showed {pattern.pattern!r}: {self.output[-600:]!r}")

    def wait_exit(self) -> int:
        """The command's exit code, once it has ended (the shell waits for a line)."""
        return int(self.wait_for(re.compile(rb"EXIT=(-?\d+)"))[1])

    def ctrl_c(self) -> None:
        os.write(self.fd, b"\x03")  # what the key sends: the terminal makes it SIGINT

    def close(self) -> None:
        for pid in session_processes(self.sid):  # a failed test leaves nothing running
            if pid != self.sid:
                os.kill(pid, signal.SIGKILL)
        os.write(self.fd, b"\n")  # the shell ends
        os.waitpid(self.sid, 0)
        os.close(self.fd)


def workers_of(term: Terminal) -> list[int]:
    """The processes of the terminal but its shell and multiprocessing's resource tracker
    (which ends by itself once the command it serves has ended; known by its command line
    while it runs, by its pid once that is gone: `Terminal.trackers`)."""

    def tracker(pid: int) -> bool:
        try:
            found = b"resource_tracker" in Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            return False
        if found:
            term.trackers.add(pid)
        return found

    return [
        p
        for p in session_processes(term.sid)
        if p != term.sid and p not in term.trackers and not tracker(p)
    ]


def left_after(term: Terminal) -> list[int]:
    """The terminal's processes but its shell still alive once they had a generous while."""
    deadline = time.monotonic() + BOUND
    while (alive := [p for p in session_processes(term.sid) if p != term.sid]) and (
        time.monotonic() < deadline
    ):
        time.sleep(0.1)
    return alive


@pytest.fixture
def env(tmp_path: Path) -> Iterator[dict[str, str]]:
    yield {
        **os.environ,
        "EL_GRANDE_HOME": str(tmp_path / "home"),
        "EL_GRANDE_CONFIG": str(tmp_path / "config"),
        "TERM": "xterm-256color",
        "COLUMNS": "120",
        "LINES": "40",
    }


@functools.cache
def _finished() -> Game:
    """The finished game the reviews here are stopped in, played once (only ever read)."""
    game = Game.new(["Ana", "Ben"], seed=8, options=Options(rounds=6))
    play_game(game, [make_bot("greedy", seed=s) for s in range(2)])
    return game


def finished_game(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    write_save(save_from_game(_finished(), seats=[Seat(name="Ana"), Seat(name="Ben")]), path)
    return path


def how(stop: str, term: Terminal) -> None:
    if stop == "ctrl-c":
        term.ctrl_c()
    else:  # to the command alone
        os.kill(term.command, {"sigint": signal.SIGINT, "sigterm": signal.SIGTERM}[stop])


@pytest.mark.parametrize(
    "stop", ["ctrl-c", "sigterm", pytest.param("sigint", marks=pytest.mark.stress)]
)
def test_a_review_stops_when_asked_workers_included_and_keeps_what_was_done(
    tmp_path: Path, env: dict[str, str], stop: str
) -> None:
    """Ctrl-C was ignored (the review alive 20 s on, its bar frozen); a SIGINT or SIGTERM to
    the review alone left its two workers running at ~60 % CPU. Now it ends, nothing of it is
    left, and the review so far is in the `-o` file, saying it is partial."""
    out = tmp_path / "review.md"
    args = ["-m", "el_grande", "review", str(finished_game(tmp_path)), "--all"]
    term = Terminal([*args, "--jobs", "2", "-o", str(out)], env)
    try:
        done = term.wait_for(DONE)
        assert int(done[1]) < int(done[2])  # work left: the workers are busy with it
        assert len(workers_of(term)) >= 3  # the review and its two workers
        how(stop, term)
        code = term.wait_exit()
        assert workers_of(term) == []  # ended with it: it stopped them and waited for them
        assert left_after(term) == []
    finally:
        term.close()
    number = signal.SIGTERM if stop == "sigterm" else signal.SIGINT
    assert code == 128 + number, term.output[-400:]
    said = term.output.decode(errors="replace")
    assert "the review was stopped after" in said and "marked as partial" in said
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# Ana's game, reviewed") and "was stopped before its end" in text


def test_simulate_stops_at_ctrl_c_with_its_workers(tmp_path: Path, env: dict[str, str]) -> None:
    """`simulate --jobs 2` (worker processes, as the review's): the same Ctrl-C."""
    args = ["-m", "el_grande", "simulate", "-g", "100000", "-n", "2", "--rounds", "6"]
    args += ["--bots", "random", "--jobs", "2"]
    term = Terminal(args, env)
    try:
        term.wait_for(DONE)
        assert len(workers_of(term)) >= 3
        term.ctrl_c()
        code = term.wait_exit()
        assert workers_of(term) == []
        assert left_after(term) == []
    finally:
        term.close()
    assert code == 128 + signal.SIGINT
    assert b"el-grande simulate: stopped after" in term.output


def test_cancelled_workers_are_terminated_even_while_they_run(tmp_path: Path) -> None:
    """`Workers.map` stops the running worker itself once `cancelled()` says yes (here: once
    the work has started, and it never ends): what is queued is dropped, no process is left."""
    import multiprocessing

    started = [tmp_path / f"started-{k}" for k in range(3)]
    workers = Workers(1)
    assert list(workers.map(forever, started, started[0].exists, every=0.01)) == []
    assert multiprocessing.active_children() == []  # stopped by `map`, not by leaving a block
    assert not started[1].exists() and not started[2].exists()  # dropped from the queue


def test_a_worker_that_ends_in_the_middle_is_an_error_not_a_wait_for_ever() -> None:
    import multiprocessing

    from el_grande.workers import WorkerLost

    with pytest.raises(WorkerLost, match="exit status 3"):
        list(Workers(1).map(dies, [1, 2], every=0.01))
    assert multiprocessing.active_children() == []


def test_a_signal_asks_to_stop_and_the_handlers_come_back() -> None:
    before = signal.getsignal(signal.SIGTERM)
    with Stop() as stop:
        assert not stop()
        os.kill(os.getpid(), signal.SIGTERM)
        while not stop():  # the handler runs at the interpreter's next look
            time.sleep(0.001)
        assert stop.signal == signal.SIGTERM and stop.exit_code == 143
    assert signal.getsignal(signal.SIGTERM) is before
    with pytest.raises(KeyboardInterrupt), Stop(at_once=True):
        os.kill(os.getpid(), signal.SIGINT)
        while True:
            time.sleep(0.001)
