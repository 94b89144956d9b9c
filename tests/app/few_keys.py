"""A player who answers in few keys: every key costs the app a layout and, in a test that
draws every frame, a frame."""

from __future__ import annotations

from textual.pilot import Pilot

from el_grande.app.screens.game import GameScreen
from el_grande.app.shown import card_of, place_of
from el_grande.app.widgets.board import PLACE_KEYS
from el_grande.app.widgets.cards import card_key
from el_grande.core import Decision

from .helpers import highlighted, press


async def pick_varied_in_few_keys(pilot: Pilot[None], scr: GameScreen, d: Decision) -> None:
    """The choice `helpers.pick_varied` makes (the same game follows), picked with the map's
    number keys, the card letters, or the arrow keys from the highlight or from Home or End,
    whichever is nearer; checked on screen, then confirmed with Enter."""
    index = (len(scr.session.game.history) * 7 + 3) % len(d.choices)
    choice = d.choices[index]
    place, card = place_of(choice), card_of(choice)
    if place is not None and [place_of(c) for c in d.choices].count(place) == 1:
        await press(pilot, PLACE_KEYS[place])
    elif card is not None:
        await press(pilot, card_key(card))
    else:
        now = highlighted(scr)
        here = abs(index - (now or 0))
        if index < here and index <= len(d.choices) - 1 - index:
            await press(pilot, "home")
        elif len(d.choices) - 1 - index < here:
            await press(pilot, "end")
        for _ in range(30):
            now = highlighted(scr)
            if now == index:
                break
            await press(pilot, "down" if (now or 0) < index else "up")
    if highlighted(scr) == index:
        await press(pilot, "enter")
