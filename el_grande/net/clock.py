"""The hosted table's clock and thinker on an asyncio loop (the app's are Textual's).

`LoopClock(loop)` is the flow's `Clock` (`el_grande.flow.clock`) on the loop's own monotonic
time: `call_later(0, f)` runs `f` on the loop's next turn, never from inside the call.
`pool_thinker(loop, threads, processes)` is the flow's `Thinker`: a computer player's search
runs in a worker process (off this process's interpreter lock, so the loop keeps answering
every other screen while a Hard player thinks), anything that is not a picklable task (a
hint's search, in the caller's language) in a thread; the answer (or the exception) comes
back on the loop; cancelled, the answer is dropped. Everything the table does happens on
the loop's thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import pickle
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor

from el_grande.flow.clock import Cancel
from el_grande.flow.thinker import Done, Think, Thinker
from el_grande.text import carry

__all__ = ["LoopClock", "bot_processes", "pool_thinker"]


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


def bot_processes(workers: int = 2) -> ProcessPoolExecutor:
    """The worker processes a host's computer players think in: started fresh (`spawn`: not
    forked from a process with a loop and threads), each on its first task; they ignore
    Ctrl-C (the host's terminal's: the host shuts them down) and end with the host, even a
    host killed with `kill -9`."""
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_start,
        initargs=(os.getpid(),),
    )


def _worker_start(host: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with, args=(host,), daemon=True, name="host-watch").start()


def _end_with(host: int) -> None:
    """End this worker once its host is gone (it is then another process's child): a killed
    host leaves no process behind to hold its terminal or its pipes."""
    while os.getppid() == host:
        time.sleep(0.5)
    os._exit(0)


def _portable(task: Think) -> bytes | None:
    """`task` pickled for another process, or None if it cannot go (a closure)."""
    try:
        return pickle.dumps(task, pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, AttributeError, TypeError):
        return None


def _run_pickled(task: bytes) -> object:
    return _run(pickle.loads(task))


def _to_process(processes: Executor | None, task: Think) -> Future[object] | None:
    """`task` sent to a worker process, or None: no processes, a task that cannot go, or
    processes that are gone (a worker killed: the threads think from then on)."""
    packed = None if processes is None else _portable(task)
    if processes is None or packed is None:
        return None
    try:
        return processes.submit(_run_pickled, packed)
    except (BrokenExecutor, RuntimeError):  # broken, or shut down as the table closes
        return None


def pool_thinker(
    loop: asyncio.AbstractEventLoop, threads: Executor, processes: Executor | None = None
) -> Thinker:
    """A thinker that answers on `loop`: a task that pickles (a computer player's choice,
    `partial(bot.choose, view, decision)`: it needs no language) runs in `processes`, any
    other (or every task, without `processes`) in `threads`, in the caller's language
    (`carry`)."""

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

        future = _to_process(processes, task) or threads.submit(_run, carry(task))
        future.add_done_callback(finished)

        def cancel() -> None:
            nonlocal cancelled
            cancelled = True
            future.cancel()  # not started yet: never runs

        return cancel

    return think
