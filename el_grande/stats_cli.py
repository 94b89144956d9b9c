"""`el-grande stats`: what the games database says (el_grande/persist/stats.py), on the
terminal (rich tables; names always as text, never markup), as JSON or as CSV; and the
people's say over their records: rename, forget, delete a game — each asked first.

Imported only when the command runs (the registry in `el_grande.cli`).
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from el_grande.names import printable
from el_grande.text import t

if TYPE_CHECKING:
    import sqlite3

    from el_grande.persist.stats import Point, Record


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "name", nargs="?", metavar="NAME", help=t("stats.arg_name", level="level:greedy")
    )
    p.add_argument("--vs", metavar="OTHER", help=t("stats.arg_vs"))
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help=t("stats.arg_json"))
    out.add_argument("--csv", action="store_true", help=t("stats.arg_csv"))
    act = p.add_mutually_exclusive_group()
    act.add_argument("--rename", nargs=2, metavar=("OLD", "NEW"), help=t("stats.arg_rename"))
    act.add_argument("--forget", metavar="NAME", help=t("stats.arg_forget"))
    act.add_argument("--delete-game", metavar="ID", help=t("stats.arg_delete"))
    act.add_argument("--import", dest="import_", action="store_true", help=t("stats.arg_import"))
    p.add_argument("--yes", action="store_true", help=t("stats.arg_yes"))


def _err(message: str) -> int:
    print(printable(message), file=sys.stderr)
    return 1


def _ask(question: str, yes: bool) -> bool:
    """Whether to go on: `--yes`, else y at a terminal (no terminal: no)."""
    if yes:
        return True
    if not sys.stdin.isatty():
        print(printable(t("stats.not_asked")), file=sys.stderr)
        return False
    try:
        answer = input(printable(question) + " [y/N] ")
    except (EOFError, KeyboardInterrupt):
        print()
        return False
    return answer.strip().casefold() in ("y", "yes", t("stats.yes_word").casefold())


def run(args: argparse.Namespace) -> int:
    from el_grande.persist import games

    changing = args.rename or args.forget or args.delete_game or args.import_
    try:
        if args.import_:
            n = games.import_saves()
            print(t("stats.imported", n=n))
            return 0
        conn = games.open_games(write=bool(changing))
    except games.GamesUnavailable as exc:
        return _err(exc.sentence)
    try:
        if changing:
            return _change(conn, args)
        return _show(conn, args)
    except games.GamesUnavailable as exc:
        return _err(exc.sentence)
    except ValueError as exc:  # a new name the app does not accept
        return _err(str(exc))
    finally:
        conn.close()


def _change(conn: sqlite3.Connection, args: argparse.Namespace) -> int:
    from el_grande.persist import games

    if args.rename:
        old, new = args.rename
        if not _ask(t("stats.ask_rename", old=old, new=new), args.yes):
            return 1
        n = games.rename_person(conn, old, new)
        if not n:
            return _err(t("stats.nobody", name=old))
        print(printable(t("stats.renamed", old=old, new=new)))
    elif args.forget:
        if not _ask(t("stats.ask_forget", name=args.forget), args.yes):
            return 1
        if not games.forget_person(conn, args.forget):
            return _err(t("stats.nobody", name=args.forget))
        print(printable(t("stats.forgotten", name=args.forget)))
    else:
        if not _ask(t("stats.ask_delete", id=args.delete_game), args.yes):
            return 1
        if not games.delete_game(conn, args.delete_game):
            return _err(t("stats.no_game", id=args.delete_game))
        print(printable(t("stats.deleted", id=args.delete_game)))
    return 0


def _show(conn: sqlite3.Connection, args: argparse.Namespace) -> int:
    from el_grande.persist import stats

    fmt = "json" if args.json else "csv" if args.csv else "text"
    if args.name is None:
        everybody = stats.people(conn) + stats.levels(conn)
        if not everybody:
            print(t("stats.none_yet"))
            return 0
        _emit_table(fmt, [_row(r) for r in everybody], t("stats.everybody"))
        return 0
    if args.vs is not None:
        h = stats.head_to_head(conn, args.name, args.vs)
        if not h.games:
            return _err(t("stats.never_together", a=args.name, b=args.vs))
        if fmt == "text":  # one row a player: what the two did in their games together
            rows = [
                {
                    "name": h.a,
                    "games": h.games,
                    "wins": h.a_wins,
                    "average": h.a_average,
                    "ahead": h.a_ahead,
                },
                {
                    "name": h.b,
                    "games": h.games,
                    "wins": h.b_wins,
                    "average": h.b_average,
                    "ahead": h.b_ahead,
                },
            ]
            _emit_table(fmt, rows, t("stats.h2h_title", a=h.a, b=h.b))
        else:
            _emit_table(fmt, [asdict(h)], "")
        return 0
    record = stats.record(conn, args.name)
    if record is None:
        return _err(t("stats.nobody", name=args.name))
    points = stats.trend(conn, args.name)
    if fmt == "json":
        data = asdict(record) | {"trend": [asdict(p) for p in points]}
        print(json.dumps(data, ensure_ascii=False, indent=1))
    elif fmt == "csv":
        _emit_table("csv", [_row(record)], "")
    else:
        _print_record(record, points)
    return 0


def _row(r: Record) -> dict[str, Any]:
    return {
        "name": r.name,
        "games": r.games,
        "wins": r.wins,
        "shared": r.shared,
        "average": round(r.average, 1),
        "margin": round(r.margin, 1),
        "best": r.best,
        "rating": r.rating,
    }


def _emit_table(fmt: str, rows: list[dict[str, Any]], title: str) -> None:
    if fmt == "json":
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return
    if fmt == "csv":
        out = csv.DictWriter(sys.stdout, fieldnames=list(rows[0]), lineterminator="\n")
        out.writeheader()
        out.writerows(rows)
        return
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(title=Text(printable(title)), title_justify="left")
    for key in rows[0]:
        table.add_column(t(f"stats.col_{key}"), justify="left" if key in "a b name" else "right")
    for row in rows:
        table.add_row(*(Text(_cell(k, v)) for k, v in row.items()))
    Console(highlight=False).print(table)


def _cell(key: str, value: object) -> str:
    if value is None:
        return "–"
    if key in ("name", "a", "b") and isinstance(value, str):
        return printable(_label(value))
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)


def _label(name: str) -> str:
    """A level's entrant named as the app names its seat ("computer: medium", from the one
    registry of bots); a level it does not know by its own name; a person as they are."""
    if not name.startswith("level:"):
        return name
    from el_grande.bots.registry import level

    own = name.removeprefix("level:")
    try:
        return t(level(own).seat_key)
    except (KeyError, ValueError):
        return t("stats.level", level=own)


def _print_record(r: Record, points: tuple[Point, ...]) -> None:
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False)
    share = r.wins / r.games
    rating = "–" if r.rating is None else f"{r.rating:.0f}"
    head = Text(printable(_label(r.name)), style="bold")
    console.print(head)
    console.print(
        Text(
            t(
                "stats.summary",
                games=r.games,
                wins=r.wins,
                share=round(100 * share),
                shared=r.shared,
                average=f"{r.average:.1f}",
                margin=f"{r.margin:+.1f}",
                rating=rating,
            )
        )
    )
    if r.by_players:
        console.print(Text(t("stats.by_players"), style="bold"))
        for players, games, wins in r.by_players:
            console.print(Text(_bar_line(t("stats.players", n=players), games, wins)))
    if r.by_opponent:
        console.print(Text(t("stats.by_opponent"), style="bold"))
        for kind, games, wins in r.by_opponent:
            label = t("stats.vs_people") if kind == "people" else _label(kind)
            console.print(Text(_bar_line(label, games, wins)))
    if len(points) > 1:
        console.print(Text(t("stats.trend"), style="bold"))
        for p in points:
            console.print(Text(_bar_line(p.label, p.games, p.wins) + f"  ø {p.average:.1f}"))


def _bar_line(label: str, games: int, wins: int, width: int = 20) -> str:
    """`label  ████▌····  wins/games (share %)`: readable without colour."""
    from el_grande.names import fit, pad

    share = wins / games if games else 0.0
    eighths = round(share * width * 8)
    full, part = divmod(eighths, 8)
    bar = "█" * full + ("▏▎▍▌▋▊▉"[part - 1] if part else "")
    bar = pad(bar, width).replace(" ", "·")
    return f"  {pad(fit(printable(label), 18), 18)} {bar} {wins}/{games} ({round(100 * share)} %)"
