"""The app as a process, in plain Python (app/process.py): how it ended and what it says,
and the terminal's output once the terminal has gone. (tests/app/test_process.py runs the
real `el-grande` for the same, in a pseudo-terminal.)"""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from el_grande.app.process import Ending, TerminalOut, secrets_of_games
from el_grande.crash import EXIT_CRASH
from tests.app.helpers import session_at


def test_an_ending_says_the_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    ending = Ending()
    assert ending.report(None) == 0 and capsys.readouterr().err == ""
    ending.signal = signal.SIGTERM
    assert ending.report(None) == 143
    ending.signal = signal.SIGHUP
    assert ending.report(None) == 129 and capsys.readouterr().err == ""
    ending.no_terminal = "El Grande needs a terminal."
    assert ending.report(None) == 2
    assert capsys.readouterr().err == "el-grande: El Grande needs a terminal.\n"


def test_a_failed_autosave_is_said_again_and_a_crash_wins(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The crash's log goes to a data folder of this test's own, not the shared one.
    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    ending = Ending()
    ending.save_problem = "the disk is full"
    assert ending.report(None) == 1
    assert "the disk is full" in capsys.readouterr().err
    ending.had_game = True
    assert ending.report(RuntimeError("boom")) == EXIT_CRASH
    err = capsys.readouterr().err
    assert "the disk is full" in err and "no game is lost" not in err  # it was not saved
    [log] = tmp_path.glob("crash-*.log")
    assert str(log) in err


def test_the_secrets_of_a_crash_are_the_running_games_seeds_and_choices() -> None:
    running = session_at(2, 8123, lambda s: len(s.game.history) >= 3)
    over = session_at(2, 99, lambda s: False)
    assert over.game.over
    assert set(secrets_of_games([running, None, over])) == {
        "8123",
        *(str(c) for c in running.game.history),
    }
    assert secrets_of_games([None], [{"seed": 77, "choices": ["disk granada"]}]) == (
        "77",
        "disk granada",
    )


class _Gone:
    def __init__(self) -> None:
        self.written: list[str] = []
        self.encoding = "utf-8"

    def write(self, text: str) -> int:
        if text == "hang up":
            raise OSError(5, "Input/output error")
        self.written.append(text)
        return len(text)

    def flush(self) -> None:
        raise ValueError("I/O operation on closed file")


def test_the_terminal_s_output_after_it_has_gone_is_nothing_never_an_error() -> None:
    file = _Gone()
    out = TerminalOut(file)
    assert out.write("frame") == 5 and not out.gone
    assert out.encoding == "utf-8"  # anything else is the file's
    assert out.write("hang up") == 7 and out.gone
    assert out.write("more") == 4 and file.written == ["frame"]
    out.flush()  # no error
    other = TerminalOut(_Gone())
    other.flush()
    assert other.gone
