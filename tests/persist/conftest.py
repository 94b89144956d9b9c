"""Fixtures for the save/undo/replay tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data directory (EL_GRANDE_HOME) so no test touches the user's saves."""
    d = tmp_path / "home"
    monkeypatch.setenv("EL_GRANDE_HOME", str(d))
    return d
