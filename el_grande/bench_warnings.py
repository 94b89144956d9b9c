"""How often the warnings engine marks a Medium player's decisions (issue 31 item 4):
``python -m el_grande.bench_warnings [--games 50] [--players 4] [--draws 12] [--jobs 1]
[--first-round] [--compare] [--out FILE]``, or ``--from FILE`` (a report on a saved run).

Plays `--games` games of Medium players (the `greedy` bot at every seat; game `g` has seed `g`
and the default options), and at every decision with a choice of one seat (seat `g mod
players`, a Medium player) asks the warnings engine what the table would mark: the fixed
court rule and the engine's judgement (`flow.cautions`: `weigh` at a fixed number of draws,
`--draws`, never the clock; the decision's seed as the table draws it). Prints how many of the
seat's decisions had their choice marked ⚠, in round 1 and over the whole game, by decision
kind; and whether clear blunders are still marked (a choice the engine finds 10 points worse
than the best or more, and one the court rule marks). With `--compare`, the same for the rule
before issue 31 (play-outs to the next round only, marked from 4 points, uncertainty not
counted). `--out` writes every weighed decision as a line of JSON. A measurement, not a test.

With `--scale`, the measurement behind `cautions.SCALE` instead (and the review's 0.45): in
`--games` games of 3 to 5 Medium players (game `g` has seed `g`), about one decision with a
choice in 25 of rounds 1 to 7 of 9 (whose next round is not the last); the Medium choice and
another one at random, both played out to the end of the game with the greedy rule on
`--draws` draws of the seat's view (the same draws for both). The Medium choice's lead over
the other (own estimated final points minus the best other's, `model.evaluate`) where the
review's play-outs end (the start of the next round) and the warnings' (the start of the round
after), against its lead when the game ends, averaged over the draws: the slope through 0 is
how much of a lead there is still there at the end, with a 95 % interval (games resampled).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import IO, Any

from el_grande.bots import make_bot
from el_grande.bots.drive import position_seed
from el_grande.bots.greedy import greedy_choice
from el_grande.bots.model import determinize, evaluate
from el_grande.core import Game, Options
from el_grande.flow import cautions
from el_grande.review import Settings, costs

#: A choice this many points worse than the best, or more, is a clear blunder.
BLUNDER = 10.0
#: The rule before issue 31: play-outs to the next round, a mark from this many points.
OLD_THRESHOLD = 4.0


def weigh_game(
    seed: int, players: int, draws: int, first_round: bool, compare: bool
) -> list[dict[str, Any]]:
    """Game `seed` of Medium players, and every decision with a choice of seat `seed mod
    players` weighed as the table weighs it: one record per decision."""
    cautions.DRAWS = draws
    game = Game.new([f"P{k}" for k in range(players)], seed=seed, options=Options())
    bots = [make_bot("greedy", seed=seed * 10 + s) for s in range(players)]
    seat = seed % players
    old = Settings(draws=draws, min_draws=min(8, draws), batch=4)
    out: list[dict[str, Any]] = []
    while (d := game.decision) is not None:
        if first_round and game.round_i > 0:
            break
        if len(d.choices) == 1:
            game.apply(d.choices[0])
            continue
        view = game.view(d.player)
        choice = bots[d.player].choose(view, d)
        if d.player == seat:
            warn = position_seed(game, seat, "warn")
            start = time.process_time()
            found = costs(view, d, cautions.settings(), warn)
            took = time.process_time() - start
            rule = {c.choice for c in cautions.court_cautions(d, view)}
            engine = {c for c, cost in found.items() if cautions.marked(cost)}
            row: dict[str, Any] = {
                "game": seed,
                "round": game.round_i + 1,
                "kind": str(d.kind),
                "choices": len(d.choices),
                "chosen_marked": choice in rule or choice in engine,
                "chosen_cost": round(found[choice].cost, 2),
                "chosen_se": round(found[choice].se, 2),
                "marked": len(rule | engine),
                "rule": len(rule),
                "blunders": sum(1 for x in found.values() if x.cost >= BLUNDER),
                "blunders_marked": sum(
                    1 for c, x in found.items() if x.cost >= BLUNDER and c in engine | rule
                ),
                "cpu": round(took, 3),
            }
            if compare:
                before = costs(view, d, old, warn)
                row["old_chosen_marked"] = choice in rule or before[choice].cost >= OLD_THRESHOLD
                row["old_marked"] = len(rule | {c for c, x in before.items() if x.cost >= 4})
            out.append(row)
        game.apply(choice)
    return out


def _work(piece: tuple[int, int, int, bool, bool]) -> list[dict[str, Any]]:
    return weigh_game(*piece)


#: `--scale`: the share of decisions with a choice that are measured.
SCALE_SHARE = 0.04


def _margin(points: list[float], seat: int) -> float:
    return points[seat] - max(x for i, x in enumerate(points) if i != seat)


def _leads(game: Game, seat: int) -> tuple[float, float, float]:
    """`game` played to its end with the greedy rule for every seat: `seat`'s margin where a
    play-out to the next round ends (the review's), where one through it ends (the warnings'),
    and at the end of the game."""
    start, marks = game.round_i, []
    while (d := game.decision) is not None:
        if d.kind == "power" and game.round_i != start:  # a new round starts
            marks.append(_margin(evaluate(game), seat))
            start = game.round_i
        choice = d.choices[0] if len(d.choices) == 1 else greedy_choice(game, d.player)
        game.apply_trusted(choice)
    end = _margin([float(x) for x in game.score], seat)
    marks += [end, end]
    return marks[0], marks[1], end


def scale_game(seed: int, draws: int) -> list[dict[str, Any]]:
    """`--scale`'s measurement on game `seed`: one record per decision measured."""
    players = 3 + seed % 3
    game = Game.new([f"P{k}" for k in range(players)], seed=seed, options=Options())
    bots = [make_bot("greedy", seed=seed + s) for s in range(players)]
    rng = random.Random(seed)
    rounds = game.view(0).rounds
    out: list[dict[str, Any]] = []
    while (d := game.decision) is not None and game.round_i + 2 < len(rounds):
        if len(d.choices) == 1:
            game.apply(d.choices[0])
            continue
        view = game.view(d.player)
        choice = bots[d.player].choose(view, d)
        if rng.random() < SCALE_SHARE:
            other = rng.choice([c for c in d.choices if c != choice])
            draw = random.Random(seed * 1000 + game.moves)
            leads = []
            for _ in range(draws):
                base = determinize(view, draw)
                ends = []
                for c in (choice, other):
                    h = base.clone()
                    h.apply_trusted(c)
                    ends.append(_leads(h, d.player))
                leads.append([a - b for a, b in zip(ends[0], ends[1], strict=True)])
            mean = [statistics.fmean(lead[k] for lead in leads) for k in range(3)]
            out.append({"game": seed, "round": game.round_i + 1, "kind": str(d.kind)})
            out[-1] |= {"this_round": mean[0], "next_round": mean[1], "end": mean[2]}
        game.apply(choice)
    return out


def _scale_work(piece: tuple[int, int]) -> list[dict[str, Any]]:
    return scale_game(*piece)


def scale_report(rows: list[dict[str, Any]]) -> list[str]:
    """`--scale`'s slopes, as printed."""

    def slope(these: list[dict[str, Any]], key: str) -> float:
        den = sum(r[key] ** 2 for r in these)
        return sum(r[key] * r["end"] for r in these) / den if den else 0.0

    games = sorted({r["game"] for r in rows})
    by_game = {g: [r for r in rows if r["game"] == g] for g in games}
    rng = random.Random(0)
    lines = [f"{len(rows)} decisions of {len(games)} games measured (rounds 1-7 of 9)"]
    for key, what in (
        ("this_round", "the next round's start (the review's)"),
        ("next_round", "the start of the round after (the warnings')"),
    ):
        boot = sorted(
            slope([r for g in rng.choices(games, k=len(games)) for r in by_game[g]], key)
            for _ in range(1000)
        )
        r = statistics.correlation([x[key] for x in rows], [x["end"] for x in rows])
        lines.append(
            f"lead at {what} -> at the end: slope {slope(rows, key):.2f} "
            f"(95 % interval {boot[25]:.2f}-{boot[974]:.2f}), correlation {r:.2f}"
        )
    return lines


def report(rows: list[dict[str, Any]], compare: bool) -> list[str]:
    """The rates, as printed."""
    lines = []

    def rate(these: list[dict[str, Any]], key: str = "chosen_marked") -> str:
        marked = sum(1 for r in these if r[key])
        share = marked / len(these) if these else 0.0
        return f"{marked} of {len(these)} ({100 * share:.1f} %)"

    first = [r for r in rows if r["round"] == 1]
    games = len({r["game"] for r in rows})
    lines.append(f"{games} games, {len(rows)} decisions of the measured Medium seat weighed")
    lines.append(f"round 1: the choice made was marked in {rate(first)}")
    lines.append(f"whole game: the choice made was marked in {rate(rows)}")
    if compare:
        old_first, old_all = rate(first, "old_chosen_marked"), rate(rows, "old_chosen_marked")
        lines.append(
            f"  before (4 points, to the next round): round 1 {old_first}, whole game {old_all}"
        )
    kinds = Counter(r["kind"] for r in rows)
    for kind, _ in kinds.most_common():
        these = [r for r in rows if r["kind"] == kind]
        lines.append(f"  {kind:14} {rate(these)}")
    listed = sum(r["choices"] for r in rows)
    marked = sum(r["marked"] for r in rows)
    line = f"choices marked in the lists: {marked} of {listed}"
    if compare:
        line += f" (before: {sum(r['old_marked'] for r in rows)})"
    lines.append(line)
    blunders = sum(r["blunders"] for r in rows)
    caught = sum(r["blunders_marked"] for r in rows)
    lines.append(
        f"choices {BLUNDER:.0f}+ points worse than the best: {caught} of {blunders} marked"
    )
    ruled = sum(r["rule"] for r in rows)
    lines.append(f"choices the court rule marks: {ruled} (always marked)")
    cpu = [r["cpu"] for r in rows]
    if cpu:
        lines.append(f"CPU a decision: mean {sum(cpu) / len(cpu):.2f} s, max {max(cpu):.2f} s")
    return lines


def _run(
    work: Callable[[Any], list[dict[str, Any]]], pieces: list[Any], args: argparse.Namespace
) -> list[dict[str, Any]]:
    """`work` on every piece, in `--jobs` processes; every record written to `--out` as it
    comes."""
    rows: list[dict[str, Any]] = []
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    try:
        if args.jobs > 1:
            from el_grande.workers import Workers

            with Workers(args.jobs) as workers:
                results = list(_saved(workers.map(work, pieces), out))
        else:
            results = list(_saved(map(work, pieces), out))
    finally:
        if out is not None:
            out.close()
    for got in results:
        rows += got
    return rows


def _saved(
    results: Iterator[list[dict[str, Any]]], out: IO[str] | None
) -> Iterator[list[dict[str, Any]]]:
    for got in results:
        if out is not None:
            out.writelines(json.dumps(r) + "\n" for r in got)
            out.flush()
        yield got


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m el_grande.bench_warnings", description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--draws", type=int, default=cautions.DRAWS, help="draws a decision")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--first-round", action="store_true", help="round 1 only")
    parser.add_argument("--compare", action="store_true", help="the rule before issue 31 too")
    parser.add_argument("--out", help="every weighed decision, a line of JSON each")
    parser.add_argument("--from", dest="source", help="report on an --out file, weigh nothing")
    parser.add_argument("--scale", action="store_true", help="measure the scale instead")
    args = parser.parse_args(argv)
    if args.source:
        with open(args.source, encoding="utf-8") as f:
            saved = [json.loads(line) for line in f]
        if saved and "end" in saved[0]:
            print("\n".join(scale_report(saved)))
        else:
            print("\n".join(report(saved, all("old_marked" in r for r in saved))))
        return 0
    if args.scale:
        rows = _run(_scale_work, [(g, args.draws) for g in range(args.games)], args)
        print(f"scale: the Medium choice against another, {args.draws} draws each")
        print("\n".join(scale_report(rows)))
        return 0
    pieces = [
        (g, args.players, args.draws, args.first_round, args.compare) for g in range(args.games)
    ]
    rows = _run(_work, pieces, args)
    print(
        f"warnings engine: {args.draws} draws a decision, play-outs through {cautions.ROUNDS} "
        f"round ends, a mark from {cautions.THRESHOLD:g} points beyond {cautions.SURE:g} "
        "standard errors"
    )
    print("\n".join(report(rows, args.compare)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
