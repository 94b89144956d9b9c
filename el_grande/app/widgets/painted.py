"""A Static that repaints only when its content really changed (keeps key-to-repaint fast)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class Painted(Static):
    _last: Text | str | None = None

    def paint(self, content: Text | str, layout: bool = False) -> None:
        """Show `content`; `layout=False` when the widget's size cannot change."""
        if content == self._last:
            return
        self._last = content
        self.update(content, layout=layout)
