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


@pytest.fixture(autouse=True)
def _drawn_when_read(request: pytest.FixtureRequest) -> Iterator[None]:
    """The apps these tests open (resume, replay, save as, the lock's refusals…) draw the
    screen when a test reads it, as every app test does (tests/app/conftest.py,
    `helpers.drawn_when_read`); a test marked `frames` draws every frame. None reads the
    drawn screen: each frame drawn to nothing was about a third of their CPU."""
    from tests.app import helpers

    with helpers.drawn_when_read(frames=request.node.get_closest_marker("frames") is not None):
        yield
