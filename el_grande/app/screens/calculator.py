"""The scoring calculator (`p`): what a general scoring would give now, place by place.

Each of the nine regions and the Castillo with its values (a mobile scoreboard's ▣ marked),
every player's Caballeros as the board on screen shows them ("?" where hidden), the rank each
scores, the points, the King's (♔) and home (⌂) bonuses, and the totals before and after.

**What if.** During a human's own decision the calculator can show the table with the choice
highlighted on the prompt applied (`w`): one more Caballero in the highlighted place while
placing; the player's Castillo Caballeros marched to the highlighted region at their
general-scoring disk — behind their own curtain, with their own hidden Castillo count, for
their eyes only. It is drawn from the view the board shows at that moment (public, or the
chooser's own behind their curtain), so it never shows another player's secret.

The numbers come from the core (`score_table`): the calculator computes nothing itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from el_grande.app.closing import close
from el_grande.app.present import chip
from el_grande.app.screens.styled import StyledOnce
from el_grande.app.shown import place_of
from el_grande.core import AwardReason, DecisionKind, Purpose, score_table
from el_grande.text import region, t

if TYPE_CHECKING:
    from el_grande.app.shown import Shown
    from el_grande.core import Decision, PlaceScore, ScoreTable
    from el_grande.session import GameSession


def what_if_of(shown: Shown, decision: Decision | None) -> tuple[str, tuple[int, str]] | None:
    """The what-if for the highlighted choice of the decision on screen, if it has one:
    ("place", (seat, place)) while placing, ("march", (seat, region)) at one's general-scoring
    disk (only behind one's own curtain: the board then shows one's private view)."""
    if decision is None or shown.cursor is None or shown.to_move != decision.player:
        return None
    where = place_of(shown.cursor)
    if where is None:
        return None
    seat = decision.player
    if (
        decision.kind in (DecisionKind.PLACEMENT, DecisionKind.PLACE_ANY)
        and shown.cursor.verb == "place"
    ):
        return "place", (seat, where)
    if (
        decision.kind == DecisionKind.DISK
        and decision.context.get("purpose") == Purpose.CASTILLO
        and shown.view.seat == seat
    ):
        return "march", (seat, where)
    return None


def why_no_what_if(shown: Shown, decision: Decision | None) -> str:
    """Why `w` has nothing to try (when `what_if_of` gives None): one sentence."""
    if decision is None or shown.to_move != decision.player:
        return t("calc.no_what_if_turn")
    placing = decision.kind in (DecisionKind.PLACEMENT, DecisionKind.PLACE_ANY)
    disk = (
        decision.kind == DecisionKind.DISK
        and decision.context.get("purpose") == Purpose.CASTILLO
        and shown.view.seat == decision.player
    )
    if not (placing or disk):
        return t("calc.no_what_if_kind")
    return t("calc.no_what_if_cursor")


class CalculatorScreen(StyledOnce, ModalScreen[None]):
    """The table, now or with the highlighted choice (`w` switches)."""

    CSS_PATH = "scoring.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("w", "what_if", "calc.key_what_if", id="calc_what_if"),
        Binding("escape", "close", "keys.close", id="calc_close"),
        Binding("enter", "close", show=False),
        Binding("p", "close", show=False),
    ]

    def __init__(
        self,
        session: GameSession,
        shown: Shown,
        decision: Decision | None,
    ) -> None:
        super().__init__()
        self.session = session
        self.shown = shown
        self.what_if = what_if_of(shown, decision)
        #: Why `w` had nothing to try, once it was pressed (said, not silent).
        self.why_not = None if self.what_if is not None else why_no_what_if(shown, decision)
        self._said_why = False
        #: Showing the what-if (a decision's highlighted choice applied) rather than now.
        self.applied = False

    def table(self) -> ScoreTable:
        view = self.shown.view
        if self.applied and self.what_if is not None:
            kind, arg = self.what_if
            return score_table(view, **{kind: arg})
        return score_table(view)

    def compose(self) -> ComposeResult:
        with Vertical(id="scoring-box", classes="calculator"):
            yield Static("", id="scoring-title", markup=False)
            yield Static("", id="scoring-step", markup=False)
            yield Static("", id="scoring-body", markup=False)
            yield Static("", id="scoring-keys", markup=False)

    def on_mount(self) -> None:
        self._show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "what_if":
            return self.what_if is not None
        return True

    def action_what_if(self) -> None:
        if self.what_if is not None:
            self.applied = not self.applied
            self._show()

    def on_key(self, event: events.Key) -> None:
        if event.key == "w" and self.what_if is None:
            # Not offered in the key bar (nothing to try); pressed anyway, it says why.
            event.stop()
            self._said_why = True
            self._show()
            self.app.bell()

    def action_close(self) -> None:
        close(self)

    # --- drawing -----------------------------------------------------------------------------

    def _show(self) -> None:
        table = self.table()
        self.query_one("#scoring-title", Static).update(Text(t("calc.title")))
        self.query_one("#scoring-step", Static).update(self._subtitle(table))
        self.query_one("#scoring-body", Static).update(self._grid(table))
        keys = Text(t("calc.keys_what_if") if self.what_if is not None else t("calc.keys"))
        if self._said_why and self.why_not is not None:
            keys = Text.assemble((self.why_not, "bold"), "\n", keys)
        self.query_one("#scoring-keys", Static).update(keys)

    def _subtitle(self, table: ScoreTable) -> Text:
        text = Text(t("calc.note"))
        if self.what_if is not None:
            kind, (_seat, where) = self.what_if
            if self.applied:
                key = "calc.with_march" if kind == "march" else "calc.with_place"
                text.append("\n" + t(key, region=region(where)), style="bold")
            else:
                text.append("\n" + t("calc.now"), style="bold")
        if not table.complete:
            text.append("\n" + t("calc.hidden"), style="italic")
        return text

    def _grid(self, table: ScoreTable) -> Table:
        session = self.session
        grid = Table(box=None, pad_edge=False, show_edge=False, expand=False)
        grid.add_column(t("calc.col_place"), no_wrap=True)
        grid.add_column(t("calc.col_values"), justify="right", no_wrap=True)
        for seat in range(len(session.seats)):
            grid.add_column(
                Text.assemble(chip(session.seating, seat), " ", session.name(seat)),
                justify="right",
                no_wrap=True,
            )
        for row in table.places:
            grid.add_row(*self._row(row))
        grid.add_section()
        grid.add_row(
            Text(t("calc.row_now"), style="dim"), "", *[Text(str(x)) for x in table.before]
        )
        grid.add_row(
            Text(t("calc.row_gain"), style="bold"),
            "",
            *[Text(f"+{x}", style="bold") for x in table.gain],
        )
        grid.add_row(
            Text(t("calc.row_after"), style="bold"),
            "",
            *[Text(str(x), style="bold") for x in table.after],
        )
        return grid

    def _row(self, row: PlaceScore) -> list[Text]:
        name = Text(region(row.place, short=True))
        if row.king:
            name.append(" ♔", style="bold")
        if row.changed:
            name.stylize("bold reverse")
            name.append(" ◂")
        values = Text(
            ("▣" if row.scoreboard else "") + "/".join(map(str, row.values)),
            style="bold" if row.scoreboard else "dim",
        )
        cells: list[Text] = [name, values]
        ranks: dict[int, str] = {}
        marks: dict[int, str] = {}
        for award in row.awards:
            if award.reason == AwardReason.KING_BONUS:
                marks[award.seat] = marks.get(award.seat, "") + "♔"
            elif award.reason == AwardReason.HOME_BONUS:
                marks[award.seat] = marks.get(award.seat, "") + "⌂"
            elif award.position:
                tie = "=" if award.reason == AwardReason.TIE else ""
                ranks[award.seat] = tie + t(f"calc.rank_{min(award.position, 4)}")
        for seat, count in enumerate(row.counts):
            cell = Text()
            cell.append("?" if count is None else str(count), style="" if count else "dim")
            if seat in ranks:
                cell.append(" " + ranks[seat], style="dim")
            if row.points is None:
                cell.append(" ?", style="dim")
            elif row.points[seat]:
                cell.append(f" +{row.points[seat]}{marks.get(seat, '')}", style="bold")
            cells.append(cell)
        return cells
