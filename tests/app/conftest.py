"""Setup for the app's tests."""

from __future__ import annotations

import gc
import itertools
from collections.abc import Iterator

import pytest

from . import helpers

#: Tests between two full garbage collections (see `_full_collections_between_tests`).
TESTS_A_COLLECTION = 5
#: Allocations between two collections of the youngest generation (Python's default: 700;
#: the run's, tests/conftest.py `THRESHOLDS`: 200 000). Measured on four files of app tests
#: (four pairs, alternated): 10 000 took 15.2 s of CPU, 200 000 took 14.5 s, for 2 MB more
#: at the most (110 -> 112 MB).
YOUNG = 200_000

_tests = itertools.count(1)


@pytest.fixture(autouse=True)
def _full_collections_between_tests() -> Iterator[None]:
    """No automatic full collection during an app's test; one after every few tests instead,
    and the youngest generation collected every `YOUNG` allocations rather than 700.

    An app makes and drops tens of thousands of objects a second, so the collector's full
    passes came about once a test, each walking everything alive (the modules, the app, what
    earlier tests left for it): about a sixth of these tests' time. `el-grande` itself keeps
    them short by freezing what start-up made (`el_grande/startup.py`); here the old
    generation is collected every `TESTS_A_COLLECTION` tests. Most of an app's objects live
    for a frame or a message: collected less often, fewer of them outlive a young collection
    and reach the older generations (A/B on four files, at 10 000 rather than 700: 24.5 ->
    22.5 s of CPU, and 141 -> 110 MB at the most; `YOUNG` for today's figure).

    What a full collection leaves alive is frozen (`gc.freeze`), as `el-grande` freezes what
    its start-up made: it lives on (the modules' caches, the CSS parsed once a session, what a
    module's tests share), and each full collection walked it all again, for the garbage of
    five tests (the app tests' full collections: 6.6 -> 3.4 s of CPU in all; the run's
    memory at its most unchanged, about 780 MB). What is frozen and later dropped is still
    freed, unless it is in a cycle."""
    threshold = gc.get_threshold()
    gc.set_threshold(YOUNG, threshold[1], 1_000_000)
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        if next(_tests) % TESTS_A_COLLECTION == 0:
            gc.collect()
            gc.freeze()


@pytest.fixture(autouse=True)
def _drawn_when_read(request: pytest.FixtureRequest) -> Iterator[None]:
    """The current screen is drawn when a test reads it, or, in a test marked `frames`, as a
    terminal draws it (`helpers.drawn_when_read`)."""
    with helpers.drawn_when_read(frames=request.node.get_closest_marker("frames") is not None):
        yield
