"""The codes of a hosted table: one join code per person's seat and one watch code (plain
Python, standard library only).

A code is what a screen says in its `hello` to take a seat (or to watch): 12 characters of
Crockford's base32 (no I, L, O or U: nothing to misread), 60 bits drawn from the system's
random source, shown as `XXXX-XXXX-XXXX`. What a person types is normalised before it is
compared (upper case; dashes and spaces dropped; O read as 0, I and L as 1), and compared
with `hmac.compare_digest` against every code of the table, so the time an answer takes
tells nothing of how close a guess was.

The codes are kept beside the game's autosave, in `codes_path(save)` (written atomically,
readable by its owner only: mode 0600), so that `el-grande host --resume` opens the same
seats to the same people; they are never in the save itself, an export or a log line (their
`repr` shows none of them).
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal, Protocol

from el_grande.atomic import atomic_write_text
from el_grande.files import read_regular

__all__ = [
    "ALPHABET",
    "LENGTH",
    "WATCH",
    "Codes",
    "CodesError",
    "codes_path",
    "normalise",
    "read_codes",
    "write_codes",
]

#: Crockford's base32: digits and letters without I, L, O and U.
ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: Characters in a code (60 bits); shown in groups of `GROUP`.
LENGTH: Final = 12
GROUP: Final = 4
#: What `Codes.opens` returns for the watch code.
WATCH: Final = "watch"
#: The codes file's version, and the most bytes it may hold.
VERSION: Final = 1
LIMIT: Final = 4096

_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


class Source(Protocol):
    """Where a code's characters come from (`secrets.SystemRandom()`; a seeded
    `random.Random` in tests)."""

    def choice(self, seq: str) -> str: ...


class CodesError(ValueError):
    """A codes file that cannot be read back (one sentence; never a code in it)."""


def normalise(text: str) -> str:
    """A code as typed, made comparable: upper case, without dashes and white space, O read
    as 0 and I, L as 1 (Crockford's reading)."""
    kept = "".join(c for c in text if c not in "-" and not c.isspace())
    return kept.upper().translate(_READ_AS)


def _shown(raw: str) -> str:
    return "-".join(raw[i : i + GROUP] for i in range(0, len(raw), GROUP))


def _valid(code: str) -> bool:
    raw = normalise(code)
    return len(raw) == LENGTH and all(c in ALPHABET for c in raw)


@dataclass(frozen=True)
class Codes:
    """The codes of one table: `seats[i]` the join code of seat i (None: a computer
    player's seat, which no screen takes), `watch` the spectators' code. Codes are kept as
    they are shown (`XXXX-XXXX-XXXX`)."""

    seats: tuple[str | None, ...]
    watch: str

    def __post_init__(self) -> None:
        every = [c for c in (*self.seats, self.watch) if c is not None]
        if not all(_valid(c) for c in every):
            raise CodesError("A table's codes are 12 characters of base32 each.")
        if len({normalise(c) for c in every}) != len(every):
            raise CodesError("A table's codes are all different.")

    def __repr__(self) -> str:  # (a code is never in a log line or an exception's text)
        seats = "".join("s" if c is not None else "-" for c in self.seats)
        return f"Codes(seats={seats!r}, watch=…)"

    __str__ = __repr__

    @classmethod
    def new(cls, humans: Sequence[bool], source: Source | None = None) -> Codes:
        """New codes for a table whose seat i is a person's when `humans[i]` (the others get
        none), and a watch code; from `source` (the system's random source by default)."""
        draw = secrets.SystemRandom() if source is None else source
        taken: set[str] = set()

        def one() -> str:
            while True:
                raw = "".join(draw.choice(ALPHABET) for _ in range(LENGTH))
                if raw not in taken:
                    taken.add(raw)
                    return _shown(raw)

        seats = tuple(one() if human else None for human in humans)
        return cls(seats, one())

    def opens(self, text: str) -> int | Literal["watch"] | None:
        """What the code `text` opens: a seat's index, `WATCH`, or None (no code of this
        table). Every code is compared, in constant time, whatever matches first."""
        typed = normalise(text).encode("utf-8", "replace")
        found: int | Literal["watch"] | None = None
        for seat, code in enumerate(self.seats):
            if code is not None and hmac.compare_digest(typed, normalise(code).encode()):
                found = seat
        if hmac.compare_digest(typed, normalise(self.watch).encode()):
            found = WATCH
        return found

    def to_json(self) -> str:
        return json.dumps({"version": VERSION, "seats": list(self.seats), "watch": self.watch})

    @classmethod
    def from_json(cls, text: str) -> Codes:
        """The codes of `to_json`'s text; `CodesError` for anything else."""
        try:
            data = json.loads(text)
        except ValueError:
            raise CodesError("The codes file is not JSON.") from None
        if not isinstance(data, dict) or set(data) != {"version", "seats", "watch"}:
            raise CodesError("The codes file does not hold a table's codes.")
        if data["version"] != VERSION:
            raise CodesError("The codes file was written by another version of El Grande.")
        seats, watch = data["seats"], data["watch"]
        if not isinstance(seats, list) or not isinstance(watch, str):
            raise CodesError("The codes file does not hold a table's codes.")
        if not all(c is None or isinstance(c, str) for c in seats) or not 2 <= len(seats) <= 5:
            raise CodesError("The codes file does not hold a table's codes.")
        return cls(tuple(seats), watch)


def codes_path(save_path: Path) -> Path:
    """Where a game's codes are kept: beside its autosave, hidden (`game.json` ->
    `.game.codes`), never `*.json`, which the saves' list reads as saves."""
    path = Path(save_path)
    return path.with_name(f".{path.stem}.codes")


def write_codes(path: Path, codes: Codes) -> None:
    """Write `codes` to `path` atomically (`el_grande.atomic`: a temp file in the same folder,
    fsync, rename over), readable and writable by its owner only: the temp file is made by
    `mkstemp`, mode 0600 whatever the umask, and renamed, never copied."""
    atomic_write_text(Path(path), codes.to_json())


def read_codes(path: Path) -> Codes:
    """The codes kept at `path` (`write_codes`): OSError if it cannot be read (missing, not a
    regular file, too big), `CodesError` if it holds no table's codes."""
    data = read_regular(Path(path), LIMIT, follow=False)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise CodesError("The codes file is not text.") from None
    return Codes.from_json(text)
