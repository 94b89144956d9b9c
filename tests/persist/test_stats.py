"""The statistics' queries (el_grande/persist/stats.py) and `el-grande stats`, on a few games
built by hand (every number below worked out on paper) and on the seeded generator."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path

import pytest

from el_grande.cli import main
from el_grande.names import person_key
from el_grande.persist import games, stats
from el_grande.persist.games import ranks


def _game(
    conn: sqlite3.Connection, gid: str, when: str, seats: list[tuple[str | None, str | None, int]]
) -> None:
    """A recorded game: `seats` = (person's name or None, level or None, score)."""
    scores = [s for _, _, s in seats]
    best, rank = max(scores), ranks(scores)
    winners = [i for i, s in enumerate(scores) if s == best]
    conn.execute("BEGIN")
    conn.execute(
        "INSERT INTO games VALUES (?, 'hotseat', ?, ?, 9, 1, 'open', 1, '1', '', 'played', NULL)",
        (gid, when, len(seats)),
    )
    for i, (name, level, score) in enumerate(seats):
        person = None
        if name is not None:
            conn.execute(
                "INSERT OR IGNORE INTO people (key, name, last_seen) VALUES (?, ?, ?)",
                (person_key(name), name, when),
            )
            person = conn.execute(
                "SELECT id FROM people WHERE key = ?", (person_key(name),)
            ).fetchone()[0]
        other = max(s for j, s in enumerate(scores) if j != i)
        conn.execute(
            "INSERT INTO seats VALUES (?, ?, ?, ?, ?, '[]', ?, ?, ?, ?, ?, 0)",
            (
                gid,
                i,
                person,
                level,
                name or level,
                score,
                rank[i],
                int(i in winners),
                int(i in winners and len(winners) > 1),
                score - other,
            ),
        )
    conn.execute("DELETE FROM ratings")
    conn.execute("COMMIT")


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> sqlite3.Connection:
    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    conn = games.open_games(tmp_path, write=True)
    _game(
        conn,
        "g1",
        "2026-01-01T10:00:00Z",
        [("Ana", None, 80), ("Ben", None, 70), (None, "greedy", 60)],
    )
    _game(conn, "g2", "2026-01-02T10:00:00Z", [("ANA", None, 50), ("Ben", None, 90)])
    _game(conn, "g3", "2026-01-03T10:00:00Z", [("Ana", None, 75), (None, "greedy", 75)])
    _game(conn, "g4", "2026-01-04T10:00:00Z", [("Ben", None, 66), ("[bold]Cy", None, 65)])
    return conn


def test_a_persons_record_by_any_spelling(db: sqlite3.Connection) -> None:
    r = stats.record(db, "ana")
    assert r is not None
    assert r.name == "Ana"  # the first spelling stays the person's (people are keyed once)
    assert (r.games, r.wins, r.shared) == (3, 2, 1)
    assert r.average == pytest.approx((80 + 50 + 75) / 3)
    assert r.margin == pytest.approx((10 - 40 + 0) / 3)
    assert r.best == 80
    assert r.by_players == ((2, 2, 1), (3, 1, 1))
    # g2 against people only (lost); g1 and g3 against the greedy player (both won)
    assert r.by_opponent == (("people", 1, 0), ("level:greedy", 2, 2))
    assert stats.record(db, "nobody") is None


def test_a_levels_record_and_everybody(db: sqlite3.Connection) -> None:
    g = stats.record(db, "level:greedy")
    assert g is not None and (g.games, g.wins, g.shared) == (2, 1, 1)
    names = [r.name for r in stats.people(db)]
    assert names == ["Ana", "Ben", "[bold]Cy"]  # most games first, then by name
    assert [r.name for r in stats.levels(db)] == ["level:greedy"]


def test_head_to_head(db: sqlite3.Connection) -> None:
    h = stats.head_to_head(db, "Ana", "Ben")
    assert (h.games, h.a_wins, h.b_wins, h.a_ahead, h.b_ahead) == (2, 1, 1, 1, 1)
    assert h.a_average == pytest.approx(65) and h.b_average == pytest.approx(80)
    assert stats.head_to_head(db, "Ana", "[bold]cy").games == 0


def test_ratings_are_elo_in_the_order_played_and_kept(db: sqlite3.Connection) -> None:
    worked = stats.work_out_ratings(db)
    # g1 by hand: everybody at 1500, K = 32 / 2 a pair: Ana +8 +8, Ben -8 +8, greedy -16.
    # After all four games the sum stays 4 × 1500 (every pair's change is zero-sum).
    assert sum(r for r, _ in worked.values()) == pytest.approx(4 * 1500, abs=0.5)
    first = stats.ratings(db)
    assert [r.rating for r in first] == sorted((r.rating for r in first), reverse=True)
    assert db.execute("SELECT COUNT(*) FROM ratings").fetchone()[0] == 4  # kept
    assert stats.ratings(db) == first  # read back, the same
    _game(db, "g5", "2026-01-05T10:00:00Z", [("Ana", None, 99), ("Ben", None, 1)])
    assert db.execute("SELECT COUNT(*) FROM ratings").fetchone()[0] == 0  # a write empties it
    ana = next(r for r in stats.ratings(db) if r.name == "Ana")
    assert ana.rating > next(r for r in first if r.name == "Ana").rating


def test_elo_by_hand_for_one_game(tmp_path: Path) -> None:
    conn = games.open_games(tmp_path, write=True)
    _game(
        conn,
        "g1",
        "2026-01-01T10:00:00Z",
        [("Ana", None, 80), ("Ben", None, 70), (None, "greedy", 60)],
    )
    worked = stats.work_out_ratings(conn)
    ana, ben = (f"person:{i}" for i in (1, 2))
    assert worked[ana] == (1516.0, 1) and worked[ben] == (1500.0, 1)
    assert worked["level:greedy"] == (1484.0, 1)


def test_trend_in_equal_stretches(db: sqlite3.Connection) -> None:
    points = stats.trend(db, "Ben", buckets=2)
    assert [(p.label, p.games, p.wins) for p in points] == [
        ("2026-01-01", 1, 0),
        ("2026-01-02", 2, 2),
    ]
    assert stats.trend(db, "nobody") == ()


def test_the_generator_is_seeded(tmp_path: Path) -> None:
    a = games.open_games(tmp_path / "a", write=True)
    b = games.open_games(tmp_path / "b", write=True)
    stats.fill(a, 200, 5)
    stats.fill(b, 200, 5)
    dump = "SELECT game, seat, person, level, score, rank, won FROM seats ORDER BY game, seat"
    assert a.execute(dump).fetchall() == b.execute(dump).fetchall()
    assert a.execute("PRAGMA foreign_key_check").fetchall() == []
    assert stats.ratings(a) == stats.ratings(b)


QUERIES = {
    "record": "SELECT COUNT(*), TOTAL(won), TOTAL(shared), AVG(score), AVG(margin), MAX(score) "
    "FROM seats s WHERE s.person = 1",
    "people": "SELECT s.person, COUNT(*), TOTAL(s.won) FROM seats s JOIN people p "
    "ON p.id = s.person GROUP BY p.id",
    "level": "SELECT COUNT(*), TOTAL(won) FROM seats s WHERE s.level = 'greedy'",
    "trend": "SELECT g.finished_at, s.won, s.score FROM seats s JOIN games g ON g.id = s.game "
    "WHERE s.person = 1 ORDER BY g.finished_at, g.id",
    "h2h": "SELECT COUNT(*) FROM seats x JOIN seats y ON y.game = x.game AND y.seat <> x.seat "
    "WHERE x.person = 1 AND y.person = 2",
    "who": "SELECT id, name FROM people WHERE key = 'ana'",
}


@pytest.mark.parametrize("query", sorted(QUERIES))
def test_the_queries_use_the_indexes(tmp_path: Path, query: str) -> None:
    """At 100 000 games a scan of the seats is what makes `stats NAME` slow: every query of a
    person's or a level's rows goes through an index (EXPLAIN QUERY PLAN)."""
    conn = games.open_games(tmp_path, write=True)
    stats.fill(conn, 50, 1)
    conn.execute("ANALYZE")
    steps = [str(r[3]) for r in conn.execute("EXPLAIN QUERY PLAN " + QUERIES[query])]
    assert any("INDEX" in step for step in steps), steps
    # no games or seats read whole (the people are a row a person: read whole for everybody)
    for step in steps:
        if step.startswith("SCAN") and step not in ("SCAN p", "SCAN people"):
            assert "COVERING INDEX" in step, steps


# --- the command -----------------------------------------------------------------------------


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--lang", "en", "stats", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_command_everybody_a_record_and_head_to_head(
    db: sqlite3.Connection, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(
        capsys,
    )
    assert code == 0 and "Ana" in out and "[bold]Cy" in out  # a markup-looking name, as text
    assert "computer: medium" in out  # (the registry names the greedy level)
    code, out, _ = _run(capsys, "ana")
    assert code == 0 and "3 games, 2 won (67 %, 1 shared)" in out
    code, out, _ = _run(capsys, "Ana", "--vs", "Ben")
    assert code == 0 and "Ana against Ben" in out


def test_the_command_as_json_and_csv(
    db: sqlite3.Connection, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(capsys, "Ana", "--json")
    data = json.loads(out)
    assert code == 0 and data["games"] == 3 and data["by_opponent"][1] == ["level:greedy", 2, 2]
    assert [p["games"] for p in data["trend"]] == [1, 1, 1]
    code, out, _ = _run(capsys, "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and rows[0]["name"] == "Ana" and rows[0]["games"] == "3"


def test_the_command_refuses_in_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    code, out, _ = _run(capsys)
    assert code == 0 and "No games are recorded yet" in out
    (tmp_path / "games.sqlite").write_bytes(b"not a database at all" * 100)
    code, out, err = _run(capsys, "Ana")
    assert code == 1 and out == "" and err.count("\n") == 1 and "Traceback" not in err


def test_changes_are_asked_first(
    db: sqlite3.Connection, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(capsys, "--forget", "Ana")  # no terminal here: not asked, not done
    assert code == 1 and "--yes" in err
    assert stats.record(db, "Ana") is not None
    code, out, _ = _run(capsys, "--rename", "Ana", "Anna", "--yes")
    assert code == 0 and stats.record(db, "Anna") is not None and stats.record(db, "Ana") is None
    code, _, err = _run(capsys, "--delete-game", "nope", "--yes")
    assert code == 1 and "nope" in err
    code, _, _ = _run(capsys, "--delete-game", "g4", "--yes")
    assert code == 0 and stats.record(db, "[bold]Cy") is None
