"""A table to be seated: who sits where (name, colour, human or computer) and the options,
as the new-game form, the command line or a save file give them, for `Game.new`.

Plain dataclasses, no Textual, no pydantic (the save file's own model is in `persist`): the
session, the save files and the app all use these. `SeatSetup.kind` is a `SeatKind`: "human"
or a computer player ("bot:random", "bot:greedy", "bot:strong"); a save file from elsewhere may
hold a kind this version does not know, which a human then plays (`bot_level`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import field, replace
from enum import StrEnum

from el_grande.bots.registry import LEVELS as BOT_LEVELS  # stdlib only: start-up stays light
from el_grande.bots.registry import level_ids
from el_grande.hands import BOT_PREFIX
from el_grande.hands import bot_level as bot_level  # (the one reading of a kind, here too)
from el_grande.names import key, names_problem, normalise, printable, width
from el_grande.records import record
from el_grande.text import t

COLOURS: tuple[str, ...] = ("yellow", "red", "green", "blue", "purple", "cyan", "orange", "white")


class SeatKind(StrEnum):
    """Who plays a seat. A member is its string, the one save files hold: "human", or
    "bot:<level>" for every level of the bot registry (`el_grande.bots.registry`)."""

    HUMAN = "human"
    RANDOM = "bot:random"
    GREEDY = "bot:greedy"
    STRONG = "bot:strong"


#: Seat kinds the new-game form offers, with their catalogue keys; other helpers register more
#: (see `register_kind`).
KINDS: dict[str, str] = {SeatKind.HUMAN: "kind.human"}

MIN_PLAYERS, MAX_PLAYERS = 2, 5


def register_kind(kind: str, label_key: str) -> None:
    """Offer another seat kind (e.g. a bot) in the new-game form."""
    KINDS[kind] = label_key


for _level in BOT_LEVELS:
    register_kind(f"{BOT_PREFIX}{_level.id}", _level.seat_key)


def bot_kind(level: str) -> str:
    """The seat kind of a bot level: "greedy" -> "bot:greedy"."""
    return f"{BOT_PREFIX}{level}"


@record
class SeatSetup:
    name: str
    colour: str
    kind: str = SeatKind.HUMAN  # a SeatKind, or a kind from elsewhere (played by a human)
    #: Who played the seat when (`el_grande.hands`): (from decision, kind) pairs ending with
    #: `kind`; empty: `kind` from the first decision.
    played_by: tuple[tuple[int, str], ...] = ()


@record
class GameSetup:
    seats: tuple[SeatSetup, ...]
    seed: int | None = None
    rounds: int = 9
    veto: bool = True
    castillo: str = "open"
    start_player: int | None = None  # None: drawn from the seed (R-S5)
    #: The seed actually used (filled by `resolved()` when `seed` is None).
    resolved_seed: int | None = field(default=None, compare=False)
    #: Hints from the strong bot allowed (a competitive table turns them off).
    hints: bool = True

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def resolved(self) -> GameSetup:
        """A copy with a concrete seed, so the game can always be saved and replayed."""
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2**31)
        return replace(self, seed=seed, resolved_seed=seed)


def validate(setup: GameSetup) -> str | None:
    """The first problem with `setup` as a sentence for the player, or None.

    Names follow `el_grande.names` (the one set of rules for every way a name comes in); the
    names in `setup` must already be normalised (`names.normalise`)."""
    if len(setup.seats) < MIN_PLAYERS:
        return t("new.err_few")
    problem = names_problem(s.name for s in setup.seats)
    if problem is not None:
        return problem
    colours: set[str] = set()
    for seat in setup.seats:
        if seat.colour in colours:
            return t("new.err_dup_colour", colour=t(f"colour.{seat.colour}"))
        colours.add(seat.colour)
    return None


def rematch(
    seats: Iterable[SeatSetup], *, rounds: int, veto: bool, castillo: str, hints: bool
) -> GameSetup:
    """The same table again (issue 33, item 6): the same players in the same seats, with
    their colours and kinds as the game ended (who played a seat before is history), the same
    options and hints; a new seed and a start player drawn from it."""
    again = tuple(SeatSetup(s.name, str(s.colour), str(s.kind)) for s in seats)
    return GameSetup(again, seed=None, rounds=rounds, veto=veto, castillo=castillo, hints=hints)


def default_seats(names: list[str]) -> tuple[SeatSetup, ...]:
    return tuple(SeatSetup(n, COLOURS[i % len(COLOURS)]) for i, n in enumerate(names))


def letters_for(names: list[str]) -> list[str]:
    """One distinct capital letter per player, a letter of the name where possible (its
    initial first). Only letters one terminal cell wide (É yes; a Hangul syllable is two
    cells, so 김민준 gets a free Latin letter), so every chip and column lines up."""

    def usable(c: str) -> bool:
        return c.isalpha() and len(c.upper()) == 1 and width(c) == 1

    out: list[str | None] = [None] * len(names)
    taken: set[str] = set()
    for initial_only in (True, False):  # initials first, then other letters of the name
        for i, name in enumerate(names):
            letters = [c.upper() for c in (name[:1] if initial_only else name) if usable(c)]
            for c in letters:
                if out[i] is None and c not in taken:
                    out[i] = c
                    taken.add(c)
    free = (c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in taken)
    return [letter or next(free) for letter in out]  # then a free letter for the others


def parse_bots(text: str, names: list[str]) -> dict[int, str]:
    """`--bots Ben=greedy,Cy=strong` -> {seat: level}; raises ValueError with a sentence."""
    levels = level_ids()
    out: dict[int, str] = {}
    by_name = {key(n): i for i, n in enumerate(names)}
    for item in (x.strip() for x in text.split(",")):
        if not item:
            continue
        name, eq, level = (normalise(part) for part in item.partition("="))
        if not eq or not name or not level:
            raise ValueError(
                f"--bots takes NAME=LEVEL pairs, e.g. Ben=greedy (got {printable(repr(item))})"
            )
        seat = by_name.get(key(name))
        if seat is None:
            raise ValueError(
                f"--bots: no player called {printable(repr(name))} "
                f"(players: {printable(', '.join(names))})"
            )
        if level.casefold() not in levels:
            raise ValueError(
                f"--bots: unknown level {printable(repr(level))} for {printable(names[seat])} "
                f"(levels: {', '.join(levels)})"
            )
        if seat in out:
            raise ValueError(f"--bots: {printable(names[seat])} is given twice")
        out[seat] = level.casefold()
    return out
