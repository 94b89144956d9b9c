"""What the new-game form (or the command line) produces: seats and options for `Game.new`.

Plain dataclasses: this crosses no trust boundary beyond the form, and keeping pydantic out of
the app's import path keeps start-up fast. `SeatSetup.kind` is "human" or a computer player
("bot:random", "bot:greedy", "bot:strong"); `KINDS` lists what the form offers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from el_grande.bots.registry import LEVELS as BOT_LEVELS  # stdlib only: start-up stays light
from el_grande.bots.registry import level_ids
from el_grande.names import names_problem
from el_grande.text import t

COLOURS: tuple[str, ...] = ("yellow", "red", "green", "blue", "purple", "cyan", "orange", "white")

#: Colour name -> (background, foreground) used for a player's chips on the board.
COLOUR_STYLES: dict[str, tuple[str, str]] = {
    "yellow": ("#e5c07b", "#1a1a1a"),
    "red": ("#e06c75", "#1a1a1a"),
    "green": ("#98c379", "#1a1a1a"),
    "blue": ("#61afef", "#1a1a1a"),
    "purple": ("#c678dd", "#1a1a1a"),
    "cyan": ("#56b6c2", "#1a1a1a"),
    "orange": ("#d19a66", "#1a1a1a"),
    "white": ("#dcdfe4", "#1a1a1a"),
}

#: Seat kinds the new-game form offers; other helpers register more (see `register_kind`).
KINDS: dict[str, str] = {"human": "kind.human"}

MIN_PLAYERS, MAX_PLAYERS = 2, 5


def register_kind(kind: str, label_key: str) -> None:
    """Offer another seat kind (e.g. a bot) in the new-game form."""
    KINDS[kind] = label_key


BOT_PREFIX = "bot:"

for _level in BOT_LEVELS:
    register_kind(f"{BOT_PREFIX}{_level.id}", _level.seat_key)


def bot_kind(level: str) -> str:
    """The seat kind of a bot level: "greedy" -> "bot:greedy"."""
    return f"{BOT_PREFIX}{level}"


def bot_level(kind: str) -> str | None:
    """The bot level a seat kind names ("bot:greedy" -> "greedy"), or None for a human.

    A kind this version does not know (a save from elsewhere) is played by a human."""
    level = kind[len(BOT_PREFIX) :] if kind.startswith(BOT_PREFIX) else None
    return level if level in level_ids() else None


@dataclass(frozen=True)
class SeatSetup:
    name: str
    colour: str
    kind: str = "human"


@dataclass(frozen=True)
class GameSetup:
    seats: tuple[SeatSetup, ...]
    seed: int | None = None
    rounds: int = 9
    veto: bool = True
    castillo: str = "open"
    start_player: int | None = None  # None: drawn from the seed (R-S5)
    #: The seed actually used (filled by `resolved()` when `seed` is None).
    resolved_seed: int | None = field(default=None, compare=False)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def resolved(self) -> GameSetup:
        """A copy with a concrete seed, so the game can always be saved and replayed."""
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2**31)
        return GameSetup(
            self.seats, seed, self.rounds, self.veto, self.castillo, self.start_player, seed
        )


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


def default_seats(names: list[str]) -> tuple[SeatSetup, ...]:
    return tuple(SeatSetup(n, COLOURS[i % len(COLOURS)]) for i, n in enumerate(names))


def letters_for(names: list[str]) -> list[str]:
    """One distinct capital letter per player, the name's initial where possible."""
    taken: set[str] = set()
    out: list[str] = []
    for name in names:
        pick = next(
            (c.upper() for c in name if c.isalpha() and c.upper() not in taken),
            None,
        )
        if pick is None:
            pick = next(c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in taken)
        taken.add(pick)
        out.append(pick)
    return out
