"""The face-up action cards of the round, with their full text; click (or a–e) to take one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content

from el_grande.app.messages import CardPicked
from el_grande.app.widgets.painted import Painted
from el_grande.core import CARD_STACK
from el_grande.text import card_name, card_text, t

if TYPE_CHECKING:
    from el_grande.app.session import GameSession
    from el_grande.core import View

CARD_KEYS = "abcde"


def round_cards(view: View) -> list[tuple[str, int | None]]:
    """This round's cards in stack order: (card id, seat that took it or None)."""
    cards: list[tuple[str, int | None]] = [(c, None) for c in view.face_up]
    cards += [(c, s) for s, c in view.taken]
    cards.sort(key=lambda cs: CARD_STACK[cs[0]])
    return cards


class CardBox(Painted):
    def __init__(self, slot: int) -> None:
        super().__init__("", id=f"card-{slot}", classes="card")
        self.slot = slot
        self.card: str | None = None  # what this box shows right now (display only)

    def on_click(self) -> None:
        if self.card is not None:
            self.post_message(CardPicked(self.card))


class CardRow(VerticalScroll, can_focus=False):
    def compose(self) -> ComposeResult:
        for slot in range(5):
            yield CardBox(slot)

    def show(
        self,
        view: View,
        session: GameSession,
        legal: frozenset[str] = frozenset(),
        cursor: str | None = None,
    ) -> None:
        cards = round_cards(view)
        for slot, box in enumerate(self.query(CardBox)):
            if slot >= len(cards):
                box.display = False
                box.card = None
                continue
            card, taker = cards[slot]
            box.display = True
            box.card = card
            stack = CARD_STACK[card]
            box.border_title = Content(f"{CARD_KEYS[slot]} · {card_name(card)}")
            if taker is not None:
                box.border_subtitle = Content(t("board.card_taken", name=session.name(taker)))
            else:
                box.border_subtitle = Content(t("board.card_stack", stack=stack, n=stack))
            box.paint(Text(card_text(card)), layout=True)
            box.set_class(taker is not None, "-taken")
            box.set_class(view.action_card == card and taker == view.active, "-active")
            box.set_class(card in legal, "-legal")
            box.set_class(cursor == card, "-cursor")

    def card_at(self, key: str) -> str | None:
        slot = CARD_KEYS.find(key)
        if slot < 0:
            return None
        boxes = list(self.query(CardBox))
        return boxes[slot].card if slot < len(boxes) else None
