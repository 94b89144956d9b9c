"""Bot strength on small seeded samples (the real benchmarks are in docs/bots.md)."""

from __future__ import annotations

import pytest

from el_grande.bots import make_bot, play_game
from el_grande.core import Game, Options

pytestmark = pytest.mark.filterwarnings("error::el_grande.bots.base.BotFallbackWarning")


def _play(levels: list[str], seed: int, rounds: int = 9, **strong: object) -> list[int]:
    game = Game.new(
        [f"P{k}" for k in range(len(levels))], seed=seed, options=Options(rounds=rounds)
    )
    bots = [
        make_bot(level, seed=seed * 10 + s, **(strong if level == "strong" else {}))
        for s, level in enumerate(levels)
    ]
    return play_game(game, bots).winners


def test_greedy_beats_random_clearly() -> None:
    wins = 0
    for seed in range(4):
        wins += 0 in _play(["greedy", "random", "random"], seed)
    assert wins == 4


def test_greedy_beats_random_from_any_seat() -> None:
    winners = _play(["random", "greedy"], 5)
    assert winners == [1]


@pytest.mark.stress
def test_greedy_wins_most_four_player_games_against_random() -> None:
    wins = sum(0 in _play(["greedy", "random", "random", "random"], seed) for seed in range(40))
    assert wins >= 36


@pytest.mark.stress
def test_strong_is_not_weaker_than_greedy() -> None:
    wins = sum(
        0
        in _play(
            ["strong", "greedy", "greedy", "greedy"], seed, rounds=6, iterations=6, time_budget=60.0
        )
        for seed in range(6)
    )
    assert wins >= 3  # chance is 1.5 of 6
