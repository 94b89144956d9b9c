"""Run by tests/tournament/test_dask.py in a process of its own (so the test can bound it in
time): a Dask cluster of two worker processes on 127.0.0.1, and `el-grande tournament
--backend dask` against it. Arguments: the file, then the tournament's flags."""

from __future__ import annotations

import logging
import multiprocessing.forkserver
import sys

import dask
from distributed import LocalCluster

from el_grande.tournament.command import main

if __name__ == "__main__":
    # The worker processes are forked from one server process that imported Dask once (as
    # Dask's own tests start theirs), not each started afresh to import it all again: a
    # third of this driver's CPU. Each is still a process of its own that unpickles its
    # tasks and imports el_grande as a `dask worker` does.
    dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"})
    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=logging.ERROR,
    ) as cluster:
        flags = ["--db", sys.argv[1], *sys.argv[2:]]
        code = main([*flags, "--backend", "dask", "--scheduler", cluster.scheduler_address])
    # Stop the server and wait for it (the way multiprocessing's own tests do): it ends with
    # this process anyway, but waited for, its CPU and its workers' count in this one's.
    multiprocessing.forkserver._forkserver._stop()  # type: ignore[attr-defined]
    sys.exit(code)
