"""A player's name as a piece of a file name (the game id): ASCII letters and digits only, so
a save's file name is safe everywhere (no path separator, no control or invisible character,
the same bytes on every file system) and old readers still take it (`model.game_id_problem`).

Latin letters lose their accents (Zoë → Zoe); Hangul is romanized by the Revised Romanization
of Korean, syllable by syllable (김민준 → Gimminjun, 서연 → Seoyeon: readable, if not how the
person would spell it); a name with nothing of either is its seat (``p3``). Standard library
only.
"""

from __future__ import annotations

import re
import unicodedata


def _letters(spelled: str) -> tuple[str, ...]:
    return tuple(spelled.split())


# Revised Romanization, letter by letter: initial consonants (ㅇ: none), vowels, finals.
_INITIALS = _letters("g kk n d tt r m b pp s ss - j jj ch k t p h")
_MEDIALS = _letters("a ae ya yae eo e yeo ye o wa wae oe yo u wo we wi yu eu ui i")
_FINALS = ("", *_letters("k k k n n n t l k m l l l p l m p p t t ng t t k t p t"))
_HANGUL_FIRST, _HANGUL_LAST = 0xAC00, 0xD7A3
#: Cells of a name in the id, at most.
NAME_PART = 12


def _romanized(ch: str) -> str:
    code = ord(ch) - _HANGUL_FIRST
    initial, rest = divmod(code, 21 * 28)
    medial, final = divmod(rest, 28)
    return _INITIALS[initial].strip("-") + _MEDIALS[medial] + _FINALS[final]


def name_slug(name: str) -> str:
    """`name` in ASCII letters and digits, at most `NAME_PART` of them ('' if none)."""
    out = []
    hangul = False
    for ch in unicodedata.normalize("NFC", name):
        was, hangul = hangul, _HANGUL_FIRST <= ord(ch) <= _HANGUL_LAST
        if hangul:
            syllable = _romanized(ch)
            out.append(syllable if was else syllable.capitalize())  # a word: a capital
        else:
            out.append(unicodedata.normalize("NFKD", ch))  # é → e + a combining accent
    return re.sub(r"[^A-Za-z0-9]+", "", "".join(out))[:NAME_PART]
