"""The Hard player's faster play-outs (issue 30) give the numbers and choices they gave before.

The fast paths of `model.Nearby` (a placement or an intrigue's move weighed in one list, the
places of a step after the last one looked up again only where they changed, the terms of a
total worked out once) and `model.utilities` must give exactly what the plain code gives, bit
for bit: the search compares means, and a last bit's difference could change a choice. And
seeded searches capped in play-outs choose as they did before the change (checksum taken at
a1c3b59).
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter

from el_grande.bots import greedy, model
from el_grande.bots.model import (
    Nearby,
    _places,
    _stems,
    _total,
    evaluate,
    utilities,
    utility,
)
from el_grande.bots.outlook import outlook
from el_grande.bots.strong import Leaf, StrongBot
from el_grande.core import DecisionKind, Game, Options
from el_grande.core.board import PLACE_INDEX
from el_grande.core.intrigue import move_goes_on

#: sha256 of the searches' choices and every candidate's summed utility (see `_searched`),
#: as the code before issue 30's bot changes found them, with play-outs valued by
#: `model.evaluate` (the Hard player's play-outs until issue 31: the same play-outs since).
SEARCHES_BEFORE = "eed8dc1648d123f6bfdfce1955f71e723c432fa1d18d1f0c5f4f83ffe92ce1c2"
#: The same with the Hard player's value of a play-out's end since issue 31
#: (`outlook.outlook`), pinned when it was made.
SEARCHES = "14f92f302b249e0b251346bfd8c4d731aeb6f54b5edbd65330d66889e137b52c"


def _position(k: int) -> Game:
    n = 3 + k % 3
    game = Game.new([f"P{i}" for i in range(n)], seed=500 + k, options=Options(castillo="hidden"))
    rng = random.Random(k)
    for _ in range(rng.randrange(5, 120)):
        d = game.decision
        if d is None:
            break
        game.apply(rng.choice(d.choices))
    while game.decision is not None and len(game.decision.choices) == 1:
        game.apply(game.decision.choices[0])
    return game


def _searched(leaf: Leaf = outlook) -> str:
    out = []
    for k in range(6):
        game = _position(k)
        d = game.decision
        assert d is not None
        bot = StrongBot(seed=1, iterations=24, time_budget=float("inf"), leaf=leaf)
        choice = bot.choose(game.view(d.player), d)
        found = bot.last_search
        assert found is not None
        out.append((k, repr(choice), [(repr(c), found.utility[c]) for c in found.candidates]))
    return repr(out)


def test_seeded_searches_choose_as_before() -> None:
    """The play-outs are those of before issue 30's speed-ups, bit for bit (valued as they were
    then), and the Hard player's searches are those pinned when its values changed."""
    assert hashlib.sha256(_searched(evaluate).encode()).hexdigest() == SEARCHES_BEFORE
    assert hashlib.sha256(_searched().encode()).hexdigest() == SEARCHES


def _games(count: int) -> list[Game]:
    """Positions along seeded random games (every step, so that one follows the last)."""
    games = []
    for k in range(count):
        game = Game.new(
            [f"P{i}" for i in range(3 + k % 3)], seed=900 + k, options=Options(castillo="hidden")
        )
        rng = random.Random(k)
        for _ in range(150):
            d = game.decision
            if d is None:
                break
            games.append(game.clone())
            game.apply(rng.choice(d.choices))
    return games


def _plain_total(near: Nearby, sums: list[float], *args: int) -> list[float]:
    return _total(near.game, near.moment, sums, *args)


def _plain_sums(weighted: list[tuple[float, ...] | None], n: int) -> list[float]:
    """Per seat, the weighted points of the places in order, added up one by one from 0."""
    sums = [0.0] * n
    for w in weighted:
        if w is not None:
            sums = [x + y for x, y in zip(sums, w)]
    return sums


def _plain_evaluate(game: Game) -> list[float]:
    """`evaluate` by the plain code: every place weighed afresh, summed, totalled."""
    if game.over:
        return [float(s) for s in game.score]
    moment = model._moment(game)
    return _total(game, moment, _plain_sums(_places(game, moment, _stems(game)), game.n))


def test_nearby_fast_paths_are_the_plain_numbers_bit_for_bit() -> None:
    model._last_near = None
    for game in _games(4):
        near = Nearby(game)
        fresh = _places(game, near.moment, _stems(game))
        assert near.weighted == fresh  # looked up again only where the places changed
        assert near.sums == _plain_sums(fresh, game.n)
        assert near.now() == _plain_total(near, near.sums)
        assert near.now() == evaluate(game) == _plain_evaluate(game) or game.over
        places = list(PLACE_INDEX.values())
        for seat in range(game.n):
            weighed = [near.now()] * 3  # a list met again is weighed once
            if game.court[seat] > 0:
                placed = [near.tweaked(seat, ((to, 1),), court=-1) for to in places]
                assert near.placements(seat, places) == placed
            for to in places:
                moves = ((to, 1),)
                row = game.cab[to]
                assert near.tweaked(seat, moves) == _tweaked_plain(near, seat, moves)
                if row[seat] > 0:
                    moves = ((to, -1),)
                    assert near.tweaked(seat, moves, 1) == _tweaked_plain(near, seat, moves, 1)
                    if to != model.CASTILLO_INDEX:  # an intrigue's move from region `to`
                        targets = [dst for dst in places if dst != to]
                        moved = [near.tweaked(seat, ((to, -1), (dst, 1))) for dst in targets]
                        assert near.moves(seat, to, targets) == moved
                        weighed += moved
            assert utilities(weighed, seat) == [utility(v, seat) for v in weighed]


def _tweaked_plain(
    near: Nearby, seat: int, moves: tuple[tuple[int, int], ...], court: int = 0
) -> list[float]:
    """`Nearby.tweaked` by the plain code: each changed place's points worked out afresh
    (`_place_value` times the weight, no memo), shifted into the sums as `tweaked` does, and
    totalled by the module's `_total` rather than the Nearby's own."""
    sums, castle = near.sums, 0
    for place, change in moves:
        row = near.rows[place][:]
        row[seat] += change
        new = None
        if any(row):
            key = (near.stems[place], tuple(row))
            w = near.moment[0] if place == model.CASTILLO_INDEX else near.moment[1]
            new = tuple(w * x for x in model._place_value(key))
        if place == model.CASTILLO_INDEX:
            castle += change
        sums = model._shift(sums, near.weighted[place], new)
    return _total(near.game, near.moment, sums, seat, court, castle)


def test_nearby_evaluate_is_the_plain_numbers_bit_for_bit() -> None:
    """`Nearby.evaluate(h)` of a game one choice on (every choice of every decision) gives
    what the plain code gives: the changed places' points shifted into the sums in place
    order and totalled by the module's `_total` (not the Nearby's terms), or `evaluate` at
    another moment. The Nearbys follow one another, as a search makes them."""
    model._last_near = None
    checked = 0
    for game in _games(4):
        near = Nearby(game)
        d = game.decision
        assert d is not None
        for c in d.choices:
            h = game.clone()
            h.apply(c)
            assert near.evaluate(h) == _evaluate_plain(near, h)
            checked += 1
    assert checked > 1000


def _evaluate_plain(near: Nearby, h: Game) -> list[float]:
    if h.over:
        return [float(s) for s in h.score]
    moment = model._moment(h)
    if moment is not near.moment:
        return _plain_evaluate(h)
    stems, sums = _stems(h), near.sums
    for p, row in enumerate(h.cab):
        if row != near.rows[p] or stems[p] != near.stems[p]:
            new = None
            if any(row):
                w = moment[0] if p == model.CASTILLO_INDEX else moment[1]
                new = tuple(w * x for x in model._place_value((stems[p], tuple(row))))
            sums = model._shift(sums, near.weighted[p], new)
    return _total(h, moment, sums)


def test_nearby_moves_on_are_evaluate_of_the_move_played_bit_for_bit() -> None:
    """At an intrigue's move that goes on whatever the destination (`move_goes_on`), a move
    weighed by `Nearby.moves_on` is worth exactly what `Nearby.evaluate` of it played gives
    (and the plain code), the Castillo as destination included."""
    model._last_near = None
    checked = castillo = 0
    for k in range(40):
        game = Game.new([f"P{i}" for i in range(2 + k % 4)], seed=700 + k)
        rng = random.Random(k)
        while (d := game.decision) is not None:
            if d.kind == DecisionKind.MOVE_TO and move_goes_on(game):
                near = Nearby(game)
                src, whose = PLACE_INDEX[d.context["region"]], d.context["whose"]
                played = []
                for c in d.choices:
                    h = game.clone()
                    h.apply(c)
                    played.append(near.evaluate(h))
                    assert played[-1] == _evaluate_plain(near, h)
                targets = [PLACE_INDEX[str(c.arg)] for c in d.choices]
                assert near.moves_on(whose, src, targets) == played
                checked += len(targets)
                castillo += model.CASTILLO_INDEX in targets
            game.apply(rng.choice(d.choices))
    assert checked > 500 and castillo > 50


#: What `evaluate` reads of a game.
_READ = ("cab", "court", "province", "score", "king", "boards", "home", "round_i", "phase", "over")


def test_the_choices_weighed_as_the_position_now_change_nothing_evaluate_reads() -> None:
    """A choice that a greedy step weighs as the position now (`greedy.pending_verbs`), in a
    calm turn (`is_calm`) or not, leads to the next decision with nothing changed that
    `evaluate` reads, so played it is worth exactly `Nearby.now()`: every such choice of every
    decision of seeded random games (every option, 2 to 5 players)."""
    model._last_near = None
    checked: Counter[tuple[str, str, bool]] = Counter()
    for k in range(36):
        options = Options(
            rounds=(9, 6)[k % 2], veto=k % 3 != 0, castillo=("open", "hidden")[k % 4 > 1]
        )
        game = Game.new([f"P{i}" for i in range(2 + k % 4)], seed=1100 + k, options=options)
        rng = random.Random(k)
        while (d := game.decision) is not None:
            calm = greedy.is_calm(game)
            pending = greedy.pending_verbs(game, d.kind, calm)
            if any(c.verb in pending for c in d.choices):
                near = Nearby(game)
                for c in d.choices:
                    if c.verb in pending:
                        h = game.clone()
                        h.apply(c)
                        assert h.decision is not None
                        assert all(getattr(h, f) == getattr(game, f) for f in _READ), (d, c)
                        assert near.evaluate(h) == near.now()
                        checked[d.kind, c.verb, calm] += 1
            game.apply(rng.choice(d.choices))
    # Every kind of such choice, in a calm turn and (where it may be one) in the round's last.
    for kind, verb in _NOW | _CALM_NOW:
        assert checked[kind, verb, True] >= 2, (kind, verb)
        assert (kind, verb) in _CALM_NOW or checked[kind, verb, False] >= 2, (kind, verb)


#: The choices weighed as the position now (decision kind, verb), and those only in a calm turn.
_NOW = {
    ("move_from", "from"),
    ("move_whose", "whose"),
    ("turn", "place"),
    ("action_card", "card"),
    ("mode", "mode"),
    ("region", "region"),
}
_CALM_NOW = {("move_from", "done"), ("move_whose", "done"), ("turn", "skip")}


def test_the_court_step_and_a_calm_kings_move_weighed_without_a_copy_bit_for_bit() -> None:
    """The turn's court step (`Nearby.courted`) and the King's move in a turn that is not the
    round's last (`Nearby.kinged`) are worth exactly what `Nearby.evaluate` of the choice
    played gives (and the plain code): every choice of every such decision of seeded games."""
    model._last_near = None
    checked = {DecisionKind.COURT: 0, DecisionKind.KING: 0}
    for k in range(30):
        options = Options(castillo=("open", "hidden")[k % 2])
        game = Game.new([f"P{i}" for i in range(2 + k % 4)], seed=1300 + k, options=options)
        rng = random.Random(k)
        while (d := game.decision) is not None:
            court = d.kind == DecisionKind.COURT
            if court or (d.kind == DecisionKind.KING and greedy.is_calm(game)):
                near = Nearby(game)
                for c in d.choices:
                    h = game.clone()
                    h.apply(c)
                    played = near.evaluate(h)
                    assert played == _evaluate_plain(near, h)
                    if court:
                        s = game.active
                        moved = h.court[s] - game.court[s]
                        assert moved == min(int(c.arg), game.province[s])  # type: ignore[arg-type]
                        assert near.courted(s, moved) == played
                    else:
                        assert near.kinged(PLACE_INDEX[str(c.arg)]) == played
                    checked[d.kind] += 1
            game.apply(rng.choice(d.choices))
    assert min(checked.values()) > 200, checked
