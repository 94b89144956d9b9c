"""Never lose a game: save files, autosave and resume, undo, replay and export.

Everything here sits on the rules core's record/replay: a save is the seed, the options and
the list of choices, loading is a replay, undo is a replay minus the tail.

The names below are loaded on first use (PEP 562), so that importing a light submodule such
as ``el_grande.persist.errors`` (every command does) does not load pydantic before the first
frame.
"""

from __future__ import annotations

import importlib
from typing import Any

# Light modules (standard library only) are bound at once; ``undo`` must be the function, not
# the submodule of the same name.
from el_grande.persist.errors import CannotLockError, GameLockedError, SaveFileError
from el_grande.persist.undo import can_undo, undo, undo_check

_HOMES = {
    "FORMAT_VERSION": "model",
    "SavedOptions": "model",
    "SaveFile": "model",
    "Seat": "model",
    "parse_save": "model",
    "Autosaver": "store",
    "SavedGame": "store",
    "atomic_write_text": "store",
    "game_from_save": "store",
    "home_dir": "store",
    "list_unfinished": "store",
    "load_game": "store",
    "load_save": "store",
    "record_of": "store",
    "save_as": "store",
    "save_from_game": "store",
    "saves_dir": "store",
    "scan_saves": "store",
}

__all__ = [
    "Autosaver",
    "FORMAT_VERSION",
    "CannotLockError",
    "GameLockedError",
    "SaveFile",
    "SaveFileError",
    "SavedGame",
    "SavedOptions",
    "Seat",
    "atomic_write_text",
    "can_undo",
    "game_from_save",
    "home_dir",
    "list_unfinished",
    "load_game",
    "load_save",
    "parse_save",
    "record_of",
    "save_as",
    "save_from_game",
    "saves_dir",
    "scan_saves",
    "undo",
    "undo_check",
]


def __getattr__(name: str) -> Any:
    module = _HOMES.get(name)
    if module is None:
        raise AttributeError(f"module 'el_grande.persist' has no attribute {name!r}")
    loaded = importlib.import_module(f"el_grande.persist.{module}")
    # Bind every name of that module at once.
    for other, home in _HOMES.items():
        if home == module:
            globals()[other] = getattr(loaded, other)
    return globals()[name]
