"""The scoring calculator's numbers come from the core (`score_table`), and they are the
numbers the game itself scores (R-G2 to R-G4, R-K2 to R-K6)."""

from __future__ import annotations

import random

import pytest

from el_grande.core import PLACES, REGIONS, score_table
from el_grande.core import events as E

from .scenario import answer_disks, finish_turn, scored, set_board
from .test_rules import general_scoring_game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_R_G4_the_table_is_the_general_scoring_the_game_then_scores(players: int) -> None:
    """Random boards, one seat with Castillo Caballeros: the table made from the view when
    its disk is asked, with its march as the what-if, is place by place what the game scores
    when that disk is answered."""
    rng = random.Random(players)
    checked = 0
    for _ in range(25):
        game = general_scoring_game(players)
        king = rng.choice(REGIONS)
        cab = {r: [rng.randrange(0, 4) for _ in range(players)] for r in REGIONS if r != king}
        cab[king] = [rng.randrange(0, 3) for _ in range(players)]
        cab["castillo"] = [rng.randrange(1, 5)] + [0] * (players - 1)
        homes = [rng.choice([r for r in REGIONS if r != king]) for _ in range(players)]
        set_board(game, king=king, cab=cab, home=homes)
        finish_turn(game)
        d = game.decision
        assert d is not None and d.kind == "disk" and d.player == 0
        dest = rng.choice(REGIONS)  # the King's region too: back to the court
        table = score_table(game.view(0), march=(0, dest))
        before = list(game.score)
        events = answer_disks(game, {0: dest}, "castillo")
        real = scored(events)
        for row in table.places:
            assert row.points == real[row.place].points, row.place
            assert row.awards == real[row.place].awards, row.place
        assert table.before == tuple(before)
        gained = next(e for e in events if isinstance(e, E.ScoringEnded)).points
        assert table.gain == tuple(gained) and table.complete
        checked += 1
    assert checked == 25


def test_the_table_never_guesses_a_hidden_castillo() -> None:
    game = general_scoring_game(3, castillo="hidden")
    set_board(game, king="aragon", cab={"castillo": [2, 3, 0], "galicia": [1, 0, 0]})
    mine = score_table(game.view(0))
    public = score_table(game.view(None))
    for table in (mine, public):
        castillo = table.places[0]
        assert castillo.place == "castillo" and castillo.points is None
        assert not table.complete
    assert mine.places[0].counts == (2, None, None)  # my own count, nobody else's
    assert public.places[0].counts == (None, None, None)
    assert [r.place for r in mine.places] == list(PLACES[-1:]) + list(REGIONS)


def test_what_if_one_more_caballero_in_a_region() -> None:
    game = general_scoring_game(3)
    set_board(game, king="aragon", cab={"galicia": [1, 1, 0]}, home=["seville"] * 3)
    now = score_table(game.view(None))
    galicia = next(r for r in now.places if r.place == "galicia")
    assert galicia.points == (0, 0, 0) or galicia.points[0] == galicia.points[1]  # a tie
    plus = score_table(game.view(None), place=(0, "galicia"))
    row = next(r for r in plus.places if r.place == "galicia")
    assert row.changed and row.counts == (2, 1, 0) and row.points[0] == 4
    assert plus.gain[0] > now.gain[0]
