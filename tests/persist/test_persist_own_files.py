"""The data folder never reaches outside itself (issue 26, item 5): where the app expects its
own folder or file (saves, trash, locks, `sheet.json`, `finished.json`) and finds a symbolic
link or something else, it refuses in one sentence (or sets it aside), never following the
link to read, replace or delete; the trash deletes only the files it put there; errors name
the right path. And every data file goes through the one bounded reader, a number of 5 000
digits included (item 6)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from test_persist_lock import saved_game

from el_grande.cli import main as cli_main
from el_grande.files import BadJSON, NotRegular, json_of, own_kind, read_regular
from el_grande.persist import load_save, scan_saves
from el_grande.persist.errors import SaveFileError
from el_grande.persist.lock import GameLock, lock_path
from el_grande.persist.manage import delete_save, rename_save, trash_dir
from el_grande.persist.played import finished_games, finished_path, game_finished
from el_grande.persist.store import Autosaver, record_of, saves_dir
from el_grande.persist.trash import TRASH_DAYS, empty_trash
from el_grande.sheet.model import Sheet
from el_grande.sheet.store import SheetFile, load, open_kept, sheet_path, to_json

DAY = 86400.0
OLD = time.time() - (TRASH_DAYS + 5) * DAY
HUGE = "1" * 5000  # more digits than Python turns into a number (4300)


def _old_files(folder: Path, *names: str) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name in names:
        path = folder / name
        path.write_text("keep me")
        os.utime(path, (OLD, OLD))
        out.append(path)
    return out


def _one_sentence(message: str) -> None:
    assert "\n" not in message.strip() and message.strip().endswith(".")
    assert "Traceback" not in message


# --- the trash --------------------------------------------------------------------------------


def test_a_trash_that_is_a_link_deletes_nothing_where_it_points(home: Path, tmp_path: Path) -> None:
    """It once deleted 2 of 2 old files in another folder at the app's start."""
    elsewhere = _old_files(tmp_path / "elsewhere", "a.json", "b.json")
    home.mkdir()
    trash_dir().symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    assert empty_trash() == 0
    assert all(p.read_text() == "keep me" for p in elsewhere)


def test_the_trash_deletes_only_the_files_it_put_there(home: Path, tmp_path: Path) -> None:
    trash = trash_dir()
    (put,) = _old_files(trash, "20261129-203015-Ana-Ben.json")
    notes, hidden = _old_files(trash, "notes.txt", ".secret.json")
    (outside,) = _old_files(tmp_path / "elsewhere", "mine.json")
    (trash / "link.json").symlink_to(outside)  # a link: the link is not what it put there
    os.link(outside, trash / "hard.json")  # a second name of a file outside
    assert empty_trash() == 1
    assert not put.exists()
    assert notes.exists() and hidden.exists() and (trash / "link.json").is_symlink()
    assert outside.read_text() == "keep me" and (trash / "hard.json").exists()


def test_delete_with_a_trash_that_is_a_file_names_the_trash(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It once named the save in its error."""
    saver = saved_game(41)
    before = saver.path.read_bytes()
    trash_dir().write_text("not a folder")
    assert cli_main(["resume", "--delete", saver.file.game_id, "--yes"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"el-grande: {trash_dir()} is a regular file, not the trash folder")
    assert str(saver.path) not in err
    _one_sentence(err)
    assert saver.path.read_bytes() == before and trash_dir().read_text() == "not a folder"


def test_delete_with_a_trash_that_is_a_link_moves_nothing_where_it_points(
    home: Path, tmp_path: Path
) -> None:
    saver = saved_game(42)
    (tmp_path / "elsewhere").mkdir()
    trash_dir().symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    (game,) = scan_saves()[0]
    with pytest.raises(SaveFileError) as caught:
        delete_save(game)
    assert str(caught.value).startswith(f"{trash_dir()} is a symbolic link, not the trash")
    _one_sentence(str(caught.value))
    assert saver.path.exists() and list((tmp_path / "elsewhere").iterdir()) == []


# --- the saves --------------------------------------------------------------------------------


def test_a_link_in_the_saves_folder_is_never_renamed_nor_written_through(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`resume --name` once replaced the link with a regular file."""
    saver = saved_game(43)
    target = tmp_path / "elsewhere.json"
    os.replace(saver.path, target)
    saver.path.symlink_to(target)
    before = target.read_bytes()
    assert cli_main(["resume", "--name", saver.file.game_id, "mine"]) == 1
    err = capsys.readouterr().err
    # a link there is none of the app's saves: the sentence says so, and touches nothing
    assert err == (
        f"el-grande: {saver.path} is a symbolic link: El Grande keeps only its own files in "
        "its saves folder and never follows a link there (`el-grande load` opens the file it "
        "points to).\n"
    )
    assert cli_main(["resume", "--list"]) == 0
    listed = capsys.readouterr().err
    assert f"{saver.path} is a symbolic link: El Grande keeps only its own files" in listed
    assert saver.path.is_symlink() and target.read_bytes() == before


def test_a_save_swapped_for_a_link_after_the_list_is_not_renamed(
    home: Path, tmp_path: Path
) -> None:
    saver = saved_game(44)
    (game,) = scan_saves()[0]
    target = tmp_path / "elsewhere.json"
    os.replace(saver.path, target)
    saver.path.symlink_to(target)
    with pytest.raises(SaveFileError, match="is a symbolic link"):
        rename_save(game, "mine")
    with pytest.raises(SaveFileError, match="is a symbolic link now, not a save file"):
        delete_save(game)
    assert saver.path.is_symlink() and load_save(target).name is None
    assert not trash_dir().exists()


def test_a_resumed_game_never_writes_through_a_link_with_its_id(home: Path, tmp_path: Path) -> None:
    saver = saved_game(45)
    save = load_save(saver.path)
    target = tmp_path / "elsewhere.json"
    os.replace(saver.path, target)
    saver.path.symlink_to(target)
    before = target.read_bytes()
    resumed = Autosaver.resume(save)
    try:
        assert resumed.path != saver.path and resumed.file.game_id != save.game_id
    finally:
        resumed.close()
    assert saver.path.is_symlink() and target.read_bytes() == before


@pytest.mark.parametrize("how", ["directory", "link"])
def test_a_lock_path_that_is_no_lock_stops_name_and_delete(
    how: str, home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A lock path that was a directory once let `--name` and `--delete` go ahead."""
    saver = saved_game(46)
    before = saver.path.read_bytes()
    lock = lock_path(saves_dir(), saver.file.game_id)
    outside = tmp_path / "elsewhere.lock"
    if how == "directory":
        lock.mkdir()
    else:
        lock.symlink_to(outside)  # opening it would create a file out there
    for argv in (
        ["resume", "--name", saver.file.game_id, "mine"],
        ["resume", "--delete", saver.file.game_id, "--yes"],
    ):
        assert cli_main(argv) == 1, argv
        err = capsys.readouterr().err
        assert err.startswith(f"el-grande: Cannot lock {lock}: "), err
        _one_sentence(err)
    assert saver.path.read_bytes() == before and not trash_dir().exists()
    assert os.path.lexists(lock) and not outside.exists()


def test_a_lock_that_is_a_link_is_never_opened(home: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.lock"
    saves_dir().mkdir(parents=True)
    path = saves_dir() / ".x.lock"
    path.symlink_to(outside)
    with pytest.raises(OSError, match="a symbolic link is there"):
        GameLock(path).acquire()
    assert not outside.exists() and path.is_symlink()


# --- the sheet and the count of finished games ------------------------------------------------


def test_a_sheet_that_is_a_link_is_set_aside_never_followed(home: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.json"
    outside.write_text(to_json(Sheet.new(["Ana", "Ben"])))
    before = outside.read_bytes()
    home.mkdir()
    sheet_path().symlink_to(outside)
    opened = open_kept()
    assert opened.sheet is None and opened.problem is not None
    assert "it is a symbolic link, and El Grande never follows one" in opened.problem
    assert not os.path.lexists(sheet_path())
    assert (home / "sheet.bad.json").is_symlink()  # the link itself moved aside
    SheetFile.of(opened).save(Sheet.new(["Cy", "Dee"]))
    assert outside.read_bytes() == before
    assert not sheet_path().is_symlink() and load().sheet == Sheet.new(["Cy", "Dee"])


def test_a_sheet_with_a_number_of_5000_digits_is_a_broken_file(home: Path) -> None:
    """It once crashed `el-grande calc` at every start (exit 70)."""
    home.mkdir()
    text = to_json(Sheet.new(["Ana", "Ben"])).replace('"current": 0', f'"current": {HUGE}')
    sheet_path().write_text(text)
    opened = open_kept()
    assert opened.problem == (
        f"The scoring sheet in {sheet_path()} cannot be used: the file holds a number of more "
        "than 4300 digits; it is kept as sheet.bad.json, and the sheet starts empty."
    )
    assert (home / "sheet.bad.json").read_text() == text and not sheet_path().exists()
    again = open_kept()
    assert again.problem is None and again.sheet is None  # said once: set aside already


def test_the_finished_count_never_follows_a_link(home: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere.json"
    outside.write_text(json.dumps({"finished": ["a", "b", "c"]}))
    before = outside.read_bytes()
    home.mkdir()
    finished_path().symlink_to(outside)
    assert finished_games() == 0  # not the app's file: not read
    game_finished("d")
    assert finished_path().is_symlink() and outside.read_bytes() == before


def test_a_finished_count_with_a_huge_number_counts_nothing(home: Path) -> None:
    home.mkdir()
    finished_path().write_text(f'{{"finished": ["a"], "n": {HUGE}}}')
    assert finished_games() == 0
    game_finished("b")  # written anew: a broken count is not worth keeping
    assert finished_games() == 1


# --- the one reader ---------------------------------------------------------------------------


def test_the_one_reader_refuses_a_link_for_the_apps_own_files(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("{}")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert read_regular(link, 10) == b"{}"  # a file a person names: a link is fine
    with pytest.raises(NotRegular) as caught:
        read_regular(link, 10, follow=False)
    assert caught.value.kind == "a symbolic link"
    assert own_kind(link) == "a symbolic link" and own_kind(real) is None
    assert own_kind(tmp_path, folder=True) is None and own_kind(real, folder=True) == (
        "a regular file"
    )
    assert own_kind(tmp_path / "nothing") is None


@pytest.mark.parametrize(
    ("text", "kind"),
    [(f"[{HUGE}]", "digits"), ("[" * 100_000, "deep"), ('{"a": ', "json")],
)
def test_json_that_python_cannot_read_is_bad_json(text: str, kind: str) -> None:
    with pytest.raises(BadJSON) as caught:
        json_of(text)
    assert caught.value.kind == kind
    assert json_of(f"[{'1' * 4000}]") == [int("1" * 4000)]


def test_a_saves_folder_that_is_a_link_is_said_and_never_written_through(
    home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from el_grande.core import Game
    from el_grande.persist.autosave import attach_autosave
    from el_grande.session import GameSession
    from el_grande.setup import GameSetup, SeatSetup

    saver = saved_game(47)
    elsewhere = tmp_path / "elsewhere"
    os.replace(saves_dir(), elsewhere)
    saves_dir().symlink_to(elsewhere, target_is_directory=True)
    listing = sorted(os.listdir(elsewhere))
    assert cli_main(["resume", "--list"]) == 0
    err = capsys.readouterr().err.strip()
    assert err == (
        f"(skipped: {saves_dir()} is a symbolic link, not the saves folder El Grande keeps: no "
        "game is listed from it or written into it (make it a folder).)"
    )
    # A new game goes on, its autosave failing in one sentence, nothing written out there.
    session = GameSession.new(GameSetup((SeatSetup("Ana", "red"), SeatSetup("Ben", "blue"))))
    listener = attach_autosave(session)
    assert listener.problem is not None and "is a symbolic link, not the saves" in listener.problem
    assert isinstance(session.game, Game)
    # A save opened from elsewhere is not written there either.
    resumed = Autosaver.resume(load_save(elsewhere / saver.path.name))
    with pytest.raises(OSError, match="not the saves folder"):
        resumed.save(Game.replay(record_of(resumed.file)))
    assert sorted(os.listdir(elsewhere)) == listing


def test_a_crash_log_never_writes_through_a_link_at_its_name(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from el_grande import crash

    monkeypatch.setattr(crash.time, "strftime", lambda *_: "crash-fixed")
    outside = tmp_path / "elsewhere.log"
    outside.write_text("keep me")
    home.mkdir()
    name = f"crash-fixed-{os.getpid()}.log"
    (home / name).symlink_to(outside)
    try:
        raise RuntimeError("boom")
    except RuntimeError as exc:
        path, why = crash.write_crash_log(exc)
    assert path == home / name and why == ""
    assert not path.is_symlink() and "RuntimeError: boom" in path.read_text()
    assert outside.read_text() == "keep me"
