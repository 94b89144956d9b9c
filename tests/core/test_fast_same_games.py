"""The core made faster (issue 30) plays the same games: the same seeded random games give the
same decisions, events, records and scores as before the work (b6d5586, checksums taken there),
and the rewritten scoring agrees with the rule as it was written before, count for count."""

from __future__ import annotations

import itertools
import json
import random
import zlib
from collections.abc import Sequence
from enum import Enum
from typing import Any

import pytest

from el_grande.bench import bench_play
from el_grande.core import (
    AwardReason,
    DecisionKind,
    Game,
    Options,
    rank_points,
    rank_positions,
    score_place,
)
from el_grande.core.decision import Decision, decide
from el_grande.core.events import Award

# --- the same games ----------------------------------------------------------------------------

#: `python -m el_grande.bench play --players P --games 20` on b6d5586: decisions, checksum.
BEFORE = {
    2: (2634, 0x478AF945),
    3: (3990, 0x98CE63A4),
    4: (5217, 0xC8F560B9),
    5: (6685, 0xA02EC705),
}


@pytest.mark.parametrize("players", sorted(BEFORE))
def test_bench_play_plays_the_games_it_played_before(players: int) -> None:
    assert bench_play(players, 20) == BEFORE[players]


def _plain(value: Any) -> Any:
    """A value as JSON (an enum member as its string, an event as its class name and fields)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        items = [_plain(v) for v in value]
        return items if type(value) is tuple else [type(value).__name__, items]
    return value


def _digest(options: Options, games: int, seed: int) -> str:
    """Every decision (who, kind, secret, choices, context), every event and the record of
    `games` random games, as one checksum."""
    rng = random.Random(seed)
    crc = 0
    for i in range(games):
        game = Game.new([f"P{k}" for k in range(2 + i % 4)], seed=i, options=options)
        parts: list[Any] = [_plain(tuple(game.opening_events))]
        while (d := game.decision) is not None:
            context = sorted([k, _plain(v)] for k, v in d.context.items())
            parts.append([d.player, d.kind.value, d.secret, [str(c) for c in d.choices], context])
            parts.append(_plain(tuple(game.apply(rng.choice(d.choices)))))
        parts.append(game.record())
        crc = zlib.crc32(json.dumps(parts).encode(), crc)
    return f"{crc:08x}"


@pytest.mark.parametrize(
    ("options", "before"),
    [
        (Options(), "2ab62380"),
        (Options(rounds=6, veto=False), "3e5c0900"),
        (Options(castillo="hidden"), "eb4e6887"),
    ],
)
def test_decisions_events_and_records_are_the_ones_of_before(options: Options, before: str) -> None:
    assert _digest(options, 8, 3) == before


def test_decide_makes_the_decision_the_class_makes() -> None:
    kind = DecisionKind.POWER
    made = decide(1, kind, False, (), {"x": 1})
    assert made == Decision(1, kind, False, (), {"x": 1}) and type(made) is Decision
    assert repr(made) == repr(Decision(1, kind, False, (), {"x": 1}))


def test_a_clone_shares_the_decision_and_plays_on_alike() -> None:
    game = Game.new(["A", "B", "C"], seed=4)
    rng = random.Random(4)
    for _ in range(60):
        game.apply(rng.choice(game.decision.choices))  # type: ignore[union-attr]
    copy = game.clone()
    assert copy.decision is game.decision
    c = game.decision.choices[0]  # type: ignore[union-attr]
    assert copy.apply(c) == game.apply(c) and copy.snapshot() == game.snapshot()


# --- the scoring, against the rule as it was written --------------------------------------------


def _positions_before(counts: Sequence[int]) -> list[tuple[int, bool]]:
    result = [(0, False)] * len(counts)
    position = 1
    for level in sorted({c for c in counts if c > 0}, reverse=True):
        group = [s for s, c in enumerate(counts) if c == level]
        if len(group) == 1:
            result[group[0]] = (position, False)
            position += 1
        else:
            for s in group:
                result[s] = (position + 1, True)
            position += 2
    return result


def _reduced(values: Sequence[int], players: int) -> tuple[int, int, int]:
    return (values[0], values[1] if players > 2 else 0, values[2] if players > 3 else 0)


def _score_before(
    counts: Sequence[int],
    values: Sequence[int],
    players: int,
    king: bool,
    homes: Sequence[bool],
    firsts_only: bool,
) -> tuple[tuple[int, ...], tuple[Award, ...]]:
    vals = _reduced(values, players)
    points = [0] * len(counts)
    awards: list[Award] = []
    top = max(counts) if counts else 0
    leader = counts.index(top) if top > 0 and list(counts).count(top) == 1 else -1
    if firsts_only:
        if leader >= 0:
            points[leader] = vals[0]
            awards.append(Award(leader, vals[0], AwardReason.RANK, 1))
    elif top > 0:
        for s, (pos, tied) in enumerate(_positions_before(counts)):
            if pos:
                pts = vals[pos - 1] if pos <= 3 else 0
                points[s] = pts
                awards.append(Award(s, pts, AwardReason.TIE if tied else AwardReason.RANK, pos))
    if leader >= 0:
        if king:
            points[leader] += 2
            awards.append(Award(leader, 2, AwardReason.KING_BONUS, 0))
        if leader < len(homes) and homes[leader]:
            points[leader] += 2
            awards.append(Award(leader, 2, AwardReason.HOME_BONUS, 0))
    return tuple(points), tuple(awards)


def _count_vectors() -> list[tuple[int, ...]]:
    found: list[tuple[int, ...]] = []
    for seats, most in ((2, 6), (3, 5), (4, 4), (5, 3)):
        found.extend(itertools.product(range(most + 1), repeat=seats))
    return found


def test_rank_positions_and_points_agree_with_the_rule_as_it_was_written() -> None:
    for counts in _count_vectors():
        assert rank_positions(counts) == _positions_before(counts), counts
        assert rank_positions(list(counts)) == _positions_before(counts), counts
        for values in ((5, 3, 1), (8, 4, 0), (4, 0, 0)):
            vals = _reduced(values, len(counts))
            expected = [vals[p - 1] if 1 <= p <= 3 else 0 for p, _ in _positions_before(counts)]
            assert rank_points(list(counts), values, len(counts)) == expected, counts


def test_score_place_agrees_with_the_rule_as_it_was_written_twice_over() -> None:
    rng = random.Random(30)
    for counts in _count_vectors():
        n = len(counts)
        for _ in range(2):  # the second time, the remembered positions and shared awards
            values = rng.choice(((6, 4, 2), (8, 4, 0), (4, 0, 0), (5, 3, 1)))
            king, firsts_only = rng.random() < 0.3, rng.random() < 0.2
            homes = [rng.random() < 0.3 for _ in range(n)]
            got = score_place(counts, values, n, king=king, homes=homes, firsts_only=firsts_only)
            assert got == _score_before(counts, values, n, king, homes, firsts_only), counts


def test_score_place_takes_more_seats_and_values_than_a_game_has() -> None:
    counts = (5, 5, 4, 4, 3, 3, 2, 1)
    got = score_place(counts, (10, 6, 3), 8, king=True, homes=[False] * 8)
    assert got == _score_before(counts, (10, 6, 3), 8, True, [False] * 8, False)
    assert rank_positions(counts) == _positions_before(counts)
