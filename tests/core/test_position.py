"""`Game.position()`: the point a game stands at, for search code's memos."""

from __future__ import annotations

import random

from el_grande.core import Game, Options


def _played(seed: int, steps: int, n: int = 4, **options: object) -> Game:
    game = Game.new([f"P{k}" for k in range(n)], seed=seed, options=Options(**options))  # type: ignore[arg-type]
    rng = random.Random(seed)
    for _ in range(steps):
        d = game.decision
        assert d is not None
        game.apply(rng.choice(d.choices))
    return game


def test_a_clone_and_a_replay_stand_where_the_game_stands() -> None:
    game = _played(1, 120)
    assert game.clone().position() == game.position()
    assert Game.replay(game.record()).position() == game.position()
    hash(game.position())


def test_every_choice_moves_the_game_on() -> None:
    for seed in range(3):
        game = Game.new(["A", "B", "C"], seed=seed, options=Options(castillo="hidden"))
        rng = random.Random(seed)
        seen = {game.position()}
        while (d := game.decision) is not None:
            game.apply(rng.choice(d.choices))
            assert game.position() not in seen
            seen.add(game.position())


def test_games_that_differ_only_in_the_unturned_cards_stand_alike_until_they_turn() -> None:
    """The same position, the same decisions and choices until the next round's cards."""
    a = _played(5, 40)
    b = a.clone()
    b.stacks = tuple(st[: b.round_i + 1] + tuple(reversed(st[b.round_i + 1 :])) for st in b.stacks)
    assert a.stacks != b.stacks and a.position() == b.position()
    rng = random.Random(2)
    start = a.round_i
    while a.round_i == start:
        assert a.decision == b.decision and a.position() == b.position()
        choice = rng.choice(a.decision.choices)  # type: ignore[union-attr]
        a.apply(choice)
        b.apply(choice)
    assert a.face_up != b.face_up or a.stacks != b.stacks


def test_another_seat_secret_is_part_of_the_position() -> None:
    game = _played(2, 0)
    rng = random.Random(2)
    while (d := game.decision) is not None and (d.kind != "disk" or len(d.choices) < 2):
        game.apply(rng.choice(d.choices))
    assert d is not None and len(d.choices) > 1
    a, b = game.clone(), game.clone()
    a.apply(d.choices[0])
    b.apply(d.choices[1])
    assert a.view(None) == b.view(None) and a.position() != b.position()
