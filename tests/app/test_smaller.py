"""The table's rough edges, round two (issue 33, item 9 "Smaller"): the screens' part, each
defect proved mended through the keys a player presses."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from el_grande.app.app import ElGrandeApp
from el_grande.app.present import prompt_text
from el_grande.app.shown import place_of
from el_grande.app.widgets.board import PLACE_KEYS
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.core import NEIGHBOURS, DecisionKind
from el_grande.session import GameSession
from el_grande.text import use

from .helpers import KOREAN_NAMES, SIZE, app_at, game_screen, make_app, press, session_at, settle
from .shots import Shots, matches, resized, screenshots

SIZES = [pytest.param(SIZE, id="100x30"), pytest.param((120, 40), id="120x40")]


async def test_R_R3_digits_pick_how_many_come_to_court() -> None:
    """At "bring to court" a digit highlights the choice bringing that many (Enter plays it);
    a number beyond the choices says the most there is and changes nothing."""
    app = app_at(3, 7, lambda s: s.decision is not None and s.decision.kind == DecisionKind.COURT)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        scr = game_screen(app)
        assert scr is not None and scr.decision is not None
        d = scr.decision
        most = max(int(c.arg) for c in d.choices)  # type: ignore[call-overload]
        assert most >= 2
        before = scr.session.game.history
        options = scr.query_one(DecisionPrompt).options

        def highlighted() -> str:
            assert options.highlighted is not None
            return str(options.get_option_at_index(options.highlighted).id)

        await press(pilot, "1")
        assert highlighted() == "court 1"
        await press(pilot, "9")
        status = str(scr.query_one("#status").render())
        assert f"Bring 9 to court is not possible now: at most {most} can come" in status
        assert scr.session.game.history == before
        await press(pilot, str(most))
        assert highlighted() == f"court {most}"
        await press(pilot, "enter")
        assert scr.session.game.history[len(before)] == f"court {most}"


def test_the_key_line_at_bring_to_court_says_digits_pick_how_many() -> None:
    session = session_at(
        3, 7, lambda s: s.decision is not None and s.decision.kind == DecisionKind.COURT
    )
    d = session.decision
    assert d is not None
    text = prompt_text(d, session.current.public, session.seating, None)
    assert "a digit picks how many, then Enter" in text.progress


@pytest.mark.parametrize("size", SIZES)
async def test_a_toast_never_covers_the_choices(size: tuple[int, int]) -> None:
    from textual.widgets._toast import Toast

    app = make_app(3, seed=7)
    async with app.run_test(size=size, notifications=True) as pilot:
        await settle(pilot)
        scr = game_screen(app)
        assert scr is not None
        scr.notify("Saved as a-rather-long-file-name-for-a-toast.json " * 3, markup=False)
        await settle(pilot)
        toasts = list(scr.query(Toast))
        assert toasts
        prompt = scr.query_one(DecisionPrompt).region
        right = scr.query_one("#right").region
        for toast in toasts:
            assert not toast.region.overlaps(prompt) and not toast.region.overlaps(right)


@pytest.mark.parametrize("size", SIZES)
async def test_the_seat_menu_opens_on_the_deciding_seat_and_leaves_the_map_in_view(
    size: tuple[int, int],
) -> None:
    from el_grande.app.screens.seat_menu import SeatMenu
    from el_grande.app.widgets.board import MapView

    session = session_at(3, 7, lambda s: s.decision is not None and s.decision.player == 2)
    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        scr = game_screen(app)
        assert scr is not None
        board = scr.query_one(MapView).region
        await press(pilot, "r")
        menu = app.screen
        assert isinstance(menu, SeatMenu)
        seats = menu.query_one("#seats-list", OptionList)
        assert seats.highlighted == 2  # Cy decides: the menu opens on Cy's seat
        box = menu.query_one("#seats-box").region
        assert box.width >= 32 and not box.overlaps(board)


def _placing_next_to_a_far_region(s: GameSession) -> bool:
    """A placement with a legal region that borders regions nobody may place in (they get
    ◦ when that region has the cursor, the King's neighbours ◇)."""
    d = s.decision
    if d is None or d.kind != DecisionKind.PLACEMENT:
        return False
    king = s.current.public.king
    return any(_far_neighbours(place_of(c), king) for c in d.choices)


def _far_neighbours(place: str | None, king: str) -> list[str]:
    near = NEIGHBOURS.get(place or "", ())
    return [p for p in near if p != king and p not in NEIGHBOURS[king]]


#: Each language's map at 100×30, then with the terminal resized to 120×40 (`shots`): one
#: app run for both sizes.
SHOTS = Shots()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_cursors_neighbours_are_marked_apart_from_the_kings(  # type: ignore[no-untyped-def]
    snapshot, request, size, lang
) -> None:
    """◦ before the names next to the cursor's region, ◇ next to the King's, and the values a
    3-player game scores (6/4/0) on the map (issue 33, item 9)."""
    use(lang)
    svg = SHOTS.take(lang, f"{size[0]}x{size[1]}", lambda: _cursor_next_to_a_far_region(lang))
    assert matches(snapshot, request, svg)


def _cursor_next_to_a_far_region(lang: str) -> dict[str, str]:
    names = KOREAN_NAMES if lang == "ko" else None
    session = session_at(3, 7, _placing_next_to_a_far_region, names=names)
    d = session.decision
    assert d is not None
    king = session.current.public.king
    place = next(p for c in d.choices if _far_neighbours(p := place_of(c), king))
    assert place is not None

    async def cursor_there(pilot: Pilot[None]) -> None:
        await press(pilot, PLACE_KEYS[place])

    app = ElGrandeApp(session=session, curtain_seed=0)
    steps = [("100x30", cursor_there), ("120x40", resized(120, 40))]
    return screenshots(app, SIZE, steps)  # type: ignore[arg-type]


def test_digits_mean_a_count_at_the_court_card_too() -> None:
    """The court action card asks 0-2 to court: the same digits pick the count."""
    from el_grande.app.answers import COUNTS, count_choice

    session = session_at(
        3, 11, lambda s: s.decision is not None and s.decision.kind == DecisionKind.COURT_CARD
    )
    d = session.decision
    assert d is not None and d.kind in COUNTS
    for choice in d.choices:
        assert count_choice(d, int(choice.arg)) == choice  # type: ignore[call-overload]
    assert count_choice(d, 9) is None
