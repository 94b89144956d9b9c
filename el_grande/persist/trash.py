"""The trash of deleted saves: ``trash/`` in the data folder, emptied of files put there more
than `TRASH_DAYS` days ago when the app starts.  Standard library only (and `paths`)."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from el_grande.persist.paths import trash_dir

TRASH_DAYS = 30
"""A deleted save is kept this long in the trash."""


def empty_trash(home: Path | None = None, now: float | None = None) -> int:
    """Remove from the trash every file put there more than `TRASH_DAYS` days before `now`
    (a time stamp; the clock's by default); returns how many.  Folders, and anything that
    cannot be removed, are left alone."""
    limit = (time.time() if now is None else now) - TRASH_DAYS * 86400
    removed = 0
    try:
        entries = list(trash_dir(home).iterdir())
    except OSError:  # no trash yet (or not a folder): nothing to do
        return 0
    for entry in entries:
        with contextlib.suppress(OSError):
            if not entry.is_dir() and entry.lstat().st_mtime < limit:
                entry.unlink()
                removed += 1
    return removed
