"""Every hand-over at one keyboard is deliberate: streams of input typed ahead, against the
table flow directly (no screen, no sleeps: a manual clock and stamped inputs).

From a position at each kind of secret step, at the end of a general scoring and at an
ordinary change of player, the player who decides answers; then the same hand goes on —
Enter, digits, arrows, random letters with the take-over's own letter among them, clicks on
Continue and on the map — at 10 ms, 100 ms, 0.5 s, 1 s and 2 s between inputs. After a
display or a curtain no stream may answer another player's decision or show another
player's secret prompt; at an ordinary change no stream faster than the quiet time may.
Afterwards the next player still takes over with a deliberate act.
"""

from __future__ import annotations

import pickle
import random
import zlib

import pytest

from el_grande.flow.handover import QUIET, TAKE_OVER
from el_grande.flow.scenes import Curtain, Prompt, Showing, TakeOver
from el_grande.session import GameSession

from .table import Table, humans, secret_position

PACES = (0.01, 0.1, 0.5, 1.0, 2.0)
STREAMS = ("enter", "digits", "arrows", "letters", "continue", "map", "mixed")
#: Seconds each stream goes on (a 10 ms stream: 2 000 inputs).
LASTS = 20.0


def _stream(kind: str, table: Table, rng: random.Random) -> tuple[str, str]:
    """The next input of a stream: ("key", key) or ("click", target)."""
    if kind == "mixed":
        kind = rng.choice(STREAMS[:-1])
    if kind == "enter":
        return "key", "enter"
    if kind == "digits":
        return "key", rng.choice("0123456789")
    if kind == "arrows":
        return "key", rng.choice(("up", "down", "enter"))
    if kind == "letters":
        # A hostile hand: random letters, and now and then the letter the take-over asks for.
        letter = table.letter
        if letter is not None and rng.random() < 0.3:
            return "key", letter.lower()
        return "key", rng.choice("abcdefghijklmnopqrstuvwxyz")
    return "click", kind  # "continue" or "map"


def _owner_answers(table: Table) -> int:
    """The player at the keyboard takes over (if a take-over is up) and answers."""
    if isinstance(table.scene, TakeOver):
        table.quietly(table.letter.lower())  # type: ignore[union-attr]
    scene = table.scene
    assert isinstance(scene, Prompt), scene
    table.at(table.clock.now() + TAKE_OVER + 0.1)
    table.key("enter")
    return scene.seat


def _run(table: Table, kind: str, pace: float, seed: int) -> None:
    rng = random.Random(seed)
    end = table.clock.now() + LASTS
    stamp = table.clock.now()
    while stamp < end:
        stamp += pace
        what, arg = _stream(kind, table, rng)
        if what == "key":
            table.key(arg, stamp)
        else:
            table.click(arg, stamp)


def _positions() -> dict[str, GameSession]:
    positions = {
        purpose: secret_position(purpose)
        for purpose in ("castillo", "eviction", "province_two_by_disk", "province_all_by_disk")
    }
    positions["score_by_disk"] = secret_position("score_by_disk")
    positions["general_end"] = secret_position("castillo", last=True)
    return positions


#: Each position's session as a resume opens it (replayed from its record once), pickled.
_OPENED: dict[str, bytes] = {}


def _session(name: str) -> GameSession:
    """A fresh session at the position, never shared: a copy of the position's session
    replayed from its record (unpickled, a third of the replay's CPU; 210 tests take one)."""
    if not _OPENED:
        for key, session in _positions().items():
            again = GameSession.from_record(session.game.record(), session.seats)
            _OPENED[key] = pickle.dumps(again)
    copy: GameSession = pickle.loads(_OPENED[name])
    return copy


AFTER_SHOW = ("castillo", "eviction", "province_two_by_disk", "province_all_by_disk",
              "score_by_disk", "general_end")  # fmt: skip


@pytest.mark.parametrize("pace", PACES)
@pytest.mark.parametrize("kind", STREAMS)
@pytest.mark.parametrize("where", AFTER_SHOW)
def test_after_a_curtain_or_a_display_no_stream_answers_for_another_player(
    where: str, kind: str, pace: float
) -> None:
    table = Table(_session(where))
    game = table.session.game
    owner = _owner_answers(table)
    answered = len(game.history)
    shown_from = len(table.scenes)
    _run(table, kind, pace, seed=zlib.crc32(f"{where}/{kind}/{pace}".encode()))
    # Nothing was answered for anybody but the owner (a stream may step a display and lower
    # a plain curtain: those answer nothing), and no other player's secret prompt showed.
    assert len(game.history) == answered, f"{kind} at {pace}s answered {game.history[answered:]}"
    for scene in table.scenes[shown_from:]:
        assert not (isinstance(scene, Prompt) and scene.seat != owner), scene
    # The next player takes over deliberately, and then plays.
    for _ in range(40):
        scene = table.scene
        if isinstance(scene, Prompt) and scene.seat != owner:
            break
        if isinstance(scene, TakeOver):
            table.quietly(table.letter.lower())  # type: ignore[union-attr]
        elif isinstance(scene, (Curtain, Showing)):
            table.quietly("enter")
        else:
            raise AssertionError(scene)
    scene = table.scene
    assert isinstance(scene, Prompt) and scene.seat != owner and table.flow.at_prompt
    table.key("enter")
    assert len(game.history) == answered + 1


def _ordinary_change() -> GameSession:
    """Ana's first power card: the next decision is Ben's, with nothing shown between."""
    return humans(3, 7)


@pytest.mark.parametrize("pace", [p for p in PACES if p < QUIET])
@pytest.mark.parametrize("kind", ("enter", "arrows", "map", "mixed"))
def test_at_an_ordinary_change_no_stream_faster_than_the_quiet_time_crosses(
    kind: str, pace: float
) -> None:
    table = Table(_ordinary_change())
    game = table.session.game
    owner = _owner_answers(table)
    assert len(game.history) == 1
    _run(table, kind, pace, seed=7)
    assert len(game.history) == 1
    scene = table.scene
    assert isinstance(scene, Prompt) and scene.seat != owner
    table.quietly("enter")  # once quiet, the next player's key acts at once
    assert len(game.history) == 2


def test_at_an_ordinary_change_a_slow_key_is_the_next_players() -> None:
    """Slower than the quiet time, a key is taken for the next player's (the issue's rule:
    only streams faster than the quiet time are stopped there; strict hand-overs stop all)."""
    table = Table(_ordinary_change())
    _owner_answers(table)
    table.key("enter", table.clock.now() + QUIET + 0.01)
    assert len(table.session.game.history) == 2


@pytest.mark.parametrize("pace", PACES)
def test_strict_hand_overs_stop_every_stream_at_every_change(pace: float) -> None:
    table = Table(_ordinary_change(), strict=True)
    game = table.session.game
    owner = _owner_answers(table)
    _run(table, "mixed", pace, seed=3)
    assert len(game.history) == 1
    assert isinstance(table.scene, TakeOver) and not table.scene.curtain  # a banner
    table.quietly(table.letter.lower())  # type: ignore[union-attr]
    scene = table.scene
    assert isinstance(scene, Prompt) and scene.seat != owner and table.flow.at_prompt
