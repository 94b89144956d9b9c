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

from rich.cells import cell_len
from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from el_grande.app.present import line_text
from el_grande.text import t

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Self

    from rich.console import Console, ConsoleOptions

    from el_grande.narrate import Line


class GameLog(ScrollView, can_focus=True):
    """The story's lines, word-wrapped to the log's width, no markup, scrolled to the end as
    they come. What Textual's `RichLog` did for it, with no more: `RichLog` imports
    `rich.pretty` (and with it `attrs`, when installed: together about 4 % of a new game's
    first frame) to show Python objects the log never gets."""

    DEFAULT_CSS = """
    GameLog {
        background: $surface;
        color: $foreground;
        overflow-y: scroll;
        overflow-x: hidden;
        &:focus {
            background-tint: $foreground 5%;
        }
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
        super().__init__(id=id, classes=classes)
        self.reading_note = reading_note
        self._title: str | Content | None = None
        #: The lines as drawn (each entry of the story wrapped to the width, one strip a row).
        self.lines: list[Strip] = []
        self._line_cache: LRUCache[tuple[int, int, int, int], Strip] = LRUCache(1024)
        self._widest = 0
        #: What was written, in order, and the first line each begins on.
        self._story: list[Text] = []
        self._starts: list[int] = []
        #: The width the lines were wrapped to (0: not yet: the size is not known, and what
        #: is written waits for it).
        self._wrapped_at = 0
        #: Of the story shown with `show_story`: how many lines, of which telling of it.
        self._shown = 0
        self._epoch: int | None = None

    def write(self, content: Text | str, scroll_end: bool = True) -> Self:
        """Add `content` at the end (drawn once the log knows its width)."""
        text = Text(content) if isinstance(content, str) else content.copy()
        text.expand_tabs()
        self._story.append(text)
        if self._wrapped_at:
            self._starts.append(len(self.lines))
            self._draw(text, self._drawing())
            self._sized(scroll_end)
        return self

    def clear(self) -> Self:
        self._story.clear()
        self._forget_lines()
        self.refresh()
        return self

    def _forget_lines(self) -> None:
        self.lines.clear()
        self._starts = []
        self._line_cache.clear()
        self._widest = 0
        self.virtual_size = Size(0, 0)

    def _drawing(self) -> tuple[Console, ConsoleOptions, int]:
        """What `_draw` draws with: the console, its options at the log's width, and that
        width (asked once for a whole story drawn again, not once a line: a resumed game's
        story is hundreds of lines, all drawn at its first frame). At the log's width, not
        the console's: a console narrower than the log (a headless one has 80 columns) would
        wrap a line the log has room for."""
        console = self.app.console
        width = self.scrollable_content_region.width
        return console, console.options.update_width(max(1, width)), width

    def _draw(self, text: Text, drawing: tuple[Console, ConsoleOptions, int]) -> None:
        """`text`'s rows at the width the log has now (`drawing`): as wide as its widest row,
        at most the log's width (as Textual's `RichLog` wraps a line).

        A line that fits is one row: its pieces as Rich draws them, without wrapping it first
        (the same segments; a line in a third to a sixth of the time at the log's usual
        widths)."""
        console, options, width = drawing
        plain = text.plain
        # Its widest line, as Rich measures a `Text` (`Text.__rich_measure__`), without
        # building the measurement: a fifth of drawing a line.
        widest = max(map(cell_len, plain.splitlines()), default=0)
        if plain and widest <= width and "\n" not in plain:
            # What `console.render` yields for it: Rich joins the wrapped lines first, which
            # turns a line's own style into a span, so a line without spans is in its style.
            if text.spans:
                row = list(text.render(console, end=""))
            else:
                row = [Segment(plain, console.get_style(text.style) if text.style else None)]
            self.lines.append(Strip(row, widest))
            self._widest = max(self._widest, widest)
            return
        render_width = max(1, min(widest, width))
        rows = list(Segment.split_lines(console.render(text, options.update_width(render_width))))
        if not rows:
            self.lines.append(Strip.blank(render_width))
            self._widest = max(self._widest, render_width)
            return
        for strip in Strip.from_lines(rows):
            strip.adjust_cell_length(render_width)
            self.lines.append(strip)
        self._widest = max(self._widest, *(sum(s.cell_length for s in row) for row in rows))

    def _sized(self, scroll_end: bool) -> None:
        self.virtual_size = Size(self._widest, len(self.lines))
        if scroll_end:
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._line_cache.clear()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.virtual_size.width if self._wrapped_at else container.width

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        row = scroll_y + y
        if row >= len(self.lines):
            return Strip.blank(width, self.rich_style).apply_style(self.rich_style)
        key = (row, scroll_x, width, self._widest)
        line = self._line_cache.get(key)
        if line is None:
            line = self.lines[row].crop_extend(scroll_x, scroll_x + width, self.rich_style)
            self._line_cache[key] = line
        return line.apply_style(self.rich_style)

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
        width = self.scrollable_content_region.width
        if event.size.width and not self._wrapped_at:
            # The width is known for the first time: what was written before is drawn now.
            self._wrapped_at = width
            self._starts = []
            drawing = self._drawing()
            for text in self._story:
                self._starts.append(len(self.lines))
                self._draw(text, drawing)
            self._sized(True)
        elif self._story and width != self._wrapped_at:
            self.call_after_refresh(self.rewrap)

    def rewrap(self) -> None:
        """Wrap everything again to the width the log has now."""
        width = self.scrollable_content_region.width
        if not self._story or width <= 0 or width == self._wrapped_at:
            return
        at_end = self.scroll_y >= self.max_scroll_y
        top = self._entry_at(round(self.scroll_y))
        self._forget_lines()  # the lines, not the story
        self._wrapped_at = width
        drawing = self._drawing()
        for text in self._story:
            self._starts.append(len(self.lines))
            self._draw(text, drawing)
        self._sized(False)
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
