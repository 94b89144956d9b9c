"""Keys while a computer player decides (issue 26, item 3): a key that changes something —
the seat menu, skip ahead, undo — acts only after a quiet keyboard, as at a change of player
(the quiet time before the key counts), so a hand typing ahead from the last prompt changes
nothing. On the manual clock, with a thinker of the test's own, no screen."""

from __future__ import annotations

import random

from el_grande.flow.clock import ManualClock
from el_grande.flow.handover import QUIET, Input, Wait
from el_grande.flow.scenes import BotTurn, Prompt
from el_grande.flow.table import TableFlow
from el_grande.session import GameSession
from el_grande.setup import GameSetup, SeatSetup
from el_grande.text import t

from .test_seats import HeldThinker


def seated(*kinds: str, seed: int = 7) -> GameSession:
    names, colours = ["Ana", "Ben", "Cy"], ["yellow", "red", "green"]
    seats = tuple(SeatSetup(names[i], colours[i], k) for i, k in enumerate(kinds))
    return GameSession.new(GameSetup(seats, seed=seed, start_player=0))  # type: ignore[arg-type]


def watching(*kinds: str) -> tuple[TableFlow, ManualClock, HeldThinker, float]:
    """Ana (a person) plays her power card at the returned stamp; a computer player decides
    next and thinks until the test answers for it."""
    clock = ManualClock()
    thinker = HeldThinker()
    flow = TableFlow(seated(*kinds), clock, thinker=thinker, bot_delay=5.0, quiet=QUIET)
    flow.start()
    scene = flow.scene
    assert isinstance(scene, Prompt) and scene.seat == 0
    stamp = clock.now() + 3
    clock.advance(3)
    assert flow.input(Input.KEY, stamp)
    assert flow.answer(scene.decision.choices[0]) is None
    clock.run_due()
    assert isinstance(flow.scene, BotTurn) and flow.guard.wait is Wait.WATCH
    return flow, clock, thinker, stamp


def key(flow: TableFlow, clock: ManualClock, stamp: float) -> None:
    clock.advance(max(0.0, stamp - clock.now()))
    assert flow.input(Input.KEY, stamp)  # every key reaches the screen: showing keys act


def test_keys_typed_ahead_while_a_computer_player_decides_change_nothing() -> None:
    flow, clock, thinker, answered = watching("human", "bot:random", "human")
    session = flow.session
    kinds, moves = session.seating.kinds, len(session.game.history)
    thinker.answer()  # it has chosen: only its pace keeps it on screen (skip ahead would end it)
    clock.run_due()
    sentence = t("handover.watch", name="Ben")
    stamp = answered
    for _ in range(12):  # r, f, u… every 0.1 s after Ana's answer
        stamp += 0.1
        key(flow, clock, stamp)
        assert flow.why_no_seats() == sentence  # the seat menu does not open
        assert not flow.skip_ahead()
        assert flow.undo() == sentence
    assert session.seating.kinds == kinds and len(session.game.history) == moves
    assert isinstance(flow.scene, BotTurn)
    # After a quiet keyboard the same keys act: the first key counts the silence before it.
    key(flow, clock, stamp + QUIET + 0.01)
    assert flow.why_no_seats() is None
    assert flow.skip_ahead()
    assert len(session.game.history) == moves + 1  # Ben's choice, played at once


def test_a_key_after_the_quiet_time_counts_and_the_next_fast_one_does_not() -> None:
    flow, clock, _thinker, answered = watching("human", "bot:random", "human")
    key(flow, clock, answered + QUIET + 0.5)
    assert flow.deliberate
    key(flow, clock, answered + QUIET + 0.6)
    assert not flow.deliberate and flow.typed_ahead() == t("handover.watch", name="Ben")


def test_the_quiet_time_counts_over_computer_players_deciding_in_a_row() -> None:
    """One watch over Ben and Cy: a watcher quiet since Ana's answer may press `r` just as
    Cy starts (the watch does not begin again with every computer player)."""
    flow, clock, thinker, answered = watching("human", "bot:random", "bot:random")
    thinker.answer()
    clock.advance(5.0)  # Ben's pace
    scene = flow.scene
    assert isinstance(scene, BotTurn) and scene.seat == 2
    key(flow, clock, clock.now() + 0.05)
    assert flow.why_no_seats() is None
    # A key typed at once after Ana's answer would not have counted.
    flow2, clock2, _t2, answered2 = watching("human", "bot:random", "bot:random")
    key(flow2, clock2, answered2 + 0.05)
    assert flow2.why_no_seats() is not None


def test_a_table_opened_on_a_computer_players_turn_waits_for_a_quiet_keyboard() -> None:
    """A watcher resuming a table of computer players: the Enter that opened it, typed on,
    gives no seat away."""
    clock = ManualClock()
    flow = TableFlow(
        seated("bot:random", "bot:random", "bot:random"),
        clock,
        thinker=HeldThinker(),
        letters=random.Random(1),
        quiet=QUIET,
    )
    flow.start()
    assert isinstance(flow.scene, BotTurn)
    key(flow, clock, clock.now() + 0.2)
    assert flow.why_no_seats() is not None and not flow.skip_ahead()
    key(flow, clock, clock.now() + QUIET)
    assert flow.why_no_seats() is None
