"""Fixtures for the save/undo/replay tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data directory (EL_GRANDE_HOME) so no test touches the user's saves."""
    d = tmp_path / "home"
    monkeypatch.setenv("EL_GRANDE_HOME", str(d))
    return d


@pytest.fixture(scope="session")
def other_processes() -> Iterator[None]:
    """The lock tests' other processes (test_persist_lock: the windows' process, the prober),
    started by the first test that asks, serve the lock's and the resume list's tests (one
    windows' process, not one a module: a fifth of a second of CPU each), then end."""
    yield
    from test_persist_lock import end_the_other_processes

    end_the_other_processes()


@pytest.fixture(autouse=True)
def _drawn_when_read(request: pytest.FixtureRequest) -> Iterator[None]:
    """The apps these tests open (resume, replay, save as, the lock's refusals…) draw the
    screen when a test reads it, as every app test does (tests/app/conftest.py,
    `helpers.drawn_when_read`); a test marked `frames` draws every frame. None reads the
    drawn screen: each frame drawn to nothing was about a third of their CPU."""
    from tests.app import helpers

    with helpers.drawn_when_read(frames=request.node.get_closest_marker("frames") is not None):
        yield
