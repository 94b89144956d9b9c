"""Never lose a game: save files, the autosave and resume, the resume list and the trash,
one window per game, replay and export.

Everything here sits on the rules core's record/replay: a save is the seed, the options and
the list of choices (and what the table keeps besides: who played each seat when, hints,
a held choice, a coached game's lessons), and loading is a replay.

- `model` — the save file (a pydantic model, validated when read); `store` — where saves live,
  writing and loading them, the resume list; `autosave` — the subscriber of a game's session
  that writes its save after every update (the one writer while a game is open);
- `lock` — one window per game; `manage`, `trash`, `paths` — naming, deleting and restoring
  saves, the data folder; `played` — how many games this machine finished (the tips);
- `replay` — the replay viewer's model; `export` — the story as text or Markdown;
- `undo` — undo for a bare `Game`: the core's rule (`el_grande.core.undo`) applied by
  replaying minus the tail (the table's undo is the session's: `GameSession.undo`);
- `errors`, `slug` — the errors a save can raise; a name as a piece of a file name.

The names below are loaded on first use (PEP 562), so that importing a light submodule such
as ``el_grande.persist.errors`` (every command does) does not load pydantic before the first
frame.
"""

from __future__ import annotations

import importlib
from typing import Any

# Light modules (no pydantic) are bound at once; ``undo`` must be the function, not
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
