"""Whether two names look alike: the confusable skeleton of Unicode's UTS #39 (section 4).

`skeleton(x) == skeleton(y)` means that x and y may be told apart only by their code points,
not by their look (`Ana` and Cyrillic `Аna`, fullwidth `Ａｎａ`, `rn` and `m`, `l` and `I`).
The data is Unicode's own `confusables.txt`, version 13.0.0, shipped unchanged in
`el_grande/data/` with its licence (`LICENSE-UNICODE.txt`): no well-kept library on the
package index computes the skeleton. It is read once, when first needed (about 6 300 lines).

    skeleton(X) = NFD(the prototype of each character of NFD(X), Default_Ignorable removed)

Standard library only.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path

#: The Unicode version of the shipped data (its header says so too).
VERSION = "13.0.0"
DATA = "confusables.txt"

#: Default_Ignorable_Code_Point (DerivedCoreProperties.txt): drawn as nothing.
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)


def default_ignorable(ch: str) -> bool:
    """Whether `ch` has Unicode's Default_Ignorable_Code_Point property."""
    code = ord(ch)
    return any(low <= code <= high for low, high in DEFAULT_IGNORABLE)


@cache
def prototypes() -> dict[str, str]:
    """source character → its prototype (one or more characters), from `confusables.txt`."""
    # (A plain read: importlib.resources would cost more to import than the file to read.)
    text = (Path(__file__).parent / "data" / DATA).read_text(encoding="utf-8-sig")
    entry = re.compile(r"^([0-9A-F]+)\s*;\s*([0-9A-F ]+?)\s*;", re.MULTILINE)
    return {
        chr(int(source, 16)): "".join(chr(int(code, 16)) for code in target.split())
        for source, target in entry.findall(text)
    }


#: The entries of `confusables.txt` for ASCII characters: all a skeleton of ASCII text needs,
#: so that a table of ASCII names (most tables) reads no file (a test checks them).
ASCII_PROTOTYPES = {
    "`": "'",
    '"': "''",
    "|": "l",
    "1": "l",
    "I": "l",
    "0": "O",
    "%": "\u00ba/\u2080",
    "m": "rn",
}


def skeleton(text: str) -> str:
    """The confusable skeleton of `text` (UTS #39): equal skeletons look alike."""
    table = ASCII_PROTOTYPES if text.isascii() else prototypes()
    nfd = unicodedata.normalize("NFD", text)
    mapped = "".join(table.get(ch, ch) for ch in nfd if not default_ignorable(ch))
    return unicodedata.normalize("NFD", mapped)
