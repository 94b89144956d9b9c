"""The strong bot's time budget is honest: everything counts, and out of time it answers with
its best guess so far. Tests run the search on a fake clock, so they never depend on speed."""

from __future__ import annotations

import random

import pytest

from el_grande.bots import make_bot
from el_grande.bots.strong import StrongBot
from el_grande.core import Decision, Game, Options, View

pytestmark = pytest.mark.filterwarnings("error::el_grande.bots.base.BotFallbackWarning")


class FakeClock:
    """Each reading is `tick` later than the one before; it also counts the readings."""

    def __init__(self, tick: float = 1.0) -> None:
        self.now = 0.0
        self.tick = tick
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        now = self.now
        self.now += self.tick
        return now


def _position(kind: str, seed: int = 3, castillo: str = "open") -> tuple[View, Decision]:
    """A 4-player game in round 2 at a decision of `kind`, as its decider's view."""
    game = Game.new(["A", "B", "C", "D"], seed=seed, options=Options(castillo=castillo))
    rng = random.Random(seed)
    while game.round < 2 or game.decision.kind != kind:  # type: ignore[union-attr]
        game.apply(rng.choice(game.decision.choices))  # type: ignore[union-attr]
    d = game.decision
    assert d is not None
    return game.view(d.player), d


def _strong(clock: FakeClock, budget: float, iterations: int | None = None) -> StrongBot:
    return StrongBot(seed=5, time_budget=budget, iterations=iterations, clock=clock)


def _readings_until_the_guess(view: View, d: Decision) -> int:
    """Clock readings a bot makes up to its greedy guess (a search capped at 0 play-outs)."""
    clock = FakeClock(tick=0.0)
    _strong(clock, budget=1.0, iterations=0).choose(view, d)
    return clock.readings


@pytest.mark.parametrize("kind", ["power", "action_card", "placement"])
def test_with_no_time_at_all_it_answers_the_first_legal_choice(kind: str) -> None:
    view, d = _position(kind)
    clock = FakeClock(tick=1.0)
    assert _strong(clock, budget=0.5).choose(view, d) == d.choices[0]
    assert clock.readings == 2  # the start, then the first check: out of time


def test_out_of_time_after_the_greedy_guess_it_answers_the_guess() -> None:
    view, d = _position("action_card")
    guess = _strong(FakeClock(tick=0.0), budget=1.0, iterations=0).choose(view, d)
    assert guess == make_bot("greedy", seed=5).choose(view, d)  # the same rule, same sample
    assert guess != d.choices[0]  # (so the test can tell the two fallbacks apart)
    k = _readings_until_the_guess(view, d)
    clock = FakeClock(tick=1.0)
    bot = _strong(clock, budget=k)  # the k readings pass, the next one is out of time
    assert bot.choose(view, d) == guess
    assert clock.readings == k + 1


@pytest.mark.parametrize("kind", ["power", "action_card", "turn"])
def test_play_outs_cut_short_are_dropped_and_the_best_so_far_wins(kind: str) -> None:
    """Out of time after some play-outs = the same search capped at that many play-outs.
    (A hidden Castillo: every draw may differ, so the search goes on until stopped.)"""
    view, d = _position(kind, castillo="hidden")
    k = _readings_until_the_guess(view, d)
    for extra in (1, 40, 400, 2000):
        timed = _strong(FakeClock(tick=1.0), budget=k + extra)
        choice = timed.choose(view, d)
        done = timed.last_search.playouts  # type: ignore[union-attr]
        assert timed.last_search.timed_out  # type: ignore[union-attr]
        capped = _strong(FakeClock(tick=0.0), budget=1.0, iterations=done)
        assert capped.choose(view, d) == choice, (extra, done)
        assert capped.last_search.playouts == done  # type: ignore[union-attr]
    assert done > 0


def test_the_clock_is_read_between_small_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """No long stretch of work without a look at the clock: at most a few dozen engine steps
    (each a few microseconds) between two readings, through sampling, guess and play-outs."""
    applied = 0
    original = Game.apply_trusted

    def counting(self: Game, choice: object) -> object:
        nonlocal applied
        applied += 1
        return original(self, choice)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "apply_trusted", counting)
    gaps: list[int] = []
    last = 0

    class GapClock(FakeClock):
        def __call__(self) -> float:
            nonlocal last
            gaps.append(applied - last)
            last = applied
            return super().__call__()

    for kind in ("power", "action_card", "turn", "disk"):
        view, d = _position(kind, seed=11)
        last = applied
        StrongBot(seed=1, time_budget=3000.0, clock=GapClock(tick=1.0)).choose(view, d)
    assert applied > 5000  # the searches did run play-outs
    assert max(gaps) <= 60, max(gaps)


def test_a_fixed_play_out_count_is_deterministic() -> None:
    view, d = _position("power")
    picks = {
        _strong(FakeClock(tick=t), budget=1e9, iterations=30).choose(view, d) for t in (0.0, 1.0)
    }
    assert len(picks) == 1


def test_with_nothing_hidden_one_pass_is_the_answer() -> None:
    """Open Castillo, no secret pending: every draw plays out the same, so the search stops
    after one pass over the choices, long before its budget."""
    view, d = _position("action_card")
    clock = FakeClock(tick=1.0)
    bot = _strong(clock, budget=1e9)
    choice = bot.choose(view, d)
    found = bot.last_search
    assert found is not None and found.complete and not found.timed_out
    assert found.playouts == len(d.choices) and set(found.visits.values()) == {1}
    capped = _strong(FakeClock(tick=0.0), budget=1.0, iterations=5 * len(d.choices))
    assert capped.choose(view, d) == choice  # more passes would change nothing
