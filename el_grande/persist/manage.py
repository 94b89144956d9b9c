"""Saves you can manage: name one, export one, delete one (into the trash), empty the trash.

Every change to a save takes the game's lock first (`persist.lock`), for as long as the change
lasts: a game open in another window is refused in the one sentence of `store.locked_error`,
and a window cannot open a game while it is being renamed or moved.

A deleted save is moved, whole, into ``trash/`` in the data folder (beside ``saves/``), where
it stays for `TRASH_DAYS` days: the app empties the trash of older files when it starts
(`empty_trash`).  `restore_save` moves one back into ``saves/`` (`trashed` lists them):
under its own game id, or, when that id is taken meanwhile, under a new one (``…_2``).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from el_grande.files import own_kind
from el_grande.names import normalise, printable
from el_grande.persist.errors import SaveFileError
from el_grande.persist.export import write_export
from el_grande.persist.lock import GameLock, Unlockable, kind_words, lock_path
from el_grande.persist.model import FORMAT_VERSION, MAX_GAME_ID, save_name_problem
from el_grande.persist.paths import trash_dir as trash_dir
from el_grande.persist.store import (
    SavedGame,
    cannot_lock_error,
    game_is_open,
    load_game,
    load_save,
    locked_error,
    own_saves_dir,
    record_of,
    shown_path,
    write_save,
)
from el_grande.persist.trash import TRASH_DAYS as TRASH_DAYS
from el_grande.text import t


@contextlib.contextmanager
def _holding(saved: SavedGame) -> Iterator[None]:
    """The game's lock while a change is made: `GameLockedError` if another window has it."""
    lock = GameLock(lock_path(saved.path.parent, saved.file.game_id))
    try:
        taken = lock.acquire()
    except OSError as exc:
        if os.path.lexists(lock.path):  # something no lock is there (a folder, a link): say so
            why = Unlockable(lock.path, exc.strerror or str(exc))
            raise cannot_lock_error(saved.file, why) from None
        taken = True  # no lock can be made (a read-only folder): the change fails, says why
    if not taken:
        raise locked_error(saved.file)
    try:
        yield
    finally:
        lock.release()


def _cannot(path: Path, exc: OSError) -> SaveFileError:
    return SaveFileError(
        t("save.cannot", path=shown_path(path), why=printable(exc.strerror or str(exc)))
    )


def rename_save(saved: SavedGame, name: str) -> SavedGame:
    """Give the save a name (an empty one takes the name off), written into the file; the
    game is not played, so its time and place in the list stay."""
    problem = save_name_problem(name)
    if problem is not None:
        raise SaveFileError(problem)
    with _holding(saved):
        save = load_save(saved.path, own=True)  # read again, as it is now (a link: refused)
        save.name = normalise(name) or None
        save.version = FORMAT_VERSION  # a name needs format 3 (older readers would refuse it)
        try:
            write_save(save, saved.path)
        except OSError as exc:
            raise _cannot(saved.path, exc) from None
    return SavedGame(saved.path, save, False)


def delete_save(saved: SavedGame, home: Path | None = None) -> Path:
    """Move the save into the trash (kept `TRASH_DAYS` days); returns where it went."""
    trash = trash_dir(home)
    with _holding(saved):
        kind = own_kind(saved.path)
        if kind is not None:  # (a link swapped in since the list was read: never moved)
            raise SaveFileError(
                t("manage.not_own", path=shown_path(saved.path), kind=kind_words(kind))
            )
        kind = own_kind(trash, folder=True)
        if kind is None:
            try:
                trash.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise _cannot(trash, exc) from None
            kind = own_kind(trash, folder=True)
        if kind is not None:  # a file or a link where the trash goes: refused, never followed
            raise SaveFileError(
                t("manage.trash_not_own", path=shown_path(trash), kind=kind_words(kind))
            )
        try:
            target, n = trash / saved.path.name, 2
            while os.path.lexists(target):
                target = trash / f"{saved.path.stem}_{n}.json"
                n += 1
            os.replace(saved.path, target)
            os.utime(target, follow_symlinks=False)  # its days in the trash count from now
        except OSError as exc:
            raise _cannot(saved.path, exc) from None
    return target


def export_save(saved: SavedGame, out: Path, fmt: str | None = None) -> str:
    """Write the save's story to `out` (Markdown for ``.md``, else text; `fmt` decides when
    given); returns the sentence to show.  A finished game is told whole, an unfinished one as
    the table saw it.  Never writes over the save itself, nor into what is not a file."""
    save, game = load_game(saved.path)
    return write_export(
        record_of(save), out, fmt, reveal=game.over, source=saved.path, hands=save.seat_hands
    )


# --------------------------------------------------------------------------- the trash: restore


def trashed(home: Path | None = None) -> list[SavedGame]:
    """The saves in the trash, the most recently deleted first (what cannot be read as a
    save is left alone and not listed)."""
    found = []
    trash = trash_dir(home)
    if own_kind(trash, folder=True) is not None:
        return []  # a trash that is a link or a file is none of the app's: nothing is in it
    try:
        entries = sorted(trash.glob("*.json"))
    except OSError:
        return []
    for path in entries:
        try:
            found.append(SavedGame(path, load_save(path, own=True)))  # never through a link
        except SaveFileError:
            continue
    found.sort(key=lambda g: _deleted_at(g.path), reverse=True)
    return found


def _deleted_at(path: Path) -> float:
    try:
        return path.lstat().st_mtime  # `delete_save` sets it: the days in the trash
    except OSError:
        return 0.0


def find_trashed(key: str, home: Path | None = None) -> SavedGame:
    """A save in the trash by its number in `trashed` (1-based) or its game id (or a unique
    start of it); `SaveFileError` in one sentence if there is none."""
    games = trashed(home)
    if key.isascii() and key.isdigit() and len(key) < 6 and 1 <= int(key) <= len(games):
        return games[int(key) - 1]
    exact = [g for g in games if g.file.game_id == key]
    prefix = exact or [g for g in games if g.file.game_id.startswith(key)]
    if len(prefix) == 1 or exact:
        return prefix[0]
    shown, where = printable(key[:60]), shown_path(trash_dir(home))
    if not prefix:
        raise SaveFileError(t("manage.no_such_trashed", key=shown, path=where))
    raise SaveFileError(t("manage.many_trashed", key=shown, count=len(prefix), path=where))


def restore_save(saved: SavedGame, home: Path | None = None) -> SavedGame:
    """Move a save from the trash back into ``saves/``, where the resume list has it again.
    Under its own game id if no save or open game has it meanwhile; else under a new one
    (``<id>_2``, ``_3``…, written into the file: a file's name is its id).  Never over a
    file."""
    try:
        saves = own_saves_dir(home)  # (a link there: nothing is restored through it)
    except OSError as exc:
        raise _cannot(saved.path, exc) from None
    save = load_save(saved.path, own=True)  # read again, never through a link: as it is now
    base, game_id, n = save.game_id[: MAX_GAME_ID - 8], save.game_id, 2
    while os.path.lexists(saves / f"{game_id}.json") or game_is_open(game_id, home):
        game_id, n = f"{base}_{n}", n + 1
    target = saves / f"{game_id}.json"
    try:
        saves.mkdir(parents=True, exist_ok=True)
        if game_id == save.game_id:
            os.replace(saved.path, target)  # whole, as it was deleted
        else:
            save.game_id = game_id
            write_save(save, target)
            saved.path.unlink()
    except OSError as exc:
        raise _cannot(saved.path, exc) from None
    return SavedGame(target, save)
