"""Where a tournament's games are played: in this process, in worker processes of this
machine (`--jobs`, `el_grande.workers`), or as tasks on a Dask cluster (`--backend dask`);
every result comes back here as soon as it is done, to be written by `record`.

    run_local(plan, todo, jobs, frozen, record, cancelled)
    run_dask(plan, todo, "tcp://10.0.0.5:8786", versions, wheels, timeout, record, cancelled)

`cancelled()` is asked at least every tenth of a second while others play (Ctrl-C, SIGTERM:
`workers.Stop`); in this process a game is cut short by `KeyboardInterrupt` instead. A run
that cannot go on (a worker process lost, no scheduler) raises `RunProblem` (one sentence):
what was recorded stays, and the same command resumes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from el_grande.tournament.frozen import FrozenFailed
from el_grande.tournament.match import Frozen, fingerprint, play, play_remote

if TYPE_CHECKING:
    from el_grande.persist.games import TournamentGame
    from el_grande.tournament.plan import Plan

__all__ = ["CONNECT_SECONDS", "RunProblem", "run_dask", "run_local"]

#: How long a Dask scheduler (and its first worker) has to answer.
CONNECT_SECONDS = 30.0

Record = Callable[["TournamentGame"], None]


class RunProblem(Exception):
    """The run cannot go on: `sentence` says why."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


def _play(plan: Plan, frozen: Frozen, index: int) -> TournamentGame:
    return play(plan, index, frozen)


def run_local(
    plan: Plan,
    todo: Sequence[int],
    jobs: int,
    frozen: Frozen,
    record: Record,
    cancelled: Callable[[], bool],
) -> None:
    """Play the games `todo` here: one at a time in this process (`jobs` 1), else in `jobs`
    worker processes (never more than there are games), one game a piece of work."""
    if jobs <= 1 or len(todo) <= 1:
        for index in todo:
            if cancelled():
                return
            record(play(plan, index, frozen))
        return
    from el_grande.workers import WorkerLost, Workers  # start-up: multiprocessing

    try:
        with Workers(min(jobs, len(todo))) as workers:
            for game in workers.map(partial(_play, plan, frozen), todo, cancelled):
                record(game)
    except WorkerLost as exc:
        raise RunProblem(f"{exc}; the games recorded are kept") from None


def run_dask(
    plan: Plan,
    todo: Sequence[int],
    scheduler: str,
    versions: dict[str, tuple[str, str]],
    wheels: dict[str, bytes],
    timeout: float,
    record: Record,
    cancelled: Callable[[], bool],
) -> None:
    """Play the games `todo` as tasks on the Dask cluster at `scheduler`, each written by
    `record` as it completes. The workers must run this El Grande (`match.fingerprint`);
    the frozen versions' wheels (`wheels`) are sent to them once, and each machine installs
    them into its own cache."""
    try:
        import distributed
    except ImportError:
        raise RunProblem(
            "--backend dask needs Dask's distributed: pip install 'el-grande[cluster]'"
        ) from None
    dask: Any = distributed  # (untyped)
    try:
        client = dask.Client(scheduler, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise RunProblem(f"no Dask scheduler answers at {scheduler}: {exc}") from None
    futures: list[Any] = []
    try:
        try:
            client.wait_for_workers(1, timeout=CONNECT_SECONDS)
        except TimeoutError:
            raise RunProblem(
                f"the Dask scheduler at {scheduler} has no worker (start some: dask worker "
                f"{scheduler})"
            ) from None
        ours = fingerprint()
        theirs = client.run(fingerprint)
        other = sorted(address for address, print_ in theirs.items() if print_ != ours)
        if other:
            raise RunProblem(
                f"the Dask worker at {other[0]} runs another El Grande (its rules core, bots "
                "or tournament code differ from this one's): install this one on every machine"
            )
        sent = client.scatter([wheels], broadcast=True)[0] if wheels else None
        futures = client.map(
            play_remote,
            list(todo),
            plan=plan,
            versions=versions,
            wheels=sent,
            timeout=timeout,
            pure=False,
        )
        pending = dask.as_completed(futures, loop=client.loop)
        while not pending.is_empty():
            if cancelled():
                return
            batch = pending.next_batch(block=False)
            if not batch:
                time.sleep(0.05)
                continue
            for future in batch:
                if future.status != "finished":
                    raise _failed(future.exception())
                record(future.result())
                future.release()
    finally:
        if futures:
            client.cancel(futures)
        client.close()


def _failed(exc: BaseException | None) -> RunProblem:
    if isinstance(exc, FrozenFailed):
        return RunProblem(exc.sentence)
    return RunProblem(f"a game failed on the cluster: {exc!r}; the games recorded are kept")
