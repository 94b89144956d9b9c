"""What the command line's long runs share (`el-grande review`, `el-grande simulate`): worker
processes that stop when asked, the signals that ask, and the bounds of the flags both take
(`--jobs`, `--seed`). Standard library only.

    with Stop() as stop, Workers(jobs, initializer, initargs) as workers:
        for result in workers.map(work, pieces, cancelled=stop):
            ...
    if stop.signal is not None:  # SIGINT (Ctrl-C) or SIGTERM came: what was done is kept
        return 128 + stop.signal

Ctrl-C in a terminal reaches every process of the foreground group, the workers too: they
ignore SIGINT (they are born with it blocked, so not even one arriving while they start
reaches them) and leave the stopping to the parent, which drops what is queued and
terminates the running workers itself when `map` is cancelled or the `with` block is left
in any way (an exception too). A SIGTERM to the parent alone stops them all
the same, and a worker whose parent dies (SIGKILL) ends within a fraction of a second.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from types import FrameType, TracebackType
from typing import Any, TypeVar

__all__ = ["MAX_SEED", "Stop", "WorkerLost", "Workers", "max_jobs"]

Piece = TypeVar("Piece")
Result = TypeVar("Result")

#: The largest seed `review --seed` and `simulate --seed` take (18 digits).
MAX_SEED = 10**18 - 1


def max_jobs() -> int:
    """The most processes `--jobs` may ask for: four for each core (a few more than the cores
    help while some wait; thousands only exhaust the machine)."""
    return 4 * (os.cpu_count() or 1)


#: The signals that ask a run to stop.
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Stop:
    """While in its `with` block (in the main thread), SIGINT and SIGTERM ask the run to stop:
    each sets `signal` (then `stop()` is true) and the work sees it at its next look (`Workers.
    map` looks every tenth of a second). `at_once`: the signal also raises `KeyboardInterrupt`
    where the work is (for work in this process that never looks; never around `Workers`,
    whose start and stop must not be cut short). The handlers before it come back when the
    block is left."""

    def __init__(self, at_once: bool = False) -> None:
        self.signal: int | None = None
        self.at_once = at_once
        self._before: dict[int, Any] = {}

    def __call__(self) -> bool:
        return self.signal is not None

    def __enter__(self) -> Stop:
        for number in STOP_SIGNALS:
            self._before[number] = signal.signal(number, self._asked)
        return self

    def __exit__(self, *exc: object) -> None:
        for number, handler in self._before.items():
            signal.signal(number, handler)
        self._before.clear()

    def _asked(self, number: int, _frame: FrameType | None) -> None:
        self.signal = number
        if self.at_once:
            raise KeyboardInterrupt

    @property
    def exit_code(self) -> int:
        """What a shell expects of a run a signal stopped: 128 + the signal's number."""
        return 128 + (self.signal or 0)


class Workers:
    """`jobs` worker processes (started fresh: "spawn", safe from a threaded caller), each
    running `initializer(*initargs)` first. Leaving the `with` block stops them all, running
    or idle, and drops what is still queued."""

    def __init__(
        self,
        jobs: int,
        initializer: Callable[..., None] | None = None,
        initargs: Sequence[Any] = (),
    ) -> None:
        context = multiprocessing.get_context("spawn")
        # Born with SIGINT blocked (the mask is inherited through fork and exec): a Ctrl-C
        # while a worker starts stays pending until `_start` ignores it. The parent's own
        # Ctrl-C waits the few milliseconds of the start, then arrives.
        others = set(multiprocessing.active_children())
        before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            self._pool = context.Pool(jobs, _start, (os.getpid(), initializer, tuple(initargs)))
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, before)
        #: The workers (a worker that ends on its own took its piece of work with it).
        self._workers = [p for p in multiprocessing.active_children() if p not in others]

    def __enter__(self) -> Workers:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def stop(self) -> None:
        """Drop what is queued and terminate every worker (SIGTERM), then wait for them."""
        self._pool.terminate()
        self._pool.join()

    def _check(self) -> None:
        """Raise `WorkerLost` (the workers stopped) if a worker has ended: its piece of work
        would never come back (the pool only starts another worker)."""
        for worker in self._workers:
            if worker.exitcode is not None:
                self.stop()
                raise _lost(worker)

    def map(
        self,
        work: Callable[[Piece], Result],
        pieces: Sequence[Piece],
        cancelled: Callable[[], bool] | None = None,
        every: float = 0.1,
    ) -> Iterator[Result]:
        """`work(piece)` for every piece, shared among the workers, each result as soon as it
        is there (in no set order). `cancelled()` is asked every `every` seconds: once it
        says yes the workers are stopped (`stop`) and no more results come."""
        results = self._pool.imap_unordered(work, pieces)
        for _ in range(len(pieces)):
            while True:
                if cancelled is not None and cancelled():
                    self.stop()
                    return
                try:
                    got = results.next(timeout=every)
                except multiprocessing.TimeoutError:
                    self._check()
                    continue
                yield got
                break


class WorkerLost(RuntimeError):
    """A worker process ended in the middle of the work (killed, out of memory)."""


def _lost(worker: Any) -> WorkerLost:
    return WorkerLost(
        f"a worker process ended in the middle of the work (exit status {worker.exitcode})"
    )


def _start(parent: int, initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    """A worker's first steps: ignore SIGINT (the parent stops it), watch for the parent's
    end, then the caller's own start."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a pending one is dropped with it
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()
    if initializer is not None:
        initializer(*initargs)


def _watch(parent: int) -> None:
    """End this worker once its parent is gone (killed: nobody is left to stop it)."""
    while os.getppid() == parent:
        time.sleep(0.25)
    os._exit(1)
