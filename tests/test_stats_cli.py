"""`el-grande stats` (el_grande/stats_cli.py) on a few games built by hand
(tests/stats_helpers.py): text, JSON and CSV with stable field names, names printed as text,
one sentence for every refusal, changes asked first."""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
from pathlib import Path

import pytest

from el_grande.cli import main
from el_grande.persist import stats
from tests.stats_helpers import four_games, game


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> sqlite3.Connection:
    return four_games(tmp_path, monkeypatch)


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


RECORD_FIELDS = [
    "name",
    "games",
    "wins",
    "shared",
    "average",
    "margin",
    "by_players",
    "by_opponent",
    "rating",
    "best",
    "hints",
    "trend",
]
ROW_FIELDS = ["name", "games", "wins", "shared", "average", "margin", "best", "rating"]


def test_the_machine_readable_field_names_stay(
    db: sqlite3.Connection, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = _run(capsys, "Ana", "--json")
    assert code == 0 and list(json.loads(out)) == RECORD_FIELDS
    code, out, _ = _run(capsys, "--json")
    rows = json.loads(out)
    assert code == 0 and [list(r) for r in rows] == [ROW_FIELDS] * len(rows)
    assert [r["name"] for r in rows] == ["Ana", "Ben", "[bold]Cy", "level:greedy"]
    code, out, _ = _run(capsys, "Ana", "--csv")
    assert code == 0 and out.splitlines()[0] == ",".join(ROW_FIELDS)
    code, out, _ = _run(capsys, "Ana", "--vs", "Ben", "--json")
    h2h = json.loads(out)[0]
    assert code == 0 and (h2h["a"], h2h["b"], h2h["games"], h2h["a_wins"]) == ("Ana", "Ben", 2, 1)


def test_a_name_is_printed_as_text_never_markup(
    db: sqlite3.Connection, capsys: pytest.CaptureFixture[str]
) -> None:
    game(db, "g5", "2026-01-05T10:00:00Z", [("[red]Zed\x1b[2J", None, 70), ("Ben", None, 60)])
    code, out, _ = _run(capsys, "[bold]Cy")
    assert code == 0 and out.splitlines()[0] == "[bold]Cy"
    code, out, _ = _run(capsys, "[red]Zed\x1b[2J")
    assert code == 0 and "[red]Zed" in out and "\x1b" not in out
    code, out, _ = _run(capsys)
    assert "[bold]Cy" in out and "\x1b" not in out


def test_an_unknown_name_and_no_game_together_are_one_sentence(
    db: sqlite3.Connection, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(capsys, "Nobody")
    assert (code, out) == (1, "") and err == "No recorded game has a player called Nobody.\n"
    code, out, err = _run(capsys, "Ana", "--vs", "[bold]Cy")
    assert (code, out) == (1, "") and err == "Ana and [bold]Cy have no recorded game together.\n"


def test_a_database_that_cannot_be_opened_is_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    os.symlink(tmp_path / "elsewhere.sqlite", tmp_path / "games.sqlite")
    for argv in ((), ("Ana",), ("--forget", "Ana", "--yes")):
        code, out, err = _run(capsys, *argv)
        assert (code, out) == (1, "") and err.count("\n") == 1 and "Traceback" not in err


def test_in_korean(db: sqlite3.Connection, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--lang", "ko", "stats", "Nobody"])
    err = capsys.readouterr().err
    assert code == 1 and "Nobody" in err and "No recorded" not in err
    assert stats.record(db, "Nobody") is None


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("answer", "done"), [("n\n", False), ("\n", False), ("y\n", True)])
def test_a_terminal_is_asked_y_or_n(
    db: sqlite3.Connection,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    answer: str,
    done: bool,
) -> None:
    monkeypatch.setattr("sys.stdin", _Terminal(answer))
    code, out, _ = _run(capsys, "--forget", "Ben")
    assert "Forget Ben?" in out and "[y/N]" in out
    assert (code == 0) is done and (stats.record(db, "Ben") is None) is done
