"""What changed since your turn, in the table's flow: a prompt carries the changes only when
others acted since the player's previous decision (never between a player's own decisions),
a computer player's decisions count, an undo rewinds the memory with the game, a resumed game
starts with none, and the setting turns it off."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from el_grande.core import Event, Game, View
from el_grande.core import events as E
from el_grande.flow.changes import changes, sentence_for
from el_grande.flow.scenes import Curtain, GameOver, Prompt, Showing, TakeOver
from el_grande.session import GameSession, Update
from el_grande.setup import GameSetup, SeatSetup

from .table import Table, humans


def seated(*kinds: str, seed: int = 7, **options: object) -> GameSession:
    names = ["Ana", "Ben", "Cy"]
    colours = ["yellow", "red", "green"]
    seats = tuple(SeatSetup(names[i], colours[i], k) for i, k in enumerate(kinds))
    return GameSession.new(GameSetup(seats, seed=seed, **options))  # type: ignore[arg-type]


def step(table: Table) -> Prompt | None:
    """Past whatever is not a prompt (take-overs, curtains, displays, computer players) to the
    next prompt, ready for input; None at the game's end."""
    for _ in range(200):
        scene = table.scene
        if isinstance(scene, GameOver):
            return None
        if isinstance(scene, TakeOver):
            table.quietly(scene.letter.lower())
        elif isinstance(scene, (Curtain, Showing)):
            table.quietly("enter")
        elif isinstance(scene, Prompt):
            table.at(table.clock.now() + table.take_over + 0.1)
            scene = table.scene
            assert isinstance(scene, Prompt) and not scene.quiet
            return scene
        else:  # a computer player: its turn plays on the clock
            table.at(table.clock.now() + 1.0)
    raise AssertionError(f"stuck at {table.scene}")


class Watcher:
    """The test's own account of "previous decision": per seat, the public board after its
    latest choice, and who chose last (from the session's updates)."""

    def __init__(self, session: GameSession) -> None:
        self.after: dict[int, View] = {}
        self.last: int | None = None
        #: Per seat, the Vetoes used (by, seat, card) since its latest choice.
        self.vetoed: dict[int, list[tuple[int, int, str]]] = {}
        session.subscribe(self._update)

    @classmethod
    def of(cls, session: GameSession) -> Watcher:
        """For a game opened from its record: its choices so far, replayed one by one."""
        watcher = cls(session)
        record = session.game.record()
        for n in range(len(record["choices"])):
            game = Game.replay(record, upto=n)
            seat = game.decision.player  # type: ignore[union-attr]
            events = game.apply(game.parse(record["choices"][n]))
            watcher._chose(seat, events, game.view(None))
        return watcher

    def _update(self, update: Update) -> None:
        if update.chooser is not None:
            self._chose(update.chooser, update.events, update.public)

    def _chose(self, seat: int, events: Sequence[Event], public: View) -> None:
        used = [(e.by, e.seat, e.card) for e in events if isinstance(e, E.SpecialVetoed)]
        for others in self.vetoed.values():
            others.extend(used)
        self.vetoed[seat] = []
        self.after[seat] = public
        self.last = seat

    def expected(self, session: GameSession, seat: int) -> object:
        if self.last is None or self.last == seat or seat not in self.after:
            return None
        found = changes(
            self.after[seat],
            session.current.public,
            castillo_hidden=session.castillo_hidden,
            vetoed=tuple(self.vetoed[seat]),
        )
        return found or None


def play_and_check(session: GameSession, decisions: int, watcher: Watcher | None = None) -> int:
    """Play `decisions` human decisions at random; every prompt's changes are the expected
    ones. Returns how many prompts had changes."""
    watcher = watcher or Watcher(session)
    table = Table(session)
    rng = random.Random(1)
    marked = 0
    for _ in range(decisions):
        prompt = step(table)
        if prompt is None:
            break
        assert prompt.since == watcher.expected(session, prompt.seat)
        if prompt.since is not None and session.castillo_hidden:
            assert prompt.since.courts == () and "castillo" not in prompt.since.at("castillo")
            assert all(p != "castillo" for p, _, _ in prompt.since.caballeros)
        marked += prompt.since is not None
        assert table.flow.answer(rng.choice(prompt.decision.choices)) is None
        table.clock.run_due()
    return marked


def test_a_prompt_carries_what_changed_only_after_others_acted() -> None:
    assert play_and_check(humans(3, 7), 150) >= 20


def test_with_a_hidden_castillo_no_prompt_marks_the_castillo_or_a_court() -> None:
    session = humans(3, 5, castillo="hidden")
    marked = play_and_check(session, 150)
    assert marked >= 20


def test_a_computer_players_decisions_count_as_its_seats() -> None:
    # Ana and Ben at the keyboard, Cy a computer player: Cy's changes are marked for them.
    assert play_and_check(seated("human", "human", "bot:random"), 120) >= 15


def test_no_changes_at_a_players_own_consecutive_decisions() -> None:
    table = Table(humans(3, 7))
    rng = random.Random(2)
    seen_own = 0
    last_seat = None
    for _ in range(120):
        prompt = step(table)
        assert prompt is not None
        if prompt.seat == last_seat:
            assert prompt.since is None
            seen_own += 1
        last_seat = prompt.seat
        table.flow.answer(rng.choice(prompt.decision.choices))
        table.clock.run_due()
    assert seen_own >= 30


def test_the_first_decision_of_each_player_has_none_and_a_resumed_game_remembers() -> None:
    session = humans(3, 7)
    table = Table(session)
    rng = random.Random(2)
    seats: set[int] = set()
    while len(seats) < 3:
        prompt = step(table)
        assert prompt is not None
        if prompt.seat not in seats:
            assert prompt.since is None  # no previous decision of theirs
        seats.add(prompt.seat)
        table.flow.answer(rng.choice(prompt.decision.choices))
        table.clock.run_due()
    for n in range(200):  # on to a prompt with marks, some way into the game
        prompt = step(table)
        assert prompt is not None
        if n >= 30 and prompt.since is not None:
            break
        table.flow.answer(rng.choice(prompt.decision.choices))
        table.clock.run_due()
    here = table.scene
    assert isinstance(here, Prompt) and here.since is not None
    resumed = GameSession.from_record(session.game.record(), session.seats)
    again = Table(resumed)  # the memory is rebuilt from the record: the same marks
    prompt = step(again)
    assert prompt is not None and prompt.seat == here.seat and prompt.since == here.since
    fresh = GameSession.from_record(session.game.record(), session.seats)
    assert play_and_check(fresh, 60, Watcher.of(fresh)) >= 5


def test_an_undo_rewinds_the_memory_with_the_game() -> None:
    """At a prompt with changes, the player makes a decision of their own turn (the next is
    theirs again: no marks), then takes it back: the prompt is as it first was, marks too."""
    table = Table(humans(3, 7))
    rng = random.Random(4)
    flow = table.flow
    for _ in range(300):
        prompt = step(table)
        assert prompt is not None
        if prompt.since is not None:
            moves = table.session.current.moves
            for choice in prompt.decision.choices:
                if flow.answer(choice) is not None:
                    continue
                table.clock.run_due()
                again = table.scene
                if (
                    isinstance(again, Prompt)
                    and again.seat == prompt.seat
                    and flow.can_undo
                    and not again.quiet
                ):
                    assert again.since is None  # their own consecutive decision
                    assert flow.undo() is None
                    table.clock.run_due()
                    back = step(table)
                    assert back is not None and table.session.current.moves == moves
                    assert back.decision.kind == prompt.decision.kind
                    assert back.since == prompt.since
                    return
                break
        else:
            flow.answer(rng.choice(prompt.decision.choices))
            table.clock.run_due()
    raise AssertionError("no undoable decision after others acted")


def test_the_setting_off_marks_nothing() -> None:
    table = Table(humans(3, 7))
    table.flow.configure(replace(table.flow.options, since_your_turn=False))
    rng = random.Random(1)
    for _ in range(100):
        prompt = step(table)
        assert prompt is not None and prompt.since is None
        table.flow.answer(rng.choice(prompt.decision.choices))
        table.clock.run_due()


def test_a_veto_taken_and_a_veto_used_reach_the_prompts_that_follow() -> None:
    """Issue 33, item 7: a Veto card taken and a Veto used are changes since your turn (the
    view tells a taken one; a used one comes from the choice's events)."""
    taken = used = 0
    for seed in range(1, 9):  # random play keeps and uses a Veto in some games only
        session = humans(3, seed)
        table = Table(session)
        watcher = Watcher(session)
        rng = random.Random(seed)
        for _ in range(300):
            prompt = step(table)
            if prompt is None:
                break
            assert prompt.since == watcher.expected(session, prompt.seat)
            if prompt.since is not None:
                taken += bool(prompt.since.vetoes)
                used += bool(prompt.since.vetoed)
                if prompt.since.vetoed:
                    words = sentence_for(prompt.since, session.names, lambda _: True)
                    assert words is not None and " vetoed " in words
            table.flow.answer(rng.choice(prompt.decision.choices))
            table.clock.run_due()
        if taken and used:
            break
    assert taken and used
