"""The tournament's tests' fixture: a small finished tournament (helpers.py: its flags)."""

from __future__ import annotations

from pathlib import Path

import pytest

from el_grande.tournament.command import main

from .helpers import FLAGS


@pytest.fixture(scope="session")
def tournament(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished small tournament of greedy against random, played once: the tests that
    use it only read it (a refused run changes nothing: they check that too)."""
    path = tmp_path_factory.mktemp("tournament") / "t.sqlite"
    assert main(["--db", str(path), *FLAGS, "--entrants", "greedy,random"]) == 0
    return path
