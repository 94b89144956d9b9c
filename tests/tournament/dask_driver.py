"""Run by tests/tournament/test_dask.py in a process of its own (so the test can bound it in
time): a Dask cluster of two worker processes on 127.0.0.1, and `el-grande tournament
--backend dask` against it. Arguments: the file, then the tournament's flags."""

from __future__ import annotations

import logging
import sys

from distributed import LocalCluster

from el_grande.tournament.command import main

if __name__ == "__main__":
    with LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address=None,
        silence_logs=logging.ERROR,
    ) as cluster:
        flags = ["--db", sys.argv[1], *sys.argv[2:]]
        code = main([*flags, "--backend", "dask", "--scheduler", cluster.scheduler_address])
    sys.exit(code)
