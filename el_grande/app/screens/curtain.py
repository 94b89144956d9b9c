"""The curtain: an opaque modal that hides the board while the keyboard changes hands (R-H1)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class CurtainScreen(ModalScreen[None]):
    """Covers everything; Enter (or a click) lowers it. Opaque in ANSI mode too (see .tcss)."""

    CSS_PATH = "curtain.tcss"
    BINDINGS = [
        Binding("enter", "lower", "Continue", priority=True),
        Binding("space", "lower", show=False, priority=True),
    ]

    def __init__(self, headline: str, hint: str, detail: str = "") -> None:
        super().__init__()
        self.headline, self.hint, self.detail = headline, hint, detail

    def compose(self) -> ComposeResult:
        with Vertical(id="curtain-box"):
            yield Static(self.headline, id="curtain-headline")
            yield Static(self.detail, id="curtain-detail")
            yield Static(self.hint, id="curtain-hint")

    def action_lower(self) -> None:
        self.dismiss(None)

    def on_click(self) -> None:
        self.dismiss(None)
