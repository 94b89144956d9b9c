"""The table flow's clock in the app: Textual's input clock and the app's timers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App

from el_grande.app.textual_compat import input_clock
from el_grande.flow.clock import Cancel


class AppClock:
    """`el_grande.flow.clock.Clock` on a running app: `now()` is the clock input events are
    stamped with, `call_later` an app timer (0 seconds: the next turn of the message loop)."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app

    def now(self) -> float:
        return input_clock()

    def call_later(self, seconds: float, callback: Callable[[], None]) -> Cancel:
        cancelled = False

        def run() -> None:
            if not cancelled:
                callback()

        def cancel() -> None:
            nonlocal cancelled
            cancelled = True
            if timer is not None:
                timer.stop()

        timer = None
        if seconds > 0:
            timer = self.app.set_timer(seconds, run)
        else:
            self.app.call_later(run)
        return cancel
