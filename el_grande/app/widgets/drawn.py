"""Widgets that draw their own lines (`DrawnLines`): the map, the cards, the players, the round
track and the key bar, each a few lines of rich `Text` that already fit the widget.

Textual turns a widget's `render()` into lines through its `Content`: every span's style is
converted, the text is wrapped and cut again, and every piece gets a style of its own (with
its offset, for selecting text) — most of what drawing the map cost, at the first frame and
at each highlight. Lines that fit need none of it: here each line's pieces are turned into
segments directly, each distinct style converted once, on the widget's own style, as Textual
would (the same cells, the same colours). A line that does not fit (a very narrow window)
is drawn by Textual's own path, wrapped as ever.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual, visualize
from textual.widget import Widget

if TYPE_CHECKING:
    from typing import Self

    from textual.geometry import Region, Size


NULL = RichStyle.null()


class DrawnLines(Widget):
    """A widget whose `lines()` are its whole drawing, drawn as strips (see the module)."""

    _strips: list[Strip] | None = None
    _drawn_at: tuple[Size, object] | None = None  # the size and widget style drawn at

    def lines(self) -> list[Text]:
        """The widget's lines, top to bottom (each a line: no "\\n" in them)."""
        raise NotImplementedError

    def render(self) -> Text:
        return Text("\n", end="").join(self.lines())

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        if repaint:
            self._strips = None
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def render_line(self, y: int) -> Strip:
        at = (self.size, self.visual_style)
        if self._strips is None or self._drawn_at != at:
            self._strips = self.strips()
            self._drawn_at = at
        strips = self._strips
        if y < len(strips):
            return strips[y]
        return Strip.blank(self.size.width, self.visual_style.rich_style)

    def strips(self) -> list[Strip]:
        """The widget's lines as Textual draws them (to the widget's size and in its style)."""
        width, height = self.size
        lines = self.lines()[:height]
        if self.text_selection is not None or any(
            line.cell_len > width or "\t" in line.plain for line in lines
        ):
            # Textual wraps it (or expands a tab, or marks a selection): its own path, as
            # `Widget.render_line` draws.
            visual = visualize(self, Text("\n", end="").join(lines))
            return Visual.to_strips(self, visual, width, height, self.visual_style)
        base = self.visual_style
        ansi_theme = self.app.ansi_theme
        console = self.app.console
        styles: dict[RichStyle, RichStyle] = {}
        strips = []
        for y, line in enumerate(lines):
            segments = []
            x = 0
            # Rich draws a line without spans in no style at all (not even the line's own).
            pieces = (
                line.render(console, end="")
                if line.spans
                else [Segment(line.plain, console.get_style(line.style, default=NULL))]
            )
            for text, style, _control in pieces:
                rich = NULL if style is None else style
                final = styles.get(rich)
                if final is None:
                    final = styles[rich] = (
                        base + Style.from_rich_style(rich, ansi_theme)
                    ).rich_style
                # Where each piece is, as Textual marks it (for selecting text): the style
                # Textual's `rich_style_with_offset` makes, made by adding the offset to the
                # piece's style converted once (as `Strip.apply_offsets` does): half the cost
                # (-3.7 M instructions at a new game's first frame).
                segments.append(Segment(text, final + RichStyle.from_meta({"offset": (x, y)})))
                x += len(text)
            strips.append(Strip(segments, line.cell_len))
        return strips
