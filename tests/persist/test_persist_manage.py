"""Saves you can manage: a name stored in the save, export, delete into the trash (asked
first, refused while the game is open in another window), the trash emptied after 30 days,
finished games listed in a section of their own."""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import pytest
from persist_helpers import random_game
from test_persist_lock import other_window, saved_game

from el_grande.cli import main as cli_main
from el_grande.persist import FORMAT_VERSION, Autosaver, load_save, scan_saves
from el_grande.persist.errors import GameLockedError, SaveFileError
from el_grande.persist.manage import delete_save, export_save, rename_save, trash_dir
from el_grande.persist.store import resume_list, saves_dir
from el_grande.persist.trash import TRASH_DAYS, empty_trash

FIXTURES = Path(__file__).with_name("fixtures")
DAY = 86400.0

#: The other windows' process and the prober (test_persist_lock) serve this module's tests
#: and end after the run's save tests (tests/persist/conftest.py, `other_processes`).
pytestmark = pytest.mark.usefixtures("other_processes")


def finished_game(seed: int = 21) -> Autosaver:
    saver = Autosaver.start(random_game(seed, players=2))
    saver.close()
    assert saver.file.finished
    return saver


def test_a_name_is_stored_in_the_save_and_changes_nothing_else(home: Path) -> None:
    saver = saved_game(31)
    (game,) = scan_saves()[0]
    before = load_save(saver.path)
    renamed = rename_save(game, "  Friday night  ")
    after = load_save(saver.path)
    assert renamed.file.name == after.name == "Friday night"
    assert (after.choices, after.updated, after.seats) == (
        before.choices,
        before.updated,
        before.seats,
    )
    assert scan_saves()[0][0].describe().startswith("“Friday night” · Ana, Ben, Cy · round ")
    rename_save(scan_saves()[0][0], "")  # an empty name takes the name off
    assert load_save(saver.path).name is None


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("evil\x1b[2J", "may not hold control or formatting characters (U+001B"),
        ("x" * 31, "is at most 30 terminal cells wide"),
        ("김" * 16, "is at most 30 terminal cells wide"),
    ],
)
def test_a_bad_name_is_refused_in_a_sentence_and_the_file_is_untouched(
    home: Path, name: str, why: str
) -> None:
    saver = saved_game(32)
    text = saver.path.read_bytes()
    with pytest.raises(SaveFileError, match=re.escape(why)):
        rename_save(scan_saves()[0][0], name)
    assert saver.path.read_bytes() == text


def test_an_old_save_loads_and_can_be_named(home: Path) -> None:
    saves_dir().mkdir(parents=True)
    old = saves_dir() / "old.json"
    shutil.copy(FIXTURES / "v010-hidden-6r-noveto.json", old)
    (game,) = scan_saves()[0]
    assert game.file.name is None and game.file.version == 1
    rename_save(game, "the first one")
    again = load_save(old)
    assert again.name == "the first one" and again.version == FORMAT_VERSION
    assert again.choices == game.file.choices


def test_a_hand_edited_name_with_an_escape_code_is_refused_on_load(home: Path) -> None:
    saver = saved_game(33)
    text = saver.path.read_text().replace('"name": null', '"name": "\\u001b]52;c;aGk=\\u0007"')
    saver.path.write_text(text)
    assert scan_saves()[0] == []
    (problem,) = scan_saves()[1]
    assert "at name: a save's name may not hold control" in str(problem)


def test_delete_moves_the_save_into_the_trash(home: Path) -> None:
    saver = saved_game(34)
    old = time.time() - 100 * DAY
    os.utime(saver.path, (old, old))
    target = delete_save(scan_saves()[0][0])
    assert not saver.path.exists() and target == trash_dir() / saver.path.name
    assert load_save(target).choices == saver.file.choices  # whole
    assert target.stat().st_mtime > time.time() - DAY  # its 30 days start now
    assert scan_saves() == ([], [])
    assert empty_trash() == 0 and target.exists()  # not 30 days old yet


def test_the_trash_is_emptied_of_files_older_than_30_days(home: Path) -> None:
    trash = trash_dir()
    trash.mkdir(parents=True)
    now = 1_900_000_000.0
    for name, age in (("old.json", TRASH_DAYS + 1), ("young.json", TRASH_DAYS - 1)):
        (trash / name).write_text("{}")
        os.utime(trash / name, (now - age * DAY, now - age * DAY))
    (trash / "a folder").mkdir()
    os.utime(trash / "a folder", (0, 0))
    assert empty_trash(now=now) == 1
    assert sorted(p.name for p in trash.iterdir()) == ["a folder", "young.json"]


def test_a_game_open_in_another_window_is_neither_named_nor_deleted(home: Path) -> None:
    saver = saved_game(35)
    with other_window(saver.path):
        text = saver.path.read_bytes()
        (game,) = scan_saves()[0]
        assert game.open_elsewhere
        for change in (lambda: rename_save(game, "mine"), lambda: delete_save(game)):
            with pytest.raises(GameLockedError, match="is open in another window"):
                change()
        assert saver.path.read_bytes() == text
        # reading is not locked: the export works
        out = home / "open.md"
        assert export_save(game, out) == f"Exported to {out}."
        assert out.read_text().startswith("# El Grande: Ana, Ben, Cy")
    assert not trash_dir().exists()


def test_export_writes_markdown_or_text_and_never_over_the_save(home: Path) -> None:
    saver = finished_game()
    (game,) = scan_saves()[0]
    export_save(game, home / "g.txt")
    assert (home / "g.txt").read_text().startswith("El Grande: Ana, Ben\n=")
    with pytest.raises(SaveFileError, match="is the save file itself"):
        export_save(game, saver.path)
    with pytest.raises(SaveFileError, match="is not a regular file"):
        export_save(game, home)
    assert load_save(saver.path).finished


def test_resume_list_puts_finished_games_in_a_section_of_their_own(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    done = finished_game(22)
    running = saved_game(36)
    assert [g.path for g in resume_list()[0]] == [running.path, done.path]
    assert cli_main(["resume", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(" 1. Ana, Ben, Cy · round ")
    assert lines[1] == "Finished games:"
    assert lines[2].startswith(" 2. Ana, Ben · finished · ")


def test_resume_delete_asks_first_and_names_on_the_command_line(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    saver = saved_game(37)
    game_id = saver.file.game_id
    # no terminal to ask on: refused, nothing deleted
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    assert cli_main(["resume", "--delete", "1"]) == 1
    assert "give `--yes` to delete without being asked" in capsys.readouterr().err
    # asked, and the answer is no
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: "n")
    assert cli_main(["resume", "--delete", game_id]) == 0
    assert capsys.readouterr().out == "Nothing deleted.\n" and saver.path.exists()
    assert cli_main(["resume", "--name", "1", "Sunday"]) == 0
    assert capsys.readouterr().out == "The save is now called “Sunday”.\n"
    asked: list[str] = []
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or "y")
    assert cli_main(["resume", "--delete", "1"]) == 0
    assert asked == [f"Delete {game_id} (Ana, Ben, Cy)? It goes to the trash for 30 days. [y/N] "]
    assert not saver.path.exists() and (trash_dir() / saver.path.name).exists()
    assert capsys.readouterr().out.startswith(f"Deleted: {game_id} is in the trash (")
    assert cli_main(["resume", "--delete", "1", "--yes"]) == 1  # nothing left to delete


# --------------------------------------------------------------------------- on the title screen


async def test_the_resume_list_names_deletes_and_replays(home: Path) -> None:
    from el_grande.app.app import ElGrandeApp
    from el_grande.app.screens.replay import ReplayScreen
    from el_grande.app.screens.resume import (
        AskTextScreen,
        ConfirmDeleteScreen,
        ResumeScreen,
    )

    done = finished_game(23)
    running = saved_game(38)
    trash_dir().mkdir(parents=True)
    stale = trash_dir() / "stale.json"
    stale.write_text("{}")
    os.utime(stale, (1.0, 1.0))
    app = ElGrandeApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not stale.exists()  # the trash is emptied when the app starts
        app.push_screen(ResumeScreen())
        await pilot.pause()
        screen = app.screen
        options = screen.query_one("#resume-list")
        prompts = [str(options.get_option_at_index(i).prompt) for i in range(3)]  # type: ignore[attr-defined]
        assert prompts[1] == "Finished games" and "finished" in prompts[2]
        assert options.highlighted == 0  # type: ignore[attr-defined]
        # n: a name, typed over the empty one
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, AskTextScreen)
        await pilot.press(*"Friday", "enter")
        await pilot.pause()
        assert app.screen is screen and load_save(running.path).name == "Friday"
        assert str(options.get_option_at_index(0).prompt).startswith("“Friday” · ")  # type: ignore[attr-defined]
        notice = str(screen.query_one("#resume-notice").render())
        assert "The save is now called “Friday”." in notice
        # d, then n: kept
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDeleteScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and running.path.exists()
        # d, then y: in the trash, gone from the list
        await pilot.press("d", "y")
        await pilot.pause()
        assert not running.path.exists() and (trash_dir() / running.path.name).exists()
        assert [g.path for g in screen.games] == [done.path]  # type: ignore[attr-defined]
        assert "in the trash" in str(screen.query_one("#resume-notice").render())
        # Enter on the finished game: its replay
        assert options.highlighted == 1  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)


async def test_the_resume_list_refuses_to_delete_a_game_open_elsewhere(home: Path) -> None:
    from el_grande.app.app import ElGrandeApp
    from el_grande.app.screens.resume import ResumeScreen

    saver = saved_game(39)
    with other_window(saver.path):
        app = ElGrandeApp()
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.push_screen(ResumeScreen())
            await pilot.pause()
            for key in ("d", "n"):
                await pilot.press(key)
                await pilot.pause()
                assert type(app.screen) is ResumeScreen  # nothing asked
                error = str(app.screen.query_one("#resume-error").render())
                assert "is open in another window" in error
        assert saver.path.exists() and load_save(saver.path).name is None
