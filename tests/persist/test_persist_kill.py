"""Kill the game with SIGKILL at random points, restart, resume: nothing decided before the
kill is lost.  The game is played by `kill_driver.py`, a headless stand-in for the app that
autosaves the same way (after every applied choice)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from kill_driver import scripted_choice
from persist_helpers import new_game

from el_grande.persist import list_unfinished, load_game, scan_saves

DRIVER = Path(__file__).with_name("kill_driver.py")


def expected_game(seed: int, players: int) -> list[str]:
    game = new_game(seed, players)
    while not game.over:
        game.apply(scripted_choice(game, seed))
    return list(game.history)


def _run_killable(
    args: list[str], home: Path, kill_at: int | None, timeout: float
) -> tuple[int, int]:
    """Run a driver that prints the number of saved decisions after each one ("over" at the
    end); SIGKILL it once it reports `kill_at`. Returns (last number reported, exit code)."""
    env = {**os.environ, "EL_GRANDE_HOME": str(home)}
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    last = -1
    try:
        for line in proc.stdout:
            if line.strip() == "over":
                break
            last = int(line)
            if kill_at is not None and last >= kill_at:
                proc.send_signal(signal.SIGKILL)
                break
    finally:
        proc.wait(timeout=timeout)
    return last, proc.returncode


def run_until(home: Path, seed: int, players: int, resume: bool, kill_at: int | None) -> int:
    """Run the headless driver, killed at `kill_at`. Returns the last number it reported
    (everything up to it was saved before the kill)."""
    args = [sys.executable, str(DRIVER), str(seed), str(players)] + (["--resume"] if resume else [])
    last, code = _run_killable(args, home, kill_at, timeout=60)
    if kill_at is None:
        assert code == 0
    return last


def check_kills(tmp_path: Path, seed: int, players: int, kills: int) -> None:
    home = tmp_path / f"home{seed}"
    full = expected_game(seed, players)
    rng = random.Random(seed)
    points = sorted(rng.sample(range(1, len(full) - 1), kills))
    resume = False
    for kill_at in points:
        reported = run_until(home, seed, players, resume, kill_at)
        games = list_unfinished(home)
        assert len(games) == 1 and not scan_saves(home)[1]  # one game, no broken file
        save, game = load_game(games[0].path)
        # every decision reported as made before the kill is there, and nothing else differs
        assert len(save.choices) >= reported
        assert save.choices == full[: len(save.choices)]
        assert list(game.history) == save.choices
        resume = True
    run_until(home, seed, players, resume, None)
    everything, problems = scan_saves(home)
    assert len(everything) == 1 and not problems
    assert everything[0].file.finished and everything[0].file.choices == full
    assert not list_unfinished(home)
    assert not list(everything[0].path.parent.glob("*.tmp"))


def test_sigkill_and_resume(tmp_path: Path) -> None:
    check_kills(tmp_path, seed=21, players=3, kills=2)


@pytest.mark.stress
@pytest.mark.parametrize("seed", range(100, 108))
def test_sigkill_and_resume_many(tmp_path: Path, seed: int) -> None:
    check_kills(tmp_path, seed=seed, players=2 + seed % 4, kills=6)


APP_DRIVER = Path(__file__).with_name("app_kill_driver.py")


def first_choice_game(seed: int) -> list[str]:
    """The game the app driver plays: Enter always takes the choice the prompt opens on (the
    table flow's `first_cursor`: the first listed choice, but for "Bring to court")."""
    from el_grande.core import Game, Options
    from el_grande.flow.table import first_cursor
    from el_grande.setup import GameSetup, default_seats

    setup = GameSetup(default_seats(["Ana", "Ben", "Cy"]), seed=seed)
    game = Game.new(setup.names, seed=seed, options=Options())
    while (d := game.decision) is not None:
        game.apply(first_cursor(d, game.view(None)) or d.choices[0])
    return list(game.history)


def run_app_until(home: Path, seed: int, resume: bool, kill_at: int | None, limit: int) -> int:
    args = [sys.executable, str(APP_DRIVER), str(seed), "--max", str(limit)]
    return _run_killable(args + (["--resume"] if resume else []), home, kill_at, timeout=120)[0]


def check_app_kills(tmp_path: Path, seed: int, kills: int, limit: int, finish: bool = True) -> None:
    """The app played by Enter, killed at `kills` points drawn from the seed (the first a new
    game, each later one a resumed game played on), each kill checked; then (`finish`)
    resumed once more and played to `limit`."""
    home = tmp_path / "home"
    full = first_choice_game(seed)
    rng = random.Random(seed)
    points = sorted(rng.sample(range(2, min(limit, len(full)) - 2), kills))
    resume = False
    for kill_at in points:
        reported = run_app_until(home, seed, resume, kill_at, limit)
        assert reported >= kill_at
        games = list_unfinished(home)
        assert len(games) == 1 and not scan_saves(home)[1]
        save, _game = load_game(games[0].path)
        assert len(save.choices) >= reported  # everything decided before the kill is there
        assert save.choices == full[: len(save.choices)]
        resume = True
    if not finish:
        return
    run_app_until(home, seed, resume, None, limit)
    save, game = load_game(scan_saves(home)[0][0].path)
    assert save.choices == full[: len(save.choices)] and len(save.choices) >= min(limit, len(full))


def test_sigkill_the_app_and_resume(tmp_path: Path) -> None:
    """Killed after 4 decisions, resumed and killed again after 11 (the seed's points): what
    was decided before each kill is in the save, and the resumed game went on as the game
    would have (7 decisions after the resume). A third run, resumed to play on, proved
    nothing the second kill does not (the stress test still plays one to the end)."""
    check_app_kills(tmp_path, seed=1, kills=2, limit=16, finish=False)


@pytest.mark.stress
def test_sigkill_the_app_many_times_to_the_end(tmp_path: Path) -> None:
    check_app_kills(tmp_path, seed=9, kills=8, limit=10**6)
    games, _ = scan_saves(tmp_path / "home")
    assert games[0].file.finished


def run_learn_until_waiting(home: Path, resume: bool, limit: int) -> list[str]:
    """Run the app driver on the guided game (new, or resumed) until it has made `limit`
    decisions and waits, then SIGKILL it. Returns the lines it printed."""
    args = [sys.executable, str(APP_DRIVER), "0", "--learn", "--max", str(limit)]
    config = home / "config"  # the default settings, never the person's running the tests
    env = {**os.environ, "EL_GRANDE_HOME": str(home), "EL_GRANDE_CONFIG": str(config)}
    proc = subprocess.Popen(
        args + (["--resume"] if resume else []), stdout=subprocess.PIPE, text=True, env=env
    )
    assert proc.stdout is not None
    lines = []
    try:
        for line in proc.stdout:
            lines.append(line.strip())
            if lines[-1] == "waiting":
                proc.send_signal(signal.SIGKILL)
                break
    finally:
        proc.wait(timeout=120)
    assert lines[-1:] == ["waiting"], lines
    return lines


def test_a_guided_game_killed_before_its_first_decision_resumes_guided(tmp_path: Path) -> None:
    """Issue 26, item 8: `el-grande learn` killed before its first decision came back as an
    ordinary game (no coach, no scripted opponents). Killed as soon as its save is on disk,
    it resumes guided; resumed, played on and killed again, it is still guided."""
    from el_grande.flow.lessons import LEARN

    home = tmp_path / "home"
    lines = run_learn_until_waiting(home, resume=False, limit=0)
    assert lines[0] == f"saved {LEARN}"
    games = list_unfinished(home)
    assert len(games) == 1 and not scan_saves(home)[1]
    save, _game = load_game(games[0].path)
    assert save.coach == LEARN and save.choices == [] and save.lessons  # the first lesson too
    lines = run_learn_until_waiting(home, resume=True, limit=3)
    assert lines[0] == f"saved {LEARN}"  # resumed: a guided game
    save, _game = load_game(list_unfinished(home)[0].path)
    assert save.coach == LEARN and len(save.choices) >= 3
    assert list_unfinished(home)[0].path == games[0].path  # the same game, not a new one
