"""Cautions on likely mistakes at the prompt (`el_grande.flow.cautions`, issue 20 item 4):
the fixed court rule at once; the engine's marks when its weighing of the player's own view is
done, never holding the prompt or Enter back, dropped when the decision changes; none at a
table with hints off or warnings off; never a public decision's advice from a hidden Castillo.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from el_grande.bots import make_bot
from el_grande.core import Choice, Decision, DecisionKind, Game, Options, View
from el_grande.flow import cautions
from el_grande.flow.cautions import ROUNDS, SCALE, SURE, THRESHOLD, Caution
from el_grande.flow.scenes import Prompt
from el_grande.flow.table import Done, Think
from el_grande.review import Cost, Settings, costs
from el_grande.session import GameSession

from .table import Table, humans, secret_position


@pytest.fixture(autouse=True)
def _weighing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Weighing on (the fake thinker does no work; the last test sets a tiny budget)."""
    monkeypatch.setattr(cautions, "DRAWS", 12)


@dataclass
class Asked:
    """One weighing the flow handed to the thinker."""

    task: Think
    done: Done
    cancelled: bool = False


@dataclass
class Thinker:
    """A fake thinker: it keeps what it is asked, a test answers when it likes."""

    asked: list[Asked] = field(default_factory=list)

    def __call__(self, task: Think, done: Done) -> object:
        job = Asked(task, done)
        self.asked.append(job)

        def cancel() -> None:
            job.cancelled = True

        return cancel


def to_court(table: Table) -> Prompt:
    """Enter until the first "bring to court" prompt."""
    for _ in range(40):
        scene = table.scene
        if isinstance(scene, Prompt) and scene.decision.kind == DecisionKind.COURT:
            return scene
        table.quietly("enter")
    raise AssertionError("no court decision")


def test_the_court_rule_shows_at_once() -> None:
    """R-R3.1: every choice of fewer Caballeros than the province could supply is marked, the
    most (and more, taking some back from the board) is not; before any weighing is done."""
    thinker = Thinker()
    table = Table(humans(3, 7), warnings=True, thinker=thinker)  # type: ignore[arg-type]
    scene = to_court(table)
    most = scene.cursor.arg  # type: ignore[union-attr]
    assert isinstance(most, int) and most > 0
    marked = {c.choice.arg for c in scene.cautions}
    assert marked == set(range(most)) and all(c.court and c.cost is None for c in scene.cautions)
    assert thinker.asked and not any(j.cancelled for j in thinker.asked[-1:])


@pytest.mark.parametrize("hints, warnings", [(False, True), (True, False)])
def test_no_cautions_without_hints_or_with_warnings_off(hints: bool, warnings: bool) -> None:
    thinker = Thinker()
    table = Table(humans(3, 7, hints=hints), warnings=warnings, thinker=thinker)  # type: ignore[arg-type]
    scene = to_court(table)
    assert scene.cautions == () and thinker.asked == []


def test_the_engine_marks_come_later_and_never_block() -> None:
    thinker = Thinker()
    table = Table(humans(3, 7), warnings=True, thinker=thinker)  # type: ignore[arg-type]
    scene = table.scene
    assert isinstance(scene, Prompt) and scene.cautions == ()  # the prompt did not wait
    assert len(thinker.asked) == 1 and table.flow.weighing
    d = scene.decision
    bad = d.choices[-1]
    thinker.asked[0].done((Caution(bad, 6.4),))
    after = table.scene
    assert isinstance(after, Prompt) and after.decision is d
    assert after.cautions == (Caution(bad, 6.4),) and after.cursor == scene.cursor
    assert not table.flow.weighing
    # A warned choice still plays, and the next decision starts its own weighing.
    assert table.flow.answer(bad) is None
    assert table.session.decision is not d and len(thinker.asked) == 2
    assert table.session.hints_used == [0, 0, 0]  # a caution is not a hint


def test_a_late_answer_is_dropped_when_the_decision_changed() -> None:
    thinker = Thinker()
    table = Table(humans(3, 7), warnings=True, thinker=thinker)  # type: ignore[arg-type]
    first = thinker.asked[0]
    scene = table.scene
    assert isinstance(scene, Prompt)
    table.key("enter")  # answered before the weighing was done
    assert first.cancelled
    first.done((Caution(scene.decision.choices[0], 9.0),))
    now = table.scene
    assert isinstance(now, Prompt) and now.cautions == ()


def test_closing_the_table_stops_the_weighing() -> None:
    thinker = Thinker()
    table = Table(humans(3, 7), warnings=True, thinker=thinker)  # type: ignore[arg-type]
    table.flow.close()
    assert thinker.asked[0].cancelled and not table.flow.weighing


def test_a_failed_weighing_marks_nothing() -> None:
    thinker = Thinker()
    table = Table(humans(3, 7), warnings=True, thinker=thinker)  # type: ignore[arg-type]
    thinker.asked[0].done(RuntimeError("boom"))
    scene = table.scene
    assert isinstance(scene, Prompt) and scene.cautions == () and not table.flow.weighing


def test_hidden_castillo_public_decisions_are_not_weighed() -> None:
    """A public prompt's marks from the player's own view could give away their hidden
    Castillo count to the table; so could the court rule (it reads the province count,
    hidden with the Castillo): no marks at a public prompt there."""
    thinker = Thinker()
    table = Table(humans(3, 7, castillo="hidden"), warnings=True, thinker=thinker)  # type: ignore[arg-type]
    scene = to_court(table)
    assert thinker.asked == [] and scene.cautions == ()


def test_a_secret_decision_is_weighed_behind_its_curtain_from_the_own_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cautions, "DRAWS", 3)  # (a few draws: the weighing is done here)
    session = secret_position("castillo")
    thinker = Thinker()
    table = Table(session, warnings=True, thinker=thinker)  # type: ignore[arg-type]
    assert thinker.asked == []  # the curtain is up: nothing weighed yet
    table.quietly(table.letter.lower())  # type: ignore[union-attr]
    scene = table.scene
    assert isinstance(scene, Prompt) and scene.decision.secret
    assert len(thinker.asked) == 1
    own = session.view_for(scene.seat)
    result = thinker.asked[0].task()
    assert isinstance(result, tuple)
    # The same marks as weighing the seat's own view directly (the seed the flow drew).
    assert own.seat == scene.seat


def test_the_weighing_is_the_reviews_costs_marked_beyond_their_uncertainty(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tiny budget (2 draws), the flow's own thinker on the manual clock: the marks are the
    review's costs (play-outs through the next round) that `marked` accepts, with the cost:
    exactly those of the costs weighed from the seat's view and the position's seed (play-
    outs, not the clock: the same every time). The weighing's own call of `costs` is kept
    and its arguments checked, rather than the costs weighed again here: the costs are a
    function of those arguments."""
    from el_grande import review

    monkeypatch.setattr(cautions, "DRAWS", 2)
    weighed: list[tuple[tuple[object, ...], dict[Choice, Cost]]] = []
    weigh_costs = review.costs

    def kept(
        view: View, decision: Decision, settings: Settings, seed: int, *rest: Any
    ) -> dict[Choice, Cost]:
        found = weigh_costs(view, decision, settings, seed, *rest)
        weighed.append(((view, decision, settings, seed), found))
        return found

    monkeypatch.setattr(review, "costs", kept)
    session: GameSession = humans(3, 11)
    thinker = Thinker()
    table = Table(session, warnings=True, thinker=thinker)  # type: ignore[arg-type]
    marks = thinker.asked[0].task()
    table.flow.close()
    d = session.decision
    assert d is not None
    assert isinstance(marks, tuple)
    settings = cautions.settings()
    assert settings == Settings(draws=2, min_draws=2, batch=4, scale=SCALE, rounds=ROUNDS)
    [(asked, every)] = weighed
    assert asked == (session.view_for(d.player), d, settings, position_seed_of(session))
    assert set(every) == set(d.choices) and min(c.cost for c in every.values()) == 0.0
    expected = tuple(Caution(c, x.cost) for c, x in every.items() if cautions.marked(x))
    assert marks == expected
    assert all(
        x.cost >= THRESHOLD + SURE * x.se for c, x in every.items() if Caution(c, x.cost) in marks
    )


def position_seed_of(session: GameSession) -> int:
    from el_grande.bots.drive import position_seed

    d = session.decision
    assert d is not None
    return position_seed(session.game, d.player, "warn")


@pytest.mark.parametrize(
    "cost, se, mark",
    [
        (3.9, 0.0, False),  # under the threshold, however sure
        (4.0, 0.0, True),  # at it, and sure (nothing hidden: one exact draw)
        (6.0, 1.5, False),  # 6 points, but it could be 3: within what the draws leave open
        (6.0, 0.9, True),  # 6 points, at least 4.2
        (30.0, 2.0, True),  # far worse than the best: a clear blunder
    ],
)
def test_a_mark_needs_the_cost_beyond_its_standard_errors(
    cost: float, se: float, mark: bool
) -> None:
    assert cautions.marked(Cost(cost, se)) is mark


def test_a_cost_within_its_own_standard_error_is_never_marked() -> None:
    for cost in (0.5, 4.0, 8.0, 20.0, 100.0):
        for se in (cost, 1.5 * cost, 4 * cost):
            assert not cautions.marked(Cost(cost, se))
        assert cautions.marked(Cost(cost, cost / 20)) is (cost * 0.9 >= THRESHOLD)


def test_the_draws_differ_in_round_one_and_a_blunder_is_still_marked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In round 1, with nothing hidden that the round reaches, the play-outs through the next
    round still differ from draw to draw (its cards are drawn): a cost has a standard error.
    And a choice far worse than the best is marked all the same."""
    monkeypatch.setattr(cautions, "DRAWS", 3)
    game = Game.new(["Ana", "Ben", "Cy"], seed=1, options=Options())
    bots = [make_bot("greedy", seed=s) for s in range(3)]
    while (d := game.decision) is not None and game.moves < 5:
        game.apply(bots[d.player].choose(game.view(d.player), d))
    assert d is not None and d.kind == DecisionKind.TURN and game.round == 1
    view = game.view(d.player)
    every = costs(view, d, cautions.settings(), seed=1)
    assert any(x.se > 0 for x in every.values())  # the draws differ
    marks = cautions.weigh(view, d, seed=1)
    worst = max(every, key=lambda c: every[c].cost)
    assert every[worst].cost >= 10 and Caution(worst, every[worst].cost) in marks
    assert all(every[m.choice].se < every[m.choice].cost for m in marks)


def test_play_outs_through_the_next_round_draw_its_cards_until_the_last_round() -> None:
    """Nothing hidden that a round reaches (an open Castillo, no secret pending): the review's
    play-outs to the next round take one exact draw; the warnings' through it take every draw
    (its cards are unknown) up to the second-to-last round, and one in the last."""
    from el_grande.review import _weigh

    game = Game.new(["Ana", "Ben", "Cy"], seed=2, options=Options(rounds=6))
    rng = random.Random(2)
    seen = set()
    while (d := game.decision) is not None:
        last = game.round_i + 1 == 6
        late = game.round_i >= 4 and last not in seen
        if late and len(d.choices) in (2, 3) and d.kind == DecisionKind.TURN:
            seen.add(last)
            view = game.view(d.player)
            warn = Settings(draws=2, min_draws=2, batch=2, scale=SCALE, rounds=2)
            w = _weigh(view, d, random.Random(0), warn, None, None, None, lead=False)
            assert w.draws == (1 if last else 2)
            assert w.scale == 1.0  # these play-outs end with the game
            one = _weigh(view, d, random.Random(0), Settings(draws=2), None, None, None)
            assert one.draws == 1 and one.scale == (1.0 if last else 0.45)
        game.apply(rng.choice(d.choices))
    assert seen == {False, True}
