"""Each feature of the table alone, against the features' protocol (`el_grande.flow.feature`):
a stage of the test's own stands for the table (no director, no policy, no screen), a real
session for the game. What the director and the policy call, and what the feature asks back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

import pytest

from el_grande.bots import make_bot
from el_grande.core import Decision, DecisionKind
from el_grande.flow import cautions
from el_grande.flow.beats import Held
from el_grande.flow.cautions import Caution, Cautions
from el_grande.flow.changes import SinceYourTurn
from el_grande.flow.clock import Cancel, ManualClock
from el_grande.flow.confirm import ConfirmTurns
from el_grande.flow.feature import Feature, Features, Options
from el_grande.flow.guided import Guided, Scripted
from el_grande.flow.lessons import LEARN, Coach, Coaching
from el_grande.flow.scenes import Confirm, GameOver, Prompt, Scene
from el_grande.flow.seats import Seats
from el_grande.flow.table import TableFlow
from el_grande.flow.thinker import Done, Think
from el_grande.session import GameSession, Update
from el_grande.text import t

from .table import held_at, humans, turn_ends


@dataclass
class Stage:
    """What a feature may ask of the table (`el_grande.flow.feature.Stage`), as plain fields
    a test sets; what the feature asked back is written down."""

    session: GameSession
    scene: Scene = field(default_factory=lambda: GameOver.__new__(GameOver))
    bots: frozenset[int] = frozenset()
    at_prompt: bool = False
    showing: bool = False
    secret_open: bool = False
    bot_playing: bool = False
    typed: str | None = None
    #: The thinker's tasks, with their answers' callbacks, and the cancelled ones.
    tasks: list[tuple[Think, Done]] = field(default_factory=list)
    cancelled: int = 0
    refreshed: list[Decision] = field(default_factory=list)
    dropped: list[int] = field(default_factory=list)

    @property
    def thinker(self) -> Callable[[Think, Done], Cancel]:
        def think(task: Think, done: Done) -> Cancel:
            self.tasks.append((task, done))

            def cancel() -> None:
                self.cancelled += 1

            return cancel

        return think

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def refresh(self, decision: Decision) -> None:
        self.refreshed.append(decision)

    def typed_ahead(self) -> str | None:
        return self.typed

    def drop_bot(self, seat: int) -> None:
        self.dropped.append(seat)


def updates_of(session: GameSession) -> list[Update]:
    heard: list[Update] = []
    session.subscribe(heard.append)
    return heard


def prompt_of(session: GameSession) -> Prompt:
    d = session.decision
    assert d is not None
    return Prompt(d.player, d, session.current.public)


def play_until(session: GameSession, want: Callable[[Decision], bool]) -> Decision:
    while (d := session.decision) is not None and not want(d):
        session.apply(d.choices[0])
    assert d is not None
    return d


# --- the registry ----------------------------------------------------------------------------


def test_a_feature_is_registered_once_and_found_by_its_kind() -> None:
    stage = Stage(humans(3, 1))
    seats = Seats(stage)
    features = Features([seats, ConfirmTurns(stage.session)])
    assert features.find(Seats) is seats and features.find(Cautions) is None
    with pytest.raises(AssertionError):
        Features([Seats(stage), Seats(stage)])


def test_every_hook_has_a_default_that_changes_nothing() -> None:
    class Quiet(Feature):
        pass

    session = humans(2, 3)
    quiet, prompt = Quiet(), prompt_of(session)
    bot = make_bot("random", seed=1)
    assert quiet.prompt(prompt) is prompt and quiet.bot(0, bot) is bot
    d = prompt.decision
    assert quiet.answer(d, d.choices[0]) is None and quiet.pending(d) is None
    quiet.configure(Options())
    quiet.opened()
    quiet.shown(prompt)
    quiet.close()


def test_the_first_feature_to_keep_an_answer_wins_and_prompts_pass_through_every_feature() -> None:
    session, choice = held_at(turn_ends)
    confirm = ConfirmTurns(session)
    confirm.configure(Options(confirm=True))
    since = SinceYourTurn(session)
    features = Features([confirm, since])
    d = session.decision
    assert d is not None
    beat = features.answer(d, choice)
    assert isinstance(beat, Held) and session.held == choice
    assert features.answer(d, choice) is not None  # (held again: still kept, never applied)


# --- confirm my turn -------------------------------------------------------------------------


def test_confirm_keeps_a_turns_last_choice_only_when_on() -> None:
    session, choice = held_at(turn_ends)
    d = session.decision
    assert d is not None
    confirm = ConfirmTurns(session)
    assert confirm.answer(d, choice) is None and session.held is None  # off: applied
    confirm.configure(Options(confirm=True))
    beat = confirm.answer(d, choice)
    assert isinstance(beat, Held) and beat.seat == d.player and beat.choice == choice
    assert beat.then == "turn" and session.held == choice
    # A resumed game's held choice: the same beat, also once the setting is off.
    confirm.configure(Options(confirm=False))
    again = confirm.pending(d)
    assert isinstance(again, Held) and again.choice == choice and again.view == beat.view


def test_confirm_has_nothing_pending_when_nothing_is_held() -> None:
    session = humans(2, 4)
    d = session.decision
    assert d is not None and ConfirmTurns(session).pending(d) is None


# --- cautions --------------------------------------------------------------------------------


def court_session() -> GameSession:
    session = humans(3, 2)
    play_until(session, lambda d: d.kind == DecisionKind.COURT and len(d.choices) > 2)
    return session


def test_cautions_mark_nothing_while_off_or_without_hints() -> None:
    stage = Stage(court_session())
    feature = Cautions(stage)
    prompt = prompt_of(stage.session)
    assert feature.prompt(prompt) is prompt and not stage.tasks
    feature.configure(Options(warnings=True))
    stage.session.hints = False
    assert feature.prompt(prompt) is prompt and not stage.tasks


def test_cautions_mark_the_rule_at_once_and_the_engines_marks_when_weighed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cautions, "DRAWS", 1)
    stage = Stage(court_session())
    feature = Cautions(stage)
    feature.configure(Options(warnings=True))
    prompt = prompt_of(stage.session)
    d = prompt.decision
    marked = feature.prompt(prompt)
    assert marked.cautions and all(c.court for c in marked.cautions)  # the fixed rule
    assert len(stage.tasks) == 1 and feature.weighing  # the engine weighs, off the thread
    _task, done = stage.tasks[0]
    worst = d.choices[-1]
    done((Caution(worst, 9.0),))
    assert stage.refreshed == [d] and not feature.weighing  # the prompt is marked again
    again = feature.prompt(prompt)
    assert any(c.choice == worst and c.cost == 9.0 for c in again.cautions)
    assert len(stage.tasks) == 1  # weighed once a decision


def test_cautions_stop_weighing_when_the_choice_is_held_or_the_game_moves_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cautions, "DRAWS", 1)
    stage = Stage(court_session())
    heard = updates_of(stage.session)
    feature = Cautions(stage)
    feature.configure(Options(warnings=True))
    prompt = feature.prompt(prompt_of(stage.session))
    d = prompt.decision
    feature.shown(Confirm(d.player, d, d.choices[0], prompt.view, True))
    assert stage.cancelled == 1 and not feature.weighing
    feature.prompt(prompt)  # weighed again (the held choice was taken back)
    _task, done = stage.tasks[-1]
    stage.session.apply(d.choices[0])
    feature.heard(heard[-1])
    assert stage.cancelled == 2
    done(())  # a stale answer is dropped: nothing is marked again
    assert stage.refreshed == []


def test_cautions_go_on_weighing_when_another_seat_changes_hands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cautions, "DRAWS", 1)
    stage = Stage(court_session())
    heard = updates_of(stage.session)
    feature = Cautions(stage)
    feature.configure(Options(warnings=True))
    d = feature.prompt(prompt_of(stage.session)).decision
    other = (d.player + 1) % 3
    stage.session.seat_to(other, "bot:random")
    stage.bots = frozenset({other})
    feature.heard(heard[-1])
    assert feature.weighing and stage.cancelled == 0
    stage.session.seat_to(d.player, "bot:random")  # the weighed seat itself: it stops
    stage.bots = frozenset({other, d.player})
    feature.heard(heard[-1])
    assert not feature.weighing and stage.cancelled == 1


# --- since your turn -------------------------------------------------------------------------


def test_since_your_turn_marks_what_the_others_changed_and_an_undo_rewinds_it() -> None:
    session = humans(2, 5)
    heard = updates_of(session)
    since = SinceYourTurn(session)
    seen = None
    for _ in range(40):  # until a prompt has something to mark
        d = session.decision
        assert d is not None
        session.apply(d.choices[0])
        since.heard(heard[-1])
        seen = since.prompt(prompt_of(session)).since
        if seen:
            break
    assert seen, "no position in 40 choices marked a change"
    since.configure(Options(since_your_turn=False))
    assert since.prompt(prompt_of(session)).since is None
    since.configure(Options(since_your_turn=True))
    undone = 0
    for _ in range(60):  # an undo rewinds the memory with the game: as if rebuilt from it
        d = session.decision
        assert d is not None
        if session.can_undo() and session.undo():
            undone += 1
        else:
            session.apply(d.choices[-1])
        since.heard(heard[-1])
        rebuilt = SinceYourTurn(session)
        rebuilt.opened()
        seat = prompt_of(session).seat
        assert since.since(seat) == rebuilt.since(seat)
    assert undone


def test_since_your_turn_is_rebuilt_for_a_game_opened_part_way() -> None:
    session = humans(2, 5)
    live = SinceYourTurn(session)
    heard = updates_of(session)
    for _ in range(12):
        d = session.decision
        assert d is not None
        session.apply(d.choices[0])
        live.heard(heard[-1])
    opened = SinceYourTurn(session)
    opened.opened()
    seat = prompt_of(session).seat
    assert opened.since(seat) == live.since(seat)


# --- the coach and the guided game -----------------------------------------------------------


def test_the_guided_game_wraps_its_computer_players_in_the_script() -> None:
    bot = make_bot("greedy", seed=1)
    scripted = Guided().bot(2, bot)
    assert isinstance(scripted, Scripted) and scripted.bot is bot and scripted.seat == 2


def test_the_coach_hears_updates_and_speaks_at_a_persons_prompt_only() -> None:
    session = humans(2, 6)
    session.coach = LEARN
    coach = Coach.of(session)
    assert coach is not None
    stage = Stage(session)
    feature = Coaching(coach, stage)
    prompt = prompt_of(session)
    feature.shown(GameOver(session.current.public))
    stage.bots = frozenset({prompt.seat})
    feature.shown(prompt)  # a computer player's decision: nobody to teach
    assert coach.current is None and coach.moments == 0
    stage.bots = frozenset()
    feature.shown(prompt)
    assert coach.current is not None and coach.current in session.lessons


# --- seats change hands ----------------------------------------------------------------------


def test_seats_say_when_they_may_not_change_hands() -> None:
    stage = Stage(humans(3, 7))
    seats = Seats(stage)
    assert seats.why_not() == t("seats.not_now")  # a take-over, a curtain, a wait
    stage.at_prompt = True
    assert seats.why_not() is None
    stage.showing = True
    assert seats.why_not() == t("seats.not_display")
    stage.secret_open = True
    assert seats.why_not() == t("seats.not_secret")
    stage.secret_open = stage.showing = stage.at_prompt = False
    stage.bot_playing = True
    assert seats.why_not() is None
    stage.typed = "typed ahead"
    assert seats.why_not_open() == "typed ahead" and seats.why_not() is None


def test_seats_change_hands_stopping_that_seats_computer_player_only() -> None:
    stage = Stage(humans(3, 8), bot_playing=True)
    heard = updates_of(stage.session)
    seats = Seats(stage)
    assert seats.give(1, "bot:greedy") is None
    assert stage.dropped == [1] and stage.session.kind(1) == "bot:greedy"
    assert heard and heard[-1].reseated
    assert seats.give(1, "bot:greedy") is None and stage.dropped == [1]  # nothing to do
    assert seats.give(7, "human") == t("seats.unknown")
    assert seats.give(0, "wizard") == t("seats.unknown")
    assert stage.dropped == [1] and len(heard) == 1  # nothing changed


# --- the table's options, through one call ----------------------------------------------------


def test_the_tables_options_reach_every_part_through_one_call() -> None:
    session, choice = held_at(turn_ends)
    clock = ManualClock()
    flow = TableFlow(session, clock, bot_delay=0.0)
    flow.start()
    assert flow.options == Options(bot_delay=0.0) and not flow.handovers.strict
    options = Options(2.0, 3.0, strict=True, warnings=True, confirm=True, since_your_turn=False)
    flow.configure(options)
    assert flow.options == options and flow.strict and flow.handovers.strict
    assert flow.display_pace == 3.0 and flow.bot_delay == 2.0 and flow.warnings
    flow.set_strict(False)
    assert flow.options == replace(options, strict=False) and not flow.handovers.strict
    confirm = flow.features.find(ConfirmTurns)
    since = flow.features.find(SinceYourTurn)
    assert confirm is not None and confirm.on and since is not None and not since.on
    d = session.decision
    assert d is not None
    scene = flow.scene
    assert isinstance(scene, Prompt) and scene.since is None
    clock.advance(10.0)  # (a game opened part-way: the first answer waits for quiet)
    assert flow.answer(choice) is None and session.held == choice  # confirm my turn: held
