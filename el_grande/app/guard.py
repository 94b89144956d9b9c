"""The input guard: keys and clicks that could not have been meant for what is on screen now
are dropped before anything handles them (docs/app.md, "The curtain").

At one keyboard the danger is input typed ahead: the player who just answered a secret presses
Enter a few more times, or double-clicks, and the next player's secret would be answered for
them. So when a curtain is about to rise the guard *closes* (everything is dropped), and when
the curtain is on screen it *opens after a guard time*: input whose time stamp (Textual
messages carry the moment they arrived) is earlier than that is dropped too, however late it
is handled. The curtain itself then waits for a deliberate act (see `CurtainScreen`).

The clock is injectable, and the time stamps are the events' own, so tests set both and never
sleep.
"""

from __future__ import annotations

from collections.abc import Callable

from textual._time import get_time  # the clock Textual stamps its messages with

#: Seconds after a curtain is on screen during which input is still dropped: longer than a
#: double click (Textual chains clicks within 0.5 s) and than a quick double tap.
GUARD_SECONDS = 0.8

#: Keys that always act, whatever the guard says: quitting saves nothing new and answers nothing.
ALWAYS = frozenset({"ctrl+q", "ctrl+c"})


class InputGuard:
    """Decides whether an input event (by its time stamp) may act."""

    def __init__(self, seconds: float | None = None, clock: Callable[[], float] = get_time):
        self.seconds = max(0.0, GUARD_SECONDS if seconds is None else seconds)
        self.clock = clock
        self._closed = False
        self._until = float("-inf")

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def until(self) -> float:
        """Input stamped earlier than this is dropped (once the guard is open again)."""
        return self._until

    def close(self) -> None:
        """Drop all input until `open_after_guard` (a curtain is about to rise)."""
        self._closed = True

    def open_after_guard(self) -> None:
        """The curtain is on screen: admit input stamped `seconds` from now and later."""
        self._closed = False
        self._until = self.clock() + self.seconds

    def admits(self, stamp: float) -> bool:
        """Whether input that arrived at `stamp` may act now."""
        return not self._closed and stamp >= self._until
