"""`el-grande simulate`: headless bot games, a table or one JSON object."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from el_grande.sim import SimConfig, run, simulate_main

pytestmark = pytest.mark.filterwarnings("error::el_grande.bots.base.BotFallbackWarning")


KEYS = {"games", "seconds", "games_per_second", "wins", "mean_scores", "bots"}


def test_json_output_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code = simulate_main(
        [
            "--players",
            "3",
            "--games",
            "3",
            "--seed",
            "4",
            "--bots",
            "greedy,random",
            "--rounds",
            "6",
            "--json",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # exactly one JSON object on one line
    data = json.loads(out)
    assert set(data) >= KEYS
    assert data["games"] == 3
    assert data["bots"] == ["greedy", "random", "random"]
    assert len(data["wins"]) == len(data["mean_scores"]) == 3
    assert sum(data["wins"]) >= 3  # every game has at least one winner (ties: each counts)
    assert data["seconds"] > 0 and data["games_per_second"] > 0
    assert set(data["by_bot"]) == {"greedy", "random"}


def test_runs_are_reproducible() -> None:
    config = SimConfig(players=2, games=3, seed=8, bots=("greedy", "random"), rounds=6)
    a, b = run(config), run(config)
    assert a["wins"] == b["wins"] and a["mean_scores"] == b["mean_scores"]


def test_rotating_seats_moves_the_bots() -> None:
    config = SimConfig(players=2, games=2, seed=1, bots=("greedy", "random"), rounds=6, rotate=True)
    data = run(config)
    assert data["by_bot"]["greedy"]["seats_played"] == 2
    assert data["by_bot"]["greedy"]["wins"] == 2
    assert data["wins"] == [1, 1]


def test_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate_main(["-n", "2", "-g", "2", "--bots", "random", "--rounds", "6"]) == 0
    out = capsys.readouterr().out
    assert "mean score" in out and "games/s" in out and "shared" in out


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "6"],
        ["--bots", "genius"],
        ["--players", "2", "--bots", "random,random,random"],
        ["--games", "0"],
        # once started thousands of processes (3 777 and 11.8 GB after 30 s):
        ["--games", "1", "--jobs", "99999"],
        ["--jobs", "0"],
        ["--jobs", "-3"],
        ["--budget", "-1", "--bots", "strong"],
        ["--budget", "0", "--bots", "strong"],
        ["--budget", "nan", "--bots", "strong"],
        ["--budget", "inf", "--bots", "strong"],
        ["--iterations", "0", "--bots", "strong"],
    ],
)
def test_bad_arguments_exit_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert simulate_main(args) == 2
    assert "el-grande simulate" in capsys.readouterr().err


def test_module_entry_point_prints_json() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "el_grande.sim", "-n", "2", "-g", "1", "--bots", "random", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert set(json.loads(proc.stdout)) >= KEYS


def test_registers_as_an_el_grande_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from el_grande.cli import COMMANDS

    simulate = COMMANDS["simulate"]
    parser = argparse.ArgumentParser()
    simulate.configure(parser)
    ns = parser.parse_args(["-n", "2", "-g", "1", "--bots", "random", "--json"])
    assert simulate.run(ns) == 0
    assert set(json.loads(capsys.readouterr().out)) >= KEYS


def test_the_game_starts_without_the_simulator(capsys: pytest.CaptureFixture[str]) -> None:
    """`el-grande play …` builds its parser without importing `el_grande.sim` (start-up: in
    a fresh interpreter); `el-grande simulate --help` still lists simulate's own arguments
    (in this process: the help is no matter of what was imported before)."""
    from el_grande.__main__ import main

    code = (
        "import sys\n"
        "from el_grande.cli import build_parser\n"
        "args = build_parser().parse_args(['play', '--players', 'Ana,Ben'])\n"
        "assert args.players == 'Ana,Ben', args\n"
        "print('el_grande.sim' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    with pytest.raises(SystemExit) as done:
        main(["simulate", "--help"])
    assert done.value.code == 0
    helped = capsys.readouterr().out
    assert "--budget" in helped and "--rotate" in helped


def test_parallel_runs_give_the_same_results() -> None:
    config = SimConfig(players=2, games=4, seed=3, bots=("greedy", "random"), rounds=6)
    one, two = run(config), run(config, jobs=2)
    assert one["wins"] == two["wins"] and one["mean_scores"] == two["mean_scores"]


def test_the_jobs_cap_is_said_and_a_few_times_the_cores(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import os

    from el_grande.sim import max_jobs

    cores = os.cpu_count() or 1
    assert max_jobs() == 4 * cores
    assert simulate_main(["-g", "1", "--jobs", str(max_jobs() + 1)]) == 2
    assert f"--jobs must be between 1 and {max_jobs()}" in capsys.readouterr().err


def test_games_are_bounded_before_anything_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--games 10**20 --jobs 2` would plan every piece of work at once (the machine's whole
    memory); the bound is said, and nothing is played."""
    from el_grande import sim

    def never(*_a: object, **_k: object) -> None:
        raise AssertionError("the run was started")

    monkeypatch.setattr(sim, "run", never)
    for games in (sim.MAX_GAMES + 1, 10**20):
        assert simulate_main(["-g", str(games), "--jobs", "2"]) == 2
        assert f"--games must be between 1 and {sim.MAX_GAMES}" in capsys.readouterr().err


def test_no_more_processes_than_pieces_of_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """One game needs one process, whatever `--jobs` says."""
    from el_grande import sim
    from el_grande.workers import Workers

    asked: list[int] = []

    class Counting(Workers):
        def __init__(self, jobs: int, *args: object) -> None:
            asked.append(jobs)
            super().__init__(jobs, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(sim, "Workers", Counting)
    config = SimConfig(players=2, games=1, seed=3, bots=("random", "random"))
    assert run(config, jobs=8)["games"] == 1
    assert asked == [1]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--budget", "1e9"], "--budget must be more than 0 and at most 60 seconds"),
        (["--budget", "60.5"], "--budget must be more than 0 and at most 60 seconds"),
        (["--budget", "0"], "--budget must be more than 0 and at most 60 seconds"),
        (["--budget", "nan"], "--budget must be more than 0 and at most 60 seconds"),
        (["--iterations", "0"], "--iterations must be between 1 and 1000000"),
        (["--iterations", str(10**20)], "--iterations must be between 1 and 1000000"),
        (["--seed", "-1"], "--seed must be between 0 and 999999999999999999"),
        (["--seed", str(10**30)], "--seed must be between 0 and 999999999999999999"),
    ],
)
def test_every_flag_has_a_bound_said_before_anything_runs(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    says: str,
) -> None:
    """Issue 26, item 7: `simulate --budget 1e9` was accepted. Beyond its bound a flag is one
    sentence and exit code 2, and nothing is played; the help says the bound."""
    from el_grande import sim

    def never(*_a: object, **_k: object) -> None:
        raise AssertionError("the run was started")

    monkeypatch.setattr(sim, "run", never)
    assert simulate_main(["-g", "1", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("el-grande simulate: ") and says in err and err.count("\n") == 1
    with pytest.raises(SystemExit):
        simulate_main(["--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "at most 60;" in help_text and "at most 1000000;" in help_text


def test_a_bot_of_thousands_of_characters_is_cut_in_the_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert simulate_main(["--bots", "x" * 5000]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 200 and "xxx…" in err


def test_a_bad_argument_is_text_not_markup(capsys: pytest.CaptureFixture[str]) -> None:
    """`--bots '[/x]'` is quoted in the sentence: as text (it once went into rich markup)."""
    assert simulate_main(["--bots", "[/x]"]) == 2
    err = capsys.readouterr().err
    assert "unknown bot '[/x]'" in err


def test_the_cpu_clock_counts_the_budget_and_the_think_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`--clock cpu`: strong's budget and every think time read the thread's CPU time."""
    import time

    from el_grande import sim

    readings = 0
    real = time.thread_time

    def counted() -> float:
        nonlocal readings
        readings += 1
        return real()

    monkeypatch.setitem(sim.CLOCKS, "cpu", counted)
    config = SimConfig(
        players=2, games=1, seed=3, bots=("strong", "greedy"), rounds=6, iterations=2, clock="cpu"
    )
    data = run(config)
    assert data["clock"] == "cpu" and readings > data["by_bot"]["strong"]["decisions"] * 2
