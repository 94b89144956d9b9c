"""A resumed game hands over as a live one (issue 26, items 1 and 2), against the table flow
directly (a manual clock, stamped inputs, no screen, no sleeps).

Every state a save can restore — a turn held for its confirmation, a display its last choice
brought (not played again), the curtain after a last secret, a take-over before a secret, an
ordinary position — is resumed, and a hand goes on typing ahead: Enter, `t`, digits, letters
(the take-over's own letter among them), clicks on Continue and on the map, at 0.1 s to 2 s
between inputs. No stream faster than the quiet time answers a decision the hand was not
given: after a resume the first person's decision waits at least the quiet time (a take-over
where one is due), and a resumed held choice is its seat's answer, as it was live. With
*strict hand-overs* a confirmed turn still hands over by the next person's letter.
"""

from __future__ import annotations

import pickle
import random
import zlib
from collections.abc import Callable

import pytest

from el_grande.core import Choice
from el_grande.flow.handover import QUIET, TAKE_OVER, Wait
from el_grande.flow.scenes import Confirm, Prompt, TakeOver
from el_grande.session import GameSession

from .table import Table, held_at, humans, secret_position, turn_ends

FAST = (0.1, 0.5, 1.0)  # faster than the quiet time (1.2 s)
SLOW = (1.5, 2.0)  # slower: a take-over still stops them
STREAMS = ("enter", "t", "digits", "letters", "clicks", "mixed")
#: Seconds each stream goes on.
LASTS = 12.0


def _stream(kind: str, table: Table, rng: random.Random) -> tuple[str, str]:
    """The next input of a stream: ("key", key) or ("click", target)."""
    if kind == "mixed":
        kind = rng.choice(STREAMS[:-1])
    if kind in ("enter", "t"):
        return "key", kind
    if kind == "digits":
        return "key", rng.choice("0123456789")
    if kind == "letters":
        letter = table.letter
        if letter is not None and rng.random() < 0.3:
            return "key", letter.lower()  # the worst a hand can type
        return "key", rng.choice("abcdefghijklmnopqrstuvwxyz")
    return "click", rng.choice(("continue", "map"))


def _run(table: Table, kind: str, pace: float, seed: str) -> None:
    rng = random.Random(zlib.crc32(seed.encode()))
    stamp, end = table.clock.now(), table.clock.now() + LASTS
    while stamp < end:
        stamp += pace
        what, arg = _stream(kind, table, rng)
        if what == "key":
            table.key(arg, stamp)
        else:
            table.click(arg, stamp)


# --- the states a save can restore --------------------------------------------------------


def _resumed(session: GameSession, held: Choice | None = None) -> GameSession:
    """The session as the loader rebuilds it from its record (and its held choice)."""
    again = GameSession.from_record(session.game.record(), session.seats)
    if held is not None:
        again.hold(held)
    return again


def _held() -> GameSession:
    """Three people; Cy's turn ends with a choice held for its confirmation (the save's
    `held`: what a kill at the confirm step leaves)."""
    session, choice = held_at(turn_ends, players=3)
    return _resumed(session, choice)


def _after_secret(purpose: str) -> GameSession:
    """The last secret of a step was just answered: a display (not played again) and the
    curtain after the last secret are pending."""
    session = secret_position(purpose, last=True)
    session.apply(session.decision.choices[0])  # type: ignore[union-attr]
    return _resumed(session)


def _before_secret() -> GameSession:
    """One player has chosen their disks, the next still has to: a take-over behind the
    curtain is pending."""
    session = secret_position("eviction")
    session.apply(session.decision.choices[0])  # type: ignore[union-attr]
    return _resumed(session)


def _ordinary() -> GameSession:
    """Ana played her power card; Ben decides next, nothing shown between."""
    session = humans(3, 7)
    session.apply(session.decision.choices[0])  # type: ignore[union-attr]
    return _resumed(session)


STATES: dict[str, Callable[[], GameSession]] = {
    "held": _held,
    "display_and_curtain": lambda: _after_secret("castillo"),
    "reveal_and_curtain": lambda: _after_secret("province_two_by_disk"),
    "take_over": _before_secret,
    "ordinary": _ordinary,
}
#: Each state's session as the loader rebuilds it (replayed from its record once), pickled.
_RESUMED: dict[str, bytes] = {}


def _session(state: str) -> GameSession:
    """A fresh session in `state`, never shared: a copy of the state's session replayed from
    its record (unpickled, a third of the replay's CPU; 144 tests take one)."""
    if state not in _RESUMED:
        session = STATES[state]()
        again = GameSession.from_record(session.game.record(), session.seats)
        if session.held is not None:
            again.hold(session.held)
        _RESUMED[state] = pickle.dumps(again)
    copy: GameSession = pickle.loads(_RESUMED[state])
    return copy


def _foreign(table: Table, moves: int, owner: int | None) -> list[str]:
    """The answers after `moves` choices, and the prompts shown to anybody but `owner`."""
    answered = list(table.session.game.history[moves:])
    shown = [
        f"prompt of seat {s.seat}"
        for s in table.scenes
        if isinstance(s, Prompt) and s.seat != owner and s.decision.secret
    ]
    return answered + shown


# --- resumed, then a hand typing ahead -------------------------------------------------------


@pytest.mark.parametrize("pace", FAST)
@pytest.mark.parametrize("kind", STREAMS)
@pytest.mark.parametrize("state", list(STATES))
def test_after_a_resume_no_stream_faster_than_the_quiet_time_answers_anything(
    state: str, kind: str, pace: float
) -> None:
    table = Table(_session(state), confirm=True)
    held = table.session.held
    moves = len(table.session.game.history)
    table.scenes.clear()
    _run(table, kind, pace, f"{state}/{kind}/{pace}")
    if held is not None and list(table.session.game.history[moves : moves + 1]) == [str(held)]:
        moves += 1  # a `t` in the stream ended the held turn: its own seat's act
    assert _foreign(table, moves, None) == [], f"{kind} at {pace}s"


@pytest.mark.parametrize("pace", SLOW)
@pytest.mark.parametrize("kind", STREAMS)
@pytest.mark.parametrize("state", ["display_and_curtain", "reveal_and_curtain", "take_over"])
def test_after_a_resume_a_pending_take_over_stops_every_stream(
    state: str, kind: str, pace: float
) -> None:
    table = Table(_session(state))
    assert isinstance(table.scene, TakeOver)
    moves = len(table.session.game.history)
    table.scenes.clear()
    _run(table, kind, pace, f"{state}/{kind}/{pace}")
    assert _foreign(table, moves, None) == [], f"{kind} at {pace}s"
    # The next player takes over deliberately, and then plays.
    table.quietly(table.letter.lower())  # type: ignore[union-attr]
    assert isinstance(table.scene, Prompt) and table.flow.at_prompt


def test_a_resumed_held_choice_is_its_seats_answer_and_t_hands_over_as_live() -> None:
    """The issue's trial: Cy's held turn resumed, `t`, then Enter every 0.5 s — Ben's turn
    was played by Cy's Enters (64 foreign answers in 9 trials); now none."""
    table = Table(_session("held"), confirm=True)
    scene = table.scene
    assert isinstance(scene, Confirm)
    assert table.flow.handovers.last == scene.seat  # restored: the seat's own answer
    moves = len(table.session.game.history)
    table.key("t", table.clock.now() + 0.4)
    assert len(table.session.game.history) == moves + 1  # the held choice, confirmed
    nxt = table.scene
    assert isinstance(nxt, Prompt) and nxt.seat != scene.seat and nxt.quiet
    for _ in range(40):
        table.key("enter", table.clock.now() + 0.5)
    assert len(table.session.game.history) == moves + 1
    table.quietly("enter")  # the next person, after a quiet moment
    assert len(table.session.game.history) == moves + 2


def test_a_resumed_held_choice_confirms_by_enter_only_after_the_quiet_time() -> None:
    table = Table(_session("held"), confirm=True)
    moves = len(table.session.game.history)
    table.key("enter", table.clock.now() + 0.3)  # the Enter that opened the save, typed on
    assert len(table.session.game.history) == moves and isinstance(table.scene, Confirm)
    table.key("enter", table.clock.now() + QUIET + 0.1)
    assert len(table.session.game.history) == moves + 1


def test_after_a_resume_the_first_decision_waits_whoever_it_belongs_to() -> None:
    """The same person who answered last before the save decides again (live: at once):
    after the resume, still the quiet time first."""
    session = humans(3, 7)
    while True:  # play to a decision of the player who made the last choice
        d = session.decision
        assert d is not None
        session.apply(d.choices[-1])
        if session.decision is not None and session.decision.player == d.player:
            break
    table = Table(_resumed(session))
    scene = table.scene
    assert isinstance(scene, Prompt) and scene.quiet
    assert table.flow.guard.wait is Wait.QUIET
    table.key("enter", table.clock.now() + 0.5)
    assert len(table.session.game.history) == len(session.game.history)
    table.quietly("enter")
    assert len(table.session.game.history) == len(session.game.history) + 1


def test_a_new_game_still_opens_at_once() -> None:
    table = Table(humans(3, 7))
    assert isinstance(table.scene, Prompt) and table.flow.at_prompt


def test_after_a_pending_display_the_next_player_takes_over_as_live() -> None:
    table = Table(_session("display_and_curtain"))
    scene = table.scene
    assert isinstance(scene, TakeOver) and not scene.curtain  # a banner, as after a display
    assert table.flow.guard.wait is Wait.TAKE_OVER


def test_a_pending_take_over_says_who_has_chosen_as_live() -> None:
    table = Table(_session("take_over"))
    scene = table.scene
    assert isinstance(scene, TakeOver) and scene.curtain and scene.after is not None
    assert scene.after != scene.seat


# --- strict hand-overs after a confirmation ----------------------------------------------------


@pytest.mark.parametrize("pace", (*FAST, *SLOW))
@pytest.mark.parametrize("kind", ("enter", "mixed"))
def test_strict_a_confirmed_turn_then_any_stream_answers_nothing(kind: str, pace: float) -> None:
    """The issue's trial: strict, a confirmation, then Enter every 1.3–2.0 s played the next
    player's turn (30 foreign answers in 4 trials); now the next person takes over."""
    table = Table(_session("held"), confirm=True, strict=True)
    scene = table.scene
    assert isinstance(scene, Confirm)
    table.key("t", table.clock.now() + 0.2)
    moves = len(table.session.game.history)
    nxt = table.scene
    assert isinstance(nxt, TakeOver) and nxt.seat != scene.seat
    table.scenes.clear()
    _run(table, kind, pace, f"strict/{kind}/{pace}")
    assert len(table.session.game.history) == moves, f"{kind} at {pace}s"
    assert not any(isinstance(s, Prompt) for s in table.scenes)
    table.quietly(table.letter.lower())  # type: ignore[union-attr]
    assert isinstance(table.scene, Prompt) and table.scene.seat == nxt.seat


def test_the_take_over_after_a_confirmation_waits_its_full_time_with_strict() -> None:
    table = Table(_session("held"), confirm=True, strict=True)
    table.key("t", table.clock.now() + 0.2)
    assert isinstance(table.scene, TakeOver)
    table.key(table.letter.lower(), table.clock.now() + QUIET + 0.1)  # type: ignore[union-attr]
    assert isinstance(table.scene, TakeOver)  # the quiet time is not enough: the take-over's
    table.key(table.letter.lower(), table.clock.now() + TAKE_OVER + 0.1)  # type: ignore[union-attr]
    assert isinstance(table.scene, Prompt)


def test_strict_hand_overs_turned_on_during_a_game_count_from_the_next_change() -> None:
    table = Table(humans(3, 7))
    table.flow.set_strict(True)  # the settings, saved with `o` during the game
    table.key("enter")  # Ana plays her power card
    scene = table.scene
    assert isinstance(scene, TakeOver) and not scene.curtain
    table.flow.set_strict(False)
    table.quietly(scene.letter.lower())
    table.key("enter")  # Ben's card: Cy's decision is an ordinary change again
    nxt = table.scene
    assert isinstance(nxt, Prompt) and nxt.quiet
