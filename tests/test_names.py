"""One rule for names (`el_grande.names`, issue 16): every name a new game accepts can be
saved; names nobody can see, names the terminal draws at another width than the game
measures, and names that look like another player's are refused — and old saves holding such
names still load."""

from __future__ import annotations

import json
import random
import unicodedata
from pathlib import Path

import pytest

from el_grande.cli import main as cli_main
from el_grande.confusables import ASCII_PROTOTYPES, VERSION, prototypes, skeleton
from el_grande.core import Game
from el_grande.names import (
    LEGACY_MAX_CHARS,
    MAX_NAME_CELLS,
    MAX_NAME_CHARS,
    name_problem,
    names_problem,
    terminal_width,
    width,
)
from el_grande.persist import load_game
from el_grande.persist.store import save_from_game, write_save
from el_grande.setup import GameSetup, default_seats, validate

FIXTURE = Path(__file__).parent / "persist" / "fixtures" / "v010-unfinished-bots.json"

REFUSED = {
    # invisible, or only blank
    "\u3164": "must show something",  # Hangul filler
    "\u115f\u1160": "must show something",
    "\uffa0": "must show something",
    "\u2800": "must show something",  # braille blank
    "\u2800\u3164 \u2800": "must show something",
    "\u034f": "must show something",  # combining grapheme joiner: Default_Ignorable
    "Ana\u3164": "draws as nothing",
    "A\u2800na": "draws as nothing",
    "Ana\U000e0101": "draws as nothing",  # a variation selector of the supplement
    # combining marks with nothing to sit on
    "\u0301": "may not start with a combining mark",
    "\u0301\u0302\u0303": "may not start with a combining mark",
    "\u0301Ana": "may not start with a combining mark",
    "\u20dd": "may not start with a combining mark",  # an enclosing circle alone
    # drawn at another width than measured
    "1\ufe0f\u20e3": "another width",  # keycap one: 1 cell in the terminal, 2 for Rich
    "\U0001f44d\U0001f3fd": "another width",  # thumbs up, skin tone: 4 cells against 2
    "Eve\U0001f3fb": "another width",
    "\u263a\ufe0f": "another width",  # VS16: 1 cell against 2
    "Ana\ufe0e": "another width",  # VS15
    "x\u20e3": "another width",
    # code points
    "a" + "\u0300" * 50: "at most 40",  # 1 cell, 51 characters: could never be saved
    "\u0e01" + "\u0e48" * 45: "at most 40",
}

ACCEPTED = [
    "Ana",
    "김민준",
    "Zoë",
    "José María",
    "ＡＢ",
    "😀",
    "🇰🇷",
    "ก่อ",
    "क्ष",
    "Łukasz",
    "O'Neil",
]


@pytest.mark.parametrize("name", REFUSED)
def test_a_name_nobody_can_see_or_the_terminal_draws_otherwise_is_refused(name: str) -> None:
    problem = name_problem(name)
    assert problem is not None and REFUSED[name] in problem, (name, problem)
    assert "\n" not in problem


@pytest.mark.parametrize("name", ACCEPTED)
def test_names_people_have_are_accepted(name: str) -> None:
    assert name_problem(name) is None


def test_the_terminal_measures_as_the_game_does_for_every_accepted_name() -> None:
    """The rule behind the list: the C library's wcwidth (what the terminal draws) and Rich's
    measure agree for every name accepted (here, where the C library knows Unicode)."""
    assert terminal_width("가") == 2 and terminal_width("é") == 1  # this machine can tell
    assert terminal_width("1\ufe0f\u20e3") == 1 != width("1\ufe0f\u20e3")
    assert terminal_width("\U0001f44d\U0001f3fd") == 4 != width("\U0001f44d\U0001f3fd")
    assert terminal_width("\u3164") == 2 != width("\u3164")
    for name in ACCEPTED:
        assert terminal_width(name) == width(name), name


@pytest.mark.parametrize(
    ("names", "like"),
    [
        (["Ana", "\u0410na"], "\u0410na and Ana"),  # Cyrillic А
        (["Ana", "\uff21\uff4e\uff41"], "Ａｎａ and Ana"),  # fullwidth
        (["Bo", "\u0412\u043e"], "Во and Bo"),  # Cyrillic
        (["Sam", "Sarn"], "Sarn and Sam"),  # rn and m
        (["Al", "AI"], "AI and Al"),  # l and capital I
        (["Ben", "Cy", "0li", "Oli"], "Oli and 0li"),
        (["Ana", "\u0391n\u03b1"], "Αnα and Ana"),  # Greek alpha
    ],
)
def test_names_that_look_alike_at_one_table_are_refused(names: list[str], like: str) -> None:
    problem = names_problem(names)
    assert problem is not None and "look alike" in problem and like in problem, problem
    assert validate(GameSetup(default_seats(names))) == problem


def test_names_that_merely_resemble_are_fine() -> None:
    for names in (["Ana", "Ann", "Anna"], ["Eve", "Eva"], ["Ben", "Bem"], ["김민준", "김민순"]):
        assert names_problem(names) is None, names


def test_the_skeleton_is_unicode_s() -> None:
    """UTS #39's own examples and data: the shipped file is whole and of its version."""
    assert VERSION == "13.0.0" and len(prototypes()) == 6311
    assert skeleton("paypal") == skeleton("\u0440ay\u0440al")  # Cyrillic р
    assert skeleton("m") == "rn" and skeleton("l") == skeleton("I") == skeleton("1")
    assert skeleton("\u3164a") == "a"  # Default_Ignorable code points are dropped
    ascii_entries = {k: v for k, v in prototypes().items() if k.isascii()}
    assert ascii_entries == ASCII_PROTOTYPES  # the ASCII fast path is the file's


def test_every_name_a_new_game_accepts_can_be_saved_and_loaded(tmp_path: Path) -> None:
    """The one rule: a name the form and `--players` accept always fits the save format (a
    name once played a whole game with "Autosave is off"). Random names from an alphabet
    of what people type and what attackers try."""
    alphabet = (
        "aAzZ09 -'.éÅßĳ김민준ㄱㅏ가가\u0301\u0300\u0327\u20e3\ufe0f\u200d👍🏽😀🇰🇷"
        "\u3164\u2800\u115f\u0410\u0430\uff21\u0e01\u0e48\u0915\u094d\u0937"
    )
    rng = random.Random(16)
    accepted = 0
    for _ in range(3000):
        name = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 60)))
        if name_problem(name) is not None:
            continue
        accepted += 1
        assert name_problem(name, legacy=True) is None, repr(name)
        assert width(name.strip()) <= MAX_NAME_CELLS
        assert len(unicodedata.normalize("NFC", name).strip()) <= MAX_NAME_CHARS
    assert accepted > 100
    assert MAX_NAME_CHARS <= LEGACY_MAX_CHARS
    names = ["a" + "\u0300" * 3, "\u0e01\u0e48\u0e2d", "Zoë"]
    assert names_problem(names) is None
    path = tmp_path / "g.json"
    write_save(save_from_game(Game.new(names, 3)), path)
    save, _game = load_game(path)
    assert save.names == names


@pytest.mark.parametrize(
    "names",
    [
        ["Ana", "\u0410na"],  # look alike
        ["1\ufe0f\u20e3", "Ben"],  # keycap
        ["\U0001f44d\U0001f3fd", "Ben"],  # skin tone
        ["Ana\u3164", "Ben"],  # a filler
        ["a" + "\u0301" * 39, "Ben"],  # 40 code points, 1 cell
    ],
)
def test_an_old_save_with_names_the_new_rules_refuse_still_loads(
    names: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    for seat, name in zip(data["seats"], names, strict=False):
        seat["name"] = name
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    save, _game = load_game(path)
    assert save.names[: len(names)] == names
    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path / "home"))
    assert cli_main(["load", str(path), "--check"]) == 0
    assert cli_main(["export", str(path), "-o", str(tmp_path / "out.txt")]) == 0


@pytest.mark.parametrize(
    ("players", "why"),
    [
        ("Ana,\u0410na", "look alike"),
        ("\u3164,Ben", "must show something"),
        ("1\ufe0f\u20e3,Ben", "another width"),
        ("a" + "\u0300" * 50 + ",Ben", "at most 40"),
    ],
)
def test_players_refuses_them_before_anything_opens(
    players: str, why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit:
        cli_main(["play", "--players", players])
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert why in err and err.count("\n") == 1
