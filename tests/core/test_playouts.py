"""Random full games over every player count and option combination (issue 2's playout suite)."""

from __future__ import annotations

import random

import pytest

from el_grande.core import Game

from .playout import ALL_OPTIONS, play_checked


def _cases(count: int) -> list[tuple[int, int]]:
    return [(2 + i % 4, i) for i in range(count)]


@pytest.mark.parametrize("chunk", range(10))
def test_random_playouts_keep_every_invariant(chunk: int) -> None:
    """300 games: 2-5 players x all 8 option combinations, invariants checked at every step."""
    for players, i in _cases(300)[chunk::10]:
        options = ALL_OPTIONS[i % len(ALL_OPTIONS)]
        game = Game.new([f"P{k}" for k in range(players)], seed=i, options=options)
        play_checked(game, random.Random(1000 + i))


@pytest.mark.stress
def test_random_playouts_stress() -> None:
    for players, i in _cases(5000):
        options = ALL_OPTIONS[i % len(ALL_OPTIONS)]
        game = Game.new([f"P{k}" for k in range(players)], seed=10_000 + i, options=options)
        play_checked(game, random.Random(i))


def test_every_action_card_is_exercised_by_the_playouts() -> None:
    """The random playouts reach every card's special action (so the suite above covers them)."""
    from el_grande.core import CARDS
    from el_grande.core import events as E

    announced: set[str] = set()
    for i in range(60):
        if announced == set(CARDS):
            break  # (every card by the fifth game: the other games add nothing to see)
        game = Game.new(["A", "B", "C", "D"], seed=i)
        rng = random.Random(i)
        while game.decision is not None:
            d = game.decision
            # Prefer announcing special actions so every card gets resolved.
            pick = next((c for c in d.choices if c.verb == "special"), None)
            for e in game.apply(pick or rng.choice(d.choices)):
                if isinstance(e, E.SpecialAnnounced):
                    announced.add(e.card)
    assert announced == set(CARDS)
