"""The hosted table's clock and thinker on an asyncio loop (the app's are Textual's).

`LoopClock(loop)` is the flow's `Clock` (`el_grande.flow.clock`) on the loop's own monotonic
time: `call_later(0, f)` runs `f` on the loop's next turn, never from inside the call.
`thread_thinker(loop, pool)` is the flow's `Thinker`: a computer player's search runs in the
pool's threads and its answer (or its exception) comes back on the loop; cancelled, the
answer is dropped. Everything the table does happens on the loop's thread.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import Executor, Future

from el_grande.flow.clock import Cancel
from el_grande.flow.thinker import Done, Think, Thinker
from el_grande.text import carry

__all__ = ["LoopClock", "thread_thinker"]


class LoopClock:
    """The flow's clock on an asyncio loop (`loop.time()`, `loop.call_later`)."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def now(self) -> float:
        return self.loop.time()

    def call_later(self, seconds: float, callback: Callable[[], None]) -> Cancel:
        handle: asyncio.Handle
        if seconds <= 0:
            handle = self.loop.call_soon(callback)
        else:
            handle = self.loop.call_later(seconds, callback)
        return handle.cancel


def _run(task: Think) -> object:
    try:
        return task()
    except Exception as exc:  # a bot must never stop the game: the flow gets the exception
        return exc


def thread_thinker(loop: asyncio.AbstractEventLoop, pool: Executor) -> Thinker:
    """A thinker that runs each search in `pool` (threads: the search is a closure over the
    bot and its seat's view) in the caller's language (`carry`), and answers on `loop`."""

    def think(task: Think, done: Done) -> Cancel:
        cancelled = False

        def answer(result: object) -> None:
            if not cancelled:
                done(result)

        def finished(future: Future[object]) -> None:  # in the pool's thread
            if future.cancelled():
                return
            error = future.exception()
            result = error if error is not None else future.result()
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: no table
                loop.call_soon_threadsafe(answer, result)

        future = pool.submit(_run, carry(task))
        future.add_done_callback(finished)

        def cancel() -> None:
            nonlocal cancelled
            cancelled = True
            future.cancel()  # not started yet: never runs

        return cancel

    return think
