"""Seats change hands at the table (`el_grande.flow.seats`): a seat given to a computer player
and taken back, a thinking computer player cancelled, and the moments it is refused — on the
manual clock, with a thinker of the test's own, no screen."""

from __future__ import annotations

import random
from collections.abc import Callable

from el_grande.flow.clock import ManualClock
from el_grande.flow.scenes import BotTurn, Curtain, Prompt, Showing, TakeOver
from el_grande.flow.table import TableFlow
from el_grande.session import GameSession
from el_grande.text import t

from .table import Table, humans, secret_position


class HeldThinker:
    """A thinker that answers only when the test says so; it records every cancel."""

    def __init__(self) -> None:
        self.asked: list[tuple[Callable[[], object], Callable[[object], None]]] = []
        self.cancelled = 0

    def __call__(self, task, done):  # type: ignore[no-untyped-def]
        self.asked.append((task, done))

        def cancel() -> None:
            self.cancelled += 1

        return cancel

    def answer(self, k: int = -1) -> None:
        task, done = self.asked[k]
        done(task())


def flow_of(session: GameSession, thinker: object = None) -> tuple[TableFlow, ManualClock]:
    clock = ManualClock()
    flow = TableFlow(
        session,
        clock,
        thinker=thinker,
        bot_delay=0.0,
        letters=random.Random(1),  # type: ignore[arg-type]
    )
    flow.start()
    return flow, clock


def test_giving_the_seat_at_the_prompt_to_a_computer_player_starts_it_at_once() -> None:
    session = humans(3, 7)
    thinker = HeldThinker()
    flow, clock = flow_of(session, thinker)
    scene = flow.scene
    assert isinstance(scene, Prompt)
    seat = scene.seat
    assert flow.give_seat(seat, "bot:greedy") is None
    assert isinstance(flow.scene, BotTurn) and flow.scene.seat == seat and flow.bot_playing
    assert session.kind(seat) == "bot:greedy" and len(thinker.asked) == 1
    assert session.current.reseated and session.current.undo == "bot"  # no undo of a bot's
    thinker.answer()
    clock.run_due()
    assert len(session.game.history) == 1  # the computer player played the decision
    assert session.hands(seat) == ((0, "bot:greedy"),)  # it played from the first decision


def test_taking_the_seat_back_while_its_computer_player_thinks_cancels_the_search() -> None:
    session = humans(3, 7)
    thinker = HeldThinker()
    flow, clock = flow_of(session, thinker)
    first = flow.scene
    assert isinstance(first, Prompt)
    flow.answer(first.decision.choices[0])  # Ana plays; Ben is next
    clock.advance(2)
    ben = session.decision.player  # type: ignore[union-attr]
    assert flow.give_seat(ben, "bot:strong") is None
    assert isinstance(flow.scene, BotTurn) and len(thinker.asked) == 1
    assert flow.give_seat(ben, "human") is None  # taken back while it thinks
    assert thinker.cancelled == 1 and not flow.bot_playing
    scene = flow.scene
    assert isinstance(scene, Prompt) and scene.seat == ben
    assert scene.quiet  # the usual hand-over wait: keys count after a quiet keyboard
    thinker.answer(0)  # the cancelled search answers after all: dropped
    clock.run_due()
    assert len(session.game.history) == 1 and isinstance(flow.scene, Prompt)
    assert session.hands(ben) == ((0, "human"),)  # it played nothing: no hand of its own
    clock.advance(flow.guard.quiet)
    assert flow.at_prompt


def test_another_seat_changing_hands_leaves_the_prompt_and_a_thinking_bot_alone() -> None:
    session = humans(3, 7)
    thinker = HeldThinker()
    flow, clock = flow_of(session, thinker)
    scene = flow.scene
    assert isinstance(scene, Prompt)
    other = (scene.seat + 1) % 3
    assert flow.give_seat(other, "bot:random") is None
    assert flow.scene is scene and flow.at_prompt  # the same prompt, nothing to wait for
    assert session.kind(other) == "bot:random" and not thinker.asked
    # A computer player thinking for one seat goes on while another seat is given.
    flow.give_seat(scene.seat, "bot:greedy")
    assert len(thinker.asked) == 1
    third = 3 - scene.seat - other
    assert flow.give_seat(third, "bot:greedy") is None
    assert thinker.cancelled == 0 and flow.bot_playing
    assert not flow.humans  # a table of computer players only: it plays on, to be watched
    thinker.answer()
    clock.run_due()
    assert len(session.game.history) == 1


def test_a_seat_changes_hands_from_the_decision_at_hand_and_back() -> None:
    session = humans(3, 11)
    flow, clock = flow_of(session)
    for _ in range(12):  # a few decisions by the people
        clock.advance(5)
        scene = flow.scene
        assert isinstance(scene, Prompt)
        flow.answer(scene.decision.choices[0])
    clock.advance(5)
    moves = len(session.game.history)
    ben = 1
    assert flow.give_seat(ben, "bot:greedy") is None
    for _ in range(400):
        clock.advance(5)
        scene = flow.scene
        if isinstance(scene, Prompt) and len(session.game.history) > moves + 20:
            break
        if isinstance(scene, Prompt):
            flow.answer(scene.decision.choices[0])
        elif isinstance(scene, TakeOver):
            flow.take_over(scene.letter)
        elif isinstance(scene, Curtain):
            flow.lower()
        elif isinstance(scene, Showing):
            flow.last_step()
    back = len(session.game.history)
    assert flow.give_seat(ben, "human") is None
    assert session.hands(ben) == ((0, "human"), (moves, "bot:greedy"), (back, "human"))


def test_seats_do_not_change_hands_over_a_secret_a_curtain_or_a_take_over() -> None:
    table = Table(secret_position("castillo"))
    scene = table.scene
    assert isinstance(scene, TakeOver) and scene.curtain
    kinds = [session_kind(table.session, s) for s in range(3)]
    assert table.flow.give_seat(scene.seat, "bot:greedy") == t("seats.not_secret")
    table.quietly(scene.letter.lower())
    assert isinstance(table.scene, Prompt) and table.scene.decision.secret
    assert table.flow.why_no_seats() == t("seats.not_secret")  # behind the player's curtain
    assert table.flow.give_seat(0, "bot:strong") == t("seats.not_secret")
    assert [session_kind(table.session, s) for s in range(3)] == kinds  # nothing changed
    assert table.session.hands(0) == ((0, "human"),)


def test_seats_do_not_change_hands_during_a_take_over_banner_or_a_display() -> None:
    table = Table(humans(3, 7), strict=True)  # a take-over at every change of player
    table.key("enter")
    scene = table.scene
    assert isinstance(scene, TakeOver) and not scene.curtain
    assert table.flow.why_no_seats() == t("seats.not_now")
    assert table.flow.give_seat(scene.seat, "bot:greedy") == t("seats.not_now")
    assert not table.flow.is_bot(scene.seat)
    # A quiet prompt (the keyboard not yet the next player's) is refused too.
    quiet = Table(humans(3, 7))
    quiet.key("enter")
    assert isinstance(quiet.scene, Prompt) and quiet.scene.quiet
    assert quiet.flow.why_no_seats() == t("seats.not_now")
    # A display: play on until the first one shows.
    shown = Table(humans(3, 7))
    for _ in range(3000):
        if isinstance(shown.scene, Showing):
            break
        if isinstance(shown.scene, TakeOver):
            shown.quietly(shown.letter.lower())  # type: ignore[union-attr]
        else:
            shown.quietly("enter")
    assert isinstance(shown.scene, Showing)
    assert shown.flow.give_seat(0, "bot:greedy") == t("seats.not_display")
    assert shown.session.kind(0) == "human"


def test_a_bad_kind_or_seat_changes_nothing() -> None:
    session = humans(2, 7)
    flow, _clock = flow_of(session)
    assert flow.give_seat(0, "bot:genius") == t("seats.unknown")
    assert flow.give_seat(5, "human") == t("seats.unknown")
    assert flow.give_seat(0, "human") is None  # already: nothing to do
    assert session.kind(0) == "human" and not session.current.reseated


def test_a_computer_players_seed_does_not_depend_on_who_played_before() -> None:
    """Same seed, same choices: the same game. A bot given a seat answers as it would have
    with any other history of the seat (its seed: the game's, the seat and the moves)."""
    plain, swapped = humans(3, 5, start_player=0), humans(3, 5, start_player=0)
    swapped.seat_to(1, "bot:random")  # Ben's seat went to a computer player and came back
    for _ in range(9):
        choice = plain.decision.choices[-1]  # type: ignore[union-attr]
        plain.apply(choice)
        swapped.apply(choice)
    swapped.seat_to(1, "human")
    assert swapped.hands(1) == ((0, "bot:random"), (9, "human"))
    seat = plain.decision.player  # type: ignore[union-attr]
    for session in (plain, swapped):
        session.seat_to(seat, "bot:greedy")
    a, _ = flow_of(plain)
    b, _ = flow_of(swapped)
    d = plain.decision
    assert d is not None and d == swapped.decision
    first = a.bot_for(seat).choose(plain.view_for(seat), d)
    assert first == b.bot_for(seat).choose(swapped.view_for(seat), d)


def session_kind(session: GameSession, seat: int) -> str:
    return session.kind(seat)
