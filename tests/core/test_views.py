"""Views are built without their dataclasses' `__init__` (for speed): they must be the very same
values as if built field by field."""

from __future__ import annotations

import dataclasses
import random

from el_grande.core import DecisionView, Game, Options, PlayerView, RegionView, View


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
