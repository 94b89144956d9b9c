"""The games database (issue 32, persist/games.py): the schema, recording a finished game once,
people by their name's key, import of the finished saves, rename/forget/delete, and the faults
— a link, read-only, damaged, newer, locked, a full disk, a kill mid-write — each one sentence
with nothing changed, and never the end of a game."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from persist_helpers import random_game

from el_grande.core import Game
from el_grande.epilogue import Epilogue
from el_grande.persist.autosave import attach_autosave, setups_of
from el_grande.persist.games import (
    VERSION,
    GamesRecorder,
    GamesUnavailable,
    delete_game,
    forget_person,
    games_path,
    import_saves,
    open_games,
    record_game,
    record_review,
    rename_person,
)
from el_grande.persist.model import Hand, SaveFile, Seat
from el_grande.persist.store import record_of, save_from_game, write_save
from el_grande.session import GameSession
from el_grande.text import t

_GAMES: dict[int, Game] = {}


def finished(players: int) -> Game:
    """A finished random game of `players` (one per size, played once for the module)."""
    if players not in _GAMES:
        _GAMES[players] = random_game(11 + players, players=players)
    assert _GAMES[players].over
    return _GAMES[players]


def save_of(
    game_id: str,
    names: list[str],
    *,
    kinds: list[str] | None = None,
    when: int = 1,
    coach: str | None = None,
) -> tuple[SaveFile, Game]:
    game = finished(len(names))
    kinds = kinds or ["human"] * len(names)
    seats = [Seat(name=n, kind=k) for n, k in zip(names, kinds, strict=True)]
    save = save_from_game(game, seats=seats, game_id=game_id)
    save.updated = datetime(2026, 12, when, 12, 0, tzinfo=UTC)
    save.coach = coach  # type: ignore[assignment]
    return save, game


def count(conn: sqlite3.Connection, table: str) -> int:
    return int(conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0])


def whole(conn: sqlite3.Connection) -> None:
    """Every game recorded is whole: a seat row per player, a scoring row per seat."""
    for game_id, players in conn.execute("SELECT id, players FROM games").fetchall():
        seats = conn.execute("SELECT count(*) FROM seats WHERE game = ?", (game_id,)).fetchone()
        assert seats[0] == players
        rows = conn.execute(
            "SELECT count(*), count(DISTINCT number) FROM scorings WHERE game = ?", (game_id,)
        ).fetchone()
        assert rows[0] == rows[1] * players and rows[1] > 0


@pytest.fixture
def conn(home: Path) -> Iterator[sqlite3.Connection]:
    c = open_games(home, write=True)
    yield c
    c.close()


# --------------------------------------------------------------------------- the schema


def test_the_schema_is_made_at_version_2_in_wal(home: Path, conn: sqlite3.Connection) -> None:
    assert games_path(home) == home / "games.sqlite"
    assert conn.execute("PRAGMA user_version").fetchone()[0] == VERSION == 2
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {
        "people",
        "games",
        "seats",
        "scorings",
        "ratings",
        # version 2: el-grande tournament's (tests/tournament/test_store.py)
        "tournaments",
        "tournament_games",
        "tournament_seats",
    }
    indexes = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    assert {"games_by_time", "seats_by_person", "seats_by_level"} <= indexes
    again = open_games(home, write=True)  # opened again: nothing to migrate
    assert again.execute("PRAGMA user_version").fetchone()[0] == 2
    again.close()


def test_reading_makes_nothing(home: Path) -> None:
    conn = open_games(home)
    assert count(conn, "games") == 0  # an empty database, in memory
    conn.close()
    assert not games_path(home).exists()


# --------------------------------------------------------------------------- recording


def test_a_finished_game_is_recorded_once_and_whole(conn: sqlite3.Connection) -> None:
    save, game = save_of("g1", ["Ana", "Ben", "Cy"])
    conn.execute("INSERT INTO ratings VALUES ('person:1', 1500, 1)")
    assert record_game(conn, save, game)
    assert not record_game(conn, save, game)  # its id is its key
    # the latest game moves the kept ratings on (persist/elo.py): its three players, Ana's
    # from the kept 1500 after one game
    assert count(conn, "games") == 1 and count(conn, "ratings") == 3
    ana = conn.execute("SELECT games FROM ratings WHERE entrant = 'person:1'").fetchone()
    assert ana[0] == 2
    row = conn.execute("SELECT * FROM games").fetchone()
    assert (row["kind"], row["source"], row["players"]) == ("hotseat", "played", 3)
    assert row["finished_at"] == "2026-12-01T12:00:00Z"
    assert row["choices"].split("\n") == save.choices
    assert (row["rounds"], row["veto"], row["castillo"]) == (
        save.options.rounds,
        int(save.options.veto),
        save.options.castillo,
    )
    seats = conn.execute("SELECT * FROM seats ORDER BY seat").fetchall()
    assert [s["score"] for s in seats] == game.scores
    assert [s["seat"] for s in seats if s["won"]] == game.winners
    assert json.loads(seats[0]["hands"]) == [[0, "human"]]
    whole(conn)
    epilogue = Epilogue.of(record_of(save))
    points = conn.execute("SELECT seat, sum(points) FROM scorings GROUP BY seat").fetchall()
    assert [p[1] for p in points] == list(epilogue.scores) == game.scores
    record_review(conn, "g1", {"blunders": 2})
    assert json.loads(conn.execute("SELECT review FROM games").fetchone()[0]) == {"blunders": 2}


def test_ranks_share_ties_and_margins(conn: sqlite3.Connection) -> None:
    from el_grande.persist.games import ranks

    assert ranks([69, 78, 69]) == [2, 1, 2]
    assert ranks([50, 50, 40]) == [1, 1, 3]
    save, game = save_of("g1", ["Ana", "Ben", "Cy"])
    record_game(conn, save, game)
    rows = conn.execute("SELECT score, rank, margin, shared FROM seats ORDER BY seat").fetchall()
    scores = game.scores
    for seat, r in enumerate(rows):
        best_other = max(s for at, s in enumerate(scores) if at != seat)
        assert r["rank"] == 1 + sum(s > scores[seat] for s in scores)
        assert r["margin"] == scores[seat] - best_other
        assert r["shared"] == int(len(game.winners) > 1 and seat in game.winners)


def test_people_are_one_by_key_shown_by_the_latest_spelling(conn: sqlite3.Connection) -> None:
    record_game(conn, *save_of("g2", ["ANA", "Ben"], when=2))
    record_game(conn, *save_of("g1", ["Ana", "Ben"], when=1))  # older: not the spelling shown
    record_game(conn, *save_of("g3", ["\u0410na", "ben"], when=3))  # Cyrillic А
    people = conn.execute("SELECT name FROM people ORDER BY id").fetchall()
    assert [p[0] for p in people] == ["\u0410na", "ben"]
    names = conn.execute("SELECT name FROM seats WHERE seat = 0 ORDER BY game").fetchall()
    assert [n[0] for n in names] == ["Ana", "ANA", "\u0410na"]  # as spelled in each game
    assert count(conn, "people") == 2


def test_kinds_and_computer_players_by_level(conn: sqlite3.Connection) -> None:
    record_game(
        conn, *save_of("guided", ["Ana", "Ben"], kinds=["human", "bot:random"], coach="learn")
    )
    record_game(conn, *save_of("bots", ["Ana", "Ben"], kinds=["bot:greedy", "bot:random"]))
    hands = [Hand.model_validate({"from": 0, "kind": "human"})]
    hands.append(Hand.model_validate({"from": 5, "kind": "bot:greedy"}))
    save, game = save_of("hot", ["Ana", "Ben"], kinds=["human", "bot:greedy"])
    save.seats[1] = Seat(name="Ben", kind="bot:greedy", played_by=hands)
    record_game(conn, save, game)
    kinds = dict(conn.execute("SELECT id, kind FROM games").fetchall())
    assert kinds == {"guided": "guided", "bots": "bots", "hot": "hotseat"}
    rows = conn.execute("SELECT game, seat, person, level FROM seats ORDER BY game, seat")
    got = {(r[0], r[1]): (r[2] is not None, r[3]) for r in rows}
    assert got[("bots", 0)] == (False, "greedy") and got[("bots", 1)] == (False, "random")
    assert got[("guided", 1)] == (False, "random")
    assert got[("hot", 1)] == (True, None)  # a person played it first: theirs, no level


# --------------------------------------------------------------------------- people own records


def test_rename_forget_delete(conn: sqlite3.Connection) -> None:
    record_game(conn, *save_of("g1", ["Ana", "Ben", "Cy"], when=1))
    record_game(conn, *save_of("g2", ["Ana", "Ben"], when=2))
    assert rename_person(conn, "nobody", "X") == 0
    assert rename_person(conn, "ANA", "Anna") == 3  # the person and their two seats
    assert {r[0] for r in conn.execute("SELECT name FROM seats WHERE seat = 0")} == {"Anna"}
    with pytest.raises(ValueError):
        rename_person(conn, "Anna", "a\x1bb")
    assert rename_person(conn, "Cy", "Ben") > 0  # the same person after all: one
    assert count(conn, "people") == 2

    assert forget_person(conn, "ben") == 4  # the person and three seats
    gone = t("games.forgotten")
    person = conn.execute("SELECT id, key, name FROM people WHERE name = ?", (gone,)).fetchone()
    assert person["key"] == f"forgotten:{person['id']}"
    assert conn.execute("SELECT count(*) FROM seats WHERE name = 'Ben'").fetchone()[0] == 0
    assert count(conn, "games") == 2  # kept for the others

    assert delete_game(conn, "g1") and not delete_game(conn, "g1")
    assert count(conn, "games") == 1 and count(conn, "scorings") % 2 == 0
    whole(conn)


# --------------------------------------------------------------------------- import


def test_import_is_idempotent_and_skips_a_broken_save(home: Path) -> None:
    saves = home / "saves"
    saves.mkdir(parents=True)
    for n in range(3):
        save, _game = save_of(f"g{n}", ["Ana", "Ben"], when=n + 1)
        write_save(save, saves / f"g{n}.json")
    unfinished = save_from_game(random_game(5, upto=10, players=2), game_id="open")
    write_save(unfinished, saves / "open.json")
    (saves / "broken.json").write_text('{"format": "el-grande-save", ', encoding="utf-8")
    assert import_saves(home) == 3
    assert import_saves(home) == 0
    conn = open_games(home)
    assert {r[0] for r in conn.execute("SELECT id FROM games")} == {"g0", "g1", "g2"}
    assert {r[0] for r in conn.execute("SELECT source FROM games")} == {"imported"}
    whole(conn)
    conn.close()


# --------------------------------------------------------------------------- faults


def test_a_symlink_at_the_path_is_never_followed(home: Path, tmp_path: Path) -> None:
    home.mkdir(parents=True)
    target = tmp_path / "elsewhere.txt"
    target.write_text("not yours", encoding="utf-8")
    games_path(home).symlink_to(target)
    for write in (True, False):
        with pytest.raises(GamesUnavailable) as caught:
            open_games(home, write=write)
        assert "symbolic link" in caught.value.sentence
    assert target.read_text(encoding="utf-8") == "not yours"


def test_a_damaged_file_and_a_newer_version(home: Path) -> None:
    home.mkdir(parents=True)
    path = games_path(home)
    path.write_bytes(b"this is no database at all, just some text " * 40)
    before = path.read_bytes()
    with pytest.raises(GamesUnavailable) as caught:
        open_games(home, write=True)
    assert caught.value.sentence == t("games.corrupt", path=str(path))
    assert path.read_bytes() == before
    path.unlink()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 7")
    conn.close()
    for write in (True, False):
        with pytest.raises(GamesUnavailable) as caught:
            open_games(home, write=write)
        assert caught.value.sentence == t("games.newer", path=str(path), version=7, known=VERSION)
        assert caught.value.why == "newer" and caught.value.facts["version"] == 7


def test_read_only(home: Path, conn: sqlite3.Connection) -> None:
    record_game(conn, *save_of("g1", ["Ana", "Ben"]))
    conn.execute("PRAGMA query_only = ON")  # (the tests run as root: no mode bit stops a write)
    with pytest.raises(GamesUnavailable) as caught:
        record_game(conn, *save_of("g2", ["Ana", "Ben"]))
    assert caught.value.sentence == t("games.read_only", path=str(games_path(home)))
    assert count(conn, "games") == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes whatever the mode bits say")
def test_a_read_only_file(home: Path, conn: sqlite3.Connection) -> None:
    conn.close()
    path = games_path(home)
    path.chmod(0o444)
    try:
        with pytest.raises(GamesUnavailable):
            c = open_games(home, write=True)
            record_game(c, *save_of("g2", ["Ana", "Ben"]))
    finally:
        path.chmod(0o644)


def test_locked_by_another_writer(home: Path, conn: sqlite3.Connection) -> None:
    other = sqlite3.connect(games_path(home), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    other.execute("INSERT INTO ratings VALUES ('level:random', 1000, 1)")
    waiting = open_games(home, write=True, busy_ms=0)
    with pytest.raises(GamesUnavailable) as caught:
        record_game(waiting, *save_of("g1", ["Ana", "Ben"]))
    assert caught.value.sentence == t("games.locked", path=str(games_path(home)))
    assert count(waiting, "games") == 0  # readers read all the while
    other.execute("ROLLBACK")
    assert record_game(waiting, *save_of("g1", ["Ana", "Ben"]))
    other.close()
    waiting.close()


def test_a_full_disk(home: Path, conn: sqlite3.Connection) -> None:
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(GamesUnavailable) as caught:
        for n in range(20):
            record_game(conn, *save_of(f"g{n}", ["Ana", "Ben", "Cy", "Dee", "Eva"]))
    assert caught.value.sentence == t("games.full", path=str(games_path(home)))
    whole(conn)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_a_recorder_never_ends_the_game(home: Path, tmp_path: Path) -> None:
    """The database a link: the game's last choice is played all the same, the autosave
    writes its save, and the recorder says why it did not record (the next start does)."""
    save, game = save_of("g1", ["Ana", "Ben"])
    home.mkdir(parents=True)
    games_path(home).symlink_to(tmp_path / "nowhere")
    record = {**record_of(save), "choices": save.choices[:-1]}
    session = GameSession.from_record(record, setups_of(save))
    recorder = GamesRecorder(lambda: save, lambda: session.game, home)
    heard: list[bool] = []
    session.subscribe(recorder)
    listener = attach_autosave(session)
    session.subscribe(lambda update: heard.append(update.over))
    session.apply(session.game.parse(save.choices[-1]))
    assert session.game.over and heard == [True]
    assert recorder.problem is not None and "symbolic link" in recorder.problem
    assert listener.problem is None and listener.recorder is not None
    assert listener.recorder.problem is not None
    assert not (tmp_path / "nowhere").exists()
    games_path(home).unlink()
    assert import_saves(home) == 1  # the next start records it from its save


def test_the_autosave_records_the_game_when_it_ends(home: Path) -> None:
    save, _game = save_of("g1", ["Ana", "Ben"])
    record = {**record_of(save), "choices": save.choices[:-1]}
    session = GameSession.from_record(record, setups_of(save))
    listener = attach_autosave(session)
    session.apply(session.game.parse(save.choices[-1]))
    assert listener.recorder is not None and listener.recorder.problem is None
    conn = open_games(home)
    assert [r["source"] for r in conn.execute("SELECT source FROM games")] == ["played"]
    whole(conn)
    conn.close()
    assert import_saves(home) == 0


# --------------------------------------------------------------------------- kill -9

_CHILD = r"""
import sys
from pathlib import Path
from el_grande.persist.games import open_games, record_game
from el_grande.persist.store import load_game

home, block = Path(sys.argv[1]), sys.argv[2] == "block"
save, game = load_game(home / "saves" / "g.json", own=True)
conn = open_games(home, write=True)
n = 0

def trace(statement):
    if statement.startswith("INSERT INTO scorings"):
        print("inside", n, flush=True)
        if block and n == 3:
            sys.stdin.readline()  # waits inside the write, for the kill

conn.set_trace_callback(trace)
while True:
    record_game(conn, save.model_copy(update={"game_id": f"k{n}"}), game)
    n += 1
"""


@pytest.mark.parametrize("block", ["block", "run"])
def test_a_kill_mid_write_leaves_the_database_whole(home: Path, block: str) -> None:
    (home / "saves").mkdir(parents=True)
    save, _game = save_of("g", ["Ana", "Ben", "Cy"])
    write_save(save, home / "saves" / "g.json")
    env = {**os.environ, "EL_GRANDE_HOME": str(home)}
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(home), block],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert child.stdout is not None
    inside = -1
    for line in child.stdout:
        inside = int(line.split()[1])
        if inside >= 3:
            break
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    assert inside == 3 and child.returncode == -signal.SIGKILL
    conn = open_games(home, write=True)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    ids = {r[0] for r in conn.execute("SELECT id FROM games")}
    assert {"k0", "k1", "k2"} <= ids  # committed before it said it was inside the fourth
    if block == "block":
        assert ids == {"k0", "k1", "k2"}  # killed inside its transaction: not there at all
    whole(conn)
    conn.close()


# --------------------------------------------------------------------------- the app


def test_sqlite_waits_for_the_end_of_a_game() -> None:
    """The app and the autosave (loaded before a saved game's first frame) import no sqlite3
    (in a fresh process, after the flow and the saves: the last step of
    tests/flow/import_steps.py)."""
    from tests.flow.import_steps import imported

    assert imported()["app"] == []


async def test_the_app_imports_the_finished_saves_after_its_first_frame(home: Path) -> None:
    from el_grande.app.app import ElGrandeApp

    (home / "saves").mkdir(parents=True)
    save, _game = save_of("g1", ["Ana", "Ben"])
    write_save(save, home / "saves" / "g1.json")
    app = ElGrandeApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
    conn = open_games(home)
    assert [r[0] for r in conn.execute("SELECT id FROM games")] == ["g1"]
    conn.close()


def test_ratings_move_on_game_by_game_as_working_them_out_again(conn: sqlite3.Connection) -> None:
    """A game that ends after all the others moves its players' kept ratings on (no pass over
    every game); one recorded out of order drops them, worked out again when next read:
    either way the very numbers of working every game out in order."""
    from el_grande.persist import stats

    tables = [["Ana", "Ben", "Cy"], ["Ben", "Cy"], ["Cy", "Ana", "Dee", "Ben"], ["Ana", "Dee"]]
    for day, names in enumerate(tables, 1):
        save, game = save_of(f"g{day}", names, when=2 * day)
        assert record_game(conn, save, game)
        stats.ratings(conn)  # read: kept
    kept = {r.entrant: (r.rating, r.games) for r in stats.ratings(conn)}
    assert kept == stats.work_out_ratings(conn)
    save, game = save_of("g9", ["Dee", "Ben"], when=10)  # the latest: moved on
    record_game(conn, save, game)
    assert count(conn, "ratings") == 4
    moved = {r.entrant: (r.rating, r.games) for r in stats.ratings(conn)}
    assert moved == stats.work_out_ratings(conn) and moved != kept
    save, game = save_of("g0", ["Ana", "Cy"], when=1)  # before all the others: dropped
    record_game(conn, save, game)
    assert count(conn, "ratings") == 0
    again = {r.entrant: (r.rating, r.games) for r in stats.ratings(conn)}
    assert again == stats.work_out_ratings(conn)
