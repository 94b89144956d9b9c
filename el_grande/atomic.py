"""Atomic file writes, shared by the save files (`el_grande.persist`) and the settings
(`el_grande.settings`). Standard library only."""

from __future__ import annotations

import contextlib
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
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
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
