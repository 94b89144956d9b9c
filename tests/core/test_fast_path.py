"""The trusted fast path (`Game.apply_trusted`) and the lazily formatted history (R-S6)."""

from __future__ import annotations

import json
import random

import pytest

from el_grande.core import Choice, Game, IllegalChoice, Options

from .playout import ALL_OPTIONS


@pytest.mark.parametrize("i", range(8))
def test_apply_trusted_plays_the_same_game_as_apply(i: int) -> None:
    """Same seed + same choices => same events, same state, same record, either way."""
    options = ALL_OPTIONS[i]
    names = [f"P{k}" for k in range(2 + i % 4)]
    checked, trusted = (
        Game.new(names, seed=i, options=options),
        Game.new(names, seed=i, options=options),
    )
    rng = random.Random(i)
    while (d := checked.decision) is not None:
        assert trusted.decision == d
        c = rng.choice(d.choices)
        assert trusted.apply_trusted(c) == checked.apply(c)
        assert trusted.snapshot() == checked.snapshot()
    assert trusted.over and trusted.history == checked.history
    assert trusted.record() == checked.record()
    assert Game.replay(json.loads(json.dumps(trusted.record()))).snapshot() == checked.snapshot()


def test_apply_still_validates_and_changes_nothing_on_an_illegal_choice() -> None:
    game = Game.new(["A", "B", "C"], seed=2, options=Options())
    rng = random.Random(2)
    for _ in range(40):
        game.apply(rng.choice(game.decision.choices))  # type: ignore[union-attr]
    before, history, decision = game.snapshot(), game.history, game.decision
    assert decision is not None
    for bad in ("power 99", "fly", 7, ("fly", None), Choice("king", "aragon"), Choice("done")):
        if bad in decision.choices:
            continue
        with pytest.raises(IllegalChoice):
            game.apply(bad)  # type: ignore[arg-type]
        assert game.snapshot() == before and game.history == history
        assert game.decision == decision


def test_history_is_formatted_when_asked_for_and_survives_clones() -> None:
    game = Game.new(["A", "B"], seed=5)
    rng = random.Random(5)
    played: list[str] = []
    for step in range(120):
        c = rng.choice(game.decision.choices)  # type: ignore[union-attr]
        played.append(str(c))
        game.apply_trusted(c) if step % 2 else game.apply(c)
        if step % 37 == 0:
            assert game.history == tuple(played)
        if step == 60:
            copy = game.clone()
    assert game.history == tuple(played)
    assert all(type(t) is str for t in game.history)
    assert game.record()["choices"] == played
    assert copy.history == tuple(played[:61])
    c = copy.decision.choices[0]  # type: ignore[union-attr]
    copy.apply_trusted(c)
    assert copy.history == (*played[:61], str(c)) and game.history == tuple(played)
    game.record()["choices"].append("tampered")  # the record is a copy
    assert game.history == tuple(played)
