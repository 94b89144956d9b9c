"""The trash of deleted saves: ``trash/`` in the data folder, emptied of files put there more
than `TRASH_DAYS` days ago when the app starts.  Standard library only (and `paths`).

The trash deletes only what it put there: regular files named as it names them (a save's
file name, ``<game id>.json`` or ``<game id>_<n>.json``), inside the data folder's own
``trash/``.  A ``trash`` that is a symbolic link (or no folder at all) is never emptied: the
folder is opened without following a link, and every file is looked at and removed through
that open folder, so nothing outside it is ever reached, whatever is swapped in meanwhile.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from pathlib import Path

from el_grande.persist.paths import trash_dir

TRASH_DAYS = 30
"""A deleted save is kept this long in the trash."""

#: The names the trash gives the saves put there (`manage.delete_save`).
_PUT_THERE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,130}\.json")


def empty_trash(home: Path | None = None, now: float | None = None) -> int:
    """Remove from the trash every file it put there more than `TRASH_DAYS` days before
    `now` (a time stamp; the clock's by default); returns how many.  Folders, links, files
    of other names, and anything that cannot be removed, are left alone."""
    limit = (time.time() if now is None else now) - TRASH_DAYS * 86400
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
    if os.scandir not in os.supports_fd or os.unlink not in os.supports_dir_fd:
        return _by_path(trash_dir(home), limit)  # (Windows: no folder descriptors)
    try:
        folder = os.open(trash_dir(home), flags)
    except OSError:  # no trash yet, a link, a file: nothing to do
        return 0
    removed = 0
    try:
        if not stat.S_ISDIR(os.fstat(folder).st_mode):
            return 0
        with os.scandir(folder) as entries:
            names = [e.name for e in entries]
        for name in names:
            if not _PUT_THERE.fullmatch(name):
                continue
            with contextlib.suppress(OSError):
                info = os.stat(name, dir_fd=folder, follow_symlinks=False)
                if stat.S_ISREG(info.st_mode) and info.st_nlink == 1 and info.st_mtime < limit:
                    os.unlink(name, dir_fd=folder)
                    removed += 1
    finally:
        os.close(folder)
    return removed


def _by_path(trash: Path, limit: float) -> int:
    """`empty_trash` where folders cannot be opened (Windows): every path looked at without
    following a link (between the look and the removal a link could be swapped in, but
    removing a link removes the link only)."""
    try:
        if not stat.S_ISDIR(os.lstat(trash).st_mode):
            return 0
        names = os.listdir(trash)
    except OSError:
        return 0
    removed = 0
    for name in names:
        path = trash / name
        with contextlib.suppress(OSError):
            info = os.lstat(path)
            put_there = _PUT_THERE.fullmatch(name) and stat.S_ISREG(info.st_mode)
            if put_there and info.st_mtime < limit:
                path.unlink()
                removed += 1
    return removed
