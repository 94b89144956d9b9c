"""The trash's restore (issue 33, item 9): a deleted save comes back into the resume list and
loads; a name taken meanwhile gets a new id; `resume --trash` lists the trash and
`resume --restore N|ID` brings one back."""

from __future__ import annotations

from pathlib import Path

import pytest
from persist_helpers import random_game
from textual.widgets import OptionList

from el_grande.cli import main as cli_main
from el_grande.persist import Autosaver, load_game
from el_grande.persist.errors import SaveFileError
from el_grande.persist.manage import delete_save, find_trashed, restore_save, trash_dir, trashed
from el_grande.persist.store import find_save, resume_list


def _deleted(seed: int = 3) -> str:
    saver = Autosaver.start(random_game(seed, upto=12, players=3))
    saver.close()
    delete_save(find_save(saver.file.game_id))
    return saver.file.game_id


def test_a_deleted_save_is_restored_into_the_resume_list_and_loads(home: Path) -> None:
    game_id = _deleted()
    assert resume_list()[0] == [] and [g.file.game_id for g in trashed()] == [game_id]
    restored = restore_save(find_trashed("1"))
    assert restored.path.name == f"{game_id}.json" and not list(trash_dir().iterdir())
    (again,), _ = resume_list()
    assert again.file.game_id == game_id
    save, game = load_game(again.path)
    assert len(save.choices) == 12 and not game.over


def test_a_restored_save_whose_id_is_taken_gets_a_new_one(home: Path) -> None:
    game_id = _deleted()
    (trashed_one,) = trashed()
    (home / "saves" / f"{game_id}.json").write_bytes(trashed_one.path.read_bytes())
    restored = restore_save(find_trashed(game_id))
    assert restored.file.game_id == f"{game_id}_2" and restored.path.name == f"{game_id}_2.json"
    assert sorted(g.file.game_id for g in resume_list()[0]) == [game_id, f"{game_id}_2"]
    save, _ = load_game(restored.path)
    assert save.game_id == f"{game_id}_2"  # the file's name is its id


def test_resume_trash_and_restore_on_the_command_line(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["resume", "--trash"]) == 0
    assert "The trash is empty" in capsys.readouterr().out
    game_id = _deleted()
    assert cli_main(["resume", "--trash"]) == 0
    out = capsys.readouterr().out
    assert "In the trash" in out and " 1. Ana, Ben, Cy" in out and game_id in out
    assert cli_main(["resume", "--restore", "7"]) != 0
    assert "No save '7' in the trash" in capsys.readouterr().err
    assert cli_main(["resume", "--restore", "1"]) == 0
    assert f"Restored: {game_id} is back in the resume list." in capsys.readouterr().out
    assert [g.file.game_id for g in resume_list()[0]] == [game_id]


def test_a_file_in_the_trash_that_is_no_save_is_neither_listed_nor_restored(home: Path) -> None:
    trash_dir().mkdir(parents=True)
    (trash_dir() / "junk.json").write_text("{")
    assert trashed() == []
    with pytest.raises(SaveFileError, match="No save 'junk' in the trash"):
        find_trashed("junk")


async def test_the_resume_lists_trash_brings_a_deleted_save_back(home: Path) -> None:
    """d puts a save in the trash; t opens the trash, Enter brings it back into the list, and
    Enter there resumes it (issue 33, item 9)."""
    from el_grande.app.app import ElGrandeApp
    from el_grande.app.screens.game import GameScreen
    from el_grande.app.screens.resume import ResumeScreen, TrashScreen

    game_id = _deleted()
    app = ElGrandeApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(ResumeScreen())
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ResumeScreen) and screen.games == []
        assert "t: the trash (restore)" in str(screen.query_one("#resume-note").render())
        await pilot.press("t")
        await pilot.pause()
        trash = app.screen
        assert isinstance(trash, TrashScreen) and len(trash.games) == 1
        listed = trash.query_one("#trash-list", OptionList).get_option_at_index(0).prompt
        assert str(listed).startswith("Ana, Ben, Cy")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and [g.file.game_id for g in screen.games] == [game_id]
        notice = str(screen.query_one("#resume-notice").render())
        assert f"Restored: {game_id} is back in the resume list." in notice
        await pilot.press("t")
        await pilot.pause()
        assert "The trash is empty" in str(app.screen.query_one("#trash-empty").render())
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("enter")  # the restored save resumes
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, GameScreen):
                break
        assert isinstance(app.screen, GameScreen)
        assert len(app.screen.session.game.history) == 12
