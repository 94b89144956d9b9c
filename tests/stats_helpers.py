"""A small hand-built games database for the statistics' tests (tests/persist/test_stats.py,
tests/test_stats_cli.py): games recorded straight into the store's schema, every number
checkable by hand."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from el_grande.names import person_key
from el_grande.persist import games
from el_grande.persist.games import ranks


def game(
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


def four_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> sqlite3.Connection:
    """Ana, Ben, the greedy player and '[bold]Cy' in four games (the data folder: tmp_path)."""
    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    conn = games.open_games(tmp_path, write=True)
    game(
        conn,
        "g1",
        "2026-01-01T10:00:00Z",
        [("Ana", None, 80), ("Ben", None, 70), (None, "greedy", 60)],
    )
    game(conn, "g2", "2026-01-02T10:00:00Z", [("ANA", None, 50), ("Ben", None, 90)])
    game(conn, "g3", "2026-01-03T10:00:00Z", [("Ana", None, 75), (None, "greedy", 75)])
    game(conn, "g4", "2026-01-04T10:00:00Z", [("Ben", None, 66), ("[bold]Cy", None, 65)])
    return conn
