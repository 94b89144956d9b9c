"""The one bot driver (`el_grande.bots.drive`): a new bot for every decision, seeded by the
position; the Hard player's budget in seconds, in play-outs or both; the fallback."""

from __future__ import annotations

import math
import random

import pytest

from el_grande import sim
from el_grande.bots import make_bot
from el_grande.bots.drive import Budget, Driver, bot_for, fallback_choice, position_seed
from el_grande.bots.strong import StrongBot
from el_grande.core import Game, Options

pytestmark = pytest.mark.filterwarnings("error::el_grande.bots.base.BotFallbackWarning")


def _played(seed: int | str, moves: int, castillo: str = "open") -> Game:
    game = Game.new(["A", "B", "C"], seed=seed, options=Options(rounds=6, castillo=castillo))
    rng = random.Random(moves)
    while game.moves < moves:
        game.apply(rng.choice(game.decision.choices))  # type: ignore[union-attr]
    return game


def test_the_seed_of_a_position_is_the_tables_formula_since_the_first_saves() -> None:
    """A saved game's computer players play on as they did: the seed is still drawn from
    "<game seed>/<seat>/<moves>" (and "/hint", "/warn" for the table's other uses)."""
    game = _played("a text seed", 40)
    seat = game.decision.player  # type: ignore[union-attr]
    assert game.moves == len(game.history) == 40
    assert position_seed(game, seat) == random.Random(f"a text seed/{seat}/40").randrange(2**31)
    hint = random.Random(f"a text seed/{seat}/40/hint").randrange(2**31)
    assert position_seed(game, seat, "hint") == hint
    assert len({position_seed(game, s) for s in range(3)} | {hint}) == 4


@pytest.mark.parametrize("level", ["random", "greedy", "strong"])
def test_a_new_bot_for_every_decision_answers_the_same_position_alike(level: str) -> None:
    """Whatever was asked before, a position gets the answer of a bot seeded by it."""
    game = _played(5, 30, castillo="hidden")
    d, seat = game.decision, game.decision.player  # type: ignore[union-attr]
    assert d is not None and len(d.choices) > 1
    budget = Budget.playouts(3)
    first = bot_for(game, seat, level, budget)
    answer = first.choose(game.view(seat), d)
    for _ in range(2):  # the first bot's generator moves on; a new one starts afresh
        first.choose(game.view(seat), d)
    again = bot_for(game, seat, level, budget).choose(game.view(seat), d)
    seeded = make_bot(level, seed=position_seed(game, seat), **budget.options(level))
    assert answer == again == seeded.choose(game.view(seat), d)


def test_a_seats_memo_over_the_round_changes_no_answer() -> None:
    """A `Driver` hands the Hard player's bots of one seat one memo, kept over the round: each
    answers as a bot with no memo at all, and the memo is used (it remembers)."""
    game = _played(17, 8, castillo="hidden")
    driver, budget = Driver(Budget.playouts(3)), Budget.playouts(3)
    round_i, asked = game.round_i, 0
    while (d := game.decision) is not None and game.round_i == round_i:
        if len(d.choices) > 1:
            seat = d.player
            remembering = driver.bot(game, seat, "strong")
            answer = remembering.choose(game.view(seat), d)
            assert answer == bot_for(game, seat, "strong", budget).choose(game.view(seat), d)
            assert isinstance(remembering, StrongBot) and len(remembering.memo) > 0
            asked += 1
            game.apply(answer)
        else:
            game.apply(d.choices[0])
    assert asked > 5
    a, b = driver.bot(game, 0, "strong"), driver.bot(game, 0, "strong")
    assert isinstance(a, StrongBot) and isinstance(b, StrongBot) and a.memo is b.memo
    c = driver.bot(game, 1, "strong")
    assert isinstance(c, StrongBot) and c.memo is not a.memo  # each seat its own


def test_a_budget_in_play_outs_alone_does_not_read_the_time() -> None:
    """`Budget.playouts(n)`: the same answer whatever the clock says (repeatable); with a
    budget in seconds too, a clock that runs fast ends the search early."""
    game = _played(9, 60, castillo="hidden")
    seat, d = game.decision.player, game.decision  # type: ignore[union-attr]
    assert d is not None and len(d.choices) > 2

    def racing() -> float:  # a minute passes at every reading
        racing.now += 60.0  # type: ignore[attr-defined]
        return racing.now  # type: ignore[attr-defined, no-any-return]

    racing.now = 0.0  # type: ignore[attr-defined]

    def searched(budget: Budget) -> int:
        bot = bot_for(game, seat, "strong", budget)
        assert isinstance(bot, StrongBot)
        bot.choose(game.view(seat), d)
        assert bot.last_search is not None
        return bot.last_search.playouts

    assert searched(Budget.playouts(6, clock=racing)) == searched(Budget.playouts(6)) == 6
    assert searched(Budget(seconds=2.0, iterations=6, clock=racing)) < 6


def test_a_budget_says_what_it_is_and_only_the_hard_player_takes_one() -> None:
    assert Budget().seconds == 2.0 and Budget().iterations is None  # the table's
    playouts = Budget.playouts(50).options("strong")
    assert playouts["time_budget"] == math.inf and playouts["iterations"] == 50
    assert Budget().options("greedy") == Budget().options("random") == {}
    for bad in ({"seconds": None}, {"seconds": 0.0}, {"seconds": math.inf}, {"iterations": 0}):
        with pytest.raises(ValueError, match="budget"):
            Budget(**bad)  # type: ignore[arg-type]


def test_simulate_with_iterations_alone_has_no_time_limit() -> None:
    """`--iterations N` without `--budget` is a budget in play-outs only (a repeatable run:
    it says no time budget); with `--budget` too, both; neither: the table's 2 s."""
    alone = sim.SimConfig(players=2, games=1, seed=1, bots=("strong", "random"), iterations=4)
    assert sim.budget(alone) == Budget.playouts(4, clock=sim.CLOCKS["wall"])
    both = sim.SimConfig(
        players=2, games=1, seed=1, bots=("strong", "random"), iterations=4, budget=0.5
    )
    assert (sim.budget(both).seconds, sim.budget(both).iterations) == (0.5, 4)
    neither = sim.SimConfig(players=2, games=1, seed=1, bots=("strong", "random"))
    assert (sim.budget(neither).seconds, sim.budget(neither).iterations) == (2.0, None)
    ran = {
        "index": 0,
        "bots": ["strong", "random"],
        "scores": [90, 80],
        "winners": [0],
        "decisions": [2, 1],
        "think_seconds": [3.5, 0.001],
        "max_think_seconds": [3.0, 0.001],
        "think_times": [[0.5, 3.0], [0.001]],
    }
    timed = sim.summarize(neither, [ran], 4.0)["by_bot"]["strong"]
    assert timed["budget"] == 2.0 and timed["decisions_over_budget"] == 1
    assert "budget" not in sim.summarize(alone, [ran], 4.0)["by_bot"]["strong"]  # none to be over


def test_the_fallback_is_drawn_from_the_game_seed_and_the_moves() -> None:
    game = _played(13, 25)
    d = game.decision
    assert d is not None
    drawn = random.Random(f"13/{game.moves}/fallback").choice(d.choices)
    assert fallback_choice(game, d) == drawn and drawn in d.choices
