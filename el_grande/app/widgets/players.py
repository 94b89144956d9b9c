"""One line per player: letter, name, score, court, province, Castillo, Veto, power cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.events import Click

from el_grande.app.messages import PowerPicked
from el_grande.app.present import chip
from el_grande.app.setup import bot_level
from el_grande.app.widgets.painted import Painted
from el_grande.names import MAX_NAME_CELLS, pad
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.app.session import GameSession
    from el_grande.core import View


def _cells() -> list[tuple[int, int, int]]:
    """(start, end, value) of each power card in the hand strip: "1 2 3 ... 13"."""
    out, x = [], 0
    for v in range(1, 14):
        w = len(str(v))
        out.append((x, x + w + 1, v))
        x += w + 1
    return out


CELLS = _cells()

#: Terminal cells of the name column (a new name is at most this wide: `el_grande.names`) and
#: of the computer-player mark after it; everything is padded by cells, not characters.
NAME_CELLS = MAX_NAME_CELLS
MARK_CELLS = 4


class HandStrip(Painted):
    """The 13 power cards of one player: in hand bold, played earlier dim, this round reversed.

    Clicking a value posts PowerPicked (the screen checks it against the legal choices)."""

    def __init__(self, seat: int) -> None:
        super().__init__("", classes="hand")
        self.seat = seat

    def on_click(self, event: Click) -> None:
        for start, end, value in CELLS:
            if start <= event.x < end:
                self.post_message(PowerPicked(self.seat, value))
                return


class PlayerRow(Horizontal):
    def __init__(self, seat: int) -> None:
        super().__init__(id=f"player-{seat}", classes="player")
        self.seat = seat

    def compose(self) -> ComposeResult:
        yield Painted("", classes="player-info")
        yield HandStrip(self.seat)


class PlayersPanel(Vertical):
    def __init__(self, players: int, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.players = players

    def compose(self) -> ComposeResult:
        for seat in range(self.players):
            yield PlayerRow(seat)

    def show(
        self,
        view: View,
        session: GameSession,
        to_move: int | None,
        legal_power: frozenset[int] = frozenset(),
        cursor_power: int | None = None,
    ) -> None:
        for p in view.players:
            row = self.query_one(f"#player-{p.seat}", PlayerRow)
            info = Text()
            info.append("▶" if p.seat == to_move else " ", style="bold")
            info.append_text(chip(session, p.seat, " "))
            name_style = "bold" if p.seat == to_move else ""
            info.append(pad(session.name(p.seat), NAME_CELLS), style=name_style)
            # A computer player is marked so the table knows who is not at the keyboard.
            bot = bot_level(session.seats[p.seat].kind) is not None
            info.append(pad(t("player.bot_mark") if bot else "", MARK_CELLS, "right"), "dim italic")
            info.append(f"{p.score:>4}", style="bold")
            cast = "?" if p.castillo is None else str(p.castillo)
            prov = "?" if p.province is None else str(p.province)  # hidden Castillo: secret too
            info.append(f" {p.court:>2} {prov:>2} {cast:>2} ")
            info.append("V" if p.vetoes else " ", style="bold reverse" if p.vetoes else "")
            row.query_one(".player-info", Painted).paint(info)
            hand = Text()
            mine = p.seat == (view.decision.player if view.decision else None)
            for v in range(1, 14):
                cell = str(v)
                if v == p.played:
                    style = "bold reverse"
                elif v in p.hand:
                    style = "bold"
                else:
                    style = "dim strike"
                if mine and v in legal_power:
                    style += " underline"
                    if v == cursor_power:
                        style = "bold reverse green"
                hand.append(cell, style=style)
                hand.append(" ")
            row.query_one(HandStrip).paint(hand)
            row.set_class(p.seat == to_move, "-to-move")


def players_header() -> Text:
    lead = 3 + NAME_CELLS + MARK_CELLS  # "▶", the chip and a space, the name, the mark
    return Text(
        f"{'':{lead}}{'pts':>4} {'ct':>2} {'pr':>2} {'ca':>2}   {t('player.hand')}",
        style="dim",
    )
