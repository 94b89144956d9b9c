"""`Glued` text drawn by Textual: lines broken at ordinary spaces only, then laid out as the
widget's own text (text-align, styles) by Textual's `Content`.

Textual draws a plain rich renderable as it yields it (no text-align); a `Visual` is the
public way to draw something of one's own. The line breaks are chosen here, at the width
Textual gives; each line then fits, so `Content` breaks none again.
"""

from __future__ import annotations

from io import StringIO
from typing import TYPE_CHECKING, Protocol

from rich.cells import cell_len
from rich.console import Console
from textual.content import Content
from textual.visual import Visual

if TYPE_CHECKING:
    from rich.text import Text
    from textual.css.styles import RulesMap
    from textual.strip import Strip
    from textual.style import Style
    from textual.visual import RenderOptions


#: Wrapping needs a console only to measure cells (and for the tab size): one of our own.
_MEASURE = Console(file=StringIO(), width=1000, color_system=None)


class Wraps(Protocol):
    """What is drawn here: text that breaks its own lines (`el_grande.app.present.Glued`, which
    imports this module: the protocol keeps the import one way)."""

    def wrapped(self, console: Console, width: int) -> Text:
        """The text broken into lines of at most `width` cells."""
        ...


class GluedVisual(Visual):
    """A `Glued` text as a Textual visual."""

    def __init__(self, glued: Wraps) -> None:
        self._glued = glued
        #: By width: Textual measures, then asks the height, then renders at one width.
        self._contents: dict[int, Content] = {}

    def _content(self, width: int) -> Content:
        width = max(1, width)
        if width not in self._contents:
            self._contents[width] = Content.from_rich_text(self._glued.wrapped(_MEASURE, width))
        return self._contents[width]

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        return self._content(width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self._content(container_width).get_optimal_width(rules, container_width)

    def get_height(self, rules: RulesMap, width: int) -> int:
        content = self._content(width)
        if not rules.get("line_pad", 0):
            # Its lines were broken to fit `width` (`Wraps.wrapped`): as many rows as lines,
            # which `Content.get_height` would find by wrapping them all again (about 0.3 M
            # instructions a choice, 3 M at a new game's first frame). Only a line that could
            # not be made to fit (narrower than a label's mark) is measured by Textual.
            lines = content.plain.split("\n")
            if all(cell_len(line) <= width for line in lines):
                return len(lines)
        return content.get_height(rules, width)
