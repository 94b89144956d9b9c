"""Every save written by El Grande 0.1.0 (tests/persist/fixtures, made before the strict
loader) still loads, replays, resumes and lists."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from el_grande.cli import main as cli_main
from el_grande.persist import Autosaver, load_game, load_save, saves_dir

FIXTURES = Path(__file__).with_name("fixtures")
FILES = sorted(FIXTURES.glob("*.json"))


def test_there_are_fixtures() -> None:
    assert {f.name for f in FILES} >= {
        "v010-finished-4p.json",
        "v010-unfinished-bots.json",
        "v010-hidden-6r-noveto.json",
        "v010-no-round-scores.json",
        "v010-legacy-names.json",
        "v010-saved-as-at-start.json",
    }


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_an_old_save_loads(path: Path, home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = path.read_bytes()
    save, game = load_game(path)
    assert list(game.history) == save.choices
    assert cli_main(["load", str(path), "--check"]) == 0
    assert "a legal" in capsys.readouterr().out
    assert cli_main(["export", str(path)]) == 0
    assert capsys.readouterr().out.startswith("El Grande: ")
    assert path.read_bytes() == before
    assert not home.exists()  # reading never writes


def test_what_the_old_saves_hold() -> None:
    save, game = load_game(FIXTURES / "v010-finished-4p.json")
    assert game.over and save.finished and save.scores == list(game.scores)

    save, game = load_game(FIXTURES / "v010-unfinished-bots.json")
    assert not game.over and [s.kind for s in save.seats] == ["human", "bot:greedy", "bot:random"]

    save, game = load_game(FIXTURES / "v010-hidden-6r-noveto.json")
    assert save.options.model_dump() == {"rounds": 6, "veto": False, "castillo": "hidden"}
    assert save.start_player == 2 and save.game_id.endswith("_2")

    save = load_save(FIXTURES / "v010-no-round-scores.json")
    assert save.round is None and save.scores is None and len(save.choices) == 40

    save, game = load_game(FIXTURES / "v010-legacy-names.json")
    assert len(save.names[0]) == 40 and save.seed == "tuesday night"

    save, game = load_game(FIXTURES / "v010-saved-as-at-start.json")
    assert save.choices == [] and game.history == ()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_an_old_save_resumes_and_is_written_back_the_same(path: Path, home: Path) -> None:
    save, game = load_game(path)
    saver = Autosaver.resume(save)
    saver.save(game)
    again, replayed = load_game(saver.path)
    assert again.choices == save.choices and again.seats == save.seats
    assert again.seed == save.seed and again.options == save.options
    saver.close()


def test_the_resume_list_shows_long_old_names_shortened(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saves_dir().mkdir(parents=True)
    for name in ("v010-legacy-names.json", "v010-unfinished-bots.json"):
        shutil.copy(FIXTURES / name, saves_dir() / name)
    assert cli_main(["resume", "--list"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "Maximiliano…, 김민준, Zoë 🎲, O'Brien-Smi…" in out  # 12 terminal cells at most
    assert "Maximiliano Alejandro" not in out
    assert "Ana, Ben, Cy · round 4 · 90 decisions" in out
