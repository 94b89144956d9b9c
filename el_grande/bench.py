"""Benchmark of the rules core: ``python -m el_grande.bench [--games N] [--players 2,3,4,5]``.

Plays random full games (uniformly random legal choices) on one core and prints games/s and
decisions/s per player count, and the cost of ``Game.clone()``. A measurement, not a test.
"""

from __future__ import annotations

import argparse
import random
import time
import timeit

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


def bench_clone(players: int = 5) -> float:
    game = Game.new([f"P{k}" for k in range(players)], seed=1)
    rng = random.Random(1)
    for _ in range(250):  # mid-game, with events and frames under way
        game.apply(rng.choice(game.decision.choices))  # type: ignore[union-attr]
    number = 20_000
    return min(timeit.repeat(game.clone, number=number, repeat=5)) / number


def main(argv: list[str] | None = None) -> int:
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
