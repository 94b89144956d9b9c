"""The decision prompt: who must choose, what, how far a multi-step action is, the choices."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from el_grande.app.present import GUTTERS, NO_BREAK, Glued


def glued(label: str) -> str | Glued:
    """A label with a no-break space wraps at its ordinary spaces only (\"(place 1)\" whole);
    one after a caution's mark (or its room) wraps under the label, not under the mark."""
    mark = label[:2]
    if mark in GUTTERS:
        return Glued(label[2:], hang=mark)
    return Glued(label) if NO_BREAK in label else label


#: The most rows the choice list takes (more choices scroll): all 13 power cards.
CHOICE_ROWS = 13


class ChoiceList(OptionList):
    """The choices. The screen hears of a new highlight at once (`on_highlight`), in the same
    turn of the message loop as the list's own repaint, so the board mirrors it in the same
    frame (a posted message would arrive a frame later). Enter with nothing highlighted (a
    refused key took the highlight away) chooses nothing and tells the screen (`on_nothing`)."""

    def __init__(self, *, focused: bool = False, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        if focused:
            # The screen focuses it as it opens (`AUTO_FOCUS`): styled as focused when
            # mounted, so that taking the focus styles it (and its five component styles)
            # no second time before the first frame.
            self.set_reactive(Widget.has_focus, True)
        self.on_highlight: Callable[[str | None], None] | None = None
        self.on_nothing: Callable[[], None] | None = None

    def action_select(self) -> None:
        if self.highlighted is None and self.option_count and self.on_nothing is not None:
            self.on_nothing()
            return
        super().action_select()

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        if self.on_highlight is not None:
            option = None if highlighted is None else self.get_option_at_index(highlighted)
            self.on_highlight(None if option is None else option.id)

    def on_resize(self, event: events.Resize) -> None:
        # Shorter or longer now: the highlight stays in view.
        self.call_after_refresh(self.scroll_to_highlight)


#: The rows the prompt may always take (its height at 100×30), whatever the cards above want.
PROMPT_ROWS = 14


class DecisionPrompt(Vertical):
    """`focused`: its screen focuses the choices as it opens (`AUTO_FOCUS = "#choices"`)."""

    def __init__(self, *, focused: bool = False, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._focused = focused
        #: The rows the widgets above want in the column (the cards' whole texts): the prompt
        #: grows past `PROMPT_ROWS` (to its max-height) only into what they leave.
        self.above: Callable[[], int] | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="prompt-title", markup=False)
        yield Static("", id="prompt-progress", markup=False)
        yield ChoiceList(id="choices", markup=False, focused=self._focused)

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
        ol.add_options(
            [Option(glued(label), id=oid, disabled=oid in disabled) for oid, label in labels]
        )
        self._fit_choices()
        first = next((i for i, (oid, _) in enumerate(labels) if oid not in disabled), None)
        if first is not None:
            ol.highlighted = first

    def unhighlight(self) -> None:
        """Nothing highlighted: Enter plays nothing until the player chooses again."""
        self.options.highlighted = None

    def relabel(self, labels: list[tuple[str, str]]) -> None:
        """New labels for the same choices (their cautions came): the highlight, the scroll
        and the focus stay where they are."""
        ol = self.options
        for oid, label in labels:
            ol.replace_option_prompt(oid, glued(label))
        ol.scroll_to_highlight()

    def clear(self) -> None:
        self.query_one("#prompt-title", Static).update("")
        self.query_one("#prompt-progress", Static).update("")
        self.options.clear_options()
        self.set_class(False, "-secret")

    def on_resize(self, event: events.Resize) -> None:
        self._fit_choices()  # the title and the progress may wrap to more or fewer lines

    def _fit_choices(self) -> None:
        """Give the choice list only the rows the prompt has left under its title and
        progress lines. Taller, the list would be cut off by the prompt's own edge while it
        thinks all its rows are seen: a highlight moved to the last choices (`0` `3`: power
        card 13) would sit below the edge, out of sight."""
        width = self.content_region.width
        if width <= 0 or self.parent is None:
            return  # not laid out yet: done again when it is (on_resize)
        limit = self.styles.max_height
        if limit is None:
            rows = CHOICE_ROWS
        else:
            parent = self.parent.region.size if isinstance(self.parent, Widget) else self.app.size
            most = int(limit.resolve(parent, self.app.size))
            if self.above is not None:  # the cards' whole texts first, then more choices
                most = min(most, max(PROMPT_ROWS, parent.height - self.above()))
            room = most - self.styles.gutter.height
            used = 0
            for part in self.query(Static):
                if part.display:
                    used += part.get_content_height(self.size, self.app.size, width)
            rows = max(1, min(CHOICE_ROWS, room - used))
        ol = self.options
        if ol.styles.max_height is None or ol.styles.max_height.value != rows:
            ol.styles.max_height = rows
