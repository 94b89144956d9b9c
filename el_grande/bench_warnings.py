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
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from typing import Any

from el_grande.bots import make_bot
from el_grande.bots.drive import position_seed
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
    args = parser.parse_args(argv)
    if args.source:
        with open(args.source, encoding="utf-8") as f:
            saved = [json.loads(line) for line in f]
        print("\n".join(report(saved, all("old_marked" in r for r in saved))))
        return 0
    pieces = [
        (g, args.players, args.draws, args.first_round, args.compare) for g in range(args.games)
    ]
    rows: list[dict[str, Any]] = []
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    try:
        if args.jobs > 1:
            from el_grande.workers import Workers

            with Workers(args.jobs) as workers:
                for got in workers.map(_work, pieces):
                    rows += got
                    if out is not None:
                        out.writelines(json.dumps(r) + "\n" for r in got)
                        out.flush()
        else:
            for piece in pieces:
                got = _work(piece)
                rows += got
                if out is not None:
                    out.writelines(json.dumps(r) + "\n" for r in got)
                    out.flush()
    finally:
        if out is not None:
            out.close()
    print(
        f"warnings engine: {args.draws} draws a decision, play-outs through {cautions.ROUNDS} "
        f"round ends, a mark from {cautions.THRESHOLD:g} points beyond {cautions.SURE:g} "
        "standard errors"
    )
    print("\n".join(report(rows, args.compare)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
