"""`greedy`: a fast one-ply bot on a determinized model of its view.

For each legal choice the bot applies it to a game sampled from its view
(`model.determinize`), lets the rest of the current turn play out with the same one-ply rule
for whoever decides (so a card, a menu step or a Veto is judged by what follows in the turn),
and scores the result with `model.evaluate`. Power cards, whose effect only shows once every
player has played, are judged by a direct rule: Caballeros brought to court plus the chance of
moving early.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from el_grande.bots.base import fallback, seeded_rng
from el_grande.bots.model import W, _rounds_left, determinize, evaluate, utility
from el_grande.bots.registry import level
from el_grande.core import (
    POWER_CABALLEROS,
    REGIONS,
    SCOREBOARD_IDS,
    SCOREBOARDS,
    VALUES,
    rank_points,
)

_CAST = 9
PLACE_INDEX = {p: i for i, p in enumerate(REGIONS + ("castillo",))}

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
#: Most steps a look-ahead plays before it stops and evaluates.
SETTLE_STEPS = 24
#: How much moving earlier in the turn order is worth, in points (beating every other player).
ORDER_VALUE = 2.2


def one_ply(game: Game, seat: int) -> Choice:
    """The choice that maximizes `seat`'s utility right after it (first one on ties)."""
    decision = game.decision
    assert decision is not None
    choices = decision.choices
    if len(choices) == 1:
        return choices[0]
    best, best_u = choices[0], float("-inf")
    for c in choices:
        h = game.clone()
        h.apply(c)
        u = utility(evaluate(h), seat)
        if u > best_u + 1e-9:
            best, best_u = c, u
    return best


def settle(game: Game, rng: random.Random, steps: int = SETTLE_STEPS) -> None:
    """Play on (in place) to the end of the current turn or scoring, one-ply for everyone."""
    active, phase = game.active, game.phase
    for _ in range(steps):
        d = game.decision
        if d is None or d.kind == "power" or game.active != active or game.phase != phase:
            return
        if d.kind == "disk":
            game.apply(disk_choice(game, d.player))
        else:
            game.apply(one_ply(game, d.player))


def disk_choice(game: Game, seat: int) -> Choice:
    """A secret disk by its likely outcome, as if the others' disks did not matter.

    Castillo and eviction: where the Caballeros that will march do most good; province
    cards: where losing them hurts least; score_by_disk: the region whose scoring now gains
    most over the others.
    """
    d = game.decision
    assert d is not None
    choices = d.choices
    if len(choices) == 1:
        return choices[0]
    purpose = d.context.get("purpose")
    cab = game.cab
    if purpose == "castillo":
        src, k = _CAST, cab[_CAST][seat]
    elif purpose == "eviction":
        src = PLACE_INDEX[d.context["region"]]
        k = cab[src][seat]
    else:
        src, k = -1, 0
    best, best_u = choices[0], float("-inf")
    for c in choices:
        h = game.clone()
        r = PLACE_INDEX[str(c.arg)]
        if purpose == "score_by_disk":
            before = evaluate(h)
            _score_now(h, r)
            after = evaluate(h)
            u = utility([a - b for a, b in zip(after, before)], seat)
        else:
            if src >= 0:
                h.cab[src][seat] -= k
                if purpose == "castillo" and r == h.king:  # R-G3: back to the court
                    h.court[seat] += k
                else:
                    h.cab[r][seat] += k
            else:
                lose = h.cab[r][seat] if purpose == "province_all_by_disk" else 2
                h.cab[r][seat] -= min(lose, h.cab[r][seat])
            u = utility(evaluate(h), seat)
        if u > best_u + 1e-9:
            best, best_u = c, u
    return best


def _score_now(game: Game, r: int) -> None:
    """Add region `r`'s rank points (no bonuses) to the scores of a scratch copy."""
    values = game.boards
    vals = VALUES[REGIONS[r]]
    for b, pos in enumerate(values):
        if pos == r:
            vals = SCOREBOARDS[SCOREBOARD_IDS[b]]
    for s, pts in enumerate(rank_points(game.cab[r], vals, game.n)):
        game.score[s] += pts


def power_choice(game: Game, seat: int) -> Choice:
    """Pick a power card: Caballeros it brings to court plus the value of moving early."""
    d = game.decision
    assert d is not None
    played = [v for s, v in enumerate(game.played) if v and s != seat]
    waiting = [s for s in range(game.n) if s != seat and not game.played[s]]
    reserve = min(1.0, _rounds_left(game) / 3)
    province = game.province[seat]
    best, best_v = d.choices[0], float("-inf")
    for c in d.choices:
        v = int(c.arg)  # type: ignore[arg-type]
        gain = min(POWER_CABALLEROS[v], province) * (W.court - W.province) * reserve
        beaten = float(sum(1 for p in played if p < v))
        for s in waiting:  # chance this card beats the card an unplayed player will choose
            hand = [x for x in _hand(game.hand[s]) if x not in played and x != v]
            if hand:
                beaten += sum(1 for x in hand if x < v) / len(hand)
        order = ORDER_VALUE * beaten / max(1, game.n - 1)
        value = gain + order * reserve
        if value > best_v:
            best, best_v = c, value
    return best


def _hand(mask: int) -> list[int]:
    return [v for v in range(1, 14) if mask >> v & 1]


def greedy_choice(game: Game, seat: int, rng: random.Random) -> Choice:
    """The greedy bot's choice in `game` (a determinized game) for `seat`."""
    d = game.decision
    assert d is not None and d.player == seat
    if d.kind == "power":
        return power_choice(game, seat)
    if d.kind == "disk":
        return disk_choice(game, seat)
    if d.kind not in SETTLE_KINDS:
        return one_ply(game, seat)
    best, best_u = d.choices[0], float("-inf")
    for c in d.choices:
        h = game.clone()
        h.apply(c)
        settle(h, rng)
        u = utility(evaluate(h), seat)
        if u > best_u + 1e-9:
            best, best_u = c, u
    return best


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
            return greedy_choice(game, decision.player, self.rng)
        except Exception as exc:  # a bot must never stop the game
            return fallback(self.name, repr(exc), self.rng, decision)
