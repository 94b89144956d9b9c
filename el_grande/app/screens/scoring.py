"""Scoring, step by step (R-G, R-K7), and the "if a general scoring happened now" table."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from el_grande.app.present import awards_text, chip, scoring_what
from el_grande.core import events as E
from el_grande.core import preview_general_scoring
from el_grande.text import region, t

if TYPE_CHECKING:
    from el_grande.app.session import GameSession, ScoringRecord
    from el_grande.core import Event


Step = tuple[str, "Text | Table", "str | None"]  # title, body, place to light up on the map


def build_steps(events: list[Event], session: GameSession) -> list[Step]:
    """Group events into steps: (title, body, place)."""
    steps: list[Step] = []
    records = _records_for(events, session)
    ended = 0
    march: list[E.CaballerosMoved] = []

    def flush_march() -> None:
        if march:
            body = Text()
            for ev in march:
                body.append_text(chip(session, ev.whose))
                body.append(f" {session.name(ev.whose)}: {ev.count} → {region(ev.dst)}\n")
            title = (
                t("scoring.march_title") if march[0].src == "castillo" else t("scoring.moves_title")
            )
            steps.append((title, body, None))
            march.clear()

    for ev in events:
        kind = type(ev)
        if kind is E.CaballerosMoved and ev.count:
            march.append(ev)
            continue
        flush_march()
        if kind is E.SecretsRevealed:
            body = Text()
            for seat, place in ev.choices:
                body.append_text(chip(session, seat))
                body.append(f" {session.name(seat)} → {region(place)}\n")
            steps.append((t("scoring.reveal_title"), body, None))
        elif kind is E.PlaceScored:
            body = Text()
            counts = ", ".join(f"{session.name(s)} {c}" for s, c in enumerate(ev.counts) if c)
            body.append(t("scoring.counts", counts=counts or "—") + "\n")
            body.append(f"{'/'.join(map(str, ev.values))}\n", style="dim")
            awards = awards_text(ev, session)
            if not any(ev.counts):
                body.append(t("scoring.nobody"))
            elif awards:
                for a in ev.awards:
                    if a.points:
                        from el_grande.app.present import award_why

                        body.append_text(chip(session, a.seat))
                        body.append(f" {session.name(a.seat)} +{a.points}  ({award_why(a)})\n")
            else:
                body.append(t("ev.scored_none", region=region(ev.place)))
            title = (
                t("scoring.castillo_title")
                if ev.place == "castillo"
                else t("scoring.region_title", region=region(ev.place))
            )
            steps.append((title, body, ev.place))
        elif kind is E.ScoringEnded:
            record = records[ended] if ended < len(records) else None
            ended += 1
            steps.append((t("scoring.table_title"), totals_table(ev.points, record, session), None))
    flush_march()
    return steps


def _records_for(events: list[Event], session: GameSession) -> list[ScoringRecord]:
    n = sum(1 for e in events if type(e) is E.ScoringEnded)
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
    """Shows one step at a time; Enter/Space continues, Esc jumps to the last step."""

    CSS_PATH = "scoring.tcss"
    BINDINGS = [
        Binding("enter", "next", "Next", priority=True),
        Binding("space", "next", show=False, priority=True),
        Binding("escape", "last", "Skip"),
    ]

    def __init__(
        self,
        session: GameSession,
        events: list[Event],
        mark: Callable[[str | None], None] | None = None,
    ) -> None:
        super().__init__()
        self.session = session
        self.mark = mark
        self.steps = build_steps(events, session)
        started = next((e for e in events if type(e) is E.ScoringStarted), None)
        ended = next((e for e in events if type(e) is E.ScoringEnded), None)
        why = started.why if started else ended.why if ended else None
        if why == "general":
            self.what = scoring_what("general", sum(1 for r in session.scorings if r.why == why))
        elif why is not None:
            self.what = scoring_what(why)
        else:
            self.what = t("scoring.reveal_title")
        self.index = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="scoring-box"):
            yield Static("", id="scoring-title", markup=False)
            yield Static("", id="scoring-step", markup=False)
            yield Static("", id="scoring-body", markup=False)
            yield Static("", id="scoring-keys", markup=False)

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        if not self.steps:
            return
        title, body, place = self.steps[self.index]
        if self.mark is not None:
            self.mark(place)
        self.query_one("#scoring-title", Static).update(t("scoring.title", what=self.what))
        self.query_one("#scoring-step", Static).update(
            f"{title}  ·  {t('scoring.step', i=self.index + 1, n=len(self.steps))}"
        )
        self.query_one("#scoring-body", Static).update(body)
        last = self.index >= len(self.steps) - 1
        self.query_one("#scoring-keys", Static).update(
            t("scoring.last") if last else t("scoring.continue")
        )

    def _close(self) -> None:
        if self.mark is not None:
            self.mark(None)
        self.dismiss(None)

    def action_next(self) -> None:
        if self.index >= len(self.steps) - 1:
            self._close()
            return
        self.index += 1
        self._show()

    def action_last(self) -> None:
        if self.index >= len(self.steps) - 1:
            self._close()
            return
        self.index = len(self.steps) - 1
        self._show()


class PreviewScreen(ModalScreen[None]):
    """Points per player if a general scoring happened now (Castillo left out when hidden)."""

    CSS_PATH = "scoring.tcss"
    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("enter", "close", show=False),
        Binding("p", "close", show=False),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        # The public view leaves the Castillo out when its counts are hidden.
        view = self.session.game.view(None)
        gains = preview_general_scoring(view)
        hidden = self.session.castillo_hidden
        table = Table(box=None, pad_edge=False)
        table.add_column("")
        table.add_column(t("preview.now"), justify="right")
        table.add_column(t("preview.would"), justify="right")
        table.add_column(t("preview.after"), justify="right")
        for p in view.players:
            name = Text.assemble(chip(self.session, p.seat), " ", self.session.name(p.seat))
            table.add_row(name, str(p.score), f"+{gains[p.seat]}", str(p.score + gains[p.seat]))
        note = t("preview.note") + ("\n" + t("preview.note_hidden") if hidden else "")
        with Vertical(id="scoring-box"):
            yield Static(t("preview.title"), id="scoring-title", markup=False)
            yield Static(table, id="scoring-body", markup=False)
            yield Static(note, id="scoring-step", markup=False)
            yield Static(t("preview.close"), id="scoring-keys", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
