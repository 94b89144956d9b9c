"""What the games database says about the people and the computer players (read-only
queries; frozen results). Plain Python and the standard library's `sqlite3`; imported only
when statistics are asked for (`el-grande stats`, the statistics screen), never before the
first frame.

Who is who: a person by their name's key (`names.person_key`: case-folded, the confusable
skeleton), shown by the latest spelling; a computer player by its level (`level:greedy`),
counted only for seats it played the whole game.

Ratings: Elo over every recorded game in the order the games finished, each game counted as
the pairwise results between every two seats (a better score wins the pair, equal scores
draw), each pair's K shared out over the seat's n − 1 opponents (K = 32, start 1500). Why Elo:
El Grande is played by 2–5 and no pair plays alone, so a rating must take a multi-player
result; the pairwise Elo does so in a few lines, every player can check it by hand, it is
deterministic (the same games give the same ratings, on any machine), and its numbers read as
everybody knows them from chess. Bayesian systems (TrueSkill, Weng–Lin) carry an uncertainty
too, but need a dependency or a page of numerics for what a table of friends does not ask.
The ratings are worked out in one pass and kept in the `ratings` table, which every write of
the games emptied (`el_grande.persist.games`).
"""

from __future__ import annotations

import random
import sqlite3
from collections import defaultdict
from dataclasses import dataclass

from el_grande.names import person_key
from el_grande.persist.elo import play

LEVEL = "level:"


@dataclass(frozen=True, slots=True)
class Record:
    """A person's (or a computer level's) record. `by_players`: (players, games, wins);
    `by_opponent`: (opponents' kind: "people" for a game against people only, else
    "level:NAME" for each computer level at the table, games, wins); `shared`: won games with
    more than one winner (counted in `wins` too); `average`: points a game; `margin`: points
    ahead of (or, below 0, behind) the best of the others, a game."""

    name: str
    games: int
    wins: int
    shared: int
    average: float
    margin: float
    by_players: tuple[tuple[int, int, int], ...]
    by_opponent: tuple[tuple[str, int, int], ...]
    rating: float | None
    best: int = 0  # the best score
    hints: int = 0  # hints asked for, over every game


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Two entrants' games together: `games`; each one's wins; `a_ahead`/`b_ahead`: the games
    where one outscored the other; each one's average points in those games."""

    a: str
    b: str
    games: int
    a_wins: int
    b_wins: int
    a_average: float
    b_average: float
    a_ahead: int = 0
    b_ahead: int = 0


@dataclass(frozen=True, slots=True)
class Rating:
    entrant: str  # "person:<id>" or "level:<name>"
    name: str  # shown: the person's latest spelling, or the level
    rating: float
    games: int


@dataclass(frozen=True, slots=True)
class Point:
    """One stretch of an entrant's games in time: `label` its first game's day."""

    label: str
    games: int
    wins: int
    average: float


# --------------------------------------------------------------------------- who


def _who(conn: sqlite3.Connection, name: str) -> tuple[str, object, str] | None:
    """The seats' condition for `name` (a person, or "level:NAME"), its value, and the name
    to show; None: nobody of that name."""
    if name.startswith(LEVEL):
        return "s.level = ?", name[len(LEVEL) :], name
    row = conn.execute("SELECT id, name FROM people WHERE key = ?", (person_key(name),)).fetchone()
    if row is None:
        return None
    return "s.person = ?", row[0], str(row[1])


def _entrant_of(who: tuple[str, object, str]) -> str:
    where, value, _ = who
    return f"{LEVEL}{value}" if where.startswith("s.level") else f"person:{value}"


# --------------------------------------------------------------------------- records


def record(conn: sqlite3.Connection, name: str) -> Record | None:
    """`name`'s record (a person by any spelling of their name, or "level:NAME"); None when
    no game of theirs is recorded."""
    who = _who(conn, name)
    if who is None:
        return None
    where, value, shown = who
    row = conn.execute(
        "SELECT COUNT(*), TOTAL(won), TOTAL(shared), AVG(score), AVG(margin), MAX(score), "
        f"TOTAL(hints_used) FROM seats s WHERE {where}",
        (value,),
    ).fetchone()
    games = int(row[0])
    if not games:
        return None
    # One pass over the seats and their tables (a level's record reads tens of thousands of
    # seats at 100 000 games): each seat counted by its game's number of players (the game's
    # seats), and once for each kind of opponent at the table: people only (no computer player
    # among the others), or each level among them. The seat row by its rowid (the index by
    # person or by level holds it, not `seat`), the games not read at all.
    players: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    people_only = [0, 0]
    kinds: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for n, won, others in conn.execute(
        "SELECT COUNT(*) + 1, s.won, group_concat(DISTINCT o.level) FROM seats s "
        "JOIN seats o ON o.game = s.game AND o.rowid <> s.rowid "
        f"WHERE {where} GROUP BY s.rowid",
        (value,),
    ):
        tallies = [kinds[LEVEL + lv] for lv in str(others).split(",")] if others else [people_only]
        for tally in (players[int(n)], *tallies):
            tally[0] += 1
            tally[1] += int(won)
    by_players = tuple((n, g, w) for n, (g, w) in sorted(players.items()))
    by_opponent = ((("people", people_only[0], people_only[1]),) if people_only[0] else ()) + tuple(
        (k, g, w) for k, (g, w) in sorted(kinds.items(), key=lambda kv: (-kv[1][0], kv[0]))
    )
    rated = {r.entrant: r.rating for r in ratings(conn)}
    return Record(
        name=shown,
        games=games,
        wins=int(row[1]),
        shared=int(row[2]),
        average=float(row[3]),
        margin=float(row[4]),
        by_players=by_players,
        by_opponent=by_opponent,
        rating=rated.get(_entrant_of(who)),
        best=int(row[5]),
        hints=int(row[6]),
    )


#: Everybody's totals, a row each: (entrant, name, games, wins, shared, average, margin, best,
#: hints), grouped by the person or by the level (the seats' covering indexes).
_TOTALS = (
    "SELECT {entrant}, {name}, COUNT(*), TOTAL(s.won), TOTAL(s.shared), AVG(s.score), "
    "AVG(s.margin), MAX(s.score), TOTAL(s.hints_used) FROM seats s {join} "
    "GROUP BY {group} ORDER BY COUNT(*) DESC, {name}"
)


def _totals(conn: sqlite3.Connection, query: str) -> tuple[Record, ...]:
    rated = {r.entrant: r.rating for r in ratings(conn)}
    return tuple(
        Record(
            str(r[1]),
            int(r[2]),
            int(r[3]),
            int(r[4]),
            float(r[5]),
            float(r[6]),
            (),
            (),
            rated.get(str(r[0])),
            int(r[7]),
            int(r[8]),
        )
        for r in conn.execute(query)
    )


def people(conn: sqlite3.Connection) -> tuple[Record, ...]:
    """Everybody with a recorded game, most games first (then by name): their totals and
    rating (`by_players` and `by_opponent` only in `record`)."""
    return _totals(
        conn,
        _TOTALS.format(
            entrant="'person:' || p.id",
            name="p.name",
            join="JOIN people p ON p.id = s.person",
            group="p.id",
        ),
    )


def levels(conn: sqlite3.Connection) -> tuple[Record, ...]:
    """Every computer level that played a whole game, most games first: its totals and rating
    (its `name`: "level:NAME")."""
    return _totals(
        conn,
        _TOTALS.format(
            entrant="'level:' || s.level",
            name="'level:' || s.level",
            join="WHERE s.level IS NOT NULL",
            group="s.level",
        ),
    )


def head_to_head(conn: sqlite3.Connection, a: str, b: str) -> HeadToHead:
    """`a` and `b` (people by name, or "level:NAME") in the games they played together."""
    wa, wb = _who(conn, a), _who(conn, b)
    if wa is None or wb is None:
        return HeadToHead(a, b, 0, 0, 0, 0.0, 0.0)
    cond_a = wa[0].replace("s.", "x.")
    cond_b = wb[0].replace("s.", "y.")
    row = conn.execute(
        "SELECT COUNT(*), TOTAL(x.won), TOTAL(y.won), AVG(x.score), AVG(y.score), "
        "TOTAL(x.score > y.score), TOTAL(y.score > x.score) FROM seats x "
        f"JOIN seats y ON y.game = x.game AND y.seat <> x.seat WHERE {cond_a} AND {cond_b}",
        (wa[1], wb[1]),
    ).fetchone()
    return HeadToHead(
        wa[2],
        wb[2],
        int(row[0]),
        int(row[1]),
        int(row[2]),
        float(row[3] or 0.0),
        float(row[4] or 0.0),
        int(row[5]),
        int(row[6]),
    )


def trend(conn: sqlite3.Connection, name: str, buckets: int = 12) -> tuple[Point, ...]:
    """`name`'s games in time, in at most `buckets` stretches of equal numbers of games (the
    oldest first): games, wins and average points in each."""
    who = _who(conn, name)
    if who is None or buckets < 1:
        return ()
    where, value, _ = who
    rows = conn.execute(
        "SELECT g.finished_at, s.won, s.score FROM seats s JOIN games g ON g.id = s.game "
        f"WHERE {where} ORDER BY g.finished_at, g.id",
        (value,),
    ).fetchall()
    if not rows:
        return ()
    n = len(rows)
    parts = min(buckets, n)
    out: list[Point] = []
    for i in range(parts):
        chunk = rows[i * n // parts : (i + 1) * n // parts]
        wins = sum(int(r[1]) for r in chunk)
        out.append(
            Point(str(chunk[0][0])[:10], len(chunk), wins, sum(r[2] for r in chunk) / len(chunk))
        )
    return tuple(out)


# --------------------------------------------------------------------------- ratings


def ratings(conn: sqlite3.Connection) -> tuple[Rating, ...]:
    """Every entrant's Elo rating, the best first: kept in the `ratings` table, worked out
    again (one pass over every game) when a write of the games emptied it."""
    kept = conn.execute("SELECT entrant, rating, games FROM ratings").fetchall()
    if not kept and conn.execute("SELECT 1 FROM seats LIMIT 1").fetchone() is not None:
        worked = work_out_ratings(conn)
        kept = [(e, r, g) for e, (r, g) in worked.items()]
        _keep(conn, kept)
    names = {
        f"person:{pid}": str(name) for pid, name in conn.execute("SELECT id, name FROM people")
    }
    out = [
        Rating(str(e), names.get(str(e), str(e)), float(r), int(g))
        for e, r, g in kept
        if str(e) in names or str(e).startswith(LEVEL)
    ]
    out.sort(key=lambda r: (-r.rating, r.name))
    return tuple(out)


def _keep(conn: sqlite3.Connection, rows: list[tuple[str, float, int]]) -> None:
    """The ratings kept for the next reader: through this connection, or — a read-only one
    (the screen's, the command's) — through one of its own to the same file. Where nobody
    may write (a read-only file, another writer holding it), they are worked out next time."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error:
        path = next((str(r[2]) for r in conn.execute("PRAGMA database_list") if r[1] == "main"), "")
        if not path:
            return
        try:
            writer = sqlite3.connect(path, timeout=0.2, isolation_level=None)
        except sqlite3.Error:
            return
        try:
            _keep_in(writer, rows)
        finally:
            writer.close()
        return
    _keep_rest(conn, rows)


def _keep_in(conn: sqlite3.Connection, rows: list[tuple[str, float, int]]) -> None:
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error:
        return
    _keep_rest(conn, rows)


def _keep_rest(conn: sqlite3.Connection, rows: list[tuple[str, float, int]]) -> None:
    try:
        conn.execute("DELETE FROM ratings")
        conn.executemany("INSERT INTO ratings VALUES (?, ?, ?)", rows)
        conn.execute("COMMIT")
    except sqlite3.Error:
        conn.execute("ROLLBACK")


def work_out_ratings(conn: sqlite3.Connection) -> dict[str, tuple[float, int]]:
    """Elo over every game in the order they finished (module docstring): entrant → (rating,
    games). A seat counts for a person, or for a computer level that played it whole."""
    rating: dict[str, float] = {}
    games: dict[str, int] = {}
    rows = conn.execute(
        "SELECT s.game, s.person, s.level, s.score FROM seats s JOIN games g ON g.id = s.game "
        "ORDER BY g.finished_at, g.id, s.seat"
    )
    table: list[tuple[str, int]] = []
    game = None
    for gid, person, level, score in rows:
        if gid != game:
            play(table, rating, games)
            table, game = [], gid
        if person is not None:
            table.append((f"person:{person}", int(score)))
        elif level is not None:
            table.append((f"{LEVEL}{level}", int(score)))
    play(table, rating, games)
    return {e: (rating[e], games[e]) for e in rating}


# --------------------------------------------------------------------------- the generator

_NAMES = (
    "Ana",
    "Ben",
    "Cy",
    "Dee",
    "Eva",
    "Finn",
    "Gus",
    "Hana",
    "Ivo",
    "Jo",
    "Kai",
    "Lea",
    "Max",
    "Nia",
    "Otto",
    "Pia",
    "Quin",
    "Rui",
    "Sol",
    "Tea",
    "Uli",
    "Vera",
    "Wim",
    "Xia",
    "Yan",
    "Zoe",
    "서연",
    "민준",
    "지우",
    "하은",
    "도윤",
    "서준",
    "예린",
    "Ömer",
    "Łucja",
    "Søren",
    "Ada",
    "Bo",
    "Cleo",
    "Dario",
)
_LEVELS = ("random", "greedy", "strong")


def fill(conn: sqlite3.Connection, n: int, seed: int, *, start: str = "2025-01-01") -> None:
    """`n` plausible recorded games (seeded: the same `seed`, the same games) for benchmarks
    and tests: people from a pool of 40 names (some Korean), computer levels, 2–5 players,
    their scores, ranks, margins and three general scorings each. `conn`: a database the
    games module made (`open_games(write=True)`)."""
    from datetime import datetime, timedelta

    from el_grande.persist.games import ranks

    rnd = random.Random(seed)
    t0 = datetime.fromisoformat(start)
    people_rows = [(i + 1, person_key(nm), nm, start) for i, nm in enumerate(_NAMES)]
    games_rows: list[tuple[object, ...]] = []
    seat_rows: list[tuple[object, ...]] = []
    scoring_rows: list[tuple[object, ...]] = []
    for g in range(n):
        players = rnd.randint(2, 5)
        bots = rnd.randint(0, players - 1)
        persons = rnd.sample(range(len(_NAMES)), players - bots)
        when = (t0 + timedelta(minutes=37 * g)).strftime("%Y-%m-%dT%H:%M:%SZ")
        gid = f"fill-{seed}-{g:07d}"
        kind = "hotseat"
        games_rows.append((gid, kind, when, players, 9, 1, "open", 1, str(seed), "", "played"))
        scores = [rnd.randint(40, 130) for _ in range(players)]
        rank = ranks(scores)
        best = max(scores)
        winners = [s for s in range(players) if scores[s] == best]
        for s in range(players):
            person = persons[s] + 1 if s < len(persons) else None
            level = None if person is not None else rnd.choice(_LEVELS)
            name = _NAMES[persons[s]] if person is not None else str(level)
            others = max(x for j, x in enumerate(scores) if j != s)
            seat_rows.append(
                (
                    gid,
                    s,
                    person,
                    level,
                    name,
                    "[]",
                    scores[s],
                    rank[s],
                    int(s in winners),
                    int(s in winners and len(winners) > 1),
                    scores[s] - others,
                    0,
                )
            )
            left = scores[s]
            for number, rnd_no in enumerate((3, 6, 9), start=1):
                points = left if number == 3 else rnd.randint(0, left)
                left -= points
                scoring_rows.append((gid, number, rnd_no, "general", s, points))
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.executemany("INSERT OR IGNORE INTO people VALUES (?, ?, ?, ?)", people_rows)
        conn.executemany(
            "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)", games_rows
        )
        conn.executemany("INSERT INTO seats VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", seat_rows)
        conn.executemany("INSERT INTO scorings VALUES (?, ?, ?, ?, ?, ?)", scoring_rows)
        conn.execute("DELETE FROM ratings")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    ratings(conn)  # kept, as a database recorded game by game keeps them (`record_game`)
