"""The director alone (`el_grande.flow.director`): a policy of the test's own takes its beats
(no hand-over, no curtain, no screen) and answers them; the director plays whole games from
them, with public views only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from el_grande.flow.beats import (
    Beat,
    Chosen,
    Decide,
    Held,
    Opened,
    Over,
    Reseated,
    Show,
    Thinking,
    Undone,
)
from el_grande.flow.clock import ManualClock
from el_grande.flow.confirm import ConfirmTurns
from el_grande.flow.director import Director
from el_grande.flow.feature import Features, Options
from el_grande.flow.thinker import thinker_on
from el_grande.session import GameSession
from el_grande.setup import GameSetup, SeatSetup

from .table import held_at, humans, turn_ends


@dataclass
class Answering:
    """A policy that answers every person's decision at once with a seeded choice, goes on
    after every secret and steps every display to its end."""

    director: Director
    rng: random.Random = field(default_factory=lambda: random.Random(3))
    beats: list[Beat] = field(default_factory=list)
    #: What the director does next, once the beat's call has returned (as a screen would).
    todo: list[Beat] = field(default_factory=list)

    def beat(self, beat: Beat) -> None:
        self.beats.append(beat)
        self.todo.append(beat)

    def play(self, clock: ManualClock, limit: int = 5000) -> None:
        for _ in range(limit):
            clock.run_due()
            if not self.todo:
                clock.advance(10.0)  # a computer player's pace
                if not self.todo:
                    return
                continue
            beat = self.todo.pop(0)
            d = self.director.session.decision
            match beat:
                case Decide() if beat.decision is d:
                    assert self.director.answer(self.rng.choice(beat.decision.choices)) is None
                case Chosen():
                    self.director.go_on()
                case Show():
                    self.director.step()
                case Over():
                    return
        raise AssertionError("the game did not end")


def director_for(
    session: GameSession, **options: object
) -> tuple[Director, Answering, ManualClock]:
    clock = ManualClock()
    features = Features([ConfirmTurns(session)])
    director = Director(
        session,
        clock,
        thinker_on(clock),
        features,
        Options(**options),  # type: ignore[arg-type]
    )
    policy = Answering(director)
    director.attach(policy)
    features.configure(Options(**options))  # type: ignore[arg-type]
    return director, policy, clock


def test_the_director_plays_a_whole_game_of_people_with_public_views_only() -> None:
    session = humans(3, 11, castillo="hidden")
    director, policy, clock = director_for(session, bot_delay=0.0)
    watched: list[Beat] = []
    director.watch(watched.append)  # an audience that only looks sees every beat, in order
    director.start()
    policy.play(clock)
    assert session.decision is None and isinstance(policy.beats[-1], Over)
    assert watched == policy.beats
    kinds = {type(b) for b in policy.beats}
    assert {Decide, Chosen, Show, Over} <= kinds and Thinking not in kinds
    for beat in policy.beats:
        view = getattr(beat, "view", None)
        assert view is None or view.seat is None  # no beat carries a seat's own view
    assert director.log_shown == len(session.log)  # every line may be read at the end


def test_the_director_plays_computer_players_at_their_pace_and_shows_public_choices() -> None:
    seats = tuple(SeatSetup(n, c, "bot:random") for n, c in (("A", "yellow"), ("B", "red")))
    session = GameSession.new(GameSetup(seats, seed=4, rounds=6))
    director, policy, clock = director_for(session, bot_delay=1.0)
    director.start()
    policy.play(clock)
    assert session.decision is None
    thinking = [b for b in policy.beats if isinstance(b, Thinking)]
    assert thinking and not any(isinstance(b, Decide) for b in policy.beats)
    assert all(b.choice is None or not b.decision.secret for b in thinking)  # secrets unseen
    assert any(b.choice is not None for b in thinking)  # a public choice shown before applied


def test_a_held_turn_is_a_beat_of_the_feature_that_keeps_the_answer() -> None:
    session, choice = held_at(turn_ends)
    director, policy, _clock = director_for(session, confirm=True)
    director.start()
    assert isinstance(policy.beats[0], Opened) and isinstance(policy.beats[-1], Decide)
    assert director.answer(choice) is None
    held = policy.beats[-1]
    assert isinstance(held, Held) and held.choice == choice == session.held


def test_an_undo_is_told_then_the_decision_comes_again() -> None:
    session = humans(2, 5)
    director, policy, clock = director_for(session)
    director.start()
    while not session.can_undo():
        d = session.decision
        assert d is not None
        director.answer(d.choices[-1])
        clock.run_due()
        if isinstance(policy.beats[-1], Chosen):
            director.go_on()
        while isinstance(policy.beats[-1], Show):
            director.step()
    epoch = director.log_epoch
    assert session.undo()
    undone = next(i for i, b in enumerate(policy.beats) if isinstance(b, Undone))
    again = policy.beats[undone + 1]
    assert isinstance(again, Decide) and again.decision is session.decision
    assert director.log_epoch == epoch + 1 and director.log_shown == len(session.log)


def test_a_seat_changing_hands_is_told_and_only_its_own_decision_starts_again() -> None:
    session = humans(3, 6)
    director, policy, clock = director_for(session, bot_delay=5.0)
    director.start()
    d = session.decision
    assert d is not None and isinstance(policy.beats[-1], Decide)
    other = (d.player + 1) % 3
    session.seat_to(other, "bot:random")
    assert policy.beats[-1] == Reseated(again=False)  # the person keeps their decision
    session.seat_to(d.player, "bot:random")
    assert policy.beats[-2] == Reseated(again=True)
    thinking = policy.beats[-1]
    assert isinstance(thinking, Thinking) and thinking.seat == d.player
    assert director.players.task is not None and director.players.task.seat == d.player
    director.players.drop(other)  # another seat's: nothing stops
    assert director.players.task is not None
    director.players.drop(d.player)
    assert director.players.task is None
    clock.advance(10.0)
    assert session.decision is d  # its answer was dropped: nothing was played
