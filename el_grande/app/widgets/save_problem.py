"""The autosave's problem in a banner at the top of the game screen (`SaveProblem`), in a
module of its own: its class is defined only when a save first fails (most games never see
it; a widget class costs Textual about 1.5 M instructions to define)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

if TYPE_CHECKING:
    from textual.widget import Widget


class SaveProblem(Static):
    """The autosave's problem in a banner at the top of the game screen, mounted with the
    first problem: most games never have one."""

    @classmethod
    def say(cls, screen: Widget, problem: str | None, *, before: str) -> None:
        """Show `problem` (None: hide the banner) on `screen`, above its widget `before`."""
        banner = next(iter(screen.query_children(cls)), None)
        if banner is None:
            if not problem:
                return
            banner = cls("", id="save-problem", markup=False)
            screen.mount(banner, before=before)
        banner.update(Text(problem or ""))
        banner.display = bool(problem)
