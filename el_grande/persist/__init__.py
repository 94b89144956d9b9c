"""Never lose a game: save files, autosave and resume, undo, replay and export.

Everything here sits on the rules core's record/replay: a save is the seed, the options and
the list of choices, loading is a replay, undo is a replay minus the tail.
"""

from el_grande.persist.errors import SaveFileError
from el_grande.persist.model import FORMAT_VERSION, SavedOptions, SaveFile, Seat, parse_save
from el_grande.persist.store import (
    Autosaver,
    SavedGame,
    atomic_write_text,
    game_from_save,
    home_dir,
    list_unfinished,
    load_game,
    load_save,
    record_of,
    save_as,
    save_from_game,
    saves_dir,
    scan_saves,
)
from el_grande.persist.undo import can_undo, undo, undo_check

__all__ = [
    "FORMAT_VERSION",
    "Autosaver",
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
