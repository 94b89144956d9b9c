"""Screens that close themselves, or hand over to another, once and only themselves.

Textual's `Screen.dismiss` calls the screen's result callback and then pops the screen on
*top* of the stack. Called by a timer while another screen covers this one (the pause of a
terminal too small, the help, the settings), it takes that other screen away; called twice
(a timer ticking again before the pop is done), it calls the callback twice, and the second
call fails (`InvalidStateError`: the result is set already). That once killed the app when a
scoring display stepped on by itself under the pause screen.

So every screen of the app closes through `close` and hands over through `replace`:

- a screen closed or closing already: nothing happens (once);
- the active screen: now;
- a screen another one covers: when it is the active screen again (the pause lifted, the
  help closed) — never the one on top;
- a screen taken off the stack meanwhile (the title screen clears it): never.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen

_CLOSING = "_el_grande_closing"


def close(screen: Screen[Any], result: Any = None) -> None:
    """Dismiss `screen` with `result`: once, and only `screen` (see the module's docstring)."""
    if not _claim(screen):
        return
    when_active(screen, lambda: screen.dismiss(result))


def replace(screen: Screen[Any], new: Screen[Any]) -> None:
    """Switch from `screen` to `new` (`App.switch_screen`): once, and only `screen` — never
    the pause or the help that may cover it."""
    if not _claim(screen):
        return
    when_active(screen, lambda: screen.app.switch_screen(new))


def closing(screen: Screen[Any]) -> bool:
    """True once `close` or `replace` was called for `screen`."""
    return bool(getattr(screen, _CLOSING, False))


def _claim(screen: Screen[Any]) -> bool:
    if closing(screen) or screen not in screen.app.screen_stack:
        return False  # closed, closing, or never opened
    setattr(screen, _CLOSING, True)
    return True


def when_active(screen: Screen[Any], action: Callable[[], object]) -> None:
    """Run `action` now if `screen` is the active screen, else as soon as it is again (never
    if it leaves the stack first)."""
    app = screen.app
    if app.screen is screen:
        action()
        return
    done = False

    def changed(_active: Screen[Any]) -> None:
        # (Not unsubscribed: that would drop the screen's other subscriptions to the signal,
        # the game screen's own among them; the signal forgets a screen that is gone.)
        nonlocal done
        if done or screen not in app.screen_stack:
            done = True
        elif app.screen is screen:
            done = True
            action()

    app.screen_change_signal.subscribe(screen, changed)
