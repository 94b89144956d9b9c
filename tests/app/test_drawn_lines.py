"""The widgets that draw their own lines (`app.widgets.drawn`) draw exactly what Textual's own
path draws from the same text: the same pieces, in the same styles, marked with the same
offsets (for selecting text) — in a game's first decisions and later, in English and Korean,
at the smallest size and a larger one."""

from __future__ import annotations

import pytest
from textual.visual import Visual, visualize

from el_grande.app.widgets.board import MapView
from el_grande.app.widgets.cards import CardList
from el_grande.app.widgets.drawn import DrawnLines
from el_grande.app.widgets.keybar import KeyBar
from el_grande.app.widgets.players import PlayersPanel
from el_grande.app.widgets.track import RoundTrack
from el_grande.text import use

from .helpers import KOREAN_NAMES, app_at, press, settle

ALL = {MapView, CardList, PlayersPanel, RoundTrack, KeyBar}


def _textuals(widget: DrawnLines) -> list[list[tuple[str, object]]]:
    """The widget's lines as Textual draws its `render()` (`Widget.render_line`)."""
    width, height = widget.size
    visual = visualize(widget, widget.render())
    strips = Visual.to_strips(widget, visual, width, height, widget.visual_style)
    return [[(s.text, s.style) for s in strip] for strip in strips]


def _own(widget: DrawnLines) -> list[list[tuple[str, object]]]:
    return [[(s.text, s.style) for s in strip] for strip in widget.strips()]


@pytest.mark.parametrize(
    ("players", "moves", "size", "korean"),
    [
        (3, 0, (100, 30), False),
        (4, 60, (100, 30), False),
        (5, 150, (120, 40), False),
        (3, 45, (100, 30), True),
        (5, 150, (100, 30), True),
    ],
)
async def test_drawn_as_textual_draws(
    players: int, moves: int, size: tuple[int, int], korean: bool
) -> None:
    if korean:
        use("ko")
    try:
        names = KOREAN_NAMES if korean else None
        app = app_at(players, 7, lambda s: len(s.game.history) >= moves, names)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            for key in (None, "down", "l"):  # a highlight moved; the log in the map's place
                if key is not None:
                    await press(pilot, key)
                drawn = list(app.screen.query(DrawnLines))
                assert {type(w) for w in drawn} <= ALL
                assert {MapView, PlayersPanel, KeyBar} <= {type(w) for w in drawn}
                for widget in drawn:
                    if widget.size.area:
                        assert _own(widget) == _textuals(widget), type(widget).__name__
    finally:
        use("en")
