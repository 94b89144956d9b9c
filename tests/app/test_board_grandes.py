"""Every Grande is on the map at the smallest size (issue 33, item 3).

A three-line region cell at 100×30 (the Basque Country) had no line left for its Grande (⌂):
a home bonus was then scored with no home on the map. A short cell now packs its contents
tighter (the Grandes after the chips, the values on the name line, "⌂AB") and, whatever is cut,
never a Grande. Checked for every region, with every player's Grande alone and with all five
at once (each player with Caballeros there too), at 100×30 and 120×40, in both languages.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from rich.cells import cell_len

from el_grande.app.screens.game import GameScreen
from el_grande.app.widgets.board import LAYOUT, MapView
from el_grande.core import View
from el_grande.text import use

from .helpers import KOREAN_NAMES, NAMES, app_at

SIZES = [pytest.param((100, 30), id="100x30"), pytest.param((120, 40), id="120x40")]
#: Caballeros of each seat in the region tried: wide counts, the worst case for its lines.
COUNTS = (12, 3, 10, 1, 7)


def cells(text: str, x0: int, x1: int) -> str:
    """The characters of `text` in terminal cells x0 … x1-1."""
    out, x = [], 0
    for ch in text:
        if x0 <= x < x1:
            out.append(ch)
        x += cell_len(ch)
    return "".join(out)


def region_text(board: MapView, place: str) -> str:
    """What the map shows inside `place`'s cell."""
    xs, ys = board._bounds()
    c0, r0, w, h = LAYOUT[place]
    rows = board.render().plain.split("\n")[ys[r0] + 1 : ys[r0 + h]]
    return "\n".join(cells(row, xs[c0] + 1, xs[c0 + w]) for row in rows)


def grandes_shown(text: str) -> set[str]:
    """The letters of the Grandes drawn: "⌂A ⌂B" or "⌂AB" (a ▲/▼ may follow a letter)."""
    return {c for group in re.findall(r"⌂([A-E▲▼]+)", text) for c in group if c.isalpha()}


def with_grandes(view: View, place: str, seats: tuple[int, ...], king: bool) -> View:
    """`view` with the Grandes of `seats` in `place`, every player's Caballeros there (and,
    if `king`, the King and a mobile scoreboard too)."""
    players = tuple(replace(p, home=place) if p.seat in seats else p for p in view.players)
    regions = tuple(
        replace(
            r,
            caballeros=COUNTS[: len(r.caballeros)],
            king=king,
            scoreboard="8/4/0" if king else None,
            values=(8, 4, 0) if king else r.values,
        )
        if r.id == place
        else replace(r, king=False)
        if king
        else r
        for r in view.regions
    )
    return replace(view, players=players, regions=regions)


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("size", SIZES)
async def test_every_grande_is_on_the_map(size: tuple[int, int], language: str) -> None:
    use(language)  # (tests/conftest.py switches back to English)
    names = KOREAN_NAMES if language == "ko" else NAMES
    app = app_at(5, 7, lambda s: len(s.game.history) >= 40, names=names)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        # The game under whatever a resumed position opens with (a take-over banner leaves
        # the map in view).
        scr = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert scr.shown is not None
        board = scr.query_one(MapView)
        shown, letters = scr.shown, scr.session.seating.letters
        missing = []
        for place in LAYOUT:
            for seats in [(seat,) for seat in range(5)] + [tuple(range(5))]:
                for king in (False, True):
                    view = with_grandes(shown.view, place, seats, king)
                    board.shown = replace(shown, view=view)
                    text = region_text(board, place)
                    want = {letters[p.seat] for p in view.players if p.home == place}
                    if grandes_shown(text) != want:
                        missing.append((place, seats, king, text))
        assert missing == []
