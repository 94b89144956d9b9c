"""Hints (`h`): the strong bot's top three choices for the decision at hand, with the points
each is expected to gain and a one-line reason (`el_grande.bots.hints.analyse`).

Computed in a thread from the deciding player's own view only — never another player's
secret, never the deck order — within a second; Esc cancels it. A hint is for its player's
eyes: the game screen opens this behind that player's curtain when the decision is secret, or
when the game hides something of theirs (a hidden Castillo), since a hint could give it away.
Choosing a hint (1–3, or ↑↓ Enter) highlights that choice on the prompt; it plays nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from el_grande.app.closing import close
from el_grande.app.present import Glued, choice_label
from el_grande.app.screens.styled import StyledOnce
from el_grande.bots.hints import analyse
from el_grande.core import Choice
from el_grande.text import carry, t

if TYPE_CHECKING:
    from el_grande.bots.hints import Hint
    from el_grande.core import Decision, View
    from el_grande.flow.scenes import Hinting
    from el_grande.flow.table import TableFlow
    from el_grande.session import GameSession

#: Seconds a hint may think (the strong bot keeps to it within a few milliseconds), and the
#: most play-outs (None: as many as the time allows; tests set a number, for answers that do
#: not depend on the machine).
HINT_BUDGET = 1.0
HINT_ITERATIONS: int | None = None


def outlook(margin: float) -> str:
    """Where a choice leaves the player against the best other player at the round's end, in
    words ("1.0 behind", not "margin -1.0")."""
    shown = round(margin, 1)
    if shown == 0:
        return t("hint.level")
    key = "hint.ahead" if shown > 0 else "hint.behind"
    return t(key, margin=f"{abs(shown):.1f}")


class HintScreen(StyledOnce, ModalScreen[Choice | None]):
    """Dismissed with the chosen hint's choice (to highlight), or None."""

    CSS_PATH = "scoring.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "hint.key_close", id="hint_close"),
        Binding("h", "close", show=False),
        *[Binding(str(i), f"pick({i - 1})", show=False) for i in (1, 2, 3)],
    ]

    def __init__(
        self,
        session: GameSession,
        view: View,
        decision: Decision,
        *,
        seed: int = 0,
        iterations: int | None = None,
        budget: float | None = None,
        on_shown: Callable[[], None] | None = None,
        on_close: Callable[[Choice | None], None] | None = None,
    ) -> None:
        """`on_shown`: the hints are on screen (they are counted); `on_close(choice)`: closed,
        with the hint picked (None: none). Without `on_close` the screen dismisses itself."""
        super().__init__()
        self._on_shown = on_shown
        self._on_close = on_close
        self.session = session
        self.view = view
        self.decision = decision
        self.seed = seed
        self.iterations = HINT_ITERATIONS if iterations is None else iterations
        self.budget = HINT_BUDGET if budget is None else budget
        self.hints: list[Hint] | None = None
        self._stop = threading.Event()
        self._worker: Worker[list[Hint]] | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="scoring-box", classes="hints"):
            yield Static(
                Text(t("hint.title", name=self.session.name(self.decision.player))),
                id="scoring-title",
                markup=False,
            )
            yield Static(Text(t("hint.thinking")), id="scoring-step", markup=False)
            yield OptionList(id="hint-list", markup=False)
            yield Static(Text(t("hint.keys")), id="scoring-keys", markup=False)

    def on_mount(self) -> None:
        view, decision, stop = self.view, self.decision, self._stop
        seed, iterations, budget = self.seed, self.iterations, self.budget

        def think() -> list[Hint]:
            return analyse(
                view,
                decision,
                budget=budget,
                iterations=iterations,
                seed=seed,
                cancelled=stop.is_set,
            )

        # In the table's language (a hint's reasons are worded in the thread).
        self._worker = self.run_worker(carry(think), thread=True, exit_on_error=False, name="hint")

    def on_unmount(self) -> None:
        self._stop.set()  # a hint still thinking stops within a few milliseconds

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self._worker or not self.is_attached:
            return
        if event.state is WorkerState.SUCCESS:
            self._show(event.worker.result or [])
        elif event.state is WorkerState.ERROR:
            self.query_one("#scoring-step", Static).update(Text(t("hint.failed")))

    def _show(self, hints: list[Hint]) -> None:
        self.hints = hints
        step = self.query_one("#scoring-step", Static)
        options = self.query_one("#hint-list", OptionList)
        if not hints:
            step.update(Text(t("hint.none")))
            return
        if self._on_shown is not None:
            self._on_shown()
        step.update(Text(t("hint.ready")))
        names = [self.session.name(s) for s in range(len(self.session.seats))]
        for i, hint in enumerate(hints, start=1):
            body = Text(
                choice_label(hint.choice, self.decision, self.session.seating), style="bold"
            )
            body.append("\n")
            body.append(t("hint.gain", gain=f"{hint.gain:+.1f}") + "\n")
            body.append(outlook(hint.margin) + "\n")
            if i > 1 and abs(hint.margin - hints[0].margin) < 0.05:
                # Often so for one Caballero of several: the play-out places the rest alike.
                body.append(t("hint.same") + "\n", style="dim")
            body.append(hint.reason_text(names, self.decision), style="italic")
            # Two columns, so that a line that wraps stays under its hint, not under the number.
            grid = Table.grid()
            grid.add_column(no_wrap=True)
            grid.add_column(ratio=1)
            grid.add_row(Text(f"{i}. ", style="bold"), Glued(body))
            options.add_option(Option(grid, id=str(i - 1)))
        options.highlighted = 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.action_pick(int(event.option.id))

    def action_pick(self, index: int) -> None:
        if self.hints is not None and 0 <= index < len(self.hints):
            self._close(self.hints[index].choice)

    def action_close(self) -> None:
        self._stop.set()
        self._close(None)

    def _close(self, choice: Choice | None) -> None:
        if self._on_close is not None:
            self._on_close(choice)  # the table flow closes this screen
        else:
            close(self, choice)


def hints_for(scene: Hinting, flow: TableFlow) -> HintScreen:
    """The hints for the flow's scene: counted when shown, closed through the flow."""
    return HintScreen(
        flow.session,
        scene.own,
        scene.decision,
        seed=scene.seed,
        on_shown=flow.hint_shown,
        on_close=flow.hint_closed,
    )
