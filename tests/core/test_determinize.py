"""Game.from_view: determinized games for search bots, consistent with the seat's view."""

from __future__ import annotations

import random

import pytest

from el_grande.core import Game, Options

from .playout import ALL_OPTIONS


@pytest.mark.parametrize("i", range(8))
def test_from_view_is_consistent_with_the_view_and_plays_on(i: int) -> None:
    rng = random.Random(i)
    game = Game.new([f"P{k}" for k in range(2 + i % 4)], seed=i, options=ALL_OPTIONS[i])
    checked = 0
    while game.decision is not None:
        if rng.random() < 0.1 or game.decision.secret:
            seat = rng.randrange(game.n)
            view = game.view(seat)
            sample = Game.from_view(view, random.Random(checked))
            assert sample.view(seat) == view
            assert sample.decision == game.decision
            # The sample is a real game: it plays to the end.
            while sample.decision is not None:
                sample.apply(rng.choice(sample.decision.choices))
            checked += 1
        game.apply(rng.choice(game.decision.choices))
    assert checked > 5


def test_from_view_samples_the_unknowns() -> None:
    game = Game.new(["A", "B", "C"], seed=9, options=Options(castillo="hidden"))
    view = game.view(0)
    decks = {Game.from_view(view, random.Random(k)).stacks for k in range(10)}
    assert len(decks) > 1
    assert all(d[0][:1] == game.stacks[0][:1] for d in decks)  # revealed cards are kept


def test_from_view_refuses_the_public_view() -> None:
    with pytest.raises(ValueError):
        Game.from_view(Game.new(["A", "B"], seed=1).view(None))
