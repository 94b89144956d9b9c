"""One or more tests per action-card id (R-A), named ``test_card_<id>_...``.

Every test lets seat 0 take the card in a position built at its ``action_card`` decision (see
``scenario.take_turn_with``), announces the special action and checks state and events.
"""

from __future__ import annotations

import pytest

from el_grande.core import CARDS, PLACES, REGIONS, IllegalChoice
from el_grande.core import events as E

from .scenario import (
    act,
    args,
    awards,
    choices,
    count,
    finish_turn,
    last_turn_of_round,
    of,
    play_until,
    scored,
    set_board,
    take_card,
    take_turn_with,
    total_in_play,
)


def turn(card, n=3, seat=0, **board):
    """Seat ``seat`` holds ``card`` in the position ``board`` (see set_board); at ``turn``."""
    board.setdefault("king", "new_castile")
    return take_turn_with(card, n=n, seat=seat, setup=lambda g: set_board(g, **board))


def moved(evs):
    return [(e.whose, e.src, e.dst, e.count) for e in of(evs, E.CaballerosMoved)]


def assert_in_play(game):
    for s in range(game.n):
        assert total_in_play(game, s) == 30


def special_over(game):
    """The special action is finished: back at the turn menu/placement or the turn is over."""
    d = game.decision
    return d is None or game.active != 0 or d.kind in ("turn", "placement")


# ======================================================================= meta


def test_every_card_id_has_a_named_test():
    names = [n for n in globals() if n.startswith("test_card_")]
    missing = [c for c in CARDS if not any(n.startswith(f"test_card_{c}_") for n in names)]
    assert not missing


# ======================================================================= stack 1


def test_card_intrigue_5_from_region_picks_a_nonempty_region_not_kings_not_castillo():
    game = turn(
        "intrigue_5_from_region",
        cab={"aragon": [3, 2, 1], "galicia": [1], "new_castile": [2, 2], "castillo": [1, 1]},
    )
    act(game, "special")
    assert game.decision.kind == "region"
    assert args(game, "region") == {"aragon", "galicia"}


def test_card_intrigue_5_from_region_moves_up_to_5_of_any_colours_out_of_it():
    game = turn("intrigue_5_from_region", cab={"aragon": [3, 2, 2]})
    evs = act(game, "special", "region aragon")
    assert game.decision.kind == "move_whose"
    assert choices(game) == ["whose 0", "whose 1", "whose 2", "done"]
    act(game, "whose 1")
    assert game.decision.kind == "move_to"
    # Any other region (not only neighbours), not the King's, or the Castillo.
    assert args(game, "to") == set(PLACES) - {"aragon", "new_castile"}
    evs = act(
        game,
        "to galicia",
        "whose 1",
        "to castillo",
        "whose 0",
        "to catalonia",
        "whose 2",
        "to seville",
        "whose 0",
        "to seville",
    )
    assert moved(evs) == [
        (1, "aragon", "galicia", 1),
        (1, "aragon", "castillo", 1),
        (0, "aragon", "catalonia", 1),
        (2, "aragon", "seville", 1),
        (0, "aragon", "seville", 1),
    ]
    assert special_over(game)  # 5 moved: over although 2 are left
    assert game.cab[PLACES.index("aragon")] == [1, 0, 1]
    assert_in_play(game)


def test_card_intrigue_5_from_region_may_stop_early():
    game = turn("intrigue_5_from_region", cab={"aragon": [3, 2, 2]})
    act(game, "special", "region aragon", "whose 2", "to granada", "done")
    assert special_over(game)
    assert game.cab[PLACES.index("aragon")] == [3, 2, 1]


def test_card_intrigue_5_from_region_ends_when_region_empty():
    game = turn("intrigue_5_from_region", cab={"aragon": [1, 1], "galicia": [4, 4]})
    act(game, "special", "region aragon", "whose 0", "to galicia")
    assert choices(game) == ["whose 1", "done"]
    act(game, "whose 1", "to galicia")
    assert special_over(game)  # the region is empty: over after 2
    assert count(game, "galicia", 0) == 5 and count(game, "galicia", 1) == 5


def test_card_intrigue_4_any_moves_up_to_4_of_any_colours():
    game = turn(
        "intrigue_4_any",
        cab={
            "aragon": [1, 1, 1],
            "catalonia": [0, 0, 2],
            "new_castile": [1, 1, 1],
            "castillo": [1, 1, 1],
        },
    )
    act(game, "special")
    assert game.decision.kind == "move_from"
    assert choices(game) == ["from aragon", "from catalonia", "done"]
    act(game, "from catalonia")  # one colour only: no 'whose'
    assert game.decision.kind == "move_to"
    evs = act(
        game,
        "to galicia",
        "from aragon",
        "whose 0",
        "to galicia",
        "from aragon",
        "whose 1",
        "to castillo",
        "from catalonia",
        "to aragon",
    )
    assert len(of(evs, E.CaballerosMoved)) == 4
    assert special_over(game)
    assert count(game, "galicia", 0) == 1 and count(game, "galicia", 2) == 1
    assert_in_play(game)


def test_card_intrigue_4_any_may_stop_at_zero():
    game = turn("intrigue_4_any", cab={"aragon": [1, 1, 1]})
    evs = act(game, "special", "done")
    assert not of(evs, E.CaballerosMoved) and special_over(game)


def test_card_intrigue_4_own_moves_only_own():
    game = turn("intrigue_4_own", cab={"aragon": [0, 2], "galicia": [2, 1], "catalonia": [3]})
    act(game, "special")
    assert choices(game) == ["from galicia", "from catalonia", "done"]
    act(game, "from galicia")
    assert game.decision.kind == "move_to"  # no 'whose': only own Caballeros may move
    assert game.decision.context["whose"] == 0
    evs = act(
        game,
        "to aragon",
        "from galicia",
        "to aragon",
        "from catalonia",
        "to aragon",
        "from catalonia",
        "to castillo",
    )
    assert {m[0] for m in moved(evs)} == {0}
    assert special_over(game)  # 4 moved: one left in Catalonia
    assert count(game, "catalonia", 0) == 1 and count(game, "galicia", 1) == 1


def test_card_intrigue_2_own_2_foreign_moves_up_to_2_and_2():
    game = turn(
        "intrigue_2_own_2_foreign", cab={"galicia": [3], "aragon": [0, 3], "catalonia": [1, 1, 0]}
    )
    act(game, "special", "from galicia", "to seville", "from galicia", "to seville")
    assert count(game, "seville", 0) == 2
    # Own quota used up: Galicia (own only) is no longer a source, Catalonia only for seat 1.
    assert choices(game) == ["from aragon", "from catalonia", "done"]
    act(game, "from catalonia")
    assert game.decision.kind == "move_to" and game.decision.context["whose"] == 1
    act(game, "to seville", "from aragon", "to seville")
    assert special_over(game)
    assert game.cab[PLACES.index("seville")] == [2, 2, 0]


def test_card_intrigue_2_own_2_foreign_foreign_quota_first():
    game = turn("intrigue_2_own_2_foreign", cab={"galicia": [3, 3]})
    act(
        game,
        "special",
        "from galicia",
        "whose 1",
        "to seville",
        "from galicia",
        "whose 1",
        "to seville",
    )
    assert game.decision.kind == "move_from"
    act(game, "from galicia")
    assert game.decision.kind == "move_to" and game.decision.context["whose"] == 0


def test_card_intrigue_3_foreign_moves_only_others():
    game = turn(
        "intrigue_3_foreign", cab={"galicia": [3], "aragon": [0, 1, 1], "catalonia": [1, 0, 3]}
    )
    act(game, "special")
    assert choices(game) == ["from aragon", "from catalonia", "done"]
    act(game, "from catalonia")
    assert game.decision.kind == "move_to" and game.decision.context["whose"] == 2
    evs = act(
        game, "to seville", "from aragon", "whose 1", "to seville", "from aragon", "to seville"
    )
    assert {m[0] for m in moved(evs)} == {1, 2} and len(moved(evs)) == 3
    assert special_over(game)
    assert count(game, "galicia", 0) == 3 and count(game, "catalonia", 0) == 1


def test_card_intrigue_3_any_moves_up_to_3():
    game = turn("intrigue_3_any", cab={"galicia": [3, 3]})
    evs = act(
        game,
        "special",
        "from galicia",
        "whose 0",
        "to castillo",
        "from galicia",
        "whose 1",
        "to castillo",
        "from galicia",
        "whose 1",
        "to aragon",
    )
    assert len(moved(evs)) == 3 and special_over(game)
    assert game.cab[PLACES.index("galicia")] == [2, 1, 0]


def test_card_intrigue_place_2_anywhere_but_the_kings_region():
    game = turn("intrigue_place_2", court=[3, 0, 0])
    assert choices(game) == ["place", "special", "skip"]
    act(game, "special")
    assert game.decision.kind == "place_any"
    assert args(game, "place") == set(PLACES) - {"new_castile"}
    assert "done" in choices(game)
    evs = act(game, "place galicia", "place castillo")  # Galicia is far from the King
    assert moved(evs) == [(0, "court", "galicia", 1), (0, "court", "castillo", 1)]
    assert game.decision.kind == "placement"  # 2 placed: special over, placement next
    assert game.court[0] == 1


def test_card_intrigue_place_2_with_empty_court_is_not_offered():
    game = turn("intrigue_place_2", court=[0, 0, 0])
    assert choices(game) == ["place", "skip"]


def test_card_intrigue_or_offers_both_modes():
    game = turn("intrigue_or", cab={"galicia": [2, 1]}, court=[2, 0, 0])
    act(game, "special")
    assert choices(game) == ["mode move", "mode place"]


def test_card_intrigue_or_move_mode_moves_all_own_out_of_a_region():
    game = turn(
        "intrigue_or", cab={"galicia": [2, 1], "aragon": [1], "new_castile": [3]}, court=[2, 0, 0]
    )
    act(game, "special", "mode move")
    assert args(game, "region") == {"galicia", "aragon"}
    act(game, "region galicia")
    assert game.decision.kind == "move_to" and "done" not in choices(game)
    act(game, "to seville", "to castillo")
    assert special_over(game)
    assert game.cab[PLACES.index("galicia")] == [0, 1, 0]


def test_card_intrigue_or_place_mode_is_intrigue_place_2():
    game = turn("intrigue_or", cab={"new_castile": [3]}, court=[5, 0, 0])
    act(game, "special")
    assert choices(game) == ["mode place"]  # nothing of seat 0 outside the King's region
    act(game, "mode place")
    assert game.decision.kind == "place_any"
    act(game, "place granada", "place granada")
    assert count(game, "granada", 0) == 2 and special_over(game)


def test_card_intrigue_all_own_moves_every_own_caballero_out():
    game = turn(
        "intrigue_all_own",
        cab={"aragon": [3, 2], "galicia": [0, 4], "new_castile": [2], "castillo": [4]},
    )
    act(game, "special")
    assert args(game, "region") == {"aragon"}
    act(game, "region aragon")
    for _ in range(3):
        assert game.decision.kind == "move_to"
        assert "done" not in choices(game)
        assert args(game, "to") == set(PLACES) - {"aragon", "new_castile"}
        act(game, "to catalonia")
    assert special_over(game)
    assert game.cab[PLACES.index("aragon")] == [0, 2, 0]
    assert count(game, "catalonia", 0) == 3


# ======================================================================= stack 2


def test_card_veto_kept_in_front_of_the_player():
    game = turn("veto")
    evs = act(game, "special")
    assert of(evs, E.VetoKept) == [E.VetoKept(0)]
    assert game.view(2).players[0].vetoes == 1
    assert game.decision.kind == "placement"  # place up to 2
    assert game.decision.context["left"] == 2


def test_card_veto_is_kept_through_the_end_of_its_round():
    game = turn("veto")
    act(game, "special")
    evs = play_until(game, lambda g: g.round == 2)
    assert not of(evs, E.VetoExpired) and game.vetoes[0] == (0,)


def test_card_decay_all_others_return_their_whole_court():
    game = turn("decay_all", court=[5, 4, 0])
    evs = act(game, "special")
    assert moved(evs) == [(1, "court", "province", 4)]
    assert game.court == [5, 0, 0]
    assert_in_play(game)


def test_card_decay_three_others_return_three_or_all():
    game = turn("decay_three", n=4, court=[5, 4, 2, 0])
    evs = act(game, "special")
    assert moved(evs) == [(1, "court", "province", 3), (2, "court", "province", 2)]
    assert game.court == [5, 1, 0, 0]


def test_card_angry_king_each_other_player_returns_three_in_order():
    # Seat 1: nothing to choose (court 0, a single source) -> automatic.
    # Seat 2: court 1 + Aragon 2 + Galicia 2 -> chooses 3 times. Seat 3: court 2 + Catalonia 5.
    cab = {
        "granada": [0, 5],
        "aragon": [0, 0, 2],
        "galicia": [0, 0, 2],
        "catalonia": [0, 0, 0, 5],
        "new_castile": [0, 0, 4, 4],
        "castillo": [0, 0, 3, 3],
    }
    game = turn("angry_king", n=4, cab=cab, court=[3, 0, 1, 2])
    evs = act(game, "special")
    assert moved(evs) == [(1, "granada", "province", 3)]
    d = game.decision
    assert d.kind == "angry_king" and d.player == 2 and d.context["left"] == 3
    assert choices(game) == ["return court", "return galicia", "return aragon"]
    evs = act(game, "return court", "return galicia", "return galicia")
    assert game.decision.player == 3
    assert choices(game) == ["return court", "return catalonia"]
    evs += act(game, "return catalonia", "return catalonia", "return catalonia")
    assert special_over(game)
    assert (game.court[2], count(game, "galicia", 2), count(game, "aragon", 2)) == (0, 0, 2)
    assert count(game, "catalonia", 3) == 2 and game.court[3] == 2
    assert game.court[0] == 3  # the active player returns nothing
    assert game.cab[PLACES.index("castillo")] == [0, 0, 3, 3]
    assert count(game, "new_castile", 2) == 4
    assert_in_play(game)


def test_card_angry_king_fewer_than_three_returns_all():
    game = turn("angry_king", cab={"aragon": [0, 1], "new_castile": [0, 5, 5]}, court=[0, 1, 0])
    evs = act(game, "special")
    assert sorted(moved(evs)) == [(1, "aragon", "province", 1), (1, "court", "province", 1)]
    assert special_over(game)


def test_card_score_region_any_region_incl_kings_not_castillo():
    game = turn(
        "score_region",
        n=4,
        king="aragon",
        cab={"aragon": [3, 1], "castillo": [5]},
        home=["galicia"] * 4,
    )
    act(game, "special")
    assert game.decision.kind == "score"
    assert args(game, "score") == set(REGIONS)
    evs = act(game, "score aragon")
    ev = scored(evs)["aragon"]
    assert ev.why == "score_region" and ev.points == (7, 4, 0, 0)
    assert game.scores == [7, 4, 0, 0]


def test_card_return_one_each_one_per_other_player_or_pass():
    cab = {
        "aragon": [2, 2],
        "new_castile": [0, 0, 3, 1],
        "castillo": [0, 0, 2],
        "galicia": [0, 0, 0, 1],
    }
    game = turn("return_one_each", n=4, cab=cab)
    act(game, "special")
    d = game.decision
    assert d.kind == "return_one" and d.player == 0 and d.context["target"] == 1
    assert choices(game) == ["return aragon", "pass"]
    evs = act(game, "return aragon")
    assert moved(evs) == [(1, "aragon", "province", 1)]
    # Seat 2 has Caballeros only in the King's region and the Castillo: passed over.
    assert game.decision.context["target"] == 3
    assert choices(game) == ["return galicia", "pass"]
    evs = act(game, "pass")
    assert not moved(evs) and special_over(game)
    assert count(game, "aragon", 0) == 2 and count(game, "galicia", 3) == 1


def test_card_province_two_by_disk_eligible_others_return_two_secretly():
    cab = {
        "aragon": [5, 3],
        "galicia": [0, 1, 1],
        "catalonia": [0, 0, 0, 2],
        "new_castile": [0, 0, 4, 4],
    }
    game = turn("province_two_by_disk", n=4, cab=cab)
    evs = act(game, "special")
    asked = []
    while game.decision.kind == "disk":
        d = game.decision
        assert d.secret and d.context["purpose"] == "province_two_by_disk"
        asked.append((d.player, choices(game)))
        evs += act(game, str(d.choices[0]))
    # Seat 2 has 2+ only in the King's region: not asked. The active player is never asked.
    assert asked == [(1, ["disk aragon"]), (3, ["disk catalonia"])]
    assert E.SecretsRevealed("province_two_by_disk", ((1, "aragon"), (3, "catalonia"))) in evs
    assert moved(evs) == [(1, "aragon", "province", 2), (3, "catalonia", "province", 2)]
    assert count(game, "aragon", 0) == 5 and count(game, "aragon", 1) == 1


def test_card_province_all_by_disk_returns_all_from_the_chosen_region():
    cab = {"aragon": [5, 3], "galicia": [0, 1], "new_castile": [0, 0, 4], "castillo": [0, 0, 2]}
    game = turn("province_all_by_disk", n=3, cab=cab)
    act(game, "special")
    assert game.decision.player == 1
    assert choices(game) == ["disk galicia", "disk aragon"]
    evs = act(game, "disk aragon")
    assert game.decision.kind != "disk"  # seat 2: only King's region and Castillo
    assert moved(evs) == [(1, "aragon", "province", 3)]
    assert count(game, "galicia", 1) == 1


# ======================================================================= stack 3


def test_card_score_fives_scores_every_5_region():
    cab = {r: [1] for r in REGIONS} | {"castillo": [2]}
    game = turn("score_fives", n=4, king="galicia", cab=cab, home=["galicia"] * 4)
    evs = act(game, "special")
    assert [e.place for e in of(evs, E.PlaceScored)] == ["basque_country", "aragon", "valencia"]
    assert of(evs, E.ScoringStarted)[0].why == "score_fives"
    assert game.scores == [15, 0, 0, 0]


def test_card_score_fives_uses_current_values_with_scoreboards():
    cab = {r: [1] for r in REGIONS}
    game = turn("score_fives", n=4, cab=cab, boards={"8/4/0": "aragon", "4/0/0": "valencia"})
    evs = act(game, "special")
    assert [e.place for e in of(evs, E.PlaceScored)] == ["basque_country"]


def test_card_score_fours_scores_every_4_region():
    cab = {r: [0, 1] for r in REGIONS}
    game = turn(
        "score_fours",
        n=4,
        king="aragon",
        cab=cab,
        home=["aragon"] * 4,
        boards={"4/0/0": "old_castile", "8/4/0": "catalonia"},
    )
    evs = act(game, "special")
    assert [e.place for e in of(evs, E.PlaceScored)] == ["galicia", "old_castile", "seville"]
    assert game.scores == [0, 12, 0, 0]


def test_card_score_six_seven_scores_6_and_7_regions():
    cab = {r: [0, 0, 1] for r in REGIONS}
    game = turn("score_six_seven", n=4, king="aragon", cab=cab, home=["aragon"] * 4)
    evs = act(game, "special")
    assert [e.place for e in of(evs, E.PlaceScored)] == ["old_castile", "new_castile", "granada"]
    assert game.scores == [0, 0, 19, 0]


def test_card_score_castillo_scores_it_and_its_caballeros_stay():
    game = turn("score_castillo", n=4, cab={"castillo": [1, 3, 1], "aragon": [5]})
    evs = act(game, "special")
    assert list(scored(evs)) == ["castillo"]
    assert scored(evs)["castillo"].points == (1, 5, 1, 0)
    assert game.cab[PLACES.index("castillo")] == [1, 3, 1, 0]
    assert not moved(evs)


def test_card_score_firsts_only_sole_leaders_score_first_value_plus_bonuses():
    cab = {"aragon": [3, 1], "galicia": [2, 2], "old_castile": [0, 4, 1], "castillo": [0, 0, 9]}
    home = ["aragon", "seville", "seville", "seville"]
    game = turn("score_firsts", n=4, king="old_castile", cab=cab, home=home)
    evs = act(game, "special")
    s = scored(evs)
    assert "castillo" not in s
    assert list(s) == list(REGIONS)
    assert s["aragon"].points == (5 + 2, 0, 0, 0)  # 2nd place scores nothing; home bonus
    assert s["galicia"].points == (0, 0, 0, 0)  # tie for first: nothing
    assert s["old_castile"].points == (0, 6 + 2, 0, 0)  # King's bonus
    assert (1, 2, "king_bonus") in awards(s["old_castile"])
    assert game.scores == [7, 8, 0, 0]


def test_card_score_most_scores_the_fullest_regions_ties_all():
    cab = {"aragon": [3, 2], "galicia": [1, 4], "seville": [4], "castillo": [9, 9]}
    game = turn("score_most", n=4, cab=cab, home=["catalonia"] * 4)
    evs = act(game, "special")
    assert [e.place for e in of(evs, E.PlaceScored)] == ["galicia", "aragon"]  # board order
    assert game.scores == [5 + 2, 4 + 4, 0, 0]


def test_card_score_least_scores_the_emptiest_occupied_regions():
    cab = {"aragon": [1], "seville": [0, 1], "galicia": [2, 1], "castillo": [0, 0, 1]}
    game = turn("score_least", n=4, cab=cab, home=["catalonia"] * 4)
    evs = act(game, "special")
    assert set(scored(evs)) == {"aragon", "seville"}
    assert game.scores == [5, 4, 0, 0]


def test_card_score_any_castillo_or_any_region_incl_kings():
    game = turn(
        "score_any",
        n=4,
        king="aragon",
        cab={"castillo": [2, 1], "aragon": [0, 1]},
        home=["galicia"] * 4,
    )
    act(game, "special")
    assert args(game, "score") == set(PLACES)
    evs = act(game, "score castillo")
    assert scored(evs)["castillo"].points == (5, 3, 0, 0)
    assert game.cab[PLACES.index("castillo")] == [2, 1, 0, 0]
    game = turn("score_any", n=4, king="aragon", cab={"aragon": [0, 1]}, home=["galicia"] * 4)
    evs = act(game, "special", "score aragon")
    assert scored(evs)["aragon"].points == (0, 5 + 2, 0, 0)


# ======================================================================= stack 4


def test_card_scoreboard_put_one_onto_a_region_or_the_castillo():
    game = turn("scoreboard", king="aragon")
    act(game, "special")
    assert choices(game) == ["board 8/4/0", "board 4/0/0"]
    act(game, "board 8/4/0")
    assert args(game, "to") == set(PLACES) - {"aragon"}
    evs = act(game, "to castillo")
    assert of(evs, E.ScoreboardMoved) == [E.ScoreboardMoved("8/4/0", None, "castillo")]
    assert game.view(0).castillo_scoreboard == "8/4/0"


def test_card_scoreboard_move_one_never_two_on_one_place():
    game = turn("scoreboard", king="aragon", boards={"8/4/0": "galicia", "4/0/0": "seville"})
    act(game, "special", "board 8/4/0")
    assert args(game, "to") == set(PLACES) - {"aragon", "galicia", "seville"}
    evs = act(game, "to granada")
    assert of(evs, E.ScoreboardMoved) == [E.ScoreboardMoved("8/4/0", "galicia", "granada")]
    assert game.view(0).region("granada").values == (8, 4, 0)
    assert game.view(0).region("galicia").values == (4, 2, 0)


def test_card_scoreboard_never_out_of_the_kings_region():
    game = turn("scoreboard", king="aragon", boards={"8/4/0": "aragon", "4/0/0": "seville"})
    act(game, "special")
    assert game.decision.kind == "scoreboard_to"
    assert game.decision.context["board"] == "4/0/0"
    with pytest.raises(IllegalChoice):
        game.parse("to aragon")


def test_card_royal_adviser_moves_the_king_to_a_neighbour():
    game = turn("royal_adviser", king="new_castile")
    act(game, "special")
    assert args(game, "king") == {"old_castile", "aragon", "valencia", "granada", "seville"}
    evs = act(game, "king seville")
    assert of(evs, E.KingMoved) == [E.KingMoved("new_castile", "seville")]
    assert game.view(0).king == "seville"
    # Placement afterwards follows the new King.
    assert game.decision.kind == "placement"
    assert args(game, "place") == {"new_castile", "granada", "castillo"}


def test_card_eviction_others_move_all_from_chosen_region_secretly():
    cab = {"aragon": [2, 3, 0, 1], "galicia": [0, 1]}
    game = turn("eviction", n=4, cab=cab)
    act(game, "special")
    assert args(game, "region") == set(REGIONS) - {"new_castile"}
    act(game, "region aragon")
    asked = []
    evs = []
    for dst in ("galicia", "seville"):
        d = game.decision
        assert d.kind == "disk" and d.secret and d.context["purpose"] == "eviction"
        assert d.context["region"] == "aragon"
        # Destinations: regions only, never the evicted region nor the King's.
        assert args(game, "disk") == set(REGIONS) - {"aragon", "new_castile"}
        asked.append(d.player)
        evs += act(game, f"disk {dst}")
    assert asked == [1, 3]  # seat 2 has nothing there
    assert moved(evs) == [(1, "aragon", "galicia", 3), (3, "aragon", "seville", 1)]
    assert game.cab[PLACES.index("aragon")] == [2, 0, 0, 0]
    assert count(game, "galicia", 1) == 4


def test_card_eviction_of_a_region_without_others_does_nothing():
    game = turn("eviction", cab={"aragon": [2]})
    evs = act(game, "special", "region aragon")
    assert not moved(evs) and special_over(game)


def test_card_grande_moves_the_grande_and_the_home():
    game = turn("grande", king="aragon", home=["galicia", "seville", "seville"])
    act(game, "special")
    assert args(game, "grande") == set(REGIONS) - {"aragon", "galicia"}
    evs = act(game, "grande seville")  # sharing with another Grande is fine
    assert of(evs, E.GrandeMoved) == [E.GrandeMoved(0, "galicia", "seville")]
    assert game.view(1).players[0].home == "seville"


def test_card_grande_new_home_gets_the_home_bonus():
    game = turn("grande", n=4, king="aragon", home=["galicia"] * 4, cab={"seville": [2, 1]})
    act(game, "special", "grande seville", "done")
    last_turn_of_round(game, 3)
    set_board(game, cab={"seville": [2, 1]}, king="aragon")
    evs = finish_turn(game)
    assert (0, 2, "home_bonus") in awards(scored(evs)["seville"])


def test_card_power_cards_take_back_a_played_card_this_rounds_included():
    game = take_turn_with("power_cards", values=[13, 1, 2])
    act(game, "special")
    assert choices(game) == ["retrieve 13"]
    evs = act(game, "retrieve 13")
    assert of(evs, E.PowerCardRetrieved) == [E.PowerCardRetrieved(0, 13)]
    v = game.view(1).players[0]
    assert 13 in v.hand and 13 not in v.discard
    play_until(game, lambda g: g.round == 2 and g.decision.player == 0)
    assert "power 13" in choices(game)


def test_card_power_cards_older_cards_too():
    game = take_turn_with("power_cards", values=[13, 1, 2])
    game.discard[0] |= (1 << 5) | (1 << 9)  # as if 5 and 9 were played in earlier rounds
    game.hand[0] &= ~((1 << 5) | (1 << 9))
    act(game, "special")
    assert choices(game) == ["retrieve 5", "retrieve 9", "retrieve 13"]
    act(game, "retrieve 5")
    assert game.view(0).players[0].discard == (9, 13)


def test_card_court_up_to_two_from_province():
    game = turn("court", court=[3, 0, 0])
    act(game, "special")
    assert choices(game) == ["court 0", "court 1", "court 2"]
    evs = act(game, "court 2")
    assert moved(evs) == [(0, "province", "court", 2)]
    assert game.court[0] == 5


def test_card_court_limited_by_the_province():
    game = turn("court", cab={"castillo": [10]}, court=[19, 0, 0])  # province 1
    act(game, "special")
    assert choices(game) == ["court 0", "court 1"]
    game = turn("court", cab={"castillo": [10]}, court=[20, 0, 0])  # province 0
    assert "special" not in choices(game)


def test_card_score_by_disk_every_player_chooses_singles_are_scored():
    cab = {"aragon": [1, 2], "galicia": [0, 0, 3], "seville": [2]}
    game = turn("score_by_disk", cab=cab, home=["catalonia"] * 3)
    act(game, "special")
    asked = []
    evs = []
    for pick in ("aragon", "aragon", "galicia"):
        d = game.decision
        assert d.kind == "disk" and d.secret and d.context["purpose"] == "score_by_disk"
        assert args(game, "disk") == set(REGIONS)  # any of the nine, the King's included
        asked.append(d.player)
        evs += act(game, f"disk {pick}")
    assert asked == [0, 1, 2]  # the active player too, first
    assert [e.place for e in of(evs, E.PlaceScored)] == ["galicia"]
    assert game.scores == [0, 0, 4]


def test_card_king_moves_the_king_to_any_other_region():
    game = turn("king", king="galicia", court=[7, 7, 7])
    act(game, "special")
    assert args(game, "king") == set(REGIONS) - {"galicia"}
    evs = act(game, "king granada")
    assert of(evs, E.KingMoved) == [E.KingMoved("galicia", "granada")]
    assert game.decision.context["left"] == 5  # place up to 5
    act(
        game,
        "place seville",
        "place seville",
        "place valencia",
        "place castillo",
        "place new_castile",
    )
    assert game.active != 0 and game.court[0] == 2


def test_card_king_face_up_every_round_and_comes_back():
    game = turn("king")
    act(game, "special", "king galicia", "done")
    for rnd in (2, 3, 4):
        evs = play_until(game, lambda g, r=rnd: g.round == r)
        assert of(evs, E.CardsRevealed)[-1].cards[-1] == "king"
        assert game.face_up.count("king") == 1 and game.face_up[-1] == "king"


def test_card_king_once_per_round():
    game = turn("king")
    act(game, "special", "king galicia", "done")
    play_until(game, lambda g: g.decision.kind == "action_card")
    assert "card king" not in choices(game)
    take_card(game, "score_castillo")
    assert "king" not in game.face_up
