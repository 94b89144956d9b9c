"""The greedy rule's short cuts give what its plain definition gives (and its memo changes
no answer): one-ply scores are the utility of a copy of the game after each choice."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from el_grande.bots.greedy import Memo, greedy_choice, one_ply_scores, settle_scores
from el_grande.bots.model import evaluate, utility
from el_grande.bots.strong import rollout
from el_grande.core import DecisionKind, Game, Options

pytestmark = pytest.mark.filterwarnings("error::el_grande.bots.base.BotFallbackWarning")


def _positions(seed: int, n: int, **options: object) -> Iterator[Game]:
    """Every position of a random game with a choice to make."""
    game = Game.new([f"P{k}" for k in range(n)], seed=seed, options=Options(**options))  # type: ignore[arg-type]
    rng = random.Random(seed)
    while (d := game.decision) is not None:
        if len(d.choices) > 1:
            yield game
        game.apply(rng.choice(d.choices))


def test_one_ply_scores_are_the_utility_after_each_choice() -> None:
    kinds: set[str] = set()
    for seed, n, castillo in ((1, 2, "open"), (2, 4, "hidden"), (3, 5, "open"), (4, 3, "open")):
        for game in _positions(seed, n, castillo=castillo):
            d = game.decision
            assert d is not None
            if d.kind in (DecisionKind.POWER, DecisionKind.DISK):
                continue  # judged by rules of their own
            plain = []
            for c in d.choices:
                h = game.clone()
                h.apply_trusted(c)
                plain.append(utility(evaluate(h), d.player))
            assert one_ply_scores(game, d.player) == pytest.approx(plain, abs=1e-9)
            kinds.add(d.kind)
    assert {DecisionKind.TURN, DecisionKind.PLACEMENT, DecisionKind.MOVE_TO} <= kinds
    assert {DecisionKind.MOVE_FROM, DecisionKind.MOVE_WHOSE} <= kinds


def test_the_memo_changes_no_answer() -> None:
    """Look-aheads and play-outs with one memo kept over a whole game give exactly what they
    give without it, and the memo is used (it remembers, and it is emptied each round)."""
    memo = Memo()
    rounds = set()
    for game in _positions(4, 4):
        d = game.decision
        assert d is not None
        memo.at(game)
        rounds.add(game.round_i)
        assert greedy_choice(game, d.player, memo=memo) == greedy_choice(game, d.player)
        if d.kind in ("action_card", "turn", "move_from"):
            assert settle_scores(game, d.player, memo=memo) == settle_scores(game, d.player)
        if game.round_i == 2 and d.kind in ("power", "action_card"):
            a, b = game.clone(), game.clone()
            assert rollout(a, memo=memo) == rollout(b)
    assert len(memo) > 0 and memo.round == max(rounds)
