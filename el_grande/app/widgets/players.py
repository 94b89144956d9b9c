"""The players: one line each under a header that says what every column is — the chip and
name (computer players marked), score, court, province, Castillo, a held Veto, and the 13
power cards (in hand bold, played earlier struck through, this round's reversed). A score or
court that changed since the player at the keyboard's turn is marked ▲ or ▼ (`app.since`).

Drawn from `shown`; a click on a power card of the player who must choose posts
PowerPicked (the screen checks it against the legal choices).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.reactive import reactive

from el_grande.app.colours import FOLLOWS_COLOURS, app_tints
from el_grande.app.messages import PowerPicked
from el_grande.app.present import chip
from el_grande.app.shown import Shown, differs
from el_grande.app.since import sign
from el_grande.app.tips import player_tip, show_tip
from el_grande.app.widgets.drawn import DrawnLines
from el_grande.names import MAX_NAME_CELLS, fit, pad
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.session import Seating

#: The name column is as wide as a name may be (`el_grande.names`) where there is room, and
#: never narrower than this; everything is padded by terminal cells, not characters.
MIN_NAME_CELLS = 6
LEAD = 3  # "▶", the chip letter, a space
HAND_WIDTH = 29  # "1 2 … 13"


def _hand_cells() -> list[tuple[int, int, int]]:
    """(start, end, value) of each power card in the hand strip "1 2 … 13"."""
    out, x = [], 0
    for v in range(1, 14):
        w = len(str(v))
        out.append((x, x + w, v))
        x += w + 1
    return out


HAND_CELLS = _hand_cells()


def columns() -> list[tuple[str, int]]:
    """The number columns: (heading, width in cells) — as wide as the heading needs."""
    heads = [
        t("player.col_score"),
        t("player.col_court"),
        t("player.col_province"),
        t("player.col_castillo"),
    ]
    return [(h, max(3, cell_len(h))) for h in heads]


def veto_cells() -> int:
    """The held-Veto column: as wide as its heading or its mark, in cells."""
    return max(cell_len(t("player.col_veto")), cell_len(t("player.veto_mark")))


class PlayersPanel(DrawnLines):
    """Every player's line, drawn from `shown`."""

    DEFAULT_CLASSES = FOLLOWS_COLOURS  # repainted when the theme or palette changes
    DEFAULT_CSS = """
    PlayersPanel {
        height: auto;
    }
    """

    shown: reactive[Shown | None] = reactive(None, repaint=False)

    hover: reactive[int | None] = reactive(None, repaint=False)

    def watch_shown(self, old: Shown | None, new: Shown | None) -> None:
        if differs(old, new, "view", "to_move", "legal", "cursor_power", "since"):
            self.refresh()
        if differs(old, new, "view"):
            self._tip()

    def watch_hover(self) -> None:
        self._tip()

    def _tip(self) -> None:
        """The tooltip of the player under the mouse (`app.tips`: what the table may know)."""
        shown, seat = self.shown, self.hover
        tip = None if shown is None or seat is None else player_tip(shown.view, seat, self.seating)
        show_tip(self, tip)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        seat = event.y - 1
        self.hover = seat if 0 <= seat < self.seating.count else None

    def on_leave(self, event: events.Leave) -> None:
        self.hover = None

    def __init__(self, seating: Seating, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.seating = seating

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[no-untyped-def]
        return self.seating.count + 1

    def name_cells(self) -> int:
        """The name column's width: a whole name where the panel is wide enough."""
        fixed = LEAD + sum(w + 1 for _, w in columns()) + veto_cells() + 1 + HAND_WIDTH
        return max(MIN_NAME_CELLS, min(MAX_NAME_CELLS, self.size.width - fixed))

    @property
    def hand_x(self) -> int:
        """Where the power-card strip begins."""
        return LEAD + self.name_cells() + sum(w + 1 for _, w in columns()) + veto_cells() + 1

    def name_text(self, seat: int, cells: int) -> str:
        """The name, with "(b)" after it for a computer player, in `cells` cells."""
        name = self.seating.name(seat)
        if self.seating.bot_level(seat) is None:
            return pad(name, cells)
        mark = t("player.bot_mark")
        return pad(fit(name, cells - cell_len(mark) - 1) + " " + mark, cells)

    def point_of(self, seat: int, value: int) -> tuple[int, int]:
        """Where power card `value` of `seat` is drawn (where a click plays it)."""
        start = next(start for start, _end, v in HAND_CELLS if v == value)
        return self.hand_x + start, 1 + seat

    def lines(self) -> list[Text]:
        shown = self.shown
        if shown is None:
            return [Text("")]
        view = shown.view
        cols = columns()
        cells = self.name_cells()
        head = Text(" " * (LEAD + cells), style="dim", end="", no_wrap=True, overflow="crop")
        for title, width in cols:
            head.append(pad(title, width, "right") + " ", style="dim")
        veto = t("player.col_veto")
        head.append(pad(veto, veto_cells()) + " ", style="dim")
        head.append(t("player.hand"), style="dim")
        lines = [head]
        for p in view.players:
            to_move = p.seat == shown.to_move
            line = Text(no_wrap=True, overflow="crop", end="")
            line.append("▶" if to_move else " ", style="bold")
            line.append_text(chip(self.seating, p.seat, " "))
            line.append(self.name_text(p.seat, cells), "bold" if to_move else "")
            since = shown.since
            values = [
                str(p.score) + (sign(since.score(p.seat)) if since else ""),
                str(p.court) + (sign(since.court(p.seat)) if since else ""),
                "?" if p.province is None else str(p.province),  # hidden Castillo: secret too
                "?" if p.castillo is None else str(p.castillo),
            ]
            for i, ((_, width), value) in enumerate(zip(cols, values, strict=True)):
                line.append(pad(value, width, "right") + " ", style="bold" if i == 0 else "")
            if p.vetoes:
                line.append(t("player.veto_mark"), style="bold reverse")
                line.append(" " * (veto_cells() - cell_len(t("player.veto_mark"))))
            else:
                line.append(" " * veto_cells())
            line.append(" ")
            mine = to_move and bool(shown.legal.powers)
            for v in range(1, 14):
                if v == p.played:
                    style = "bold reverse"
                elif v in p.hand:
                    style = "bold"
                else:
                    style = "dim strike"
                if mine and v in shown.legal.powers:
                    style += " underline"
                    if v == shown.cursor_power:
                        style = "bold reverse green"
                line.append(str(v), style=style)
                if v < 13:  # no space after the last: a row is exactly as wide as it is measured
                    line.append(" ")
            if to_move:  # also ▶ and a bold name
                line.stylize_before(f"on {app_tints(self.app).active}")
            lines.append(line)
        return lines

    def on_click(self, event: events.Click) -> None:
        shown = self.shown
        if shown is None or event.y < 1:
            return
        seat = event.y - 1
        x = event.x - self.hand_x
        for start, end, value in HAND_CELLS:
            if start <= x < end:
                self.post_message(PowerPicked(seat, value))
                return
