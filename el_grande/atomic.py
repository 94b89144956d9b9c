"""Atomic file writes, shared by the save files (`el_grande.persist`) and the settings
(`el_grande.settings`). Standard library only."""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from pathlib import Path


def atomic_write_text(path: Path, text: str) -> None:
    """Write `text` to `path` so that a crash at any moment leaves either the old file or the
    new one, never a mix: a temp file in the same directory, fsync, then rename over.

    The directory itself is not fsynced: after a power cut the rename may be lost (the
    previous file is then found, whole), which is not worth a second fsync per decision.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # a file where a folder on the way should be: say that
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR)) from None
    # The temp file is named after the file (a kill's leftovers are known by it), unless
    # that would make a name longer than a file name may be (255 bytes on most systems).
    stem = path.name if len(os.fsencode(path.name)) <= 200 else "el-grande"
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{stem}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
