"""Where the data folder is: the saves, and the trash of deleted saves; and the cache folder.
Light: the standard library and platformdirs only, so the app can look there before the save
machinery loads."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

HOME_ENV = "EL_GRANDE_HOME"


def home_dir() -> Path:
    """The data directory (not created)."""
    env = os.environ.get(HOME_ENV)
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir("el-grande", appauthor=False))


def saves_dir(home: Path | None = None) -> Path:
    return (home or home_dir()) / "saves"


def trash_dir(home: Path | None = None) -> Path:
    """Where deleted saves wait (not created)."""
    return (home or home_dir()) / "trash"


CACHE_ENV = "EL_GRANDE_CACHE"


def cache_dir() -> Path:
    """What El Grande keeps that it can make again (not created): `$EL_GRANDE_CACHE`, else
    the user's cache folder (`~/.cache/el-grande` on Linux). The frozen versions of
    `el-grande tournament` are installed there (`frozen/`)."""
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_cache_dir("el-grande", appauthor=False))
