"""Computer players think in threads: the table flow's thinker for the app.

The flow (`el_grande.flow.table`) hands its thinker a task (a bot's search) and what to call
with the answer; `Thinkers.think` runs the task in a thread worker of the app and calls back
on the app's thread, with the answer or the exception, once the worker ends
(`Thinkers.worker_ended`, from the app's `on_worker_state_changed`).

A search asked for while a game screen is opening waits for that screen's first frame
(`hold`, then `release`): the thread would compete with the drawing for the interpreter, and
the warnings engine's first weighing imports the bots and the review (start-up).
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from textual.worker import Worker, WorkerState

from el_grande.text import carry

if TYPE_CHECKING:
    from textual.app import App

    from el_grande.flow.clock import Cancel
    from el_grande.flow.table import Done, Think


class Thinkers:
    """The computer players' searches under way in `app`'s thread workers."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self._done: dict[Worker[object], Done] = {}
        self._drawn = threading.Event()
        self._drawn.set()

    def hold(self) -> None:
        """Searches asked for from now on wait for the app's next frame (a game screen opening:
        its first), or for `release`."""
        self._drawn.clear()
        self._app.call_after_refresh(self.release)

    def release(self) -> None:
        """The searches held go on, and new ones start at once."""
        self._drawn.set()

    def think(self, task: Think, done: Done) -> Cancel:
        """The table flow's thinker: `task` in a thread worker, `done` with its answer (or its
        exception) back on the app's thread."""
        drawn = self._drawn

        def after_drawn() -> object:
            drawn.wait()
            return task()

        worker: Worker[object] = self._app.run_worker(
            carry(after_drawn), name="bot", group="bot", thread=True, exit_on_error=False
        )
        self._done[worker] = done

        def cancel() -> None:
            self._done.pop(worker, None)
            worker.cancel()

        return cancel

    @property
    def workers(self) -> tuple[Worker[object], ...]:
        """The searches under way (tests wait on them)."""
        return tuple(self._done)

    def worker_ended(self, event: Worker.StateChanged) -> None:
        """A worker's state changed: a search's answer (or its error) goes to the flow."""
        if event.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        done = self._done.pop(event.worker, None)
        if done is not None:
            worker = event.worker
            error = worker.error or RuntimeError("no answer")
            done(worker.result if event.state is WorkerState.SUCCESS else error)
