"""This round's action cards: each card's key, name, stack and who took it on one line, and
the full text of as many cards as fit — the highlighted one first (the card under the cursor,
the mouse, or the one the active player took), so that every card's name is readable at once
and the one being considered can be read in full. A click (or a–e) picks a card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.reactive import reactive
from textual.widget import Widget

from el_grande.app.colours import FOLLOWS_COLOURS, tints
from el_grande.app.messages import CardPicked
from el_grande.app.shown import Shown, differs
from el_grande.core import CARD_STACK
from el_grande.names import fit
from el_grande.text import card_name, card_text, t

if TYPE_CHECKING:
    from el_grande.core import View
    from el_grande.session import GameSession

CARD_KEYS = "abcde"


def round_cards(view: View) -> list[tuple[str, int | None]]:
    """This round's cards in stack order: (card id, seat that took it or None)."""
    cards: list[tuple[str, int | None]] = [(c, None) for c in view.face_up]
    cards += [(c, s) for s, c in view.taken]
    cards.sort(key=lambda cs: CARD_STACK[cs[0]])
    return cards


class CardList(Widget):
    """The action cards, drawn from `shown`."""

    DEFAULT_CLASSES = FOLLOWS_COLOURS  # repainted when the theme or palette changes
    DEFAULT_CSS = """
    CardList {
        height: 1fr;
        min-height: 5;
    }
    """

    shown: reactive[Shown | None] = reactive(None, repaint=False)

    def watch_shown(self, old: Shown | None, new: Shown | None) -> None:
        if differs(old, new, "view", "legal", "cursor_card"):
            self.refresh()

    hover: reactive[int | None] = reactive(None)
    #: A card the player asked to read (a–e while no card is being chosen): shown in full first.
    reading: reactive[int | None] = reactive(None)

    def __init__(self, session: GameSession, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.session = session
        self._rows: list[int | None] = []  # the card slot drawn on each line

    def card_at(self, key: str) -> str | None:
        """The card behind key a–e this round (None: no card there)."""
        slot = CARD_KEYS.find(key)
        shown = self.shown
        if slot < 0 or shown is None:
            return None
        cards = round_cards(shown.view)
        return cards[slot][0] if slot < len(cards) else None

    def line_of(self, card: str) -> int | None:
        """The line where `card`'s name is drawn (where a click picks it), if it is shown."""
        if self.shown is None:
            return None
        cards = [c for c, _ in round_cards(self.shown.view)]
        if card not in cards:
            return None
        slot = cards.index(card)
        return self._rows.index(slot) if slot in self._rows else None

    def render(self) -> Text:
        shown = self.shown
        width, height = self.size.width, self.size.height
        self._rows = []
        if shown is None or width < 10:
            return Text("")
        view = shown.view
        cards = round_cards(view)
        if not cards:
            self._rows = [None]
            return Text(t("board.no_cards"), style="dim")
        bodies = [self._body(card, width) for card, _ in cards]
        # Which cards show their whole text: the one in focus first (highlighted, or the
        # active player's), then in stack order, as many as fit. The mouse only highlights:
        # lines never jump under it.
        focus = [
            i
            for i, (card, taker) in enumerate(cards)
            if card == shown.cursor_card
            or i == self.reading
            or (taker is not None and taker == view.active and card == view.action_card)
        ]
        order = focus + [i for i in range(len(cards)) if i not in focus]
        room = height - len(cards)
        open_: set[int] = set()
        for i in order:
            if len(bodies[i]) <= room:
                open_.add(i)
                room -= len(bodies[i])
        out: list[Text] = []
        for i, (card, taker) in enumerate(cards):
            out.append(self._head(i, card, taker, shown, width, i == self.hover))
            self._rows.append(i)
            if i in open_:
                for line in bodies[i]:
                    out.append(line)
                    self._rows.append(i)
        return Text("\n", end="").join(out[:height])

    def _head(
        self, slot: int, card: str, taker: int | None, shown: Shown, width: int, hover: bool
    ) -> Text:
        legal = card in shown.legal.cards
        cursor = card == shown.cursor_card
        active = taker is not None and taker == shown.view.active
        head = Text(no_wrap=True, overflow="crop", end="")
        head.append("▸" if legal else " ", style="bold")
        head.append(f"{CARD_KEYS[slot]} ", style="bold")
        stack = CARD_STACK[card]
        tail = (
            t("board.card_taken", name=self.session.name(taker))
            if taker is not None
            else t("board.card_place", n=stack)
        )
        room = max(4, width - 3 - cell_len(tail) - 1)
        style = "bold reverse" if cursor else "bold"
        if taker is not None and not active:
            style = "dim"
        head.append(fit(card_name(card), room), style=style)
        head.append(" " * max(1, width - cell_len(head.plain) - cell_len(tail)))
        head.append(tail, style="dim" if taker is not None else "")
        tn = tints(self.app.current_theme)  # marks too: ▸ legal, reversed name the cursor
        if active:
            head.stylize_before(f"on {tn.king}")
        elif cursor:
            head.stylize_before(f"on {tn.cursor}")
        elif legal or hover:
            head.stylize_before(f"on {tn.legal}")
        return head

    def _body(self, card: str, width: int) -> list[Text]:
        text = Text(card_text(card), style="italic")
        lines = text.wrap(self.app.console, max(8, width - 3))
        out = []
        for line in lines:
            row = Text("   ", end="")
            row.append_text(line)
            out.append(row)
        return out

    def on_click(self, event: events.Click) -> None:
        if 0 <= event.y < len(self._rows) and self._rows[event.y] is not None and self.shown:
            slot = self._rows[event.y]
            cards = round_cards(self.shown.view)
            if slot is not None and slot < len(cards):
                self.post_message(CardPicked(cards[slot][0]))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hover = self._rows[event.y] if 0 <= event.y < len(self._rows) else None

    def on_leave(self, event: events.Leave) -> None:
        self.hover = None
