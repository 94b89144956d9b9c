"""Typed access to the app from its screens, and the start-up test "imported yet?".

Screens reach the app's own attributes (the settings, the save problem, `open_game`…)
through `el_app(self)`, typed, never through `getattr` or `type: ignore`. The module
imports nothing of the app at run time (the app imports the screens), so it makes no
import cycle.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from el_grande.app.app import ElGrandeApp


def el_app(node: DOMNode) -> ElGrandeApp:
    """The El Grande app `node` runs in. Every screen of the package runs in an
    `ElGrandeApp` (el_grande/app/app.py opens them all); Textual types `node.app` as a
    plain `App`."""
    return cast("ElGrandeApp", node.app)


def imported(module: str) -> bool:
    """Whether `module` has been imported already (a start-up trick).

    The app imports a screen only when it first opens one (start-up pays for the screens it
    shows). So "is a game screen / the pause screen on the stack?" needs no import of that
    screen's module when it was never imported: then none of its screens can be open. The
    same holds for the autosave: never imported, no session has one."""
    return module in sys.modules
