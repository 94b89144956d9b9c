"""Pieces of work for the worker processes of tests/test_review_stop.py, in a module of their
own: a worker imports the module of the function it runs, and this one brings nothing but the
standard library (the test module would bring pytest and the game, ~0.2 s of CPU a worker)."""

from __future__ import annotations

import os
import time
from pathlib import Path


def forever(started: Path) -> None:
    started.touch()
    while True:
        time.sleep(0.05)


def dies(_piece: int) -> None:
    os._exit(3)  # as a worker the kernel killed
