"""A tournament's file (persist/games.py, version 2; el_grande/tournament): the migration from
version 1, each game once by its index, a writer killed inside a game's transaction and the
run resumed (nothing recorded lost, nothing twice, the same results as a run never
stopped), a different plan refused, and hostile files — not SQLite, a newer version, a
symbolic link, read-only, locked, the app's own games database — each one sentence, and
nothing changed."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from el_grande.persist import games
from el_grande.tournament.command import file_sentence, main
from el_grande.tournament.match import play
from el_grande.tournament.plan import Plan, parse_lineup

from .helpers import FLAGS, stored

PLAN = Plan(players=2, games=8, seed=3, lineup=parse_lineup("greedy,random", 2), rounds=6)


def _v1(path: Path) -> None:
    """A games database as version 1 left it (its tables; no tournament's)."""
    conn = games.open_database(path, write=True)
    conn.execute("INSERT INTO ratings VALUES ('level:greedy', 1600, 3)")
    for table in ("tournament_seats", "tournament_games", "tournaments"):
        conn.execute(f"DROP TABLE {table}")
    conn.execute("PRAGMA user_version = 1")
    conn.close()


def test_version_1_is_read_as_it_is_and_written_as_version_2(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    _v1(path)
    before = path.read_bytes()
    conn = games.open_database(path)  # reading: nothing migrated, nothing written
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 1
    assert conn.execute("SELECT rating FROM ratings").fetchone()[0] == 1600
    conn.close()
    assert path.read_bytes() == before
    conn = games.open_database(path, write=True)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    assert conn.execute("SELECT rating FROM ratings").fetchone()[0] == 1600  # kept
    tournament = games.start_tournament(conn, PLAN.to_json(), "test")
    assert games.start_tournament(conn, PLAN.to_json(), "test") == tournament  # one a plan
    conn.close()


def test_a_game_is_recorded_once_with_its_seats(tmp_path: Path) -> None:
    conn = games.open_database(tmp_path / "t.sqlite", write=True)
    tournament = games.start_tournament(conn, PLAN.to_json(), "test")
    game = play(PLAN, 5)
    assert game["seed"] == 5 and game["rotation"] == 1 and game["void"] is None
    assert [s["entrant"] for s in game["seats"]] == ["random", "greedy"]  # turned by one
    assert games.record_tournament_game(conn, tournament, game)
    assert not games.record_tournament_game(conn, tournament, {**game, "seconds": 9.0})
    row = conn.execute("SELECT count(*), max(seconds) FROM tournament_games").fetchone()
    assert tuple(row) == (1, game["seconds"])  # the first write stands
    assert conn.execute("SELECT count(*) FROM tournament_seats").fetchone()[0] == 2
    conn.close()


# --------------------------------------------------------------------------- kill -9

_CHILD = r"""
import sys
from pathlib import Path
from el_grande.persist.games import open_database, record_tournament_game, start_tournament
from el_grande.tournament.match import play
from el_grande.tournament.plan import Plan

plan = Plan.from_json(sys.argv[2])
conn = open_database(Path(sys.argv[1]), write=True)
tournament = start_tournament(conn, plan.to_json(), "test")
n = 0

def trace(statement):
    if statement.startswith("INSERT INTO tournament_seats"):
        print("inside", n, flush=True)
        if n == 3:
            sys.stdin.readline()  # waits inside the fourth game's write, for the kill

conn.set_trace_callback(trace)
for index in range(plan.games):
    record_tournament_game(conn, tournament, play(plan, index))
    n += 1
"""


def test_a_run_killed_inside_a_write_resumes_to_the_same_results(
    tmp_path: Path, tournament: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tournament` is the same plan played without a stop; this one is killed (SIGKILL)
    inside the transaction of its fourth game, then resumed by the same command."""
    path = tmp_path / "killed.sqlite"
    child = subprocess.Popen(
        [sys.executable, "-c", _CHILD, str(path), PLAN.to_json()],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    inside = -1
    for line in child.stdout:
        inside = int(line.split()[1])
        if inside >= 3:
            break
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=60)
    assert inside == 3 and child.returncode == -signal.SIGKILL
    conn = games.open_database(path, write=True)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert [r[0] for r in conn.execute("SELECT game FROM tournament_games")] == [0, 1, 2]
    assert conn.execute("SELECT count(*) FROM tournament_seats").fetchone()[0] == 6  # whole
    conn.close()
    capsys.readouterr()
    assert main(["--db", str(path), *FLAGS, "--entrants", "greedy,random"]) == 0
    said = capsys.readouterr().err
    assert "3 of 8 games are recorded" in said and "playing the other 5" in said
    assert stored(path) == stored(tournament)  # nothing lost, nothing twice, the same games
    assert main(["--db", str(path), "--resume"]) == 0  # nothing left: the report
    assert stored(path) == stored(tournament)


def test_a_different_plan_is_refused(tournament: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = stored(tournament)
    capsys.readouterr()
    flags = [f if f != "8" else "10" for f in FLAGS]
    assert main(["--db", str(tournament), *flags, "--entrants", "greedy,random"]) == 2
    said = capsys.readouterr().err.strip()
    assert said.count("\n") == 0 and "holds a tournament of another plan" in said
    assert "games 8 there, 10 here" in said
    assert main(["--db", str(tournament), "--resume", "--entrants", "random,greedy"]) == 2
    assert "entrants greedy,random there, random,greedy here" in capsys.readouterr().err
    assert main(["--db", str(tournament), "--players", "2"]) == 2  # no plan: --resume?
    assert "--resume goes on with it" in capsys.readouterr().err
    assert stored(tournament) == before


# --------------------------------------------------------------------------- hostile files


def _one_sentence(capsys: pytest.CaptureFixture[str]) -> str:
    said = capsys.readouterr().err.strip()
    assert said.startswith("el-grande tournament: ") and "\n" not in said, said
    return said


def test_hostile_files_are_one_sentence_and_left_as_they_are(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    new = ["--entrants", "greedy,random", *FLAGS]
    text = tmp_path / "notes.sqlite"
    text.write_bytes(b"these are my notes, not a database " * 40)
    assert main(["--db", str(text), *new]) == 1
    assert "is not a tournament database El Grande can read" in _one_sentence(capsys)
    assert main(["--db", str(text), "--report"]) == 1
    assert "is not a tournament database" in _one_sentence(capsys)
    assert text.read_bytes() == b"these are my notes, not a database " * 40

    newer = tmp_path / "newer.sqlite"
    conn = sqlite3.connect(newer)
    conn.execute("PRAGMA user_version = 99")
    conn.close()
    assert main(["--db", str(newer), *new]) == 1
    assert "newer version of El Grande (its version 99, this one knows 2)" in _one_sentence(capsys)
    assert sqlite3.connect(newer).execute("PRAGMA user_version").fetchone()[0] == 99

    link = tmp_path / "link.sqlite"
    link.symlink_to(text)
    for args in (new, ["--report"]):
        assert main(["--db", str(link), *args]) == 1
        assert "is a symbolic link, not a tournament database" in _one_sentence(capsys)

    mine = tmp_path / "games.sqlite"  # the app's games database, with a game in it
    conn = games.open_database(mine, write=True)
    conn.execute(
        "INSERT INTO games VALUES ('g', 'bots', '2026', 2, 9, 1, 'open', 0, '1', '', 'played',"
        " NULL)"
    )
    conn.close()
    assert main(["--db", str(mine), *new]) == 2
    assert "is El Grande's games database (1 games), not a tournament's" in _one_sentence(capsys)
    assert main(["--db", str(mine), "--report"]) == 1
    assert "holds no tournament" in _one_sentence(capsys)
    assert sqlite3.connect(mine).execute("SELECT count(*) FROM tournaments").fetchone()[0] == 0

    assert main(["--db", str(tmp_path / "none.sqlite"), "--resume"]) == 2
    assert "holds no tournament to resume" in _one_sentence(capsys)
    assert main(["--db", str(tmp_path / "none.sqlite"), "--report"]) == 1
    assert "does not exist" in _one_sentence(capsys)
    assert not (tmp_path / "none.sqlite").exists()


def test_a_locked_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.sqlite"
    games.open_database(path, write=True).close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer, in the middle of its write
    monkeypatch.setattr(games, "BUSY_MS", 0)
    assert main(["--db", str(path), "--entrants", "greedy,random", *FLAGS]) == 1
    assert "is in use by another program (locked)" in _one_sentence(capsys)
    other.execute("ROLLBACK")
    other.close()
    assert sqlite3.connect(path).execute("SELECT count(*) FROM tournaments").fetchone()[0] == 0


def test_a_read_only_file_mid_run_is_one_sentence(tmp_path: Path) -> None:
    """(Tests run as root, whom no mode bit stops: the connection is made read-only.)"""
    conn = games.open_database(tmp_path / "t.sqlite", write=True)
    tournament = games.start_tournament(conn, PLAN.to_json(), "test")
    conn.execute("PRAGMA query_only = ON")
    with pytest.raises(games.GamesUnavailable) as caught:
        games.record_tournament_game(conn, tournament, play(PLAN, 0))
    assert caught.value.why == "read_only"
    assert file_sentence(caught.value) == (
        f"{tmp_path / 't.sqlite'} cannot be written (read-only): nothing was changed"
    )
    assert conn.execute("SELECT count(*) FROM tournament_games").fetchone()[0] == 0
    conn.close()
