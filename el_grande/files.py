"""Reading a file from outside so that no file can hang, flood or trick the reader: the one
way every file the app reads is read — the save files (`el_grande.persist.store`), the
settings (`el_grande.settings`), the scoring sheet (`el_grande.sheet.store`), the count of
finished games (`el_grande.persist.played`) — and the one reading of JSON (`json_of`: a
number too long for Python, or nesting too deep, is a `BadJSON` like any broken file, never
a crash). Standard library only.

Only a regular file is read: never a FIFO, a device, a socket or a directory. A symbolic link
to one is fine for a file a person names (`load game.json`); the app's own files in its data
folder are read with ``follow=False``: a link there is refused, never followed (`own_kind`
says what is where the app expects its own file or folder). The file is looked at before it
is opened (a device is never even opened: opening one can have effects), opened without
blocking (a FIFO put there meanwhile would wait for a writer), checked again on the open
descriptor (no window between the check and the read), and at most `limit` + 1 bytes are read.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import Any

#: What a path that is not a regular file is, in words (the callers' sentences use them).
KINDS = {
    stat.S_IFIFO: "a named pipe (FIFO)",
    stat.S_IFCHR: "a device",
    stat.S_IFBLK: "a device",
    stat.S_IFSOCK: "a socket",
    stat.S_IFDIR: "a directory",
    stat.S_IFLNK: "a symbolic link",
}


class NotRegular(OSError):
    """The path is not a regular file; `kind` says what it is ("a device"...)."""

    def __init__(self, mode: int) -> None:
        self.kind = KINDS.get(stat.S_IFMT(mode), "not a regular file")
        super().__init__(self.kind)


class TooBig(OSError):
    """The file holds more than the limit."""


def read_regular(path: Path, limit: int, *, follow: bool = True) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them; with `follow`
    False, a symbolic link at `path` is refused (`NotRegular`, "a symbolic link").

    Raises FileNotFoundError, `NotRegular`, `TooBig`, or another OSError (no permission, a
    symbolic link that loops...)."""
    path = Path(path)
    before = os.stat(path) if follow else os.lstat(path)
    if not stat.S_ISREG(before.st_mode):
        raise NotRegular(before.st_mode)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)  # a link put there meanwhile: ELOOP
    fd = os.open(path, flags)
    try:
        st = os.fstat(fd)  # the file actually opened, whatever the path points at now
        if not stat.S_ISREG(st.st_mode):
            raise NotRegular(st.st_mode)
        if st.st_size > limit:
            raise TooBig()
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:  # it grew while it was read
        raise TooBig()
    return data


class Dangling(OSError):
    """The path is a symbolic link to nothing."""


class SameFile(OSError):
    """The path is (or names, through links) the file it must not replace."""


def regular_target(path: Path, keep: Path | None = None) -> Path:
    """The regular file that writing to `path` (a person's `-o`) may replace: `path` itself,
    or the file a symbolic link at `path` names (a link to a link too; the link stays a
    link). Nothing else is ever replaced: raises `Dangling` (a link to nothing), `NotRegular`
    (a device, a FIFO, a socket, a directory), `SameFile` (`keep`, the save being read, also
    through a link or a hard link), or the OSError or ValueError of looking (a name too long,
    a folder on the way that is a file, a NUL in the name)."""
    path = Path(path)
    target = path
    if path.is_symlink():
        target = Path(os.path.realpath(path))
        if not os.path.lexists(target):
            raise Dangling(str(path))
    if os.path.lexists(target):
        mode = os.stat(target).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegular(mode)
    if keep is not None and _same_file(target, keep):
        raise SameFile(str(path))
    return target


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):  # one of them does not exist (or cannot be looked at)
        return os.path.realpath(a) == os.path.realpath(b)


def reason(exc: OSError | ValueError) -> str:
    """What went wrong with a path, as the end of a sentence: the system's words ("File name
    too long"), else the message (a NUL in the name). Not yet made printable."""
    why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return why.rstrip(".")


def own_kind(path: Path, folder: bool = False) -> str | None:
    """What is at `path` where the app expects its own regular file (`folder`: its own
    folder) and finds something else — "a symbolic link", "a directory", "a regular file"…
    — or None: nothing there, or what it expects. A link is never followed: the app's own
    files are never reached through one, to be read, replaced or deleted."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return None  # cannot be looked at: the read or the write says why
    if stat.S_ISDIR(mode) if folder else stat.S_ISREG(mode):
        return None
    if stat.S_ISREG(mode):
        return "a regular file"
    return KINDS.get(stat.S_IFMT(mode), "not a regular file")


class BadJSON(ValueError):
    """Text that is no JSON the app can read: `kind` is "json" (broken: `line`, `column`,
    `at`: the offset; `msg`: the parser's words), "deep" (nested too deeply) or "digits" (a
    number longer than Python reads: `digits`)."""

    def __init__(self, kind: str, msg: str = "", line: int = 0, column: int = 0, at: int = 0):
        super().__init__(msg or kind)
        self.kind, self.msg, self.line, self.column, self.at = kind, msg, line, column, at

    @property
    def digits(self) -> int:
        """The most digits Python reads in a number (`sys.get_int_max_str_digits`)."""
        return sys.get_int_max_str_digits() or 4300


def json_of(text: str) -> Any:
    """The value `text` holds as JSON; `BadJSON` if none (a broken file, nesting deeper than
    Python's recursion, an integer of more digits than Python turns into a number: the
    `ValueError` json raises for one is a broken file here, not a crash)."""
    import json  # start-up: the title reads no JSON on a new machine (~5 ms)

    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadJSON("json", exc.msg, exc.lineno, exc.colno, exc.pos) from None
    except RecursionError:
        raise BadJSON("deep") from None
    except ValueError:  # Exceeds the limit (4300 digits) for integer string conversion
        raise BadJSON("digits") from None
