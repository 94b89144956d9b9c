"""One window per game: a game open in one window (process) is locked against a second; the
lock goes when the game is closed or its process dies, however it dies (SIGKILL)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from persist_helpers import random_game

from el_grande.cli import main as cli_main
from el_grande.persist import Autosaver, load_game, load_save, saves_dir, scan_saves
from el_grande.persist.errors import GameLockedError, SaveFileError
from el_grande.persist.lock import lock_path
from tests.app.helpers import open_resume_list

HOLDER = Path(__file__).with_name("lock_holder.py")

#: The other windows' process and the prober (test_persist_lock) serve this module's tests
#: and end after the run's save tests (tests/persist/conftest.py, `other_processes`).
pytestmark = pytest.mark.usefixtures("other_processes")


def saved_game(seed: int = 3, upto: int = 25) -> Autosaver:
    """An unfinished game in the saves directory, closed (nobody has it open)."""
    saver = Autosaver.start(random_game(seed, upto=upto, players=3))
    saver.close()
    return saver


_prober: list[subprocess.Popen[str]] = []  # one process asks for every test of this file
_windows: list[subprocess.Popen[str]] = []  # one process holds the other windows' games


def _ask(proc: subprocess.Popen[str], line: str) -> str:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(f"{line}\n")
    proc.stdin.flush()
    return proc.stdout.readline().strip()


def _started(kept: list[subprocess.Popen[str]], *args: str) -> subprocess.Popen[str]:
    """The process kept in `kept`, started (`lock_holder.py ARGS`) if there is none alive."""
    if not kept or kept[0].poll() is not None:
        kept[:] = [
            subprocess.Popen(
                [sys.executable, str(HOLDER), *args],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
        ]
    return kept[0]


@contextmanager
def other_window(save_file: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process with the game open (`lock_holder.py --windows`: one process holds
    the games of a module's tests, started on the first and kept; one started a test cost a
    fifth of a second of CPU each). When the block ends the game is let go as a window
    killed with SIGKILL lets it go: its lock dropped, its file left; unless the block killed
    the process itself (the next window starts another)."""
    proc = _started(_windows, "--windows")
    home = os.environ["EL_GRANDE_HOME"]  # the test's data folder, where the game autosaves
    assert _ask(proc, json.dumps(["open", home, str(save_file)])) == "ready"
    try:
        yield proc
    finally:
        if proc.poll() is None:
            assert _ask(proc, json.dumps(["let go", str(save_file)])) == "gone"
        else:
            proc.wait(timeout=60)


def held_by_another_process(lock: Path) -> bool:
    """Whether another process (one prober, `lock_holder.py --probes`, started on the first
    question and kept for the module) finds the lock at `lock` held."""
    answer = _ask(_started(_prober, "--probes"), str(lock))
    assert answer in ("True", "False"), answer
    return answer == "True"


def end_the_other_processes() -> None:
    """The prober and the windows' process end as their input closes (each exits 0, but one
    a test killed: it was waited for there)."""
    for proc in [*_prober, *_windows]:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0 or proc.returncode == -signal.SIGKILL
        proc.stdout.close()
    _prober.clear()
    _windows.clear()


@pytest.fixture
def launches(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record what the CLI would open instead of opening the app."""
    from el_grande import commands

    seen: list[str] = []
    monkeypatch.setattr(commands, "_launch", lambda save: seen.append(save.game_id) or 0)
    return seen


def test_a_second_resume_or_load_is_refused_until_the_first_dies(
    home: Path, launches: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    saver = saved_game()
    game_id, lock = saver.file.game_id, lock_path(saves_dir(), saver.file.game_id)
    with other_window(saver.path) as proc:
        assert lock.exists() and held_by_another_process(lock)
        for argv in (["resume"], ["resume", game_id], ["resume", "1"], ["load", str(saver.path)]):
            assert cli_main(argv) == 1, argv
            err = capsys.readouterr().err
            assert err.startswith("el-grande: The game ") and err.count("\n") == 1
            assert f"{game_id} (Ana, Ben, Cy) is open in another window" in err
        assert launches == []  # nothing opened
        # reading is fine: --check, export (and replay) never take the lock
        assert cli_main(["load", str(saver.path), "--check"]) == 0
        assert cli_main(["export", str(saver.path)]) == 0
        capsys.readouterr()
        # the lists mark it, and leave its lock alone
        assert cli_main(["resume", "--list"]) == 0
        assert "· open in another window  [" in capsys.readouterr().out
        [listed] = scan_saves()[0]
        assert listed.open_elsewhere and lock.exists()
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
    assert lock.exists()  # a SIGKILL leaves the file, but no lock: the OS dropped it
    assert not held_by_another_process(lock)
    assert cli_main(["resume"]) == 0
    assert launches == [game_id]
    assert not lock.exists()  # the leftover was cleared on the way (resume reads the list)
    assert len(load_save(saver.path).choices) == 25


@pytest.mark.usefixtures("at_a_terminal")
def test_the_real_launcher_refuses_before_any_screen(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Even if the game is opened elsewhere between the CLI's check and the launch, the
    launch (`commands._launch`) refuses before the app runs."""
    from textual.app import App

    from el_grande import commands
    from el_grande.app.app import ElGrandeApp

    def never(*_a: object, **_k: object) -> None:
        raise AssertionError("the app was started")

    monkeypatch.setattr(App, "run", never)
    saver = saved_game(4)
    save, _game = load_game(saver.path)
    with other_window(saver.path):
        assert commands._launch(save) == 1
        assert "is open in another window" in capsys.readouterr().err
        with pytest.raises(GameLockedError) as info:
            ElGrandeApp(saved=save).take_saved()
        assert isinstance(info.value, SaveFileError) and info.value.game_id == save.game_id


def test_close_releases_the_lock_and_removes_its_file(home: Path) -> None:
    saver = Autosaver.start(random_game(5, upto=10, players=2))
    lock = lock_path(saves_dir(), saver.file.game_id)
    assert lock.exists() and held_by_another_process(lock)  # as seen from another process
    assert [g.path for g in scan_saves()[0]] == [saver.path]  # a lock file is not a save
    assert not lock.name.endswith(".json") and scan_saves()[1] == []
    saver.close()
    assert not lock.exists() and not held_by_another_process(lock)
    saver.close()  # idempotent
    # saving again takes the lock again (the app closed the screen, the game went on)
    saver.save(random_game(5, upto=11, players=2))
    assert lock.exists() and held_by_another_process(lock)
    saver.close()
    assert os.listdir(saves_dir()) == [saver.path.name]


def test_a_finished_game_lets_its_lock_go(home: Path) -> None:
    game = random_game(6, upto=10, players=2)
    saver = Autosaver.start(game)
    lock = lock_path(saves_dir(), saver.file.game_id)
    assert lock.exists()
    saver.save(random_game(6, players=2))
    assert load_save(saver.path).finished and not lock.exists()


def test_reopening_in_the_same_window_takes_the_lock_over(home: Path) -> None:
    """The title screen's resume list after leaving a game whose listener was not closed:
    the same process may reopen it (another window may not)."""
    first = Autosaver.start(random_game(7, upto=12, players=3))
    again = Autosaver.resume(load_save(first.path))
    assert again.path == first.path
    lock = lock_path(saves_dir(), first.file.game_id)
    assert again.lock is not None and again.lock.held and not first.lock.held  # type: ignore[union-attr]
    assert held_by_another_process(lock)
    first.close()  # the old one's close does not free the game under the new one
    assert held_by_another_process(lock)
    again.close()
    assert not lock.exists()


def test_a_saver_never_writes_a_game_another_window_holds(home: Path) -> None:
    from el_grande.persist.autosave import AutosaveListener

    saver = saved_game(8)
    stale = Autosaver(saver.file, saver.path)  # e.g. a listener left from before
    listener = AutosaveListener(stale, lambda: random_game(8, upto=26, players=3))
    with other_window(saver.path):
        before = saver.path.read_bytes()  # as the other window wrote it
        with pytest.raises(OSError, match="open in another window"):
            stale.save(random_game(8, upto=26, players=3))
        listener.save(random_game(8, upto=26, players=3))
        assert listener.problem == (
            f"Autosave failed: cannot write {saver.path}: the game is open in another window."
        )
        assert saver.path.read_bytes() == before
    assert len(load_save(saver.path).choices) == 25


def test_a_leftover_lock_of_a_deleted_game_is_cleared(home: Path) -> None:
    saver = saved_game(9)
    lock = lock_path(saves_dir(), saver.file.game_id)
    lock.write_text("")  # as a SIGKILL leaves it
    saver.path.unlink()
    assert scan_saves() == ([], [])
    assert not lock.exists()


async def test_the_title_screen_marks_and_refuses_a_game_open_elsewhere(home: Path) -> None:
    from el_grande.app.app import ElGrandeApp

    open_one = saved_game(10)
    free_one = saved_game(11, upto=30)
    with other_window(open_one.path):
        app = ElGrandeApp()
        async with app.run_test(size=(140, 45)) as pilot:
            await open_resume_list(pilot)
            screen = app.screen
            games = screen.games  # type: ignore[attr-defined]
            marked = [g.open_elsewhere for g in games]
            assert sorted(marked) == [False, True]
            options = screen.query_one("#resume-list")
            prompts = [str(options.get_option_at_index(i).prompt) for i in range(2)]  # type: ignore[attr-defined]
            at = marked.index(True)
            assert prompts[at].endswith("· open in another window")
            assert "open in another window" not in prompts[1 - at]
            options.highlighted = at  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert type(app.screen).__name__ == "ResumeScreen"  # refused, nothing opened
            error = str(app.screen.query_one("#resume-error").render())
            assert "is open in another window" in error
            options.highlighted = 1 - at  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert type(app.screen).__name__ in ("GameScreen", "CurtainScreen")
    assert free_one.path.exists()


def test_a_saver_dropped_without_close_lets_the_game_go(home: Path) -> None:
    """The app's session is gone (and with it the listener): the lock goes with it, at once.
    Nothing holds a saver in a cycle, so its last reference going frees it (and its lock):
    no collection of garbage is needed (a full one here paid for every earlier test's)."""
    import weakref

    saver = Autosaver.start(random_game(12, upto=10, players=2))
    lock = lock_path(saves_dir(), saver.file.game_id)
    assert held_by_another_process(lock)
    gone = weakref.ref(saver)
    del saver
    assert gone() is None, "the saver outlived its last reference (a reference cycle?)"
    assert not lock.exists() and not held_by_another_process(lock)


def test_a_window_that_ends_without_closing_leaves_no_lock_file(home: Path) -> None:
    saver = saved_game(13)
    lock = lock_path(saves_dir(), saver.file.game_id)
    proc = subprocess.run(
        [sys.executable, str(HOLDER), str(saver.path), "--no-close"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0 and proc.stdout.strip() == "ready"
    assert not lock.exists()


def _unlockable(lock: Path, how: str) -> None:
    if how == "directory":
        lock.mkdir()
        (lock / "inside").write_text("")  # a folder in use, not an empty leftover
    else:  # a symbolic link that loops
        lock.symlink_to(lock.name)


@pytest.mark.parametrize("how", ["directory", "loop"])
def test_a_lock_that_cannot_be_taken_says_why_in_the_list_and_on_resume(
    how: str, home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """It once marked the game "open in another window" in the list, yet `resume` opened it."""
    from el_grande import commands

    saver = saved_game(21)
    game_id = saver.file.game_id
    lock = lock_path(saves_dir(), game_id)
    _unlockable(lock, how)
    # (a link is never opened: opening would create or lock the file it names, anywhere)
    why = (
        "Is a directory"
        if how == "directory"
        else "a symbolic link is there, not a lock file El Grande made"
    )
    launches: list[str] = []
    monkeypatch.setattr(commands, "_launch", lambda save: launches.append(save.game_id) or 0)
    assert cli_main(["resume", "--list"]) == 0
    out = capsys.readouterr().out
    assert f"cannot lock .{game_id}.lock: {why}" in out and "another window" not in out
    [listed] = scan_saves()[0]
    assert listed.cannot_lock == why and not listed.open_elsewhere
    for argv in (["resume"], ["resume", game_id], ["load", str(saver.path)]):
        assert cli_main(argv) == 1, argv
        err = capsys.readouterr().err
        assert err.startswith(f"el-grande: Cannot lock {lock}: {why}.") and err.count("\n") == 1
    assert launches == []
    with pytest.raises(SaveFileError, match="Cannot lock"):
        Autosaver.resume(load_save(saver.path))  # the app's own way in refuses too
    assert os.path.lexists(lock)  # left as it was
    assert cli_main(["load", str(saver.path), "--check"]) == 0  # reading needs no lock


async def test_the_title_screen_refuses_a_game_whose_lock_cannot_be_taken(home: Path) -> None:
    from el_grande.app.app import ElGrandeApp

    saver = saved_game(22)
    _unlockable(lock_path(saves_dir(), saver.file.game_id), "directory")
    app = ElGrandeApp()
    async with app.run_test(size=(140, 45)) as pilot:
        await open_resume_list(pilot)
        screen = app.screen
        prompt = str(screen.query_one("#resume-list").get_option_at_index(0).prompt)  # type: ignore[attr-defined]
        assert prompt.endswith(": Is a directory") and "another window" not in prompt
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "ResumeScreen"  # refused, nothing opened
        error = str(app.screen.query_one("#resume-error").render())
        assert error.startswith("Cannot lock ") and "Is a directory" in error
