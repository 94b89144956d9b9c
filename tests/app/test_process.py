"""The app as a process (issue 16): a crash is never a success, SIGTERM and SIGHUP save and
give the terminal back, and without a terminal nothing spins.

The real `el-grande` runs in a subprocess: headless with a failure injected
(`crash_driver.py`), or in a pseudo-terminal (`pty`), a real terminal driver with a window
size and a controlling terminal to hang up. Nothing waits on the clock: each step waits for a
file the game writes (the autosave, with one more decision), with a generous time-out.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from el_grande.crash import EXIT_CRASH, strike
from el_grande.persist import load_game
from el_grande.persist.lock import locked_elsewhere

HERE = Path(__file__).parent
SEED = 987654321
FIXTURE = HERE.parent / "persist" / "fixtures" / "v010-unfinished-bots.json"


def env_for(home: Path) -> dict[str, str]:
    return {
        **os.environ,
        "EL_GRANDE_HOME": str(home),
        "EL_GRANDE_CONFIG": str(home / "config"),
        "TERM": "xterm-256color",
    }


def the_save(home: Path) -> Path | None:
    found = sorted((home / "saves").glob("*.json"))
    return found[0] if found else None


def decisions(home: Path) -> int:
    """Decisions in the autosave so far (-1: none yet, or caught mid-rename)."""
    save = the_save(home)
    try:
        return len(json.loads(save.read_text(encoding="utf-8"))["choices"]) if save else -1
    except (OSError, ValueError, KeyError):
        return -1


def until(what: Callable[[], bool], timeout: float) -> bool:
    end = time.monotonic() + timeout
    while not what():
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


def wait_for(what: Callable[[], bool], timeout: float = 120.0) -> None:
    assert until(what, timeout), "timed out"


def lock_is_free(home: Path) -> bool:
    locks = list((home / "saves").glob(".*.lock"))
    return all(not locked_elsewhere(lock) for lock in locks) and not locks


# --- 5. a crash ------------------------------------------------------------------------------


def crash(home: Path, at: int) -> subprocess.CompletedProcess[str]:
    """The app run by `crash_driver.py`, its core failing at decision `at` (data in `home`)."""
    return subprocess.run(
        [sys.executable, str(HERE / "crash_driver.py"), str(SEED), str(at)],
        capture_output=True,
        text=True,
        env=env_for(home),
        timeout=300,
    )


def test_a_crash_leaves_the_autosave_whole_names_its_log_and_exits_70(tmp_path: Path) -> None:
    """The core raises in the middle of decision 6 of a hidden-Castillo game, with the seed and
    the last choice in its message: exit status 70 (it was 0), one line naming the crash
    log, the log holding the traceback and nothing of the game; every decision before the
    failure in the autosave, which loads; the lock let go."""
    home = tmp_path / "home"
    proc = crash(home, at=6)
    assert proc.returncode == EXIT_CRASH, proc.stderr[-2000:]
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr[-2000:]
    [log] = home.glob("crash-*.log")
    assert lines[0].startswith("el-grande: El Grande stopped on an error of its own (exit ")
    assert str(log) in lines[0] and "Traceback" not in proc.stderr
    assert lines[0].endswith("(no game is lost: every decision made is in its autosave).")
    text = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last):" in text
    assert "in failing_apply" in text and "RuntimeError: injected failure: seed [hidden]" in text
    save, game = load_game(the_save(home))  # type: ignore[arg-type]
    assert len(save.choices) == 6 and not game.over  # every decision before the failure
    assert str(SEED) not in text and str(SEED) not in proc.stderr + proc.stdout
    for choice in save.choices:
        assert f"after {choice}" not in text
    assert "Ana" not in text  # no local variable's value (Textual's report shows them all)
    assert os.stat(log).st_mode & 0o077 == 0
    assert lock_is_free(home)


def test_a_crash_in_a_command_is_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from el_grande.__main__ import main
    from el_grande.persist import export

    def broken(*_args: object, **_kwargs: object) -> str:
        raise KeyError("the export broke")

    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    monkeypatch.setattr(export, "export_text", broken)
    assert main(["export", str(FIXTURE)]) == EXIT_CRASH
    err = capsys.readouterr().err
    [log] = tmp_path.glob("crash-*.log")
    assert err.count("\n") == 1 and str(log) in err and "no game is lost" not in err  # none open
    assert "KeyError: 'the export broke'" in log.read_text(encoding="utf-8")


def test_a_crash_with_a_failing_autosave_never_says_no_game_is_lost(tmp_path: Path) -> None:
    """A read-only data folder: the autosave fails (said on leaving), the crash log cannot be
    written either: the line says so, and makes no promise about the game."""
    home = tmp_path / "file-not-folder"
    home.write_text("")  # a file where the data folder should be: nothing can be written
    proc = crash(home, at=4)
    assert proc.returncode == EXIT_CRASH
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("el-grande: El Grande stopped on an error of its own (exit status 70)")
    assert "the crash log could not be written (" in last and "no game is lost" not in last
    assert "Autosave failed" in proc.stderr


def test_a_reader_that_stops_reading_is_no_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`el-grande config | head -1` once wrote a crash log (BrokenPipeError): 141, silently."""
    from el_grande.__main__ import main

    class Gone:
        def write(self, _text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "stdout", Gone())
    assert main(["config"]) == 141
    assert not list(tmp_path.glob("crash-*.log")) and capsys.readouterr().err == ""


def test_the_crash_log_strikes_the_seed_and_the_choices_as_words() -> None:
    secrets = ["7", "disk granada", "power 7"]
    text = "seed 7 in 17, 'disk granada' then power 7 and 7x"
    assert strike(text, secrets) == "seed [hidden] in 17, '[hidden]' then [hidden] and 7x"


# --- 7. no terminal --------------------------------------------------------------------------


NO_TERMINAL = (
    "el-grande: El Grande needs a terminal: its standard input is not one (it reads the "
    "keys from there), so nothing was opened; run it in a terminal window."
)


def script(code: str, args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    """`code` run by this interpreter in a process of its own with no terminal (standard
    input /dev/null), with `args`, its data in `home`."""
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env_for(home),
        timeout=300,
    )


def saves_with_the_fixture(home: Path) -> Path:
    """`home`'s saves folder holding a copy of the fixture (an unfinished game); its path."""
    (home / "saves").mkdir(parents=True)
    save = home / "saves" / FIXTURE.name
    save.write_bytes(FIXTURE.read_bytes())
    return save


@pytest.mark.parametrize(("argv", "stdin"), [(["load"], "devnull"), ([], "closed pipe")])
def test_without_a_terminal_it_says_so_and_exits_2(
    argv: list[str], stdin: str, tmp_path: Path
) -> None:
    """`el-grande load SAVE </dev/null` once spun a whole core for ever (and then, `load` and
    `resume` still wrote the game's save before saying it: it became the latest to resume).
    The real `el-grande` in a process of its own; every command that opens the app, with
    either standard input, is refused in the test below."""
    home = tmp_path / "home"
    save = saves_with_the_fixture(home)
    if argv[:1] == ["load"]:
        argv = ["load", str(save)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "el_grande", "--lang", "en", *argv],
        stdin=subprocess.DEVNULL if stdin == "devnull" else subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env_for(home),
    )
    out, err = proc.communicate(timeout=120)  # (a closed pipe: communicate closes stdin)
    assert proc.returncode == 2, err
    assert err.strip().splitlines() == [NO_TERMINAL]
    assert lock_is_free(home)
    assert [p.name for p in (home / "saves").iterdir()] == [FIXTURE.name]  # nothing written
    assert save.read_bytes() == FIXTURE.read_bytes()


#: Runs `el-grande` (its entry point, `el_grande.__main__.main`) in one process with no
#: terminal, its saves folder holding the fixture (argument 1). First each command that opens
#: the app, with standard input /dev/null, then a closed pipe: one line a command, its exit
#: status, what it said, what is in the saves folder after it (a lock file would be there
#: too) and whether the save is still the fixture's; then whether Textual was imported. Then,
#: standard input /dev/null again, each command that needs no terminal (on the fixture,
#: argument 2): one line a command, its exit status, what it wrote and what it said.
_WITHOUT_A_TERMINAL = """
import contextlib, io, json, os, sys
from pathlib import Path
from el_grande.__main__ import main
save, fixture_path = Path(sys.argv[1]), sys.argv[2]
fixture = save.read_bytes()
for stdin in ("devnull", "closed pipe"):
    if stdin == "closed pipe":
        read, write = os.pipe()
        os.close(write)
        os.dup2(read, 0)
    for argv in ([], ["play", "--players", "Ana,Ben"], ["calc"], ["learn"], ["resume"],
                 ["load", str(save)], ["replay", str(save)]):
        said = io.StringIO()
        with contextlib.redirect_stderr(said):
            status = main(["--lang", "en", *argv])
        saves = sorted(p.name for p in save.parent.iterdir())
        same = save.read_bytes() == fixture
        print(json.dumps(["refused", stdin, argv[:1], status, said.getvalue(), saves, same]))
print(json.dumps(["textual imported", "textual" in sys.modules]))
os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
for argv in (["export", fixture_path], ["resume", "--list"], ["load", fixture_path, "--check"],
             ["simulate", "-n", "2", "-g", "1", "--bots", "random", "--json"], ["config"]):
    out, said = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(said):
        status = main(argv)
    print(json.dumps(["works", argv[:2], status, out.getvalue(), said.getvalue()]))
"""


#: The script's process, its data folder and its lines by kind.
Ran = tuple[subprocess.CompletedProcess[str], Path, dict[str, list[list[object]]]]


@pytest.fixture(scope="module")
def without_a_terminal(tmp_path_factory: pytest.TempPathFactory) -> Ran:
    """`_WITHOUT_A_TERMINAL` run once for the two tests below (one process, not one each:
    its start-up and imports were most of each one's CPU)."""
    home = tmp_path_factory.mktemp("without-a-terminal") / "home"
    save = saves_with_the_fixture(home)
    proc = script(_WITHOUT_A_TERMINAL, [str(save), str(FIXTURE)], home)
    lines: dict[str, list[list[object]]] = {}
    for line in proc.stdout.splitlines():
        kind, *fields = json.loads(line)
        lines.setdefault(kind, []).append(fields)
    return proc, home, lines


def test_without_a_terminal_the_commands_that_open_the_app_never_import_it(
    without_a_terminal: Ran,
) -> None:
    """Each command that opens the app, with /dev/null or a closed pipe for its standard
    input, says the one sentence and exits 2, writing nothing (no save, no lock): refused
    before Textual is imported (a tenth of a second), the sentence comes at once."""
    proc, home, lines = without_a_terminal
    runs = lines.get("refused", [])
    assert len(runs) == 14, proc.stderr
    for stdin, command, status, said, saves, same in runs:
        assert (status, said) == (2, NO_TERMINAL + "\n"), (stdin, command)
        assert saves == [FIXTURE.name] and same, (stdin, command)  # nothing written
    assert lines["textual imported"] == [[False]]
    assert proc.stderr == "" and lock_is_free(home)


def test_commands_that_need_no_terminal_work_without_one(
    without_a_terminal: Ran,
) -> None:
    proc, _home, lines = without_a_terminal
    runs = lines.get("works", [])
    assert len(runs) == 5, proc.stderr
    for command, status, out, said in runs:
        assert status == 0, (command, said)
        assert out and "terminal" not in str(said), (command, said)


# --- 6. signals ------------------------------------------------------------------------------


class Terminal:
    """A pseudo-terminal of 120×40 running `el-grande` as its controlling process."""

    def __init__(self, home: Path, argv: list[str]) -> None:
        self.home = home
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))

        def controlling_terminal() -> None:
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.proc = subprocess.Popen(
            [sys.executable, "-m", "el_grande", "--lang", "en", *argv],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env_for(home),
            preexec_fn=controlling_terminal,
            close_fds=True,
        )
        os.close(slave)
        self.output = bytearray()
        self._hang_up = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        """Read the terminal until the process ends or the terminal is closed. The master side
        is closed here, in the thread that reads it: closed by another thread while a read
        waits, it would stay open (and the terminal would never hang up)."""
        try:
            while not self._hang_up.is_set():
                ready, _, _ = select.select([self.master], [], [], 0.05)
                if not ready:
                    continue
                try:
                    chunk = os.read(self.master, 1 << 16)
                except OSError:
                    return
                if not chunk:
                    return
                self.output.extend(chunk)
        finally:
            os.close(self.master)

    def press_enter(self) -> None:
        os.write(self.master, b"\r")

    def hang_up(self) -> None:
        """Close the terminal (its window), as a player closing it does: SIGHUP."""
        self._hang_up.set()
        self._reader.join(timeout=60)
        assert not self._reader.is_alive()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=60)
        self.hang_up()


@contextmanager
def game_in_a_terminal(home: Path, weighing: bool = False) -> Iterator[Terminal]:
    """A game of two humans, its first decision made (seen in the autosave). The engine's
    warnings are weighed (`weighing`, the settings' default: a thread's play-outs at every
    prompt) only where a test asks, as in every test in this process (tests/conftest.py's
    `_no_weighing`): they are most of such a game's CPU (they weigh on for as long as a test
    waits on a decision).

    One decision, as many as the signal tests need: it is in the save (or lost) as any later
    one would be, and the signal finds the next player's prompt in its quiet time as it
    would after three (the tests made three once: each after the first waited out a change
    of player, 3 s and a tenth of a second of the child's CPU)."""
    if not weighing:
        (home / "config").mkdir(parents=True)
        (home / "config" / "settings.toml").write_text("warnings = false\n")
    term = Terminal(home, ["play", "--players", "Ana,Ben", "--seed", str(SEED)])
    try:
        wait_for(lambda: decisions(home) >= 0)
        end = time.monotonic() + 120
        # The first power card: a decision, nothing secret. A key pressed before the table's
        # quiet time is over does nothing: press again after a pause until the decision is
        # made (a player would).
        while True:
            term.press_enter()
            if until(lambda: decisions(home) > 0, 3.0):
                break
            assert time.monotonic() < end, "no decision was made"
        yield term
    finally:
        term.close()


RESTORED = (b"\x1b[?1049l", b"\x1b[?25h", b"\x1b[?1000l")  # normal screen, cursor, no mouse


@pytest.mark.parametrize(
    ("signum", "status", "weighing"), [(signal.SIGTERM, 143, True), (signal.SIGHUP, 129, False)]
)
def test_a_signal_saves_lets_go_and_gives_the_terminal_back(
    signum: int, status: int, weighing: bool, tmp_path: Path
) -> None:
    """SIGTERM and SIGHUP once left the terminal in the alternate screen, with mouse
    reporting on and the cursor hidden (the save was whole, the lock file left behind).
    SIGTERM comes with the warnings on (the default), as soon as the first decision is in
    the autosave: most likely while a thread weighs the second prompt's choices (one
    prompt's weighing under way is what this needs; more decisions only weighed more)."""
    home = tmp_path / "home"
    with game_in_a_terminal(home, weighing) as term:
        before = len(term.output)
        term.proc.send_signal(signum)
        assert term.proc.wait(timeout=120) == status
        term.hang_up()  # every byte written before the exit has been read
        after = bytes(term.output[before:])
        for sequence in RESTORED:
            assert sequence in after, sequence
    save, _game = load_game(the_save(home))  # type: ignore[arg-type]
    assert len(save.choices) == 1
    assert lock_is_free(home)


def test_a_terminal_closed_under_a_game_saves_it_and_lets_it_go(tmp_path: Path) -> None:
    """The terminal hangs up (its window closed): SIGHUP with no terminal left to give back;
    the game is saved, its lock let go, exit status 129, at once."""
    home = tmp_path / "home"
    with game_in_a_terminal(home) as term:
        term.hang_up()
        assert term.proc.wait(timeout=120) == 129
    save, _game = load_game(the_save(home))  # type: ignore[arg-type]
    assert len(save.choices) == 1
    assert lock_is_free(home)


async def test_an_error_as_the_app_leaves_is_no_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A SIGTERM (or a quit) just as a game screen mounts: the screen finds its widgets gone
    as the app takes the screens down. The game is saved already; it is no crash (it once
    wrote a crash log and exited 70). The app's data folder is this test's own: a crash log
    another test left in the shared one is not this app's."""
    from el_grande.app.app import ElGrandeApp
    from tests.app.helpers import session_at

    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    session = session_at(3, 7, lambda s: len(s.game.history) > 5)
    app = ElGrandeApp(curtain_seed=0)
    async with app.run_test(size=(120, 40)):
        app.exit(return_code=143)  # what the signal handler asks for
        app.open_game(session)  # a screen still mounting as the app leaves
    assert app.return_code == 143  # (a crash would be re-raised here, and then be 70)
    assert app.exit_report() != EXIT_CRASH and not list(tmp_path.glob("crash-*"))
