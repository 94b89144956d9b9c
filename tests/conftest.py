"""Project-wide test setup."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_saves_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Games started in any test autosave (el_grande/persist): never into the user's data
    directory, always into a temporary EL_GRANDE_HOME (tests needing their own use `home`)."""
    old = os.environ.get("EL_GRANDE_HOME")
    os.environ["EL_GRANDE_HOME"] = str(tmp_path_factory.mktemp("el-grande-home"))
    yield
    if old is None:
        os.environ.pop("EL_GRANDE_HOME", None)
    else:
        os.environ["EL_GRANDE_HOME"] = old


@pytest.fixture(autouse=True)
def _no_guard_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests play without the curtain's guard time (they press keys as fast as the app takes
    them); the guard's own tests set it explicitly (`guard_seconds=...`) and stamp their
    events' times."""
    from el_grande.app import guard

    monkeypatch.setattr(guard, "GUARD_SECONDS", 0.0)


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English and leaves English behind (the language is the process's:
    `el_grande.text.use`), also on a machine whose locale is Korean (`el-grande` run in a
    test reads the locale). Korean tests switch with `use("ko")` or `--lang ko`."""
    from el_grande.text import LOCALE_VARIABLES, language_code, use

    for name in LOCALE_VARIABLES:
        if language_code(os.environ.get(name, "")) == "ko":
            monkeypatch.setenv(name, "C.UTF-8")
    use("en")
    yield
    use("en")
