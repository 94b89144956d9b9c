"""The engine's plumbing: one list of fields (clone, new and from_view derive from it), named
and typed frames, every card's special action in its family."""

from __future__ import annotations

import random
import typing

import pytest

from el_grande.core import CARDS, Game, Options, rounds
from el_grande.core import frames as F
from el_grande.core import game as engine
from el_grande.core.state import FIELDS


def _mid_game(seed: int = 3, players: int = 4, choices: int = 140) -> Game:
    game = Game.new([f"P{k}" for k in range(players)], seed=seed, options=Options())
    rng = random.Random(seed)
    for _ in range(choices):
        game.apply(rng.choice(game.decision.choices))  # type: ignore[union-attr]
    return game


def test_the_fields_are_listed_once_and_are_the_slots() -> None:
    assert len(FIELDS) == len(set(FIELDS)) == len(Game.__slots__)
    assert tuple(Game.__slots__) == FIELDS
    assert not hasattr(_mid_game(), "__dict__")


def test_a_clone_copies_every_field_and_shares_nothing_mutable() -> None:
    game = _mid_game()
    copy = game.clone()
    for name in FIELDS:
        mine, theirs = getattr(game, name), getattr(copy, name)
        if name == "_events":
            assert theirs == []  # a clone starts with no events of its own
            continue
        assert mine == theirs, name
        if isinstance(mine, list):
            assert mine is not theirs, name
            for a, b in zip(mine, theirs):
                assert not isinstance(a, list) or a is not b, name
    assert copy.snapshot() == game.snapshot() and copy.decision == game.decision


def test_assembling_a_game_needs_every_field_exactly() -> None:
    game = _mid_game()
    fields = {name: getattr(game, name) for name in FIELDS}
    again = Game._assemble(**fields)
    again._run()
    assert again.snapshot() == game.snapshot()
    del fields["secrets"]
    with pytest.raises(TypeError, match="missing secrets"):
        Game._assemble(**fields)
    with pytest.raises(TypeError, match="unknown colour"):
        Game._assemble(**{name: getattr(game, name) for name in FIELDS}, colour="red")


def test_every_frame_has_a_step_and_every_frame_built_has_its_declared_shape() -> None:
    """The frames are named (frames.Op) and typed (frames.Frame): each name has one step,
    and every frame on the stack in random games has the fields its alias declares."""
    names = set(typing.get_args(F.Op))
    assert set(engine._STEPS) == names
    assert set(engine._ANSWERS) < names
    shapes = {typing.get_args(typing.get_args(alias)[0])[0]: len(typing.get_args(alias))
              for alias in typing.get_args(F.Frame)}  # fmt: skip
    assert set(shapes) == names
    seen = set()
    for seed in range(30):
        game = Game.new(["A", "B", "C"], seed=seed, options=Options(castillo="hidden"))
        rng = random.Random(seed)
        while (d := game.decision) is not None:
            for frame in game._stack:
                assert len(frame) == shapes[frame[0]], frame
                seen.add(frame[0])
            special = [c for c in d.choices if c.verb == "special"]
            game.apply(special[0] if special and rng.random() < 0.8 else rng.choice(d.choices))
    assert seen >= names - {"game"}  # "game" is at the bottom; the loop sees it too
    assert "game" in seen


def test_every_card_starts_in_exactly_one_family() -> None:
    families = [m.SPECIALS for m in rounds._FAMILIES]
    cards = [card for family in families for card in family]
    assert sorted(cards) == sorted(CARDS)
    assert set(rounds.POSSIBLE) <= set(CARDS)
