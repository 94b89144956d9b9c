"""The decision prompt: who must choose, what, how far a multi-step action is, the choices."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class ChoiceList(OptionList):
    """The choices. The screen hears of a new highlight at once (`on_highlight`), in the same
    turn of the message loop as the list's own repaint, so the board mirrors it in the same
    frame (a posted message would arrive a frame later)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.on_highlight: Callable[[str | None], None] | None = None

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        if self.on_highlight is not None:
            option = None if highlighted is None else self.get_option_at_index(highlighted)
            self.on_highlight(None if option is None else option.id)


class DecisionPrompt(Vertical):
    def compose(self) -> ComposeResult:
        yield Static("", id="prompt-title", markup=False)
        yield Static("", id="prompt-progress", markup=False)
        yield ChoiceList(id="choices", markup=False)

    @property
    def options(self) -> ChoiceList:
        return self.query_one("#choices", ChoiceList)

    def show(
        self,
        title: Text,
        progress: str,
        labels: list[tuple[str, str]],
        secret: bool,
        disabled: frozenset[str] = frozenset(),
    ) -> None:
        """`labels`: (option id, readable label) for every legal choice, in the core's order;
        `disabled`: ids of choices that would do nothing (shown, explained, not offered)."""
        self.query_one("#prompt-title", Static).update(title)
        prog = self.query_one("#prompt-progress", Static)
        prog.update(progress)
        prog.display = bool(progress)
        self.set_class(secret, "-secret")
        ol = self.options
        ol.clear_options()
        ol.add_options([Option(label, id=oid, disabled=oid in disabled) for oid, label in labels])
        first = next((i for i, (oid, _) in enumerate(labels) if oid not in disabled), None)
        if first is not None:
            ol.highlighted = first

    def clear(self) -> None:
        self.query_one("#prompt-title", Static).update("")
        self.query_one("#prompt-progress", Static).update("")
        self.options.clear_options()
        self.set_class(False, "-secret")
