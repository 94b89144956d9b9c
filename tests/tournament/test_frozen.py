"""Frozen versions (el_grande/tournament/frozen.py and frozen_worker.py): a "version" made
from this tree's rules core and bots as a wheel (no build: zipped here), installed once into
its own virtual environment, answers in the choice notation exactly as the in-process bots
do, hands its bot only its seat's view (two games that differ only in another seat's
unrevealed disk get the same answer), and three levels added to it misbehave: an answer
that is no legal choice, a crash and a hang (bounded by the protocol's timeout) each void
their game with one sentence, and the tournament goes on."""

from __future__ import annotations

import base64
import hashlib
import random
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import el_grande
from el_grande.bots.drive import Driver
from el_grande.core import Game, Options
from el_grande.tournament.command import main
from el_grande.tournament.frozen import (
    FrozenFailed,
    client_for,
    install,
    installed,
    stop_all,
    wheel_sha,
)
from el_grande.tournament.match import Frozen, budget_of, play
from el_grande.tournament.plan import Plan, parse_entrant, parse_lineup
from tests.bots.test_interface import hidden_disk_twins

from .helpers import stored

ROOT = Path(el_grande.__file__).parent

_MISBEHAVE = '''
import os
import threading


class Liar:
    """Answers something that is no choice at all."""

    name = "liar"
    needs_view = False

    def __init__(self, seed=None, **options):
        pass

    def choose(self, view, decision):
        return "nonsense 42"


class Crasher(Liar):
    def choose(self, view, decision):
        os._exit(3)


class Sleeper(Liar):
    def choose(self, view, decision):
        threading.Event().wait()
'''

_MORE_LEVELS = """

LEVELS = LEVELS + (
    _level("liar", "el_grande.bots.misbehave:Liar", needs_view=False),
    _level("crasher", "el_grande.bots.misbehave:Crasher", needs_view=False),
    _level("sleeper", "el_grande.bots.misbehave:Sleeper", needs_view=False),
)
_BY_ID = {lv.id: lv for lv in LEVELS}
"""


def _wheel(folder: Path) -> Path:
    """A wheel of this tree's `el_grande` package, its rules core and its bots (what a
    frozen version's worker uses) and the value classes below them (`records`), with three
    misbehaving levels added."""
    files: dict[str, bytes] = {
        f"el_grande/{name}": (ROOT / name).read_bytes() for name in ("__init__.py", "records.py")
    }
    for package in ("core", "bots"):
        for path in sorted((ROOT / package).glob("*.py")):
            files[f"el_grande/{package}/{path.name}"] = path.read_bytes()
    files["el_grande/bots/registry.py"] += _MORE_LEVELS.encode()
    files["el_grande/bots/misbehave.py"] = _MISBEHAVE.encode()
    info = "el_grande-0.0.1.dist-info"
    files[f"{info}/METADATA"] = b"Metadata-Version: 2.1\nName: el-grande\nVersion: 0.0.1\n"
    files[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    record = []
    for name, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = folder / "el_grande-0.0.1-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zipped:
        for name, data in files.items():
            zipped.writestr(name, data)
    return wheel


@pytest.fixture(scope="module")
def frozen(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path, Path]]:
    """(the wheel, the cache, the installed Python), installed once for the module."""
    folder = tmp_path_factory.mktemp("frozen")
    wheel = _wheel(folder)
    cache = folder / "cache"
    python = install(cache, wheel, name="now")
    yield wheel, cache, python
    stop_all()


def test_installed_once_in_the_cache(frozen: tuple[Path, Path, Path]) -> None:
    wheel, cache, python = frozen
    assert installed(cache, wheel_sha(wheel)) == python
    assert python.is_relative_to(cache / "frozen" / wheel_sha(wheel)[:24])
    assert install(cache, wheel, name="now") == python  # the second time: nothing to do
    hello = client_for("now", python).start()
    assert hello["protocol"] == 1 and hello["version"] == "0.0.1"  # its own package
    assert hello["levels"] == {
        "random": False,
        "greedy": False,
        "strong": True,
        "liar": False,
        "crasher": False,
        "sleeper": False,
    }
    with pytest.raises(FrozenFailed) as caught:
        install(cache, wheel.with_suffix(".txt"), name="odd")
    assert caught.value.sentence.endswith("is not a wheel (a .whl file)")


def test_it_plays_the_games_the_bots_here_play(frozen: tuple[Path, Path, Path]) -> None:
    """`greedy@now` against `random` is the game `greedy` against `random` plays here, seat
    for seat, choice for choice (its bot seeded by the position, as the driver's)."""
    _, _, python = frozen
    here = Plan(players=2, games=2, seed=11, lineup=parse_lineup("greedy,random", 2), rounds=6)
    there = Plan(
        players=2,
        games=2,
        seed=11,
        lineup=parse_lineup("greedy@now,random", 2),
        rounds=6,
        frozen=(("now", "x"),),
    )
    for index in (0, 1):
        mine, theirs = play(here, index), play(there, index, Frozen({"now": str(python)}))
        assert theirs["void"] is None
        assert theirs["choices"] == mine["choices"]
        assert [s["score"] for s in theirs["seats"]] == [s["score"] for s in mine["seats"]]
        frozen_seat = theirs["seats"][index]
        assert frozen_seat["entrant"] == "greedy@now" and frozen_seat["decisions"] > 0


def test_the_hard_player_answers_as_here(frozen: tuple[Path, Path, Path]) -> None:
    """`strong:12@now` answers every decision of a game as `strong:12` here does."""
    _, _, python = frozen
    client = client_for("now", python)
    entrant = parse_entrant("strong:12@now")
    here = parse_entrant("strong:12")
    driver = Driver(budget_of(here))
    game = Game.new(["a", "b", "c"], seed=4, options=Options(rounds=6))
    asked = 0
    rng = random.Random(1)
    while game.decision is not None and asked < 4:
        d = game.decision
        if len(d.choices) > 1:
            text, cpu = client.ask(game, d.player, entrant)
            bot = driver.bot(game, d.player, "strong")
            assert text == str(bot.choose(game.view(d.player), d)) and cpu >= 0
            asked += 1
        game.apply(rng.choice(d.choices))
    assert asked == 4


def test_it_cannot_tell_apart_games_that_differ_in_a_hidden_choice(
    frozen: tuple[Path, Path, Path],
) -> None:
    """As tests/bots/test_interface.py checks the bots here: the frozen version replays the
    true history, but its bot decides from its seat's view alone."""
    _, _, python = frozen
    client = client_for("now", python)
    a, b, seat = hidden_disk_twins()
    assert a.view(seat) == b.view(seat) and a.history != b.history
    for spec in ("greedy@now", "strong:8@now"):
        entrant = parse_entrant(spec)
        assert client.ask(a, seat, entrant)[0] == client.ask(b, seat, entrant)[0]


@pytest.mark.parametrize(
    ("entrants", "timeout", "said"),
    [
        (
            "liar@now,random,greedy@now",
            "60",
            "the frozen version now answered 'nonsense 42', which is not a legal choice there",
        ),
        ("crasher@now,random,greedy@now", "60", "the frozen version now ended to answer (exit"),
        # (Only the sleeper asks the version: nobody else's answer meets the short timeout.)
        ("sleeper@now,random,random", "0.5", "the frozen version now gave no answer within 0.5 s"),
    ],
)
def test_a_failing_version_voids_its_game_and_the_tournament_goes_on(
    frozen: tuple[Path, Path, Path],
    tmp_path: Path,
    entrants: str,
    timeout: str,
    said: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every game the misbehaving level plays is void, with the sentence, and the next game
    is played all the same (the version's process started again); the report says so."""
    wheel, cache, _ = frozen
    path = tmp_path / "t.sqlite"
    args = ["--db", str(path), "--players", "3", "--games", "3", "--rounds", "6"]
    args += ["--entrants", entrants, "--frozen", f"now={wheel}", "--cache", str(cache)]
    assert main([*args, "--answer-timeout", timeout, "--no-progress"]) == 0
    games, seats = stored(path)
    assert [g[0] for g in games] == [0, 1, 2]
    assert all(g[3] is not None and g[3].startswith("decision ") and said in g[3] for g in games)
    assert seats == []  # a void game has no seats: it counts for nobody
    report = capsys.readouterr().out
    assert "3 void games, not counted — game 0: decision" in report
