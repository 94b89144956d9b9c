"""The save file: a pydantic model of a game record plus metadata, stored as indented JSON.

A save holds no board state at all: it is the seed, the options, the start player and the
list of choices in the core's text notation.  Loading replays every choice through the rules
core, so a file cannot describe a position the rules would not reach.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from el_grande import __version__
from el_grande.persist.errors import SaveFileError

FORMAT = "el-grande-save"
FORMAT_VERSION = 1
"""Bump when the meaning of a field changes; readers refuse files newer than they know."""


class Seat(BaseModel):
    """One player at the table."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    colour: str | None = Field(default=None, max_length=20)
    kind: str = Field(default="human", pattern=r"^[A-Za-z0-9_.:-]{1,40}$")
    """The app's seat kind: "human", or e.g. "bot:greedy", so a resumed game seats it again."""


class SavedOptions(BaseModel):
    """The game options (R-O)."""

    model_config = ConfigDict(extra="forbid")

    rounds: Literal[6, 9] = 9
    veto: bool = True
    castillo: Literal["open", "hidden"] = "open"


class SaveFile(BaseModel):
    """Everything in a save file.  `to_json`/`parse_save` are the only ways in and out."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["el-grande-save"] = "el-grande-save"
    version: int = FORMAT_VERSION
    app_version: str = __version__
    game_id: str = Field(min_length=1, max_length=120, pattern=r"^[A-Za-z0-9_.-]+$")
    created: datetime
    updated: datetime
    finished: bool = False
    seats: list[Seat] = Field(min_length=2, max_length=5)
    seed: int | str
    options: SavedOptions = SavedOptions()
    start_player: int | None = None
    choices: list[str] = []
    # Filled in by the writer for the resume list; never trusted on load (the replay decides).
    round: int | None = None
    scores: list[int] | None = None

    @field_validator("seats")
    @classmethod
    def _distinct_names(cls, seats: list[Seat]) -> list[Seat]:
        names = [s.name for s in seats]
        if len(set(names)) != len(names):
            raise ValueError("player names must be distinct")
        return seats

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def to_json(self) -> str:
        """Indented JSON, one choice (and one seat) per line: readable and diffable."""
        data = self.model_dump(mode="json")
        parts = []
        for key, value in data.items():
            if key in ("seats", "choices") and value:
                items = ",\n".join(f"    {_compact(v)}" for v in value)
                parts.append(f"  {json.dumps(key)}: [\n{items}\n  ]")
            else:
                parts.append(f"  {json.dumps(key)}: {_compact(value)}")
        return "{\n" + ",\n".join(parts) + "\n}\n"

    def touch(self) -> None:
        self.updated = now()


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def _where(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "the top level"


def _unclosed(text: str) -> bool:
    """True if `text` ends inside a string or with brackets still open: a cut-off file."""
    depth, in_str, esc = 0, False, False
    for c in text:
        if in_str:
            if esc:
                esc = False
            elif c == "\\":
                esc = True
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
    return in_str or depth > 0


def parse_save(text: str, where: str = "the save file") -> SaveFile:
    """Parse and validate the text of a save file (no replay yet).

    Raises SaveFileError with one sentence naming `where` and the problem.
    """
    if not text.strip():
        raise SaveFileError(f"{where} is empty.", path=where)
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) or _unclosed(text):
            raise SaveFileError(
                f"{where} is truncated: the JSON stops before it is complete (line {exc.lineno}).",
                path=where,
            ) from None
        raise SaveFileError(
            f"{where} is not valid JSON: {exc.msg.lower()} at line {exc.lineno}, "
            f"column {exc.colno}.",
            path=where,
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(
            f'{where} is not an El Grande save file (no "format": "{FORMAT}" at the top).',
            path=where,
        )
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise SaveFileError(
            f"{where} has an unknown save format version {json.dumps(version)} "
            f"(this version of El Grande reads format {FORMAT_VERSION}).",
            path=where,
        )
    if version > FORMAT_VERSION:
        app = data.get("app_version")
        by = f" (El Grande {app})" if isinstance(app, str) and len(app) < 30 else ""
        raise SaveFileError(
            f"{where} was written by a newer version of El Grande{by}: it uses save format "
            f"{version}, this version reads format {FORMAT_VERSION}; please update El Grande.",
            path=where,
        )
    try:
        return SaveFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        more = len(exc.errors()) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise SaveFileError(
            f"{where} does not match the save format at {_where(first['loc'])}: "
            f"{first['msg'][0].lower()}{first['msg'][1:]}{tail}.",
            path=where,
        ) from None
