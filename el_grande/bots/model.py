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

from el_grande.core import CASTILLO, PLACES, ROUND_TRACKS, SCOREBOARD_IDS, SCOREBOARDS, VALUES, Game

if TYPE_CHECKING:
    from el_grande.core import Game, View

_CAST = PLACES.index(CASTILLO)
_PLACE_VALUES = tuple(VALUES[p] for p in PLACES)
_BOARD_VALUES = tuple(SCOREBOARDS[b] for b in SCOREBOARD_IDS)
_SCORING_ROUNDS = (3, 6, 9)


def determinize(view: View, rng: random.Random) -> Game:
    """A full game consistent with `view` (a seat's view), its unknowns sampled with `rng`."""

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


def _reduced(values: tuple[int, int, int], n: int) -> tuple[int, int, int]:
    if n <= 2:
        return (values[0], 0, 0)
    if n == 3:
        return (values[0], values[1], 0)
    return values


def place_points(counts: list[int], values: tuple[int, int, int]) -> list[float]:
    """R-K2 rank points per seat for one place (values already reduced for the player count)."""
    n = len(counts)
    out = [0.0] * n
    levels = sorted({c for c in counts if c > 0}, reverse=True)
    position = 1
    for level in levels:
        if position > 3:
            break
        group = [s for s in range(n) if counts[s] == level]
        if len(group) == 1:
            out[group[0]] = values[position - 1]
            position += 1
        else:
            v = values[position] if position < 3 else 0
            for s in group:
                out[s] = v
            position += 2
    return out


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
    vals = _BOARD_VALUES[board] if board >= 0 else _PLACE_VALUES[p]
    pts = place_points(list(counts), _reduced(vals, n))
    top = max(counts)
    if counts.count(top) == 1:
        leader = counts.index(top)
        second = max((c for s, c in enumerate(counts) if s != leader), default=0)
        if p != _CAST:
            pts[leader] += (2 if king else 0) + (2 if homes >> leader & 1 else 0)
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
        rounds_left = _rounds_left(game)
        reserve = min(1.0, rounds_left / 3)
        keep = 1.0 if w_later or w_next else 0.0
        got = _MOMENTS[key] = (w_next, w_next + w_later, reserve, keep, 5 * rounds_left)
    return got


def _homes(game: Game) -> list[int]:
    """Per region, a bitmask of the seats whose Grande stands there."""
    homes = [0] * 9
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
        homes[p] if p < 9 else 0,
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
            homes[p] if p < 9 else 0,
        )
        w = w_next if p == _CAST else w_region
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


def _total(
    game: Game,
    moment: tuple[float, float, float, float, int],
    weighted: list[_Weighted | None],
    seat: int = -1,
    court: int = 0,
    castle: int = 0,
    scores: list[int] | None = None,
) -> list[float]:
    """Estimated final points per seat from the places' weighted points and the reserves;
    `seat` has `court` more Caballeros in court and `castle` more in the Castillo than `game`,
    and the points scored are `scores` if given.

    Each seat's value adds up, in this order: its score, each non-empty place's weighted points
    (places in order), its court and province, its Castillo. (`sum` of floats adds from the
    left in Python 3.11, as `+=` would; a zero changes nothing.)
    """
    _, _, reserve, keep, court_cap = moment
    columns = [w for w in weighted if w is not None]
    scored = game.score if scores is None else scores
    if columns:
        value = [sum(col, float(sc)) for col, sc in zip(zip(*columns), scored)]
    else:
        value = [float(sc) for sc in scored]
    in_castle_, in_court_, province = game.cab[_CAST], game.court, game.province
    w_court, w_province, w_castle = W.court, W.province, W.castillo_caballero
    for s in range(game.n):
        in_court, in_castle = in_court_[s], in_castle_[s]
        if s == seat:
            in_court += court
            in_castle += castle
        value[s] += reserve * (w_court * min(in_court, court_cap) + w_province * province[s])
        value[s] += w_castle * in_castle * keep
    return value


def evaluate(game: Game) -> list[float]:
    """Estimated final points per seat from the position of `game` (exact once it is over).

    Called for every choice a greedy step weighs, so it is written for speed: the weights of
    the moment and each place's weighted points are memoized, and `Nearby` gets the same
    numbers with less work when only a little changed.
    """
    if game.over:
        return [float(s) for s in game.score]
    moment = _moment(game)
    return _total(game, moment, _places(game, moment)[1])


class Nearby:
    """`evaluate` for positions a step away from `game`, with less work and the same floats.

    `tweaked`: after a small change to one seat's Caballeros (some moved between places, the
    court and the Castillo), without copying the game: valid only for changes after which
    nothing else happens. `evaluate(h)`: for a game `h` played on from `game`; a place whose
    Caballeros did not change keeps what was found for `game`.
    """

    __slots__ = ("boards", "game", "home", "keys", "king", "moment", "rows", "weighted")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.rows = [row[:] for row in game.cab]
        self.moment = _moment(game)
        self.keys, self.weighted = _places(game, self.moment)
        self.king, self.boards, self.home = game.king, game.boards[:], game.home[:]

    def tweaked(self, seat: int, moves: tuple[tuple[int, int], ...], court: int = 0) -> list[float]:
        """`evaluate(game)` as it would be with `seat`'s Caballeros in each `(place, change)`
        of `moves` changed, and `court` more in its court."""
        game, moment = self.game, self.moment
        weighted = self.weighted[:]
        castle = 0
        for place, change in moves:
            row = self.rows[place][:]
            row[seat] += change
            if any(row):
                w = moment[0] if place == _CAST else moment[1]
                weighted[place] = _weighted(_key(game, place, row, _homes(game)), w)
            else:
                weighted[place] = None
            if place == _CAST:
                castle += change
        return _total(game, moment, weighted, seat, court, castle)

    def rescored(self, scores: list[int]) -> list[float]:
        """`evaluate(game)` as it would be with these points scored."""
        return _total(self.game, self.moment, self.weighted, scores=scores)

    def evaluate(self, game: Game) -> list[float]:
        """`evaluate(game)` for a game played on from this one."""
        if game.over:
            return [float(s) for s in game.score]
        moment = _moment(game)
        if moment is not self.moment:
            return _total(game, moment, _places(game, moment)[1])
        rows, cab = self.rows, game.cab
        changed = {p for p in range(10) if cab[p] != rows[p]}
        if game.king != self.king:  # the King's bonus moves
            changed.update((game.king, self.king))
        if game.boards != self.boards:  # a scoreboard's values move
            changed.update(p for p in (*game.boards, *self.boards) if p >= 0)
        if game.home != self.home:  # a home bonus moves
            changed.update(game.home)
            changed.update(self.home)
        weighted = self.weighted
        if changed:
            weighted = weighted[:]
            homes = _homes(game)
            for p in changed:
                row = cab[p]
                if any(row):
                    w = moment[0] if p == _CAST else moment[1]
                    weighted[p] = _weighted(_key(game, p, row, homes), w)
                else:
                    weighted[p] = None
        return _total(game, moment, weighted)


def _rounds_left(game: Game) -> int:
    """Rounds still to play after the current one, plus one if this round's turns are on."""
    track = ROUND_TRACKS[game.options.rounds]
    i = track.index(game.round)
    return len(track) - i - (0 if game.phase in ("power", "turns") else 1)


def utility(values: list[float], seat: int) -> float:
    """How good `values` is for `seat`: its margin over the others (leader and average)."""
    others = [v for s, v in enumerate(values) if s != seat]
    if not others:
        return values[seat]
    return values[seat] - 0.6 * max(others) - 0.4 * sum(others) / len(others)
