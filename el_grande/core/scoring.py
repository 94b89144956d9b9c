"""Scoring one place (R-K2, R-K3)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import SCOREBOARDS as SCOREBOARD_VALUES


def reduced_values(values: Sequence[int], players: int) -> tuple[int, int, int]:
    """R-K3: with 2 players only 1st place scores, with 3 players only 1st and 2nd."""
    v1, v2, v3 = values[0], values[1], values[2]
    if players <= 2:
        return (v1, 0, 0)
    if players == 3:
        return (v1, v2, 0)
    return (v1, v2, v3)


def rank_positions(counts: Sequence[int]) -> list[tuple[int, bool]]:
    """For each seat: (rank position, tied) per R-K2; position 0 means 'not taking part'.

    A tied group scores the value of the position after its own, so the position reported
    for a tied seat is the one whose value it scores.
    """
    result = [(0, False)] * len(counts)
    distinct = sorted({c for c in counts if c > 0}, reverse=True)
    position = 1
    for level in distinct:
        group = [s for s, c in enumerate(counts) if c == level]
        if len(group) == 1:
            result[group[0]] = (position, False)
            position += 1
        else:
            for s in group:
                result[s] = (position + 1, True)
            position += 2
    return result


def rank_points(counts: Sequence[int], values: Sequence[int], players: int) -> list[int]:
    """Points per seat for one place (R-K2 with R-K3's reduction; no bonuses).

    ``counts``: Caballeros per seat in the place; ``values``: the place's (1st, 2nd, 3rd)
    values (a mobile scoreboard's if one lies there); ``players``: seats in the game.

    >>> rank_points([4, 4, 4, 3], (5, 3, 1), 4)
    [3, 3, 3, 1]
    >>> rank_points([4, 3, 2, 2], (6, 4, 2), 4)
    [6, 4, 0, 0]
    """
    vals = reduced_values(values, players)
    points = []
    for position, _tied in rank_positions(counts):
        points.append(vals[position - 1] if 1 <= position <= 3 else 0)
    return points


def preview_general_scoring(view: Any) -> list[int]:
    """Points per seat if the nine regions and the Castillo were scored now (R-G2, R-G4).

    Works on a :class:`~el_grande.core.view.View` only, so it never uses hidden information:
    Castillo Caballeros stay in the Castillo (the disks are unknown), and with a hidden Castillo
    the Castillo is left out unless the view knows every seat's count.
    """
    n = view.players_count
    points = [0] * n
    castillo = [p.castillo for p in view.players]
    if all(c is not None for c in castillo):
        cast_values = SCOREBOARD_VALUES.get(view.castillo_scoreboard or "", (5, 3, 1))
        for s, pts in enumerate(rank_points(castillo, cast_values, n)):
            points[s] += pts
    for region in view.regions:
        counts = region.caballeros
        for s, pts in enumerate(rank_points(counts, region.values, n)):
            points[s] += pts
        top = max(counts)
        if top > 0 and counts.count(top) == 1:
            leader = counts.index(top)
            if region.king:
                points[leader] += 2
            if view.players[leader].home == region.id:
                points[leader] += 2
    return points
