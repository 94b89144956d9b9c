"""Scoring, step by step (R-G, R-K7): each scoring and reveal played out on the board.

The table flow decides the steps, their pace and when the display ends
(`el_grande.flow.table.Showing`); this screen draws the step it is given and hands Enter,
space, Esc and `f` back to the flow.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from el_grande.app.present import NO_BREAK, Glued, chip
from el_grande.app.screens.styled import StyledOnce
from el_grande.core import Event
from el_grande.flow.scenes import Showing
from el_grande.flow.table import TableFlow
from el_grande.names import fit_quoted
from el_grande.narrate import ScoringStep, Total
from el_grande.text import t

#: A player's chip (their letter on their colour), for a seat.
Chip = Callable[[int], Text]


def step_body(step: ScoringStep, chip: Chip, name: Callable[[int], str]) -> Text | Table:
    """A step's lines (or its totals table) as the screen shows them."""
    if step.totals:
        return totals_table(step.totals, chip, name)
    body = Text()
    for i, line in enumerate(step.lines):
        if i:
            body.append("\n")
        if line.seat is not None:
            body.append_text(chip(line.seat))
            body.append(" ")
        body.append(line.text, style=line.style)
        if line.note:
            body.append(" " + line.note, style="italic")
    return body


def totals_table(totals: tuple[Total, ...], chip: Chip, name: Callable[[int], str]) -> Table:
    table = Table(box=None, pad_edge=False)
    table.add_column("")
    table.add_column(t("scoring.this"), justify="right")
    table.add_column(t("scoring.total"), justify="right")
    for row in totals:
        who = Text.assemble(chip(row.seat), " ", name(row.seat))
        table.add_row(who, f"+{row.points}", "" if row.total is None else str(row.total))
    return table


class Heading(Static):
    """A display's heading on one line: a card's name in quotes shortens inside them (the
    closing mark stays) where the box is narrow (Korean at 100×30)."""

    DEFAULT_CSS = """
    Heading {
        height: 1;
    }
    """

    text = ""

    def update(self, content: object = "", *, layout: bool = True) -> None:
        self.text = str(content)
        self.refresh(layout=layout)

    def render(self) -> Text:
        return Text(fit_quoted(self.text, self.size.width), justify="center", end="")


class ScoringScreen(StyledOnce, ModalScreen[None]):
    """Shows one step at a time, the board behind it playing the step out; Enter/Space
    continues, Esc jumps to the last step, `f` (a table of computer players) runs the game to
    its end. The steps go on by themselves when the flow paces them."""

    CSS_PATH = "scoring.tcss"
    BINDINGS = [
        Binding("enter", "next", "scoring.key_next", priority=True),
        Binding("space", "next", show=False, priority=True),
        Binding("escape", "last", "scoring.key_skip"),
        Binding("f", "run_to_end", show=False),
    ]

    def __init__(
        self,
        scene: Showing,
        *,
        chip: Chip,
        name: Callable[[int], str],
        on_next: Callable[[], None],
        on_last: Callable[[], None],
        on_run_to_end: Callable[[], None],
    ) -> None:
        super().__init__()
        self.scene = scene
        self.chip, self.name_of = chip, name
        self._next, self._last, self._run_to_end = on_next, on_last, on_run_to_end

    @property
    def heading(self) -> str:
        return self.scene.heading

    @property
    def index(self) -> int:
        return self.scene.index

    @property
    def steps(self) -> tuple[ScoringStep, ...]:
        return self.scene.steps

    @property
    def events(self) -> tuple[Event, ...]:
        """The display's events (the board plays them out step by step)."""
        return self.scene.events

    def compose(self) -> ComposeResult:
        with Vertical(id="scoring-box"):
            yield Heading(id="scoring-title")
            yield Static("", id="scoring-step", markup=False)
            yield Static("", id="scoring-body", markup=False)
            yield Static("", id="scoring-keys", markup=False)

    def on_mount(self) -> None:
        # Textual counts a screen as mounted only once its Mount handlers have run, so
        # `show` would wait here for a step that never comes: the first step is drawn now.
        self._draw(self.scene)

    def show(self, scene: Showing) -> None:
        """Draw `scene`'s step (before the screen is mounted: keep it for `on_mount`)."""
        self.scene = scene
        if self.is_mounted:
            self._draw(scene)

    def _draw(self, scene: Showing) -> None:
        step = scene.step
        self.query_one("#scoring-title", Static).update(scene.heading)
        # "step 7 of 13" stays on one line (it used to break before "13").
        counted = t("scoring.step", i=scene.index + 1, n=len(scene.steps)).replace(" ", NO_BREAK)
        line = t("scoring.step_title", title=step.title, step=counted)
        self.query_one("#scoring-step", Static).update(Glued(line))
        self.query_one("#scoring-body", Static).update(step_body(step, self.chip, self.name_of))
        self.query_one("#scoring-keys", Static).update(
            t("scoring.last") if scene.last else t("scoring.continue")
        )
        # A step line that now wraps onto one more line than the last one (wide Hangul) was
        # sometimes laid out a line short: lay the box out again once this frame is drawn.
        self.call_after_refresh(self.query_one("#scoring-box").refresh, layout=True)

    def action_next(self) -> None:
        self._next()

    def action_last(self) -> None:
        self._last()

    def action_run_to_end(self) -> None:
        self._run_to_end()


def scoring_for(scene: Showing, flow: TableFlow) -> ScoringScreen:
    """The display for the flow's scene, its keys going back to the flow."""

    session = flow.session
    return ScoringScreen(
        scene,
        chip=lambda seat: chip(session.seating, seat),
        name=session.name,
        on_next=flow.step,
        on_last=flow.last_step,
        on_run_to_end=flow.watch_to_end,
    )
