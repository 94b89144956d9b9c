"""The table's clock: what time it is, and "call me back in so many seconds".

The flow never reads the wall clock and never sleeps: the app gives it a clock built on
Textual's timers (the same clock Textual stamps input events with), tests a `ManualClock`
they move by hand.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from itertools import count
from typing import Protocol

#: Cancels a call asked for with `Clock.call_later` (a no-op once it has run).
Cancel = Callable[[], None]


class Clock(Protocol):
    def now(self) -> float:
        """Seconds on a monotonic clock: the one input events are stamped with."""
        ...

    def call_later(self, seconds: float, callback: Callable[[], None]) -> Cancel:
        """Call `callback` once, `seconds` from now (0: as soon as the caller has returned,
        never from inside the call)."""
        ...


class ManualClock:
    """A clock that moves only when told (`advance`), running what falls due in order."""

    def __init__(self, start: float = 100.0) -> None:
        self._now = start
        self._due: list[tuple[float, int, Callable[[], None]]] = []
        self._order = count()
        self._cancelled: set[int] = set()

    def now(self) -> float:
        return self._now

    def call_later(self, seconds: float, callback: Callable[[], None]) -> Cancel:
        key = next(self._order)
        heapq.heappush(self._due, (self._now + max(0.0, seconds), key, callback))
        return lambda: self._cancelled.add(key)

    def advance(self, seconds: float = 0.0) -> None:
        """Move the clock on by `seconds`, running every call due by then (calls they ask for
        that fall due in the same span run too)."""
        until = self._now + seconds
        while self._due and self._due[0][0] <= until:
            when, key, callback = heapq.heappop(self._due)
            self._now = max(self._now, when)
            if key not in self._cancelled:
                callback()
        self._now = until

    def run_due(self) -> None:
        """Run what is due now (calls asked for with 0 seconds), without moving the clock."""
        self.advance(0.0)

    @property
    def pending(self) -> int:
        """Calls still to run (cancelled ones not counted)."""
        return sum(1 for _, key, _ in self._due if key not in self._cancelled)
