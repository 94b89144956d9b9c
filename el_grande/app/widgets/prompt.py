"""The decision prompt: who must choose, what, how far a multi-step action is, the choices."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class DecisionPrompt(Vertical):
    def compose(self) -> ComposeResult:
        yield Static("", id="prompt-title", markup=False)
        yield Static("", id="prompt-progress", markup=False)
        yield OptionList(id="choices", markup=False)

    @property
    def options(self) -> OptionList:
        return self.query_one("#choices", OptionList)

    def show(self, title: Text, progress: str, labels: list[tuple[str, str]], secret: bool) -> None:
        """`labels`: (option id, readable label) for every legal choice, in the core's order."""
        self.query_one("#prompt-title", Static).update(title)
        prog = self.query_one("#prompt-progress", Static)
        prog.update(progress)
        prog.display = bool(progress)
        self.set_class(secret, "-secret")
        ol = self.options
        ol.clear_options()
        ol.add_options([Option(label, id=oid) for oid, label in labels])
        if labels:
            ol.highlighted = 0

    def clear(self) -> None:
        self.query_one("#prompt-title", Static).update("")
        self.query_one("#prompt-progress", Static).update("")
        self.options.clear_options()
        self.set_class(False, "-secret")
