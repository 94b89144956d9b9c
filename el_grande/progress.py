"""The command line's progress bar (`el-grande simulate`, `el-grande review`): one look."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress


def progress_bar(console: Console, description: str = "{task.description}") -> Progress:
    """A transient bar on `console`: the task's description (`description` is the column's
    template: it may style it), the bar, done of total, the time spent and the time left."""
    from rich.progress import (  # start-up: only when a bar is shown
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn(description),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
