"""What the tournament's tests share: a small plan's flags, and the stored results of a file
read back (without the timings, the host and the times: what must be the same however the
games were played)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

#: A small tournament: 2 players, 6 rounds, 8 games (4 deals, each in both rotations).
FLAGS = ["--players", "2", "--games", "8", "--seed", "3", "--rounds", "6", "--no-progress"]


def stored(path: Path) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """Every game of the file (index, seed, rotation, void, choices) and every seat (game,
    seat, entrant, score, won, shared, margin, decisions), in order."""
    conn = sqlite3.connect(path)
    try:
        games = conn.execute(
            "SELECT game, seed, rotation, void, choices FROM tournament_games ORDER BY game"
        ).fetchall()
        seats = conn.execute(
            "SELECT game, seat, entrant, score, won, shared, margin, decisions"
            " FROM tournament_seats ORDER BY game, seat"
        ).fetchall()
    finally:
        conn.close()
    return games, seats
