"""Illegal input raises IllegalChoice with a reason and changes nothing."""

from __future__ import annotations

import random

import pytest

from el_grande.core import CARDS, PLACES, Choice, Game, IllegalChoice, Options

VERBS = [
    "power",
    "court",
    "recall",
    "card",
    "place",
    "special",
    "skip",
    "done",
    "veto",
    "from",
    "whose",
    "to",
    "region",
    "mode",
    "score",
    "return",
    "pass",
    "board",
    "king",
    "grande",
    "retrieve",
    "disk",
]
ARGS: list[object] = [
    None,
    *PLACES,
    *CARDS,
    *range(-1, 15),
    "yes",
    "no",
    "move",
    "place",
    "court",
    "8/4/0",
    "4/0/0",
    "",
    "Aragon",
]
GARBAGE = [
    "",
    " ",
    "power",
    "power seven",
    "power 7 8",
    "place  ",
    "PLACE aragon",
    "place mars",
    "card king queen",
    "disk",
    "veto maybe",
    "court -1",
    "court 07",
    "\x00",
    "place\taragon",
    "🙂",
    "power 1e3",
    "to castillo extra",
    "whose red",
    "done now",
]


def _universe() -> list[Choice]:
    return [Choice(v, a) for v in VERBS for a in ARGS]  # type: ignore[arg-type]


def test_thousands_of_random_illegal_choices_change_nothing() -> None:
    rng = random.Random(1)
    universe = _universe()
    rejected = 0
    for g in range(12):
        game = Game.new(
            [f"P{k}" for k in range(2 + g % 4)],
            seed=g,
            options=Options(castillo="hidden" if g % 2 else "open"),
        )
        while game.decision is not None:
            d = game.decision
            if rng.random() < 0.3:
                before = game.snapshot()
                for _ in range(3):
                    bad = rng.choice(universe)
                    if bad in d.choices:
                        continue
                    with pytest.raises(IllegalChoice) as info:
                        game.apply(bad)
                    assert "not legal now" in str(info.value) or "cannot read" in str(info.value)
                    rejected += 1
                    text = rng.choice(GARBAGE)
                    with pytest.raises(IllegalChoice):
                        game.apply(text)
                    with pytest.raises(IllegalChoice):
                        game.parse(text)
                    rejected += 1
                assert game.snapshot() == before
                assert game.decision is d
            game.apply(rng.choice(d.choices))
    assert rejected > 2000


def test_illegal_choice_is_a_value_error_with_a_reason() -> None:
    game = Game.new(["Ana", "Ben"], seed=0, start_player=0)
    game.apply("power 7")
    with pytest.raises(ValueError, match="already played by Ana"):
        game.apply("power 7")
    with pytest.raises(IllegalChoice, match="unknown verb 'fly'"):
        game.parse("fly 7")
    with pytest.raises(IllegalChoice, match="whole number"):
        game.parse("power seven")


def test_non_choice_objects_are_rejected() -> None:
    game = Game.new(["Ana", "Ben"], seed=0)
    before = game.snapshot()
    for junk in (None, 7, ["power", 7], {"verb": "power"}, ("power",), 3.5):
        with pytest.raises(IllegalChoice):
            game.apply(junk)  # type: ignore[arg-type]
    assert game.snapshot() == before


def test_nothing_is_accepted_after_the_game_is_over() -> None:
    game = Game.new(["Ana", "Ben"], seed=2)
    rng = random.Random(2)
    while game.decision is not None:
        game.apply(rng.choice(game.decision.choices))
    with pytest.raises(IllegalChoice, match="over"):
        game.apply("power 1")
    with pytest.raises(IllegalChoice, match="over"):
        game.parse("power 1")


@pytest.mark.parametrize(
    "kwargs",
    [
        {"names": ["Solo"]},
        {"names": ["A", "B", "C", "D", "E", "F"]},
        {"names": ["A", "A"]},
        {"names": ["A", ""]},
        {"names": ["A", "B"], "seed": 1.5},
        {"names": ["A", "B"], "start_player": 2},
    ],
)
def test_bad_setups_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Game.new(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [{"rounds": 8}, {"veto": "yes"}, {"castillo": "secret"}])
def test_bad_options_are_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Options(**bad)  # type: ignore[arg-type]
