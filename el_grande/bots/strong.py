"""`strong`: determinized Monte Carlo search with a time budget.

Hidden information is handled honestly: every iteration draws a fresh game from the bot's view
(`model.determinize`: the unrevealed action cards of each stack in random order, the others'
unrevealed secret choices, a hidden Castillo's split), never from the real game. On that sampled
game the bot tries one of its legal choices and plays on to the end of the round (through a
general scoring when one follows) with the `greedy` rule for every seat, then scores the
position with `model.evaluate`. Choices are tried in rounds (best greedy guess first) until the
time budget or the iteration cap runs out; the best mean wins.

Fine-grained steps (one Caballero placed or moved at a time, court counts) are left to the greedy
rule; the search is spent where a choice shapes the whole round: power cards, action cards, the
order of placement and special action, Vetoes, King and scoreboard moves, scorings and disks.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from el_grande.bots.base import fallback, seeded_rng
from el_grande.bots.greedy import greedy_choice
from el_grande.bots.model import determinize, evaluate, utility
from el_grande.bots.registry import level

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, Game, View

#: Decisions worth a search; the rest use the greedy rule.
SEARCH_KINDS = frozenset(
    {
        "power",
        "action_card",
        "turn",
        "veto",
        "mode",
        "region",
        "scoreboard",
        "scoreboard_to",
        "king",
        "grande",
        "score",
        "disk",
        "retrieve",
    }
)
#: Longest play-out, in decisions (a round of five players is about 70).
ROLLOUT_STEPS = 120


def rollout(game: Game, rng: random.Random, steps: int = ROLLOUT_STEPS) -> None:
    """Play `game` on (in place) with the greedy rule to the start of the next round."""
    start = game.round_i
    for _ in range(steps):
        d = game.decision
        if d is None or (game.round_i != start and d.kind == "power"):
            return
        choices = d.choices
        if len(choices) == 1:
            game.apply(choices[0])
        else:
            game.apply(greedy_choice(game, d.player, rng))


class StrongBot:
    """Determinized Monte Carlo over the legal choices, greedy play-outs to the round's end.

    `time_budget`: seconds per decision (default 2.0); `iterations`: most play-outs per
    decision (default: no cap; set it for reproducible runs, since the time budget depends on
    the machine). Forced choices and fine-grained steps return at once.
    """

    name = "strong"
    needs_view = level("strong").needs_view

    def __init__(
        self, seed: int | None = None, time_budget: float = 2.0, iterations: int | None = None
    ) -> None:
        self.rng = seeded_rng(seed)
        self.time_budget = time_budget
        self.iterations = iterations

    def choose(self, view: View, decision: Decision) -> Choice:
        choices = decision.choices
        if len(choices) == 1:
            return choices[0]
        seat = decision.player
        rng = self.rng
        deadline = time.perf_counter() + 0.98 * self.time_budget  # leave room to return
        try:
            game = determinize(view, rng)
            if game.decision is None or game.decision.choices != choices:
                return fallback(self.name, "the model disagrees with the decision", rng, decision)
            prior = greedy_choice(game, seat, rng)
            if decision.kind not in SEARCH_KINDS:
                return prior
            return self._search(view, seat, choices, prior, game, deadline)
        except Exception as exc:  # a bot must never stop the game
            return fallback(self.name, repr(exc), rng, decision)

    def _search(
        self,
        view: View,
        seat: int,
        choices: tuple[Choice, ...],
        prior: Choice,
        first: Game,
        deadline: float,
    ) -> Choice:
        """Passes over the choices on fresh determinizations until the cap or the deadline.

        A play-out is not started when one as long as the longest so far would end past the
        deadline.
        """
        rng = self.rng
        clock = time.perf_counter
        last = clock()
        longest = 0.0  # the longest play-out so far: none is started that would overrun
        cap = self.iterations if self.iterations is not None else 1 << 30
        order = [prior] + [c for c in choices if c != prior]
        totals = dict.fromkeys(order, 0.0)
        visits = dict.fromkeys(order, 0)
        done = 0
        base: Game | None = first
        while done < cap:
            if base is None:
                base = determinize(view, rng)
            for c in order:
                h = base.clone()
                h.apply(c)
                rollout(h, rng)
                totals[c] += utility(evaluate(h), seat)
                visits[c] += 1
                done += 1
                now = clock()
                longest = max(longest, now - last)
                last = now
                if done >= cap or now + longest > deadline:
                    break
            else:
                base = None
                continue
            break
        best, best_mean = prior, float("-inf")
        for c in order:
            if visits[c]:
                mean = totals[c] / visits[c]
                if mean > best_mean + 1e-9:
                    best, best_mean = c, mean
        return best
