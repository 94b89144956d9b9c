"""The game screen and its row and columns draw nothing of their own (`BLANK`:
app/widgets/covered.py): every cell of the screen belongs to a widget that draws — at the
smallest size and larger ones, with the log in the map's place, the save's problem shown, a
held turn's confirm bar, and the guided game's coach (in the log's room at 100×30)."""

from __future__ import annotations

import pytest

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.game import GameScreen
from el_grande.app.widgets.confirm import ConfirmBar

from ..flow.table import held_at, turn_ends
from .helpers import app_at, press, settle
from .test_confirm import ON, highlight


def _uncovered(scr: GameScreen) -> set[str]:
    """The widgets that draw nothing (BLANK) yet are what shows at some cell."""
    width, height = scr.size
    found = {scr.get_widget_at(x, y)[0] for x in range(width) for y in range(height)}
    return {f"{type(w).__name__}#{w.id}" for w in found if w.BLANK}


@pytest.mark.parametrize("size", [(100, 30), (120, 40), (200, 60)])
async def test_every_cell_of_the_game_screen_is_drawn_by_a_widget(size: tuple[int, int]) -> None:
    app = app_at(3, 7, lambda s: len(s.game.history) >= 20)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        scr = app.screen
        assert isinstance(scr, GameScreen)
        blank = {w for w in scr.walk_children(with_self=True) if w.BLANK}
        assert {f"{type(w).__name__}#{w.id}" for w in blank} == {
            "GameScreen#None",
            "Row#main",
            "Column#left",
            "Column#right",
        }
        assert _uncovered(scr) == set()
        await press(pilot, "l")  # the log in the map's place
        assert not scr.query_one("#map").display and _uncovered(scr) == set()
        await press(pilot, "l")
        scr.show_save_problem("The game could not be saved.")
        await settle(pilot)
        assert scr.query_one("#save-problem").display and _uncovered(scr) == set()


async def test_the_confirm_bar_and_the_coach_cover_their_columns_too() -> None:
    session, choice = held_at(turn_ends)
    app = ElGrandeApp(session=session, curtain_seed=0, settings=ON)
    async with app.run_test(size=(100, 30)) as pilot:
        await highlight(pilot, choice)
        await press(pilot, "enter")  # the turn is held
        scr = app.screen
        assert isinstance(scr, GameScreen)
        assert scr.query_one(ConfirmBar).display and _uncovered(scr) == set()
    learn = ElGrandeApp(learn=True, bot_delay=0)
    async with learn.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        scr = learn.screen
        assert isinstance(scr, GameScreen) and scr.query_one("#coach").display
        assert scr.query_one("#left").has_class("-coach-room") and _uncovered(scr) == set()
