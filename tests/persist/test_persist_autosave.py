"""Autosave: atomic writes, one file per game, finished games marked, the resume list."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from persist_helpers import play, random_game

from el_grande.cli import main as cli_main
from el_grande.persist import (
    Autosaver,
    list_unfinished,
    load_game,
    load_save,
    saves_dir,
    scan_saves,
)
from el_grande.persist.store import atomic_write_text, find_save, home_dir


def test_home_from_env(home: Path) -> None:
    assert home_dir() == home and saves_dir() == home / "saves"


def test_home_default_is_platformdirs(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    monkeypatch.delenv("EL_GRANDE_HOME", raising=False)
    assert home_dir() == Path(platformdirs.user_data_dir("el-grande", appauthor=False))


def test_autosave_follows_the_game_and_marks_it_finished(home: Path) -> None:
    import random

    game = random_game(3, upto=0, players=3)
    saver = Autosaver.start(game)
    assert saver.path.parent == saves_dir() and saver.path.name == f"{saver.file.game_id}.json"
    rng = random.Random(3)
    while not game.over:
        play(game, rng, 1)
        saver.save(game)
        if len(game.history) % 37 == 0:
            assert load_save(saver.path).choices == list(game.history)
    save, loaded = load_game(saver.path)
    assert save.finished and loaded.over and save.scores == game.scores
    assert save.created <= save.updated
    assert list_unfinished() == []
    assert [g.path for g in scan_saves()[0]] == [saver.path]
    # no temp files left, and no lock file: a finished game lets its lock go
    assert list(saver.path.parent.iterdir()) == [saver.path]


def test_one_file_per_game_and_newest_first(home: Path) -> None:
    a = Autosaver.start(random_game(1, upto=5, players=2))
    b = Autosaver.start(random_game(1, upto=9, players=2))  # same names, same second
    assert a.path != b.path and a.file.game_id != b.file.game_id
    a.save(random_game(1, upto=12, players=2))
    assert [g.path for g in list_unfinished()] == [a.path, b.path]
    assert find_save("1").path == a.path and find_save(b.file.game_id).path == b.path


def test_failed_write_keeps_the_old_file(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = random_game(2, upto=20, players=3)
    saver = Autosaver.start(game)
    before = saver.path.read_bytes()

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    play(game, __import__("random").Random(1), 3)
    with pytest.raises(OSError):
        saver.save(game)
    monkeypatch.undo()
    assert saver.path.read_bytes() == before
    files = sorted(p.name for p in saver.path.parent.iterdir())
    assert files == sorted([saver.path.name, f".{saver.file.game_id}.lock"])  # temp removed


def test_stale_temp_files_are_cleared(home: Path) -> None:
    saver = Autosaver.start(random_game(4, upto=3, players=2))
    stale = saver.path.parent / f".{saver.path.name}.abc123.tmp"
    stale.write_text('{"half a')
    assert scan_saves()[1] == []  # never read as a save
    Autosaver(saver.file, saver.path)
    assert not stale.exists()


def test_atomic_write_creates_directories(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "c.json"
    atomic_write_text(target, "x\n")
    assert target.read_text() == "x\n"


def test_broken_file_in_saves_is_reported_and_left_alone(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = Autosaver.start(random_game(6, upto=10, players=2))
    bad = saves_dir() / "broken.json"
    bad.write_text('{"format": "el-grande-save", "version": 1, "seeds"')
    before = bad.read_bytes()
    games, problems = scan_saves()
    assert [g.path for g in games] == [good.path]
    assert len(problems) == 1 and "broken.json is truncated" in str(problems[0])
    assert cli_main(["resume", "--list"]) == 0
    out, err = capsys.readouterr()
    assert " 1. Ana, Ben" in out and good.file.game_id in out
    assert "skipped" in err and "broken.json" in err
    assert bad.read_bytes() == before


def test_cli_resume_without_games(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["resume"]) == 1
    assert "no unfinished games" in capsys.readouterr().err
    assert cli_main(["resume", "nope"]) == 1
    assert "No saved game 'nope'" in capsys.readouterr().err


def test_cli_resume_launches_the_latest(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from el_grande import commands

    older = Autosaver.start(random_game(7, upto=10, players=2))
    newer = Autosaver.start(random_game(8, upto=15, players=3))
    older.close(), newer.close()  # this process wrote them; the CLI opens them as another
    seen: list[tuple[str, int]] = []
    monkeypatch.setattr(
        commands, "_launch", lambda save: seen.append((save.game_id, len(save.choices))) or 0
    )
    assert cli_main(["resume"]) == 0
    assert cli_main(["resume", older.file.game_id[:-2]]) in (0, 1)
    assert cli_main(["resume", "2"]) == 0
    assert seen[0] == (newer.file.game_id, 15) and seen[-1] == (older.file.game_id, 10)


def test_cli_load_check(tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from el_grande.persist import save_as

    path = tmp_path / "x.json"
    save_as(random_game(9, upto=33, players=4), path)
    assert cli_main(["load", str(path), "--check"]) == 0
    assert "a legal unfinished game, 33 decisions" in capsys.readouterr().out


def test_loading_an_older_copy_never_overwrites_the_autosave(home: Path, tmp_path: Path) -> None:
    """Save-as at decision 7, play on to 20, then load the copy: the autosave of 20 stays."""
    import random

    from el_grande.persist import save_as
    from el_grande.persist.store import save_from_game

    game = random_game(13, upto=7, players=3)
    saver = Autosaver.start(game)
    copy = tmp_path / "copy.json"
    save_as(game, copy, saver.file)
    play(game, random.Random(5), 13)
    saver.save(game)
    long_bytes = saver.path.read_bytes()

    loaded, _g = load_game(copy)
    forked = Autosaver.resume(loaded)
    assert forked.path != saver.path and forked.file.game_id.startswith(saver.file.game_id)
    assert saver.path.read_bytes() == long_bytes
    # resuming the autosave itself continues the same file
    same = Autosaver.resume(load_save(saver.path))
    assert same.path == saver.path
    # and a broken file under that id is never overwritten either
    broken = saves_dir() / "broken-id.json"
    broken.write_text("{")
    other = save_from_game(random_game(14, upto=3, players=2))
    other.game_id = "broken-id"
    assert Autosaver.resume(other).path != broken
