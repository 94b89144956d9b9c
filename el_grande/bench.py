"""Benchmark of the rules core: ``python -m el_grande.bench [--games N] [--players 2,3,4,5]``;
of the games database's statistics: ``python -m el_grande.bench stats [--games N]``
(`bench_stats`); and a fixed workload to count instructions on:
``python -m el_grande.bench play [--players 4] [--games 20] [--seed 0]`` (`bench_play`);
and the Hard player's play-outs per CPU-second on fixed positions:
``python -m el_grande.bench playouts [--cap 100] [--runs 1]`` (`bench_playouts`).

Plays random full games (uniformly random legal choices) on one core and prints games/s and
decisions/s per player count, and the cost of ``Game.clone()`` and ``Game.view()``. Then it
plays the same games twice more, counting CPU time: once as a bare loop over the core (drawing
each choice as a `random` bot would, from the position's seed: `bots.drive.position_seed`) and
once through ``el_grande.sim`` with `random` bots (what ``el-grande simulate --bots random``
does), and prints both rates and their ratio. A measurement, not a test.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
import timeit
import zlib
from typing import Any

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


#: The positions `bench_playouts` searches: (players, Castillo, round index, random steps into
#: that round). Every player count, open and hidden Castillo, early, middle and late rounds.
PLAYOUT_POSITIONS = (
    (2, "open", 0, 3),
    (2, "hidden", 3, 9),
    (2, "open", 5, 20),
    (2, "hidden", 8, 6),
    (3, "hidden", 0, 11),
    (3, "open", 2, 25),
    (3, "hidden", 4, 4),
    (3, "open", 7, 16),
    (4, "open", 1, 0),
    (4, "hidden", 3, 30),
    (4, "open", 5, 12),
    (4, "hidden", 6, 2),
    (5, "hidden", 0, 19),
    (5, "open", 2, 0),
    (5, "hidden", 4, 40),
    (5, "open", 7, 26),
)


def playout_positions() -> list[Game]:
    """`PLAYOUT_POSITIONS` as games: position `k` is ``Game.new`` of P0, P1... with seed
    ``700 + k``, played with choices drawn by ``random.Random(k)`` until the round index is
    reached, then that many steps more, then on past forced choices. Only ``Game.new``,
    ``decision`` and ``apply``: the same positions on any version of the core that plays by
    the same rules."""
    games = []
    for k, (players, castillo, round_i, steps) in enumerate(PLAYOUT_POSITIONS):
        options = Options(castillo=castillo)
        game = Game.new([f"P{i}" for i in range(players)], seed=700 + k, options=options)
        rng = random.Random(k)
        while game.decision is not None and game.round_i < round_i:
            game.apply(rng.choice(game.decision.choices))
        for _ in range(steps):
            if game.decision is None:
                break
            game.apply(rng.choice(game.decision.choices))
        while (d := game.decision) is not None and len(d.choices) == 1:
            game.apply(d.choices[0])
        assert game.decision is not None, f"position {k} ended the game"
        games.append(game)
    return games


def bench_playouts(cap: int, games: list[Game]) -> tuple[int, float, int]:
    """The Hard player (``strong``, seeded ``k``, at most `cap` play-outs a decision, no
    clock: what ``Budget.playouts(cap)`` gives it) decides once at each of `games`, from the
    deciding seat's view. Returns (play-outs, CPU seconds of the decisions, a checksum of every
    choice and every candidate's summed utility). Nothing but the bot's constructor and
    `choose` and its `last_search`: the same bench runs on older versions of the bots.

    To count instructions: ``valgrind --tool=callgrind python -m el_grande.bench playouts``
    minus the same with ``--cap 0`` (start-up, imports and the positions), divided by the
    play-outs. Another version of the code runs this file with ``PYTHONPATH`` at its tree:
    the same checksum says that it made the same choices from the same numbers."""
    from el_grande.bots.base import make_bot

    playouts = 0
    cpu = 0.0
    found = []
    for k, game in enumerate(games):
        d = game.decision
        assert d is not None
        view = game.view(d.player)
        bot: Any = make_bot("strong", seed=k, time_budget=math.inf, iterations=cap)
        start = time.process_time()
        choice = bot.choose(view, d)
        cpu += time.process_time() - start
        search = bot.last_search
        playouts += search.playouts
        found.append((k, repr(choice), [(repr(c), search.utility[c]) for c in search.candidates]))
    return playouts, cpu, zlib.crc32(repr(found).encode())


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
    if argv[:1] == ["playouts"]:
        op = argparse.ArgumentParser(prog="python -m el_grande.bench playouts")
        op.add_argument("--cap", type=int, default=100, help="play-outs a decision (0: none)")
        op.add_argument("--runs", type=int, default=1, help="times over the positions")
        oargs = op.parse_args(argv[1:])
        positions = playout_positions()
        if oargs.cap == 0:  # the positions alone: callgrind's baseline
            print(f"{len(positions)} positions, nothing searched")
            return 0
        rates = []
        for run in range(oargs.runs):
            playouts, cpu, checksum = bench_playouts(oargs.cap, positions)
            rates.append(playouts / cpu)
            print(
                f"run {run + 1}: {len(positions)} positions, cap {oargs.cap}: {playouts} "
                f"play-outs in {cpu:.3f} CPU s, {playouts / cpu:.1f} play-outs per CPU-second, "
                f"choices' checksum {checksum:08x}"
            )
        if oargs.runs > 1:
            print(f"median: {sorted(rates)[len(rates) // 2]:.1f} play-outs per CPU-second")
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
