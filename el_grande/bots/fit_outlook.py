"""How `bots.outlook.COEFFICIENTS` were made, and how to make them again.

    python -m el_grande.bots.fit_outlook PLAYERS GAMES [SEED]

plays GAMES games of PLAYERS Medium players (`greedy_games`: seeds SEED, SEED + 1, …; the
table's computer players, so the same games on any machine), takes every round's start but
the first's (`starts`: where the Hard player's play-outs end), and fits one row of
coefficients per round (`fit`), printed as `COEFFICIENTS[PLAYERS]`'s rows are written. The
rows in `bots.outlook` are those of `GAMES` 1500 and `SEED` 0 for each player count (2–5):
2 to 5 minutes of CPU each.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from el_grande.bots.drive import Driver
from el_grande.bots.outlook import FEATURES, features
from el_grande.bots.play import play_game
from el_grande.core import DecisionKind, Game, Options

__all__ = ["Start", "agreement", "fit", "greedy_games", "main", "starts"]


@dataclass(frozen=True)
class Start:
    """A round's start in a finished game, for `fit`: the player count, the round, each
    seat's `features` and the points each seat scored from there to the game's end."""

    players: int
    round: int
    features: tuple[tuple[float, ...], ...]
    gained: tuple[int, ...]


def starts(record: dict[str, Any]) -> list[Start]:
    """Every round's start (before its first power card) but the first's, where no play-out
    ends, in the finished game `record` (`Game.record()`), replayed choice by choice."""
    game = Game.new(record["players"], record["seed"], Options.from_dict(record["options"]))
    found: list[tuple[int, tuple[tuple[float, ...], ...], list[int]]] = []
    rounds = {game.round}
    for text in record["choices"]:
        d = game.decision
        if d is not None and d.kind == DecisionKind.POWER and game.round not in rounds:
            rounds.add(game.round)
            found.append(
                (game.round, tuple(features(game, s) for s in range(game.n)), game.score[:])
            )
        game.apply(game.parse(text))
    if not game.over:
        raise ValueError("a round's start is valued by how the game ended: it has not")
    final = game.score
    return [
        Start(game.n, rnd, seats, tuple(f - s for f, s in zip(final, score)))
        for rnd, seats, score in found
    ]


def fit(found: Iterable[Start]) -> dict[int, dict[int, tuple[float, ...]]]:
    """`COEFFICIENTS` fitted on `found`: per player count and round, the least-squares fit
    (no constant) of each seat's points gained less the others' mean on its features less
    the others' mean. A feature that never differs between seats there gets 0."""
    rows: dict[tuple[int, int], list[tuple[list[float], float]]] = {}
    for start in found:
        n = start.players
        for s in range(n):
            others = [t for t in range(n) if t != s]
            x = [
                start.features[s][k] - sum(start.features[t][k] for t in others) / len(others)
                for k in range(len(FEATURES))
            ]
            y = start.gained[s] - sum(start.gained[t] for t in others) / len(others)
            rows.setdefault((n, start.round), []).append((x, y))
    table: dict[int, dict[int, tuple[float, ...]]] = {}
    for (n, rnd), data in sorted(rows.items()):
        table.setdefault(n, {})[rnd] = _least_squares(data)
    return table


def _least_squares(data: list[tuple[list[float], float]]) -> tuple[float, ...]:
    """β minimizing Σ (y − β·x)², by the normal equations (Gauss–Jordan with partial
    pivoting); the features that are 0 in every row get 0 (they cannot be told)."""
    width = len(data[0][0])
    used = [k for k in range(width) if any(abs(x[k]) > 1e-12 for x, _ in data)]
    m = len(used)
    a = [[sum(x[i] * x[j] for x, _ in data) for j in used] for i in used]
    b = [sum(x[i] * y for x, y in data) for i in used]
    for col in range(m):
        pivot = max(range(col, m), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        if abs(a[col][col]) < 1e-12:
            raise ValueError("the features are not independent in these games")
        for r in range(m):
            if r != col and a[r][col]:
                factor = a[r][col] / a[col][col]
                a[r] = [v - factor * w for v, w in zip(a[r], a[col])]
                b[r] -= factor * b[col]
    beta = [0.0] * width
    for i, k in enumerate(used):
        beta[k] = b[i] / a[i][i]
    return tuple(beta)


def greedy_games(players: int, games: int, seed: int = 0) -> Iterator[dict[str, Any]]:
    """The records of `games` games of `players` Medium players (the greedy rule, as the
    table's computer players: `bots.drive`), seeds `seed`, `seed + 1`, …: what `fit` was fed
    for `COEFFICIENTS`."""
    for g in range(seed, seed + games):
        game = Game.new([f"P{s}" for s in range(players)], g, Options())
        play_game(game, Driver().seated(["greedy"] * players))
        yield game.record()


def agreement(record: dict[str, Any], value: Callable[[Game], list[float]]) -> tuple[int, int]:
    """How often `value` (`outlook.outlook`, `model.evaluate`) orders two seats as the finished
    game `record` did: at every round's start but the first's, for every two seats whose final
    points differ, whether the seat `value` puts ahead finished ahead. (told right, compared)."""
    game = Game.new(record["players"], record["seed"], Options.from_dict(record["options"]))
    final = Game.replay(record).score
    right = compared = 0
    rounds = {game.round}
    for text in record["choices"]:
        d = game.decision
        if d is not None and d.kind == DecisionKind.POWER and game.round not in rounds:
            rounds.add(game.round)
            values = value(game)
            for a in range(game.n):
                for b in range(a + 1, game.n):
                    if final[a] != final[b] and values[a] != values[b]:
                        compared += 1
                        right += (final[a] > final[b]) == (values[a] > values[b])
        game.apply(game.parse(text))
    return right, compared


def main(argv: Sequence[str] | None = None) -> None:
    """`python -m el_grande.bots.fit_outlook PLAYERS GAMES [SEED]`: `COEFFICIENTS[PLAYERS]`
    fitted again on that many Medium games (`greedy_games`), printed as Python."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) not in (2, 3):
        raise SystemExit("usage: python -m el_grande.bots.fit_outlook PLAYERS GAMES [SEED]")
    players, games = int(args[0]), int(args[1])
    seed = int(args[2]) if len(args) > 2 else 0
    found = [s for record in greedy_games(players, games, seed) for s in starts(record)]
    for rnd, coefficients in fit(found)[players].items():
        print(f"        {rnd}: ({', '.join(f'{c:.2f}' for c in coefficients)}),")


if __name__ == "__main__":
    main()
