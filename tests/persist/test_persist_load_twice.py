"""Loading one file twice makes one entry in the resume list, not two (issue 33, item 9):
the game loaded behind its own autosave goes under a new id (nothing is overwritten), and
once it has caught up with that autosave — computer players replaying the same turns — it
goes on in that file and the new one goes. A game that takes another way keeps its new id."""

from __future__ import annotations

import random
from pathlib import Path

from persist_helpers import play, random_game

from el_grande.core import Game
from el_grande.persist import Autosaver, load_game, save_as
from el_grande.persist.store import resume_list


def _loaded_twice(tmp_path: Path) -> tuple[Path, Game, list[str]]:
    """A named file at decision 10; its game's autosave played on by 4 decisions (the
    seeded choices a computer player would make again)."""
    game = random_game(21, upto=10, players=3)
    saver = Autosaver.start(game)
    named = tmp_path / "named.json"
    save_as(game, named, saver.file)
    ahead = list(game.record()["choices"])
    rng = random.Random(8)
    play(game, rng, 4)
    saver.save(game)
    saver.close()
    return named, game, list(game.record()["choices"])[len(ahead) :]


def test_loading_a_file_again_and_playing_the_same_turns_makes_no_second_entry(
    home: Path, tmp_path: Path
) -> None:
    named, _ahead, turns = _loaded_twice(tmp_path)
    (first,), _ = resume_list()
    save, game = load_game(named)
    saver = Autosaver.resume(save)
    saver.save(game)  # as the app does when the game opens: under a new id, for now
    assert saver.path != first.path and saver.path.exists()
    assert first.path.read_bytes()  # the autosave further on is untouched
    for i, choice in enumerate(turns):
        d = game.decision
        assert d is not None
        game.apply(next(c for c in d.choices if str(c) == choice))
        saver.save(game)
        if i < len(turns) - 1:
            assert len(resume_list()[0]) == 2  # behind it: its own entry, its own position
    games, _ = resume_list()
    assert [g.path for g in games] == [first.path] and saver.path == first.path
    assert len(games[0].file.choices) == 10 + len(turns)
    saver.close()


def test_a_file_loaded_again_that_takes_another_way_keeps_its_own_entry(
    home: Path, tmp_path: Path
) -> None:
    named, _ahead, turns = _loaded_twice(tmp_path)
    (first,), _ = resume_list()
    save, game = load_game(named)
    saver = Autosaver.resume(save)
    d = game.decision
    assert d is not None
    other = next(c for c in d.choices if str(c) != turns[0])
    game.apply(other)
    saver.save(game)
    games, _ = resume_list()
    assert {g.path for g in games} == {first.path, saver.path} and saver.path != first.path
    assert len(first.file.choices) == 10 + len(turns)
    saver.close()


def test_a_file_loaded_again_and_closed_behind_its_autosave_leaves_one_entry(
    home: Path, tmp_path: Path
) -> None:
    """Closed before the computer players replayed their turns: every choice it holds is in
    the autosave further on, so its new file goes (the named file is still there to load)."""
    named, _ahead, turns = _loaded_twice(tmp_path)
    (first,), _ = resume_list()
    save, game = load_game(named)
    saver = Autosaver.resume(save)
    saver.save(game)
    assert len(resume_list()[0]) == 2
    saver.close()
    games, _ = resume_list()
    assert [g.path for g in games] == [first.path] and named.exists()
    assert len(games[0].file.choices) == 10 + len(turns)
