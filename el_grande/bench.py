"""Benchmark of the rules core: ``python -m el_grande.bench [--games N] [--players 2,3,4,5]``;
of the games database's statistics: ``python -m el_grande.bench stats [--games N]``
(`bench_stats`); and a fixed workload to count instructions on:
``python -m el_grande.bench play [--players 4] [--games 20] [--seed 0]`` (`bench_play`).

Plays random full games (uniformly random legal choices) on one core and prints games/s and
decisions/s per player count, and the cost of ``Game.clone()`` and ``Game.view()``. Then it
plays the same games twice more, counting CPU time: once as a bare loop over the core (drawing
each choice as a `random` bot would, from the position's seed: `bots.drive.position_seed`) and
once through ``el_grande.sim`` with `random` bots (what ``el-grande simulate --bots random``
does), and prints both rates and their ratio. A measurement, not a test.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import timeit
import zlib

from el_grande.core import Game, Options


def bench_games(players: int, games: int, options: Options) -> tuple[float, float, float]:
    rng = random.Random(players)
    names = [f"P{k}" for k in range(players)]
    decisions = 0
    start = time.perf_counter()
    for i in range(games):
        game = Game.new(names, seed=i, options=options)
        choose = rng.choice
        while (d := game.decision) is not None:
            game.apply(choose(d.choices))
            decisions += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, decisions / elapsed, decisions / games


def bench_play(players: int, games: int, seed: int = 0) -> tuple[int, int]:
    """Play `games` random games of `players` players, nothing timed: game `i` is
    ``Game.new(names, seed=seed + i)`` with the names ``P0``, ``P1``...; every choice is drawn
    by one ``random.Random(players)`` from ``decision.choices`` and applied with ``apply``
    (as `bench_games` plays). Returns (decisions, a checksum of every game's final scores).

    The workload for counting instructions: ``valgrind --tool=callgrind python -m
    el_grande.bench play --games 20`` minus the same with ``--games 0`` (Python's start-up
    and imports), divided by 20. The same seeds give the same games on any version of the core
    that plays by the same rules, so two versions are compared on the same games (the
    checksum says so)."""
    rng = random.Random(players)
    choose = rng.choice
    names = [f"P{k}" for k in range(players)]
    decisions = 0
    scores = []
    for i in range(games):
        game = Game.new(names, seed=seed + i)
        while (d := game.decision) is not None:
            game.apply(choose(d.choices))
            decisions += 1
        scores.append(game.scores)
    return decisions, zlib.crc32(repr(scores).encode())


def bench_clone(players: int = 5) -> float:
    game = Game.new([f"P{k}" for k in range(players)], seed=1)
    rng = random.Random(1)
    for _ in range(250):  # mid-game, with events and frames under way
        game.apply(rng.choice(game.decision.choices))  # type: ignore[union-attr]
    number = 20_000
    return min(timeit.repeat(game.clone, number=number, repeat=5)) / number


def bench_view(players: int = 4) -> float:
    game = Game.new([f"P{k}" for k in range(players)], seed=3)
    rng = random.Random(3)
    for _ in range(120):  # mid-game
        game.apply(rng.choice(game.decision.choices))  # type: ignore[union-attr]
    number = 3_000
    return min(timeit.repeat(lambda: game.view(1), number=number, repeat=5)) / number


def bench_simulate(players: int, games: int) -> tuple[float, float]:
    """Games per CPU-second of the same random games: a bare core loop, then `simulate`'s
    `play_one` with random bots (a new bot for every decision, seeded by the position:
    `bots.drive`; forced choices applied without asking). The bare loop draws the same
    choices from the same seeds, without the bots."""

    from el_grande import sim
    from el_grande.bots.drive import position_seed

    config = sim.SimConfig(players=players, games=games, seed=1, bots=("random",) * players)
    names = [f"random-{s + 1}" for s in range(players)]

    def bare(g: int) -> list[int]:
        game = Game.new(names, seed=sim.game_seed(config, g), options=Options())
        while (d := game.decision) is not None:
            choices = d.choices
            if len(choices) == 1:
                game.apply(choices[0])
            else:
                game.apply(random.Random(position_seed(game, d.player)).choice(choices))
        return game.scores

    assert bare(0) == sim.play_one(config, 0)["scores"], "not the same games"
    rates = []
    for play in (bare, lambda g: sim.play_one(config, g)):
        start = time.process_time()
        for g in range(games):
            play(g)
        rates.append(games / (time.process_time() - start))
    return rates[0], rates[1]


def _median_ms(samples: list[float]) -> str:
    ordered = sorted(samples)
    return f"{ordered[len(ordered) // 2] * 1000:.1f} ms (median of {len(ordered)})"


#: One run of a statistics query path in a fresh process, as `el-grande stats` runs it (a new
#: process starts with nothing cached but what the system holds of the file): argv = the data
#: folder, the path's name, then its names; prints the seconds the queries took.
_STATS_RUN = """
import sys, time
from pathlib import Path
from el_grande.persist import stats
from el_grande.persist.games import open_games
home, what, *names = sys.argv[1:]
start = time.perf_counter()
conn = open_games(Path(home))
if what == "record":
    stats.record(conn, names[0]); stats.trend(conn, names[0])
elif what == "everybody":
    stats.people(conn); stats.levels(conn)
else:
    stats.head_to_head(conn, names[0], names[1])
conn.close()
print(time.perf_counter() - start)
"""


def bench_stats(games: int = 100_000, runs: int = 9) -> int:
    """`el-grande stats`' query paths at `games` recorded games (`persist.stats.fill`, seed 1,
    in a temporary data folder), each run in a fresh process: a person's record and trend (what
    `el-grande stats NAME` asks before it prints; the person with the most games), a level's,
    everybody, head to head; then the whole command `el-grande stats NAME` (Python's start-up
    and the printing included), and every rating worked out again once (as after a write that
    empties them). Medians, wall clock."""
    import os
    import shutil
    import subprocess
    import tempfile
    from pathlib import Path

    from el_grande.persist import stats
    from el_grande.persist.games import open_games

    home = Path(tempfile.mkdtemp(prefix="el-grande-bench-stats-"))
    try:
        started = time.perf_counter()
        conn = open_games(home, write=True)
        stats.fill(conn, games, 1)
        print(f"filled {games} games in {time.perf_counter() - started:.1f} s")
        name, other = (r.name for r in stats.people(conn)[:2])
        conn.close()

        def fresh(what: str, *names: str) -> list[float]:
            return [
                float(
                    subprocess.run(
                        [sys.executable, "-c", _STATS_RUN, str(home), what, *names],
                        capture_output=True,
                        text=True,
                        check=True,
                    ).stdout
                )
                for _ in range(runs)
            ]

        for shown, what, names in (
            (name, "record", (name,)),
            ("level:greedy", "record", ("level:greedy",)),
            ("(everybody)", "everybody", ()),
            (f"{name} --vs {other}", "h2h", (name, other)),
        ):
            print(f"el-grande stats {shown}, its queries: {_median_ms(fresh(what, *names))}")
        whole = []
        env = dict(os.environ, EL_GRANDE_HOME=str(home))
        command = [sys.executable, "-m", "el_grande", "--lang", "en", "stats", name]
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run(command, env=env, capture_output=True, check=True)
            whole.append(time.perf_counter() - start)
        print(f"el-grande stats {name}, the whole command: {_median_ms(whole)}")
        conn = open_games(home, write=True)
        conn.execute("DELETE FROM ratings")
        start = time.perf_counter()
        stats.ratings(conn)
        print(f"every rating worked out again (one pass): {time.perf_counter() - start:.2f} s")
        conn.close()
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["stats"]:
        sp = argparse.ArgumentParser(prog="python -m el_grande.bench stats")
        sp.add_argument("--games", type=int, default=100_000, help="recorded games")
        sp.add_argument("--runs", type=int, default=9, help="runs a query path (the median)")
        sargs = sp.parse_args(argv[1:])
        return bench_stats(sargs.games, sargs.runs)
    if argv[:1] == ["play"]:
        pp = argparse.ArgumentParser(prog="python -m el_grande.bench play")
        pp.add_argument("--players", default="4", help="player counts, comma-separated")
        pp.add_argument("--games", type=int, default=20, help="games per player count")
        pp.add_argument("--seed", type=int, default=0, help="the first game's seed")
        pargs = pp.parse_args(argv[1:])
        for players in (int(p) for p in pargs.players.split(",")):
            decisions, checksum = bench_play(players, pargs.games, pargs.seed)
            print(
                f"{players} players, {pargs.games} games from seed {pargs.seed}: "
                f"{decisions} decisions, final scores' checksum {checksum:08x}"
            )
        return 0
    parser = argparse.ArgumentParser(prog="python -m el_grande.bench", description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="games per player count")
    parser.add_argument("--players", default="2,3,4,5", help="player counts, comma-separated")
    parser.add_argument("--rounds", type=int, default=9, choices=(9, 6))
    args = parser.parse_args(argv)
    options = Options(rounds=args.rounds)
    print(f"random {args.rounds}-round games, {args.games} per player count, one core")
    print(f"{'players':>7} {'games/s':>9} {'decisions/s':>12} {'decisions/game':>15}")
    for players in (int(p) for p in args.players.split(",")):
        gps, dps, per = bench_games(players, args.games, options)
        print(f"{players:>7} {gps:>9.1f} {dps:>12.0f} {per:>15.0f}")
    print(f"clone(): {bench_clone() * 1e6:.2f} µs (5 players, mid-game)")
    print(f"view(): {bench_view() * 1e6:.1f} µs (4 players, mid-game)")
    bare, simulated = bench_simulate(4, max(20, args.games // 3))
    print(
        f"4 players, games per CPU-second: bare core loop {bare:.0f}, simulate with random "
        f"bots {simulated:.0f} (the bare loop is {bare / simulated:.2f}x as fast)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
