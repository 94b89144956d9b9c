"""The end of a game told whole (`el_grande.epilogue`), read from the one story: every
number agrees with the game's own scores."""

from __future__ import annotations

import random

import pytest

from el_grande.core import Game, Options
from el_grande.epilogue import Epilogue, rank_of, winners_of


def finished(seed: int, players: int, castillo: str = "open", rounds: int = 9) -> Game:
    names = ["Ana", "Ben", "Cy", "Dee", "Eva"][:players]
    game = Game.new(names, seed=seed, options=Options(rounds=rounds, castillo=castillo))
    rng = random.Random(seed)
    while (d := game.decision) is not None:
        game.apply(rng.choice(d.choices))
    return game


@pytest.mark.parametrize(
    ("seed", "players", "castillo", "rounds"),
    [(1, 2, "open", 9), (2, 3, "hidden", 9), (3, 5, "open", 6), (4, 4, "hidden", 6)],
)
def test_the_epilogue_adds_up_to_the_final_scores(
    seed: int, players: int, castillo: str, rounds: int
) -> None:
    game = finished(seed, players, castillo, rounds)
    ep = Epilogue.of(game.record())
    assert ep.scores == tuple(game.scores) and ep.winners == tuple(game.winners)
    assert ep.rounds == rounds and len(ep.by_round()) == rounds
    assert ep.by_round()[-1] == tuple(game.scores)
    by_round = ep.by_round()
    assert all(a <= b for r in range(1, rounds) for a, b in zip(by_round[r - 1], by_round[r]))
    assert [s.record.index for s in ep.general] == [1, 2, 3]  # R-R6: three in either length
    for seat in range(players):
        assert len(ep.powers[seat]) == rounds  # one power card a round (R-P1)
        total = sum(s.record.points[seat] for s in ep.scorings)
        assert total == game.scores[seat]
        specials = sum(points for _r, _card, points in ep.specials(seat))
        general = sum(s.record.points[seat] for s in ep.general)
        assert specials + general == game.scores[seat]
        for s in ep.general:  # each general scoring: its places' points make its total
            assert sum(p.points[seat] for p in s.places) == s.record.points[seat]
    for s in ep.general:
        assert s.places[0].place == "castillo" and len(s.places) == 10  # R-G2: Castillo first
        for place in s.places:
            for seat in winners_of(place):
                assert place.counts[seat] == max(place.counts)
                assert rank_of(place, seat) == 1


def test_a_player_who_won_a_region_finds_it_among_their_regions_won() -> None:
    game = finished(5, 3)
    ep = Epilogue.of(game.record())
    for seat in range(3):
        for (index, places), scoring in zip(ep.regions_won(seat), ep.general, strict=True):
            assert index == scoring.record.index
            expected = [p.place for p in scoring.places if winners_of(p) == (seat,)]
            assert list(places) == expected
        for index, count, _rank, points, to in ep.castillo(seat):
            place = ep.general[index - 1].places[0]
            assert (count, points) == (place.counts[seat], place.points[seat])
            assert (to is None) == (count == 0)
