"""The bots' model: determinized games and the static evaluation."""

from __future__ import annotations

import random

import pytest

from el_grande.bots.model import determinize, evaluate, place_points, utility
from el_grande.core import Game, Options, rank_points

pytestmark = pytest.mark.filterwarnings("error::el_grande.bots.base.BotFallbackWarning")


def test_place_points_follow_r_k2_like_the_core() -> None:
    # The printed examples (R-K2), then random counts against the core's rank_points.
    assert place_points([4, 4, 4, 3], (5, 3, 1)) == [3, 3, 3, 1]
    assert place_points([4, 3, 2, 2], (6, 4, 2)) == [6, 4, 0, 0]
    rng = random.Random(1)
    for _ in range(500):
        n = rng.randint(2, 5)
        counts = [rng.randint(0, 4) for _ in range(n)]
        values = (7, 4, 2) if n > 3 else ((7, 4, 0) if n == 3 else (7, 0, 0))
        assert place_points(counts, values) == rank_points(counts, (7, 4, 2), n)


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
