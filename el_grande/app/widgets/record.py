"""A person's (or a computer level's) record on the statistics screen, drawn with Rich text as
the game-over chart is (`widgets.chart`): readable without colour — the wins are bars (█), the
average points are dots (●), and every column has its number under it; the colours come from
the theme (the component classes, styled in `screens/stats.tcss`).

Names come from people: every one is shown through `names.printable` inside a `Text`, never as
markup, and measured in terminal cells (`names.fit`, `names.pad`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text
from textual.widgets import Static

from el_grande.names import fit, pad, printable, width
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.persist.stats import Record

#: The eighths of a cell, bottom up (a bar's top) and left to right (a bar's end).
UP = " ▁▂▃▄▅▆▇█"
RIGHT = " ▏▎▍▌▋▊▉█"
#: Rows of the wins' bars and of the points' dots.
WIN_ROWS, POINT_ROWS = 5, 4


class TrendPoint(Protocol):
    """One period of a trend (`persist.stats.Point`)."""

    @property
    def label(self) -> str: ...
    @property
    def games(self) -> int: ...
    @property
    def wins(self) -> int: ...
    @property
    def average(self) -> float: ...


@dataclass(frozen=True)
class Styles:
    """The chart's colours, from the theme: the wins' bars, the points' dots, the axes."""

    wins: Style = Style()
    points: Style = Style()
    axis: Style = Style(dim=True)
    head: Style = Style(bold=True)


def share(wins: int, games: int) -> str:
    return t("statscreen.percent", n=round(100 * wins / games)) if games else "–"


def hbar(value: float, cells: int) -> str:
    """`value` (0 to 1) as a bar of `cells` cells, in eighths; the rest dotted (seen without
    colour: where the bar would end)."""
    eighths = round(max(0.0, min(1.0, value)) * cells * 8)
    full, part = divmod(eighths, 8)
    bar = "█" * full + (RIGHT[part] if part else "")
    return bar + "·" * (cells - width(bar))


def _labels(labels: Sequence[str], column: int, total: int) -> str:
    """The periods' labels under their columns, each where it fits without touching the one
    before (the first and the last always)."""
    line = [" "] * total
    taken = -1
    order = list(range(len(labels)))
    if len(order) > 1:
        order = [0, len(order) - 1, *order[1:-1]]
    placed: list[tuple[int, int]] = []
    for i in order:
        text = fit(printable(labels[i]), total)
        start = max(0, min(i * column + (column - 1 - width(text)) // 2, total - width(text)))
        end = start + width(text)
        if any(start <= b and a <= end for a, b in placed):  # one cell apart at least
            continue
        placed.append((start, end))
        for k, ch in enumerate(text):  # labels are digits and letters: a cell each
            if start + k < total:
                line[start + k] = ch
        taken = max(taken, end)
    return "".join(line).rstrip()


def _under(text: str, column: int) -> str:
    """`text` in the middle of a bar `column - 1` cells wide, then the gap."""
    bar = column - 1
    text = fit(text, column)
    left = max(0, (bar - width(text) + 1) // 2)
    return pad(" " * left + text, column)


def trend_chart(points: Sequence[TrendPoint], room: int, styles: Styles) -> Text:
    """Wins and average points over time: a column per period, `room` cells wide in all.

    Top: the share of games won, bars from 0 to 100 %, their percentages under them; below:
    the average points, a dot per period between the lowest and the highest average, the
    averages under them; then the periods' labels. A period without games: "–"."""
    axis = 5  # "100 ┤"
    column = max(3, min(6, (room - axis) // max(1, len(points))))
    lines: list[Text] = [Text(t("statscreen.trend_wins"), style=styles.head)]
    for row in range(WIN_ROWS, 0, -1):
        label = {WIN_ROWS: "100", (WIN_ROWS + 1) // 2: " 50"}.get(row, "   ")
        line = Text(label + (" ┤" if label.strip() else " │"), style=styles.axis)
        for p in points:
            filled = (p.wins / p.games if p.games else 0.0) * WIN_ROWS * 8
            eighths = max(0, min(8, round(filled) - (row - 1) * 8))
            cell = UP[eighths] * (column - 1) if p.games else " " * (column - 1)
            line.append(cell, style=styles.wins)
            line.append(" ")
        lines.append(line)
    numbers = Text("  0 ┴", style=styles.axis)
    for p in points:
        numbers.append(_under(share(p.wins, p.games).removesuffix("%"), column), style=styles.axis)
    lines.append(numbers)

    lines.append(Text(t("statscreen.trend_points"), style=styles.head))
    played = [p.average for p in points if p.games]
    low, high = (min(played), max(played)) if played else (0.0, 0.0)
    span = max(high - low, 1e-9)
    for row in range(POINT_ROWS - 1, -1, -1):
        label = {POINT_ROWS - 1: f"{high:3.0f}", 0: f"{low:3.0f}"}.get(row, "   ")
        line = Text(fit(label, 3).rjust(3) + (" ┤" if label.strip() else " │"), style=styles.axis)
        for p in points:
            level = round((p.average - low) / span * (POINT_ROWS - 1)) if p.games else -1
            mark = "●" if level == row else ("·" if row == 0 and p.games == 0 else " ")
            line.append(
                _under(mark, column - 1), style=styles.points if mark == "●" else styles.axis
            )
            line.append(" ")
        lines.append(line)
    averages = Text("    ┴", style=styles.axis)
    for p in points:
        averages.append(_under(f"{p.average:.0f}" if p.games else "–", column), style=styles.axis)
    lines.append(averages)
    labels = _labels([p.label for p in points], column, column * len(points))
    lines.append(Text("     " + labels, style=styles.axis))
    return Text("\n").join(lines)


def level_name(level: str, short: bool = False) -> str:
    """A computer level as the catalogue calls it ("the Medium player"; `short`: "computer:
    medium", as a seat is named); a level the catalogue does not know, by its own name."""
    key = f"bots.{level}.seat" if short else f"bots.{level}.label"
    shown = t(key)
    if shown == key:
        shown = printable(level)
    return shown if short else t("hands.bot", level=shown)


def opponent_name(kind: str) -> str:
    """An opponents' kind of `Record.by_opponent`: 'people' or 'level:<name>'."""
    if kind.startswith("level:"):
        return t("statscreen.with_level", level=level_name(kind.removeprefix("level:")))
    return t("statscreen.with_people")


def record_text(record: Record, room: int, styles: Styles) -> tuple[Text, Text]:
    """The totals (the name, games and wins, average points and rating); then by number of
    players and by opponents' kind, with bars of the share won."""
    lines = [Text(fit(printable(record.name), room), style=styles.head)]
    totals = t(
        "statscreen.totals",
        games=t("statscreen.games", count=record.games),
        wins=t("statscreen.wins", count=record.wins),
        share=share(record.wins, record.games),
        shared=t("statscreen.shared", count=record.shared),
    )
    lines.append(Text(totals))
    rating = (
        t("statscreen.rating", rating=f"{record.rating:.0f}")
        if record.rating is not None
        else t("statscreen.no_rating")
    )
    average = t(
        "statscreen.average",
        points=f"{record.average:.1f}",
        margin=f"{record.margin:+.1f}".replace("-", "−"),
        rating=rating,
    )
    lines.append(Text(average))
    more: list[Text] = []
    if record.by_players:
        more.append(Text(t("statscreen.by_players"), style=styles.head))
        rows = [(t("statscreen.players_n", n=n), g, w) for n, g, w in record.by_players]
        more += _bars(rows, room, styles)
    if record.by_opponent:
        more += [Text("")] if more else []
        more.append(Text(t("statscreen.by_opponent"), style=styles.head))
        rows = [(opponent_name(kind), g, w) for kind, g, w in record.by_opponent]
        more += _bars(rows, room, styles)
    return Text("\n").join(lines), Text("\n").join(more)


def _bars(rows: list[tuple[str, int, int]], room: int, styles: Styles) -> list[Text]:
    """One line a row: its label, a bar of the share won, "wins/games  percent"."""
    label = min(max((width(r[0]) for r in rows), default=0), max(8, room // 3))
    numbers = [f"{w}/{g}" for _, g, w in rows]
    figures = max(width(n) for n in numbers)
    cells = max(4, room - label - figures - 9)
    out = []
    for (name, g, w), n in zip(rows, numbers):
        line = Text(pad(name, label) + " ")
        line.append(hbar(w / g if g else 0.0, cells), style=styles.wins)
        line.append(" " + pad(n, figures, "right") + " " + pad(share(w, g), 5, "right"))
        out.append(line)
    return out


class RecordView(Static):
    """The picked entrant's record, its trend chart and a head-to-head, in one scrolling
    column (the screen hands over what it read; the drawing follows the widget's width)."""

    COMPONENT_CLASSES = {"record--wins", "record--points", "record--axis", "record--head"}
    DEFAULT_CSS = "RecordView { height: auto; }"

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]
        self.record: Record | None = None
        self.points: Sequence[TrendPoint] = ()
        self.extra: list[Text] = []
        self.sentence = ""
        self._drawn_at = 0

    def show(
        self, record: Record | None, points: Sequence[TrendPoint], extra: Sequence[Text] = ()
    ) -> None:
        self.record, self.points, self.extra, self.sentence = record, points, list(extra), ""
        self._draw()

    def say(self, sentence: str) -> None:
        self.record, self.points, self.extra, self.sentence = None, (), [], sentence
        self._draw()

    def on_resize(self) -> None:
        if self.size.width != self._drawn_at:
            self._draw()

    def _styles(self) -> Styles:
        style = self.get_component_rich_style
        return Styles(
            style("record--wins"),
            style("record--points"),
            style("record--axis"),
            style("record--head"),
        )

    def _draw(self) -> None:
        self._drawn_at = self.size.width
        if self.record is None:
            self.update(Text(self.sentence))
            return
        room = max(30, (self.size.width or 60) - 1)
        styles = self._styles()
        head, rest = record_text(self.record, room, styles)
        parts: list[RenderableType] = [head]
        if self.points:
            parts += [Text(""), trend_chart(self.points, room, styles)]
        if rest.plain:
            parts += [Text(""), rest]
        for text in self.extra:
            parts += [Text(""), text]
        self.update(Group(*parts))
