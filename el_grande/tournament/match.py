"""One game of a tournament, played wherever it is asked: in the tournament's process, in a
worker process of this machine (`--jobs`) or in a Dask worker (`--backend dask`). The same
plan and index give the same game everywhere (for entrants with budgets in play-outs).

    game = play(plan, 12, Frozen({"b6d": python}))   # a `persist.games.TournamentGame`

The entrants of this El Grande play through the app's driver (`bots.drive.Driver`: a new bot
for every decision, seeded by the position, with its seat's memo), each with its own budget
counted on the thread's CPU clock; a frozen version's through its worker process
(`frozen.FrozenBot`). A frozen version that fails the game (no legal answer, a crash, no
answer in time) makes the game void: it is recorded with the sentence and no seats, and not
counted; a game is never patched with another's choice.
"""

from __future__ import annotations

import hashlib
import socket
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from el_grande.bots.drive import Budget, Driver
from el_grande.bots.play import play_game
from el_grande.core import Game, Options
from el_grande.tournament.frozen import FrozenBot, FrozenFailed, client_for, install, installed

if TYPE_CHECKING:
    from el_grande.bots.base import Bot
    from el_grande.persist.games import TournamentGame, TournamentSeat
    from el_grande.tournament.plan import Entrant, Plan

__all__ = ["Frozen", "budget_of", "fingerprint", "play", "play_remote"]


@dataclass(frozen=True)
class Frozen:
    """Where this process finds the frozen versions: name → the Python of its environment;
    `timeout`: the protocol's seconds for an answer (beyond the decision's budget)."""

    pythons: dict[str, str] = field(default_factory=dict)
    timeout: float = 60.0


def budget_of(entrant: Entrant) -> Budget:
    """The Hard player's budget of an entrant of this El Grande, on the thread's CPU clock
    (play-outs: no time limit at all; the clock only times the decisions)."""
    if entrant.playouts is not None:
        return Budget.playouts(entrant.playouts, clock=time.thread_time)
    if entrant.seconds is not None:
        return Budget(entrant.seconds, None, time.thread_time)
    return Budget(clock=time.thread_time)  # (a level without a search takes none)


def play(plan: Plan, index: int, frozen: Frozen | None = None) -> TournamentGame:
    """Play game `index` of `plan` to its end (or until a frozen version fails it)."""
    started = time.perf_counter()
    seed, rotation = plan.deal(index)
    seating = plan.seating(rotation)
    names = [f"{entrant.spec}-{seat + 1}" for seat, entrant in enumerate(seating)]
    options = Options(rounds=plan.rounds, veto=plan.veto, castillo=plan.castillo)
    game = Game.new(names, seed=seed, options=options)
    drivers = {entrant: Driver(budget_of(entrant)) for entrant in set(seating)}
    spent = [0.0]  # the frozen versions' CPU seconds, counted in their decisions' time

    def bot_for(game: Game, seat: int) -> Bot:
        entrant = seating[seat]
        if entrant.version is None:
            return drivers[entrant].bot(game, seat, entrant.level)
        if frozen is None or entrant.version not in frozen.pythons:
            raise FrozenFailed(f"the frozen version {entrant.version} is not installed here")
        client = client_for(entrant.version, Path(frozen.pythons[entrant.version]), frozen.timeout)
        return FrozenBot(client, game, seat, entrant, spent)

    def clock() -> float:
        return time.thread_time() + spent[0]

    void: str | None = None
    seats: list[TournamentSeat] = []
    try:
        result = play_game(game, bot_for, clock=clock)
    except FrozenFailed as exc:
        void = f"decision {game.moves + 1}: {exc.sentence}"
    else:
        winners = set(result.winners)
        for seat, entrant in enumerate(seating):
            others = [s for at, s in enumerate(result.scores) if at != seat]
            stats = result.seats[seat]
            seats.append(
                {
                    "entrant": entrant.spec,
                    "score": result.scores[seat],
                    "won": seat in winners,
                    "shared": seat in winners and len(winners) > 1,
                    "margin": result.scores[seat] - max(others),
                    "decisions": stats.decisions,
                    "think_seconds": stats.seconds,
                    "max_think_seconds": stats.max_seconds,
                }
            )
    return {
        "index": index,
        "seed": seed,
        "rotation": rotation,
        "seats": seats,
        "choices": list(game.history),
        "void": void,
        "seconds": time.perf_counter() - started,
        "host": socket.gethostname(),
    }


def play_remote(
    index: int,
    plan: Plan,
    versions: dict[str, tuple[str, str]],
    wheels: dict[str, bytes] | None,
    timeout: float,
) -> TournamentGame:
    """`play` in a Dask worker: the frozen versions (name → the wheel's SHA-256 and file
    name; `wheels`: their bytes, scattered to the workers once) are installed into this
    machine's cache first, once (`persist.paths.cache_dir`)."""
    from el_grande.persist.paths import cache_dir

    pythons: dict[str, str] = {}
    for name, (sha, wheel_name) in versions.items():
        python = installed(cache_dir(), sha)
        if python is None:
            data = (wheels or {}).get(name)
            if data is None:
                raise FrozenFailed(f"the frozen version {name} was not sent to this worker")
            python = install(cache_dir(), Path(wheel_name), name=name, data=data)
        pythons[name] = str(python)
    return play(plan, index, Frozen(pythons, timeout))


_FINGERPRINT: list[str] = []


def fingerprint() -> str:
    """This El Grande's rules core, bots and tournament code, as a SHA-256 of their source:
    a cluster's workers must play with the same code as the tournament that asks them."""
    if not _FINGERPRINT:
        import el_grande

        root = Path(el_grande.__file__).parent
        digest = hashlib.sha256(el_grande.__version__.encode())
        for folder in ("core", "bots", "tournament"):
            for path in sorted((root / folder).glob("*.py")):
                digest.update(f"{folder}/{path.name}\0".encode())
                digest.update(path.read_bytes())
        _FINGERPRINT.append(digest.hexdigest())
    return _FINGERPRINT[0]
