"""Text from people and files: one set of rules for player names, and safe display.

A name enters the game in five ways — the new-game form, ``--players``, ``--bots``, the
settings file's players and a loaded save file — and every one of them calls
:func:`names_problem` (or :func:`name_problem`). The rules (docs/app.md, "Names"):

- surrounding white space is trimmed and the name is NFC-normalised (:func:`normalise`);
- it may not be empty;
- it may hold no control or format characters: C0 and C1 controls, DEL, line and paragraph
  separators, bidirectional overrides and isolates, zero-width characters, soft hyphens,
  surrogates, private-use and unassigned code points (they can move the cursor, rewrite the
  terminal's title or clipboard, reorder text, or have no known width);
- a new name is at most :data:`MAX_NAME_CELLS` terminal cells wide (a Hangul syllable or an
  emoji is 2 cells) and at most :data:`MAX_NAME_CHARS` code points long — the save format's
  own limit, so that every name a new game accepts can be saved;
- a new name must be seen: not only blanks, no invisible character in it (Default_Ignorable
  code points such as variation selectors, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0,
  the braille blank U+2800), and not starting with a combining mark (nothing to sit on);
- a new name must be drawn as wide as it is measured: no character the terminal draws at
  another width than the game measures (the emoji modifiers U+1F3FB–U+1F3FF, the variation
  selectors VS15 and VS16, the keycap U+20E3), and, where the C library tells (`wcwidth`),
  no name whose width there differs from the game's (Rich's);
- names are unique after NFC normalisation and case folding, and the new names of one table
  may not look alike (:mod:`el_grande.confusables`: Unicode's confusable skeleton).

A save written by an earlier version may hold names up to :data:`LEGACY_MAX_CHARS`
characters, and names the new rules refuse: they load (``legacy=True``), and are shown
shortened (:func:`fit`).

Showing text: widgets build ``rich.text.Text`` / Textual ``Content`` from parts, never markup
strings; :func:`printable` makes any text from a file safe for a terminal line (controls become
visible escapes), and :func:`fit` / :func:`pad` cut and align by terminal cells.
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable, Iterable

from rich.cells import cell_len, set_cell_size

from el_grande.confusables import default_ignorable, skeleton
from el_grande.text import t

MAX_NAME_CELLS = 12
"""Widest new name, in terminal cells."""

LEGACY_MAX_CHARS = 40
"""Longest name a save file may hold (what version 0.1.0 accepted)."""

MAX_NAME_CHARS = LEGACY_MAX_CHARS
"""Longest new name, in code points: the save format's limit (`a` and 50 combining accents,
1 cell, once passed the form and could never be saved)."""

#: Blank and invisible characters that are no format characters: the Hangul fillers and the
#: braille blank (a name of them would look like no name, or like another name).
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: What terminals draw at another width than Rich measures: the emoji modifiers (skin
#: tones), the text and emoji variation selectors and the combining keycap.
_OTHER_WIDTH = frozenset(["\u20e3", "\ufe0e", "\ufe0f", *(chr(c) for c in range(0x1F3FB, 0x1F400))])

#: Unicode general categories a name (or any displayed text) may not contain.
_FORBIDDEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def normalise(name: str) -> str:
    """The name as stored and compared: NFC, surrounding white space trimmed."""
    return unicodedata.normalize("NFC", name).strip()


def key(name: str) -> str:
    """What two names must not share (case-insensitive, NFC)."""
    return unicodedata.normalize("NFC", normalise(name).casefold())


def person_key(name: str) -> str:
    """Who a name is, across games (the games database's people): its look once case-folded
    (NFKC), the confusable skeleton of UTS #39 — `Ana`, `ANA`, fullwidth `Ａｎａ` and
    Cyrillic `Аna` are one person."""
    name = normalise(name)
    return skeleton(unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold()))


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
    :data:`LEGACY_MAX_CHARS` characters and no other rule than the controls'.
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
        return None
    if len(name) > MAX_NAME_CHARS:
        return t("name.err_long", name=fit(name, 20), n=MAX_NAME_CHARS, count=len(name))
    if all(ch.isspace() or _invisible(ch) for ch in name):
        return t("name.err_blank")
    if unicodedata.category(name[0]).startswith("M"):
        return t("name.err_mark_first", char=describe_char(name[0]))
    other = next((ch for ch in name if ch in _OTHER_WIDTH), None)
    if other is not None:
        return t("name.err_other_width", name=name, char=describe_char(other))
    hidden = next((ch for ch in name if _invisible(ch)), None)
    if hidden is not None:
        return t("name.err_invisible", name=name, char=describe_char(hidden))
    if cell_len(name) > MAX_NAME_CELLS:
        return t("name.err_wide", name=name, n=MAX_NAME_CELLS, width=cell_len(name))
    drawn = None if name.isascii() else terminal_width(name)  # (ASCII: a cell a letter)
    if drawn is not None and drawn != cell_len(name):
        return t("name.err_drawn_wide", name=name, drawn=drawn, width=cell_len(name))
    return None


def _invisible(ch: str) -> bool:
    return ch in _INVISIBLE or default_ignorable(ch)


def names_problem(names: Iterable[str], *, legacy: bool = False) -> str | None:
    """The first problem with a table's names (each as :func:`name_problem`, then unique;
    new names may not look alike either)."""
    seen: dict[str, str] = {}
    looks: dict[str, str] = {}
    for name in names:
        problem = name_problem(name, legacy=legacy)
        if problem is not None:
            return problem
        k = key(name)
        if k in seen:
            return t("name.err_dup", name=normalise(name))
        seen[k] = name
        if legacy:
            continue
        for look in looks_of(name):
            if look in looks:
                return t("name.err_confusable", name=normalise(name), other=looks[look])
        looks.update(dict.fromkeys(looks_of(name), normalise(name)))
    return None


def looks_of(name: str) -> set[str]:
    """How a name looks, for telling names apart: the confusable skeleton (UTS #39) of the
    name as written and of its NFKC case-folded form (so that `Аna` in Cyrillic, `ANA`,
    fullwidth `Ａｎａ` and `Ana` all look alike; `AI` and `Al` too)."""
    name = normalise(name)
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return {skeleton(name), skeleton(folded)}


# --- the terminal's width --------------------------------------------------------------------


def terminal_width(text: str) -> int | None:
    """Cells the terminal draws `text` in, by the C library's `wcwidth` of each code point
    (what most terminals follow); None where there is no such library, or where it cannot
    tell (a locale that is not UTF-8, a character it does not know)."""
    wcwidth = _wcwidth()
    if wcwidth is None:
        return None
    total = 0
    for ch in text:
        cells = wcwidth(ch)
        if cells < 0:
            return None
        total += cells
    return total


_WCWIDTH: list[Callable[[str], int] | None] = []


def _wcwidth() -> Callable[[str], int] | None:
    """libc's `wcwidth`, if there is one that knows Unicode here (tested on "é" and "가")."""
    if not _WCWIDTH:
        _WCWIDTH.append(_load_wcwidth())
    return _WCWIDTH[0]


def _load_wcwidth() -> Callable[[str], int] | None:
    import ctypes  # start-up: only once a name is measured against the terminal

    if sys.platform == "win32":
        return None  # no wcwidth in the C library
    try:
        function = ctypes.CDLL(None).wcwidth  # the C library the interpreter runs on
    except (OSError, AttributeError, TypeError):
        return None
    function.argtypes = [ctypes.c_wchar]
    function.restype = ctypes.c_int
    if ctypes.sizeof(ctypes.c_wchar) < 4 or function("é") != 1 or function("가") != 2:
        return None  # a locale that is not UTF-8, or 16-bit wide characters
    return function


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


#: Opening and closing quotation marks (the English catalogue's and the Korean one's).
QUOTES = {"“": "”", "‘": "’", "«": "»", "「": "」"}


def fit_quoted(text: str, cells: int) -> str:
    """`text` in at most `cells` cells, like :func:`fit`, but a quotation in it ("Scoring:
    “Disk: 2 home”") is what shortens, inside its marks: the closing mark stays."""
    if cell_len(text) <= cells:
        return text
    opening = next((i for i, ch in enumerate(text) if ch in QUOTES), None)
    closing = None if opening is None else text.rfind(QUOTES[text[opening]])
    if opening is None or closing is None or closing <= opening:
        return fit(text, cells)
    head, inside, tail = text[: opening + 1], text[opening + 1 : closing], text[closing:]
    room = cells - cell_len(head) - cell_len(tail)
    if room < 2:  # no room for a word and "…": the whole line shortens
        return fit(text, cells)
    return head + fit(inside, room) + tail


def pad(text: str, cells: int, align: str = "left") -> str:
    """`text` cut (see :func:`fit`) and padded with spaces to exactly `cells` cells."""
    text = fit(text, cells)
    gap = " " * (cells - cell_len(text))
    return gap + text if align == "right" else text + gap
