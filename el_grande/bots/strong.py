"""`strong`: determinized Monte Carlo search with an honest time budget.

Hidden information is handled honestly: every pass draws a fresh game from the bot's view
(`model.determinize`: the unrevealed action cards of each stack in random order, the others'
unrevealed secret choices, a hidden Castillo's split), never from the real game. On that sampled
game the bot tries each candidate choice and plays on to the start of the next round (through a
general scoring when one follows) with the `greedy` rule for every seat, then values the
position with `outlook.outlook` (weights fitted on where games went from a round's start; a
`leaf` can be given instead, `model.evaluate` for one). Candidates are tried in the greedy
rule's order of preference, pass after pass, until the time budget or the play-out cap runs
out; the best mean wins.

Everything counts against the budget: sampling, the greedy first guess and the play-outs. The
clock is read between steps (a greedy step costs well under a millisecond), so no part of the
search runs long past the deadline; an unfinished play-out is thrown away. Out of time, the bot
answers with its best guess so far: the best mean among the candidates tried, else the greedy
guess, else (if even that did not finish) the first legal choice.

Every decision with a choice is searched, down to one Caballero placed or moved (with nothing
hidden, one pass over a placement's few targets is cheap, and the memo makes the next steps of a
turn cheaper still).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from el_grande.bots.base import fallback, seeded_rng
from el_grande.bots.greedy import Check, Memo, best_index, greedy_choice, greedy_scores
from el_grande.bots.model import determinize, utility
from el_grande.bots.outlook import outlook, rehanded
from el_grande.bots.registry import level
from el_grande.core import POWER_CABALLEROS, DecisionKind
from el_grande.core.board import CASTILLO_INDEX

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, Game, View

#: Named once: naming an enum's member goes through its metaclass each time (a play-out's loop).
_POWER = DecisionKind.POWER

#: What a play-out's end is worth to each seat: estimated final points (`outlook.outlook`, the
#: Hard player's; `model.evaluate`, the review's and the play-outs' of before issue 31).
Leaf = Callable[["Game"], list[float]]

#: Longest play-out, in decisions (a round of five players is about 70).
ROLLOUT_STEPS = 120


class OutOfTime(Exception):
    """The search's deadline passed (or its caller cancelled it)."""


def _endless() -> None:
    """The `Check` of a search without a deadline (a budget in play-outs alone): no clock to
    read between its steps."""


class Deadline:
    """A `Check` that raises `OutOfTime` once `clock()` reaches `at` or `cancelled()` is true.

    `clock` is injectable so that tests can run the search on a fake clock, deterministically.
    """

    __slots__ = ("at", "cancelled", "clock", "passed")

    def __init__(
        self,
        clock: Callable[[], float],
        at: float,
        cancelled: Callable[[], bool] | None = None,
    ) -> None:
        self.clock = clock
        self.at = at
        self.cancelled = cancelled
        self.passed = False  # once passed, it raises at once, asking nothing

    def __call__(self) -> None:
        if (
            self.passed
            or self.clock() >= self.at
            or (self.cancelled is not None and self.cancelled())
        ):
            self.passed = True
            raise OutOfTime


def rollout(
    game: Game,
    steps: int = ROLLOUT_STEPS,
    check: Check | None = None,
    memo: Memo | None = None,
    start: int | None = None,
    leaf: Leaf = outlook,
) -> list[float]:
    """Play `game` on (in place) with the greedy rule to the start of the round after round
    `start` (a round index; default the game's current one) and return `leaf` of where it
    ends. A search gives the round of its decision: a choice that ends that round is
    valued where the next one begins, as every other choice is, and no play-out reaches the
    cards that a new round turns up (a determinization's guess).

    `check` is called before every step (and by the greedy rule inside its look-aheads).
    With `memo`, every position on the way is remembered with the answer, and a position
    remembered from an earlier play-out ends this one at once with that answer (the play-out
    goes on alike from there: the greedy rule is a function of the position, and the cards
    still to come are not reached before the next round starts). Then `game` is left where
    the play-out stopped. A play-out cut short by `steps` is not remembered.
    """
    start = game.round_i if start is None else start
    known = memo.played if memo is not None else None
    path: list[tuple[object, ...]] = []
    for _ in range(steps):
        d = game.decision
        if d is None or (game.round_i != start and d.kind == _POWER):
            break
        choices = d.choices
        if len(choices) == 1:
            game.apply_trusted(choices[0])
            continue
        if known is not None:
            key = game.position()
            got = known.get(key)
            if got is not None:
                for k in path:
                    known[k] = got
                return got
            path.append(key)
        if check is not None:
            check()
        game.apply_trusted(greedy_choice(game, d.player, check, memo))
    else:
        return leaf(game)
    values = leaf(game)
    if known is not None:
        for k in path:
            known[k] = values
    return values


def play_out(
    base: Game,
    choice: Choice,
    alike: Alike | None,
    check: Check,
    memo: Memo | None,
    leaf: Leaf = outlook,
) -> list[float]:
    """`rollout` of `choice` applied to a copy of `base` (`base` is not changed), valued at the
    start of the round after `base`'s; with `alike`, its shared play-out of power cards."""
    h = base.clone()
    h.apply_trusted(choice)
    if alike is not None:
        return alike.rollout(h, check, memo, leaf)
    return rollout(h, check=check, memo=memo, start=base.round_i, leaf=leaf)


@dataclass
class Search:
    """What a search found: the candidates (the greedy rule's favourite first) and, for each,
    the play-outs tried, the sum of the deciding seat's utility and the sum of the estimated
    final points of every seat (the search's `leaf`) over them."""

    seat: int
    candidates: list[Choice] = field(default_factory=list)
    prior: Choice | None = None  # the greedy rule's choice, once it is known
    visits: dict[Choice, int] = field(default_factory=dict)
    utility: dict[Choice, float] = field(default_factory=dict)
    points: dict[Choice, list[float]] = field(default_factory=dict)
    playouts: int = 0  # play-outs counted (a draw seen before reuses its play-outs)
    timed_out: bool = False
    complete: bool = False  # nothing hidden mattered: one pass gave the exact answer

    def mean(self, c: Choice) -> float:
        return self.utility[c] / self.visits[c]

    def best(self, fallback: Choice) -> Choice:
        """The candidate with the best mean utility (the earlier on a tie); else the greedy
        choice; else `fallback`."""
        best, best_mean = self.prior if self.prior is not None else fallback, float("-inf")
        for c in self.candidates:
            if self.visits.get(c):
                m = self.mean(c)
                if m > best_mean + 1e-9:
                    best, best_mean = c, m
        return best


def search(
    view: View,
    decision: Decision,
    rng: random.Random,
    check: Check,
    iterations: int | None = None,
    first: Game | None = None,
    memo: Memo | None = None,
    leaf: Leaf = outlook,
) -> Search:
    """Determinized Monte Carlo over `decision`'s choices from `view` alone (R-H2).

    Orders the choices by the greedy rule (on one determinization), then plays passes over
    them on fresh determinizations: for each candidate a play-out to the next round, valued by
    `leaf`. Stops after `iterations` play-outs or when `check` raises `OutOfTime`;
    a play-out cut short is not counted. `first` is a determinization to use for the ordering
    and the first pass (it must come from `view`). With a play-out cap that binds first, the
    result depends only on the view, the decision and `rng`'s state. `memo` saves work (the
    same result with or without it): give the same one to the searches of one seat.
    """
    seat = decision.player
    result = Search(seat)
    cap = iterations if iterations is not None else 1 << 30
    try:
        game = first if first is not None else determinize(view, rng)
        if memo is not None:
            memo.at(game)
        check()
        scores, tie = greedy_scores(game, seat, check, memo)
        choices = decision.choices
        result.prior = choices[best_index(scores, tie)]
        ranked = sorted(range(len(choices)), key=lambda i: -scores[i])  # stable: ties keep order
        candidates = [result.prior] + [choices[i] for i in ranked if choices[i] != result.prior]
        result.candidates = _spread(candidates) if decision.kind == _POWER else candidates
        n = view.players_count
        for c in result.candidates:
            result.visits[c] = 0
            result.utility[c] = 0.0
            result.points[c] = [0.0] * n
        # A play-out depends only on what the determinization drew that the next round can
        # show: a hidden Castillo's split and others' secret disks (the deck's order is not
        # reached). The same draw again gives the same play-out, so it is looked up, not
        # played; and with nothing hidden there is only one draw: one pass is the answer.
        hidden = hides_something(view)
        known: dict[tuple[object, ...], dict[Choice, tuple[float, list[float]]]] = {}
        alike = Alike(seat) if alike_cards(decision, view) else None
        base: Game | None = game
        while result.playouts < cap:
            if base is None:
                base = determinize(view, rng)
            draw = known.setdefault(drawn(base), {})
            for c in result.candidates:
                check()
                got = draw.get(c)
                if got is None:
                    values = play_out(base, c, alike, check, memo, leaf)
                    got = draw[c] = (utility(values, seat), values)
                u, values = got
                result.visits[c] += 1
                result.utility[c] += u
                acc = result.points[c]
                for s in range(n):
                    acc[s] += values[s]
                result.playouts += 1
                if result.playouts >= cap:
                    break
            else:
                if not hidden:
                    result.complete = True
                    break
            base = None
    except OutOfTime:
        result.timed_out = True
    return result


def hides_something(view: View) -> bool:
    """Whether a play-out from `view` can depend on what a determinization draws: a hidden
    Castillo's split, or a secret disk another seat has set (the order of the cards not yet
    turned up is never reached). If not, one determinization is as good as any."""
    seat = view.seat
    return any(p.castillo is None for p in view.players) or any(
        s != seat for s in view.secrets_chosen
    )


def drawn(game: Game) -> tuple[object, ...]:
    """What a determinization drew that a play-out can show (see `hides_something`): two
    draws alike in it give the same play-outs."""
    return tuple(game.cab[CASTILLO_INDEX]), tuple(game.province), tuple(game.secrets)


def alike_cards(decision: Decision, view: View) -> bool:
    """Whether power cards that bring as many Caballeros may be told apart by what follows
    alone (`Alike`): a power decision in a round without the card that takes one back."""
    return decision.kind == _POWER and "power_cards" not in view.face_up


class Alike:
    """Play-outs of power cards, shared between cards that come to the same thing.

    Two power cards that bring as many Caballeros to court (4 and 5, say) and after which
    everybody plays the same cards in the same turn order leave positions that differ only in
    the seat's own hand, card played and discards. Nothing that follows in the round reads
    those (the court's Caballeros come from the count; only the `power_cards` action card
    reads the discards, and it is not in this round), and the play-out stops before the next
    power card is chosen: so both play-outs are the same, choice for choice, and one is
    played. The power cards still to choose are chosen first (with the greedy rule, as the
    play-out would), then the position without the seat's own cards is looked up. Where the
    play-out ends, `outlook` reads the hand (the mean of its cards): what one card's play-out
    gave is the other's with the seat's hand term changed (`outlook.rehanded`); other leaves
    (`model.evaluate`) read no hand.
    """

    __slots__ = ("seat", "seen")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.seen: dict[tuple[int, tuple[object, ...]], tuple[list[float], int]] = {}

    def rollout(
        self, game: Game, check: Check, memo: Memo | None, leaf: Leaf = outlook
    ) -> list[float]:
        """`rollout(game)` (in place), or what it gave for a game that came to the same."""
        while (d := game.decision) is not None and d.kind == _POWER:
            check()
            game.apply_trusted(greedy_choice(game, d.player, check, memo))
        s = self.seat
        own = hand, _, _ = game.hand[s], game.played[s], game.discard[s]
        game.hand[s] = game.played[s] = game.discard[s] = 0
        key = (POWER_CABALLEROS[own[1]], game.position())
        game.hand[s], game.played[s], game.discard[s] = own
        got = self.seen.get(key)
        if got is None:
            values = rollout(game, check=check, memo=memo, leaf=leaf)
            self.seen[key] = values, hand
            return values
        values, held = got
        if held == hand or leaf is not outlook:
            return values
        return rehanded(values, game, s, held)


def _spread(cards: list[Choice]) -> list[Choice]:
    """Power cards in the given order, but a card bringing as many Caballeros as one before it
    waits until every other count has been tried.

    Two such cards (4 and 5, say) are next to each other: no other card lies between them, so
    they give the same turn order (unless a later player takes the other one) and the same
    Caballeros, and the play-outs barely tell them apart. A short search had better look at
    more different choices first.
    """
    seen: set[int] = set()
    first: list[Choice] = []
    later: list[Choice] = []
    for c in cards:
        count = POWER_CABALLEROS[int(c.arg)]  # type: ignore[arg-type]
        (later if count in seen else first).append(c)
        seen.add(count)
    return first + later


class StrongBot:
    """Determinized Monte Carlo over the legal choices, greedy play-outs to the round's end.

    `time_budget`: seconds per decision (default 2.0), everything included; `iterations`: most
    play-outs per decision (default: no cap; set it for reproducible runs, since the time
    budget depends on the machine); `clock`: where the time comes from (`time.perf_counter`;
    tests pass a fake one); `memo`: what the searches of this seat found so far (default: a
    new one; `bots.drive` gives the bots it makes for one seat the same, kept over the round:
    a memo changes no answer, it saves time); `leaf`: what a play-out's end is worth
    (`outlook.outlook`). Forced choices return at once; every other
    decision is searched.
    """

    name = "strong"
    needs_view = level("strong").needs_view

    def __init__(
        self,
        seed: int | None = None,
        time_budget: float = 2.0,
        iterations: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        memo: Memo | None = None,
        leaf: Leaf = outlook,
    ) -> None:
        self.rng = seeded_rng(seed)
        self.leaf = leaf
        self.time_budget = time_budget
        self.iterations = iterations
        self.clock = clock
        #: What this seat's searches found from positions of its own determinized games.
        self.memo = Memo() if memo is None else memo
        #: The last decision's search (None if it was not searched): for tests and tuning.
        self.last_search: Search | None = None

    def choose(self, view: View, decision: Decision) -> Choice:
        choices = decision.choices
        if len(choices) == 1:
            return choices[0]
        rng = self.rng
        check: Check = (
            _endless
            if self.time_budget == math.inf
            else Deadline(self.clock, self.clock() + self.time_budget)
        )
        self.last_search = None
        try:
            game = determinize(view, rng)
            if game.decision is None or game.decision.choices != choices:
                return fallback(self.name, "the model disagrees with the decision", rng, decision)
            found = self.last_search = search(
                view,
                decision,
                rng,
                check,
                self.iterations,
                first=game,
                memo=self.memo,
                leaf=self.leaf,
            )
            return found.best(choices[0])
        except Exception as exc:  # a bot must never stop the game
            return fallback(self.name, repr(exc), rng, decision)
