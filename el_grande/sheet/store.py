"""The scoring sheet's file: `sheet.json` in the data folder, written after every edit.

The folder is the saves' (`el_grande.persist.store.home_dir`: `$EL_GRANDE_HOME` when set,
else the platform's user data folder, e.g. ``~/.local/share/el-grande``). Writes are atomic
(`el_grande.atomic`): a closed terminal or a crash leaves the sheet as it was before the
last key or after it, never half of it.

The file is data from outside (a person may edit it by hand): at most 64 KiB of UTF-8 JSON,
read by the one bounded reader (`el_grande.files`: never through a symbolic link, never a
FIFO or a device; a number too long for Python is a broken file, not a crash), every key
known, every value checked, and the sheet rebuilt through the model's own edits
(`Sheet.set_count`…), so it holds nothing the keyboard could not type. A file that cannot
be used is said in one sentence and never changed: `open_kept` (what the screen opens) sets
it aside at once, renamed (e.g. ``sheet.bad.json``; a link is renamed, never followed), so
the next start finds no broken file and says nothing; `load` only looks.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from el_grande.atomic import atomic_write_text
from el_grande.core import CASTILLO, PLACES, REGIONS, SCOREBOARD_IDS
from el_grande.files import BadJSON, NotRegular, TooBig, json_of, read_regular
from el_grande.names import fit, printable
from el_grande.persist.store import home_dir
from el_grande.sheet.model import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SCORINGS,
    Sheet,
    SheetError,
)
from el_grande.text import t

FILE_NAME = "sheet.json"
FORMAT = "el-grande-sheet"
VERSION = 1
MAX_BYTES = 64 * 1024
#: The places in the order the file (and the screen) lists them: the Castillo first, as it is
#: scored first (R-G2), then the regions in board order (R-B2).
ORDER = (CASTILLO, *REGIONS)


def sheet_path() -> Path:
    """Where the sheet is kept (not created)."""

    return home_dir() / FILE_NAME


class SheetFileProblem(ValueError):
    """Why a sheet file cannot be used (the part after "cannot be used: ")."""


@dataclass(frozen=True)
class Opened:
    """What `load` found: the sheet (None: there is none yet, names come first), and why the
    file there was not used (None: it was, or there is none)."""

    sheet: Sheet | None
    path: Path
    problem: str | None = None
    #: Where an unusable file goes before the first write (None: nothing to keep aside).
    aside: Path | None = None
    #: Why the file is not used, the end of the sentence (`open_kept` says it again).
    problem_why: str | None = None


# --- reading ---------------------------------------------------------------------------------


def load(path: Path | None = None) -> Opened:
    """The sheet kept in `path` (default: `sheet_path()`). Never raises, never writes."""
    path = Path(path) if path is not None else sheet_path()
    try:
        text = _read(path)
    except FileNotFoundError:
        return Opened(None, path)
    except SheetFileProblem as exc:
        return _unusable(path, str(exc))
    if text is None:
        return Opened(None, path)
    try:
        return Opened(sheet_from_json(text), path)
    except SheetFileProblem as exc:
        return _unusable(path, str(exc))


def _read(path: Path) -> str | None:
    try:
        raw = read_regular(path, MAX_BYTES, follow=False)  # the data folder's own file
    except FileNotFoundError:
        raise
    except NotRegular as exc:
        if exc.kind == "a symbolic link":
            raise SheetFileProblem(t("sheet.file_link")) from None
        raise SheetFileProblem(t("sheet.file_not_file")) from None
    except TooBig:
        raise SheetFileProblem(t("sheet.file_too_big", kib=MAX_BYTES // 1024)) from None
    except OSError as exc:
        raise SheetFileProblem(t("sheet.file_unreadable", why=_reason(exc))) from None
    except ValueError as exc:  # a NUL in the name
        raise SheetFileProblem(t("sheet.file_unreadable", why=printable(str(exc)))) from None
    if not raw.strip():
        return None  # an empty file: no sheet yet
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SheetFileProblem(t("sheet.file_not_utf8")) from None


def sheet_from_json(text: str) -> Sheet:
    """The sheet a file's text holds; `SheetFileProblem` (a sentence) if it holds none."""
    try:
        data = json_of(text)
    except BadJSON as exc:
        if exc.kind == "deep":
            raise SheetFileProblem(t("sheet.file_json_deep")) from None
        if exc.kind == "digits":
            raise SheetFileProblem(t("sheet.file_number", n=exc.digits)) from None
        raise SheetFileProblem(t("sheet.file_json", line=exc.line, column=exc.column)) from None
    return sheet_from_data(data)


def sheet_from_data(data: Any) -> Sheet:
    """The sheet in parsed JSON (see `to_json` for the layout); `SheetFileProblem` if not."""
    top = _object(data, "", {"format", "version", "players", "current", "scorings"})
    if top.get("format") != FORMAT:
        raise SheetFileProblem(t("sheet.file_format"))
    version = top.get("version")
    if not _is_int(version) or version < 1:
        raise SheetFileProblem(_must("version", t("sheet.must_version"), version))
    if version > VERSION:
        raise SheetFileProblem(t("sheet.file_newer", found=version, known=VERSION))
    names = top.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SheetFileProblem(
            _must("players", t("sheet.must_players", low=MIN_PLAYERS, high=MAX_PLAYERS), names)
        )
    try:
        sheet = Sheet.new(names)
    except SheetError as exc:
        raise SheetFileProblem(_at("players", str(exc))) from None
    if len(sheet.names) != len(names):  # an empty name: the columns would shift
        raise SheetFileProblem(_at("players", t("name.err_empty")))
    scorings = top.get("scorings")
    if not isinstance(scorings, list) or len(scorings) != SCORINGS:
        raise SheetFileProblem(_must("scorings", t("sheet.must_scorings", n=SCORINGS), scorings))
    for k, item in enumerate(scorings):
        _read_board(sheet, k, item)
    current = top.get("current", 0)
    if not _is_int(current) or not 0 <= current < SCORINGS:
        raise SheetFileProblem(
            _must("current", t("sheet.must_current", last=SCORINGS - 1), current)
        )
    sheet.go_to(current)
    return sheet


def _read_board(sheet: Sheet, k: int, item: Any) -> None:
    """Scoring `k` from the file, entered through the sheet's own edits."""
    where = f"scorings[{k}]"
    board = _object(item, where, {"king", "homes", "scoreboards", "caballeros"})
    n = sheet.players
    counts = _object(board.get("caballeros", {}), f"{where}.caballeros", set(PLACES))
    for place, row in counts.items():
        here = f"{where}.caballeros.{place}"
        if not isinstance(row, list) or len(row) != n or not all(_is_int(c) for c in row):
            raise SheetFileProblem(_must(here, t("sheet.must_counts", n=n), row))
        for seat, count in enumerate(row):
            _edit(f"{here}[{seat}]", sheet.set_count, k, place, seat, count)
    king = board.get("king")
    if king is not None:
        if king not in REGIONS:
            raise SheetFileProblem(_must(f"{where}.king", t("sheet.must_region"), king))
        _edit(f"{where}.king", sheet.set_king, k, king)
    homes = board.get("homes", [None] * n)
    if not isinstance(homes, list) or len(homes) != n:
        raise SheetFileProblem(_must(f"{where}.homes", t("sheet.must_homes", n=n), homes))
    for seat, home in enumerate(homes):
        if home is not None:
            if home not in REGIONS:
                raise SheetFileProblem(
                    _must(f"{where}.homes[{seat}]", t("sheet.must_region"), home)
                )
            _edit(f"{where}.homes[{seat}]", sheet.set_home, k, seat, home)
    boards = _object(board.get("scoreboards", {}), f"{where}.scoreboards", set(SCOREBOARD_IDS))
    for board_id, place in boards.items():
        here = f"{where}.scoreboards.{board_id}"
        if place is not None and place not in PLACES:
            raise SheetFileProblem(_must(here, t("sheet.must_place"), place))
        _edit(here, sheet.set_scoreboard, k, board_id, place)


def _edit(where: str, edit: Any, *args: Any) -> None:
    try:
        edit(*args)
    except SheetError as exc:
        raise SheetFileProblem(_at(where, str(exc))) from None


def _object(value: Any, where: str, keys: set[str]) -> dict[str, Any]:
    """`value` as a JSON object whose keys are all among `keys`."""
    if not isinstance(value, dict):
        raise SheetFileProblem(_must(where or "the file", t("sheet.must_object"), value))
    for key in value:
        if key not in keys:
            shown = printable(fit(str(key), 40))
            found = f"{where}.{shown}" if where else shown
            raise SheetFileProblem(t("sheet.file_unknown", key=found))
    return value


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _at(where: str, why: str) -> str:
    return t("sheet.file_at", where=where, why=why.rstrip("."))


def _must(where: str, must: str, found: Any) -> str:
    if where == "the file":
        return t("sheet.file_format")
    return t("sheet.file_must", where=where, must=must, found=_found(found))


def _found(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = str(type(value).__name__)
    return printable(fit(text, 40))


def _reason(exc: OSError) -> str:
    return printable(exc.strerror or str(exc))


def _unusable(path: Path, why: str) -> Opened:
    aside = aside_path(path)
    problem = t(
        "sheet.file_problem",
        path=printable(str(path)),
        why=why.rstrip("."),
        aside=printable(aside.name),
    )
    return Opened(None, path, problem, aside, why.rstrip("."))


def open_kept(path: Path | None = None) -> Opened:
    """`load`, and a file that cannot be used set aside at once (renamed beside it, never
    followed if it is a link), so that it is said once: the next start finds none. If it
    cannot be renamed (a read-only folder), it is set aside at the first save instead."""
    opened = load(path)
    if opened.problem is None or opened.aside is None:
        return opened
    try:
        os.replace(opened.path, opened.aside)  # a rename: a link moves as a link
    except OSError:
        return opened  # `SheetFile.save` tries again before it writes
    why = opened.problem_why or ""
    problem = t(
        "sheet.file_set_aside",
        path=printable(str(opened.path)),
        why=why,
        aside=printable(opened.aside.name),
    )
    return Opened(None, opened.path, problem, None)


def aside_path(path: Path) -> Path:
    """A free name beside `path` for a file that cannot be used: ``sheet.bad.json``, then
    ``sheet.bad-2.json``…"""
    stem, suffix = path.stem, path.suffix
    for i in range(1, 1000):
        candidate = path.with_name(f"{stem}.bad{'' if i == 1 else f'-{i}'}{suffix}")
        if not candidate.exists() and not candidate.is_symlink():
            return candidate
    return path.with_name(f"{stem}.bad-{os.getpid()}{suffix}")


# --- writing ---------------------------------------------------------------------------------


def to_json(sheet: Sheet) -> str:
    """The sheet as its file holds it: one line a place, so a person can read and edit it."""

    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    lines = [
        "{",
        f'  "format": {dump(FORMAT)},',
        f'  "version": {VERSION},',
        f'  "players": {dump(sheet.names)},',
        f'  "current": {sheet.current},',
        '  "scorings": [',
    ]
    for k, board in enumerate(sheet.scorings):
        lines += [
            "    {",
            f'      "king": {dump(board.king)},',
            f'      "homes": {dump(board.homes)},',
            f'      "scoreboards": {dump(board.boards)},',
            '      "caballeros": {',
        ]
        rows = [f"        {dump(p)}: {dump(board.counts[p])}" for p in ORDER]
        lines.append(",\n".join(rows))
        lines += ["      }", "    }" + ("," if k < len(sheet.scorings) - 1 else "")]
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


class SheetFile:
    """The sheet's file, written after every edit (`save`); an unusable file found at
    `load` is first kept aside (`aside`), never written over."""

    def __init__(self, path: Path, aside: Path | None = None) -> None:
        self.path = path
        self.aside = aside
        #: Why the last write failed (None: it worked, or none was tried).
        self.problem: str | None = None

    @classmethod
    def of(cls, opened: Opened) -> SheetFile:
        return cls(opened.path, opened.aside)

    def save(self, sheet: Sheet) -> Path | None:
        """Write `sheet`; returns where an unusable file was just kept aside (else None).
        A failure sets `problem` (a sentence) and changes nothing on disk."""
        kept = None
        try:
            if self.aside is not None:
                if self.path.exists() or self.path.is_symlink():
                    if self.aside.exists() or self.aside.is_symlink():
                        self.aside = aside_path(self.path)  # taken meanwhile
                    os.replace(self.path, self.aside)
                    kept = self.aside
                self.aside = None
            atomic_write_text(self.path, to_json(sheet))
        except OSError as exc:
            self.problem = t("sheet.save_problem", path=printable(str(self.path)), why=_reason(exc))
            return kept
        self.problem = None
        return kept
