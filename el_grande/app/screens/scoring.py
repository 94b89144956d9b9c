"""Scoring, step by step (R-G, R-K7): each scoring and reveal played out on the board."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from el_grande.app.closing import close, closing
from el_grande.app.present import chip
from el_grande.core import events as E
from el_grande.narrate import award_why, place_name
from el_grande.text import card_name, region, t

if TYPE_CHECKING:
    from el_grande.core import Event
    from el_grande.session import GameSession, ScoringRecord


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a display: its title and body, the place lit on the map, and how many of
    the display's events it has played out on the board (`upto`)."""

    title: str
    body: Text | Table
    place: str | None
    upto: int


def build_steps(events: list[Event], session: GameSession, king: str) -> list[Step]:
    """Group events into steps; each step knows how far into `events` it reaches. `king`:
    the King's region when the display begins (a disk there means "back to the court")."""
    steps: list[Step] = []
    records = _records_for(events, session)
    ended = 0
    march: list[E.CaballerosMoved] = []

    def flush_march(upto: int) -> None:
        if march:
            body = Text()
            for ev in march:
                body.append_text(chip(session, ev.whose))
                where = t("scoring.to_court") if ev.dst == "court" else region(ev.dst)
                line = t(
                    "scoring.march_line", name=session.name(ev.whose), count=ev.count, where=where
                )
                body.append(f" {line}\n")
            title = (
                t("scoring.march_title") if march[0].src == "castillo" else t("scoring.moves_title")
            )
            steps.append(Step(title, body, None, upto))
            march.clear()

    for i, ev in enumerate(events):
        if isinstance(ev, E.CaballerosMoved) and ev.count:
            march.append(ev)
            continue
        flush_march(i)
        match ev:
            case E.KingMoved():
                king = ev.dst
            case E.SecretsRevealed():
                body = Text()
                for seat, place in ev.choices:
                    body.append_text(chip(session, seat))
                    line = t("scoring.reveal_line", name=session.name(seat), region=region(place))
                    body.append(f" {line}")
                    if str(ev.purpose) == "castillo" and place == king:
                        body.append(" " + t("scoring.back_to_court"), style="italic")
                    body.append("\n")
                steps.append(Step(t("scoring.reveal_title"), body, None, i + 1))
            case E.PlaceScored():
                body = Text()
                counts = t("join.list").join(
                    t("scoring.count", name=session.name(s), count=c)
                    for s, c in enumerate(ev.counts)
                    if c
                )
                body.append(t("scoring.counts", counts=counts or "—") + "\n")
                body.append(f"{'/'.join(map(str, ev.values))}\n", style="dim")
                paid = [a for a in ev.awards if a.points]
                if not any(ev.counts):
                    body.append(t("scoring.nobody"))
                elif paid:
                    for a in paid:
                        body.append_text(chip(session, a.seat))
                        line = t(
                            "scoring.award_line",
                            name=session.name(a.seat),
                            points=a.points,
                            why=award_why(a),
                        )
                        body.append(f" {line}\n")
                else:
                    body.append(t("ev.scored_none", region=place_name(ev.place)))
                title = (
                    t("scoring.castillo_title")
                    if ev.place == "castillo"
                    else t("scoring.region_title", region=place_name(ev.place))
                )
                steps.append(Step(title, body, ev.place, i + 1))
            case E.ScoringEnded():
                record = records[ended] if ended < len(records) else None
                ended += 1
                table = totals_table(ev.points, record, session)
                steps.append(Step(t("scoring.table_title"), table, None, i + 1))
    flush_march(len(events))
    return steps


def _records_for(events: list[Event], session: GameSession) -> list[ScoringRecord]:
    n = sum(1 for e in events if isinstance(e, E.ScoringEnded))
    return session.scorings[-n:] if n else []


def totals_table(
    points: tuple[int, ...], record: ScoringRecord | None, session: GameSession
) -> Table:
    table = Table(box=None, pad_edge=False)
    table.add_column("")
    table.add_column(t("scoring.this"), justify="right")
    table.add_column(t("scoring.total"), justify="right")
    for seat, p in enumerate(points):
        name = Text.assemble(chip(session, seat), " ", session.name(seat))
        total = str(record.totals_after[seat]) if record else ""
        table.add_row(name, f"+{p}", total)
    return table


class ScoringScreen(ModalScreen[None]):
    """Shows one step at a time, the board behind it playing the step out; Enter/Space
    continues, Esc jumps to the last step. With the app's auto-advance the steps go on by
    themselves at the computer players' pace; `f` in a game of computer players (the app's
    `run_to_end`) closes it at once."""

    CSS_PATH = "scoring.tcss"
    BINDINGS = [
        Binding("enter", "next", "scoring.key_next", priority=True),
        Binding("space", "next", show=False, priority=True),
        Binding("escape", "last", "scoring.key_skip"),
        Binding("f", "run_to_end", show=False),
    ]

    def __init__(
        self,
        session: GameSession,
        events: list[Event],
        step: Callable[[int, str | None], None] | None = None,
        king: str | None = None,
    ) -> None:
        """`step(upto, place)`: show the board with the first `upto` events played out and
        `place` lit."""
        super().__init__()
        self.session = session
        self.on_step = step
        self.events = events
        self.steps = build_steps(events, session, king or session.current.public.king)
        self.total = len(events)
        started = next((e for e in events if isinstance(e, E.ScoringStarted)), None)
        ended = next((e for e in events if isinstance(e, E.ScoringEnded)), None)
        why = started.why if started else ended.why if ended else None
        if why == "general":
            self.heading = t("scoring.heading_general", n=session.general_scorings)
        elif why is not None:
            self.heading = t("scoring.heading_special", card=card_name(str(why)))
        else:  # a reveal and its moves (eviction, the province cards): no scoring
            self.heading = t("scoring.reveal_heading")
        self.index = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="scoring-box"):
            yield Static("", id="scoring-title", markup=False)
            yield Static("", id="scoring-step", markup=False)
            yield Static("", id="scoring-body", markup=False)
            yield Static("", id="scoring-keys", markup=False)

    def on_mount(self) -> None:
        if getattr(self.app, "run_to_end", False) or not self.steps:
            self.call_later(self._close)
            return
        self._show()
        auto = getattr(self.app, "auto_advance_seconds", None)
        if auto:
            self.set_interval(auto, self.auto_step, name="scoring auto-advance")

    def auto_step(self) -> None:
        """A tick of the auto-advance: the next step, unless another screen covers this one
        (the pause of a terminal too small, the help): then the display waits, as the game
        does."""
        if self.app.screen is self and not closing(self):
            self.action_next()

    def _show(self) -> None:
        step = self.steps[self.index]
        if self.on_step is not None:
            self.on_step(step.upto, step.place)
        self.query_one("#scoring-title", Static).update(self.heading)
        self.query_one("#scoring-step", Static).update(
            t(
                "scoring.step_title",
                title=step.title,
                step=t("scoring.step", i=self.index + 1, n=len(self.steps)),
            )
        )
        self.query_one("#scoring-body", Static).update(step.body)
        last = self.index >= len(self.steps) - 1
        self.query_one("#scoring-keys", Static).update(
            t("scoring.last") if last else t("scoring.continue")
        )
        # A step line that now wraps onto one more line than the last one (wide Hangul) was
        # sometimes laid out a line short: lay the box out again once this frame is drawn.
        self.call_after_refresh(self.query_one("#scoring-box").refresh, layout=True)

    def _close(self) -> None:
        if closing(self):
            return  # once: Enter and a tick of the auto-advance may both ask
        if self.on_step is not None:
            self.on_step(self.total, None)
        close(self)

    def action_next(self) -> None:
        if self.index >= len(self.steps) - 1:
            self._close()
            return
        self.index += 1
        self._show()

    def action_run_to_end(self) -> None:
        """`f` at a table of computer players: this display and every one after it close at
        once, and the game runs to its end."""
        session = self.session
        if all(session.bot_level(s) is not None for s in range(len(session.seats))):
            self.app.run_to_end = True  # type: ignore[attr-defined]
            self._close()

    def action_last(self) -> None:
        if self.index >= len(self.steps) - 1:
            self._close()
            return
        self.index = len(self.steps) - 1
        self._show()
