"""What a bot may build from its view: a determinized game and a static evaluation.

`determinize(view, rng)` rebuilds a full `Game` consistent with one seat's view, drawing every
unknown (the order of unrevealed action cards, others' unrevealed secret choices, a hidden
Castillo's split) at random; the core provides it (`Game.from_view`).
Everything a bot simulates runs on such a sampled game, never on the real one.

`evaluate(game)` estimates each seat's final points from a game's position: points already
scored, plus every place's current majorities weighted by how soon and how often it will be
scored again (with the King's and home bonuses), plus the Caballeros in court and province as
future presence. It reads only plain state (`cab`, `court`, `province`, `score`, `home`,
`king`, `boards`) of the (determinized) game.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from el_grande.core import (
    ROUND_TRACKS,
    SCOREBOARD_IDS,
    SCOREBOARDS,
    SCORING_ROUNDS,
    Phase,
    score_place,
)
from el_grande.core.board import CASTILLO_INDEX, NUM_REGIONS, PLACE_VALUES

if TYPE_CHECKING:
    from el_grande.core import Game, View

_BOARD_VALUES = tuple(SCOREBOARDS[b] for b in SCOREBOARD_IDS)
_SCORING_ROUNDS = tuple(sorted(SCORING_ROUNDS))


def determinize(view: View, rng: random.Random) -> Game:
    """A full game consistent with `view` (a seat's view), its unknowns sampled with `rng`."""
    from el_grande.core import Game

    return Game.from_view(view, rng)


class Weights:
    """Tunable constants of the evaluation (points per unit)."""

    next_scoring_near = 0.95  # weight of the next general scoring when it is this round
    next_scoring_decay = 0.13  # minus this per round until it
    later_scoring = 0.45  # weight of each general scoring after the next one
    court = 0.9  # a Caballero in court (can be placed soon)
    province = 0.35  # a Caballero in the province (needs a power card first)
    castillo_caballero = 0.6  # a Caballero in the Castillo also lands in a region later
    lead_margin = 0.4  # extra value of a lead of 2+ over a lead of 1 (harder to take away)


W = Weights()


def scoring_weights(game: Game) -> tuple[float, float]:
    """(weight of the next general scoring, total weight of the later ones) for this moment."""
    if game.over:
        return 0.0, 0.0
    rnd = game.round
    upcoming = [r for r in _SCORING_ROUNDS if r >= rnd]
    if not upcoming:
        return 0.0, 0.0
    track = ROUND_TRACKS[game.options.rounds]
    rounds_to = sum(1 for r in track if rnd < r <= upcoming[0])
    w_next = max(0.3, W.next_scoring_near - W.next_scoring_decay * rounds_to)
    return w_next, W.later_scoring * (len(upcoming) - 1)


_PLACE_CACHE: dict[tuple[object, ...], tuple[float, ...]] = {}


def _place_value(
    p: int, counts: tuple[int, ...], board: int, king: bool, homes: int
) -> tuple[float, ...]:
    """Points per seat a scoring of place `p` would give now, with bonuses (memoized)."""
    key = (p, counts, board, king, homes)
    got = _PLACE_CACHE.get(key)
    if got is not None:
        return got
    n = len(counts)
    vals = _BOARD_VALUES[board] if board >= 0 else PLACE_VALUES[p]
    if p == CASTILLO_INDEX:  # the Castillo has neither bonus
        points, _ = score_place(counts, vals, n)
    else:
        at_home = [bool(homes >> s & 1) for s in range(n)]
        points, _ = score_place(counts, vals, n, king=king, homes=at_home)
    pts = [float(x) for x in points]
    top = max(counts)
    if counts.count(top) == 1:
        leader = counts.index(top)
        second = max((c for s, c in enumerate(counts) if s != leader), default=0)
        if top - second >= 2:
            pts[leader] += W.lead_margin
    result = tuple(pts)
    if len(_PLACE_CACHE) > 200_000:
        _PLACE_CACHE.clear()
    _PLACE_CACHE[key] = result
    return result


#: Per moment of the game (rounds option, round index, phase): the weights `evaluate` uses.
_MOMENTS: dict[tuple[int, int, str], tuple[float, float, float, float, int]] = {}

_Key = tuple[int, tuple[int, ...], int, bool, int]


def _moment(game: Game) -> tuple[float, float, float, float, int]:
    """(w_next, w_region, reserve, keep, court_cap) at `game`'s moment (memoized)."""
    key = (game.options.rounds, game.round_i, game.phase)
    got = _MOMENTS.get(key)
    if got is None:
        w_next, w_later = scoring_weights(game)
        left = rounds_left(game)
        reserve = min(1.0, left / 3)
        keep = 1.0 if w_later or w_next else 0.0
        got = _MOMENTS[key] = (w_next, w_next + w_later, reserve, keep, 5 * left)
    return got


def _homes(game: Game) -> list[int]:
    """Per region, a bitmask of the seats whose Grande stands there."""
    homes = [0] * NUM_REGIONS
    for s in range(game.n):
        homes[game.home[s]] |= 1 << s
    return homes


_Weighted = tuple[float, ...]
#: `_place_value` times each weight it was needed with, by `_place_value` key.
_WEIGHTED: dict[_Key, dict[float, _Weighted]] = {}


def _weighted(key: _Key, w: float) -> _Weighted:
    """`_place_value(*key)` times `w`, memoized."""
    by_weight = _WEIGHTED.get(key)
    if by_weight is None:
        if len(_WEIGHTED) > 200_000:
            _WEIGHTED.clear()
        by_weight = _WEIGHTED[key] = {}
    got = by_weight.get(w)
    if got is None:
        got = by_weight[w] = tuple(w * x for x in _place_value(*key))
    return got


def _key(game: Game, p: int, row: list[int], homes: list[int]) -> _Key:
    b0, b1 = game.boards
    return (
        p,
        tuple(row),
        0 if b0 == p else (1 if b1 == p else -1),
        p == game.king,
        homes[p] if p < NUM_REGIONS else 0,
    )


def _places(
    game: Game, moment: tuple[float, float, float, float, int]
) -> tuple[list[_Key | None], list[_Weighted | None]]:
    """Every place's memo key and weighted points (None for an empty place)."""
    w_next, w_region = moment[0], moment[1]
    b0, b1 = game.boards
    king = game.king
    homes = _homes(game)
    cache = _WEIGHTED
    keys: list[_Key | None] = []
    weighted: list[_Weighted | None] = []
    for p, row in enumerate(game.cab):
        if not any(row):
            keys.append(None)
            weighted.append(None)
            continue
        key = (
            p,
            tuple(row),
            0 if b0 == p else (1 if b1 == p else -1),
            p == king,
            homes[p] if p < NUM_REGIONS else 0,
        )
        w = w_next if p == CASTILLO_INDEX else w_region
        by_weight = cache.get(key)
        got = by_weight.get(w) if by_weight is not None else None
        keys.append(key)
        weighted.append(got if got is not None else _weighted(key, w))
    return keys, weighted


def points_by_place(game: Game) -> list[tuple[float, ...] | None]:
    """What a scoring of each place (`PLACES` order) would give each seat now, with bonuses
    (as `evaluate` counts it, before weighting); None for an empty place."""
    homes = _homes(game)
    return [
        _place_value(*_key(game, p, row, homes)) if any(row) else None
        for p, row in enumerate(game.cab)
    ]


def _sums(weighted: list[_Weighted | None], n: int) -> list[float]:
    """Per seat, the weighted points of every non-empty place added up."""
    columns = [w for w in weighted if w is not None]
    return [sum(col) for col in zip(*columns)] if columns else [0.0] * n


def _shift(sums: list[float], old: _Weighted | None, new: _Weighted | None) -> list[float]:
    """`sums` with one place's weighted points `old` replaced by `new` (None: empty)."""
    if old is not None:
        if new is not None:
            return [x - a + b for x, a, b in zip(sums, old, new)]
        return [x - a for x, a in zip(sums, old)]
    if new is not None:
        return [x + b for x, b in zip(sums, new)]
    return sums


def _total(
    game: Game,
    moment: tuple[float, float, float, float, int],
    sums: list[float],
    seat: int = -1,
    court: int = 0,
    castle: int = 0,
    scores: list[int] | None = None,
) -> list[float]:
    """Estimated final points per seat from the places' weighted points (`sums`, per seat)
    and the reserves; `seat` has `court` more Caballeros in court and `castle` more in the
    Castillo than `game`, and the points scored are `scores` if given."""
    _, _, reserve, keep, court_cap = moment
    scored = game.score if scores is None else scores
    in_castle, in_court, province = game.cab[CASTILLO_INDEX], game.court, game.province
    w_court, w_province = reserve * W.court, reserve * W.province
    w_castle = W.castillo_caballero * keep
    value = [
        sc + ps + w_court * (c if c < court_cap else court_cap) + w_province * pr + w_castle * k
        for sc, ps, c, pr, k in zip(scored, sums, in_court, province, in_castle)
    ]
    if seat >= 0 and (court or castle):
        c = in_court[seat]
        value[seat] += w_court * (min(c + court, court_cap) - min(c, court_cap))
        value[seat] += w_castle * castle
    return value


def evaluate(game: Game) -> list[float]:
    """Estimated final points per seat from the position of `game` (exact once it is over).

    Called for every choice a greedy step weighs, so it is written for speed: the weights of
    the moment and each place's weighted points are memoized, and `Nearby` gets the numbers
    with less work when only a little changed.
    """
    if game.over:
        return [float(s) for s in game.score]
    moment = _moment(game)
    return _total(game, moment, _sums(_places(game, moment)[1], game.n))


class Nearby:
    """`evaluate` for positions a step away from `game`, with less work.

    `tweaked`: after a small change to one seat's Caballeros (some moved between places, the
    court and the Castillo), without copying the game: valid only for changes after which
    nothing else happens. `evaluate(h)`: for a game `h` played on from `game`; a place whose
    Caballeros did not change keeps what was found for `game`. The numbers are `evaluate`'s
    up to the rounding of the last bits (a place's points are taken out of the sum and the new
    ones put in), far below the `greedy.TIE` by which one choice must beat another.
    """

    __slots__ = (
        "boards",
        "game",
        "home",
        "homes",
        "keys",
        "king",
        "moment",
        "rows",
        "sums",
        "weighted",
    )

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rows = [row[:] for row in game.cab]
        self.moment = _moment(game)
        self.keys, self.weighted = _places(game, self.moment)
        self.sums = _sums(self.weighted, game.n)
        self.king, self.boards, self.home = game.king, game.boards[:], game.home[:]
        self.homes = _homes(game)

    def tweaked(self, seat: int, moves: tuple[tuple[int, int], ...], court: int = 0) -> list[float]:
        """`evaluate(game)` as it would be with `seat`'s Caballeros in each `(place, change)`
        of `moves` changed (each place once), and `court` more in its court."""
        game, moment, weighted = self.game, self.moment, self.weighted
        sums = self.sums
        castle = 0
        for place, change in moves:
            row = self.rows[place][:]
            row[seat] += change
            new = None
            if any(row):
                w = moment[0] if place == CASTILLO_INDEX else moment[1]
                new = _weighted(_key(game, place, row, self.homes), w)
            sums = _shift(sums, weighted[place], new)
            if place == CASTILLO_INDEX:
                castle += change
        return _total(game, moment, sums, seat, court, castle)

    def now(self) -> list[float]:
        """`evaluate(game)`."""
        return _total(self.game, self.moment, self.sums)

    def rescored(self, scores: list[int]) -> list[float]:
        """`evaluate(game)` as it would be with these points scored."""
        return _total(self.game, self.moment, self.sums, scores=scores)

    def evaluate(self, game: Game) -> list[float]:
        """`evaluate(game)` for a game played on from this one."""
        if game.over:
            return [float(s) for s in game.score]
        moment = _moment(game)
        if moment is not self.moment:
            return _total(game, moment, _sums(_places(game, moment)[1], game.n))
        rows, cab = self.rows, game.cab
        changed = [p for p in range(len(rows)) if cab[p] != rows[p]]
        if game.king != self.king or game.boards != self.boards or game.home != self.home:
            # The King's bonus, a scoreboard's values or a home bonus moved.
            more = {game.king, self.king, *game.boards, *self.boards, *game.home, *self.home}
            changed = sorted(set(changed) | {p for p in more if p >= 0})
        sums = self.sums
        if changed:
            homes = _homes(game)
            weighted = self.weighted
            for p in changed:
                row = cab[p]
                new = None
                if any(row):
                    w = moment[0] if p == CASTILLO_INDEX else moment[1]
                    new = _weighted(_key(game, p, row, homes), w)
                sums = _shift(sums, weighted[p], new)
        return _total(game, moment, sums)


def rounds_left(game: Game) -> int:
    """Rounds still to play after the current one, plus one if this round's turns are on."""
    track = ROUND_TRACKS[game.options.rounds]
    i = track.index(game.round)
    return len(track) - i - (0 if game.phase in (Phase.POWER, Phase.TURNS) else 1)


def utility(values: list[float], seat: int) -> float:
    """How good `values` is for `seat`: its margin over the others (leader and average)."""
    others = [v for s, v in enumerate(values) if s != seat]
    if not others:
        return values[seat]
    return values[seat] - 0.6 * max(others) - 0.4 * sum(others) / len(others)
