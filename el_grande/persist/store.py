"""Where saves live, autosave, load and the resume list.

Saves live in ``$EL_GRANDE_HOME/saves`` when that variable is set (tests use it), else in
``platformdirs.user_data_dir("el-grande")/saves``: e.g. ``~/.local/share/el-grande/saves`` on
Linux, ``~/Library/Application Support/el-grande/saves`` on macOS,
``%LOCALAPPDATA%\\el-grande\\saves`` on Windows.  One file per game, named by its game id.
Writes are atomic (`el_grande.atomic.atomic_write_text`, also importable from here).
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from el_grande.atomic import atomic_write_text
from el_grande.core import Choice, Game, IllegalChoice
from el_grande.files import NotRegular, TooBig, own_kind, read_regular
from el_grande.names import fit, printable
from el_grande.persist.errors import CannotLockError, GameLockedError, SaveFileError
from el_grande.persist.lock import (
    LOCK_SUFFIX,
    GameLock,
    Unlockable,
    held_here,
    kind_words,
    lock_path,
    locked_elsewhere,
    remove_if_free,
)
from el_grande.persist.model import (
    FORMAT_VERSION,
    MAX_GAME_ID,
    SavedOptions,
    SaveFile,
    Seat,
    now,
    parse_save,
)

# Their home is `paths` (light: the app looks at the trash before pydantic loads).
from el_grande.persist.paths import HOME_ENV as HOME_ENV
from el_grande.persist.paths import home_dir as home_dir
from el_grande.persist.paths import saves_dir as saves_dir
from el_grande.persist.slug import name_slug
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.core import Game

log = logging.getLogger(__name__)

# --------------------------------------------------------------------------- game <-> save


def new_game_id(names: Sequence[str], when: Any = None) -> str:
    """The time and the players' names in ASCII letters and digits (`slug.name_slug`), e.g.
    ``20261129-203015-Ana-Ben``, ``…-Gimminjun-Seoyeon``; a name with none (🙂) is its seat:
    ``p1``."""
    when = when or now()
    slug = "-".join(name_slug(n) or f"p{seat}" for seat, n in enumerate(names, 1))
    return f"{when:%Y%m%d-%H%M%S}-{slug}"[:100]


def save_from_game(
    game: Game,
    *,
    seats: Sequence[Seat] | None = None,
    game_id: str | None = None,
    created: Any = None,
) -> SaveFile:
    """A fresh SaveFile describing `game` as it stands."""
    rec = game.record()
    names = list(rec["players"])
    if seats is None:
        seats = [Seat(name=n) for n in names]
    stamp = created or now()
    save = SaveFile(
        game_id=game_id or new_game_id(names, stamp),
        created=stamp,
        updated=stamp,
        seats=list(seats),
        seed=rec["seed"],
        options=SavedOptions(**rec["options"]),  # (the record's options: a plain dict)
        start_player=rec.get("start_player"),
        choices=list(rec["choices"]),
    )
    update_save(save, game, rec)
    return save


def update_save(save: SaveFile, game: Game, rec: dict[str, Any] | None = None) -> None:
    """Bring `save` up to date with `game` (same game, more or fewer choices)."""
    rec = rec if rec is not None else game.record()
    save.version = FORMAT_VERSION  # a format-1 game saved again is written as this format
    save.choices = list(rec["choices"])
    save.finished = bool(game.over)
    save.scores = list(game.scores)
    save.round = _round_of(game)
    save.touch()


def _round_of(game: Game) -> int | None:
    try:
        r = game.view(None).round
    except Exception:  # the view's shape is the core's business; the round is only a hint
        return None
    return r if isinstance(r, int) else None


def record_of(save: SaveFile) -> dict[str, Any]:
    """The core's record dict for `Game.replay`."""
    return {
        "format": "el-grande-record",
        "version": 1,
        "players": save.names,
        "seed": save.seed,
        "options": save.options.model_dump(),
        "start_player": save.start_player,
        "choices": list(save.choices),
    }


def _choice_line(text: str | None, index: int) -> int | None:
    """Line number of choice `index` if the file is laid out one choice a line (as we write)."""
    if text is None:
        return None
    lines = text.splitlines()
    for n, line in enumerate(lines):
        if line.strip().startswith('"choices": ['):
            target = n + 1 + index
            return target + 1 if target < len(lines) else None
    return None


def game_from_save(save: SaveFile, where: str = "the save file", text: str | None = None) -> Game:
    """Replay the save through the rules core, validating every choice.

    A choice that cannot be parsed or is not legal at its point raises SaveFileError naming
    its number (1-based, as a person counts), its notation and the core's reason.
    """

    try:
        game = Game.replay({**record_of(save), "choices": []})
    except (ValueError, TypeError) as exc:
        raise SaveFileError(
            f"{where} describes a game the rules cannot set up: {_reason(exc)}.", path=where
        ) from None
    total = len(save.choices)
    for i, text_choice in enumerate(save.choices):

        def at(i: int = i, text_choice: str = text_choice) -> str:  # only built on error
            line = _choice_line(text, i)
            shown = printable(fit(text_choice, 60))
            return f"choice {i + 1} of {total} ('{shown}'{f', line {line}' if line else ''})"

        if game.over:
            raise SaveFileError(
                f"{where}: {at()} comes after the end of the game.", path=where, index=i
            )
        try:
            choice = game.parse(text_choice)
        except (ValueError, TypeError, KeyError) as exc:
            raw = str(exc).strip()
            if raw.startswith("cannot read ") and ": " in raw:
                what = f"cannot be read: {_reason(ValueError(raw.split(': ', 1)[1]))}"
            else:
                what = f"is not legal at that point: {_reason(exc)}"
            raise SaveFileError(f"{where}: {at()} {what}.", path=where, index=i) from None
        try:
            game.apply(choice)
        except IllegalChoice as exc:
            raise SaveFileError(
                f"{where}: {at()} is not legal at that point: {_reason(exc)}.", path=where, index=i
            ) from None
    if save.held is not None:
        try:
            held_of(save, game)
        except (ValueError, TypeError, KeyError) as exc:
            shown = printable(fit(save.held, 60))
            raise SaveFileError(
                f"{where}: the choice held for its confirmation ('{shown}') is not legal "
                f"after the last choice: {_reason(exc)}.",
                path=where,
            ) from None
    return game


def held_of(save: SaveFile, game: Game) -> Choice | None:
    """The choice `save` holds for its player's confirmation, on `game` (the save replayed):
    None if there is none; ValueError (IllegalChoice) if it is no public answer to the
    decision at hand."""
    if save.held is None:
        return None
    d = game.decision
    if d is None:
        raise IllegalChoice("the game is over")
    if d.secret:
        raise IllegalChoice("the decision at hand is a secret one")
    return game.parse(save.held)


def _reason(exc: BaseException) -> str:
    """The core's reason, made printable and cut (it may quote the text from the file)."""
    msg = str(exc).strip().rstrip(".") or type(exc).__name__
    return fit(printable(msg), 400)


MAX_SAVE_BYTES = 1 << 20
"""The largest save file read: 1 MiB.  A whole 9-round game for 5 players is about 8 KB."""


def shown_path(path: Path | str) -> str:
    """A path as it may appear in a message or on a terminal (escape codes made visible)."""
    return printable(str(path))


def _too_big(where: str) -> SaveFileError:
    return SaveFileError(
        f"{where} is too big to be a save file (a save is at most 1 MiB; a whole game "
        "takes about 8 KB).",
        path=where,
    )


def read_save_text(path: Path, own: bool = False) -> str:
    """The text of a save file, read so that no file can hang or flood the reader.

    Only a regular file is read, at most `MAX_SAVE_BYTES` + 1 bytes, and never a FIFO, a
    device, a socket or a directory (`el_grande.files`).  A symbolic link to a save is fine
    for a file a person names; in the saves folder (`own`: the app's own files, which it
    rewrites, renames and deletes) a link is refused, never followed.  Every refusal is a
    SaveFileError, one sentence.
    """
    path = Path(path)
    where = shown_path(path)
    try:
        data = read_regular(path, MAX_SAVE_BYTES, follow=not own)
    except FileNotFoundError:
        raise SaveFileError(f"{where} does not exist.", path=where) from None
    except NotRegular as exc:
        if own and exc.kind == "a symbolic link":
            raise SaveFileError(t("save.own_link", path=where), path=where) from None
        raise SaveFileError(f"{where} is {exc.kind}, not a save file.", path=where) from None
    except TooBig:
        raise _too_big(where) from None
    except OSError as exc:
        raise _open_error(where, exc, own) from None
    except ValueError:  # a NUL in the name
        raise SaveFileError(f"{where} is not a name a file can have.", path=where) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveFileError(
            f"{where} is not a text file (bytes that are not UTF-8 at offset {exc.start}).",
            path=where,
        ) from None


def _open_error(where: str, exc: OSError, own: bool = False) -> SaveFileError:
    if exc.errno == errno.ELOOP and own:  # (O_NOFOLLOW: a link put there meanwhile)
        return SaveFileError(t("save.own_link", path=where), path=where)
    if exc.errno == errno.ELOOP:
        return SaveFileError(
            f"{where} is a symbolic link that loops (or passes through too many links), "
            "not a save file.",
            path=where,
        )
    if isinstance(exc, IsADirectoryError):
        return SaveFileError(f"{where} is a directory, not a save file.", path=where)
    return SaveFileError(
        f"{where} cannot be read: {printable(exc.strerror or str(exc))}.", path=where
    )


def load_save(path: Path, own: bool = False) -> SaveFile:
    """Read and validate a save file without replaying it (`own`: one of the saves folder,
    never read through a link: `read_save_text`)."""
    return parse_save(read_save_text(path, own), shown_path(path))


def load_game(path: Path, own: bool = False) -> tuple[SaveFile, Game]:
    """Read, validate and replay a save file.  Never writes anything."""
    text = read_save_text(path, own)
    where = shown_path(path)
    save = parse_save(text, where)
    return save, game_from_save(save, where, text)


class Unloadable(OSError):
    """A save that this version would not load again: never written (a bug, reported as a
    write that failed; the file on disk stays as it was)."""


def write_save(save: SaveFile, path: Path, game: Game | None = None) -> None:
    """Write `save` to `path` atomically, once the reader's own model has read the text back:
    what is written is what loads (`Unloadable` if not, and nothing is written). With `game`
    (the save's game as it stands), the held choice is checked against it too."""
    text = save.to_json()
    try:
        if len(text.encode("utf-8")) > MAX_SAVE_BYTES:
            raise _too_big("the save")
        parse_save(text, "the save")
        if game is not None:
            held_of(save, game)
    except (SaveFileError, ValueError, TypeError, KeyError) as exc:
        log.error("not written, it would not load again: %s: %s", shown_path(path), exc)
        why = t("save.unloadable", problem=printable(fit(str(exc).rstrip("."), 300)))
        raise Unloadable(errno.EINVAL, why) from None
    atomic_write_text(Path(path), text)


# --------------------------------------------------------------------------- autosave


class Autosaver:
    """Keeps one game's autosave file up to date.  Call `save(game)` after every decision.

    >>> saver = Autosaver.start(game, seats)      # a new game
    >>> saver.save(game)                           # after each apply() (and after undo)
    >>> saver.close()                              # the game is closed: let it go

    While it writes a game the saver holds that game's lock (`persist.lock`), so a second
    window cannot open the same game; `close()` lets it go (the OS does too when the process
    ends).  `save()` after `close()` takes the lock again.
    """

    def __init__(
        self,
        save: SaveFile,
        path: Path,
        lock: GameLock | None = None,
        ahead: tuple[Path, list[str]] | None = None,
    ):
        self.file = save
        self.path = Path(path)
        self.lock = lock
        #: An autosave of this same game further on than the loaded save (its path and
        #: choices), while the game may still catch up with it (`_catch_up`).
        self._ahead = ahead
        # A kill in the middle of a write leaves its temp file behind; the save itself is
        # whole (the old or the new one), so the leftovers can go.
        for stale in self.path.parent.glob(f".{self.path.name}.*.tmp"):
            with contextlib.suppress(OSError):
                stale.unlink()

    @classmethod
    def start(
        cls,
        game: Game,
        seats: Sequence[Seat] | None = None,
        home: Path | None = None,
        fill: Callable[[SaveFile], None] | None = None,
    ) -> Autosaver:
        """Autosave a new game under a new game id (its lock taken).  Raises OSError if the
        file cannot be written (no data directory, a full disk...).  `fill(file)` puts in
        what the table keeps besides the choices before the first write (as before each
        later one: `AutosaveListener.fill`)."""
        save = save_from_game(game, seats=seats)
        if fill is not None:
            fill(save)
        directory = own_saves_dir(home)  # (a link there: nothing is locked or written through)
        base, n = save.game_id, 2
        while True:
            path = directory / f"{save.game_id}.json"
            # (two games started in the same second with the same names; a link there is not
            # this game's file either: never written through, nor over)
            if not os.path.lexists(path):
                lock = GameLock(lock_path(directory, save.game_id))
                if _can_lock(lock):
                    if not os.path.lexists(path):
                        break
                    lock.release()
            save.game_id = f"{base}_{n}"
            n += 1
        saver = cls(save, path, lock)
        try:
            saver.save(game)
        except BaseException:
            saver.close()  # the caller keeps no saver: it must not keep the lock either
            raise
        return saver

    @classmethod
    def resume(cls, save: SaveFile, home: Path | None = None) -> Autosaver:
        """Continue autosaving a loaded game into the data directory under its own game id.

        A game loaded from a named file elsewhere is thereafter autosaved here; the named
        file itself is never written to.  If the autosave of that id holds anything the
        loaded game does not (an older copy was loaded, or the file is unreadable), the
        loaded game becomes a new game id instead: nothing is overwritten.

        Raises GameLockedError if the game (its id) is open in another window, and
        CannotLockError if something that cannot be locked is where its lock goes (a
        directory, a file this user may not open).  If no lock can be made at all (no data
        directory), the game goes on: writing will fail too, and say so.
        """
        save = save.model_copy(deep=True)
        directory = saves_dir(home)
        check_openable(save, home)
        if own_kind(directory, folder=True) is not None:  # writing fails, and says why
            return cls(save, directory / f"{save.game_id}.json", None)
        base, n = save.game_id[: MAX_GAME_ID - 8], 2  # room for "_<n>": every new id is new
        path = directory / f"{save.game_id}.json"
        ahead: tuple[Path, list[str]] | None = None
        while (os.path.lexists(path) and not _continues(path, save)) or _taken(
            directory, save.game_id
        ):
            if ahead is None:
                ahead = _ahead_of(path, save)
            save.game_id = f"{base}_{n}"
            path = directory / f"{save.game_id}.json"
            n += 1
        lock = GameLock(lock_path(directory, save.game_id))
        try:
            # Reopened in this same process (the title screen after leaving the game): the
            # lock moves over to this saver.
            if not lock.take_over():
                raise locked_error(save)  # another window took it a moment ago
        except OSError as exc:
            if os.path.lexists(lock.path):  # there, but it cannot be locked: say so
                why = Unlockable(lock.path, exc.strerror or str(exc))
                raise cannot_lock_error(save, why) from None
            return cls(save, path, None)  # no lock file can be made: writing fails, and says so
        return cls(save, path, lock, ahead)

    def save(self, game: Game) -> None:
        """Write the game (atomically).  Raises OSError if it cannot be written, also when
        the game's lock is held by another window (then nothing is written).

        A finished game is written and let go (nothing can change it any more).
        """
        _own_folder(self.path.parent)  # a link swapped in for the saves folder: not through it
        if not game.over:
            self._relock()
        update_save(self.file, game)
        if self._ahead is not None:
            self._catch_up()
        write_save(self.file, self.path, game)
        if game.over:
            self.close()

    def _catch_up(self) -> None:
        """A save loaded behind an autosave of the same game went under a new id (nothing
        is overwritten); once the game has caught up with that autosave (the same choices,
        as when computer players replay their turns) it goes on in that file, under its
        id, and the new one goes: loading one file twice makes one entry, not two.  A game
        that takes another way keeps its new id."""
        assert self._ahead is not None
        path, choices = self._ahead
        mine = self.file.choices
        if mine == choices[: len(mine)] and len(mine) < len(choices):
            return  # still on the way to it
        self._ahead = None
        if mine != choices:
            return  # another way (or past it, which the loop in `resume` rules out)
        game_id = path.stem
        directory = self.path.parent
        if _ahead_of(path, self.file, equal=True) is None or _taken(directory, game_id):
            return  # changed meanwhile, or open in another window: keep the new id
        lock = GameLock(lock_path(directory, game_id))
        try:
            if not lock.acquire():
                return
        except OSError:
            return
        old_path, old_lock = self.path, self.lock
        self.file.game_id, self.path, self.lock = game_id, path, lock
        if old_lock is not None:
            old_lock.release()
        with contextlib.suppress(OSError):
            old_path.unlink(missing_ok=True)  # this saver's own file: the other holds it all

    def _relock(self) -> None:
        lock = self.lock or GameLock(lock_path(self.path.parent, self.file.game_id))
        if lock.held:
            return
        try:
            taken = lock.acquire()
        except OSError:
            return  # no lock file can be made: the write will fail and say why
        if not taken:
            raise OSError(errno.EBUSY, t("save.busy"))
        self.lock = lock

    def close(self) -> None:
        """Let the game go: its lock is released and the lock file removed.  Idempotent."""
        if self._ahead is not None:
            self._drop_behind()
        if self.lock is not None:
            self.lock.release()

    def _drop_behind(self) -> None:
        """Let a game loaded behind its own autosave go without a second entry: while it has
        made no choice of its own (every one is in that autosave, and nothing is held for a
        confirmation) its new file holds nothing the other lacks, and goes."""
        assert self._ahead is not None
        path, _choices = self._ahead
        self._ahead = None
        if self.file.held is None and _ahead_of(path, self.file) is not None:
            with contextlib.suppress(OSError):
                self.path.unlink(missing_ok=True)  # this saver's own file


class NotOwnFolder(OSError):
    """Something that is not the app's own folder is where its saves go (a symbolic link, a
    file): nothing is listed, locked or written through it."""


def own_saves_dir(home: Path | None = None) -> Path:
    """The saves folder, if it is the app's own (a folder, or not made yet); else
    `NotOwnFolder` with the sentence's end ("…/saves is a symbolic link, not …")."""
    return _own_folder(saves_dir(home))


def _own_folder(directory: Path) -> Path:
    kind = own_kind(directory, folder=True)
    if kind is not None:
        why = t("save.dir_not_own", path=shown_path(directory), kind=kind_words(kind))
        raise NotOwnFolder(errno.ENOTDIR, why, str(directory))
    return directory


def _can_lock(lock: GameLock) -> bool:
    """Take `lock` for a new game id: False if it is held, or cannot be had (something that
    is no lock is at its path: another id is taken)."""
    try:
        return lock.acquire()
    except OSError:
        if os.path.lexists(lock.path):
            return False
        raise


def _continues(path: Path, save: SaveFile) -> bool:
    """True if the save at `path` is the same game as `save` with no choice `save` lacks."""
    try:
        old = load_save(path, own=True)
    except SaveFileError:
        return False
    return _same_game(old, save) and save.choices[: len(old.choices)] == old.choices


def _same_game(a: SaveFile, b: SaveFile) -> bool:
    """The same table and deal: names, seed, options and who starts."""
    return (a.names, a.seed, a.options, a.start_player) == (
        b.names,
        b.seed,
        b.options,
        b.start_player,
    )


def _ahead_of(path: Path, save: SaveFile, equal: bool = False) -> tuple[Path, list[str]] | None:
    """`path` and its choices if the save there is the same game as `save` further on
    (`save`'s choices begin its own; `equal`: or the same choices), else None."""
    try:
        old = load_save(path, own=True)  # one of the saves folder: never through a link
    except SaveFileError:
        return None
    same_game = _same_game(old, save)
    mine = save.choices
    further = len(old.choices) > len(mine) or (equal and len(old.choices) == len(mine))
    if not (same_game and further and old.choices[: len(mine)] == mine):
        return None
    return path, list(old.choices)


def save_as(game: Game, path: Path, base: SaveFile | None = None) -> SaveFile:
    """Save `game` to a named file (atomically).  `base` carries over id, seats and created."""
    if base is not None:
        save = base.model_copy(deep=True)
        update_save(save, game)
    else:
        save = save_from_game(game)
    write_save(save, Path(path))
    return save


# --------------------------------------------------------------------------- resume list


@dataclass(frozen=True)
class SavedGame:
    path: Path
    file: SaveFile
    open_elsewhere: bool = False
    """Another window holds the game's lock: it cannot be opened here now."""
    cannot_lock: str | None = None
    """Why the game's lock cannot be taken (the system's words: "Is a directory"), when
    something that cannot be locked is where it goes: it cannot be opened here either."""

    def describe(self, name_cells: int = 12) -> str:
        """One line for the resume list: names (each cut to `name_cells` terminal cells),
        round, decisions, when saved; every piece printable."""
        names = t("join.list").join(fit(printable(n), name_cells) for n in self.file.names)
        if self.file.finished:
            rnd = t("resume.finished")
        elif self.file.round:
            rnd = t("resume.round", n=self.file.round)
        else:
            rnd = t("resume.not_started")
        decisions = t("resume.decisions", count=len(self.file.choices))
        line = t("resume.line", names=names, round=rnd, decisions=decisions, when=_when(self))
        if self.file.name:
            named = t("resume.named", name=fit(printable(self.file.name), 30))
            line = t("join.parts").join((named, line))
        if self.cannot_lock is not None:
            lock = lock_path(self.path.parent, self.file.game_id).name
            note = t("resume.cannot_lock", path=printable(lock), why=printable(self.cannot_lock))
            line = t("join.parts").join((line, note))
        elif self.open_elsewhere:
            line = t("join.parts").join((line, t("resume.open_elsewhere")))
        return line


def _when(game: SavedGame) -> str:
    try:
        return game.file.updated.astimezone().strftime("%Y-%m-%d %H:%M")
    except (OverflowError, ValueError, OSError):  # a date at the edge of time, from a file
        return game.file.updated.strftime("%Y-%m-%d %H:%M UTC")


def scan_saves(home: Path | None = None) -> tuple[list[SavedGame], list[SaveFileError]]:
    """All readable saves in the data directory, newest first, and the problems met.

    Unreadable files are reported, never touched.  Nothing is replayed here.  Games open in
    another window are marked (`SavedGame.open_elsewhere`), and so are games whose lock cannot
    be taken (`SavedGame.cannot_lock`); lock files nobody holds (left by a crash or a kill)
    are removed on the way.
    """
    directory = saves_dir(home)
    found: list[SavedGame] = []
    problems: list[SaveFileError] = []
    try:
        own_saves_dir(home)
    except NotOwnFolder as exc:  # a link where the saves go: said, never followed
        problems.append(SaveFileError(f"{exc.strerror}.", path=shown_path(directory)))
        return found, problems
    if not directory.is_dir():
        return found, problems
    locks = lock_states(directory)
    for path in directory.glob("*.json"):
        try:
            save = load_save(path, own=True)
        except SaveFileError as exc:
            problems.append(exc)
            continue
        state = locks.get(save.game_id, "")
        found.append(SavedGame(path, save, state is None, state or None))
    found.sort(key=lambda g: (g.file.updated, _mtime(g.path)), reverse=True)
    return found, problems


def lock_states(directory: Path) -> dict[str, str | None]:
    """The games that cannot be opened here because of their lock: game id → None when
    another window holds it, else why it cannot be taken ("Is a directory").  Lock files
    nobody holds are removed on the way."""
    states: dict[str, str | None] = {}
    for lock_file in directory.glob(f".*{LOCK_SUFFIX}"):
        game_id = lock_file.name[1 : -len(LOCK_SUFFIX)]
        if held_here(lock_file):
            continue
        try:
            if not remove_if_free(lock_file):
                states[game_id] = None
        except Unlockable as exc:
            states[game_id] = exc.reason
    return states


def game_is_open(game_id: str, home: Path | None = None) -> bool:
    """True if another window (process) has the game `game_id` open now."""
    try:
        return locked_elsewhere(lock_path(saves_dir(home), game_id))
    except Unlockable:
        return False  # not open elsewhere: `check_openable` says what is wrong


def check_openable(save: SaveFile, home: Path | None = None) -> None:
    """Nothing, if the game may be opened here now; else GameLockedError (another window has
    it open) or CannotLockError (its lock cannot be taken), before anything is built."""
    try:
        if locked_elsewhere(lock_path(saves_dir(home), save.game_id)):
            raise locked_error(save)
    except Unlockable as exc:
        raise cannot_lock_error(save, exc) from None


def _taken(directory: Path, game_id: str) -> bool:
    """True if the game id's lock cannot be had here (held elsewhere, or unlockable)."""
    try:
        return locked_elsewhere(lock_path(directory, game_id))
    except Unlockable:
        return True


def locked_error(save: SaveFile) -> GameLockedError:
    """The sentence for a game open in another window."""
    names = t("join.list").join(printable(n) for n in save.names)
    return GameLockedError(
        t("save.locked", game=printable(save.game_id), names=names), game_id=save.game_id
    )


def cannot_lock_error(save: SaveFile, exc: Unlockable) -> CannotLockError:
    """The sentence for a game whose lock cannot be taken."""
    return CannotLockError(
        t("save.cannot_lock", path=shown_path(exc.path), why=printable(exc.reason)),
        game_id=save.game_id,
        reason=exc.reason,
    )


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def list_unfinished(home: Path | None = None) -> list[SavedGame]:
    """Unfinished games in the data directory, most recently saved first."""
    return [g for g in scan_saves(home)[0] if not g.file.finished]


def resume_list(home: Path | None = None) -> tuple[list[SavedGame], list[SaveFileError]]:
    """The resume list as it is numbered: unfinished games first, then finished ones, each
    most recently saved first; and the problems met."""
    games, problems = scan_saves(home)
    return sorted(games, key=lambda g: g.file.finished), problems  # (the sort is stable)


def find_save(key: str, home: Path | None = None) -> SavedGame:
    """A saved game by game id (or a unique prefix of it) or 1-based position in the list
    (`resume_list`: the unfinished games, then the finished ones)."""
    games = resume_list(home)[0]
    if key.isascii() and key.isdigit() and len(key) < 6 and 1 <= int(key) <= len(games):
        return games[int(key) - 1]
    everything, problems = scan_saves(home)
    exact = [g for g in everything if g.file.game_id == key]
    if exact:
        return exact[0]
    prefix = [g for g in everything if g.file.game_id.startswith(key)]
    if len(prefix) == 1:
        return prefix[0]
    shown = printable(fit(key, 60))
    if not prefix:
        # The file of that name is there but cannot be used: why, rather than "no game".
        named = [p for p in problems if p.path and Path(p.path).name == f"{key}.json"]
        if named:
            raise named[0]
        raise SaveFileError(f"No saved game '{shown}' in {shown_path(saves_dir(home))}.")
    raise SaveFileError(
        f"'{shown}' matches {len(prefix)} saved games in {shown_path(saves_dir(home))}; "
        "give more of the id."
    )
