"""Typed access to the app from its screens, and the start-up test "imported yet?".

Screens reach the app's own attributes (the settings, the save problem, `open_game`…)
through `el_app(self)`, typed by the protocol `ElApp` (what the screens may ask of the app),
never through `getattr` or `type: ignore`. The module imports nothing of the app, not even
for the type checker (the app imports the screens, which import this): `ElGrandeApp`
(el_grande/app/app.py) is an `ElApp`, which mypy checks there (`_an_el_app`).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from el_grande.persist.model import SaveFile
    from el_grande.settings import Settings
    from el_grande.setup import GameSetup


class ElApp(Protocol):
    """What the screens ask of the El Grande app (its Textual side: `node.app`)."""

    #: The settings in effect, why the settings file was not used (the title says it once),
    #: and the same until the settings are saved.
    settings: Settings
    settings_problem: str | None
    settings_unused: str | None

    @property
    def save_problem(self) -> str | None:
        """Why the last autosave failed (None: it worked)."""

    #: The player colours' palette ("standard" or "colour-blind").
    palette: str

    def apply_settings(self, settings: Settings) -> None:
        """Use `settings` from now on."""

    def show_title(self) -> None:
        """The title screen, closing whatever was open."""

    def new_game_form(self, filled: GameSetup | None = None) -> None:
        """The new-game form."""

    def start_game(self, setup: GameSetup) -> None:
        """A new game on screen."""

    def start_learning(self) -> None:
        """The guided first game."""

    def open_saved(self, save: SaveFile) -> None:
        """A saved game on screen (`GameLockedError` if another window has it)."""

    def open_settings(self) -> None:
        """The settings screen, over whatever is open."""

    def open_sheet(self, standalone: bool = False) -> None:
        """The scoring sheet for a real board."""


def el_app(node: DOMNode) -> ElApp:
    """The El Grande app `node` runs in. Every screen of the package runs in an
    `ElGrandeApp` (el_grande/app/app.py opens them all); Textual types `node.app` as a
    plain `App`."""
    return cast("ElApp", node.app)


def imported(module: str) -> bool:
    """Whether `module` has been imported already (a start-up trick).

    The app imports a screen only when it first opens one (start-up pays for the screens it
    shows). So "is a game screen / the pause screen on the stack?" needs no import of that
    screen's module when it was never imported: then none of its screens can be open. The
    same holds for the autosave: never imported, no session has one."""
    return module in sys.modules
