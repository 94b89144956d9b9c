"""A tournament's plan: who plays (the entrants, one a seat in the lineup), how many games,
from which seed, with which options; and which game is which (its deal and its rotation).

    plan = Plan(players=4, games=400, seed=1, lineup=parse_lineup("strong:200,greedy", 4))
    plan.deal(5)      # (seed 2, rotation 1): the second deal, its seats turned by one
    plan.seating(1)   # the entrant of every seat in that rotation

Game `g` is deal `g // players` played in rotation `g % players`: every deal (one seed, so
one shuffle of the cards and one start player) is played with the lineup turned through
every seat, so each entrant sits in every seat on the same deal (paired seeds). A plan is
written into the tournament's file as canonical JSON (`to_json`): the same flags give the
same text, and a run is resumed only with its own plan.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from el_grande.bots.registry import level as level_of
from el_grande.bots.registry import level_ids
from el_grande.names import fit, printable
from el_grande.sim import MAX_BUDGET, MAX_GAMES, MAX_ITERATIONS
from el_grande.workers import MAX_SEED

__all__ = ["Entrant", "Plan", "parse_entrant", "parse_lineup"]

#: What a frozen version may be called (`--frozen NAME=WHEEL`, `strong:200@NAME`).
VERSION_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,39}")
#: What a bot level's id may be (this version's, or a frozen version's).
LEVEL_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")
#: The plan's format in the file (a later El Grande may read older plans).
PLAN_FORMAT = 1


def _shown(text: str) -> str:
    """What a person typed, for a sentence: printable and short (it may be thousands)."""
    return fit(printable(repr(text)), 60)


@dataclass(frozen=True)
class Entrant:
    """One entrant: a bot level with its budget a decision — in play-outs (`playouts`:
    repeatable on any machine) or in seconds of the thread's CPU time (`seconds`) — of this
    El Grande, or of a frozen earlier version (`version`: its name, `--frozen`)."""

    level: str
    playouts: int | None = None
    seconds: float | None = None
    version: str | None = None

    @property
    def spec(self) -> str:
        """The entrant as written: `greedy`, `strong:200`, `strong:0.1s`, `strong:200@b6d`."""
        budget = (
            f":{self.playouts}"
            if self.playouts is not None
            else f":{self.seconds:g}s"
            if self.seconds is not None
            else ""
        )
        return f"{self.level}{budget}" + (f"@{self.version}" if self.version else "")

    @property
    def budgeted(self) -> bool:
        return self.playouts is not None or self.seconds is not None

    def __str__(self) -> str:
        return self.spec


def parse_entrant(text: str) -> Entrant:
    """`LEVEL[:PLAYOUTS | :SECONDSs][@VERSION]` → an `Entrant`; ValueError (one sentence) for
    anything else. A level of this El Grande is checked here (and whether it takes a
    budget); a frozen version's levels are checked against what it says it has."""
    spec = text.strip()
    body, at, version = spec.partition("@")
    if at and not VERSION_NAME.fullmatch(version):
        raise ValueError(
            f"entrant {_shown(spec)}: a frozen version's name is letters, digits, '.', '_' "
            "or '-' (at most 40), as given to --frozen NAME=WHEEL"
        )
    name, colon, budget = body.partition(":")
    if not LEVEL_NAME.fullmatch(name):
        raise ValueError(f"entrant {_shown(spec)}: a bot level is its id, e.g. strong or greedy")
    playouts: int | None = None
    seconds: float | None = None
    if colon:
        playouts, seconds = _budget(spec, budget)
    entrant = Entrant(name, playouts, seconds, version or None)
    if not at:
        check_level(entrant, {lv: level_of(lv).budgeted for lv in level_ids()})
    return entrant


def _budget(spec: str, text: str) -> tuple[int | None, float | None]:
    how = (
        f"entrant {_shown(spec)}: a budget is play-outs a decision (strong:200, 1 to "
        f"{MAX_ITERATIONS}) or seconds of CPU a decision (strong:0.1s, at most {MAX_BUDGET:g})"
    )
    if text.endswith("s"):
        try:
            seconds = float(text[:-1])
        except ValueError:
            raise ValueError(how) from None
        if not (math.isfinite(seconds) and 0 < seconds <= MAX_BUDGET):
            raise ValueError(how)
        return None, seconds
    if not text.isdigit() or not 1 <= int(text) <= MAX_ITERATIONS:
        raise ValueError(how)
    return int(text), None


def check_level(entrant: Entrant, levels: dict[str, bool], where: str = "") -> None:
    """ValueError (one sentence) unless `entrant`'s level is one of `levels` (id → whether it
    takes a budget) and has a budget exactly when it takes one; `where`: " of the frozen
    version NAME"."""
    if entrant.level not in levels:
        raise ValueError(
            f"unknown bot {_shown(entrant.level)}{where}; choose from {', '.join(levels)}"
        )
    if levels[entrant.level] and not entrant.budgeted:
        raise ValueError(
            f"{entrant.spec} needs a budget a decision: {entrant.level}:200 (play-outs) or "
            f"{entrant.level}:0.1s (seconds of CPU)"
            + (f", then @{entrant.version}" if entrant.version else "")
        )
    if not levels[entrant.level] and entrant.budgeted:
        raise ValueError(f"{entrant.spec}: {entrant.level} takes no budget")


def parse_lineup(text: str, players: int | None) -> tuple[Entrant, ...]:
    """`--entrants A,B,…` → the entrant of every seat (rotation 0): one a seat, or fewer, the
    last filling the remaining seats (as `simulate --bots`); `players` None: one a seat."""
    entrants = [parse_entrant(part) for part in text.split(",") if part.strip()]
    if not entrants:
        raise ValueError("--entrants needs at least two entrants, e.g. strong:200,greedy")
    seats = len(entrants) if players is None else players
    if len(entrants) > seats:
        raise ValueError(f"{len(entrants)} entrants for {seats} players")
    if not 2 <= seats <= 5:
        raise ValueError(f"El Grande takes 2 to 5 players, not {seats}")
    entrants += [entrants[-1]] * (seats - len(entrants))
    if len(set(entrants)) < 2:
        raise ValueError("a tournament needs at least two different entrants")
    return tuple(entrants)


@dataclass(frozen=True)
class Plan:
    """What a tournament plays: `games` games of `players` seats, deal `d` from seed
    `seed + d`, with the options; `lineup` is the entrant of every seat in rotation 0;
    `frozen`: every frozen version it names, with its wheel's SHA-256 (its identity)."""

    players: int
    games: int
    seed: int
    lineup: tuple[Entrant, ...]
    rounds: int = 9
    veto: bool = True
    castillo: str = "open"
    frozen: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 5 or len(self.lineup) != self.players:
            raise ValueError(f"El Grande takes 2 to 5 players, not {self.players}")
        if not 1 <= self.games <= MAX_GAMES:
            raise ValueError(f"--games must be between 1 and {MAX_GAMES}")
        if self.games % self.players:
            raise ValueError(
                f"--games must be a multiple of {self.players}: every deal is played in each "
                f"of the {self.players} rotations of the seats"
            )
        if not 0 <= self.seed <= MAX_SEED - self.games // self.players:
            raise ValueError(
                f"--seed must be between 0 and {MAX_SEED - self.games // self.players}"
            )
        if self.rounds not in (9, 6) or self.castillo not in ("open", "hidden"):
            raise ValueError("the options are 9 or 6 rounds and an open or hidden Castillo")
        named = dict(self.frozen)
        for entrant in self.lineup:
            if entrant.version is not None and entrant.version not in named:
                raise ValueError(
                    f"{entrant.spec}: no frozen version {entrant.version} "
                    f"(give --frozen {entrant.version}=WHEEL)"
                )

    @property
    def deals(self) -> int:
        return self.games // self.players

    def deal(self, index: int) -> tuple[int, int]:
        """Game `index`'s seed and rotation."""
        deal, rotation = divmod(index, self.players)
        return self.seed + deal, rotation

    def seating(self, rotation: int) -> tuple[Entrant, ...]:
        """The entrant of every seat in `rotation`: the lineup turned by `rotation` seats
        (the entrant of the lineup's first seat sits in seat `rotation`)."""
        r = rotation % self.players
        return self.lineup[-r:] + self.lineup[:-r] if r else self.lineup

    def entrants(self) -> tuple[Entrant, ...]:
        """The different entrants, in the lineup's order."""
        return tuple(dict.fromkeys(self.lineup))

    def versions(self) -> dict[str, str]:
        """Frozen version name → its wheel's SHA-256."""
        return dict(self.frozen)

    def fields(self) -> dict[str, Any]:
        """The plan as plain JSON values."""
        return {
            "format": PLAN_FORMAT,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "entrants": [e.spec for e in self.lineup],
            "rounds": self.rounds,
            "veto": self.veto,
            "castillo": self.castillo,
            "frozen": dict(sorted(self.frozen)),
        }

    def to_json(self) -> str:
        """The canonical text of the plan (the same plan, the same text)."""
        return json.dumps(self.fields(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Plan:
        """The plan written by `to_json`; ValueError for anything else."""
        try:
            data = json.loads(text)
            if data.get("format") != PLAN_FORMAT:
                raise ValueError(f"a plan of format {data.get('format')!r}")
            frozen = data["frozen"]
            lineup = tuple(parse_entrant(spec) for spec in data["entrants"])
            plan = cls(
                players=int(data["players"]),
                games=int(data["games"]),
                seed=int(data["seed"]),
                lineup=lineup,
                rounds=int(data["rounds"]),
                veto=bool(data["veto"]),
                castillo=str(data["castillo"]),
                frozen=tuple(sorted((str(k), str(v)) for k, v in frozen.items())),
            )
        except (KeyError, TypeError, AttributeError, json.JSONDecodeError) as exc:
            raise ValueError(f"not a tournament's plan ({type(exc).__name__})") from None
        return plan
