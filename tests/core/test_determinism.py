"""R-S6: same seed + same choices => same game; records replay to identical snapshots."""

from __future__ import annotations

import json
import random

import pytest

from el_grande.core import Game, IllegalChoice, Options

from .playout import ALL_OPTIONS


def _random_game(seed: int, players: int, options: Options, stop: int | None = None) -> Game:
    game = Game.new([f"P{k}" for k in range(players)], seed=seed, options=options)
    rng = random.Random(seed * 7 + 1)
    steps = 0
    while game.decision is not None and (stop is None or steps < stop):
        game.apply(rng.choice(game.decision.choices))
        steps += 1
    return game


@pytest.mark.parametrize("i", range(16))
def test_R_S6_replay_of_record_equals_original_at_the_end(i: int) -> None:
    game = _random_game(i, 2 + i % 4, ALL_OPTIONS[i % 8])
    record = json.loads(json.dumps(game.record()))  # after a JSON round trip
    again = Game.replay(record)
    assert again.snapshot() == game.snapshot()
    assert again.record() == game.record()


@pytest.mark.parametrize("i", range(16))
def test_R_S6_replay_equals_original_at_random_midpoints(i: int) -> None:
    rng = random.Random(i)
    stop = rng.randrange(1, 250)
    game = _random_game(100 + i, 2 + i % 4, ALL_OPTIONS[(i + 3) % 8], stop=stop)
    again = Game.replay(json.loads(json.dumps(game.record())))
    assert again.snapshot() == game.snapshot()
    assert again.decision == game.decision
    # ...and both continue identically.
    for _ in range(30):
        if game.decision is None:
            break
        c = rng.choice(game.decision.choices)
        assert game.apply(c) == again.apply(c)
    assert again.snapshot() == game.snapshot()


def test_R_S6_same_seed_same_setup_different_seed_different_setup() -> None:
    a = Game.new(["A", "B", "C"], seed=5).snapshot()
    b = Game.new(["A", "B", "C"], seed=5).snapshot()
    assert a == b
    setups = {
        json.dumps(Game.new(["A", "B", "C"], seed=s).snapshot(), sort_keys=True) for s in range(20)
    }
    assert len(setups) > 15


def test_replay_upto_stops_early() -> None:
    game = _random_game(3, 3, Options(), stop=40)
    record = game.record()
    partial = Game.replay(record, upto=10)
    assert len(partial.history) == 10
    assert partial.history == tuple(record["choices"][:10])


def test_clone_is_independent() -> None:
    game = _random_game(4, 4, Options(), stop=60)
    before = game.snapshot()
    copy = game.clone()
    rng = random.Random(0)
    while copy.decision is not None:
        copy.apply(rng.choice(copy.decision.choices))
    assert game.snapshot() == before
    assert copy.over and not game.over
    # The original still plays on, identically to a fresh replay.
    assert Game.replay(game.record()).snapshot() == before


def test_replay_rejects_an_illegal_choice_and_says_where() -> None:
    game = _random_game(6, 3, Options(), stop=12)
    record = game.record()
    record["choices"][5] = "power 99"
    with pytest.raises(IllegalChoice, match=r"choice 6 \('power 99'\)"):
        Game.replay(record)
    record["choices"][5] = "fly to the moon"
    with pytest.raises(IllegalChoice, match="choice 6"):
        Game.replay(record)


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda r: r.pop("seed"), "no 'seed'"),
        (lambda r: r.update(players="Ana"), "players"),
        (lambda r: r.update(players=["Ana"]), "2 to 5 players"),
        (lambda r: r.update(choices="power 3"), "choices"),
        (lambda r: r.update(version=2), "version"),
        (lambda r: r.update(options={"rounds": 7}), "rounds"),
        (lambda r: r.update(options={"colour": "red"}), "unknown option"),
        (lambda r: r.update(start_player=9), "start_player"),
        (lambda r: r.update(seed=[1]), "seed"),
    ],
)
def test_replay_rejects_a_broken_record(mutate, message) -> None:  # type: ignore[no-untyped-def]
    record = Game.new(["Ana", "Ben"], seed=1).record()
    mutate(record)
    with pytest.raises(ValueError, match=message):
        Game.replay(record)


def test_preview_general_scoring_matches_scoring_every_place_now() -> None:
    """The preview equals scoring the Castillo and all nine regions at this moment (R-G)."""
    from el_grande.core import preview_general_scoring

    rng = random.Random(11)
    checked = 0
    for seed in range(12):
        options = Options(castillo="open" if seed % 3 else "hidden")
        game = Game.new(["A", "B", "C", "D", "E"][: 2 + seed % 4], seed=seed, options=options)
        while game.decision is not None:
            if rng.random() < 0.1:
                trial = game.clone()
                places = range(10) if options.castillo == "open" else range(9)
                for p in places:
                    trial._score_place(p, "general")
                gained = [a - b for a, b in zip(trial.score, game.score)]
                assert preview_general_scoring(game.view(None)) == gained
                checked += 1
            game.apply(rng.choice(game.decision.choices))
    assert checked > 100


def test_opening_events_tell_round_one_and_its_cards() -> None:
    from el_grande.core import events as E

    game = Game.new(["A", "B", "C"], seed=4)
    kinds = [type(e) for e in game.opening_events]
    assert kinds == [E.RoundStarted, E.CardsRevealed]
    assert game.opening_events[1].cards == tuple(game.face_up)  # type: ignore[union-attr]
    assert game.clone().opening_events == game.opening_events
