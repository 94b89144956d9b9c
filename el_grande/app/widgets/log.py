"""The log: the story of the game, as the narrator tells it, wrapped to the log's width.

Textual's `RichLog` wraps a line once, when it is written, to the width the log has then: a
window made narrower afterwards left the older lines as wide as before (a horizontal
scrollbar, lines cut mid-word). `GameLog` keeps what it was given and wraps it again when its
width changes, keeping the line at the top of the view where it was (or the end in view, if
it was there). Lines are kept as text (one widget, no widget per line).

On the game screen the log takes the map's place while it has the keys (`l`: game.tcss); its
title then says how to go back (`reading_note`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.content import Content
from textual.widgets import RichLog

from el_grande.app.present import line_text
from el_grande.app.textual_compat import size_known
from el_grande.text import t

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Self

    from rich.console import RenderableType

    from el_grande.narrate import Line


class GameLog(RichLog):
    """A `RichLog` for the story: word-wrapped, no markup, kept to its width."""

    DEFAULT_CSS = """
    GameLog {
        overflow-x: hidden;
    }
    """

    def __init__(
        self,
        *,
        reading_note: str | None = "board.log_back",
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """`reading_note`: the catalogue key of what the title adds while the log has the
        keys (None: nothing)."""
        super().__init__(
            id=id, classes=classes, wrap=True, markup=False, auto_scroll=True, min_width=1
        )
        self.reading_note = reading_note
        self._title: str | Content | None = None
        #: What was written, in order, and the first line each begins on.
        self._story: list[RenderableType] = []
        self._starts: list[int] = []
        #: The width the lines were wrapped to (0: not yet).
        self._wrapped_at = 0
        self._rewrapping = False
        #: Of the story shown with `show_story`: how many lines, of which telling of it.
        self._shown = 0
        self._epoch: int | None = None

    def write(
        self,
        content: RenderableType | object,
        width: int | None = None,
        expand: bool = False,
        shrink: bool = True,
        scroll_end: bool | None = None,
        animate: bool = False,
    ) -> Self:
        if size_known(self) and not self._rewrapping:
            # (Before the size is known RichLog defers the write and makes it again later.)
            self._story.append(content.copy() if isinstance(content, Text) else content)  # type: ignore[arg-type]
            self._starts.append(len(self.lines))
            self._wrapped_at = self.scrollable_content_region.width
        return super().write(content, width, expand, shrink, scroll_end, animate)

    def clear(self) -> Self:
        self._story.clear()
        self._starts.clear()
        return super().clear()

    def show_story(self, lines: Sequence[Line], shown: int, epoch: int) -> None:
        """Show the first `shown` of the story's `lines`: the new ones written after the
        others, or all again (the view kept where it was) when the story was rewritten
        (`epoch` changed: an undo)."""
        if self._epoch is not None and epoch != self._epoch:
            self._epoch, self._shown = epoch, 0
            y = self.scroll_y
            self.clear()
            for line in lines[:shown]:
                self.write(line_text(line))
            self._shown = shown
            self.scroll_to(y=min(y, self.max_scroll_y), animate=False)
            return
        self._epoch = epoch
        for line in lines[self._shown : shown]:
            self.write(line_text(line))
        self._shown = max(self._shown, shown)

    def on_focus(self, event: events.Focus) -> None:
        if self.reading_note is not None:
            self._title = self.border_title
            title = Content(self._title) if isinstance(self._title, str) else self._title
            note = Content(t("join.parts") + t(self.reading_note))
            self.border_title = note if title is None else title + note

    def on_blur(self, event: events.Blur) -> None:
        if self.reading_note is not None and self._title is not None:
            self.border_title = self._title
            self._title = None

    def on_resize(self, event: events.Resize) -> None:
        # RichLog's own handler writes what came before the size was known (both run).
        if self._story and self.scrollable_content_region.width != self._wrapped_at:
            self.call_after_refresh(self.rewrap)

    def rewrap(self) -> None:
        """Wrap everything again to the width the log has now."""
        width = self.scrollable_content_region.width
        if not self._story or width <= 0 or width == self._wrapped_at:
            return
        at_end = self.scroll_y >= self.max_scroll_y
        top = self._entry_at(round(self.scroll_y))
        story = self._story
        self._starts = []
        RichLog.clear(self)  # the lines, not the story
        self._rewrapping = True
        try:
            for content in story:
                self._starts.append(len(self.lines))
                super().write(content, scroll_end=False)
        finally:
            self._rewrapping = False
        self._wrapped_at = width
        if at_end:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        else:
            self.scroll_to(x=0, y=self._starts[top], animate=False, immediate=True)
        self.refresh()

    def _entry_at(self, line: int) -> int:
        """The written entry that line `line` belongs to."""
        entry = 0
        for i, start in enumerate(self._starts):
            if start > line:
                break
            entry = i
        return entry
