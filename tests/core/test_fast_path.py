"""The trusted fast path (`Game.apply_trusted`), the lazily formatted history (R-S6), and what
search code may ask of a move without playing it (`intrigue.move_goes_on`)."""

from __future__ import annotations

import json
import random

import pytest

from el_grande.core import Choice, DecisionKind, Game, IllegalChoice, Options
from el_grande.core.board import PLACE_INDEX
from el_grande.core.intrigue import move_goes_on

from .playout import ALL_OPTIONS
from .scenario import act, set_board, take_turn_with


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


def _moves_on(game: Game, c: Choice) -> bool:
    """Whether `c` (a move_to choice) leads to the same player's next step of the move with
    nothing changed but the Caballero's two places."""
    d = game.decision
    assert d is not None
    h = game.clone()
    h.apply(c)
    changed = [p for p, row in enumerate(h.cab) if row != game.cab[p]]
    src, to = PLACE_INDEX[d.context["region"]], PLACE_INDEX[str(c.arg)]
    same = ("round_i", "phase", "active", "king", "boards", "home", "court", "province", "score")
    return (
        h.decision is not None
        and h.decision.player == game.active
        and h.decision.kind in (DecisionKind.MOVE_FROM, DecisionKind.MOVE_WHOSE, d.kind)
        and changed == sorted((src, to))
        and all(getattr(h, name) == getattr(game, name) for name in same)
    )


def test_move_goes_on_says_whether_every_destination_leads_to_the_moves_next_step() -> None:
    """`intrigue.move_goes_on` (for search code) is true exactly when every destination of a
    Caballero leads to the same move's next decision for the same player, with nothing
    changed but that Caballero's places; and it changes nothing."""
    seen = {True: 0, False: 0}
    for i in range(48):
        options = ALL_OPTIONS[i % len(ALL_OPTIONS)]
        game = Game.new([f"P{k}" for k in range(2 + i % 4)], seed=300 + i, options=options)
        rng = random.Random(i)
        while (d := game.decision) is not None:
            if d.kind == DecisionKind.MOVE_TO:
                before = game.snapshot()
                goes_on = move_goes_on(game)
                assert game.snapshot() == before
                assert goes_on == all(_moves_on(game, c) for c in d.choices)
                seen[goes_on] += 1
            game.apply(rng.choice(d.choices))
    assert min(seen.values()) > 30, seen


def test_move_goes_on_is_false_when_only_some_destinations_leave_something_to_move() -> None:
    """Seat 0's one Caballero outside the King's region moves (intrigue_4_own, three more
    allowed): into a region, it may move again; into the Castillo, the move is over. So the
    move does not go on whichever destination (`move_goes_on` is false)."""
    game = take_turn_with(
        "intrigue_4_own",
        setup=lambda g: set_board(g, king="new_castile", cab={"galicia": [1, 2]}),
    )
    act(game, "special", "from galicia")
    d = game.decision
    assert d is not None and d.kind == DecisionKind.MOVE_TO
    assert [_moves_on(game, c) for c in d.choices] == [c.arg != "castillo" for c in d.choices]
    assert not move_goes_on(game)
