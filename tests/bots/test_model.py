"""The bots' model: determinized games and the static evaluation."""

from __future__ import annotations

import random

import pytest

from el_grande.bots.model import W, determinize, evaluate, points_by_place, utility
from el_grande.core import PLACES, Game, Options, score_table

pytestmark = pytest.mark.filterwarnings("error::el_grande.bots.base.BotFallbackWarning")


def test_a_places_points_are_the_cores_with_the_lead_margin() -> None:
    """R-K2 to R-K6 come from the core (`score_table`: ranks, scoreboards, King's and home
    bonuses); the model adds only its extra for a lead of two or more."""
    checked = 0
    for seed in range(6):
        game = Game.new(["A", "B", "C", "D", "E"][: 2 + seed % 4], seed=seed)
        rng = random.Random(seed)
        while game.decision is not None:
            table = {row.place: row for row in score_table(game.view(None)).places}
            for p, points in zip(PLACES, points_by_place(game), strict=True):
                row = table[p]
                assert row.points is not None
                if points is None:
                    assert not any(row.counts)  # type: ignore[arg-type]
                    continue
                counts = list(row.counts)
                top = max(counts)  # type: ignore[type-var]
                lead = [0.0] * game.n
                if counts.count(top) == 1 and all(
                    top - c >= 2  # type: ignore[operator]
                    for s, c in enumerate(counts)
                    if s != counts.index(top)
                ):
                    lead[counts.index(top)] = W.lead_margin
                assert list(points) == [a + b for a, b in zip(row.points, lead, strict=True)]
                checked += 1
            game.apply(rng.choice(game.decision.choices))
    assert checked > 1000


def test_evaluation_is_the_score_once_the_game_is_over() -> None:
    game = Game.new(["A", "B"], seed=3, options=Options(rounds=6))
    rng = random.Random(3)
    while game.decision is not None:
        game.apply(rng.choice(game.decision.choices))
    assert evaluate(game) == [float(s) for s in game.scores]


def test_evaluation_prefers_a_majority() -> None:
    game = Game.new(["A", "B", "C"], seed=5)
    before = evaluate(game)
    region = next(r for r in range(9) if r != game.king and not any(game.cab[r]))
    game.cab[region][0] += 3
    game.province[0] -= 3
    after = evaluate(game)
    assert utility(after, 0) > utility(before, 0)
    assert utility(after, 1) < utility(before, 1)


def test_determinized_games_match_the_view_but_not_the_hidden_deck() -> None:
    game = Game.new(["A", "B", "C", "D"], seed=8, options=Options(castillo="hidden"))
    view = game.view(2)
    samples = [determinize(view, random.Random(k)) for k in range(6)]
    for sample in samples:
        assert sample.view(2) == view
        assert sample.decision == game.decision
    assert len({s.stacks for s in samples}) > 1
