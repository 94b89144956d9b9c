"""R-H1/R-H2: views hold only what their seat may know."""

from __future__ import annotations

import random

from el_grande.core import REGIONS, Game, Options, visible_to
from el_grande.core import events as E


def _perturb_hidden(game: Game, seat: int | None, rng: random.Random) -> Game:
    """A copy that differs from ``game`` only in what ``seat`` may not know."""
    other = game.clone()
    k = other.round_i + 1
    other.stacks = tuple(st[:k] + tuple(rng.sample(st[k:], len(st) - k)) for st in other.stacks)
    other.seed = "something else"
    other.secrets = [(s, r if s == seat else rng.choice(REGIONS)) for s, r in other.secrets]
    if other.options.castillo == "hidden":
        row = other.cab[9]
        movable = [s for s in range(other.n) if s != seat]
        # Shift Castillo Caballeros between two other seats (the total stays public).
        if len(movable) >= 2:
            a, b = rng.sample(movable, 2)
            shift = row[a]
            row[a] -= shift
            row[b] += shift
            other.province[a] += shift
            other.province[b] -= shift
    return other


def test_R_H2_views_do_not_depend_on_hidden_information() -> None:
    rng = random.Random(3)
    checked = 0
    for i in range(24):
        options = Options(castillo="hidden" if i % 2 else "open", rounds=9 if i % 3 else 6)
        game = Game.new([f"P{k}" for k in range(2 + i % 4)], seed=i, options=options)
        while game.decision is not None:
            if rng.random() < 0.15 or game.decision.secret:
                for seat in [None, *range(game.n)]:
                    other = _perturb_hidden(game, seat, rng)
                    mine, theirs = game.view(seat), other.view(seat)
                    assert mine == theirs
                    checked += 1
            game.apply(rng.choice(game.decision.choices))
    assert checked > 500


def test_R_H2_view_holds_no_seed_and_no_deck_order() -> None:
    game = Game.new(["A", "B", "C"], seed=123456789)
    view = game.view(0)
    text = repr(view)
    assert "123456789" not in text
    assert all(len(stack) == 1 for stack in view.revealed)  # only this round's cards
    assert set(view.face_up) == {st[0] for st in game.stacks} | {"king"}


def test_R_H1_secret_choices_stay_hidden_until_revealed() -> None:
    rng = random.Random(5)
    for i in range(10):
        game = Game.new(["A", "B", "C", "D"], seed=i)
        pending: dict[int, str] = {}
        while game.decision is not None:
            d = game.decision
            choice = rng.choice(d.choices)
            evs = game.apply(choice)
            if d.secret:
                pending[d.player] = str(choice.arg)
            revealed = False
            for e in evs:
                if isinstance(e, E.SecretsRevealed):
                    assert dict(e.choices) == pending
                    pending, revealed = {}, True
            if d.secret and not revealed:
                for seat in range(4):
                    view = game.view(seat)
                    assert view.my_secret == pending.get(seat)
                    assert d.player in view.secrets_chosen
            if d.secret:
                assert game.view(None).my_secret is None


def test_R_O3_hidden_castillo_counts_are_redacted_in_views_and_events() -> None:
    game = Game.new(["A", "B", "C"], seed=1, options=Options(castillo="hidden"))
    rng = random.Random(1)
    seen_hidden = False
    while game.decision is not None and not seen_hidden:
        for e in game.apply(rng.choice(game.decision.choices)):
            if isinstance(e, E.CaballerosMoved) and e.dst == "castillo":
                assert e.hidden
                assert visible_to(e, e.whose).count == e.count
                assert visible_to(e, None).count is None
                assert visible_to(e, (e.whose + 1) % 3).count is None
                seen_hidden = True
    assert seen_hidden
    view = game.view(0)
    assert view.players[0].castillo is not None
    assert view.players[1].castillo is None and view.players[2].castillo is None
    # The province would give the Castillo away (30 Caballeros in play), so it is hidden too.
    assert view.players[0].province is not None
    assert view.players[1].province is None and view.players[2].province is None
    assert view.castillo_total == sum(game.cab[9])
    assert all(p.castillo is None for p in game.view(None).players)
