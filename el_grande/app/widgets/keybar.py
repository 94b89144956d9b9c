"""The key bar at the foot of every screen: the keys that work now, from the screen's active
bindings (their descriptions come from the catalogue), and a click on one presses it. Where
they do not all fit (Korean at 100 columns), the padding goes, labels take their short forms
(`keys.short.<binding id>`), the keys close up, and no label is cut below a readable word.

One widget drawing one line, instead of Textual's `Footer`, which rebuilds a widget per key
every time the bindings change: in a game that is every few decisions, and each rebuild left
its old keys alive (bound to the footer), so memory grew all game long.
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import events
from textual.screen import Screen

from el_grande.app.widgets.drawn import DrawnLines
from el_grande.text import EN, t

#: The labels of Textual's own bindings that reach the bar, in the catalogue's words.
TEXTUAL_LABELS = {"Dismiss menu": "keys.close_list"}  # an open Select's Esc
#: A binding's short label in the catalogue: SHORT + its id ("keys.short.preview").
SHORT = "keys.short."
#: The spacings of the bar, widest first; labels are never cut below MIN_LABEL cells.
PAD, WIDE, TIGHT = 0, 1, 2
MIN_LABEL = 5  # two Hangul syllables and "…"


class KeyBar(DrawnLines):
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

    def lines(self) -> list[Text]:
        return [self._bar()]

    def _bar(self) -> Text:
        entries: list[tuple[str, str, str, bool]] = []  # (key shown, label, key, enabled)
        shorter: list[str] = []  # each label's short form (the label itself if none)
        seen: set[str] = set()
        for _node, binding, enabled, _tooltip in self.screen.active_bindings.values():
            # One key per action: a screen's `q` for `app.quit` hides the app's ctrl+q.
            action = binding.action.removeprefix("app.")
            if not binding.show or action in seen:
                continue
            seen.add(action)
            label = binding.description
            label = t(TEXTUAL_LABELS[label]) if label in TEXTUAL_LABELS else label
            key = binding.key.split(",")[0]
            entries.append((self.app.get_key_display(binding), label, key, enabled))
            short = f"{SHORT}{binding.id}"
            shorter.append(t(short) if binding.id and short in EN else label)
        return self._fitted(entries, shorter, self.size.width or 10_000)

    def _fitted(
        self, entries: list[tuple[str, str, str, bool]], shorter: list[str], width: int
    ) -> Text:
        """The bar's line in `width` cells, every key with a readable label: the padding goes
        first, then labels take their short forms (`keys.short.<binding id>`: "계산기" for
        "정산 계산기"), the longest saving first, then one space between keys; only past all
        that do the longest labels shorten with "…", never below a word's few cells."""
        line = self._line(entries, gap=PAD)
        if line.cell_len <= width:
            return line
        by_saving = sorted(
            range(len(entries)), key=lambda i: cell_len(shorter[i]) - cell_len(entries[i][1])
        )
        for gap in (WIDE, TIGHT):
            labelled = list(entries)
            line = self._line(labelled, gap=gap)
            for i in by_saving:
                if line.cell_len <= width or cell_len(shorter[i]) >= cell_len(labelled[i][1]):
                    break
                shown, _label, key, enabled = labelled[i]
                labelled[i] = (shown, shorter[i], key, enabled)
                line = self._line(labelled, gap=gap)
            if line.cell_len <= width:
                return line
        cut = max((cell_len(e[1]) for e in labelled), default=0)
        while line.cell_len > width and cut > MIN_LABEL:  # the last resort
            cut -= 1
            line = self._line(labelled, gap=TIGHT, cut=cut)
        return line

    def _line(
        self, entries: list[tuple[str, str, str, bool]], *, gap: int, cut: int | None = None
    ) -> Text:
        """The bar's line: every key and its label (`cut`: labels at most that many cells,
        ending in "…"); `gap`: PAD (a space either side of each key), WIDE (two spaces
        between a label and the next key) or TIGHT (one)."""
        line = Text(no_wrap=True, overflow="ellipsis", end="")
        self._spans = []
        key_style = self.get_component_rich_style("keybar--key")
        for shown, label, key, enabled in entries:
            if cut is not None and cell_len(label) > cut:
                label = set_cell_size(label, cut - 1).rstrip() + "…"
            start = line.cell_len
            line.append(
                f" {shown} " if gap == PAD else f"{shown} ", style=key_style if enabled else "dim"
            )
            line.append(label, style="" if enabled else "dim")
            self._spans.append((start, line.cell_len, key))
            line.append(" " * (1 if gap == TIGHT else 2) if gap != PAD else " ")
        line.rstrip()
        return line

    def on_click(self, event: events.Click) -> None:
        for start, end, key in self._spans:
            if start <= event.x < end:
                self.app.simulate_key(key)
                return
