"""The command line's progress bar (`el-grande simulate`, `el-grande review`, `el-grande
tournament`): one look."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, Task


def progress_bar(
    console: Console, description: str = "{task.description}", rate: str | None = None
) -> Progress:
    """A transient bar on `console`: the task's description (`description` is the column's
    template: it may style it), the bar, done of total, with `rate` (a unit: "games") how
    many a second (of the last half minute), the time spent and the time left."""
    from rich.progress import (  # start-up: only when a bar is shown
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class Rate(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.speed
            return Text(f"{speed:.1f} {rate}/s" if speed else f"- {rate}/s", style="cyan")

    columns: list[ProgressColumn] = [TextColumn(description), BarColumn(), MofNCompleteColumn()]
    if rate is not None:
        columns.append(Rate())
    return Progress(
        *columns,
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
