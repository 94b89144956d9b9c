"""`greedy`: a fast one-ply bot on a determinized model of its view.

For each legal choice the bot applies it to a game sampled from its view
(`model.determinize`), lets the rest of the current turn play out with the same one-ply rule
for whoever decides (so a card, a menu step or a Veto is judged by what follows in the turn),
and scores the result with `model.evaluate`. Power cards, whose effect only shows once every
player has played, are judged by a direct rule: Caballeros brought to court plus the chance of
moving early.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from el_grande.bots.base import fallback, seeded_rng
from el_grande.bots.model import (
    Nearby,
    W,
    determinize,
    evaluate,
    rounds_left,
    utilities,
    utility,
)
from el_grande.bots.registry import level
from el_grande.core import (
    POWER_CABALLEROS,
    REGIONS,
    SCOREBOARD_IDS,
    SCOREBOARDS,
    VALUES,
    DecisionKind,
    Purpose,
    rank_points,
)
from el_grande.core.board import CASTILLO_INDEX, PLACE_INDEX
from el_grande.core.intrigue import move_goes_on

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, Game, View

#: Decisions whose effect shows only in what follows: judged after the rest of the turn.
SETTLE_KINDS = frozenset(
    {
        "action_card",
        "turn",
        "veto",
        "mode",
        "region",
        "move_from",
        "move_whose",
        "scoreboard",
    }
)
#: One Caballero from the court to a place at a time.
_PLACING = frozenset({"placement", "place_any"})
#: Per decision kind, the verbs of its choices that move nothing yet, and after which the game
#: waits for the same player's next step (`pending`): where an intrigue's next Caballero comes
#: from or whose it is, to place before the special action (with Caballeros in court), the
#: action card, intrigue_or's mode.
_PENDING: dict[str, tuple[str, ...]] = {
    DecisionKind.MOVE_FROM: ("from",),
    DecisionKind.MOVE_WHOSE: ("whose",),
    DecisionKind.TURN: ("place",),
    DecisionKind.ACTION_CARD: ("card",),
    DecisionKind.MODE: ("mode",),
}
#: The intrigue cards that first ask for the region to move Caballeros out of: that choice
#: moves nothing yet either (a region for eviction's disks is another matter).
_REGION_FIRST = frozenset({"intrigue_5_from_region", "intrigue_all_own", "intrigue_or"})
#: The same in a turn that is not the round's last, where also the choices that may end the
#: turn move nothing: what follows up to the next player's first decision moves nothing
#: either. An intrigue's move stopped, the special action given up, placing with no
#: Caballero in court.
_CALM_PENDING: dict[str, tuple[str, ...]] = {
    **_PENDING,
    DecisionKind.MOVE_FROM: ("from", "done"),
    DecisionKind.MOVE_WHOSE: ("whose", "done"),
    DecisionKind.TURN: ("place", "skip"),
}
#: The decision kinds and disk purposes read in hot loops, named once: naming an enum's member
#: (`DecisionKind.POWER`) goes through its metaclass each time, far dearer than a global.
_POWER = DecisionKind.POWER
_DISK = DecisionKind.DISK
_MOVE_TO = DecisionKind.MOVE_TO
_TURN = DecisionKind.TURN
_COURT = DecisionKind.COURT
_KING = DecisionKind.KING
_REGION = DecisionKind.REGION
_CASTILLO = Purpose.CASTILLO
_EVICTION = Purpose.EVICTION
_SCORE_BY_DISK = Purpose.SCORE_BY_DISK
_PROVINCE_ALL_BY_DISK = Purpose.PROVINCE_ALL_BY_DISK
#: Most steps a look-ahead plays before it stops and evaluates.
SETTLE_STEPS = 24
#: How much moving earlier in the turn order is worth, in points (beating every other player).
ORDER_VALUE = 2.2


#: A later choice must beat the best so far by this much to replace it (first one on ties).
TIE = 1e-9

#: Something a long look-ahead calls between steps; the strong bot's raises when time is up.
Check = Callable[[], None]


def best_index(scores: list[float], tie: float = TIE) -> int:
    """Index of the best score: the first one, unless a later one beats it by more than `tie`."""
    best, best_u = 0, float("-inf")
    for i, u in enumerate(scores):
        if u > best_u + tie:
            best, best_u = i, u
    return best


def one_ply_scores(game: Game, seat: int) -> list[float]:
    """`seat`'s utility right after each legal choice, in the decision's order."""
    decision = game.decision
    assert decision is not None
    near = Nearby(game)
    kind, ctx = decision.kind, decision.context
    # Placing or moving one Caballero changes two numbers, and `done` none, unless the engine
    # runs on past the end of the round (the last turn of the round, or a last placement then):
    # weigh those choices without copying the game. The same numbers as `evaluate` of a copy.
    calm = is_calm(game)
    placing = kind in _PLACING and (calm or ctx["left"] > 1)
    moving = kind == _MOVE_TO and calm
    # The choices that move nothing yet are worth what the position is worth now.
    pending = pending_verbs(game, kind, calm)
    now: list[float] | None = None  # the same for every choice that moves nothing yet
    weighed: list[list[float]] = []
    append = weighed.append
    if kind == _MOVE_TO and (moving or move_goes_on(game)):
        # Every choice moves the Caballero somewhere. In the last turn of the round too, when
        # the same player moves another next whatever this one does (`move_goes_on`): then
        # without a copy, but with the numbers `evaluate` of the copy gave (`moves_on`).
        src, whose, index = PLACE_INDEX[ctx["region"]], ctx["whose"], PLACE_INDEX
        targets = [index[c.arg] for c in decision.choices]  # type: ignore[index]
        moves = near.moves if moving else near.moves_on
        return utilities(moves(whose, src, targets), seat)
    if kind == _COURT:  # the turn's court step: from the province, then the same player's
        s, province, courted = game.active, game.province[game.active], near.courted
        for c in decision.choices:
            count: int = c.arg  # type: ignore[assignment]
            append(courted(s, count if count < province else province))
        return utilities(weighed, seat)
    if kind == _KING and calm:  # the King card's special action: the King moves, that is all
        kinged = near.kinged
        for c in decision.choices:
            append(kinged(PLACE_INDEX[c.arg]))  # type: ignore[index]
        return utilities(weighed, seat)
    placed = None
    if placing:  # every place weighed in one call
        targets = [PLACE_INDEX[c.arg] for c in decision.choices if c.verb == "place"]  # type: ignore[index]
        placed = iter(near.placements(seat, targets))
    for c in decision.choices:
        verb = c.verb
        if verb in pending:
            if now is None:
                now = near.now()
            append(now)
        elif placed is not None and verb == "place":
            append(next(placed))
        elif kind in _PLACING and calm and verb == "done":
            append(near.tweaked(seat, ()))
        else:
            h = game.clone()
            h.apply_trusted(c)
            append(near.evaluate(h))
    return utilities(weighed, seat)


def is_calm(game: Game) -> bool:
    """Whether `game` stands in a turn that is not the round's last: then the end of the turn
    and the next player's first steps change nothing that `evaluate` reads."""
    return game.active != game.order[-1] if game.order else False


def pending_verbs(game: Game, kind: str, calm: bool) -> tuple[str, ...]:
    """The verbs of the choices of `game`'s decision (of `kind`) that change nothing that
    `evaluate` reads before the game next waits for a decision (`_PENDING`, `_REGION_FIRST`;
    `calm`: in a turn that is not the round's last, `_CALM_PENDING`)."""
    if kind == _REGION:
        d = game.decision
        return ("region",) if d is not None and d.context["card"] in _REGION_FIRST else ()
    if calm:
        return _CALM_PENDING.get(kind, ())
    if kind == _TURN and game.court[game.active] <= 0:
        return ()  # placing nothing: the turn goes on at once, and may end the round
    return _PENDING.get(kind, ())


def one_ply(game: Game, seat: int) -> Choice:
    """The choice that maximizes `seat`'s utility right after it (first one on ties)."""
    decision = game.decision
    assert decision is not None
    choices = decision.choices
    if len(choices) == 1:
        return choices[0]
    return choices[best_index(one_ply_scores(game, seat))]


def settle(game: Game, steps: int = SETTLE_STEPS, check: Check | None = None) -> None:
    """Play on (in place) to the end of the current turn or scoring, one-ply for everyone.

    `check` is called before every step (the strong bot's deadline)."""
    active, phase = game.active, game.phase
    for _ in range(steps):
        d = game.decision
        if d is None or d.kind == _POWER or game.active != active or game.phase != phase:
            return
        if check is not None:
            check()
        _settle_step(game, d)


def _settle_step(game: Game, d: Decision) -> None:
    if d.kind == _DISK:
        game.apply_trusted(disk_choice(game, d.player))
    else:
        game.apply_trusted(one_ply(game, d.player))


def disk_scores(game: Game, seat: int) -> list[float]:
    """Each secret disk judged by its likely outcome, as if the others' disks did not matter.

    Castillo and eviction: where the Caballeros that will march do most good; province
    cards: where losing them hurts least; score_by_disk: the region whose scoring now gains
    most over the others.
    """
    d = game.decision
    assert d is not None
    ctx = d.context
    regions = [PLACE_INDEX[str(c.arg)] for c in d.choices]
    return disk_values(game, seat, ctx.get("purpose"), ctx.get("region"), regions)


def disk_values(
    game: Game, seat: int, purpose: object, evicted: str | None, regions: list[int]
) -> list[float]:
    """`disk_scores` of `seat`'s disk set to each of `regions` (indexes) in a secret step for
    `purpose` (`evicted`: the region an eviction empties), whoever decides in `game` now."""
    cab = game.cab
    if purpose == _CASTILLO:
        src, k = CASTILLO_INDEX, cab[CASTILLO_INDEX][seat]
    elif purpose == _EVICTION:
        assert evicted is not None
        src = PLACE_INDEX[evicted]
        k = cab[src][seat]
    else:
        src, k = -1, 0
    scores = []
    near = Nearby(game)  # the same numbers as changing a copy and evaluating it
    if purpose == _SCORE_BY_DISK:
        before = near.rescored(game.score)
        for r in regions:
            after = near.rescored(_scored_now(game, r))
            scores.append(utility([a - b for a, b in zip(after, before)], seat))
        return scores
    for r in regions:
        if src >= 0:
            if purpose == _CASTILLO and r == game.king:  # R-G3: back to the court
                values = near.tweaked(seat, ((src, -k),), court=k)
            else:
                values = near.tweaked(seat, ((src, -k), (r, k)))
        else:
            lose = cab[r][seat] if purpose == _PROVINCE_ALL_BY_DISK else 2
            values = near.tweaked(seat, ((r, -min(lose, cab[r][seat])),))
        scores.append(utility(values, seat))
    return scores


def disk_choice(game: Game, seat: int) -> Choice:
    """The secret disk with the best likely outcome (`disk_scores`)."""
    d = game.decision
    assert d is not None
    if len(d.choices) == 1:
        return d.choices[0]
    return d.choices[best_index(disk_scores(game, seat))]


def _scored_now(game: Game, r: int) -> list[int]:
    """The scores if region `r` were scored now (its rank points, no bonuses)."""
    vals = VALUES[REGIONS[r]]
    for b, pos in enumerate(game.boards):
        if pos == r:
            vals = SCOREBOARDS[SCOREBOARD_IDS[b]]
    return [a + b for a, b in zip(game.score, rank_points(game.cab[r], vals, game.n))]


def power_scores(game: Game, seat: int) -> list[float]:
    """Each power card: Caballeros it brings to court plus the value of moving early."""
    d = game.decision
    assert d is not None
    played = [v for s, v in enumerate(game.played) if v and s != seat]
    waiting = [s for s in range(game.n) if s != seat and not game.played[s]]
    reserve = min(1.0, rounds_left(game) / 3)
    province = game.province[seat]
    scores = []
    for c in d.choices:
        v = int(c.arg)  # type: ignore[arg-type]
        gain = min(POWER_CABALLEROS[v], province) * (W.court - W.province) * reserve
        beaten = float(sum(1 for p in played if p < v))
        for s in waiting:  # chance this card beats the card an unplayed player will choose
            hand = [x for x in _hand(game.hand[s]) if x not in played and x != v]
            if hand:
                beaten += sum(1 for x in hand if x < v) / len(hand)
        order = ORDER_VALUE * beaten / max(1, game.n - 1)
        scores.append(gain + order * reserve)
    return scores


def _hand(mask: int) -> list[int]:
    return [v for v in range(1, 14) if mask >> v & 1]


class Memo:
    """What look-aheads found from positions (`Game.position()`), so that a search which comes
    to a position again takes the answer instead of playing on: the same numbers, less work.

    The greedy rule is a function of the position alone (its random generator is never drawn
    from), so where a look-ahead from a position ends, and what that end is worth, never
    changes: a remembered answer is exactly the one that playing on would give. The positions
    are those of the owner's own determinized games, so nothing is remembered that its view
    did not allow. `settled`: `evaluate` where `settle` ends; `played`: where a play-out to
    the next round ends (`bots.strong`). Emptied when a new round starts (no position comes
    back) and whenever it holds more than `limit` positions.
    """

    __slots__ = ("limit", "played", "round", "settled")

    def __init__(self, limit: int = 20_000) -> None:
        self.limit = limit
        self.settled: dict[tuple[object, ...], list[float]] = {}
        self.played: dict[tuple[object, ...], list[float]] = {}
        self.round = -2

    def __len__(self) -> int:
        return len(self.settled) + len(self.played)

    def at(self, game: Game) -> Memo:
        """Ready for a search from `game`: emptied if the round moved on or it is full."""
        if game.round_i != self.round or len(self) > self.limit:
            self.settled.clear()
            self.played.clear()
            self.round = game.round_i
        return self


def settled_values(
    game: Game, memo: Memo | None = None, steps: int = SETTLE_STEPS, check: Check | None = None
) -> list[float]:
    """`evaluate(game)` once `settle` has played on (in place, unless `memo` knew the answer).

    With `memo`, every position on the way is remembered with the answer, and a position
    remembered from an earlier look-ahead ends this one at once (with the same answer, since
    both look-aheads go on alike from there). A look-ahead cut short by `steps` is not
    remembered: from a later position on its way, `settle` would have gone further.
    """
    if memo is None:
        settle(game, check=check, steps=steps)
        return evaluate(game)
    known = memo.settled
    active, phase = game.active, game.phase
    path: list[tuple[object, ...]] = []
    for _ in range(steps):
        d = game.decision
        if d is None or d.kind == _POWER or game.active != active or game.phase != phase:
            break
        key = game.position()
        got = known.get(key)
        if got is not None:
            for k in path:
                known[k] = got
            return got
        path.append(key)
        if check is not None:
            check()
        _settle_step(game, d)
    else:
        return evaluate(game)
    values = evaluate(game)
    for k in path:
        known[k] = values
    return values


def settle_scores(
    game: Game,
    seat: int,
    check: Check | None = None,
    memo: Memo | None = None,
) -> list[float]:
    """`seat`'s utility after each choice and the rest of the turn (`settle`)."""
    d = game.decision
    assert d is not None
    scores = []
    for c in d.choices:
        if check is not None:
            check()
        h = game.clone()
        h.apply_trusted(c)
        scores.append(utility(settled_values(h, memo, check=check), seat))
    return scores


def greedy_scores(
    game: Game,
    seat: int,
    check: Check | None = None,
    memo: Memo | None = None,
) -> tuple[list[float], float]:
    """How the greedy rule rates each legal choice of `seat` in `game` (a determinized game),
    in the decision's order, and the margin by which a later choice must beat an earlier one.

    Scores of different decision kinds are on different scales (power cards have their own);
    within one decision, higher is better.
    """
    d = game.decision
    assert d is not None and d.player == seat
    if d.kind == _POWER:
        return power_scores(game, seat), 0.0
    if d.kind == _DISK:
        return disk_scores(game, seat), TIE
    if d.kind not in SETTLE_KINDS:
        return one_ply_scores(game, seat), TIE
    return settle_scores(game, seat, check, memo), TIE


def greedy_choice(
    game: Game,
    seat: int,
    check: Check | None = None,
    memo: Memo | None = None,
) -> Choice:
    """The greedy bot's choice in `game` (a determinized game) for `seat`: a function of the
    position alone (`memo` only saves work)."""
    d = game.decision
    assert d is not None and d.player == seat
    if len(d.choices) == 1:
        return d.choices[0]
    scores, tie = greedy_scores(game, seat, check, memo)
    return d.choices[best_index(scores, tie)]


class GreedyBot:
    """One-ply look-ahead with a static evaluation; about a millisecond or two per decision."""

    name = "greedy"
    needs_view = level("greedy").needs_view

    def __init__(self, seed: int | None = None) -> None:
        self.rng = seeded_rng(seed)

    def choose(self, view: View, decision: Decision) -> Choice:
        choices = decision.choices
        if len(choices) == 1:
            return choices[0]
        try:
            game = determinize(view, self.rng)
            if game.decision is None or game.decision.choices != choices:
                return fallback(
                    self.name, "the model disagrees with the decision", self.rng, decision
                )
            return greedy_choice(game, decision.player)
        except Exception as exc:  # a bot must never stop the game
            return fallback(self.name, repr(exc), self.rng, decision)
