"""This round's action cards: each card's key, whole name, and — where there is room beside
it — how many it places or who took it, on one line; then their texts: every card's first line
where there is room for one each, and the one being considered in full first (the card under
the cursor, the one read with its key, the one the active player took), then as many others
in full as fit. A click (or a–e) picks a card.

A card's key is its stack's letter (a–d: stacks 1–4, e: the King), so it stays the same all
round long — also when the taken cards leave the table at the round's end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.reactive import reactive

from el_grande.app.colours import FOLLOWS_COLOURS, app_tints
from el_grande.app.messages import CardPicked
from el_grande.app.shown import Shown, differs
from el_grande.app.tips import card_tip, show_tip
from el_grande.app.widgets.drawn import DrawnLines
from el_grande.core import CARD_STACK
from el_grande.names import fit
from el_grande.text import card_name, card_text, t

if TYPE_CHECKING:
    from el_grande.core import View
    from el_grande.session import Seating

CARD_KEYS = "abcde"


def card_key(card: str) -> str:
    """The key of a face-up card: its stack's letter (a: stack 1 … d: stack 4, e: the King),
    the same all round long, also when taken cards are cleared at the round's end."""
    return CARD_KEYS[CARD_STACK[card] - 1]


def round_cards(view: View) -> list[tuple[str, int | None]]:
    """This round's cards in stack order: (card id, seat that took it or None)."""
    cards: list[tuple[str, int | None]] = [(c, None) for c in view.face_up]
    cards += [(c, s) for s, c in view.taken]
    cards.sort(key=lambda cs: CARD_STACK[cs[0]])
    return cards


class CardList(DrawnLines):
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

    hover: reactive[str | None] = reactive(None)

    def watch_hover(self, card: str | None) -> None:
        show_tip(self, None if card is None else card_tip(card))

    #: The slot (0–4: the key a–e) of a card the player asked to read (a–e while no card is
    #: being chosen): shown in full first.
    reading: reactive[int | None] = reactive(None)

    def __init__(self, seating: Seating, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.seating = seating
        self._rows: list[str | None] = []  # the card drawn on each line
        #: Each card text's rows at the width they were wrapped to (`_body`).
        self._bodies: dict[str, list[Text]] = {}
        self._bodies_width = 0

    def card_at(self, key: str) -> str | None:
        """The card behind key a–e this round (None: no card there)."""
        shown = self.shown
        if shown is None:
            return None
        return next((c for c, _ in round_cards(shown.view) if card_key(c) == key), None)

    def line_of(self, card: str) -> int | None:
        """The line where `card`'s name is drawn (where a click picks it), if it is shown."""
        return self._rows.index(card) if card in self._rows else None

    def wanted_height(self, shown: Shown | None) -> int:
        """The rows every card's name and whole text take at this width (with the border
        above them): the prompt below leaves them that much where it can."""
        width = self.size.width
        if shown is None or width < 10:
            return 0
        cards = round_cards(shown.view)
        lines = sum(1 + len(self._body(card, width)) for card, _ in cards)
        return lines + self.styles.gutter.height

    def lines(self) -> list[Text]:
        shown = self.shown
        width, height = self.size.width, self.size.height
        self._rows = []
        if shown is None or width < 10:
            return [Text("")]
        view = shown.view
        cards = round_cards(view)
        if not cards:
            self._rows = [None]
            return [Text(t("board.no_cards"), style="dim")]
        bodies = [self._body(card, width) for card, _ in cards]
        # Which cards show their whole text: the one in focus first (highlighted, read, or
        # the active player's), then in stack order, as many as fit; every card first gets its
        # text's first line where there is room for one each, so none shows its name alone.
        # The mouse only highlights: lines never jump under it.
        focus = [
            i
            for i, (card, taker) in enumerate(cards)
            if card == shown.cursor_card
            or CARD_KEYS.index(card_key(card)) == self.reading
            or (taker is not None and taker == view.active and card == view.action_card)
        ]
        order = focus + [i for i in range(len(cards)) if i not in focus]
        room = height - len(cards)
        shown_lines = [0] * len(cards)
        if room >= len(cards):
            shown_lines = [min(1, len(b)) for b in bodies]
            room -= sum(shown_lines)
        for i in order:
            more = len(bodies[i]) - shown_lines[i]
            if more <= room:
                shown_lines[i] += more
                room -= more
        out: list[Text] = []
        for i, (card, taker) in enumerate(cards):
            out.append(self._head(card, taker, shown, width, card == self.hover))
            self._rows.append(card)
            lines = bodies[i][: shown_lines[i]]
            if lines and len(lines) < len(bodies[i]):
                lines[-1] = _cut(lines[-1], width)
            for line in lines:
                out.append(line)
                self._rows.append(card)
        return out[:height]

    def _head(self, card: str, taker: int | None, shown: Shown, width: int, hover: bool) -> Text:
        """The card's line: ▸ when it may be chosen, its key, its whole name, and — where
        there is room beside the name — how many it places, or who took it."""
        legal = card in shown.legal.cards
        cursor = card == shown.cursor_card
        active = taker is not None and taker == shown.view.active
        head = Text(no_wrap=True, overflow="crop", end="")
        head.append("▸" if legal else " ", style="bold")
        head.append(f"{card_key(card)} ", style="bold")
        style = "bold reverse" if cursor else "bold"
        if taker is not None and not active:
            style = "dim"
        name = card_name(card)
        room = width - cell_len(head.plain)
        tail = Text(end="")
        if taker is not None:
            # Who took it, by name (fitted by cells, never cut to a letter): "taken by 서연"
            # where it fits beside the card's whole name, else the player's name alone; only
            # then does the card's name give way (down to a few words) for them.
            taken = self.seating.name(taker)
            words = (t("board.card_taken", name=taken), taken)
            keep = [cell_len(name)] * 2 + [min(cell_len(name), MIN_NAME)] * 2
            for said, cells in zip(words + words, keep, strict=True):
                if cell_len(said) + 1 + cells <= room:
                    tail = Text(said, style="dim", end="")
                    break
        else:
            said = t("board.card_place", n=CARD_STACK[card])
            if cell_len(name) + 1 + cell_len(said) <= room:
                tail.append(said)
        head.append(fit(name, room - (cell_len(tail.plain) + 1 if tail.plain else 0)), style=style)
        if tail.plain:
            head.append(" " * (width - cell_len(head.plain) - cell_len(tail.plain)))
            head.append_text(tail)
        tn = app_tints(self.app)  # marks too: ▸ legal, reversed name the cursor
        if active:
            head.stylize_before(f"on {tn.king}")
        elif cursor:
            head.stylize_before(f"on {tn.cursor}")
        elif legal or hover:
            head.stylize_before(f"on {tn.legal}")
        return head

    def _body(self, card: str, width: int) -> list[Text]:
        """`card`'s whole text in rows of `width` (not to be changed: shared by every call).

        Wrapped once a text and width: the prompt's layout asks for every card's rows at each
        decision (`wanted_height`) and each drawing of the list for them again, five texts
        wrapped each time (a tenth of a millisecond each)."""
        if width != self._bodies_width:
            self._bodies, self._bodies_width = {}, width
        said = card_text(card)  # (in the language now: the text is the key)
        rows = self._bodies.get(said)
        if rows is None:
            rows = []
            for line in Text(said, style="italic").wrap(self.app.console, max(8, width - 3)):
                row = Text("   ", end="")
                row.append_text(line)
                rows.append(row)
            self._bodies[said] = rows
        return rows

    def on_click(self, event: events.Click) -> None:
        card = self._rows[event.y] if 0 <= event.y < len(self._rows) else None
        if card is not None:
            self.post_message(CardPicked(card))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hover = self._rows[event.y] if 0 <= event.y < len(self._rows) else None

    def on_leave(self, event: events.Leave) -> None:
        self.hover = None


#: The cells a card's name keeps beside the name of the player who took it.
MIN_NAME = 12


def _cut(line: Text, width: int) -> Text:
    """A card's text line where the rest of the text does not fit: ends with "…"."""
    cut = line.copy()
    cut.rstrip()
    if cell_len(cut.plain) + 1 > width:
        cut.truncate(width - 1)
    cut.append("…", style="italic")
    return cut
