"""The saved-game commands as a hostile user meets them: they tell nothing the table has not
seen (an unfinished game's seed fixes every card to come), a path from a person is handled
whole (too long, a symbolic link, a device, a FIFO, `-`), and flags are bounded."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest
from persist_helpers import play

from el_grande.cli import main as cli_main
from el_grande.core import Game, Options
from el_grande.persist import Autosaver, load_save, saves_dir
from el_grande.persist.store import save_from_game, write_save

#: A seed no count, score or time in a game can be mistaken for.
SEED = 987654321


def unfinished(tmp_path: Path, decisions: int = 40, castillo: str = "hidden") -> Path:
    import random

    game = Game.new(["Ana", "Ben", "Cy"], SEED, Options(castillo=castillo))
    play(game, random.Random(1), decisions)
    path = tmp_path / "running.json"
    write_save(save_from_game(game), path)
    return path


def finished(tmp_path: Path) -> Path:
    import random

    game = play(Game.new(["Ana", "Ben"], SEED, Options(rounds=6)), random.Random(2))
    assert game.over
    path = tmp_path / "done.json"
    write_save(save_from_game(game), path)
    return path


# --- 1. nothing the table has not seen ---------------------------------------------------------


@pytest.mark.parametrize("fmt", ["text", "md"])
def test_the_export_of_a_running_game_never_tells_its_seed(
    fmt: str, tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The seed and the names fix every action card still to come (a probe once rebuilt all
    nine rounds' cards from `Seed 13` in an export)."""
    for decisions in (0, 1, 40, 150):
        save = unfinished(tmp_path, decisions)
        assert cli_main(["export", str(save), "--format", fmt]) == 0
        out = capsys.readouterr().out
        assert str(SEED) not in out, decisions
        assert "seed" in out.lower()  # it says where the seed is: shown at the game's end
        assert "9 rounds" in out  # the rest of the setup line is there


def test_a_finished_game_may_tell_its_seed(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["export", str(finished(tmp_path))]) == 0
    assert f"Seed {SEED}, 6 rounds" in capsys.readouterr().out


def test_no_command_tells_a_running_game_s_seed(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`load --check`, `resume --list`, the export (text and Markdown, to a file too): the
    save file keeps the seed (it is the game's truth), nothing printed from it does."""
    save = unfinished(tmp_path)
    saves_dir().mkdir(parents=True)
    Autosaver.resume(load_save(save)).close()  # the running game among the autosaves
    out_md = tmp_path / "out.md"
    for argv in (
        ["load", str(save), "--check"],
        ["resume", "--list"],
        ["export", str(save), "-o", str(out_md)],
    ):
        assert cli_main(argv) == 0, argv
        printed = capsys.readouterr()
        assert str(SEED) not in printed.out + printed.err, argv
    assert str(SEED) not in out_md.read_text(encoding="utf-8")
    assert json.loads(save.read_text(encoding="utf-8"))["seed"] == SEED  # kept in the file


def test_the_save_file_that_keeps_every_secret_is_for_its_owner_only(tmp_path: Path) -> None:
    """Mode 0600: the seed and every secret choice are in it, in the clear."""
    if sys.platform == "win32":  # pragma: no cover - POSIX modes
        return
    save = unfinished(tmp_path)
    assert stat.S_IMODE(os.stat(save).st_mode) == 0o600


# --- 3. paths from people --------------------------------------------------------------------


def test_export_to_a_name_too_long_is_one_sentence(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = unfinished(tmp_path)
    for name in ("x" * 300, "é" * 200, "a/" * 3000 + "x", "x" * 5000):
        assert cli_main(["export", str(save), "-o", str(tmp_path / name)]) == 1
        err = capsys.readouterr().err
        assert err.startswith("el-grande: Cannot write ") and err.count("\n") == 1, err[:200]
        assert "too long" in err.lower()


def test_export_through_a_symlink_writes_the_file_and_keeps_the_link(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = unfinished(tmp_path)
    real = tmp_path / "real.txt"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    assert cli_main(["export", str(save), "-o", str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text(encoding="utf-8").startswith("El Grande: Ana, Ben, Cy")
    # a link to a link to the file: written through too
    chain = tmp_path / "chain.txt"
    chain.symlink_to(link)
    assert cli_main(["export", str(save), "-o", str(chain), "--format", "md"]) == 0
    assert chain.is_symlink() and link.is_symlink()
    assert real.read_text(encoding="utf-8").startswith("# El Grande")


@pytest.mark.parametrize("kind", ["dangling", "device", "fifo", "directory", "link-to-device"])
def test_export_never_replaces_a_link_a_device_or_a_fifo(
    kind: str, tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As root, `export SAVE -o /dev/stdout > out.txt` once replaced the system's
    /dev/stdout link with a regular file."""
    save = unfinished(tmp_path)
    target = tmp_path / "target"
    if kind == "dangling":
        target.symlink_to(tmp_path / "nothing-here")
    elif kind == "device":
        target = Path("/dev/null")
    elif kind == "fifo":
        os.mkfifo(target)
    elif kind == "directory":
        target.mkdir()
    else:
        target.symlink_to("/dev/null")
    before = os.lstat(target)
    assert cli_main(["export", str(save), "-o", str(target)]) == 1
    err = capsys.readouterr().err
    said = "is a symbolic link to nothing" if kind == "dangling" else "is not a regular file"
    assert err.startswith("el-grande: ") and said in err and err.count("\n") == 1, err
    after = os.lstat(target)
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    assert not (tmp_path / "nothing-here").exists()


def test_the_resume_list_s_export_writes_through_the_same_checks(
    tmp_path: Path, home: Path
) -> None:
    """`x` in the resume list (`persist.manage.export_save`): a link to a device is left as
    it is, a name too long is a sentence, a link to a file is written through."""
    from el_grande.persist.errors import SaveFileError
    from el_grande.persist.manage import export_save
    from el_grande.persist.store import SavedGame

    path = unfinished(tmp_path)
    game = SavedGame(path, load_save(path))
    device = tmp_path / "to-null"
    device.symlink_to("/dev/null")
    with pytest.raises(SaveFileError, match="is not a regular file"):
        export_save(game, device)
    assert device.is_symlink() and os.readlink(device) == "/dev/null"
    with pytest.raises(SaveFileError, match="File name too long"):
        export_save(game, tmp_path / ("x" * 300))
    real = tmp_path / "real.md"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.md"
    link.symlink_to(real)
    assert export_save(game, link) == f"Exported to {link}."
    assert link.is_symlink() and real.read_text(encoding="utf-8").startswith("# El Grande")


def test_export_dash_is_standard_output(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    save = unfinished(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert cli_main(["export", str(save), "-o", "-", "--format", "md"]) == 0
    assert capsys.readouterr().out.startswith("# El Grande")
    assert not (tmp_path / "-").exists()


def test_export_over_the_save_through_a_link_is_refused(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = unfinished(tmp_path)
    before = save.read_bytes()
    link = tmp_path / "same.json"
    link.symlink_to(save)
    hard = tmp_path / "hard.json"
    os.link(save, hard)
    for out in (link, hard, save):
        assert cli_main(["export", str(save), "-o", str(out)]) == 1
        assert "is the save file itself" in capsys.readouterr().err
    assert save.read_bytes() == before and link.is_symlink()


# --- 10. bounded flags, and the small things -------------------------------------------------


@pytest.mark.parametrize("command", [["load"], ["load", "--check"], ["replay"], ["export"]])
def test_an_empty_file_name_says_it_is_empty(
    command: list[str], home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It once said ". is a directory"."""
    with pytest.raises(SystemExit) as exit:
        cli_main([*command[:1], "", *command[1:]])
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert "the file name is empty" in err and "directory" not in err


def test_export_to_an_empty_name_says_it_is_empty(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit:
        cli_main(["export", str(unfinished(tmp_path)), "-o", ""])
    assert exit.value.code == 2
    assert "the file name is empty" in capsys.readouterr().err


def test_one_decision_is_one_decision(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["load", str(unfinished(tmp_path, 1)), "--check"]) == 0
    assert capsys.readouterr().out.endswith("a legal unfinished game, 1 decision.\n")
    assert cli_main(["load", str(unfinished(tmp_path, 2)), "--check"]) == 0
    assert capsys.readouterr().out.endswith("a legal unfinished game, 2 decisions.\n")
    assert cli_main(["--lang", "ko", "load", str(unfinished(tmp_path, 1)), "--check"]) == 0
    assert capsys.readouterr().out.endswith("규칙에 맞는 끝나지 않은 게임, 결정 1개.\n")
