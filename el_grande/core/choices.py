"""Choices: the small immutable values a player picks from, and their text notation."""

from __future__ import annotations

from typing import NamedTuple


class Choice(NamedTuple):
    """One legal answer to a decision: a verb and an optional argument.

    ``str(choice)`` is its notation (``"place aragon"``, ``"power 7"``, ``"done"``);
    :meth:`el_grande.core.Game.parse` turns the notation back into the value.
    Choices compare equal by value and are hashable.
    """

    verb: str
    arg: str | int | None = None

    def __str__(self) -> str:
        return self.verb if self.arg is None else f"{self.verb} {self.arg}"


class IllegalChoice(ValueError):
    """An answer that is not legal now, or text that is no choice at all.

    The message says why; the game is unchanged.
    """


_INTERN: dict[tuple[str, str | int | None], Choice] = {}


def ch(verb: str, arg: str | int | None = None) -> Choice:
    """The shared instance of a choice (choices are built on every step, so reuse them)."""
    key = (verb, arg)
    c = _INTERN.get(key)
    if c is None:
        c = _INTERN[key] = Choice(verb, arg)
    return c


#: Verbs whose argument is a number.
INT_VERBS = frozenset({"power", "court", "whose", "retrieve"})


def parse_notation(text: str) -> Choice:
    """Parse notation into a Choice without checking legality (raises IllegalChoice)."""
    if not isinstance(text, str):
        raise IllegalChoice(f"a choice must be text, not {type(text).__name__}")
    parts = text.split()
    if not parts or len(parts) > 2:
        raise IllegalChoice(f"cannot read {text!r}: expected 'verb' or 'verb argument'")
    verb = parts[0]
    if len(parts) == 1:
        if text != verb:
            raise IllegalChoice(f"cannot read {text!r}: write it as {verb!r}")
        return ch(verb)
    arg: str | int = parts[1]
    if text != f"{verb} {parts[1]}":
        raise IllegalChoice(f"cannot read {text!r}: write it as {verb + ' ' + parts[1]!r}")
    if verb in INT_VERBS:
        try:
            arg = int(parts[1])
        except ValueError:
            raise IllegalChoice(f"cannot read {text!r}: {verb!r} takes a whole number") from None
        if str(arg) != parts[1]:
            raise IllegalChoice(f"cannot read {text!r}: write the number as {arg}")
    return ch(verb, arg)
