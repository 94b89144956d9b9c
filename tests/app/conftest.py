"""Setup for the app's tests."""

from __future__ import annotations

import gc
import itertools
from collections.abc import Iterator

import pytest

#: Tests between two full garbage collections (see `_full_collections_between_tests`).
TESTS_A_COLLECTION = 5

_tests = itertools.count(1)


@pytest.fixture(autouse=True)
def _full_collections_between_tests() -> Iterator[None]:
    """No automatic full collection during an app's test; one after every few tests instead.

    An app makes and drops tens of thousands of objects a second, so the collector's full
    passes came about once a test, each walking everything alive (the modules, the app, what
    earlier tests left for it): about a sixth of these tests' time. `el-grande` itself keeps
    them short by freezing what start-up made (`el_grande/startup.py`); here the young
    generations are still collected as usual and the old one every `TESTS_A_COLLECTION` tests,
    which keeps the process's memory within ~50 MB of what it was."""
    threshold = gc.get_threshold()
    gc.set_threshold(threshold[0], threshold[1], 1_000_000)
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        if next(_tests) % TESTS_A_COLLECTION == 0:
            gc.collect()
