"""Text from people and files: one set of rules for player names, and safe display.

A name enters the game in four ways — the new-game form, ``--players``, ``--bots`` and a loaded
save file — and every one of them calls :func:`names_problem` (or :func:`name_problem`). The
rules (docs/app.md, "Names"):

- surrounding white space is trimmed and the name is NFC-normalised (:func:`normalise`);
- it may not be empty;
- it may hold no control or format characters: C0 and C1 controls, DEL, line and paragraph
  separators, bidirectional overrides and isolates, zero-width characters, soft hyphens,
  surrogates, private-use and unassigned code points (they can move the cursor, rewrite the
  terminal's title or clipboard, reorder text, or have no known width);
- a new name is at most :data:`MAX_NAME_CELLS` terminal cells wide (a Hangul syllable or an
  emoji is 2 cells); a save written by an earlier version may hold names up to
  :data:`LEGACY_MAX_CHARS` characters: they load, and are shown shortened (:func:`fit`);
- names are unique after NFC normalisation and case folding.

Showing text: widgets build ``rich.text.Text`` / Textual ``Content`` from parts, never markup
strings; :func:`printable` makes any text from a file safe for a terminal line (controls become
visible escapes), and :func:`fit` / :func:`pad` cut and align by terminal cells.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from rich.cells import cell_len, set_cell_size

from el_grande.text import t

MAX_NAME_CELLS = 12
"""Widest new name, in terminal cells."""

LEGACY_MAX_CHARS = 40
"""Longest name a save file may hold (what version 0.1.0 accepted)."""

#: Unicode general categories a name (or any displayed text) may not contain.
_FORBIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def normalise(name: str) -> str:
    """The name as stored and compared: NFC, surrounding white space trimmed."""
    return unicodedata.normalize("NFC", name).strip()


def key(name: str) -> str:
    """What two names must not share (case-insensitive, NFC)."""
    return unicodedata.normalize("NFC", normalise(name).casefold())


def forbidden_char(text: str) -> str | None:
    """The first character of `text` that may not be shown or stored in a name, or None."""
    for ch in text:
        if unicodedata.category(ch) in _FORBIDDEN:
            return ch
    return None


def describe_char(ch: str) -> str:
    """``U+001B`` (and its Unicode name when it has one), for a message."""
    label = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {label}" if label else "")


def name_problem(name: str, *, legacy: bool = False) -> str | None:
    """The first rule `name` breaks, as a sentence for the player, or None if it is fine.

    `legacy`: the name comes from a save file, where earlier versions allowed up to
    :data:`LEGACY_MAX_CHARS` characters instead of :data:`MAX_NAME_CELLS` cells.
    """
    name = normalise(name)
    if not name:
        return t("name.err_empty")
    bad = forbidden_char(name)
    if bad is not None:
        return t("name.err_control", name=printable(name), char=describe_char(bad))
    if legacy:
        if len(name) > LEGACY_MAX_CHARS:
            return t("name.err_legacy_long", name=fit(name, 20), n=LEGACY_MAX_CHARS)
    elif cell_len(name) > MAX_NAME_CELLS:
        return t("name.err_wide", name=name, n=MAX_NAME_CELLS, width=cell_len(name))
    return None


def names_problem(names: Iterable[str], *, legacy: bool = False) -> str | None:
    """The first problem with a table's names (each as :func:`name_problem`, then unique)."""
    seen: set[str] = set()
    for name in names:
        problem = name_problem(name, legacy=legacy)
        if problem is not None:
            return problem
        k = key(name)
        if k in seen:
            return t("name.err_dup", name=normalise(name))
        seen.add(k)
    return None


# --- showing text ------------------------------------------------------------------------------


def printable(text: str) -> str:
    """`text` with every control or format character written as a visible escape (``\\x1b``,
    ``\\u202e``): safe to print on a terminal, to put in a log line or a message."""
    if forbidden_char(text) is None:
        return text
    out = []
    for ch in text:
        if unicodedata.category(ch) in _FORBIDDEN:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)


def width(text: str) -> int:
    """Terminal cells `text` takes."""
    return cell_len(text)


def fit(text: str, cells: int) -> str:
    """`text` cut to at most `cells` terminal cells, ending in "…" when cut (never padded)."""
    if cell_len(text) <= cells:
        return text
    if cells <= 0:
        return ""
    return set_cell_size(text, cells - 1).rstrip() + "…"


def pad(text: str, cells: int, align: str = "left") -> str:
    """`text` cut (see :func:`fit`) and padded with spaces to exactly `cells` cells."""
    text = fit(text, cells)
    gap = " " * (cells - cell_len(text))
    return gap + text if align == "right" else text + gap
