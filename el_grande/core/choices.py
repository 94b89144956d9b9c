"""Choices: the small immutable values a player picks from, and their text notation."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, cast, get_args

from .board import PLACES, REGIONS
from .cards import CARDS, SCOREBOARD_IDS
from .kinds import Verb


class Choice(NamedTuple):
    """One legal answer to a decision: a verb and an optional argument.

    ``str(choice)`` is its notation (``"place aragon"``, ``"power 7"``, ``"done"``);
    :meth:`el_grande.core.Game.parse` turns the notation back into the value.
    Choices compare equal by value and are hashable; a ``Verb`` equals its string, so
    ``Choice("place", "aragon") == Choice("place", "aragon")``.
    """

    verb: Verb
    arg: str | int | None = None

    def __str__(self) -> str:
        return str(self.verb) if self.arg is None else f"{self.verb} {self.arg}"


class IllegalChoice(ValueError):
    """An answer that is not legal now, or text that is no choice at all.

    The message says why; the game is unchanged.
    """


_INTERN: dict[tuple[str, str | int | None], Choice] = {}


def ch(verb: Verb, arg: str | int | None = None) -> Choice:
    """The shared instance of a choice (choices are built on every step, so reuse them)."""
    key = (verb, arg)
    c = _INTERN.get(key)
    if c is None:
        c = _INTERN[key] = Choice(verb, arg)
    return c


def per_place(verb: Verb) -> tuple[Choice, ...]:
    """``verb PLACE`` for every place, indexed like ``PLACES`` (the Castillo last)."""
    return tuple(ch(verb, p) for p in PLACES)


# Choices used on every step, shared by the engine's modules.
DONE = ch("done")
PLACE_AT = per_place("place")
TO = per_place("to")
#: ``court 0`` ... ``court N``, by N (0-6).
COURT_UPTO = tuple(tuple(ch("court", k) for k in range(most + 1)) for most in range(7))

#: Verbs whose argument is a number.
INT_VERBS = frozenset({"power", "court", "whose", "retrieve"})
_VERBS = frozenset(get_args(Verb))


def parse_notation(text: str) -> Choice:
    """Parse notation into a Choice and check its syntax, not its legality (raises
    IllegalChoice saying what is wrong)."""
    if not isinstance(text, str):
        raise IllegalChoice(f"a choice must be text, not {type(text).__name__}")
    parts = text.split()
    if not parts or len(parts) > 2:
        raise IllegalChoice(f"cannot read {text!r}: expected 'verb' or 'verb argument'")
    word = parts[0]
    if len(parts) == 1:
        if text != word:
            raise IllegalChoice(f"cannot read {text!r}: write it as {word!r}")
    elif text != f"{word} {parts[1]}":
        raise IllegalChoice(f"cannot read {text!r}: write it as {word + ' ' + parts[1]!r}")
    if word not in _VERBS:
        raise IllegalChoice(f"cannot read {text!r}: unknown verb {word!r}")
    verb = cast(Verb, word)
    if len(parts) == 1:
        if verb not in _BARE_VERBS:
            raise IllegalChoice(f"cannot read {text!r}: {word!r} needs an argument")
        return ch(verb)
    arg: str | int = parts[1]
    if verb in INT_VERBS:
        try:
            arg = int(parts[1])
        except ValueError:
            raise IllegalChoice(f"cannot read {text!r}: {word!r} takes a whole number") from None
        if str(arg) != parts[1]:
            raise IllegalChoice(f"cannot read {text!r}: write the number as {arg}")
    check = _VERB_ARGS.get(verb)
    if check is None:
        raise IllegalChoice(f"cannot read {text!r}: {word!r} takes no argument")
    if not check(arg):
        raise IllegalChoice(f"cannot read {text!r}: {arg!r} is not a valid argument of {word!r}")
    return ch(verb, arg)


# What each verb's argument may be.
_REGION_ARGS = frozenset(REGIONS)
_PLACE_ARGS = frozenset(PLACES)
_VERB_ARGS: dict[Verb, Callable[[str | int], bool]] = {
    "power": lambda a: isinstance(a, int) and 1 <= a <= 13,
    "retrieve": lambda a: isinstance(a, int) and 1 <= a <= 13,
    "court": lambda a: isinstance(a, int) and 0 <= a <= 6,
    "whose": lambda a: isinstance(a, int) and 0 <= a <= 4,
    "recall": _REGION_ARGS.__contains__,
    "card": CARDS.__contains__,
    "from": _REGION_ARGS.__contains__,
    "to": _PLACE_ARGS.__contains__,
    "region": _REGION_ARGS.__contains__,
    "score": _PLACE_ARGS.__contains__,
    "king": _REGION_ARGS.__contains__,
    "grande": _REGION_ARGS.__contains__,
    "disk": _REGION_ARGS.__contains__,
    "return": lambda a: a == "court" or a in _REGION_ARGS,
    "board": lambda a: a in SCOREBOARD_IDS,
    "veto": lambda a: a in ("yes", "no"),
    "mode": lambda a: a in ("move", "place"),
    "place": _PLACE_ARGS.__contains__,
}
#: Verbs that stand alone (``place`` also takes a place).
_BARE_VERBS = frozenset({"place", "special", "skip", "done", "pass"})
assert set(_VERB_ARGS) | _BARE_VERBS == _VERBS
