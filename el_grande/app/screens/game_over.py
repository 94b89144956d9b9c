"""Game over: final scores, the winner(s) (shared on ties, R-E1), points by scoring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from el_grande.app.access import el_app
from el_grande.app.present import chip, winners_text
from el_grande.app.widgets.keybar import KeyBar
from el_grande.setup import bot_level
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.session import GameSession


def breakdown(session: GameSession) -> list[tuple[str, list[int]]]:
    """Rows of (label, points per seat): special scorings between general ones, then each
    general scoring."""
    n = len(session.seats)
    rows: list[tuple[str, list[int]]] = []
    special = [0] * n
    first_round = 1
    last_round = 1
    for rec in session.scorings:
        last_round = rec.round
        if rec.why == "general":
            if any(special):
                rows.append((t("over.specials", a=first_round, b=rec.round), special))
            special = [0] * n
            rows.append((t("over.general", n=rec.index), list(rec.points)))
            first_round = rec.round + 1
        else:
            special = [a + b for a, b in zip(special, rec.points, strict=True)]
    if any(special):
        rows.append((t("over.specials", a=first_round, b=last_round), special))
    return rows


class GameOverScreen(Screen[None]):
    CSS_PATH = "game_over.tcss"
    BINDINGS = [
        Binding("n", "new_game", "over.key_new"),
        Binding("t", "title", "over.key_title"),
        Binding("r", "replay", "over.key_replay"),
        Binding("s", "save_as", "keys.save_as"),
        Binding("q", "app.quit", "keys.quit"),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        game = self.session.game
        scores = game.scores
        winners = game.winners
        ranking = sorted(range(len(scores)), key=lambda s: -scores[s])
        final = Table(box=None, pad_edge=False, show_header=False)
        final.add_column("")
        final.add_column("", justify="right")
        for seat in ranking:
            name = Text.assemble(
                chip(self.session.seating, seat),
                " ",
                (self.session.name(seat), "bold" if seat in winners else ""),
                " ★" if seat in winners else "",
            )
            final.add_row(name, Text(str(scores[seat]), style="bold"))
        table = Table(pad_edge=False)
        table.add_column(t("over.breakdown"))
        for seat in range(len(scores)):
            table.add_column(
                Text.assemble(chip(self.session.seating, seat), " ", self.session.name(seat)),
                justify="right",
            )
        for label, points in breakdown(self.session):
            table.add_row(label, *[str(p) for p in points])
        table.add_row(Text(t("over.total"), style="bold"), *[str(s) for s in scores])
        with Vertical(id="over-box"):
            yield Static(t("over.title"), id="over-title", markup=False)
            yield Static(
                winners_text(winners, self.session.seating), id="over-winners", markup=False
            )
            yield Static(t("over.final"), classes="over-h", markup=False)
            yield Static(final, id="over-final", markup=False)
            yield Static(table, id="over-table", markup=False)
            hints = self._hints_line()
            if hints is not None:  # a table of computer players only: nobody to count
                yield Static(hints, id="over-hints", markup=False)
            yield Static(t("over.keys"), id="over-keys", markup=False)
        yield KeyBar()

    def _hints_line(self) -> Text | None:
        """How many hints each person at the table used (computer players take none)."""
        session = self.session
        people = [s for s in range(len(session.seats)) if bot_level(session.kind(s)) is None]
        if not people:
            return None
        if not session.hints:
            return Text(t("over.no_hints"), style="dim")
        used = session.hints_used
        counts = t("join.list").join(
            t("over.hint_count", name=session.name(s), count=used[s] if s < len(used) else 0)
            for s in people
        )
        return Text(t("over.hints", counts=counts), style="dim")

    def action_new_game(self) -> None:
        el_app(self).new_game_form()

    def action_title(self) -> None:
        el_app(self).show_title()

    def action_replay(self) -> None:
        from el_grande.app.screens.replay import ReplayScreen  # start-up: when asked for

        self.app.push_screen(ReplayScreen(self.session.game.record(), self.session.seats))

    def action_save_as(self) -> None:
        from el_grande.app.screens.save_as import SaveAsScreen  # start-up: when asked for

        def saved(message: str | None) -> None:
            if message:
                self.notify(message, markup=False)

        self.app.push_screen(SaveAsScreen(self.session), saved)
