"""`el-grande tournament` on this machine: paired seeds and rotated seats, `--jobs 1` and
`--jobs 2` storing the same results, the report (a table, `--json`, at any time), bad input
as one sentence with exit status 2 and nothing made, and `el-grande` starting without it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from el_grande.tournament.command import main

from .helpers import FLAGS, stored


def test_every_deal_is_played_in_every_rotation(tournament: Path) -> None:
    games, seats = stored(tournament)
    assert [(g[0], g[1], g[2]) for g in games] == [(i, str(3 + i // 2), i % 2) for i in range(8)]
    assert all(g[3] is None and g[4] for g in games)  # played to the end, choices kept
    by_game = {}
    for game, _seat, entrant, *_ in seats:
        by_game.setdefault(game, []).append(entrant)
    assert all(
        by_game[i] == (["greedy", "random"] if i % 2 == 0 else ["random", "greedy"])
        for i in range(8)
    )
    # The most points win (R-E1), equal ones share; the margin is to the best other seat.
    for game, seat, _entrant, score, won, shared, margin, _ in seats:
        other = next(s[3] for s in seats if s[0] == game and s[1] != seat)
        assert margin == score - other and won == (score >= other)
        assert shared == (score == other)


def test_two_processes_store_the_same_results(
    tmp_path: Path, tournament: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "two.sqlite"
    capsys.readouterr()
    flags = [f for f in FLAGS if f != "--no-progress"]
    assert main(["--db", str(path), *flags, "--entrants", "greedy,random", "--jobs", "2"]) == 0
    assert stored(path) == stored(tournament)
    assert capsys.readouterr().err == ""  # no progress bar where stderr is no terminal


def test_the_report_as_a_table_and_as_json(
    tournament: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["--db", str(tournament), "--report", "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    report = json.loads(out)
    assert report["games_planned"] == report["games_played"] == 8
    assert report["games_void"] == 0 and report["void"] == []
    greedy, random_ = report["entrants"]
    assert (greedy["entrant"], random_["entrant"]) == ("greedy", "random")
    _, seats = stored(tournament)
    wins = sum(1 for s in seats if s[2] == "greedy" and s[4])
    points = [s[3] for s in seats if s[2] == "greedy"]
    assert greedy["seats"] == 8 and greedy["wins"] == wins
    assert greedy["mean_points"] == pytest.approx(sum(points) / 8)
    assert greedy["win_rate_95"][0] < greedy["win_rate"] <= greedy["win_rate_95"][1]
    assert greedy["rating"] == pytest.approx(-random_["rating"]) and greedy["rating"] > 0
    duel = report["head_to_head"]
    assert (duel["a"], duel["b"], duel["deals"]) == ("greedy", "random", 4)
    assert duel["a_ahead"] + duel["b_ahead"] + duel["even"] == 8
    assert duel["rating_difference"] == pytest.approx(greedy["rating"] - random_["rating"])
    assert main(["--db", str(tournament), "--report"]) == 0
    table = capsys.readouterr().out
    assert "8 of 8 games, 2 players, seeds 3–6" in table
    assert "greedy" in table and "Head to head, greedy vs random" in table


G = ["--games", "8"]
E = ["--entrants", "greedy,random", *G]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--entrants", "greedy,randomm", *G], "unknown bot 'randomm'; choose from random, greedy"),
        (["--entrants", "strong,random", *G], "strong needs a budget a decision: strong:200"),
        (["--entrants", "greedy:20,random", *G], "greedy:20: greedy takes no budget"),
        (["--entrants", "strong:0,random", *G], "a budget is play-outs a decision"),
        (["--entrants", "strong:1e9s,random", *G], "a budget is play-outs a decision"),
        (["--entrants", "greedy,greedy", *G], "at least two different entrants"),
        (["--entrants", "greedy,random@old", *G], "no frozen version old (give --frozen old="),
        (["--entrants", "greedy,random", "--games", "7"], "--games must be a multiple of 2"),
        (["--entrants", "greedy,random", "--games", "0"], "--games must be between 1"),
        ([*E, "--seed", "-1"], "--seed must be between 0"),
        ([*E, "--players", "6"], "2 to 5 players, not 6"),
        (["--entrants", "random,greedy,random", *G, "--players", "2"], "3 entrants for 2"),
        ([*E, "--jobs", "0"], "--jobs must be between 1 and"),
        ([*E, "--backend", "dask"], "--backend dask needs --scheduler"),
        ([*E, "--scheduler", "x"], "--scheduler is for --backend dask"),
        ([*E, "--frozen", "old"], "--frozen 'old': give NAME=WHEEL"),
        ([*E, "--frozen", "old=/nowhere.whl"], "/nowhere.whl is not a file"),
        (["--entrants", "greedy,random"], "a new tournament needs --entrants and --games"),
        (["--report", *G], "--report reads the file and plays nothing: it takes no --games"),
    ],
)
def test_bad_input_is_one_sentence_and_makes_nothing(
    tmp_path: Path, args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.sqlite"
    assert main(["--db", str(path), *args, "--no-progress"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("el-grande tournament: ") and "\n" not in err, err
    assert said in err
    assert not path.exists()


def test_bad_numbers_are_argparse_s_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--db", "t.sqlite", "--games", "many"])
    assert done.value.code == 2
    assert "argument --games/-g: invalid int value: 'many'" in capsys.readouterr().err


def test_el_grande_starts_without_the_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    """`el-grande --help` and `el-grande play …` import nothing of the tournament (in a
    fresh interpreter); `el-grande tournament --help` explains its flags."""
    from el_grande.__main__ import main as el_grande

    code = (
        "import sys\n"
        "from el_grande.cli import build_parser\n"
        "build_parser().parse_args(['play', '--players', 'Ana,Ben'])\n"
        "print(sorted(m for m in sys.modules if m.startswith('el_grande.tournament')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
    with pytest.raises(SystemExit) as done:
        el_grande(["tournament", "--help"])
    assert done.value.code == 0
    helped = capsys.readouterr().out
    for flag in ("--db", "--entrants", "--frozen", "--backend", "--scheduler", "--resume"):
        assert flag in helped
    assert "paired seeds" in helped
