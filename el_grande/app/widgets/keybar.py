"""The key bar at the foot of every screen: the keys that work now, from the screen's active
bindings (their descriptions come from the catalogue), and a click on one presses it.

One widget drawing one line, instead of Textual's `Footer`, which rebuilds a widget per key
every time the bindings change: in a game that is every few decisions, and each rebuild left
its old keys alive (bound to the footer), so memory grew all game long.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.widget import Widget

from el_grande.text import t

#: The labels of Textual's own bindings that reach the bar, in the catalogue's words.
TEXTUAL_LABELS = {"Dismiss menu": "keys.close_list"}  # an open Select's Esc


class KeyBar(Widget):
    COMPONENT_CLASSES = {"keybar--key"}
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: 1;
        background: $panel;
        color: $text;
    }
    KeyBar > .keybar--key {
        color: $accent;
        text-style: bold;
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._spans: list[tuple[int, int, str]] = []  # (start, end, key) of each shown key

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen:
            self.refresh()

    def render(self) -> Text:
        line = Text(no_wrap=True, overflow="ellipsis", end="")
        self._spans = []
        seen: set[str] = set()
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            # One key per action: a screen's `q` for `app.quit` hides the app's ctrl+q.
            action = binding.action.removeprefix("app.")
            if not binding.show or action in seen:
                continue
            seen.add(action)
            key = self.app.get_key_display(binding)
            start = line.cell_len
            line.append(
                f" {key} ", style=self.get_component_rich_style("keybar--key") if enabled else "dim"
            )
            label = binding.description
            label = t(TEXTUAL_LABELS[label]) if label in TEXTUAL_LABELS else label
            line.append(label, style="" if enabled else "dim")
            self._spans.append((start, line.cell_len, binding.key.split(",")[0]))
            line.append(" ")
        return line

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return
