"""What a fresh process imports, step by step: one process for the import checks of the
flow's, the saves' and the app's tests (tests/flow/test_table.py,
tests/persist/test_persist_undo.py, tests/persist/test_games.py), not one each.

Each step only adds modules, so a module a step must not bring in is absent at its end only
if the step, run alone in a fresh process, would not bring it in either (as
tests/core/test_import_hygiene.py reasons for the core's steps). The flow first (no Textual,
rich or pydantic), then the saves (no Textual), then the app (no sqlite3 before a game ends:
checked with the flow and the saves loaded too, which only asks more)."""

from __future__ import annotations

import functools
import json
import subprocess
import sys

_STEPS = """
import json, sys
steps = {}
import el_grande.flow.table, el_grande.flow.handover, el_grande.flow.display
steps["flow"] = [m for m in ("textual", "rich", "pydantic") if m in sys.modules]
import el_grande.persist, el_grande.persist.export, el_grande.persist.replay
import el_grande.persist.autosave, el_grande.persist.undo, el_grande.session
steps["saves"] = [m for m in ("textual",) if m in sys.modules]
import el_grande.app.app, el_grande.persist.autosave, el_grande.persist.store
steps["app"] = sorted(m for m in sys.modules if m in ("sqlite3", "el_grande.persist.games"))
print(json.dumps(steps))
"""


@functools.cache
def imported() -> dict[str, list[str]]:
    """For each step, the modules it must not bring in that are there at its end."""
    done = subprocess.run(
        [sys.executable, "-c", _STEPS], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]
