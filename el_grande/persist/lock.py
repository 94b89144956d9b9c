"""One window per game: an OS-level lock per game id, held while the game is open.

The lock is `filelock.FileLock` on ``saves/.<game id>.lock`` (``flock`` on Unix, ``msvcrt``
on Windows): the operating system drops it when the process ends, however it ends, so a
crash or a ``kill -9`` never leaves a game locked.  A second window that tries to open the
same game is refused at once (never kept waiting).

"Another window" means another process: within one process a game is reopened (the title
screen's resume list after leaving the game) by handing the lock over (`GameLock.take_over`),
so a game left open by an abandoned session here never locks this same window out.

The lock file is not a save (its name does not end in ``.json``) and is removed when the
game is closed.  Removing a lock file is safe only while holding it, and a process that
locked a file someone removed meanwhile must notice: `GameLock.acquire` checks that the file
it locked is still the one at the path, and tries again if not.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import logging
import os
import threading
import weakref
from pathlib import Path
from typing import Any

from el_grande.files import own_kind
from el_grande.text import t

log = logging.getLogger(__name__)

LOCK_SUFFIX = ".lock"

# The locks this process holds, by file (another GameLock here may take one over).  Weak:
# a GameLock nobody keeps any more (its game's session is gone) lets its lock go.
_held: weakref.WeakValueDictionary[str, GameLock] = weakref.WeakValueDictionary()
_held_guard = threading.RLock()


def _key(path: Path) -> str:
    return os.path.normcase(os.path.abspath(path))


@atexit.register
def _release_all() -> None:
    """At a normal exit, let every game go and remove its lock file (the OS would drop the
    locks anyway; this removes the files too, if the app did not close its games)."""
    for lock in list(_held.values()):
        with contextlib.suppress(Exception):
            lock.release()


def lock_path(directory: Path, game_id: str) -> Path:
    """Where the lock of `game_id` lives: a hidden file beside the save, never ``*.json``."""
    return Path(directory) / f".{game_id}{LOCK_SUFFIX}"


class GameLock:
    """The lock of one game.  `acquire()` never waits; `release()` also removes the file."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._lock: Any = None

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._lock is not None

    def acquire(self) -> bool:
        """Take the lock now if nobody else (another process, or another `GameLock` in this
        one) holds it.

        True if taken (or already held by this object), False if held elsewhere.  Raises
        OSError if the lock file cannot be made (no data directory, a read-only disk...).
        """
        if self._lock is not None:
            return True
        with _held_guard:
            if _key(self.path) in _held:
                return False
        from filelock import FileLock, Timeout  # start-up: ~35 ms, when a lock is first taken

        self.path.parent.mkdir(parents=True, exist_ok=True)
        _own_file(self.path)
        for _ in range(10):
            # thread_local=False: the app may close the game from another thread than the
            # one that opened it; the lock belongs to the process, not to a thread.
            lock = FileLock(str(self.path), timeout=0, thread_local=False)
            try:
                lock.acquire(timeout=0)
            except Timeout:
                if not self.path.is_file():  # a holder always has its file: not a real lock
                    raise OSError(f"cannot create the lock file {self.path}") from None
                return False
            except OSError:
                raise
            except Exception as exc:  # e.g. a file system without flock (NotImplementedError)
                raise OSError(f"cannot lock {self.path}: {exc}") from exc
            if _is_the_file_at(lock, self.path):
                with _held_guard:
                    self._lock = lock
                    _held[_key(self.path)] = self
                return True
            lock.release()  # locked a file removed meanwhile by its last holder: again
        return False

    def take_over(self) -> bool:
        """`acquire`, or take the lock from another `GameLock` of this process (a game being
        reopened in the same window): False only if another process holds it."""
        with _held_guard:
            owner = _held.get(_key(self.path))
            if owner is not None and owner is not self and owner._lock is not None:
                self._lock, owner._lock = owner._lock, None
                _held[_key(self.path)] = self
                return True
        return self.acquire()

    def __del__(self) -> None:
        # A lock whose holder is dropped without close(): let it go (the file too).
        with contextlib.suppress(Exception):
            self.release()

    def release(self, *, remove: bool = True) -> None:
        """Let the game go (idempotent).  The file is removed first, while still held."""
        with _held_guard:
            lock, self._lock = self._lock, None
            if lock is None:
                return
            if _held.get(_key(self.path)) is self:
                del _held[_key(self.path)]
        if remove:
            with contextlib.suppress(OSError):  # Windows cannot remove an open file: it stays
                self.path.unlink()
        try:
            lock.release()
        except Exception as exc:  # the OS drops the lock with the process anyway
            log.warning("releasing %r failed: %s", str(self.path), exc)


#: What `files.own_kind` finds, as the catalogue words it (`kind.<key>`: Korean too).
_KIND_KEYS = {
    "a symbolic link": "link",
    "a directory": "directory",
    "a regular file": "file",
    "a named pipe (FIFO)": "fifo",
    "a device": "device",
    "a socket": "socket",
}


def kind_words(kind: str) -> str:
    """`kind` ("a symbolic link"…, from `el_grande.files`) in the language in use."""
    return t(f"kind.{_KIND_KEYS.get(kind, 'other')}")


def _own_file(path: Path) -> None:
    """Nothing, if the lock file is the app's own (a regular file) or not there yet; else an
    OSError saying what is there: a symbolic link is never opened (opening would create or
    lock the file it points to, wherever that is), nor a directory, a FIFO..."""
    kind = own_kind(path)
    if kind is not None and kind != "a directory":  # (a directory: the system says it)
        raise OSError(errno.EEXIST, t("lock.not_own", kind=kind_words(kind)), str(path))


def _is_the_file_at(lock: Any, path: Path) -> bool:
    """True unless the file `lock` holds is provably not the one now at `path`."""
    fd = getattr(getattr(lock, "_context", None), "lock_file_fd", None)
    try:
        here = os.stat(path)
    except OSError:
        return False  # removed by the last holder: our lock is on a file nobody will see
    if not isinstance(fd, int):
        return True  # this filelock keeps its descriptor elsewhere: trust it
    try:
        return os.path.samestat(os.fstat(fd), here)
    except OSError:
        return True


def held_here(path: Path) -> bool:
    """True if a `GameLock` of this process holds the lock at `path`."""
    with _held_guard:
        return _key(path) in _held


class Unlockable(OSError):
    """Something is at a lock's path that cannot be locked (a directory, a file this user
    may not open...): the game must not be opened as if it were free, nor called open in
    another window. `reason` is the operating system's ("Is a directory")."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(f"cannot lock {path}: {reason}")
        self.path = Path(path)
        self.reason = reason


def _reason(exc: BaseException) -> str:
    return (exc.strerror if isinstance(exc, OSError) else None) or str(exc) or type(exc).__name__


def locked_elsewhere(path: Path) -> bool:
    """True if another process holds the lock at `path` now.

    Takes nothing and creates nothing: with nothing at the path, nobody holds the lock.
    Raises `Unlockable` if something is at the path that cannot be locked.
    """
    if held_here(path) or not os.path.lexists(path):
        return False
    probe = GameLock(path)
    try:
        taken = probe.acquire()
    except OSError as exc:
        raise Unlockable(path, _reason(exc)) from None
    if taken:
        probe.release(remove=False)
    return not taken


def remove_if_free(path: Path) -> bool:
    """True if nobody holds the lock at `path` (a game closed by a crash or a ``kill``: the
    OS dropped the lock, the file stayed); its file is then removed, if it can be.

    Raises `Unlockable` if what is at the path cannot be locked."""
    probe = GameLock(path)
    try:
        if not probe.acquire():
            return False
    except OSError as exc:
        raise Unlockable(path, _reason(exc)) from None
    probe.release(remove=True)
    return True
