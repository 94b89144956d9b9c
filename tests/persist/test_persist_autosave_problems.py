"""Saves you can count on: when the autosave cannot write, the listener says so at once (one
sentence naming the file and the reason, `problem`, `on_change`) and says so no more once a
save works again.  Failures are simulated (tests run as root, so chmod stops nothing)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from el_grande.persist import load_save
from el_grande.persist.autosave import AutosaveListener, attach_autosave
from el_grande.session import GameSession
from el_grande.setup import GameSetup, default_seats


def new_session(seed: int = 5) -> GameSession:
    return GameSession.new(GameSetup(default_seats(["Ana", "Ben", "Cy"]), seed=seed))


def step(session: GameSession) -> None:
    session.apply(session.decision.choices[0])  # type: ignore[union-attr]


def one_sentence(problem: str | None) -> str:
    assert problem is not None
    assert problem.startswith("Autosave failed: cannot write ") and problem.endswith(".")
    assert "\n" not in problem and "\x1b" not in problem
    return problem


def test_the_data_folder_is_a_regular_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the data directory should be")
    monkeypatch.setenv("EL_GRANDE_HOME", str(blocker))
    changes: list[str | None] = []
    session = new_session()
    listener = attach_autosave(session, on_change=changes.append)
    assert isinstance(listener, AutosaveListener)  # never None: the problem is known at once
    problem = one_sentence(listener.problem)
    assert f"cannot write {blocker}/saves/" in problem and problem.endswith("Not a directory.")
    assert changes == []  # read `problem` at first; on_change tells of changes
    step(session)
    assert listener.problem == problem and changes == []  # the same problem: no news
    assert isinstance(listener.error, OSError)
    # the disk comes back: the next decision is saved, and the problem is gone
    listener.saver.path = tmp_path / "ok" / "saves" / listener.saver.path.name  # type: ignore[union-attr]
    step(session)
    assert listener.problem is None and listener.error is None and changes == [None]
    assert load_save(listener.saver.path).choices == list(session.game.history)  # type: ignore[union-attr]
    assert len(session.game.history) == 2


@pytest.mark.parametrize("call", ["replace", "fsync"])
def test_a_full_disk(call: str, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = new_session(6)
    changes: list[str | None] = []
    listener = attach_autosave(session, on_change=changes.append)
    assert listener.problem is None
    path = listener.saver.path  # type: ignore[union-attr]
    before = path.read_bytes()

    def full(*_a: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, call, full)
    step(session)
    step(session)
    assert changes == [f"Autosave failed: cannot write {path}: No space left on device."]
    assert listener.problem == changes[0]
    assert path.read_bytes() == before  # the old save stays whole
    assert [p.name for p in path.parent.glob("*.tmp")] == []
    monkeypatch.undo()
    step(session)
    assert changes[1:] == [None] and listener.problem is None
    assert len(load_save(path).choices) == 3


def test_a_data_folder_that_cannot_be_made(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: Path, *_a: object, **_k: object) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))

    monkeypatch.setattr(Path, "mkdir", refuse)
    session = new_session(7)
    listener = attach_autosave(session)
    problem = one_sentence(listener.problem)
    assert str(home) in problem and problem.endswith("Permission denied.")
    step(session)
    assert listener.problem == problem
    monkeypatch.undo()
    step(session)
    assert listener.problem is None
    assert load_save(listener.saver.path).choices == list(session.game.history)  # type: ignore[union-attr]


def test_a_path_with_escape_codes_is_shown_as_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "bad\x1b]0;title\x07"
    blocker.write_text("not a directory")
    monkeypatch.setenv("EL_GRANDE_HOME", str(blocker))
    listener = attach_autosave(new_session(8))
    problem = one_sentence(listener.problem)
    assert "bad\\x1b]0;title\\x07/saves/" in problem


def test_closing_the_listener_lets_the_game_go(home: Path) -> None:
    from el_grande.persist.lock import lock_path

    session = new_session(9)
    listener = attach_autosave(session)
    lock = lock_path(listener.saver.path.parent, listener.saver.file.game_id)  # type: ignore[union-attr]
    assert lock.exists()
    listener.close()
    assert not lock.exists()
    step(session)  # the game went on after all: saved, and locked again
    assert lock.exists() and listener.problem is None
    listener.close()
