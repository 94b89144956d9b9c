"""One registry of bot levels (`el_grande.bots.registry`) that everything else reads."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from el_grande.bots import make_bot, play_game
from el_grande.bots.registry import LEVELS, level, level_ids
from el_grande.core import Game
from el_grande.text import EN

DOCS = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


def test_the_levels_their_ids_and_catalogue_keys() -> None:
    # Save files store `bot:<id>`: the ids must never change.
    assert level_ids() == ("random", "greedy", "strong")
    assert [lv.id for lv in LEVELS] == list(level_ids())
    for lv in LEVELS:
        for key in (lv.label_key, lv.about_key, lv.seat_key):
            assert EN.get(key), key
        assert level(lv.id) is lv
    assert [EN[lv.label_key] for lv in LEVELS] == ["Easy", "Medium", "Hard"]
    with pytest.raises(ValueError, match="unknown bot 'genius'; known bots: random, greedy"):
        level("genius")


def test_make_bot_builds_the_registered_factory_with_its_needs_view() -> None:
    for lv in LEVELS:
        bot = make_bot(lv.id, seed=3)
        assert type(bot) is lv.load() and bot.name == lv.id
        assert bot.needs_view is lv.needs_view  # type: ignore[attr-defined]
    assert level("random").needs_view is False and level("strong").needs_view is True
    strong = make_bot("strong", seed=1, time_budget=0.5, iterations=4)
    assert (strong.time_budget, strong.iterations) == (0.5, 4)  # type: ignore[attr-defined]


def test_play_game_builds_no_view_for_a_bot_that_does_not_need_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_view(self: Game, seat: int | None = None) -> None:
        raise AssertionError("a view was built")

    monkeypatch.setattr(Game, "view", no_view)
    game = Game.new(["A", "B", "C"], seed=4)
    result = play_game(game, [make_bot("random", seed=s) for s in range(3)])
    assert game.over and result.winners


def test_docs_list_exactly_the_registered_levels() -> None:
    text = DOCS.read_text()
    section = text.split("\n## The levels\n", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^- \*\*(\w+)\*\* \(([^)]+)\)", section, flags=re.M)
    assert listed == [(lv.id, EN[lv.label_key]) for lv in LEVELS]


def test_every_command_line_and_the_form_read_the_registry(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from el_grande.cli import build_parser, parse_bots
    from el_grande.setup import KINDS, bot_kind, bot_level
    from el_grande.sim import simulate_main

    names = ["Ana", "Ben", "Cy"]
    for lv in LEVELS:
        assert parse_bots(f"Ben={lv.id}", names) == {1: lv.id}
        assert KINDS[bot_kind(lv.id)] == lv.seat_key
        assert bot_level(bot_kind(lv.id)) == lv.id
    assert bot_level("bot:grandmaster") is None
    with pytest.raises(ValueError, match="levels: random, greedy, strong"):
        parse_bots("Ben=genius", names)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "--help"])
    play_help = " ".join(capsys.readouterr().out.split())
    assert "levels: random (Easy), greedy (Medium), strong (Hard)" in play_help
    with pytest.raises(SystemExit):
        simulate_main(["--help"])
    sim_help = " ".join(capsys.readouterr().out.split())
    assert "random (Easy), greedy (Medium), strong (Hard)" in sim_help
    assert simulate_main(["--bots", "genius"]) == 2
    assert "choose from random, greedy, strong" in capsys.readouterr().err


def test_the_registry_is_cheap_to_import() -> None:
    """The app imports it at start-up: no bot (the package's own names are imported when
    first used), no core, no multiprocessing."""
    code = (
        "import sys, el_grande.bots.registry;"
        "print(sorted(m for m in sys.modules if m.startswith(('el_grande.core', 'el_grande.bots.',"
        " 'multiprocessing', 'concurrent'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == repr(["el_grande.bots.registry"])


def test_the_command_line_does_not_load_multiprocessing() -> None:
    code = (
        "import sys, el_grande.cli; el_grande.cli.build_parser();"
        "print(sorted(m for m in sys.modules if m.startswith(('multiprocessing', 'concurrent'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
