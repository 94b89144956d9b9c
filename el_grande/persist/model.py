"""The save file: a pydantic model of a game record plus metadata, stored as indented JSON.

A save holds no board state at all: it is the seed, the options, the start player and the
list of choices in the core's text notation.  Loading replays every choice through the rules
core, so a file cannot describe a position the rules would not reach.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from el_grande import __version__
from el_grande.core.cards import CARD_STACK
from el_grande.files import BadJSON, json_of
from el_grande.hands import hands_of
from el_grande.hands import problem as hands_problem
from el_grande.limits import MAX_HINTS, coach_problem, known_ids
from el_grande.names import (
    describe_char,
    fit,
    forbidden_char,
    name_problem,
    names_problem,
    normalise,
    printable,
    width,
)
from el_grande.persist.errors import SaveFileError
from el_grande.text import t

FORMAT = "el-grande-save"
FORMAT_VERSION = 4
"""Bump when the meaning of a field changes; readers refuse files newer than they know.
Format 2 (El Grande 0.2) added `hints` and `hints_used`; format 3 the save's `name`; format 4
`held` (a turn's last choice waiting for its confirmation) and a seat's `played_by` (who
played it when); files of formats 1 to 3 still load."""

MAX_SAVE_NAME_CELLS = 30
"""The widest name a save may be given, in terminal cells."""

MAX_GAME_ID = 120
"""Longest game id (it is also the file name, before ``.json``)."""

# Device names Windows will not let a file be called, whatever the extension.
_RESERVED_STEMS = frozenset(
    {"con", "prn", "aux", "nul"} | {f"{d}{n}" for d in ("com", "lpt") for n in range(1, 10)}
)
_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")

# Strict: a value of the wrong JSON type is refused, never coerced ("yes" is not a bool, "2"
# is not a seat).  Saves are read with `model_validate_json`, where a datetime comes as text.
_STRICT = ConfigDict(extra="forbid", strict=True)


def game_id_problem(game_id: str) -> str | None:
    """Why `game_id` is not a plain, safe file name, or None.

    Letters, digits, ``_ . -``; not starting with ``.``, no ``..``, at most
    :data:`MAX_GAME_ID` characters, not a Windows device name.  (Every id El Grande writes
    is a time stamp and the players' names in letters, e.g. ``20261129-203015-Ana-Ben``.)
    """
    if not game_id:
        return "a game id may not be empty"
    if len(game_id) > MAX_GAME_ID:
        return f"a game id may be at most {MAX_GAME_ID} characters long"
    if not set(game_id) <= _ID_CHARS:
        return "a game id may hold only letters, digits, '_', '.' and '-'"
    if game_id.startswith("."):
        return "a game id may not start with '.'"
    if ".." in game_id:
        return "a game id may not hold '..'"
    if game_id.split(".")[0].casefold() in _RESERVED_STEMS:
        return f"a game id may not be the device name {game_id.split('.')[0]!r}"
    return None


def _seat_name_problem(name: str) -> str | None:
    """`names.name_problem` for a name from a file, with the name cut short in the sentence
    (a hostile file may hold a name of a million characters)."""
    problem = name_problem(name, legacy=True)
    if problem is not None and len(name) > 60:
        shown = printable(normalise(name))
        problem = problem.replace(shown, fit(shown, 40))
    return problem


_KIND = r"^[A-Za-z0-9_.:-]{1,40}$"


class Hand(BaseModel):
    """Format 4: from which decision on a kind played a seat (`el_grande.hands`)."""

    model_config = _STRICT

    at: int = Field(alias="from", ge=0, le=100_000)
    """The index (0-based) of the first decision `kind` played: the choices made before."""
    kind: str = Field(pattern=_KIND)


class Seat(BaseModel):
    """One player at the table."""

    model_config = _STRICT

    name: str
    """Any name `el_grande.names` accepts from a save (``legacy=True``): no control or
    format characters, at most 40 characters (new games: at most 12 cells)."""
    colour: str | None = Field(default=None, max_length=20)
    kind: str = Field(default="human", pattern=_KIND)
    """The app's seat kind: "human", or e.g. "bot:greedy", so a resumed game seats it again."""
    played_by: list[Hand] | None = Field(default=None, max_length=10_000)
    """Format 4: the seat's hands when it changed hands during the game (None: it did not,
    `kind` played it from the first decision)."""

    @property
    def hands(self) -> tuple[tuple[int, str], ...]:
        """The hands as `el_grande.hands` reads them (empty: `kind` from decision 0)."""
        return tuple((h.at, h.kind) for h in self.played_by or ())

    @model_validator(mode="after")
    def _hands_rules(self) -> Seat:
        problem = hands_problem(self.hands, self.kind)
        if problem is not None:
            raise ValueError(f"played_by: {problem}")
        return self

    @field_validator("name")
    @classmethod
    def _name_rules(cls, name: str) -> str:
        problem = _seat_name_problem(name)
        if problem is not None:
            raise ValueError(problem)
        return name


class SavedOptions(BaseModel):
    """The game options (R-O)."""

    model_config = _STRICT

    rounds: int = 9
    veto: bool = True
    castillo: Literal["open", "hidden"] = "open"

    @field_validator("rounds")
    @classmethod
    def _six_or_nine(cls, rounds: int) -> int:
        # Not Literal[6, 9]: pydantic's literal check lets 9.0 through even in strict mode.
        if rounds not in (6, 9):
            raise ValueError("rounds should be 6 or 9")
        return rounds


class SaveFile(BaseModel):
    """Everything in a save file.  `to_json`/`parse_save` are the only ways in and out."""

    model_config = _STRICT

    format: Literal["el-grande-save"] = "el-grande-save"
    version: int = FORMAT_VERSION
    app_version: str = __version__
    game_id: str
    created: datetime
    updated: datetime
    finished: bool = False
    seats: list[Seat] = Field(min_length=2, max_length=5)
    seed: int | str
    options: SavedOptions = SavedOptions()
    start_player: int | None = None
    choices: list[str]
    # Filled in by the writer for the resume list; never trusted on load (the replay decides).
    round: int | None = Field(default=None, ge=0, le=99)
    scores: list[int] | None = None
    # Format 2: whether the table allows hints, and how many each seat has asked for.
    hints: bool = True
    # Play saturates a count at the same bound (`el_grande.limits`): no hint outgrows the file.
    hints_used: list[Annotated[int, Field(ge=0, le=MAX_HINTS)]] = Field(default_factory=list)
    # Format 3: the name the players gave the save in the resume list (None: no name).
    name: str | None = None
    # Format 4: a turn's last choice held for its player's confirmation, in the core's text
    # notation, not yet in `choices` (None: nothing held; el_grande/flow/confirm.py).
    held: str | None = Field(default=None, max_length=100)
    # A coached game (optional; written only when set, so other saves stay as they were):
    # "learn" (the guided game) or "tips", and the lessons and tips it met, in order: each
    # once, each one play can meet (`el_grande.limits`), so play can never add one too many.
    coach: Literal["learn", "tips"] | None = None
    lessons: list[Annotated[str, Field(max_length=60)]] = Field(
        default_factory=list, max_length=len(known_ids(CARD_STACK))
    )

    @field_validator("lessons")
    @classmethod
    def _known_lessons(cls, lessons: list[str]) -> list[str]:
        problem = coach_problem(lessons, CARD_STACK)
        if problem is not None:
            raise ValueError(problem)
        return lessons

    @field_validator("name")
    @classmethod
    def _name_rules(cls, name: str | None) -> str | None:
        if name is None:
            return None
        problem = save_name_problem(name)
        if problem is not None:
            raise ValueError(problem)
        return normalise(name) or None

    @model_validator(mode="after")
    def _hints_per_seat(self) -> SaveFile:
        if self.hints_used and len(self.hints_used) != len(self.seats):
            raise ValueError("hints_used must count one number per seat")
        return self

    @model_validator(mode="after")
    def _hands(self) -> SaveFile:
        for at, seat in enumerate(self.seats):
            problem = hands_problem(seat.hands, seat.kind, len(self.choices))
            if problem is not None:
                name = fit(printable(seat.name), 40)
                raise ValueError(f"seats[{at}].played_by ({name}): {problem}")
        return self

    @field_validator("game_id")
    @classmethod
    def _safe_game_id(cls, game_id: str) -> str:
        problem = game_id_problem(game_id)
        if problem is not None:
            raise ValueError(problem)
        return game_id

    @field_validator("seed", mode="before")
    @classmethod
    def _seed_type(cls, seed: Any) -> Any:
        # One message instead of one per member of the union (int, str).
        if type(seed) not in (int, str):
            raise ValueError("a seed is a whole number or text")
        return seed

    @field_validator("created", "updated")
    @classmethod
    def _aware(cls, when: datetime) -> datetime:
        # Every file El Grande writes says UTC ("Z"); a hand-edited time without a zone is
        # taken as UTC too, so that times always compare.
        return when if when.tzinfo is not None else when.replace(tzinfo=UTC)

    @field_validator("seats")
    @classmethod
    def _distinct_names(cls, seats: list[Seat]) -> list[Seat]:
        problem = names_problem([s.name for s in seats], legacy=True)
        if problem is not None:
            raise ValueError(problem)
        return seats

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def seat_hands(self) -> list[tuple[tuple[int, str], ...]]:
        """Who played each seat when (`el_grande.hands`: the whole history of each)."""
        return [hands_of(s.kind, s.hands) for s in self.seats]

    def to_json(self) -> str:
        """Indented JSON, one choice (and one seat) per line: readable and diffable."""
        data = self.model_dump(mode="json", by_alias=True)
        for seat in data["seats"]:
            if seat.get("played_by") is None:
                seat.pop("played_by", None)  # a seat that never changed hands: as before
        if self.coach is None and not self.lessons:
            del data["coach"], data["lessons"]
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


def save_name_problem(name: str) -> str | None:
    """Why `name` cannot name a save (one sentence), or None.  An empty name is no name."""
    bad = forbidden_char(name)
    if bad is not None:
        return t("manage.name_control", char=describe_char(bad))
    if width(normalise(name)) > MAX_SAVE_NAME_CELLS:
        return t("manage.name_long", n=MAX_SAVE_NAME_CELLS)
    return None


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


def _message(msg: str) -> str:
    """A pydantic error message as the end of our sentence: no "Value error, " prefix, the
    first letter small, no final full stop."""
    for prefix in ("Value error, ", "Assertion failed, "):
        msg = msg.removeprefix(prefix)
    msg = msg.rstrip(".")
    return msg[:1].lower() + msg[1:]


def parse_save(text: str, where: str = "the save file") -> SaveFile:
    """Parse and validate the text of a save file (no replay yet).

    Strict: every value must already have the right JSON type (no "yes" for true, no "2"
    for 2).  Raises SaveFileError with one sentence naming `where` and the problem; `where`
    must already be printable (a path made safe with `el_grande.names.printable`).
    """
    if not text.strip():
        raise SaveFileError(f"{where} is empty.", path=where)
    try:
        data: Any = json_of(text)  # the one reading of JSON: huge numbers, deep nesting too
    except BadJSON as exc:
        if exc.kind == "deep":
            raise SaveFileError(
                f"{where} is not a save file: its JSON is nested too deeply to read.", path=where
            ) from None
        if exc.kind == "digits":
            raise SaveFileError(
                f"{where} is not a save file: it holds a number of more than {exc.digits} digits.",
                path=where,
            ) from None
        if exc.at >= len(text.rstrip()) or _unclosed(text):
            raise SaveFileError(
                f"{where} is truncated: the JSON stops before it is complete (line {exc.line}).",
                path=where,
            ) from None
        raise SaveFileError(
            f"{where} is not valid JSON: {exc.msg.lower()} at line {exc.line}, "
            f"column {exc.column}.",
            path=where,
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(
            f'{where} is not an El Grande save file (no "format": "{FORMAT}" at the top).',
            path=where,
        )
    version = data.get("version")
    if type(version) is not int or version < 1:
        shown = fit(printable(json.dumps(version, ensure_ascii=False)), 30)
        raise SaveFileError(
            f"{where} has an unknown save format version {shown} "
            f"(this version of El Grande reads format {FORMAT_VERSION}).",
            path=where,
        )
    if version > FORMAT_VERSION:
        app = data.get("app_version")
        by = f" (El Grande {printable(app)})" if isinstance(app, str) and len(app) < 30 else ""
        raise SaveFileError(
            f"{where} was written by a newer version of El Grande{by}: it uses save format "
            f"{fit(str(version), 20)}, this version reads format {FORMAT_VERSION}; "
            "please update El Grande.",
            path=where,
        )
    try:
        return SaveFile.model_validate_json(text, strict=True)
    except ValidationError as exc:
        errors = exc.errors()
        first = errors[0]
        if first["type"] == "json_invalid":  # pydantic's parser is stricter than json.loads
            msg = str(first["msg"]).removeprefix("Invalid JSON: ")
            raise SaveFileError(
                f"{where} is not a save file: its JSON is nested too deeply to read."
                if "recursion" in msg
                else f"{where} is not valid JSON: {printable(msg)}.",
                path=where,
            ) from None
        more = len(errors) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise SaveFileError(
            f"{where} does not match the save format at {_where(first['loc'])}: "
            f"{printable(_message(first['msg']))}{tail}.",
            path=where,
        ) from None
