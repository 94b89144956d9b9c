"""`el-grande tournament --backend dask` on a Dask cluster of two worker processes
(`distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1")`): the same
seeds give the same stored results as on this machine's processes. `distributed` is the
`cluster` extra, which .ci/run installs: without it this test fails, it never skips."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

from .helpers import FLAGS, stored

DRIVER = Path(__file__).with_name("dask_driver.py")


def test_a_cluster_stores_the_results_of_this_machine(tmp_path: Path, tournament: Path) -> None:
    # The `cluster` extra: without it this fails, it never skips. Found, not imported: only
    # the driver's processes use it (importing it here cost this process 0.4 s of CPU).
    assert importlib.util.find_spec("distributed") is not None, "pip install 'el-grande[cluster]'"
    path = tmp_path / "dask.sqlite"
    done = subprocess.run(
        [sys.executable, str(DRIVER), str(path), *FLAGS, "--entrants", "greedy,random"],
        capture_output=True,
        text=True,
        timeout=300,  # a cluster that hangs fails the test (it starts in a few seconds)
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert stored(path) == stored(tournament)
    assert "8 of 8 games" in done.stdout
