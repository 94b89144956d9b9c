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
from itertools import compress
from operator import ne
from typing import TYPE_CHECKING

from el_grande.core import (
    ROUND_TRACKS,
    SCOREBOARD_IDS,
    SCOREBOARDS,
    SCORING_ROUNDS,
    Game,
    Phase,
    score_place,
)
from el_grande.core.board import CASTILLO_INDEX, PLACE_VALUES

if TYPE_CHECKING:
    from el_grande.core import View

_BOARD_VALUES = tuple(SCOREBOARDS[b] for b in SCOREBOARD_IDS)
_SCORING_ROUNDS = tuple(sorted(SCORING_ROUNDS))
#: The places' indexes (`cab`'s rows), for the places that changed: `compress(_PLACES, map(ne,
#: cab, rows))`, the indexes in order without a Python loop.
_PLACES = range(CASTILLO_INDEX + 1)


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


#: What identifies a place for its points, apart from its Caballeros: its index, which
#: mobile scoreboard lies there (0, 1; -1 none), whether the King stands there, and the
#: seats whose Grande stands there (a bitmask; 0 for the Castillo).
_Stem = tuple[int, int, bool, int]
_Key = tuple[_Stem, tuple[int, ...]]
_Weighted = tuple[float, ...]

_PLACE_CACHE: dict[_Key, _Weighted] = {}


def _place_value(key: _Key) -> _Weighted:
    """Points per seat a scoring of the place would give now, with bonuses (memoized)."""
    got = _PLACE_CACHE.get(key)
    if got is not None:
        return got
    (p, board, king, homes), counts = key
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


#: What `evaluate` weighs a moment by: (w_next, w_region, reserve, keep, court_cap, and the
#: weights of a Caballero in court, in the province and in the Castillo worked out from them).
_Moment = tuple[float, float, float, float, int, float, float, float]

#: Per moment of the game (rounds option, round index, phase): the weights `evaluate` uses.
_MOMENTS: dict[tuple[int, int, str], _Moment] = {}


def _moment(game: Game) -> _Moment:
    """(w_next, w_region, reserve, keep, court_cap, w_court, w_province, w_castle) at `game`'s
    moment (memoized)."""
    key = (game.options.rounds, game.round_i, game.phase)
    got = _MOMENTS.get(key)
    if got is None:
        w_next, w_later = scoring_weights(game)
        left = rounds_left(game)
        reserve = min(1.0, left / 3)
        keep = 1.0 if w_later or w_next else 0.0
        got = _MOMENTS[key] = (
            w_next,
            w_next + w_later,
            reserve,
            keep,
            5 * left,
            reserve * W.court,
            reserve * W.province,
            W.castillo_caballero * keep,
        )
    return got


#: `_stems` by (King, scoreboards, homes): a few dozen of them in a game.
_STEMS: dict[tuple[int, tuple[int, ...], tuple[int, ...], int], tuple[_Stem, ...]] = {}


def _stems(game: Game) -> tuple[_Stem, ...]:
    """Every place's `_Stem`, in `PLACES` order (memoized)."""
    return _stems_at(game.king, game.boards, game.home, len(game.cab))


def _stems_at(king: int, boards: list[int], home: list[int], places: int) -> tuple[_Stem, ...]:
    """`_stems` of a game with this King, these scoreboards and homes, and `places` places."""
    key = (king, tuple(boards), tuple(home), places)
    got = _STEMS.get(key)
    if got is None:
        if len(_STEMS) > 10_000:
            _STEMS.clear()
        homes = [0] * places
        for s, at in enumerate(home):
            homes[at] |= 1 << s
        homes[CASTILLO_INDEX] = 0
        b0, b1 = boards
        got = _STEMS[key] = tuple(
            [
                (p, 0 if b0 == p else (1 if b1 == p else -1), p == king, homes[p])
                for p in range(places)
            ]
        )
    return got


#: Per weight, `_place_value` times that weight, by `_place_value` key.
_WEIGHTED: dict[float, dict[_Key, _Weighted]] = {}


def _weights(w: float) -> dict[_Key, _Weighted]:
    """The memo of places' points times `w` (emptied when it grows large)."""
    got = _WEIGHTED.get(w)
    if got is None:
        got = _WEIGHTED[w] = {}
    elif len(got) > 200_000:
        got.clear()
    return got


def _weighted(cache: dict[_Key, _Weighted], key: _Key, w: float) -> _Weighted:
    """`_place_value(key)` times `w`, from `cache` (`_weights(w)`) or computed into it."""
    got = cache.get(key)
    if got is None:
        got = cache[key] = tuple(w * x for x in _place_value(key))
    return got


def _places(game: Game, moment: _Moment, stems: tuple[_Stem, ...]) -> list[_Weighted | None]:
    """Every place's weighted points (None for an empty place)."""
    w_next, w_region = moment[0], moment[1]
    regions = _weights(w_region)
    get = regions.get
    weighted: list[_Weighted | None] = []
    append = weighted.append
    cab = game.cab
    for p in range(CASTILLO_INDEX):  # the regions come first, the Castillo last
        row = cab[p]
        if any(row):
            key = (stems[p], tuple(row))
            got = get(key)
            append(got if got is not None else _weighted(regions, key, w_region))
        else:
            append(None)
    row = cab[CASTILLO_INDEX]
    if any(row):
        append(_weighted(_weights(w_next), (stems[CASTILLO_INDEX], tuple(row)), w_next))
    else:
        append(None)
    return weighted


def points_by_place(game: Game) -> list[tuple[float, ...] | None]:
    """What a scoring of each place (`PLACES` order) would give each seat now, with bonuses
    (as `evaluate` counts it, before weighting); None for an empty place."""
    return [
        _place_value((stem, tuple(row))) if any(row) else None
        for stem, row in zip(_stems(game), game.cab)
    ]


def _sums(weighted: list[_Weighted | None], n: int) -> list[float]:
    """Per seat, the weighted points of every non-empty place added up."""
    return [*map(sum, zip(*filter(None, weighted)))] or [0.0] * n


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
    moment: _Moment,
    sums: list[float],
    seat: int = -1,
    court: int = 0,
    castle: int = 0,
    scores: list[int] | None = None,
) -> list[float]:
    """Estimated final points per seat from the places' weighted points (`sums`, per seat)
    and the reserves; `seat` has `court` more Caballeros in court and `castle` more in the
    Castillo than `game`, and the points scored are `scores` if given."""
    court_cap, w_court, w_province, w_castle = moment[4:]
    scored = game.score if scores is None else scores
    in_castle, in_court, province = game.cab[CASTILLO_INDEX], game.court, game.province
    value = [
        sc + ps + w_court * (c if c < court_cap else court_cap) + w_province * pr + w_castle * k
        for sc, ps, c, pr, k in zip(scored, sums, in_court, province, in_castle)
    ]
    if seat >= 0 and (court or castle):
        _reserves_moved(value, game, moment, seat, court, castle)
    return value


def _reserves_moved(
    value: list[float], game: Game, moment: _Moment, seat: int, court: int, castle: int
) -> None:
    """`value` (per seat, from `game`) with `seat`'s `court` more Caballeros in court and
    `castle` more in the Castillo: the one rule of both forms of `_total`."""
    court_cap, w_court, _, w_castle = moment[4:]
    c = game.court[seat]
    value[seat] += w_court * (min(c + court, court_cap) - min(c, court_cap))
    value[seat] += w_castle * castle


def evaluate(game: Game) -> list[float]:
    """Estimated final points per seat from the position of `game` (exact once it is over).

    Called for every choice a greedy step weighs, so it is written for speed: the weights of
    the moment and each place's weighted points are memoized, the places whose Caballeros did
    not change since the last position weighed are taken from it (`_Weighed`), and `Nearby`
    gets the numbers with less work when only a little changed.
    """
    global _last_weighed
    if game.over:
        return [float(s) for s in game.score]
    weighed = _last_weighed = _Weighed(game, _last_weighed)
    return _total(game, weighed.moment, weighed.sums)


class _Weighed:
    """A position's places weighted as `evaluate` weighs them (`_places`) and added up per seat
    (`_sums`), with what that depends on: the moment (`_moment`: the rounds, the round, the
    phase) and the stems (`_stems`: the King, the scoreboards, the homes).

    Made after another one (`last`) of the same moment and stems, it looks up again only the
    places whose Caballeros changed (`changed`: their indexes, in order; None when nothing was
    taken from `last`) and takes everything else from it, the sums too when no place changed.
    Nothing here is changed once made, so that the next one may share it.
    """

    __slots__ = (
        "boards",
        "castillo",
        "changed",
        "home",
        "king",
        "moment",
        "phase",
        "regions",
        "round_i",
        "rounds",
        "rows",
        "stems",
        "sums",
        "weighted",
    )

    rounds: int
    round_i: int
    phase: Phase
    king: int
    boards: list[int]
    home: list[int]
    rows: list[list[int]]
    moment: _Moment
    stems: tuple[_Stem, ...]
    weighted: list[_Weighted | None]
    sums: list[float]
    regions: dict[_Key, _Weighted]
    castillo: dict[_Key, _Weighted]
    changed: list[int] | None

    def __init__(self, game: Game, last: _Weighed | None) -> None:
        cab, boards, home = game.cab, game.boards, game.home
        self.rounds, self.round_i, self.phase = game.options.rounds, game.round_i, game.phase
        self.king = game.king
        if (
            last is not None
            and self.round_i == last.round_i
            and self.phase == last.phase
            and self.rounds == last.rounds
            and self.king == last.king
            and boards == last.boards
            and home == last.home
        ):
            # What `_moment`, `_stems` and the weights' memos give is the last one's.
            self.boards, self.home = last.boards, last.home
            self.moment = moment = last.moment
            self.stems = stems = last.stems
            self.regions, self.castillo = last.regions, last.castillo
            rows = last.rows
            self.changed = changed = [*compress(_PLACES, map(ne, cab, rows))]
            if not changed:
                self.rows, self.weighted, self.sums = rows, last.weighted, last.sums
                return
            self.rows = rows = rows[:]
            self.weighted = weighted = last.weighted[:]
            for p in changed:  # each as `_places` finds it
                row = cab[p]
                rows[p] = row[:]
                if any(row):
                    key = (stems[p], tuple(row))
                    if p == CASTILLO_INDEX:
                        weighted[p] = _weighted(self.castillo, key, moment[0])
                    else:
                        got = self.regions.get(key)
                        weighted[p] = (
                            got if got is not None else _weighted(self.regions, key, moment[1])
                        )
                else:
                    weighted[p] = None
            self.sums = _sums(weighted, game.n)
            return
        self.changed = None
        self.boards, self.home = boards[:], home[:]
        self.rows = [row[:] for row in cab]
        self.moment = moment = _moment(game)
        self.stems = stems = _stems(game)
        self.regions, self.castillo = _weights(moment[1]), _weights(moment[0])
        self.weighted = _places(game, moment, stems)
        self.sums = _sums(self.weighted, game.n)


#: The last position `evaluate` weighed: the next one is most often much like it.
_last_weighed: _Weighed | None = None

#: The last `Nearby` made: the next one is most often a step from it (see `_Weighed`).
_last_near: Nearby | None = None


class Nearby(_Weighed):
    """`evaluate` for positions a step away from `game`, with less work.

    `tweaked`: after a small change to one seat's Caballeros (some moved between places, the
    court and the Castillo), without copying the game: valid only for changes after which
    nothing else happens (`placements` and `moves`: the same for each of a decision's places
    at once). `evaluate(h)`: for a game `h` played on from `game`; a place whose Caballeros
    did not change keeps what was found for `game`. The numbers are `evaluate`'s up to the
    rounding of the last bits (a place's points are taken out of the sum and the new ones put
    in), far below the `greedy.TIE` by which one choice must beat another. `moves_on`,
    `courted` and `kinged` give `evaluate(h)`'s numbers, bit for bit, of a game `h` one
    choice on (an intrigue's move after which its player moves another, the court step, the
    King's move) without `h`.

    Made after the last one (a step after it, most often: a turn's next placement), it takes
    from it what did not change (`_Weighed`), and `_total`'s terms of a court, province or
    Castillo that did not change.
    """

    __slots__ = ("court", "game", "parts", "province")

    parts: tuple[list[float], list[float], list[float]]

    def __init__(self, game: Game) -> None:
        global _last_near
        last = _last_near
        _Weighed.__init__(self, game, last)
        self.game = game
        self.court, self.province = court, province = game.court[:], game.province[:]
        court_cap, w_court, w_province, w_castle = self.moment[4:]
        changed = self.changed
        if changed is None or last is None:
            # `_total`'s terms that do not change with the places, per seat, worked out once.
            self.parts = (
                [w_court * (c if c < court_cap else court_cap) for c in court],
                [w_province * pr for pr in province],
                [w_castle * k for k in game.cab[CASTILLO_INDEX]],
            )
        else:
            on_court, in_province, in_castle = last.parts
            if court != last.court:
                on_court = [w_court * (c if c < court_cap else court_cap) for c in court]
            if province != last.province:
                in_province = [w_province * pr for pr in province]
            if changed and changed[-1] == CASTILLO_INDEX:
                in_castle = [w_castle * k for k in game.cab[CASTILLO_INDEX]]
            self.parts = (on_court, in_province, in_castle)
        _last_near = self

    def _total(
        self,
        sums: list[float],
        seat: int = -1,
        court: int = 0,
        castle: int = 0,
        scores: list[int] | None = None,
    ) -> list[float]:
        """`_total(self.game, self.moment, sums, seat, court, castle, scores)`, from the terms
        worked out once (the same numbers, added in the same order)."""
        on_court, in_province, in_castle = self.parts
        value = [
            sc + ps + a + b + k
            for sc, ps, a, b, k in zip(
                self.game.score if scores is None else scores,
                sums,
                on_court,
                in_province,
                in_castle,
            )
        ]
        if seat >= 0 and (court or castle):
            _reserves_moved(value, self.game, self.moment, seat, court, castle)
        return value

    def tweaked(self, seat: int, moves: tuple[tuple[int, int], ...], court: int = 0) -> list[float]:
        """`evaluate(game)` as it would be with `seat`'s Caballeros in each `(place, change)`
        of `moves` changed (each place once), and `court` more in its court."""
        sums, weighted, castle = self.sums, self.weighted, 0
        for place, change in moves:
            row = self.rows[place][:]
            row[seat] += change
            new = None
            if any(row):
                key = (self.stems[place], tuple(row))
                if place == CASTILLO_INDEX:
                    castle += change
                    new = _weighted(self.castillo, key, self.moment[0])
                else:
                    new = self.regions.get(key) or _weighted(self.regions, key, self.moment[1])
            elif place == CASTILLO_INDEX:
                castle += change
            sums = _shift(sums, weighted[place], new)
        return self._total(sums, seat, court, castle)

    def _weigh(self, place: int, row: list[int]) -> _Weighted | None:
        """`place`'s weighted points with its Caballeros `row` (None if empty): `_places`'s."""
        return self._weigh_held(place, row) if any(row) else None

    def _weigh_held(self, place: int, row: list[int]) -> _Weighted:
        """`_weigh` of a row with a Caballero in it."""
        key = (self.stems[place], tuple(row))
        if place == CASTILLO_INDEX:
            return _weighted(self.castillo, key, self.moment[0])
        got = self.regions.get(key)
        return got if got is not None else _weighted(self.regions, key, self.moment[1])

    def moves(self, seat: int, src: int, targets: list[int]) -> list[list[float]]:
        """``[tweaked(seat, ((src, -1), (to, 1))) for to in targets]``, with less work: one of
        `seat`'s Caballeros from region `src` (not the Castillo) to each place `to`, its
        region weighed once (`tweaked` shifts it first)."""
        rows, weighted = self.rows, self.weighted
        row = rows[src][:]
        row[seat] -= 1
        left = _shift(self.sums, weighted[src], self._weigh(src, row))
        on_court, in_province, in_castle = self.parts
        score = self.game.score
        weighed = []
        for to in targets:
            row = rows[to][:]
            row[seat] += 1
            new = self._weigh_held(to, row)
            old = weighted[to]
            # `self._total(_shift(left, old, new), seat, 0, castle)` in one list: the same
            # numbers, added in the same order.
            if old is not None:
                value = [
                    sc + (x - a + b) + pa + pb + pk
                    for sc, x, a, b, pa, pb, pk in zip(
                        score,
                        left,
                        old,
                        new,
                        on_court,
                        in_province,
                        in_castle,
                    )
                ]
            else:
                value = [
                    sc + (x + b) + pa + pb + pk
                    for sc, x, b, pa, pb, pk in zip(
                        score,
                        left,
                        new,
                        on_court,
                        in_province,
                        in_castle,
                    )
                ]
            if to == CASTILLO_INDEX:
                _reserves_moved(value, self.game, self.moment, seat, 0, 1)
            weighed.append(value)
        return weighed

    def moves_on(self, seat: int, src: int, targets: list[int]) -> list[list[float]]:
        """`self.evaluate(h)` of each `h`, this game played on by one of `seat`'s Caballeros
        moving from region `src` to place `to` (of `targets`) and nothing else
        (`core.intrigue.move_goes_on`), without playing it: the same numbers (the two places
        shifted in place order, the total added up as `evaluate` adds it)."""
        rows, weighted, sums = self.rows, self.weighted, self.sums
        row = rows[src][:]
        row[seat] -= 1
        gone = self._weigh(src, row)
        left = _shift(sums, weighted[src], gone)  # for the places after `src`
        on_court, in_province, in_castle = self.parts
        score = self.game.score
        weighed = []
        for to in targets:
            row = rows[to][:]
            row[seat] += 1
            new = self._weigh_held(to, row)
            if to < src:
                total = _shift(_shift(sums, weighted[to], new), weighted[src], gone)
            else:
                total = _shift(left, weighted[to], new)
            if to != CASTILLO_INDEX:  # the court, province and Castillo as they were
                weighed.append(
                    [
                        sc + ps + a + b + k
                        for sc, ps, a, b, k in zip(score, total, on_court, in_province, in_castle)
                    ]
                )
                continue
            court_cap, w_court, w_province, w_castle = self.moment[4:]
            castillo = rows[CASTILLO_INDEX][:]
            castillo[seat] += 1
            weighed.append(
                [  # `_total`'s sum
                    sc
                    + ps
                    + w_court * (c if c < court_cap else court_cap)
                    + w_province * pr
                    + w_castle * k
                    for sc, ps, c, pr, k in zip(score, total, self.court, self.province, castillo)
                ]
            )
        return weighed

    def courted(self, seat: int, count: int) -> list[float]:
        """`self.evaluate(h)` of `h`, this game played on by `count` of `seat`'s Caballeros
        going from its province to its court and nothing else (the court step of a turn),
        without playing it: the same numbers (the total's terms of the court and province
        worked out for `seat` again, as `evaluate` works them out for every seat)."""
        on_court, in_province, in_castle = self.parts
        if count:
            court_cap, w_court, w_province, _ = self.moment[4:]
            c = self.court[seat] + count
            on_court = on_court[:]
            on_court[seat] = w_court * (c if c < court_cap else court_cap)
            in_province = in_province[:]
            in_province[seat] = w_province * (self.province[seat] - count)
        return [
            sc + ps + a + b + k
            for sc, ps, a, b, k in zip(self.game.score, self.sums, on_court, in_province, in_castle)
        ]

    def kinged(self, to: int) -> list[float]:
        """`self.evaluate(h)` of `h`, this game played on by the King moving to region `to`
        and nothing else, without playing it: the same numbers (the places whose King's bonus
        changed shifted in place order, as `evaluate` shifts them)."""
        rows, weighted, regions, moment = self.rows, self.weighted, self.regions, self.moment
        stems = _stems_at(to, self.boards, self.home, len(rows))
        sums = self.sums
        for p, stem in enumerate(stems):
            if stem != self.stems[p]:
                row = rows[p]
                new = None
                if any(row):
                    key = (stem, tuple(row))
                    if p == CASTILLO_INDEX:
                        new = _weighted(self.castillo, key, moment[0])
                    else:
                        new = regions.get(key)
                        if new is None:
                            new = _weighted(regions, key, moment[1])
                sums = _shift(sums, weighted[p], new)
        on_court, in_province, in_castle = self.parts
        return [
            sc + ps + a + b + k
            for sc, ps, a, b, k in zip(self.game.score, sums, on_court, in_province, in_castle)
        ]

    def placements(self, seat: int, targets: list[int]) -> list[list[float]]:
        """``[tweaked(seat, ((to, 1),), court=-1) for to in targets]``, with less work: one of
        `seat`'s Caballeros from its court to each place `to`."""
        rows, weighted = self.rows, self.weighted
        on_court, in_province, in_castle = self.parts
        score, sums = self.game.score, self.sums
        court_cap, w_court, _, w_castle = self.moment[4:]
        c = self.court[seat]
        # `_reserves_moved`'s terms for `seat`: one fewer in court, none or one more in the
        # Castillo (the same for every place).
        fewer = w_court * (min(c - 1, court_cap) - min(c, court_cap))
        castle = (w_castle * 0, w_castle * 1)
        weighed = []
        for to in targets:
            row = rows[to][:]
            row[seat] += 1
            new = self._weigh_held(to, row)
            old = weighted[to]
            # `self._total(_shift(sums, old, new), seat, -1, castle)` in one list: the same
            # numbers, added in the same order.
            if old is not None:
                value = [
                    sc + (x - a + b) + pa + pb + pk
                    for sc, x, a, b, pa, pb, pk in zip(
                        score,
                        sums,
                        old,
                        new,
                        on_court,
                        in_province,
                        in_castle,
                    )
                ]
            else:
                value = [
                    sc + (x + b) + pa + pb + pk
                    for sc, x, b, pa, pb, pk in zip(
                        score,
                        sums,
                        new,
                        on_court,
                        in_province,
                        in_castle,
                    )
                ]
            value[seat] += fewer
            value[seat] += castle[to == CASTILLO_INDEX]
            weighed.append(value)
        return weighed

    def now(self) -> list[float]:
        """`evaluate(game)`."""
        return self._total(self.sums)

    def rescored(self, scores: list[int]) -> list[float]:
        """`evaluate(game)` as it would be with these points scored."""
        return self._total(self.sums, scores=scores)

    def evaluate(self, game: Game) -> list[float]:
        """`evaluate(game)` for a game played on from this one."""
        if game.over:
            return [float(s) for s in game.score]
        if (
            game.round_i != self.round_i
            or game.phase != self.phase
            or game.options.rounds != self.rounds
        ):  # another moment: another `_moment`, nothing to shift
            return evaluate(game)
        moment = self.moment
        rows, cab = self.rows, game.cab
        changed = [*compress(_PLACES, map(ne, cab, rows))]
        stems = self.stems
        if game.king != self.king or game.boards != self.boards or game.home != self.home:
            # The King's bonus, a scoreboard's values or a home bonus moved.
            stems = _stems(game)
            changed = [
                p for p in range(len(rows)) if cab[p] != rows[p] or stems[p] != self.stems[p]
            ]
        sums = self.sums
        weighted = self.weighted
        for p in changed:
            row = cab[p]
            new = None
            if any(row):
                key = (stems[p], tuple(row))
                if p == CASTILLO_INDEX:
                    new = _weighted(self.castillo, key, moment[0])
                else:
                    new = self.regions.get(key)
                    if new is None:
                        new = _weighted(self.regions, key, moment[1])
            sums = _shift(sums, weighted[p], new)
        # `_total(game, moment, sums)`, its terms taken from this one's where the court, the
        # province or the Castillo did not change: the same numbers, added in the same order.
        on_court, in_province, in_castle = self.parts
        court_cap, w_court, w_province, w_castle = moment[4:]
        if game.court != self.court:
            on_court = [w_court * (c if c < court_cap else court_cap) for c in game.court]
        if game.province != self.province:
            in_province = [w_province * pr for pr in game.province]
        if cab[CASTILLO_INDEX] != rows[CASTILLO_INDEX]:
            in_castle = [w_castle * k for k in cab[CASTILLO_INDEX]]
        return [
            sc + ps + a + b + k
            for sc, ps, a, b, k in zip(game.score, sums, on_court, in_province, in_castle)
        ]


def rounds_left(game: Game) -> int:
    """Rounds still to play after the current one, plus one if this round's turns are on."""
    track = ROUND_TRACKS[game.options.rounds]
    i = track.index(game.round)
    return len(track) - i - (0 if game.phase in (Phase.POWER, Phase.TURNS) else 1)


def utility(values: list[float], seat: int) -> float:
    """How good `values` is for `seat`: its margin over the others (leader and average)."""
    others = values[:]
    own = others.pop(seat)
    if not others:
        return own
    return own - 0.6 * max(others) - 0.4 * sum(others) / len(others)


def utilities(values: list[list[float]], seat: int) -> list[float]:
    """``[utility(v, seat) for v in values]`` (the same numbers), in one call: a greedy step
    weighs every choice. A list met twice in a row (a value shared by several choices) is
    weighed once."""
    scores: list[float] = []
    append = scores.append
    last: list[float] | None = None
    u = 0.0
    others_count = len(values[0]) - 1 if values else 0  # every list has a value per seat
    for v in values:
        if v is not last:
            last = v
            others = v[:]
            own = others.pop(seat)
            u = own - 0.6 * max(others) - 0.4 * sum(others) / others_count if others_count else own
        append(u)
    return scores
