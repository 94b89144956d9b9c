"""`el-grande simulate`: play many bot games headlessly and report wins, scores and speed.

    el-grande simulate --players 4 --games 100 --seed 1 --bots greedy,random,random,random
    el-grande simulate --players 3 --games 20 --bots strong,greedy --json

`--bots` takes one level per seat, or fewer: the last one fills the remaining seats. Game `g`
uses seed `S + g`, and its computer players are the app's (`el_grande.bots.drive`: a new bot
for every decision, seeded by the position), so game `g` is the game a table of those computer
players plays in the app with seed `S + g`. A run is reproducible (with `strong`, when
`--iterations` is given without `--budget`: a budget in play-outs only) and can be split
across processes (`--jobs`).
Shared victories (R-E1: tied leaders share the victory) count one win for every tied winner;
`shared_wins` says how many games ended that way.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from rich.console import Console

from el_grande.bots.drive import TABLE, Budget, Driver
from el_grande.bots.play import PlayResult, play_game
from el_grande.bots.registry import LEVELS, level_ids
from el_grande.core import Game, Options
from el_grande.names import fit, printable
from el_grande.text import t
from el_grande.workers import MAX_SEED, Stop, Workers, max_jobs

#: The most seconds `--budget` gives the strong player a decision: a minute (a game of a
#: hundred decisions at that pace takes hours; `--budget 1e9` was accepted).
MAX_BUDGET = 60.0
#: The most search iterations `--iterations` asks of it a decision.
MAX_ITERATIONS = 1_000_000
#: The most games one run plays: a run in parallel plans all its pieces of work at once (a
#: million games are 100 000 of them, some 100 MB; `--games 10**20` asked for exabytes).
MAX_GAMES = 1_000_000


@dataclass(frozen=True)
class SimConfig:
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    rounds: int = 9
    veto: bool = True
    castillo: str = "open"
    budget: float | None = None
    iterations: int | None = None
    rotate: bool = False
    #: What `strong`'s budget and every think time count: "wall" (`time.perf_counter`, what a
    #: player waits) or "cpu" (`time.thread_time`, the thread's own CPU time: a benchmark that
    #: does not depend on how busy the machine is).
    clock: str = "wall"

    def seat_bots(self, game_index: int) -> tuple[str, ...]:
        """The bot level of every seat in game `game_index` (rotated with `--rotate`)."""
        if not self.rotate:
            return self.bots
        k = game_index % self.players
        return self.bots[k:] + self.bots[:k]


#: The clocks `--clock` names.
CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}


def game_seed(config: SimConfig, game_index: int) -> int:
    return config.seed + game_index


def budget(config: SimConfig) -> Budget:
    """The Hard player's budget a decision: `--budget` seconds (2 s without it, unless
    `--iterations` is given alone: then play-outs only, and the run is repeatable) and at
    most `--iterations` play-outs, on `--clock`."""
    seconds = config.budget
    if seconds is None and config.iterations is None:
        seconds = TABLE.seconds
    return Budget(seconds, config.iterations, CLOCKS[config.clock])


def game(config: SimConfig, game_index: int) -> Game:
    """Game `game_index` of the run, not yet played: seat `s` is called `<level>-<s + 1>`."""
    names = [f"{level}-{seat + 1}" for seat, level in enumerate(config.seat_bots(game_index))]
    options = Options(rounds=config.rounds, veto=config.veto, castillo=config.castillo)
    return Game.new(names, seed=game_seed(config, game_index), options=options)


def play(config: SimConfig, game_index: int) -> tuple[Game, PlayResult]:
    """Play game `game_index` of the run: the game at its end, and the scores and timings.

    Its computer players are the app's (`bots.drive.Driver`): a new bot for every decision,
    seeded by the position, so the game is the one a table of these computer players plays
    in the app with this game's seed (with a budget in play-outs: see `budget`)."""
    played = game(config, game_index)
    bots = Driver(budget(config)).seated(config.seat_bots(game_index))
    return played, play_game(played, bots, clock=CLOCKS[config.clock])


def play_one(config: SimConfig, game_index: int) -> dict[str, Any]:
    """Play game `game_index` of the run (`play`); return a small JSON-able result."""
    levels = config.seat_bots(game_index)
    started = time.perf_counter()
    _, result = play(config, game_index)
    return {
        "index": game_index,
        "bots": list(levels),
        "scores": result.scores,
        "winners": result.winners,
        "seconds": time.perf_counter() - started,
        "decisions": [s.decisions for s in result.seats],
        "think_seconds": [s.seconds for s in result.seats],
        "max_think_seconds": [s.max_seconds for s in result.seats],
        "think_times": [s.times for s in result.seats],
    }


def _play_chunk(config: SimConfig, indices: list[int]) -> list[dict[str, Any]]:
    return [play_one(config, i) for i in indices]


def run(
    config: SimConfig,
    jobs: int = 1,
    progress: Any = None,
    cancelled: Callable[[], bool] | None = None,
) -> dict[str, Any]:
    """Play the whole run and aggregate it into the `--json` summary.

    Stopped early (a `KeyboardInterrupt` in this process, or `cancelled()` true: asked every
    tenth of a second while worker processes play), the summary is of the games finished
    and says `"stopped": true`; the workers are terminated at once (`el_grande.workers`)."""
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    task = progress.add_task("simulating", total=config.games) if progress else None
    stopped = False

    def done(batch: list[dict[str, Any]]) -> None:
        results.extend(batch)
        if progress is not None:
            progress.advance(task, len(batch))

    try:
        if jobs <= 1:
            for i in range(config.games):
                if cancelled is not None and cancelled():
                    stopped = True
                    break
                done([play_one(config, i)])
        else:
            chunk = max(1, min(10, config.games // (jobs * 4)))
            chunks = [
                list(range(i, min(i + chunk, config.games))) for i in range(0, config.games, chunk)
            ]
            # Never more processes than pieces of work: one game needs one process, not `jobs`.
            with Workers(min(jobs, len(chunks))) as workers:
                for batch in workers.map(partial(_play_chunk, config), chunks, cancelled):
                    done(batch)
    except KeyboardInterrupt:
        stopped = True
    stopped = stopped or len(results) < config.games
    seconds = time.perf_counter() - started
    results.sort(key=lambda r: r["index"])
    summary = summarize(config, results, seconds)
    summary["stopped"] = stopped
    return summary


def summarize(config: SimConfig, results: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    n, g = config.players, len(results)
    wins = [0] * n
    score_sums = [0] * n
    shared = 0
    by_bot: dict[str, dict[str, float]] = {}
    times: dict[str, list[float]] = {}
    for r in results:
        if len(r["winners"]) > 1:
            shared += 1
        for seat in range(n):
            level = r["bots"][seat]
            b = by_bot.setdefault(
                level,
                {
                    "seats_played": 0,
                    "wins": 0,
                    "score_sum": 0,
                    "decisions": 0,
                    "think_seconds": 0.0,
                    "max_think_seconds": 0.0,
                },
            )
            b["seats_played"] += 1
            b["score_sum"] += r["scores"][seat]
            b["decisions"] += r["decisions"][seat]
            b["think_seconds"] += r["think_seconds"][seat]
            b["max_think_seconds"] = max(b["max_think_seconds"], r["max_think_seconds"][seat])
            times.setdefault(level, []).extend(r.get("think_times", [[]] * n)[seat])
            score_sums[seat] += r["scores"][seat]
        for seat in r["winners"]:
            wins[seat] += 1
            by_bot[r["bots"][seat]]["wins"] += 1
    bot_summary = {
        level: {
            "seats_played": int(b["seats_played"]),
            "wins": int(b["wins"]),
            "win_rate": b["wins"] / b["seats_played"] if b["seats_played"] else 0.0,
            "mean_score": b["score_sum"] / b["seats_played"] if b["seats_played"] else 0.0,
            "decisions": int(b["decisions"]),
            "seconds_per_decision": (
                b["think_seconds"] / b["decisions"] if b["decisions"] else 0.0
            ),
            "max_seconds_per_decision": b["max_think_seconds"],
            "p99_seconds_per_decision": _percentile(times.get(level, []), 0.99),
        }
        for level, b in by_bot.items()
    }
    limit = budget(config).seconds
    if "strong" in bot_summary and limit is not None:  # how honest its time budget is
        over = [max(0.0, t - limit) for t in times.get("strong", [])]
        bot_summary["strong"].update(
            budget=limit,
            decisions_over_budget=sum(1 for x in over if x > 0),
            max_seconds_over_budget=max(over, default=0.0),
            p99_seconds_over_budget=_percentile(over, 0.99),
        )
    return {
        "games": g,
        "players": n,
        "seed": config.seed,
        "options": {"rounds": config.rounds, "veto": config.veto, "castillo": config.castillo},
        "bots": list(config.bots),
        "rotate": config.rotate,
        "clock": config.clock,
        "seconds": seconds,
        "games_per_second": g / seconds if seconds > 0 else 0.0,
        "wins": wins,
        "win_rates": [w / g if g else 0.0 for w in wins],
        "shared_wins": shared,
        "mean_scores": [s / g if g else 0.0 for s in score_sums],
        "by_bot": bot_summary,
    }


def _percentile(values: list[float], q: float) -> float:
    """The nearest-rank `q` quantile of `values` (0.0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", "-n", type=int, default=4, help="2-5 (default 4)")
    parser.add_argument(
        "--games", "-g", type=int, default=100, help=f"games to play (100; at most {MAX_GAMES})"
    )
    parser.add_argument(
        "--seed", "-s", type=int, default=0, help=f"seed of game 0 (0 to {MAX_SEED}; default 0)"
    )
    parser.add_argument(
        "--bots",
        "-b",
        default="greedy,random",
        help="comma-separated levels per seat; the last fills the rest "
        f"({_levels_help()}; default greedy,random)",
    )
    parser.add_argument("--rounds", type=int, choices=(9, 6), default=9)
    parser.add_argument("--no-veto", dest="veto", action="store_false")
    parser.add_argument("--castillo", choices=("open", "hidden"), default="open")
    parser.add_argument(
        "--budget",
        type=float,
        default=None,
        help=f"strong: seconds per decision (at most {MAX_BUDGET:g}; default 2.0, none when "
        "--iterations is given)",
    )
    parser.add_argument(
        "--iterations",
        type=int,
        default=None,
        help=f"strong: search iterations per decision (at most {MAX_ITERATIONS}; default: "
        "time only; without --budget: no time limit, so the run is repeatable)",
    )
    parser.add_argument(
        "--clock",
        choices=tuple(CLOCKS),
        default="wall",
        help="what strong's budget and the think times count: wall (default: the time a "
        "player waits) or cpu (the thread's CPU time: independent of the machine's load)",
    )
    parser.add_argument("--rotate", action="store_true", help="rotate the bots one seat each game")
    parser.add_argument(
        "--jobs", "-j", type=int, default=1, help=f"processes (1 to {max_jobs()}; default 1)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--no-progress", dest="progress", action="store_false")


def _levels_help() -> str:
    """'random (Easy), greedy (Medium), strong (Hard)': the registry's levels and labels."""

    return ", ".join(f"{lv.id} ({t(lv.label_key)})" for lv in LEVELS)


def _config(ns: argparse.Namespace) -> SimConfig:
    if not 1 <= ns.jobs <= max_jobs():
        raise ValueError(
            f"--jobs must be between 1 and {max_jobs()} (four for each of the machine's "
            f"{max_jobs() // 4} cores)"
        )
    if ns.budget is not None and not 0 < ns.budget <= MAX_BUDGET:
        raise ValueError(f"--budget must be more than 0 and at most {MAX_BUDGET:g} seconds")
    if ns.iterations is not None and not 1 <= ns.iterations <= MAX_ITERATIONS:
        raise ValueError(f"--iterations must be between 1 and {MAX_ITERATIONS}")
    if not 0 <= ns.seed <= MAX_SEED:
        raise ValueError(f"--seed must be between 0 and {MAX_SEED}")
    if not 2 <= ns.players <= 5:
        raise ValueError("--players must be 2-5")
    if not 1 <= ns.games <= MAX_GAMES:
        raise ValueError(f"--games must be between 1 and {MAX_GAMES}")
    levels = [b.strip() for b in ns.bots.split(",") if b.strip()]
    if not levels:
        raise ValueError("--bots needs at least one level")
    for level in levels:
        if level not in level_ids():
            shown = fit(printable(repr(level)), 60)  # a person may have typed thousands
            raise ValueError(f"unknown bot {shown}; choose from {', '.join(level_ids())}")
    if len(levels) > ns.players:
        raise ValueError(f"{len(levels)} bots for {ns.players} players")
    levels += [levels[-1]] * (ns.players - len(levels))
    return SimConfig(
        players=ns.players,
        games=ns.games,
        seed=ns.seed,
        bots=tuple(levels),
        rounds=ns.rounds,
        veto=ns.veto,
        castillo=ns.castillo,
        budget=ns.budget,
        iterations=ns.iterations,
        rotate=ns.rotate,
        clock=ns.clock,
    )


def main_from_namespace(ns: argparse.Namespace) -> int:
    err = Console(stderr=True)
    try:
        config = _config(ns)
    except ValueError as exc:
        # The sentence may quote what was typed: text, never markup.
        err.print(
            f"el-grande simulate: {exc}", style="red", markup=False, highlight=False, soft_wrap=True
        )
        return 2
    # Ctrl-C (SIGINT) or SIGTERM: the run stops at once, worker processes included (games
    # in this process are cut short where they are), and reports the games finished.
    with Stop(at_once=ns.jobs <= 1) as stop:
        if ns.progress and err.is_terminal:
            from el_grande.progress import progress_bar  # start-up: only on a terminal

            with progress_bar(err, "[bold]{task.description}") as progress:
                summary = run(config, jobs=ns.jobs, progress=progress, cancelled=stop)
        else:
            summary = run(config, jobs=ns.jobs, cancelled=stop)
    if ns.json:
        sys.stdout.write(json.dumps(summary) + "\n")
    elif summary["games"]:
        print_table(summary, Console())
    if summary["stopped"]:
        err.print(
            f"el-grande simulate: stopped after {summary['games']} of {config.games} games"
            + ("; the figures above are theirs" if summary["games"] and not ns.json else ""),
            style="red",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
        return stop.exit_code
    return 0


def print_table(summary: dict[str, Any], console: Any) -> None:
    """Render the summary as rich tables: one row per seat, then one per bot level."""
    from rich.table import Table  # start-up: not for --json

    g = summary["games"]
    opts = summary["options"]
    title = f"{g} games, {summary['players']} players, seed {summary['seed']}"
    seats = Table(
        title=title,
        min_width=64,
        caption=(
            f"{opts['rounds']} rounds, veto {'on' if opts['veto'] else 'off'}, "
            f"castillo {opts['castillo']}. {summary['seconds']:.1f} s, "
            f"{summary['games_per_second']:.2f} games/s. A shared victory counts a win for "
            f"each tied winner ({summary['shared_wins']} shared)."
        ),
    )
    for col in ("seat", "bot", "wins", "win %", "mean score"):
        seats.add_column(col, justify="left" if col == "bot" else "right")
    for seat in range(summary["players"]):
        bot = summary["bots"][seat] + (" (rotating)" if summary["rotate"] else "")
        seats.add_row(
            str(seat + 1),
            bot,
            str(summary["wins"][seat]),
            f"{100 * summary['win_rates'][seat]:.1f}",
            f"{summary['mean_scores'][seat]:.1f}",
        )
    console.print(seats)
    bots = Table(title="by bot")
    for col in ("bot", "seats", "wins", "win %", "mean score", "ms/decision", "max ms"):
        bots.add_column(col, justify="left" if col == "bot" else "right")
    for level, b in summary["by_bot"].items():
        bots.add_row(
            level,
            str(b["seats_played"]),
            str(b["wins"]),
            f"{100 * b['win_rate']:.1f}",
            f"{b['mean_score']:.1f}",
            f"{1000 * b['seconds_per_decision']:.2f}",
            f"{1000 * b['max_seconds_per_decision']:.1f}",
        )
    console.print(bots)


def simulate_main(args: Sequence[str] | None = None) -> int:
    """Entry point for `el-grande simulate ARGS` (also `python -m el_grande.sim ARGS`)."""
    parser = argparse.ArgumentParser(
        prog="el-grande simulate",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_arguments(parser)
    ns = parser.parse_args(list(args) if args is not None else None)
    return main_from_namespace(ns)


if __name__ == "__main__":
    raise SystemExit(simulate_main())
