"""The ratings' arithmetic (Elo, pairwise over a multi-player game): one game's update, used
by the statistics when they work every rating out (`el_grande.persist.stats`) and by the
games database when a game that ends after all the others is recorded (`record_game`: its
players' ratings move on from the kept ones, the same numbers as working them out again).

Each game counts as the results between every two seats (a better score wins the pair, equal
scores draw), each pair's K shared out over the seat's n − 1 opponents (K = 32, start 1500),
every change worked out from the ratings before the game. Why Elo: docs/stats.md.
"""

from __future__ import annotations

from collections.abc import Sequence

START = 1500.0
K = 32.0


def play(table: Sequence[tuple[str, int]], rating: dict[str, float], games: dict[str, int]) -> None:
    """One game's updates: `table` = (entrant, score) for every rated seat; `rating` and
    `games` (entrant → the value before the game) are updated in place."""
    if len(table) < 2:
        return
    before = [rating.get(e, START) for e, _ in table]
    k = K / (len(table) - 1)
    for i, (entrant, score) in enumerate(table):
        change = 0.0
        for j, (_, other) in enumerate(table):
            if i == j:
                continue
            expected = 1.0 / (1.0 + 10.0 ** ((before[j] - before[i]) / 400.0))
            result = 1.0 if score > other else 0.5 if score == other else 0.0
            change += k * (result - expected)
        rating[entrant] = before[i] + change
        games[entrant] = games.get(entrant, 0) + 1
