"""A refused key or click leaves nothing to play (issue 33, item 2).

Typing `1` when power card 1 was gone said "not possible now" but left the highlight on card
2, and the next Enter played it (`0 0 Enter` for a played 10 played card 1). Now a number,
letter or click that means no legal choice takes the highlight away (from the list, the map,
the cards and the hand), says why on the status line, and Enter with nothing highlighted says
"choose first" and plays nothing, until the player chooses again.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.game import GameScreen
from el_grande.app.shown import card_of
from el_grande.app.widgets.board import PLACE_KEYS, MapView
from el_grande.app.widgets.cards import CardList
from el_grande.app.widgets.players import PlayersPanel
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.session import GameSession
from el_grande.text import t

from .helpers import SIZE, app_at, game_screen, make_app, press


def status(scr: GameScreen) -> str:
    return str(scr.query_one("#status").render())


def highlighted(scr: GameScreen) -> str | None:
    options = scr.query_one(DecisionPrompt).options
    i = options.highlighted
    return None if i is None else str(options.get_option_at_index(i).id)


async def refused_then_enter(pilot: Pilot[None], scr: GameScreen, why: str) -> None:
    """After a refusal: said why, nothing highlighted anywhere, and Enter plays nothing."""
    history = scr.session.game.history
    assert why in status(scr)
    assert highlighted(scr) is None
    assert scr.shown is not None and scr.shown.cursor is None  # nor on the map, cards, hand
    await press(pilot, "enter")
    assert scr.session.game.history == history  # nothing was played
    assert status(scr) == t("prompt.choose_first")
    assert game_screen(pilot.app) is scr  # the same prompt waits


async def test_a_refused_power_card_number_or_click_then_enter_plays_nothing() -> None:
    """A power card someone played this round, chosen by its number or clicked in the hand:
    refused, and Enter plays nothing; a card in hand is then played."""
    app = make_app(3, seed=7)
    async with app.run_test(size=SIZE) as pilot:
        scr = game_screen(app)
        assert scr is not None
        for key in ("0", "0", "enter"):  # Ana plays 10
            await press(pilot, key)
        await press(pilot, "1")  # Ben plays 1
        await press(pilot, "enter")
        assert scr.session.game.history == ("power 10", "power 1")
        hand = scr.query_one(PlayersPanel)
        seat = scr.session.decision.player  # type: ignore[union-attr]
        await pilot.click(hand, offset=hand.point_of(seat, 10))  # Cy: Ana's 10 is gone
        await pilot.pause()
        await refused_then_enter(pilot, scr, t("why.not_legal"))
        await press(pilot, "1")  # Cy: 1 is gone
        await refused_then_enter(pilot, scr, t("why.power_taken"))
        await press(pilot, "0")
        await press(pilot, "0")  # 10 is gone too (it used to play card 1)
        await refused_then_enter(pilot, scr, t("why.power_taken"))
        await press(pilot, "0")
        await press(pilot, "7")  # no power card 17
        await refused_then_enter(pilot, scr, t("why.power_taken"))
        await press(pilot, "2")  # a card in hand: highlighted, and Enter plays it
        assert highlighted(scr) == "power 2"
        await press(pilot, "enter")
        assert scr.session.game.history == ("power 10", "power 1", "power 2")


async def test_a_refused_region_key_or_click_on_the_map_then_enter_places_nothing() -> None:
    """The King's region, by its key or clicked on the map: refused, and Enter places
    nothing; the player then chooses again."""

    def placing(s: GameSession) -> bool:
        return s.decision is not None and s.decision.kind == "placement"

    app: ElGrandeApp = app_at(3, 7, placing)
    async with app.run_test(size=SIZE) as pilot:
        scr = game_screen(app)
        assert scr is not None and highlighted(scr) is not None
        king = scr.session.current.public.king
        await press(pilot, PLACE_KEYS[king])
        await refused_then_enter(pilot, scr, t("why.king_region"))
        await press(pilot, "down")  # the player chooses again: the first choice
        assert highlighted(scr) is not None
        board = scr.query_one(MapView)
        await pilot.click(board, offset=board.point_of(king))  # the King's region again
        await pilot.pause()
        await refused_then_enter(pilot, scr, t("why.king_region"))


async def test_a_region_key_while_a_card_is_chosen_leaves_no_card_highlighted() -> None:
    app = app_at(3, 7, lambda s: s.decision is not None and s.decision.kind == "action_card")
    async with app.run_test(size=SIZE) as pilot:
        scr = game_screen(app)
        assert scr is not None and highlighted(scr) is not None
        await press(pilot, "3")
        await refused_then_enter(pilot, scr, t("why.not_region_now"))


def _card_taken(s: GameSession) -> bool:
    """An action card choice with one of the round's cards already taken."""
    d = s.decision
    if d is None or d.kind != "action_card":
        return False
    return bool(s.current.public.taken)


@pytest.mark.frames  # a click lands where a frame drew the card
async def test_a_refused_card_letter_or_click_then_enter_takes_nothing() -> None:
    app = app_at(3, 7, _card_taken)
    async with app.run_test(size=SIZE) as pilot:
        scr = game_screen(app)
        assert scr is not None
        d = scr.session.decision
        assert d is not None
        cards = scr.query_one(CardList)
        offered = {card_of(c) for c in d.choices}
        taken = next(k for k in "abcde" if cards.card_at(k) and cards.card_at(k) not in offered)
        await press(pilot, taken)
        await refused_then_enter(pilot, scr, t("why.card_taken"))
        await press(pilot, "down")  # chosen again …
        assert highlighted(scr) is not None
        line = cards.line_of(cards.card_at(taken))  # type: ignore[arg-type]
        assert line is not None
        await pilot.click(cards, offset=(4, line))  # … then a click on the taken card
        await pilot.pause()
        await refused_then_enter(pilot, scr, t("why.card_taken"))
