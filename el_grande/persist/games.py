"""The games database: every finished game, recorded once, in ``<data folder>/games.sqlite``
(docs/stats.md, "The games database"). The one schema module: the tables, their migrations
(`PRAGMA user_version`), opening, and every write; `el_grande.persist.stats` only reads. A
tournament's file (`el-grande tournament --db FILE`) is a database of the same schema
(`open_database`), its tables the tournaments' (version 2); `el_grande.tournament` reads them.

    conn = open_games(write=True)            # GamesUnavailable: one sentence (`.sentence`)
    record_game(conn, save, game)            # False: that game is recorded already
    import_saves()                           # the finished saves not recorded yet: how many
    start_tournament(conn, plan, program)    # a tournament's id (el-grande tournament)
    record_tournament_game(conn, id, game)   # False: that game is recorded already

The saves are the source of truth: the database is made from them, and failing never costs a
game. A database that is locked, read-only, damaged, a symbolic link (never followed), on a
full disk or from a newer version is `GamesUnavailable` with one sentence, and nothing
changes; a game not recorded is recorded by `import_saves` at the next start. Every write is
one transaction (WAL): a kill at any moment leaves the database as it was before or after.

`sqlite3` is imported here, in `stats` and in the tournament's reader only, and none is
imported before the app's first frame (the autosave imports this module when a game ends; the
app imports the saves in a thread worker after its first frame).
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from el_grande.files import own_kind
from el_grande.hands import bot_level, ever_person
from el_grande.names import fit, name_problem, normalise, person_key, printable
from el_grande.persist.elo import play
from el_grande.persist.errors import SaveFileError
from el_grande.persist.lock import kind_words
from el_grande.persist.paths import home_dir
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.core import Game
    from el_grande.persist.model import SaveFile

log = logging.getLogger(__name__)

FILE = "games.sqlite"
#: How long a writer waits for another writer's transaction to end before it gives up.
BUSY_MS = 2000

# SQLite's primary result codes (`sqlite3.Error.sqlite_errorcode & 0xFF`).
_PERM, _BUSY, _LOCKED, _READONLY, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = 3, 5, 6, 8, 11, 13, 14, 26


class GamesUnavailable(OSError):
    """The games database cannot be used now: `sentence` says why, for a person.

    `why` names the case ("locked", "read_only", "corrupt", "newer", "not_own", "full",
    "cannot") and `facts` holds what its sentence says (`path`, and `version` and `known`,
    `kind` or `reason`): a file that is not the app's games database (a tournament's,
    `el_grande.tournament`) says it in sentences of its own."""

    def __init__(self, sentence: str, why: str = "cannot", **facts: object) -> None:
        super().__init__(sentence)
        self.sentence = sentence
        self.why = why
        self.facts = facts

    def __str__(self) -> str:
        return self.sentence


# --------------------------------------------------------------------------- the schema

_V1 = """
CREATE TABLE people (
  id        INTEGER PRIMARY KEY,
  key       TEXT NOT NULL UNIQUE,
  name      TEXT NOT NULL,
  last_seen TEXT NOT NULL
);
CREATE TABLE games (
  id          TEXT PRIMARY KEY,
  kind        TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  players     INTEGER NOT NULL,
  rounds      INTEGER NOT NULL,
  veto        INTEGER NOT NULL,
  castillo    TEXT NOT NULL,
  hints       INTEGER NOT NULL,
  seed        TEXT NOT NULL,
  choices     TEXT NOT NULL,
  source      TEXT NOT NULL,
  review      TEXT
);
CREATE INDEX games_by_time ON games (finished_at);
CREATE TABLE seats (
  game       TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  seat       INTEGER NOT NULL,
  person     INTEGER REFERENCES people (id),
  level      TEXT,
  name       TEXT NOT NULL,
  hands      TEXT NOT NULL,
  score      INTEGER NOT NULL,
  rank       INTEGER NOT NULL,
  won        INTEGER NOT NULL,
  shared     INTEGER NOT NULL,
  margin     INTEGER NOT NULL,
  hints_used INTEGER NOT NULL,
  PRIMARY KEY (game, seat)
);
-- Covering the statistics' totals (el_grande.persist.stats): a person's or a level's
-- rows are read from the index alone.
CREATE INDEX seats_by_person ON seats (person, won, shared, score, margin, hints_used, game);
CREATE INDEX seats_by_level ON seats (level, won, shared, score, margin, hints_used, game);
CREATE TABLE scorings (
  game   TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  number INTEGER NOT NULL,
  round  INTEGER NOT NULL,
  why    TEXT NOT NULL,
  seat   INTEGER NOT NULL,
  points INTEGER NOT NULL,
  PRIMARY KEY (game, number, seat)
);
CREATE TABLE ratings (
  entrant TEXT PRIMARY KEY,
  rating  REAL NOT NULL,
  games   INTEGER NOT NULL
);
"""


def _v1(conn: sqlite3.Connection) -> None:
    for statement in _V1.split(";"):
        if statement.strip():
            conn.execute(statement)


# Version 2: tournaments (`el-grande tournament`, el_grande/tournament): a plan, and each of
# its games once (the key: the tournament and the game's index in the plan), written after
# every game; a void game (a frozen version that failed it) keeps why, and no seats.
_V2 = """
CREATE TABLE tournaments (
  id      INTEGER PRIMARY KEY,
  plan    TEXT NOT NULL UNIQUE,
  created TEXT NOT NULL,
  program TEXT NOT NULL
);
CREATE TABLE tournament_games (
  tournament  INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
  game        INTEGER NOT NULL,
  seed        TEXT NOT NULL,
  rotation    INTEGER NOT NULL,
  void        TEXT,
  choices     TEXT NOT NULL,
  seconds     REAL NOT NULL,
  host        TEXT NOT NULL,
  finished_at TEXT NOT NULL,
  PRIMARY KEY (tournament, game)
);
CREATE TABLE tournament_seats (
  tournament        INTEGER NOT NULL,
  game              INTEGER NOT NULL,
  seat              INTEGER NOT NULL,
  entrant           TEXT NOT NULL,
  score             INTEGER NOT NULL,
  won               INTEGER NOT NULL,
  shared            INTEGER NOT NULL,
  margin            INTEGER NOT NULL,
  decisions         INTEGER NOT NULL,
  think_seconds     REAL NOT NULL,
  max_think_seconds REAL NOT NULL,
  PRIMARY KEY (tournament, game, seat),
  FOREIGN KEY (tournament, game) REFERENCES tournament_games (tournament, game)
    ON DELETE CASCADE
);
"""


def _v2(conn: sqlite3.Connection) -> None:
    for statement in _V2.split(";"):
        if statement.strip():
            conn.execute(statement)


#: Migration n takes the database from version n to n + 1 (index 0: an empty file to 1).
MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2)
VERSION = len(MIGRATIONS)


# --------------------------------------------------------------------------- opening


def games_path(home: Path | None = None) -> Path:
    return (home or home_dir()) / FILE


def _shown(path: Path | str) -> str:
    return printable(str(path))


def unavailable(exc: BaseException, path: Path | str) -> GamesUnavailable:
    """The one sentence for what `exc` (an sqlite3.Error or OSError) says about `path`."""
    if isinstance(exc, GamesUnavailable):
        return exc
    where = _shown(path)
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    words = str(exc).lower()
    if primary in (_BUSY, _LOCKED) or "locked" in words:
        return _said("locked", path=where)
    if primary in (_NOTADB, _CORRUPT) or "not a database" in words or "malformed" in words:
        return _said("corrupt", path=where)
    if primary == _FULL or "is full" in words:
        return _said("full", path=where)
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return _said("full", path=where)
    if primary in (_READONLY, _PERM) or "readonly" in words:
        return _said("read_only", path=where)
    if isinstance(exc, OSError) and exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return _said("read_only", path=where)
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    reason = fit(printable(reason.rstrip(".") or type(exc).__name__), 200)
    return _said("cannot", path=where, reason=reason)


def _said(why: str, **facts: object) -> GamesUnavailable:
    """`GamesUnavailable` for `why`, with the catalogue's sentence `games.<why>`."""
    return GamesUnavailable(t(f"games.{why}", **facts), why, **facts)


def _check_own(path: Path) -> None:
    """A symbolic link, a folder, a FIFO… where the database or its folder goes: refused."""
    for place, folder in ((path.parent, True), (path, False)):
        kind = own_kind(place, folder=folder)
        if kind is not None:
            raise _said("not_own", path=_shown(place), kind=kind_words(kind))
    for suffix in ("-wal", "-shm", "-journal"):  # SQLite's own files beside it: never links
        side = path.with_name(path.name + suffix)
        kind = own_kind(side)
        if kind is not None:
            raise _said("not_own", path=_shown(side), kind=kind_words(kind))


def open_games(
    home: Path | None = None, *, write: bool = False, busy_ms: int = BUSY_MS
) -> sqlite3.Connection:
    """A connection to the games database (rows as `sqlite3.Row`, foreign keys on).

    `write`: made, and brought to this version, if need be (WAL). Without it nothing is made:
    no database yet (or an empty file) is an empty one in memory, and one of an older version
    is read as it is (the tables a later version adds are not there yet). Raises `GamesUnavailable`
    (one sentence) for a database that is locked, read-only, damaged, of a newer version, or
    something that is not the app's own file (a link is never followed); `busy_ms`: how long
    to wait for another writer."""
    return open_database(games_path(home), write=write, busy_ms=busy_ms)


def open_database(path: Path, *, write: bool = False, busy_ms: int = BUSY_MS) -> sqlite3.Connection:
    """`open_games` of the database at `path`: the games database, or a file of the same
    schema elsewhere (a tournament's: `el-grande tournament --db FILE`)."""
    _check_own(path)
    if not write and not path.exists():
        return _memory()
    try:
        if write:
            path.parent.mkdir(parents=True, exist_ok=True)
            _check_own(path)  # (the folder just made, or a link put there meanwhile)
            uri = f"{path.resolve().as_uri()}?mode=rwc"
        else:
            uri = f"{path.resolve().as_uri()}?mode=ro"
        conn = sqlite3.connect(uri, uri=True, timeout=busy_ms / 1000, isolation_level=None)
    except (sqlite3.Error, OSError) as exc:
        raise unavailable(exc, path) from None
    try:
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {int(busy_ms)}")
        conn.execute("PRAGMA foreign_keys = ON")
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > VERSION:
            raise _said("newer", path=_shown(path), version=version, known=VERSION)
        if write:
            if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            if version < VERSION:
                _migrate(conn, path)
        elif version == 0:
            if not _tables(conn):  # an empty file: no game yet
                conn.close()
                return _memory()
            raise _said("corrupt", path=_shown(path))
        # (An older version is read as it is: its tables are there, a later version's are
        # not yet; the next write brings it to this version.)
    except BaseException as exc:
        conn.close()
        if isinstance(exc, sqlite3.Error | OSError):
            raise unavailable(exc, path) from None
        raise
    return conn


def _tables(conn: sqlite3.Connection) -> int:
    return int(conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0])


def _memory() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA foreign_keys = ON")
    _migrate(conn, Path(":memory:"))
    return conn


def _migrate(conn: sqlite3.Connection, path: Path) -> None:
    """Every migration from the database's version to this one, in one transaction."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])  # (now it is ours)
        if version > VERSION:
            raise _said("newer", path=_shown(path), version=version, known=VERSION)
        if version == 0 and _tables(conn):  # an SQLite file of somebody else's
            raise _said("corrupt", path=_shown(path))
        for migration in MIGRATIONS[version:]:
            migration(conn)
        conn.execute(f"PRAGMA user_version = {VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        raise


def _where(conn: sqlite3.Connection) -> str:
    with contextlib.suppress(sqlite3.Error):
        for row in conn.execute("PRAGMA database_list"):
            if row[1] == "main":
                return str(row[2]) or ":memory:"
    return FILE


@contextlib.contextmanager
def _writing(conn: sqlite3.Connection) -> Iterator[None]:
    """One transaction (taken at once: one writer at a time); sqlite3 and OS errors become
    `GamesUnavailable`, and nothing is changed."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except (sqlite3.Error, OSError) as exc:
        raise unavailable(exc, _where(conn)) from None
    try:
        yield
        conn.execute("COMMIT")
    except BaseException as exc:
        with contextlib.suppress(sqlite3.Error):
            conn.execute("ROLLBACK")
        if isinstance(exc, sqlite3.Error | OSError):
            raise unavailable(exc, _where(conn)) from None
        raise


# --------------------------------------------------------------------------- writing


def kind_of(save: SaveFile) -> str:
    """'guided' (the guided game), 'bots' (no person played any seat) or 'hotseat'."""
    if save.coach == "learn":
        return "guided"
    if not any(ever_person(hands) for hands in save.seat_hands):
        return "bots"
    return "hotseat"


def _stamp(save: SaveFile) -> str:
    return save.updated.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def ranks(scores: Sequence[int]) -> list[int]:
    """1 = first; equal scores share a rank (1, 1, 3…)."""
    return [1 + sum(1 for other in scores if other > score) for score in scores]


def record_game(
    conn: sqlite3.Connection, save: SaveFile, game: Game, *, source: str = "played"
) -> bool:
    """Record a finished game (`save` and its replay `game`) in one transaction: False, and
    nothing written, if its id is recorded already. ValueError if the game is not over (a
    game not finished is never recorded); `GamesUnavailable` if the database fails."""
    from el_grande.epilogue import Epilogue  # (the rules' story: only when a game is recorded)
    from el_grande.persist.store import record_of

    if not game.over:
        raise ValueError("a game that is not finished is not recorded")
    if conn.execute("SELECT 1 FROM games WHERE id = ?", (save.game_id,)).fetchone():
        return False
    epilogue = Epilogue.of(record_of(save))
    scores = list(game.scores)
    winners = set(game.winners)
    rank = ranks(scores)
    when = _stamp(save)
    hints_used = list(save.hints_used) or [0] * len(save.seats)
    with _writing(conn):
        if conn.execute("SELECT 1 FROM games WHERE id = ?", (save.game_id,)).fetchone():
            return False  # (recorded meanwhile by another writer)
        conn.execute(
            "INSERT INTO games (id, kind, finished_at, players, rounds, veto, castillo, hints,"
            " seed, choices, source, review) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)",
            (
                save.game_id,
                kind_of(save),
                when,
                len(save.seats),
                save.options.rounds,
                int(save.options.veto),
                save.options.castillo,
                int(save.hints),
                str(save.seed),
                "\n".join(save.choices),
                source,
            ),
        )
        for seat, (info, hands) in enumerate(zip(save.seats, save.seat_hands, strict=True)):
            name = normalise(info.name)
            person = _person(conn, name, when) if ever_person(hands) else None
            level = bot_level(hands[0][1]) if len(hands) == 1 else None
            others = [s for at, s in enumerate(scores) if at != seat]
            conn.execute(
                "INSERT INTO seats (game, seat, person, level, name, hands, score, rank, won,"
                " shared, margin, hints_used) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    save.game_id,
                    seat,
                    person,
                    level,
                    name,
                    json.dumps([list(hand) for hand in hands]),
                    scores[seat],
                    rank[seat],
                    int(seat in winners),
                    int(seat in winners and len(winners) > 1),
                    scores[seat] - max(others, default=scores[seat]),
                    hints_used[seat],
                ),
            )
        conn.executemany(
            "INSERT INTO scorings (game, number, round, why, seat, points)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            [
                (save.game_id, number, s.record.round, s.record.why, seat, points)
                for number, s in enumerate(epilogue.scorings, 1)
                for seat, points in enumerate(s.record.points)
            ],
        )
        _rate(conn, save.game_id, when)
    return True


def _rate(conn: sqlite3.Connection, game_id: str, when: str) -> None:
    """The ratings after the game just recorded: moved on from the kept ones when it is the
    last game to have finished (Elo goes game by game in that order: the same numbers as
    working them all out again), else dropped — worked out again when next read
    (`el_grande.persist.stats.ratings`)."""
    later = conn.execute(
        "SELECT 1 FROM games WHERE finished_at > ? OR (finished_at = ? AND id > ?) LIMIT 1",
        (when, when, game_id),
    ).fetchone()
    if later is not None or conn.execute("SELECT 1 FROM ratings LIMIT 1").fetchone() is None:
        conn.execute("DELETE FROM ratings")
        return
    table = [
        (f"person:{person}" if person is not None else f"level:{level}", int(score))
        for person, level, score in conn.execute(
            "SELECT person, level, score FROM seats WHERE game = ? ORDER BY seat", (game_id,)
        )
        if person is not None or level is not None
    ]
    kept = {
        str(e): (float(r), int(g))
        for e, r, g in conn.execute(
            f"SELECT entrant, rating, games FROM ratings WHERE entrant IN "
            f"({', '.join('?' * len(table))})",
            [e for e, _ in table],
        )
    }
    rating = {e: r for e, (r, _) in kept.items()}
    games = {e: g for e, (_, g) in kept.items()}
    play(table, rating, games)
    conn.executemany(
        "INSERT OR REPLACE INTO ratings (entrant, rating, games) VALUES (?, ?, ?)",
        [(e, rating[e], games[e]) for e in rating],
    )


def _person(conn: sqlite3.Connection, name: str, when: str) -> int:
    """The person a name is (`names.person_key`), made if new; the latest spelling kept."""
    key = person_key(name)
    conn.execute(
        "INSERT INTO people (key, name, last_seen) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE"
        " SET name = excluded.name, last_seen = excluded.last_seen"
        " WHERE excluded.last_seen >= people.last_seen",
        (key, name, when),
    )
    return int(conn.execute("SELECT id FROM people WHERE key = ?", (key,)).fetchone()[0])


def record_review(conn: sqlite3.Connection, game_id: str, summary: dict[str, object]) -> None:
    """Keep a review's summary (JSON) with its game (nothing if the game is not recorded)."""
    text = json.dumps(summary, ensure_ascii=False, sort_keys=True)
    with _writing(conn):
        conn.execute("UPDATE games SET review = ? WHERE id = ?", (text, game_id))


def _person_id(conn: sqlite3.Connection, name: str) -> int | None:
    row = conn.execute("SELECT id FROM people WHERE key = ?", (person_key(name),)).fetchone()
    return None if row is None else int(row[0])


def rename_person(conn: sqlite3.Connection, old: str, new: str) -> int:
    """Rename a person (found by `names.person_key`) in every game: rows changed (0: nobody
    of that name). A new name that is another person's joins the two. ValueError (one
    sentence) for a name the app does not accept."""
    problem = name_problem(new)
    if problem is not None:
        raise ValueError(problem)
    new = normalise(new)
    changed = 0
    with _writing(conn):
        person = _person_id(conn, old)
        if person is None:
            return 0
        other = _person_id(conn, new)
        if other is not None and other != person:  # one person under two names: one now
            changed += conn.execute(
                "UPDATE seats SET person = ? WHERE person = ?", (other, person)
            ).rowcount
            conn.execute(
                "UPDATE people SET last_seen = max(last_seen,"
                " (SELECT last_seen FROM people WHERE id = ?)) WHERE id = ?",
                (person, other),
            )
            conn.execute("DELETE FROM people WHERE id = ?", (person,))
            person = other
        changed += conn.execute(
            "UPDATE people SET key = ?, name = ? WHERE id = ?", (person_key(new), new, person)
        ).rowcount
        changed += conn.execute(
            "UPDATE seats SET name = ? WHERE person = ?", (new, person)
        ).rowcount
        conn.execute("DELETE FROM ratings")
    return changed


def forget_person(conn: sqlite3.Connection, name: str) -> int:
    """Forget a person: their name replaced (`games.forgotten`) in the database and every
    game they played, which are kept for the others. Rows changed (0: nobody of that name)."""
    gone = t("games.forgotten")
    with _writing(conn):
        person = _person_id(conn, name)
        if person is None:
            return 0
        changed = conn.execute(
            "UPDATE people SET key = ?, name = ? WHERE id = ?",
            (f"forgotten:{person}", gone, person),
        ).rowcount
        seats = conn.execute("UPDATE seats SET name = ? WHERE person = ?", (gone, person))
        changed += seats.rowcount
        conn.execute("DELETE FROM ratings")
    return changed


def delete_game(conn: sqlite3.Connection, game_id: str) -> bool:
    """Delete a recorded game (its seats and scorings too; a person left with no game goes
    as well). False: no such game. The save, if it is still there, is not touched — nor
    imported again unless asked (`import_saves` does import it: the saves are the truth)."""
    with _writing(conn):
        gone = conn.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount
        if gone:
            conn.execute(
                "DELETE FROM people WHERE id NOT IN"
                " (SELECT person FROM seats WHERE person IS NOT NULL)"
            )
            conn.execute("DELETE FROM ratings")
    return bool(gone)


# --------------------------------------------------------------------------- tournaments


class TournamentSeat(TypedDict):
    """One seat of a tournament's game: who sat there (the entrant's spec), the points, a
    win (`shared`: with other winners, R-E1), the margin to the best other seat, and the
    decisions asked and the seconds spent on them (the entrant's clock)."""

    entrant: str
    score: int
    won: bool
    shared: bool
    margin: int
    decisions: int
    think_seconds: float
    max_think_seconds: float


class TournamentGame(TypedDict):
    """One game of a tournament as played (`el_grande.tournament.match`): its index in the
    plan, its seed and rotation of the seats, the seats (none for a void game), the choices'
    notation, `void` (None: played to its end; else the one sentence why it could not be),
    the seconds it took and the machine that played it (`host`)."""

    index: int
    seed: int
    rotation: int
    seats: list[TournamentSeat]
    choices: list[str]
    void: str | None
    seconds: float
    host: str


def start_tournament(conn: sqlite3.Connection, plan: str, program: str) -> int:
    """The id of the tournament of `plan` (its canonical JSON), made if new (`program`: the
    El Grande version that starts it), in one transaction. Which plans a file may hold is
    the caller's rule (`el_grande.tournament`: one)."""
    now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    with _writing(conn):
        conn.execute(
            "INSERT INTO tournaments (plan, created, program) VALUES (?, ?, ?)"
            " ON CONFLICT (plan) DO NOTHING",
            (plan, now, program),
        )
        row = conn.execute("SELECT id FROM tournaments WHERE plan = ?", (plan,)).fetchone()
    return int(row[0])


def record_tournament_game(conn: sqlite3.Connection, tournament: int, game: TournamentGame) -> bool:
    """Record one game of `tournament` with its seats, in one transaction: False, and nothing
    written, if that game (its index) is recorded already. A kill at any moment leaves it
    recorded whole or not at all; `GamesUnavailable` if the database fails."""
    now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    with _writing(conn):
        added = conn.execute(
            "INSERT INTO tournament_games (tournament, game, seed, rotation, void, choices,"
            " seconds, host, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (tournament, game) DO NOTHING",
            (
                tournament,
                game["index"],
                str(game["seed"]),
                game["rotation"],
                game["void"],
                "\n".join(game["choices"]),
                game["seconds"],
                game["host"],
                now,
            ),
        ).rowcount
        if not added:
            return False
        conn.executemany(
            "INSERT INTO tournament_seats (tournament, game, seat, entrant, score, won, shared,"
            " margin, decisions, think_seconds, max_think_seconds)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    tournament,
                    game["index"],
                    seat,
                    s["entrant"],
                    s["score"],
                    int(s["won"]),
                    int(s["shared"]),
                    s["margin"],
                    s["decisions"],
                    s["think_seconds"],
                    s["max_think_seconds"],
                )
                for seat, s in enumerate(game["seats"])
            ],
        )
    return True


# --------------------------------------------------------------------------- the saves


def import_saves(home: Path | None = None) -> int:
    """Record every finished save in the saves folder not recorded yet (source 'imported'):
    how many. A save that cannot be read or replayed is skipped (logged); a game's id is its
    key, so importing again counts nothing twice. `GamesUnavailable` if the database fails."""
    from el_grande.persist.model import parse_save
    from el_grande.persist.store import (
        NotOwnFolder,
        game_from_save,
        own_saves_dir,
        read_save_text,
        shown_path,
    )

    try:
        directory = own_saves_dir(home)
    except NotOwnFolder as exc:
        log.warning("games: saves not imported: %s", exc.strerror)
        return 0
    if not directory.is_dir():
        return 0
    conn = open_games(home, write=True)
    try:
        known = {row[0] for row in conn.execute("SELECT id FROM games")}
        count = 0
        for path in sorted(directory.glob("*.json")):
            try:
                text = read_save_text(path, own=True)
                save = parse_save(text, shown_path(path))
                if not save.finished or save.game_id in known:
                    continue
                game = game_from_save(save, shown_path(path), text)
                if not game.over:
                    log.warning("games: %s says finished, but its game is not over", path.name)
                    continue
            except (SaveFileError, ValueError) as exc:
                log.warning("games: not imported: %s", exc)
                continue
            if record_game(conn, save, game, source="imported"):
                count += 1
            known.add(save.game_id)
        return count
    finally:
        conn.close()


def import_quietly(home: Path | None = None) -> int:
    """`import_saves` that never raises (the app's start, in a thread): a failure is a line
    of the log, and the games wait for the next start."""
    try:
        count = import_saves(home)
    except GamesUnavailable as exc:
        log.warning("games: saves not imported: %s", exc.sentence)
        return 0
    except Exception:  # never disturbs the game: the next start tries again
        log.exception("games: saves not imported")
        return 0
    if count:
        log.info("games: %d finished saves imported", count)
    return count


# --------------------------------------------------------------------------- the session


class GamesRecorder:
    """A subscriber of a game's session that records the game when it ends (a PLAYED update
    with the game over), once. It never raises: a database that fails leaves `problem` (one
    sentence, logged), and the game goes on; the save is recorded at the next start.

    `file()` is the game's save file as the autosave wrote it (None: none), `game()` the game.
    The app's autosave records through `record` after it wrote a finished game's save."""

    def __init__(
        self,
        file: Callable[[], SaveFile | None] | None = None,
        game: Callable[[], Game] | None = None,
        home: Path | None = None,
    ) -> None:
        self.file, self.game, self.home = file, game, home
        self.problem: str | None = None
        self.recorded: set[str] = set()

    def __call__(self, update: Any) -> None:
        if getattr(update, "kind", None) != "played" or not getattr(update, "over", False):
            return
        if self.file is None or self.game is None:
            return
        try:
            save, game = self.file(), self.game()
        except Exception:  # (a callback of the table's: never the game's end)
            log.exception("games: no game to record")
            return
        if save is not None:
            self.record(save, game)

    def record(self, save: SaveFile, game: Game) -> bool:
        """Record `save` (finished) once: True if it was written now; never raises."""
        if save.game_id in self.recorded or not game.over:
            return False
        try:
            conn = open_games(self.home, write=True)
            try:
                written = record_game(conn, save, game)
            finally:
                conn.close()
        except GamesUnavailable as exc:
            self.problem = exc.sentence
        except (sqlite3.Error, OSError) as exc:
            self.problem = unavailable(exc, games_path(self.home)).sentence
        except Exception as exc:  # never the end of a game
            log.exception("games: not recorded")
            self.problem = t("games.cannot", path=_shown(games_path(self.home)), reason=str(exc))
        else:
            self.problem = None
            self.recorded.add(save.game_id)
            return written
        log.warning("games: %s not recorded: %s", save.game_id, self.problem)
        return False
