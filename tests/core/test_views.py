"""Views are built without their dataclasses' `__init__` (for speed): they must be the very same
values as if built field by field."""

from __future__ import annotations

import dataclasses
import random

import pytest

from el_grande.core import DecisionView, Game, Options, PlayerView, PublicView, RegionView, View
from el_grande.core import view as view_module


def _rebuilt(obj: object) -> object:
    """The same value built through the class's own `__init__`."""
    values = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}  # type: ignore[arg-type]
    for name, value in values.items():
        if isinstance(value, tuple) and value and isinstance(value[0], (PlayerView, RegionView)):
            values[name] = tuple(_rebuilt(v) for v in value)
        elif isinstance(value, DecisionView):
            values[name] = _rebuilt(value)
    return type(obj)(**values)


def test_views_equal_views_built_field_by_field() -> None:
    for i in range(6):
        options = Options(castillo="hidden" if i % 2 else "open")
        game = Game.new([f"P{k}" for k in range(2 + i % 4)], seed=i, options=options)
        rng = random.Random(i)
        step = 0
        while game.decision is not None:
            if step % 9 == 0:
                for seat in (None, *range(game.n)):
                    view = game.view(seat)
                    again = _rebuilt(view)
                    assert again == view and repr(again) == repr(view)
                    assert dataclasses.asdict(again) == dataclasses.asdict(view)
                    assert dataclasses.replace(view) == view
            game.apply(rng.choice(game.decision.choices))
            step += 1
    assert isinstance(game.view(0), View)


def test_views_are_frozen() -> None:
    view = Game.new(["A", "B"], seed=1).view(0)
    for obj, name in ((view, "round"), (view.players[0], "score"), (view.regions[0], "king")):
        try:
            setattr(obj, name, 99)
        except dataclasses.FrozenInstanceError:
            continue
        raise AssertionError(f"{type(obj).__name__}.{name} could be changed")


def test_only_everybodys_view_is_a_public_view() -> None:
    """`view(None)` is a `PublicView` (what everybody may know), a seat's view a plain `View`
    (R-H2): the type a spectator's scenes require (`el_grande.flow.scenes`)."""
    game = Game.new(["A", "B", "C"], seed=3, options=Options(castillo="hidden"))
    public = game.view(None)
    assert type(public) is PublicView and public.seat is None
    assert type(game.view()) is PublicView
    for seat in range(game.n):
        assert type(game.view(seat)) is View and not isinstance(game.view(seat), PublicView)
    # Playing a display's events out on it keeps the type (`dataclasses.replace`).
    assert type(dataclasses.replace(public, king="aragon")) is PublicView


def test_a_public_view_has_no_viewer() -> None:
    public = Game.new(["A", "B"], seed=1).view(None)
    with pytest.raises(ValueError, match="no viewer"):
        dataclasses.replace(public, seat=0)


def test_a_revealed_board_is_not_a_public_view() -> None:
    """The review's board with every hidden count filled in holds what the table may not know
    before the end: a plain `View`, so it can never stand in a public scene."""
    from el_grande.persist.replay import revealed_view

    game = Game.new(["A", "B", "C"], seed=2, options=Options(castillo="hidden"))
    shown = revealed_view(game)
    assert type(shown) is View
    assert all(p.castillo is not None for p in shown.players)


def test_a_view_shares_the_parts_it_has_in_common_with_the_last_and_nothing_else() -> None:
    """A view reuses the player, region and decision views of the views built before it
    where they are made of the same values (`build_view`'s latest of each): each view is
    still the one built from nothing — viewers interleaved at every position of a game with
    a hidden Castillo, so a seat's own counts never stand in another viewer's view, nor a
    hidden count in the seat's own — and unchanged parts are shared, not built again."""
    # (Three players, six rounds: every kind of view part, viewers interleaved, at less cost
    # than a longer game would add.)
    game = Game.new(["P0", "P1", "P2"], seed=11, options=Options(castillo="hidden", rounds=6))
    rng = random.Random(11)
    shared = 0
    latest = [v for k, v in vars(view_module).items() if k.startswith("_LATEST_")]
    assert len(latest) == 5  # the players', the regions', the decisions', options, rounds
    while game.decision is not None:
        viewers = [None, *range(game.n)]
        rng.shuffle(viewers)
        for seat in viewers:
            view = game.view(seat)
            kept = [slots[:] for slots in latest]
            for slots in latest:
                slots[:] = [None] * len(slots)
            fresh = game.view(seat)  # (built from nothing)
            for slots, was in zip(latest, kept, strict=True):
                slots[:] = was
            assert view == fresh and repr(view) == repr(fresh)
            assert view.decision == fresh.decision and view.options == fresh.options
            for p in view.players:
                assert (p.castillo is None) == (p.province is None) == (p.seat != seat)
            again = game.view(seat)
            assert all(a is b for a, b in zip(again.regions, view.regions, strict=True))
            assert all(a is b for a, b in zip(again.players, view.players, strict=True))
            assert again.decision is view.decision
        before = game.view(None)
        game.apply(rng.choice(game.decision.choices))
        after = game.view(None)
        shared += sum(a is b for a, b in zip(after.regions, before.regions, strict=True))
    # Most regions are as they were after one choice.
    assert shared > 0.7 * 9 * len(game.history), (shared, len(game.history))
