"""A chart of every player's score over the rounds, drawn with Rich text — readable without
colour: each player's marks are their chip letter, in a column of their own within each
round's, so marks never hide one another; the numbers are in the table beside it.

Our own drawing rather than a plotting widget: the chart is small, must follow the theme's
and the palette's colours (`present.chip`) and read in a monochrome terminal, and a
dependency for it would be one more pin to keep (docs/app.md, "Game over").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text

from el_grande.app.present import chip
from el_grande.names import pad

if TYPE_CHECKING:
    from el_grande.session import Seating


def score_chart(by_round: Sequence[Sequence[int]], seating: Seating, height: int = 10) -> Text:
    """`by_round[r][seat]`: the total after round r + 1. Rows of points (0 at the foot), a
    column of `len(seats) + 2` cells a round."""
    seats = seating.count
    top = max((max(row) for row in by_round), default=0)
    step = max(1, -(-top // height))  # points a row, rounded up
    rows = max(1, -(-top // step))
    label = max(cell_len(str(rows * step)), 1)
    width = seats + 2
    grid: list[list[Text | None]] = [[None] * (width * len(by_round)) for _ in range(rows + 1)]
    for r, totals in enumerate(by_round):
        for seat, points in enumerate(totals):
            y = rows - round(points / step)
            grid[y][r * width + 1 + seat] = chip(seating, seat)
    lines: list[Text] = []
    for y, row in enumerate(grid):
        value = (rows - y) * step
        axis = pad(str(value), label, "right") if (rows - y) % 2 == 0 or y == 0 else " " * label
        line = Text(axis + " ┤" if (rows - y) % 2 == 0 or y == 0 else axis + " │", style="dim")
        for cell in row:
            line.append_text(cell if cell is not None else Text("·" if y == rows else " "))
        lines.append(line)
    foot = Text(" " * label + " └" + "─" * (width * len(by_round)), style="dim")
    numbers = Text(" " * (label + 2), style="dim")
    for r in range(len(by_round)):
        numbers.append(pad(" " + str(r + 1), width), style="dim")
    lines += [foot, numbers]
    return Text("\n").join(lines)
