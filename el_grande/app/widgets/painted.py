"""A Static that repaints only when its content really changed (keeps key-to-repaint fast)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class Painted(Static):
    """Strings are shown as they are, never read as markup (a name may hold "[/]")."""

    _last: Text | str | None = None

    def __init__(self, content: Text | str = "", **kwargs: object) -> None:
        kwargs.setdefault("markup", False)
        super().__init__(content, **kwargs)  # type: ignore[arg-type]

    def paint(self, content: Text | str, layout: bool = False) -> None:
        """Show `content`; `layout=False` when the widget's size cannot change."""
        if content == self._last:
            return
        self._last = content
        self.update(content, layout=layout)
