"""Garbage collection is held off during start-up and always given back (el_grande/startup.py)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from el_grande import startup
from el_grande.__main__ import main


@pytest.fixture(autouse=True)
def _collector_back() -> Iterator[None]:
    """Collection on again after each test. What a test's `release()` froze stays frozen:
    `gc.unfreeze()` would thaw what the session froze too (tests/conftest.py), and every
    later full collection would walk all of it again (a fifth of the run's collecting)."""
    yield
    gc.enable()


def collected(obj: object) -> bool:
    """Whether the collector still watches `obj` (in a generation, not frozen). Asked of the
    generations, not by counting the frozen (`gc.get_freeze_count()` walks them all: in a
    whole run, every app started froze the garbage of the tests before it, millions of
    objects, and the count took a second)."""
    return any(o is obj for o in gc.get_objects())


def test_hold_and_release() -> None:
    startup.hold()
    assert not gc.isenabled()
    startup.hold()  # held already: nothing changes
    made = [[]]  # an object start-up made: frozen by the release
    assert collected(made)
    startup.release()
    assert gc.isenabled() and not collected(made)
    later = [[]]
    startup.release()  # nothing held: nothing frozen
    assert gc.isenabled() and collected(later)


def test_release_does_not_enable_what_someone_else_disabled() -> None:
    gc.disable()
    startup.hold()
    startup.release()
    assert not gc.isenabled()


def test_a_command_without_the_app_runs_with_collection_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`el-grande simulate` may run for minutes: it must not run without a collector."""
    import el_grande.cli as cli

    seen: list[bool] = []
    simulate = cli.COMMANDS["simulate"]._replace(run=lambda args: seen.append(gc.isenabled()) or 0)
    monkeypatch.setitem(cli.COMMANDS, "simulate", simulate)
    assert main(["simulate", "--games", "1"]) == 0
    assert seen == [True]
    assert gc.isenabled()


def test_collection_is_back_after_any_exit(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--version"])
    assert gc.isenabled()
    assert "el-grande" in capsys.readouterr().out


@pytest.mark.parametrize("program", ["hello", "title", "game"])
def test_the_start_up_probe_reports_its_first_frame(program: str, tmp_path: Path) -> None:
    """`python -m el_grande.app.bench probe …` (the start-up benchmark's one run) shows its
    first frame, prints the seconds it took and ends there (a smoke test: no timing)."""
    import os
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "el_grande.app.bench", "probe", program],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "EL_GRANDE_HOME": str(tmp_path)},
    )
    assert out.returncode == 0, out.stderr
    assert float(out.stdout.split()[0]) > 0
