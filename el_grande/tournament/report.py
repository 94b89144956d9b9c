"""A tournament's file read back: its plan, which games are recorded, and the report — per
entrant the games, wins, win rate, points and margin with 95 % intervals and a rating; for
two entrants the head-to-head — as one JSON-able dict, or as rich tables.

    plan, tournament = read_plan(conn)           # NoTournament: the file holds none
    summary = report(conn)                       # `--json` prints it
    print_report(summary, Console())             # the tables on the terminal

The writes are the schema module's (`persist.games.record_tournament_game`).
"""

from __future__ import annotations

import math
import sqlite3
from collections import defaultdict
from typing import Any

from el_grande.tournament.figures import bradley_terry, mean_interval, wilson
from el_grande.tournament.plan import Plan

__all__ = ["NoTournament", "print_report", "read_plan", "recorded", "report"]

#: How many void games the report names (it counts them all).
VOID_SHOWN = 5


class NoTournament(ValueError):
    """The file holds no tournament (or one this El Grande cannot read)."""


def _has_tables(conn: sqlite3.Connection) -> bool:
    row = conn.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tournaments'"
    ).fetchone()
    return row is not None


def read_plan(conn: sqlite3.Connection) -> tuple[Plan, int]:
    """The file's tournament: its plan and id. `NoTournament` if it holds none; ValueError
    if its plan is none this El Grande reads."""
    rows = (
        conn.execute("SELECT id, plan FROM tournaments ORDER BY id").fetchall()
        if _has_tables(conn)
        else []
    )
    if not rows:
        raise NoTournament("holds no tournament")
    tournament, text = rows[0]
    return Plan.from_json(str(text)), int(tournament)


def recorded(conn: sqlite3.Connection, tournament: int) -> set[int]:
    """The indices of the games of `tournament` recorded (played or void)."""
    return {
        int(r[0])
        for r in conn.execute(
            "SELECT game FROM tournament_games WHERE tournament = ?", (tournament,)
        )
    }


def _interval(pair: tuple[float, float]) -> list[float]:
    return [pair[0], pair[1]]


def report(conn: sqlite3.Connection) -> dict[str, Any]:
    """The report of the file's tournament (`NoTournament` if none), from every game
    recorded so far."""
    plan, tournament = read_plan(conn)
    entrants = [e.spec for e in plan.entrants()]
    number = {spec: i for i, spec in enumerate(entrants)}
    games = conn.execute(
        "SELECT count(*), count(void) FROM tournament_games WHERE tournament = ?", (tournament,)
    ).fetchone()
    voids = [
        {"game": int(g), "seed": int(s), "problem": str(v)}
        for g, s, v in conn.execute(
            "SELECT game, seed, void FROM tournament_games WHERE tournament = ? AND void IS NOT"
            " NULL ORDER BY game LIMIT ?",
            (tournament, VOID_SHOWN),
        )
    ]
    seats: dict[str, list[tuple[int, int, int, int, int, float]]] = defaultdict(list)
    by_game: dict[int, list[tuple[int, int]]] = defaultdict(list)  # game → (entrant, score)
    for game, entrant, score, won, shared, margin, decisions, think in conn.execute(
        "SELECT game, entrant, score, won, shared, margin, decisions, think_seconds"
        " FROM tournament_seats WHERE tournament = ? ORDER BY game, seat",
        (tournament,),
    ):
        seats[entrant].append((score, won, shared, margin, decisions, think))
        by_game[int(game)].append((number[entrant], int(score)))
    deals: dict[int, list[tuple[int, int, float]]] = defaultdict(list)
    for game, table in by_game.items():
        deal = deals[game // plan.players]
        for a, (i, si) in enumerate(table):
            for j, sj in table[a + 1 :]:
                if i != j:
                    deal.append((i, j, 1.0 if si > sj else 0.5 if si == sj else 0.0))
    rated = bradley_terry(len(entrants), [deals[d] for d in sorted(deals)])
    rows = []
    for i, spec in enumerate(entrants):
        mine = seats.get(spec, [])
        n = len(mine)
        wins = sum(r[1] for r in mine)
        points = mean_interval([r[0] for r in mine])
        margin = mean_interval([r[3] for r in mine])
        decisions = sum(r[4] for r in mine)
        think = math.fsum(r[5] for r in mine)
        rows.append(
            {
                "entrant": spec,
                "seats": n,
                "wins": wins,
                "shared_wins": sum(r[2] for r in mine),
                "win_rate": wins / n if n else 0.0,
                "win_rate_95": _interval(wilson(wins, n)),
                "mean_points": points[0],
                "mean_points_95": [points[1], points[2]],
                "mean_margin": margin[0],
                "mean_margin_95": [margin[1], margin[2]],
                "rating": rated.elo[i],
                "rating_95": [rated.elo_low[i], rated.elo_high[i]],
                "decisions": decisions,
                "seconds_per_decision": think / decisions if decisions else 0.0,
            }
        )
    summary: dict[str, Any] = {
        "plan": plan.fields(),
        "games_planned": plan.games,
        "games_recorded": int(games[0]),
        "games_played": int(games[0]) - int(games[1]),
        "games_void": int(games[1]),
        "void": voids,
        "rating_model": "Bradley-Terry over every two seats of a game (one drawn comparison "
        "between every two entrants added), Elo scale, mean 0, 95 % interval clustered by deal",
        "entrants": rows,
        "head_to_head": None,
    }
    if len(entrants) == 2:
        summary["head_to_head"] = _head_to_head(entrants, by_game, plan, rated)
    return summary


def _head_to_head(
    entrants: list[str], by_game: dict[int, list[tuple[int, int]]], plan: Plan, rated: Any
) -> dict[str, Any]:
    """Two entrants: who outscored whom seat against seat, the rating difference, and the
    difference of their mean points deal by deal (paired: the same cards) with its
    interval."""
    ahead = behind = even = 0
    points: dict[int, tuple[list[int], list[int]]] = {}
    for game, table in by_game.items():
        first, second = points.setdefault(game // plan.players, ([], []))
        for i, score in table:
            (first if i == 0 else second).append(score)
        for a, (i, si) in enumerate(table):
            for j, sj in table[a + 1 :]:
                if i == j:
                    continue
                mine, theirs = (si, sj) if i == 0 else (sj, si)
                ahead += mine > theirs
                behind += mine < theirs
                even += mine == theirs
    differences = [
        math.fsum(a) / len(a) - math.fsum(b) / len(b) for a, b in points.values() if a and b
    ]
    d = mean_interval(differences)
    rating = rated.difference(0, 1)
    return {
        "a": entrants[0],
        "b": entrants[1],
        "a_ahead": ahead,
        "b_ahead": behind,
        "even": even,
        "rating_difference": rating[0],
        "rating_difference_95": [rating[1], rating[2]],
        "deals": len(differences),
        "points_difference": d[0],
        "points_difference_95": [d[1], d[2]],
    }


# --------------------------------------------------------------------------- on the terminal


def _pm(value: float, interval: list[float | None], digits: int = 1) -> str:
    """`value ± half` of a symmetric interval (the means, the ratings)."""
    low, high = interval
    if low is None or high is None:
        return f"{value:.{digits}f}"
    return f"{value:.{digits}f} ± {(high - low) / 2:.{digits}f}"


def _between(interval: list[float]) -> str:
    """A share's (asymmetric) Wilson interval, in percent."""
    return f"{100 * interval[0]:.1f}–{100 * interval[1]:.1f}"


def print_report(summary: dict[str, Any], console: Any) -> None:
    """The report as rich tables: one row per entrant, then the head-to-head."""
    from rich import box  # start-up: not for --json
    from rich.table import Table
    from rich.text import Text

    plan = summary["plan"]
    title = (
        f"{summary['games_played']} of {summary['games_planned']} games, "
        f"{plan['players']} players, seeds {plan['seed']}–"
        f"{plan['seed'] + plan['games'] // plan['players'] - 1}"
    )
    caption = (
        f"{plan['rounds']} rounds, veto {'on' if plan['veto'] else 'off'}, castillo "
        f"{plan['castillo']}; every deal in each rotation of the seats. With 95 % intervals: "
        "win % (Wilson), points and margin to the best other seat (normal), rating "
        "(Bradley–Terry over every two seats of a game, Elo scale, mean 0, clustered by "
        "deal: docs/bots.md). A shared victory counts a win for each tied winner."
    )
    table = Table(title=title, caption=caption, box=box.SIMPLE_HEAD)
    # (The intervals: the win rate's beside it, the others as ±: symmetric.)
    for column in (
        "entrant",
        "seats",
        "wins",
        "win %",
        "95 %",
        "points",
        "margin",
        "rating",
        "ms/dec",
    ):
        table.add_column(
            column,
            justify="left" if column == "entrant" else "right",
            no_wrap=column not in ("points", "margin", "rating"),
        )
    for row in summary["entrants"]:
        wins = f"{row['wins']}" + (f" ({row['shared_wins']} shared)" if row["shared_wins"] else "")
        table.add_row(
            Text(row["entrant"]),  # (text from the file: never markup)
            str(row["seats"]),
            wins,
            f"{100 * row['win_rate']:.1f}",
            _between(row["win_rate_95"]),
            _pm(row["mean_points"], row["mean_points_95"]),
            _pm(row["mean_margin"], row["mean_margin_95"]),
            _pm(row["rating"], row["rating_95"], 0),
            f"{1000 * row['seconds_per_decision']:.2f}",
        )
    console.print(table)
    duel = summary["head_to_head"]
    if duel is not None:
        console.print(
            f"Head to head, {duel['a']} vs {duel['b']}, seat against seat: "
            f"{duel['a']} ahead {duel['a_ahead']}, {duel['b']} ahead {duel['b_ahead']}, even "
            f"{duel['even']}. Rating difference "
            f"{_pm(duel['rating_difference'], duel['rating_difference_95'], 0)}; points "
            f"{duel['a']} − {duel['b']} on the same deal "
            f"{_pm(duel['points_difference'], duel['points_difference_95'])} "
            f"over {duel['deals']} deals.",
            markup=False,
            highlight=False,
        )
    if summary["games_void"]:
        shown = "; ".join(f"game {v['game']}: {v['problem']}" for v in summary["void"])
        more = summary["games_void"] - len(summary["void"])
        console.print(
            f"{summary['games_void']} void games, not counted — {shown}"
            + (f"; and {more} more" if more > 0 else ""),
            style="red",
            markup=False,
            highlight=False,
        )
