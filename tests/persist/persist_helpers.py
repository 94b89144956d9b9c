"""Helpers for the save/undo/replay tests: seeded random games."""

from __future__ import annotations

import random

from el_grande.core import Game, Options


def random_options(rng: random.Random) -> Options:
    return Options(
        rounds=rng.choice([9, 6]),
        veto=rng.random() < 0.8,
        castillo=rng.choice(["open", "hidden"]),
    )


def new_game(seed: int, players: int | None = None, options: Options | None = None) -> Game:
    rng = random.Random(seed)
    n = players or rng.randint(2, 5)
    return Game.new(
        ["Ana", "Ben", "Cy", "Dee", "Eva"][:n], seed=seed, options=options or random_options(rng)
    )


def play(game: Game, rng: random.Random, steps: int | None = None) -> Game:
    """Apply random legal choices (all of them, or `steps` of them) to `game`."""
    k = 0
    while not game.over and (steps is None or k < steps):
        d = game.decision
        assert d is not None
        game.apply(rng.choice(d.choices))
        k += 1
    return game


def random_game(seed: int, upto: int | None = None, **kw: object) -> Game:
    return play(new_game(seed, **kw), random.Random(seed * 7919 + 1), upto)  # type: ignore[arg-type]
