"""The table clock on a remote screen (`el_grande.net.table_clock`): one line above the prompt
at a hosted table with a clock — each person's seat with its decision's seconds (the one
whose clock runs) and its reserve, counted down by this screen itself from what the host
last said (`RemoteState.clock_now`), twice a second while a clock runs.

    Clock ▶ Ana 0:14 +1:40 · Ben +2:00 · Cy away

The seat whose clock runs is marked ▶, a paused clock (a display) says so, a seat a computer
player took when its time ran out "away"; this screen's own clock turns red in its last ten
seconds. Names are text (never markup); the rules are said in a toast as the screen opens,
and are the widget's tooltip. No emoji: a
clock face is two cells in some terminals and one in others, and missing from many fonts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from el_grande.app.present import chip
from el_grande.net.table_clock import clock_text
from el_grande.text import t

if TYPE_CHECKING:
    from textual.timer import Timer

    from el_grande.net.remote import RemoteState
    from el_grande.net.table_clock import ClockShown
    from el_grande.session import Seating

#: Seconds left at which this screen's own clock turns red.
SHORT = 10.0


def clock_line(shown: ClockShown, seating: Seating, mine: int | None) -> Text:
    """The clock as the bar draws it (see the module docstring)."""
    line = Text(t("clock.title") + " ", style="dim")
    if shown.waiting:
        line.append(t("clock.waiting") + " ", style="italic")
    first = True
    for seat in range(seating.count):
        away = seat in shown.away
        if seating.bot_level(seat) is not None and not away:
            continue  # (a computer player's seat has no clock)
        if not first:
            line.append(" · ", style="dim")
        first = False
        running = shown.running == seat
        reserve = shown.reserves[seat] if seat < len(shown.reserves) else 0.0
        if running:
            line.append("▶ ", style="bold")
        line.append_text(chip(seating, seat, " "))
        line.append(" ")
        line.append(seating.name(seat), style="bold" if running else "")
        if away:
            line.append(" " + t("clock.away"), style="italic dim")
            continue
        short = running and seat == mine and shown.move + reserve <= SHORT
        if running and shown.paused:
            line.append(" (" + t("clock.paused") + ")", style="italic")
        if running:
            line.append(" " + clock_text(shown.move), style="bold red" if short else "bold")
        line.append(" +" + clock_text(reserve), style="red" if short else "dim")
    return line


class ClockBar(Static):
    """The table clock's line (hidden at a table without one)."""

    DEFAULT_CSS = """
    ClockBar { height: auto; max-height: 3; padding: 0 1; display: none; }
    """

    def __init__(self, state: RemoteState, **kwargs: object) -> None:
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]
        self.state = state
        self.seating: Seating | None = state.seating
        self._ticking: Timer | None = None

    def on_mount(self) -> None:
        rules = self.state.clock_rules
        if rules is not None:  # the rule, said as the screen opens (and the tooltip's)
            self.notify(rules.sentence(), markup=False, timeout=12)
        self.show()

    def show(self, seating: Seating | None = None) -> None:
        """Drawn from the connection's state now (and ticking while a clock runs)."""
        if seating is not None:
            self.seating = seating
        state, rules = self.state, self.state.clock_rules
        shown = state.clock_now()
        self.display = rules is not None and shown is not None
        if rules is None or shown is None or self.seating is None:
            self._tick_while(False)
            return
        self.tooltip = rules.sentence()
        mine = state.seat if state.role == "seat" else None
        self.update(clock_line(shown, self.seating, mine))
        self._tick_while(shown.running is not None and not shown.paused)

    def _tick_while(self, running: bool) -> None:
        if running and self._ticking is None:
            self._ticking = self.set_interval(0.5, self.show)
        elif not running and self._ticking is not None:
            self._ticking.stop()
            self._ticking = None
