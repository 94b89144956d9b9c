"""The replay model steps both ways, decision by decision and round by round, with the board
and the log as they were; export writes the log as text or Markdown."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from persist_helpers import random_game

from el_grande.cli import main as cli_main
from el_grande.core import Game
from el_grande.persist import save_from_game
from el_grande.persist.export import export_text
from el_grande.persist.replay import ReplayModel
from el_grande.story import Walk


@pytest.fixture(scope="module")
def finished() -> Game:
    from el_grande.core import Options

    return random_game(12, players=4, options=Options(rounds=9, veto=True, castillo="open"))


def test_steps_forward_and_back_match_the_game(finished: Game) -> None:
    rec = finished.record()
    model = ReplayModel(rec)
    assert model.length == len(finished.history)
    # The board after k choices, each k: what `Game.replay(rec, upto=k)` makes (a new game,
    # the first k choices applied in order), walked once rather than replayed for every k.
    game = Game.replay(rec, upto=0)
    truth = [game.snapshot()]
    for text in rec["choices"]:
        game.apply(game.parse(text))
        truth.append(game.snapshot())
    for k in range(model.length):
        assert model.game.snapshot() == truth[k]
        assert model.goto(model.pos + 1) == k + 1
    assert model.game.snapshot() == finished.snapshot() and model.game.over
    assert model.goto(model.pos + 1) == model.length  # stays at the end
    for k in range(model.length, 0, -1):
        assert model.game.snapshot() == truth[k]
        model.goto(model.pos - 1)
    assert model.pos == 0 and model.goto(-1) == 0
    rng = random.Random(3)
    for _ in range(40):
        k = rng.randrange(model.length + 1)
        model.goto(k)
        assert model.game.snapshot() == truth[k]


def test_round_steps(finished: Game) -> None:
    model = ReplayModel(finished.record())
    rounds = []
    while model.pos < model.length:
        model.next_round()
        rounds.append(model.round)
    starts = model.round_starts[1:]
    assert len(starts) == 8  # rounds 2..9 start after a choice; round 1 at position 0
    assert rounds[:-1] == [2, 3, 4, 5, 6, 7, 8, 9]
    for p in starts:
        earlier = len(model.log()) if model.goto(p - 1) == p - 1 else 0
        model.goto(p)
        assert model.game.snapshot()["phase"] == "power"
        assert any(line.text.startswith("— Round") for line in model.log()[earlier:])
    model.end()
    back = []
    while model.pos > 0:
        model.prev_round()
        back.append(model.pos)
    assert back == sorted(model.round_starts, reverse=True)


def test_log_as_it_was(finished: Game) -> None:
    model = ReplayModel(finished.record())
    assert model.log()[0].text.startswith("— Round 1")
    sizes = []
    for _ in range(model.length):
        shorter = model.log()
        model.goto(model.pos + 1)
        sizes.append(len(model.log()))
        assert model.log()[: len(shorter)] == shorter  # the log only grows, from the front
    assert sizes == sorted(sizes)
    assert "Game over" in model.log()[-1].text
    model.goto(10)
    walk = Walk(finished.record())
    first_ten = [walk.opening, *(step.chapter for step in itertools.islice(walk, 10))]
    assert model.log() == [line for chapter in first_ten for line in chapter.lines]


def test_secrets_visible_in_replay() -> None:
    """Every secret is shown in replay: a hidden Castillo's counts appear in the log."""
    from el_grande.core import Options

    for seed in range(30):
        game = random_game(seed, options=Options(castillo="hidden"))
        text = export_text(game.record())
        redacted = export_text(game.record(), reveal=False)
        if "in the Castillo (how many stays hidden)" in redacted:
            assert "stays hidden" not in text
            assert "in the Castillo." in text
            return
    pytest.fail("no hidden Castillo move found")


def test_export_text_and_markdown(finished: Game, tmp_path: Path) -> None:
    txt = export_text(finished.record())
    md = export_text(finished.record(), "md")
    assert txt.startswith("El Grande: Ana, Ben, Cy, Dee\n=====")
    assert "\nRound 9 of 9\n------------\n" in txt
    assert md.startswith("# El Grande: Ana, Ben, Cy, Dee\n")
    assert "\n## Round 9 of 9\n" in md and "\n- " in md and "## Result" in md
    assert txt.count("plays power card") == 9 * 4
    path = tmp_path / "g.json"
    path.write_text(save_from_game(finished).to_json())
    out = tmp_path / "g.md"
    assert cli_main(["export", str(path), "-o", str(out)]) == 0
    assert out.read_text() == md
    assert cli_main(["export", str(path), "--format", "text", "-o", str(out)]) == 0
    assert out.read_text() == txt
    assert cli_main(["export", str(path), "-o", str(path)]) == 1  # never over the save
