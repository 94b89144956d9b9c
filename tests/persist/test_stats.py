"""The statistics' queries (el_grande/persist/stats.py), on a few games built by hand (every
number below worked out on paper: tests/stats_helpers.py) and on the seeded generator; the
command is tests/test_stats_cli.py."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from el_grande.persist import games, stats
from tests.stats_helpers import four_games, game


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> sqlite3.Connection:
    return four_games(tmp_path, monkeypatch)


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
    game(db, "g5", "2026-01-05T10:00:00Z", [("Ana", None, 99), ("Ben", None, 1)])
    assert db.execute("SELECT COUNT(*) FROM ratings").fetchone()[0] == 0  # a write empties it
    ana = next(r for r in stats.ratings(db) if r.name == "Ana")
    assert ana.rating > next(r for r in first if r.name == "Ana").rating


def test_elo_by_hand_for_one_game(tmp_path: Path) -> None:
    conn = games.open_games(tmp_path, write=True)
    game(
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


def test_every_kind_of_opponent_once_a_seat(tmp_path: Path) -> None:
    conn = games.open_games(tmp_path, write=True)
    game(
        conn,
        "g1",
        "2026-01-01T10:00:00Z",
        [("Ana", None, 90), (None, "greedy", 50), (None, "random", 40), (None, "greedy", 40)],
    )
    game(conn, "g2", "2026-01-02T10:00:00Z", [("Ana", None, 40), ("Ben", None, 60)])
    ana = stats.record(conn, "Ana")
    assert ana is not None
    # g1 counts once against each level at the table (two greedy players: once), g2 people only
    assert ana.by_opponent == (("people", 1, 0), ("level:greedy", 1, 1), ("level:random", 1, 1))
    assert ana.by_players == ((2, 1, 0), (4, 1, 1))
    greedy = stats.record(conn, "level:greedy")
    assert greedy is not None and (greedy.games, greedy.wins, greedy.shared) == (2, 0, 0)
    # each greedy seat had the other greedy player and the random one among its opponents
    assert greedy.by_opponent == (("level:greedy", 2, 0), ("level:random", 2, 0))
    assert greedy.margin == pytest.approx((-40 - 50) / 2)


def test_the_queries_use_the_indexes(tmp_path: Path) -> None:
    """At 100 000 games a read of every seat or every game is what makes `stats NAME` slow:
    every query the statistics run (traced as they run, the planner without ANALYZE as in the
    app) reads the seats and the games through an index; only the small tables (the people,
    a row a person; the kept ratings) are read whole."""
    conn = games.open_games(tmp_path, write=True)
    stats.fill(conn, 60, 1)  # (ratings kept: their one pass over every game is not asked here)
    ran: list[str] = []
    conn.set_trace_callback(ran.append)
    for name in ("Ana", "level:greedy"):
        stats.record(conn, name)
        stats.trend(conn, name)
    stats.people(conn)
    stats.levels(conn)
    stats.head_to_head(conn, "Ana", "Ben")
    stats.head_to_head(conn, "Ana", "level:greedy")
    stats.ratings(conn)
    conn.set_trace_callback(None)
    queries = list(dict.fromkeys(q for q in ran if q.lstrip().upper().startswith("SELECT")))
    assert len(queries) >= 10, queries
    for query in queries:
        steps = [str(r[3]) for r in conn.execute("EXPLAIN QUERY PLAN " + query)]
        scans = [s for s in steps if s.startswith("SCAN")]
        assert all(s in ("SCAN p", "SCAN people", "SCAN ratings") for s in scans), (query, steps)
        if re.search(r"\b(FROM|JOIN) (seats|games)\b", query):
            assert any("INDEX" in s for s in steps), (query, steps)
