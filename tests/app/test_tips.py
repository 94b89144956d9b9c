"""Tooltips (Textual's own) on regions, cards and players, from what the whole table may know:
with a hidden Castillo, nobody's count shows — not another player's, and not one's own, even
on the board behind one's curtain, which draws one's own view."""

from __future__ import annotations

import pytest

from el_grande.app.screens.game import GameScreen
from el_grande.app.tips import card_tip, player_tip, region_tip, scored_values
from el_grande.app.widgets.board import MapView, neighbour_mark
from el_grande.app.widgets.cards import CardList
from el_grande.app.widgets.players import PlayersPanel
from el_grande.core import NEIGHBOURS, VALUES
from el_grande.session import GameSession
from el_grande.text import card_text, region, use
from tests.app.helpers import SIZE, app_at, session_at


def _castillo_secret(session: GameSession) -> bool:
    """Stop where a seat holds Caballeros in a hidden Castillo (and someone else too)."""
    owns = [session.game.view(s).players[s].castillo or 0 for s in range(3)]
    return sum(1 for c in owns if c) >= 2


def test_a_region_tells_its_values_neighbours_counts_and_who_leads() -> None:
    session = session_at(3, 5, lambda s: s.game.view(None).round >= 3)
    view = session.game.view(None)
    rv = max(view.regions, key=lambda r: max(r.caballeros))
    text = region_tip(view, rv.id, session.seating).plain
    lines = text.splitlines()
    v1, v2, _ = rv.values  # a 3-player game: the third value scores nothing (R-K3)
    assert lines[0] == f"{region(rv.id)} · values {v1} · {v2} · 0"
    for near in NEIGHBOURS[rv.id]:
        assert region(near) in text
    counts = rv.caballeros
    top = max(counts)
    leader = counts.index(top)
    second = max(c for s, c in enumerate(counts) if s != leader)
    if counts.count(top) == 1:
        name = session.seating.name(leader)
        assert lines[-1] == f"{name} leads with {top}, by {top - second}."
    else:
        assert lines[-1].endswith(f"share the lead with {top}.")
    assert (
        "Caballeros: "
        + ", ".join(f"{session.seating.name(s)}\u00a0{c}" for s, c in enumerate(counts))
        in lines
    )


def test_a_card_tells_its_whole_text() -> None:
    assert card_tip("intrigue_4_any").plain.splitlines()[1] == card_text("intrigue_4_any")
    use("ko")
    assert card_tip("intrigue_4_any").plain.splitlines()[1] == card_text("intrigue_4_any")


def test_a_hidden_castillo_count_is_never_in_a_tooltip_not_even_ones_own() -> None:
    session = session_at(3, 14, _castillo_secret, castillo="hidden")
    seats = [s for s in range(3) if session.game.view(s).players[s].castillo]
    assert len(seats) >= 2
    for seat in seats:
        own = session.game.view(seat)  # the board behind this seat's curtain
        count = own.players[seat].castillo  # this seat's own view holds its count...
        for view in (own, session.game.view(None)):
            tip = player_tip(view, seat, session.seating).plain
            assert "province ? · Castillo ?" in tip  # ...and no tooltip says it
            castillo = region_tip(view, "castillo", session.seating).plain
            name = session.seating.name(seat)
            assert f"{name}\u00a0?" in castillo and f"{name}\u00a0{count}" not in castillo
            assert "secret until it is scored" in castillo


@pytest.mark.frames  # the mouse is over what a frame drew
async def test_hovering_the_board_sets_the_tooltips() -> None:
    app = app_at(3, 5, lambda s: s.game.view(None).round >= 2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        board = screen.query_one(MapView)
        x, y = board.point_of("aragon")
        await pilot.hover(MapView, offset=(x, y))
        await pilot.pause()
        assert board.tooltip.text.plain.startswith(f"{region('aragon')} · values ")
        players = screen.query_one(PlayersPanel)
        await pilot.hover(PlayersPanel, offset=(3, 2))  # the second player's row
        await pilot.pause()
        assert players.tooltip.text.plain.startswith(f"{screen.session.name(1)} · ")
        cards = screen.query_one(CardList)
        await pilot.hover(CardList, offset=(2, 0))
        await pilot.pause()
        assert cards.hover is not None and cards.tooltip.text.plain.endswith(card_text(cards.hover))
        assert board.hover is None and board.tooltip is None  # the mouse left the map


def test_R_K3_the_map_and_its_tips_show_the_values_this_game_scores() -> None:
    """Printed 6/4/2 scores 6/0/0 with 2 players, 6/4/0 with 3, 6/4/2 with 4 (issue 33,
    item 9): the map's values and the tooltips say what this game scores."""
    for players, third, second in ((2, 0, 0), (3, 0, None), (4, None, None)):
        session = session_at(players, 1, lambda s: True)
        view = session.game.view(None)
        for place in ("old_castile", "castillo"):
            v1, v2, v3 = VALUES[place]
            want = (v1, v2 if second is None else second, v3 if third is None else third)
            assert scored_values(view, place) == want
            tip = region_tip(view, place, session.seating).plain.splitlines()[0]
            assert tip.endswith(" · ".join(map(str, want)))


def test_the_kings_neighbours_and_the_cursors_have_two_marks() -> None:
    """◇ next to the King, ◦ next to the place under the cursor or the mouse only (issue 33,
    item 9): the two read apart without colour; next to both, the King's mark."""
    view = session_at(3, 1, lambda s: True).game.view(None)
    king = view.king
    focus = next(p for p in NEIGHBOURS if p != king and p not in NEIGHBOURS[king])
    near = set(NEIGHBOURS[king]) | set(NEIGHBOURS[focus])
    for place in NEIGHBOURS:
        mark = neighbour_mark(view, place, near)
        if place == king:
            assert mark == " "
        elif place in NEIGHBOURS[king]:
            assert mark == "◇"
        elif place in NEIGHBOURS[focus]:
            assert mark == "◦"
        else:
            assert mark == " "
    assert any(neighbour_mark(view, p, near) == "◦" for p in NEIGHBOURS)
