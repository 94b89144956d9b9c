"""The sheet's file: it round-trips, it is written atomically in the data folder, and a file
that cannot be used is one sentence, changes nothing and is kept aside (never a crash)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from el_grande.sheet import store
from el_grande.sheet.model import Sheet
from el_grande.sheet.store import SheetFile, load, sheet_from_json, sheet_path, to_json
from el_grande.text import use

from .positions import designed, played
from .test_model import enter


def full_sheet(players: int = 4) -> Sheet:
    boards = played(players, 8)
    sheet = Sheet.new(["Ana", "김민준", "Cy", "Dee", "Eve"][:players])
    for k, board in enumerate(boards[:2]):
        enter(sheet, k, board)
    enter(sheet, 2, designed(players))
    sheet.go_to(1)
    return sheet


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_sheet_round_trips_through_its_file(tmp_path: Path, players: int) -> None:
    sheet = full_sheet(players)
    path = tmp_path / "sheet.json"
    file = SheetFile(path)
    assert file.save(sheet) is None and file.problem is None
    opened = load(path)
    assert opened.problem is None and opened.sheet == sheet
    assert opened.sheet.gains() == sheet.gains() and opened.sheet.current == 1
    assert "김민준" in path.read_text(encoding="utf-8")  # names readable, not \\uXXXX
    assert json.loads(path.read_text()) == json.loads(to_json(sheet))
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.json"]  # no temporary file left


def test_the_sheet_lives_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path / "home"))
    assert sheet_path() == tmp_path / "home" / "sheet.json"
    assert load().sheet is None and load().problem is None  # none yet: names first
    SheetFile(sheet_path()).save(Sheet.new(["Ana", "Ben"]))  # the folder is made
    assert load().sheet == Sheet.new(["Ana", "Ben"])


def test_an_empty_file_is_no_sheet_yet(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    path.write_text("  \n")
    opened = load(path)
    assert opened.sheet is None and opened.problem is None


def _good() -> dict[str, object]:
    return json.loads(to_json(full_sheet(3)))


def _with(change: object) -> str:
    data = _good()
    change(data)  # type: ignore[operator]
    return json.dumps(data)


def _board(data: dict, k: int = 0) -> dict:  # type: ignore[type-arg]
    return data["scorings"][k]  # type: ignore[no-any-return]


BAD: dict[str, tuple[bytes | str, str]] = {
    "not json": ("{ not json", "not valid JSON (line 1, column 3)"),
    "not utf-8": (b"\xff\xfe{}", "not UTF-8 text"),
    "a list": ("[1, 2]", "not an El Grande scoring sheet"),
    "another format": (_with(lambda d: d.update(format="el-grande-save")), "not an El Grande"),
    "newer": (_with(lambda d: d.update(version=9)), "newer El Grande (sheet format 9"),
    "version as text": (_with(lambda d: d.update(version="1")), "version must be a whole number"),
    "an unknown key": (_with(lambda d: d.update(colours=[])), "colours is not part of"),
    "one player": (_with(lambda d: d.update(players=["Ana"])), "players: A sheet needs 2 to 5"),
    "two alike": (_with(lambda d: d.update(players=["Ana", "ANA", "Cy"])), "Two players are"),
    "an escape code": (
        _with(lambda d: d.update(players=["Ana", "B\x1b]0;x\x07", "Cy"])),
        "U+001B",
    ),
    "an empty name": (_with(lambda d: d.update(players=["Ana", "", "Cy"])), "may not be empty"),
    "names not text": (_with(lambda d: d.update(players=[1, 2])), "players must be a list"),
    "two scorings": (_with(lambda d: d["scorings"].pop()), "scorings must be a list of 3"),
    "a count as text": (
        _with(lambda d: _board(d)["caballeros"].update(aragon=[1, "2", 0])),
        "scorings[0].caballeros.aragon must be a list of 3 whole numbers",
    ),
    "a count true": (
        _with(lambda d: _board(d)["caballeros"].update(aragon=[1, True, 0])),
        "whole numbers (found [1, true, 0])",
    ),
    "a short row": (
        _with(lambda d: _board(d)["caballeros"].update(aragon=[1, 2])),
        "aragon must be a list of 3",
    ),
    "a count too high": (
        _with(lambda d: _board(d)["caballeros"].update(aragon=[31, 0, 0])),
        "aragon[0]: A count is a whole number from 0 to 30",
    ),
    "a negative count": (
        _with(lambda d: _board(d, 2)["caballeros"].update(seville=[0, -1, 0])),
        "scorings[2].caballeros.seville[1]: A count",
    ),
    "more than 30 in play": (
        _with(lambda d: _board(d)["caballeros"].update(castillo=[0, 0, 30])),
        "Cy would have",
    ),
    "an unknown place": (
        _with(lambda d: _board(d)["caballeros"].update(madrid=[0, 0, 0])),
        "scorings[0].caballeros.madrid is not part of",
    ),
    "the King in the Castillo": (
        _with(lambda d: _board(d).update(king="castillo")),
        "scorings[0].king must be one of the nine regions",
    ),
    "a Grande nowhere": (
        _with(lambda d: _board(d).update(homes=["aragon", "atlantis", None])),
        "homes[1] must be one of the nine regions' ids",
    ),
    "homes too few": (_with(lambda d: _board(d).update(homes=["aragon"])), "homes must be"),
    "two boards on a place": (
        _with(lambda d: _board(d).update(scoreboards={"8/4/0": "aragon", "4/0/0": "aragon"})),
        "Aragon already holds the 8/4/0 scoreboard",
    ),
    "a third scoreboard": (
        _with(lambda d: _board(d).update(scoreboards={"6/3/0": "aragon"})),
        "scoreboards.6/3/0 is not part of",
    ),
    "a scoring out of range": (
        _with(lambda d: d.update(current=3)),
        "current must be a whole number from 0 to 2 (found 3)",
    ),
    "deep": ("[" * 30_000 + "]" * 30_000, "JSON is nested too deeply"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_file_that_cannot_be_used_is_one_sentence_and_is_kept_aside(
    case: str, tmp_path: Path
) -> None:
    content, says = BAD[case]
    path = tmp_path / "sheet.json"
    raw = content if isinstance(content, bytes) else content.encode()
    path.write_bytes(raw)
    opened = load(path)
    assert opened.sheet is None and opened.problem is not None
    problem = opened.problem
    assert says in problem, problem
    assert problem.startswith(f"The scoring sheet in {path} cannot be used: ")
    assert problem.endswith("when the new sheet is first saved.") and "\n" not in problem
    assert "\x1b" not in problem and "\x07" not in problem
    assert path.read_bytes() == raw  # looking changes nothing
    # The new sheet's first save keeps the old file aside, whole.
    new = Sheet.new(["Ana", "Ben"])
    kept = SheetFile.of(opened).save(new)
    assert kept == tmp_path / "sheet.bad.json" and kept.read_bytes() == raw
    assert load(path).sheet == new


def test_a_directory_or_a_huge_file_is_said_in_a_sentence(tmp_path: Path) -> None:
    folder = tmp_path / "sheet.json"
    folder.mkdir()
    assert "not a regular file" in str(load(folder).problem)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (store.MAX_BYTES + 1))
    assert "larger than 64 KiB" in str(load(big).problem)


def test_a_second_bad_file_does_not_replace_the_first_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    (tmp_path / "sheet.bad.json").write_text("the first")
    path.write_text("the second")
    opened = load(path)
    assert opened.aside == tmp_path / "sheet.bad-2.json"
    assert "kept as sheet.bad-2.json" in str(opened.problem)
    SheetFile.of(opened).save(Sheet.new(["Ana", "Ben"]))
    assert (tmp_path / "sheet.bad.json").read_text() == "the first"
    assert (tmp_path / "sheet.bad-2.json").read_text() == "the second"


def test_a_save_that_fails_says_why_and_raises_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    file = SheetFile(blocker / "sheet.json")  # its folder is a file
    assert file.save(Sheet.new(["Ana", "Ben"])) is None
    assert file.problem is not None
    assert file.problem.startswith(f"The sheet cannot be saved to {blocker / 'sheet.json'}: ")
    blocker.unlink()
    assert file.save(Sheet.new(["Ana", "Ben"])) is None and file.problem is None  # tried again


def test_an_unreadable_file_is_a_sentence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "sheet.json"
    path.write_text(to_json(Sheet.new(["Ana", "Ben"])))

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    # As for a file of another user (tests run as root): the one bounded reader refuses.
    monkeypatch.setattr(store, "read_regular", refuse)
    assert "cannot be read (Permission denied)" in str(load(path).problem)


def test_the_file_problem_in_korean(tmp_path: Path) -> None:
    use("ko")
    path = tmp_path / "sheet.json"
    path.write_text("{")
    problem = str(load(path).problem)
    assert problem.startswith(f"{path}의 정산표를 쓸 수 없습니다: 파일이 올바른 JSON이 아닙니다")
    assert "sheet.bad.json으로 남겨 둡니다" in problem


def test_a_hand_edited_file_is_read_as_written(tmp_path: Path) -> None:
    """A person may leave out what is empty and write the places in any order."""
    text = json.dumps(
        {
            "format": "el-grande-sheet",
            "version": 1,
            "players": [" Yellow ", "Red"],
            "scorings": [
                {"caballeros": {"granada": [2, 1], "castillo": [0, 3]}, "king": "granada"},
                {},
                {"homes": ["aragon", None]},
            ],
        }
    )
    sheet = sheet_from_json(text)
    assert sheet.names == ["Yellow", "Red"] and sheet.current == 0
    assert sheet.scorings[0].counts["granada"] == [2, 1]
    assert sheet.scorings[0].king == "granada" and sheet.scorings[1].blank
    # Granada: Yellow 6 + the King's 2; the Castillo: Red 5 (2 players: first only, R-K3)
    assert sheet.gains()[0] == (8, 5)
