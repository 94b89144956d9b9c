"""Every kind of bad save file: one clear sentence, a SaveFileError, exit code 1, no
traceback, and the file untouched."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from persist_helpers import random_game

from el_grande.cli import main as cli_main
from el_grande.persist import SaveFileError, load_game, save_from_game


def good_text() -> str:
    return save_from_game(random_game(2, upto=60, players=3)).to_json()


def edit(text: str, **changes: object) -> str:
    data = json.loads(text)
    data.update(changes)
    return json.dumps(data, indent=2)


def with_choice(text: str, index: int, notation: str) -> str:
    data = json.loads(text)
    data["choices"][index] = notation
    return json.dumps(data, indent=2)


CASES: dict[str, tuple[object, list[str]]] = {
    # name: (file content builder, fragments the message must contain)
    "empty": (lambda: "", ["is empty"]),
    "blank": (lambda: "  \n\n", ["is empty"]),
    "truncated": (lambda: good_text()[:300], ["is truncated"]),
    "not_json": (lambda: "this is not a save\n", ["is not valid JSON", "line 1"]),
    "not_a_save": (lambda: '{"hello": 1}', ["is not an El Grande save file"]),
    "json_list": (lambda: "[1, 2, 3]", ["is not an El Grande save file"]),
    "wrong_schema_missing": (
        lambda: json.dumps({k: v for k, v in json.loads(good_text()).items() if k != "seed"}),
        ["does not match the save format", "seed", "field required"],
    ),
    "wrong_schema_type": (
        lambda: edit(good_text(), choices="power 3"),
        ["does not match the save format", "choices"],
    ),
    "wrong_schema_seat": (
        lambda: edit(good_text(), seats=[{"name": "Ana"}]),
        ["does not match the save format", "seats"],
    ),
    "unknown_version": (lambda: edit(good_text(), version=0), ["unknown save format version 0"]),
    "unknown_version_text": (
        lambda: edit(good_text(), version="one"),
        ['unknown save format version "one"'],
    ),
    "newer_version": (
        lambda: edit(good_text(), version=7, app_version="3.0.0"),
        ["newer version of El Grande (El Grande 3.0.0)", "format 7", "please update"],
    ),
    "illegal_choice": (  # R-P1: a value already played this round may not be played
        lambda: with_choice(good_text(), 1, json.loads(good_text())["choices"][0]),
        ["choice 2 of 60", "line 35", "is not legal at that point", "power"],
    ),
    "unreadable_argument": (
        lambda: with_choice(good_text(), 0, "power 99"),
        ["choice 1 of 60", "'power 99'", "cannot be read", "not a valid argument"],
    ),
    "unparsable_choice": (
        lambda: with_choice(good_text(), 41, "fly to the moon"),
        ["choice 42 of 60", "'fly to the moon'"],
    ),
    "choice_after_end": (
        lambda: json.dumps(
            {
                **json.loads(save_from_game(random_game(4, players=2)).to_json()),
                "choices": [*random_game(4, players=2).history, "done"],
            },
            indent=2,
        ),
        ["comes after the end of the game"],
    ),
    "bad_setup": (lambda: edit(good_text(), start_player=4), ["cannot set up", "start_player"]),
}


def check_message(msg: str, path: Path, fragments: list[str]) -> None:
    assert str(path) in msg
    for f in fragments:
        assert f in msg, (f, msg)
    assert "\n" not in msg and msg.endswith(".")
    assert "Traceback" not in msg and "pydantic" not in msg.lower()


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_file(case: str, tmp_path: Path, home: Path) -> None:
    build, fragments = CASES[case]
    path = tmp_path / "game.json"
    content = build()  # type: ignore[operator]
    path.write_text(content, encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveFileError) as info:
        load_game(path)
    check_message(str(info.value), path, fragments)
    assert isinstance(info.value, ValueError)
    assert path.read_bytes() == before
    assert not home.exists()  # loading never writes anything


def test_illegal_choice_names_line_and_index(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text(with_choice(good_text(), 9, "place castillo_de_la_luna"), encoding="utf-8")
    with pytest.raises(SaveFileError) as info:
        load_game(path)
    assert info.value.index == 9
    line = path.read_text().splitlines().index('    "place castillo_de_la_luna",') + 1
    assert f"line {line}" in str(info.value)


def test_not_utf8_and_missing(tmp_path: Path) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveFileError, match="not a text file"):
        load_game(path)
    with pytest.raises(SaveFileError, match="does not exist"):
        load_game(tmp_path / "nope.json")


@pytest.mark.parametrize("case", ["truncated", "illegal_choice", "newer_version"])
def test_cli_bad_file_exit_code(
    case: str, tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    build, fragments = CASES[case]
    path = tmp_path / "game.json"
    path.write_text(build(), encoding="utf-8")  # type: ignore[operator]
    before = path.read_bytes()
    for argv in (["load", str(path), "--check"], ["export", str(path)], ["replay", str(path)]):
        assert cli_main(argv) == 1
        err = capsys.readouterr().err.strip()
        assert err.count("\n") == 0 and err.startswith("el-grande: ")
        check_message(err.removeprefix("el-grande: "), path, fragments)
    assert path.read_bytes() == before


def test_cli_subprocess_no_traceback(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(good_text()[:-40], encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "el_grande", "load", str(path), "--check"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"EL_GRANDE_HOME": str(tmp_path / "h"), "PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().count("\n") == 0 and "is truncated" in proc.stderr
