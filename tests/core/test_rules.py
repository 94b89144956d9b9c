"""One or more tests per rule id of ../shared/RULES.md (R-C, R-B, R-P, R-S, R-R, R-K, R-G,
R-V, R-E, R-O, R-H). Action cards (R-A) are in test_cards.py.

Positions are built with the helpers of ``scenario.py`` (plain-data fields written at a decision
point, then the pending decision is recomputed); everything else goes through the public API.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from el_grande.core import (
    CARDS,
    NEIGHBOURS,
    PLACES,
    POWER_CABALLEROS,
    REGIONS,
    SCOREBOARDS,
    VALUES,
    Game,
    IllegalChoice,
    Options,
    View,
    rank_points,
    visible_to,
)
from el_grande.core import events as E

from .scenario import (
    IN_PLAY,
    act,
    answer_disks,
    args,
    awards,
    choices,
    count,
    default_values,
    finish_turn,
    last_turn_of_round,
    new_game,
    of,
    play_power,
    play_until,
    scored,
    set_board,
    take_card,
    take_turn_with,
    total_in_play,
)

RULE_IDS = (
    ["R-C1", "R-C2", "R-C3", "R-C4", "R-C5"]
    + [f"R-B{i}" for i in range(1, 6)]
    + [f"R-P{i}" for i in range(1, 5)]
    + [f"R-S{i}" for i in range(1, 7)]
    + [f"R-R{i}" for i in range(1, 7)]
    + [f"R-K{i}" for i in range(1, 8)]
    + [f"R-G{i}" for i in range(1, 5)]
    + [f"R-V{i}" for i in range(1, 6)]
    + ["R-E1", "R-O1", "R-O2", "R-O3", "R-H1", "R-H2"]
)

# The board table of RULES.md, copied by hand: (1st, 2nd, 3rd, neighbours).
TABLE = {
    "galicia": (4, 2, 0, {"old_castile", "basque_country"}),
    "basque_country": (5, 3, 1, {"galicia", "old_castile", "aragon"}),
    "aragon": (5, 4, 1, {"basque_country", "old_castile", "new_castile", "valencia", "catalonia"}),
    "catalonia": (4, 2, 1, {"aragon", "valencia"}),
    "old_castile": (6, 4, 2, {"galicia", "basque_country", "aragon", "new_castile"}),
    "new_castile": (7, 4, 2, {"old_castile", "aragon", "valencia", "granada", "seville"}),
    "valencia": (5, 3, 2, {"aragon", "catalonia", "new_castile", "granada"}),
    "seville": (4, 3, 1, {"new_castile", "granada"}),
    "granada": (6, 3, 1, {"new_castile", "seville", "valencia"}),
}


def field_names(event):
    """The data fields of an event, in order."""
    return list(event.__match_args__)


def far_home(n: int, *avoid: str) -> list[str]:
    """Everybody's Grande in one region not among ``avoid`` (sharing is allowed)."""
    region = next(r for r in REGIONS if r not in avoid)
    return [region] * n


def score_now(place, cab, n=4, king="galicia", home=None, boards=None, card="score_any"):
    """Seat 0 takes ``card`` (score_any / score_region) and scores ``place`` now."""
    home = home or far_home(n, place, king)
    game = take_turn_with(
        card,
        n=n,
        setup=lambda g: set_board(g, king=king, cab=cab, home=home, boards=boards or {}),
    )
    evs = act(game, "special", f"score {place}")
    return game, scored(evs)[place], evs


def general_scoring_game(n=3, rnd=3, **options):
    """A game at the last player's turn of round ``rnd`` (the next general scoring follows)."""
    return last_turn_of_round(new_game(n, **options), rnd)


# ======================================================================= meta


def test_every_rule_id_has_a_named_test():
    names = [name for name in globals() if name.startswith("test_R_")]
    missing = [
        rid
        for rid in RULE_IDS
        if not any(n.startswith("test_" + rid.replace("-", "_") + "_") for n in names)
    ]
    assert not missing


def test_rule_ids_match_the_rules_page_when_present():
    # The rules page lives in shared/ beside the repository (and its CI clone), or beside a
    # folder holding it (a git worktree of the repository in a folder of its own).
    here = Path(__file__).resolve().parents[2]
    candidates = [folder / "shared" / "RULES.md" for folder in here.parents]
    rules = next((p for p in candidates if p.exists()), None)
    if rules is None:
        pytest.skip("../shared/RULES.md is not beside this checkout")
    ids = set(re.findall(r"^- (R-[A-Z]\d+)", rules.read_text(), re.M))
    assert ids == set(RULE_IDS)


# ======================================================================= R-C components


def test_R_C1_nine_regions_and_the_castillo():
    assert len(REGIONS) == 9 and len(set(REGIONS)) == 9
    assert PLACES == REGIONS + ("castillo",)
    assert VALUES["castillo"] == (5, 3, 1)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_R_C2_thirty_caballeros_in_play_after_setup(n):
    game = new_game(n)
    for s in range(n):
        assert total_in_play(game, s) == IN_PLAY


def _check_invariants(game, before, evs):
    """R-C2 invariants, R-B4 and R-B5 on every single step of a random game."""
    for s in range(game.n):
        assert total_in_play(game, s) == IN_PLAY  # R-C2
        assert game.court[s] >= 0 and game.province[s] >= 0
        assert all(game.cab[p][s] >= 0 for p in range(10))
        assert game.score[s] >= before["score"][s]  # points are never lost
    king = before["king"]
    castillo_opened = False
    for e in evs:
        if type(e) is E.KingMoved:
            assert e.src == king
            king = e.dst
        elif type(e) is E.CaballerosMoved:
            assert e.src != king and e.dst != king, e  # R-B4
            if e.src == "castillo":  # R-B5: only at a general scoring, after the reveal
                assert castillo_opened, e
        elif type(e) is E.SecretsRevealed and e.purpose == "castillo":
            castillo_opened = True
        elif type(e) is E.ScoreboardMoved or type(e) is E.GrandeMoved:
            assert e.src != king and e.dst != king, e  # R-B4
    if game.decision is not None:
        assert game.decision.choices  # never empty (R-P2: always a legal card)


@pytest.mark.parametrize(
    "n, seed, options",
    [
        (2, 1, {}),
        (3, 2, {"castillo": "hidden"}),
        (4, 3, {"rounds": 6}),
        (5, 4, {"veto": False}),
        (5, 5, {}),
        (4, 6, {"castillo": "hidden", "rounds": 6}),
        (3, 7, {}),
        (2, 8, {"castillo": "hidden"}),
    ],
)
def test_R_C2_thirty_in_play_throughout_random_games(n, seed, options):
    """Random legal games: 30 in play, and R-B4 / R-B5 hold for every event."""
    rng = random.Random(seed)
    game = new_game(n, seed=seed, **options)
    while game.decision is not None:
        before = {"score": game.score[:], "king": REGIONS[game.king]}
        evs = game.apply(rng.choice(game.decision.choices))
        _check_invariants(game, before, evs)
    assert game.over


def test_R_C3_one_king_standing_in_a_region():
    game = new_game(3)
    assert game.view(None).king in REGIONS
    assert sum(r.king for r in game.view(None).regions) == 1


def test_R_C4_two_mobile_scoreboards_off_the_board_at_start():
    assert SCOREBOARDS == {"8/4/0": (8, 4, 0), "4/0/0": (4, 0, 0)}
    assert dict(new_game(3).view(None).scoreboards) == {"8/4/0": None, "4/0/0": None}


def test_R_C5_45_action_cards_in_stacks_of_11_11_11_11_1():
    per_stack = Counter()
    for stack, copies in CARDS.values():
        per_stack[stack] += copies
    assert per_stack == {1: 11, 2: 11, 3: 11, 4: 11, 5: 1}
    assert len(CARDS) == 33
    game = new_game(3)
    assert [len(s) for s in game.stacks] == [11, 11, 11, 11]


# ======================================================================= R-B board


def test_R_B1_adjacency_is_symmetric_with_15_borders():
    assert {r: set(ns) for r, ns in NEIGHBOURS.items()} == {r: t[3] for r, t in TABLE.items()}
    for r, ns in NEIGHBOURS.items():
        assert r not in ns
        for other in ns:
            assert r in NEIGHBOURS[other]
    assert sum(len(ns) for ns in NEIGHBOURS.values()) == 2 * 15


@pytest.mark.parametrize(
    "king, expected",
    [
        ("galicia", {"old_castile", "basque_country", "castillo"}),
        ("new_castile", {"old_castile", "seville", "granada", "valencia", "aragon", "castillo"}),
    ],
)
def test_R_B1_rulebook_placement_examples(king, expected):
    game = take_turn_with("king", setup=lambda g: set_board(g, king=king, court=[7, 7, 7]))
    act(game, "place")
    assert game.decision.kind == "placement"
    assert args(game, "place") == expected
    assert "done" in choices(game)


@pytest.mark.parametrize("king", REGIONS)
def test_R_B1_placement_targets_are_the_kings_neighbours_and_castillo(king):
    game = take_turn_with("score_fours", setup=lambda g: set_board(g, king=king, court=[7, 7, 7]))
    act(game, "place")
    assert args(game, "place") == TABLE[king][3] | {"castillo"}
    assert game.view(0).region(king).king
    assert {r.id for r in game.view(0).regions if r.adjacent_to_king} == TABLE[king][3]


def test_R_B2_board_order_and_printed_values():
    assert list(REGIONS) == list(TABLE)
    for r, t in TABLE.items():
        assert VALUES[r] == t[:3]
    assert [r.id for r in new_game(3).view(None).regions] == list(REGIONS)


def test_R_B2_special_scorings_list_regions_in_board_order():
    # score_by_disk scores the lonely regions in board order whatever order they were chosen in.
    game = take_turn_with(
        "score_by_disk",
        setup=lambda g: set_board(g, king="aragon", cab={"granada": [1], "galicia": [0, 1]}),
    )
    act(game, "special")
    evs = answer_disks(game, {0: "granada", 1: "galicia", 2: "seville"}, "score_by_disk")
    assert [e.place for e in of(evs, E.PlaceScored)] == ["galicia", "seville", "granada"]


def test_R_B3_castillo_is_not_a_region_for_score_region():
    game = take_turn_with("score_region", setup=lambda g: set_board(g, cab={"castillo": [3]}))
    act(game, "special")
    assert args(game, "score") == set(REGIONS)
    with pytest.raises(IllegalChoice):
        game.parse("score castillo")


def test_R_B3_castillo_worth_5_is_no_5_region():
    game = take_turn_with(
        "score_fives",
        n=4,
        setup=lambda g: set_board(g, king="galicia", cab={"castillo": [3, 1], "aragon": [1]}),
    )
    evs = act(game, "special")
    assert "castillo" not in scored(evs)
    assert count(game, "castillo", 0) == 3


def test_R_B3_king_never_goes_to_the_castillo():
    game = take_turn_with("king", setup=lambda g: set_board(g, king="aragon"))
    act(game, "special")
    assert args(game, "king") == set(REGIONS) - {"aragon"}


def test_R_B4_kings_region_is_taboo_for_placement():
    game = take_turn_with("king", setup=lambda g: set_board(g, king="aragon", court=[7, 7, 7]))
    act(game, "place")
    assert "aragon" not in args(game, "place")
    with pytest.raises(IllegalChoice):
        act(game, "place aragon")


def test_R_B4_kings_region_is_taboo_for_moves():
    game = take_turn_with(
        "intrigue_4_any",
        setup=lambda g: set_board(
            g, king="aragon", cab={"aragon": [3, 3, 3], "galicia": [1, 1, 0]}
        ),
    )
    act(game, "special")
    assert args(game, "from") == {"galicia"}  # never out of the King's region
    act(game, "from galicia", "whose 1")
    assert "aragon" not in args(game, "to")  # never into it
    assert args(game, "to") == set(PLACES) - {"aragon", "galicia"}


def test_R_B4_kings_region_is_taboo_for_place_2():
    game = take_turn_with(
        "intrigue_place_2", setup=lambda g: set_board(g, king="aragon", court=[3, 0, 0])
    )
    act(game, "special")
    assert args(game, "place") == set(PLACES) - {"aragon"}


def test_R_B4_kings_region_is_taboo_for_the_court_shortfall():
    game = new_game(2)
    play_power(game, [2, 1])  # seat 0 may bring 5 Caballeros to court
    assert game.decision.kind == "court"
    # Province 1; 3 in Aragon (the King's), 2 in Galicia, 4 in the Castillo.
    set_board(
        game, king="aragon", cab={"aragon": [3], "galicia": [2], "castillo": [4]}, court=[20, 7]
    )
    assert game.province[0] == 1
    assert choices(game) == [f"court {k}" for k in range(4)]  # 1 + 2, not 5
    act(game, "court 3")
    assert game.decision.kind == "recall"
    assert choices(game) == ["recall galicia"]


def test_R_B4_kings_region_is_taboo_for_scoreboards():
    game = take_turn_with(
        "scoreboard",
        setup=lambda g: set_board(g, king="aragon", boards={"8/4/0": "aragon", "4/0/0": None}),
    )
    act(game, "special")
    # The 8/4/0 board lies in the King's region: it may not leave, only 4/0/0 can be used.
    assert game.decision.kind == "scoreboard_to"
    assert game.decision.context["board"] == "4/0/0"
    assert "aragon" not in args(game, "to")


def test_R_B4_kings_region_is_taboo_for_the_grande():
    game = take_turn_with(
        "grande", setup=lambda g: set_board(g, king="aragon", home=["galicia"] * 3)
    )
    act(game, "special")
    assert args(game, "grande") == set(REGIONS) - {"aragon", "galicia"}
    game2 = take_turn_with(
        "grande", setup=lambda g: set_board(g, king="aragon", home=["aragon"] * 3)
    )
    assert "special" not in choices(game2)  # the Grande may not leave it either


def test_R_B4_kings_region_is_taboo_for_returns():
    cab = {"aragon": [2, 3, 3, 3], "galicia": [0, 1, 0, 0]}
    game = take_turn_with(
        "return_one_each", n=4, setup=lambda g: set_board(g, king="aragon", cab=cab)
    )
    act(game, "special")
    assert game.decision.context["target"] == 1
    assert choices(game) == ["return galicia", "pass"]
    act(game, "pass")
    assert game.decision.kind != "return_one"  # seats 2 and 3 only have the King's region
    assert count(game, "aragon", 2) == 3


def test_R_B4_kings_region_is_taboo_for_eviction_and_secret_disks():
    cab = {"aragon": [0, 3, 3], "galicia": [0, 2, 2]}
    game = take_turn_with("eviction", setup=lambda g: set_board(g, king="aragon", cab=cab))
    act(game, "special")
    assert "aragon" not in args(game, "region")
    act(game, "region galicia")
    assert args(game, "disk") == set(REGIONS) - {"aragon", "galicia"}
    game = take_turn_with(
        "province_all_by_disk", setup=lambda g: set_board(g, king="aragon", cab=cab)
    )
    act(game, "special")
    assert choices(game) == ["disk galicia"]


def test_R_B4_kings_region_is_still_scored():
    game = general_scoring_game(3)
    set_board(game, king="aragon", cab={"aragon": [2, 1, 0]}, home=["galicia"] * 3)
    evs = finish_turn(game)
    place = scored(evs)["aragon"]
    assert place.points == (5 + 2, 4, 0)


def test_R_B5_caballeros_enter_the_castillo_by_placement_and_moves():
    game = take_turn_with(
        "intrigue_3_any",
        setup=lambda g: set_board(g, king="aragon", cab={"galicia": [2, 1]}, court=[2, 0, 0]),
    )
    act(game, "place", "place castillo")
    act(game, "special", "from galicia", "whose 1", "to castillo")
    assert count(game, "castillo", 0) == 1 and count(game, "castillo", 1) == 1


def test_R_B5_castillo_is_never_a_source():
    cab = {"castillo": [5, 5, 5], "galicia": [1, 1, 1]}
    for card in (
        "intrigue_4_any",
        "intrigue_5_from_region",
        "intrigue_all_own",
        "intrigue_3_foreign",
    ):
        game = take_turn_with(card, setup=lambda g: set_board(g, king="aragon", cab=cab))
        act(game, "special")
        verb = "from" if game.decision.kind == "move_from" else "region"
        assert "castillo" not in args(game, verb), card
        assert args(game, verb) == {"galicia"}, card


def test_R_B5_castillo_is_never_a_source_for_returns():
    cab = {"castillo": [5, 5, 5, 5]}
    game = take_turn_with(
        "angry_king", n=4, setup=lambda g: set_board(g, cab=cab, court=[0, 0, 0, 0])
    )
    act(game, "special")
    assert count(game, "castillo", 1) == 5  # nothing eligible: passed over
    game = take_turn_with("province_all_by_disk", n=4, setup=lambda g: set_board(g, cab=cab))
    evs = act(game, "special")
    assert not of(evs, E.SecretChosen) and game.decision.kind != "disk"
    assert game.cab[9] == [5, 5, 5, 5]


def test_R_B5_castillo_empties_only_at_general_scoring():
    game = take_turn_with(
        "score_castillo", setup=lambda g: set_board(g, cab={"castillo": [3, 2, 1]})
    )
    act(game, "special")
    assert game.cab[9] == [3, 2, 1]
    play_until(game, lambda g: g.round == 3 and g.phase == "turns")
    assert game.cab[9] == [3, 2, 1]  # two rounds of (passive) play later
    game = general_scoring_game(3)
    set_board(game, king="aragon", cab={"castillo": [3, 2, 1]})
    finish_turn(game)
    answer_disks(game, {}, "castillo")
    assert game.cab[9] == [0, 0, 0]


# ======================================================================= R-P power cards


def test_R_P1_power_cards_one_after_another_from_start_player():
    game = new_game(3, start_player=1)
    asked = []
    for value in (7, 5, 9):
        d = game.decision
        assert d.kind == "power"
        asked.append(d.player)
        if value == 5:
            assert "power 7" not in choices(game)  # seat 1 played 7 before
            assert d.context["played"] == (7,)
        act(game, f"power {value}")
    assert asked == [1, 2, 0]


def test_R_P1_a_value_already_played_is_illegal_and_changes_nothing():
    game = new_game(3)
    act(game, "power 7")
    snap = json.dumps(game.snapshot())
    with pytest.raises(IllegalChoice, match="already played"):
        game.apply("power 7")
    assert json.dumps(game.snapshot()) == snap


def test_R_P2_played_cards_go_to_discard_and_do_not_return():
    game = new_game(3)
    play_power(game, [13, 1, 2])
    v = game.view(None).players[0]
    assert 13 not in v.hand and v.discard == (13,) and v.played == 13
    play_until(game, lambda g: g.round == 2)
    assert game.decision.kind == "power"
    play_until(game, lambda g: g.decision.player == 0)
    assert "power 13" not in choices(game)
    assert len(game.decision.choices) <= 12


def test_R_P2_always_a_legal_card_in_the_last_round():
    game = new_game(5)
    play_until(
        game,
        lambda g: (
            g.round == 9 and g.decision.kind == "power" and len([v for v in g.played if v]) == 4
        ),
    )
    d = game.decision
    assert len(game.view(None).players[d.player].hand) == 5
    assert len(d.choices) >= 1


def test_R_P3_turn_order_highest_first():
    game = new_game(4)
    evs = play_power(game, [3, 11, 7, 1])
    assert of(evs, E.TurnOrderSet)[0].order == (1, 2, 0, 3)
    assert game.active == 1
    assert game.view(None).turn_order == (1, 2, 0, 3)


def test_R_P4_lowest_value_starts_next_round():
    game = new_game(4, start_player=0)
    play_power(game, [3, 11, 2, 7])
    evs = play_until(game, lambda g: g.round == 2)
    assert of(evs, E.RoundEnded)[0].next_start_player == 2
    assert game.start_player == 2
    assert game.decision.kind == "power" and game.decision.player == 2


# ======================================================================= R-S setup


def test_R_S1_kings_region_comes_from_the_seed():
    kings = {REGIONS[new_game(3, seed=s).king] for s in range(120)}
    assert kings == set(REGIONS)  # every region can be drawn
    assert new_game(3, seed=99).king == new_game(3, seed=99).king


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_R_S2_homes_distinct_never_the_kings_with_grande_and_two(n):
    for seed in range(40):
        game = new_game(n, seed=seed)
        assert len(set(game.home)) == n
        assert game.king not in game.home
        for s in range(n):
            assert game.cab[game.home[s]][s] == 2
            assert sum(game.cab[p][s] for p in range(10)) == 2
            assert game.view(None).players[s].home == REGIONS[game.home[s]]


def test_R_S3_initial_supply():
    game = new_game(5)
    for p in game.view(None).players:
        assert (p.court, p.province, p.score) == (7, 21, 0)
        assert p.hand == tuple(range(1, 14)) and p.discard == ()
        assert p.vetoes == 0 and p.castillo == 0


def test_R_S4_stacks_1_to_4_shuffled_separately_stack_5_is_the_king():
    game = new_game(3, seed=5)
    for i, stack in enumerate(game.stacks, start=1):
        expected = Counter({c: k for c, (s, k) in CARDS.items() if s == i})
        assert Counter(stack) == expected
    assert game.face_up[-1] == "king"
    orders = {new_game(3, seed=s).stacks for s in range(6)}
    assert len(orders) == 6
    for i in range(4):  # each stack on its own varies with the seed
        assert len({new_game(3, seed=s).stacks[i] for s in range(6)}) > 1


def test_R_S5_start_player_from_seed_or_given():
    drawn = {Game.new(["a", "b", "c", "d"], seed=s).first_player for s in range(60)}
    assert drawn == {0, 1, 2, 3}
    g1 = Game.new(["a", "b", "c"], seed=11)
    g2 = Game.new(["a", "b", "c"], seed=11)
    assert g1.first_player == g2.first_player == g1.decision.player
    g3 = Game.new(["a", "b", "c"], seed=11, start_player=2)
    assert g3.decision.player == 2 and g3.view(None).start_player == 2


def test_R_S6_seed_and_choices_reproduce_the_game():
    rng = random.Random(3)
    game = new_game(4, seed="table-3", start_player=None)
    for _ in range(150):
        game.apply(rng.choice(game.decision.choices))
    again = Game.replay(json.loads(json.dumps(game.record())))
    assert again.snapshot() == game.snapshot()
    other = new_game(4, seed="table-4", start_player=None)
    assert (other.king, other.home, other.stacks) != (
        new_game(4, seed="table-3").king,
        new_game(4, seed="table-3").home,
        new_game(4, seed="table-3").stacks,
    )


# ======================================================================= R-R round


def test_R_R1_top_cards_of_stacks_1_to_4_and_the_king_revealed():
    game = new_game(3)
    assert game.face_up == [st[0] for st in game.stacks] + ["king"]
    assert game.view(None).face_up == tuple(game.face_up)
    evs = play_until(game, lambda g: g.round == 2)
    assert of(evs, E.CardsRevealed)[-1].cards == tuple(st[1] for st in game.stacks) + ("king",)
    assert game.face_up[-1] == "king"


def test_R_R2_power_phase_comes_first():
    game = new_game(3)
    kinds = []
    while game.decision.kind == "power":
        kinds.append(game.decision.kind)
        act(game, str(game.decision.choices[-1]))
    assert len(kinds) == 3 and game.phase == "turns"


def test_R_R3_court_up_to_the_power_cards_number():
    game = new_game(3)
    play_power(game, [4, 1, 2])
    assert POWER_CABALLEROS[4] == 4
    assert game.decision.kind == "court" and game.decision.player == 0
    assert choices(game) == [f"court {k}" for k in range(5)]
    evs = act(game, "court 3")
    assert of(evs, E.CaballerosMoved) == [E.CaballerosMoved(0, "province", "court", 3, False)]
    assert (game.court[0], game.province[0]) == (10, 18)
    assert game.decision.kind == "action_card"


def test_R_R3_court_fewer_even_none():
    game = new_game(3)
    play_power(game, [4, 1, 2])
    evs = act(game, "court 0")
    assert not of(evs, E.CaballerosMoved) and game.court[0] == 7


def test_R_R3_court_shortfall_from_regions_not_castillo():
    game = new_game(2)
    play_power(game, [2, 1])
    set_board(
        game,
        king="new_castile",
        cab={"aragon": [3], "new_castile": [2], "castillo": [4]},
        court=[20, 7],
    )
    assert choices(game) == [f"court {k}" for k in range(5)]  # min(5, 1 + 3)
    evs = act(game, "court 3")
    assert game.decision.kind == "recall" and game.decision.context["left"] == 2
    assert choices(game) == ["recall aragon"]
    evs += act(game, "recall aragon", "recall aragon")
    assert (game.court[0], game.province[0], count(game, "aragon", 0)) == (23, 0, 1)
    assert [(e.src, e.count) for e in of(evs, E.CaballerosMoved)] == [
        ("province", 1),
        ("aragon", 1),
        ("aragon", 1),
    ]


def test_R_R3_an_action_card_must_be_taken():
    game = new_game(5)
    first = list(game.face_up)
    play_power(game, [13, 12, 11, 10, 9])
    assert game.decision.kind == "action_card"
    assert all(c.verb == "card" for c in game.decision.choices)
    assert args(game, "card") == set(first)
    with pytest.raises(IllegalChoice):
        game.parse("skip")
    # With five players the five face-up cards are exactly enough.
    evs = play_until(game, lambda g: g.round == 2)
    taken = of(evs, E.ActionCardTaken)
    assert [e.seat for e in taken] == [0, 1, 2, 3, 4]
    assert Counter(e.card for e in taken) == Counter(first)


def test_R_R3_placement_up_to_the_stack_number():
    game = take_turn_with(
        "score_fours", setup=lambda g: set_board(g, king="aragon", court=[7, 7, 7])
    )
    act(game, "place")
    assert game.decision.context["left"] == 3
    act(game, "place catalonia", "place castillo", "place catalonia")
    assert game.decision.kind == "turn"  # placement over after 3
    assert choices(game) == ["special", "skip"]
    assert count(game, "catalonia", 0) == 2 and count(game, "castillo", 0) == 1
    assert game.court[0] == 4


def test_R_R3_placement_limited_by_court_and_may_stop_early():
    game = take_turn_with("king", setup=lambda g: set_board(g, king="aragon", court=[2, 7, 7]))
    act(game, "place")
    assert game.decision.context["left"] == 2
    act(game, "place valencia", "place valencia")
    assert game.decision.kind == "turn" and game.court[0] == 0
    game = take_turn_with("king", setup=lambda g: set_board(g, king="aragon", court=[7, 7, 7]))
    act(game, "place", "place valencia", "done")
    assert game.court[0] == 6 and game.decision.kind == "turn"


def test_R_R3_special_first_then_placement_from_the_new_kings_region():
    game = take_turn_with("king", setup=lambda g: set_board(g, king="aragon", court=[7, 7, 7]))
    assert choices(game) == ["place", "special", "skip"]
    act(game, "special")
    assert game.decision.kind == "king"  # the special action is finished first
    act(game, "king galicia")
    assert game.decision.kind == "placement"
    assert args(game, "place") == {"basque_country", "old_castile", "castillo"}


def test_R_R3_special_action_may_be_skipped():
    game = take_turn_with("king", setup=lambda g: set_board(g, king="aragon"))
    evs = act(game, "skip")
    assert of(evs, E.SpecialSkipped) == [E.SpecialSkipped(0, "king")]
    assert game.decision.kind == "placement"  # the placement is still to do
    act(game, "done")
    assert game.king == REGIONS.index("aragon") and game.active != 0


def test_R_R4_end_of_round_cards_removed_and_power_cards_discarded():
    game = new_game(3)
    first = list(game.face_up)
    play_power(game, [13, 1, 2])
    take_card(game, "score_castillo")
    finish_turn(game)
    evs = play_until(game, lambda g: g.round == 2)
    assert of(evs, E.RoundEnded)
    assert game.face_up == [st[1] for st in game.stacks] + ["king"]
    assert game.view(None).revealed == tuple(st[:2] for st in game.stacks)
    assert [r[0] for r in game.view(None).revealed] == first[:4]  # round 1's, now gone
    assert game.view(None).taken == ()
    for s, v in enumerate([13, 1, 2]):
        assert game.view(None).players[s].discard == (v,)


def test_R_R5_general_scorings_after_rounds_3_6_9_then_game_over():
    game = new_game(3)
    evs = play_until(game, lambda g: False)
    assert game.over and game.decision is None
    seq = [
        (type(e).__name__, getattr(e, "round", None))
        for e in evs
        if type(e) in (E.RoundEnded,) or (type(e) is E.ScoringStarted and e.why == "general")
    ]
    ends = [r for name, r in seq if name == "RoundEnded"]
    assert ends == list(range(1, 10))
    after = [seq[i - 1][1] for i, (name, _) in enumerate(seq) if name == "ScoringStarted"]
    assert after == [3, 6, 9]
    assert type(evs[-1]) is E.GameOver


def test_R_R6_short_game_plays_rounds_2_3_5_6_8_9():
    game = new_game(3, rounds=6)
    assert game.round == 2 and game.view(None).rounds == (2, 3, 5, 6, 8, 9)
    evs = play_until(game, lambda g: False)
    assert [e.round for e in of(evs, E.RoundStarted)] == [3, 5, 6, 8, 9]  # 2 began at setup
    generals = [i for i, e in enumerate(evs) if type(e) is E.ScoringStarted and e.why == "general"]
    assert len(generals) == 3
    ended = [e.round for e in of(evs, E.RoundEnded)]
    assert ended == [2, 3, 5, 6, 8, 9]
    before = [next(e.round for e in reversed(evs[:i]) if type(e) is E.RoundEnded) for i in generals]
    assert before == [3, 6, 9]
    assert game.over


# ======================================================================= R-K scoring a place


def test_R_K1_only_players_present_take_part_grandes_never_count():
    # Seat 1's Grande stands in Aragon without Caballeros: no part in the scoring.
    game, ev, _ = score_now(
        "aragon",
        {"aragon": [3, 0, 0, 1]},
        home=["galicia", "aragon", "catalonia", "seville"],
        king="granada",
    )
    assert ev.points == (5, 0, 0, 4)
    assert {a.seat for a in ev.awards} == {0, 3}


def test_R_K1_empty_place_scores_nothing():
    game, ev, _ = score_now("aragon", {"galicia": [2]})
    assert ev.points == (0, 0, 0, 0) and ev.awards == ()


def test_R_K2_tie_takes_next_value():
    # The two printed examples.
    assert rank_points([4, 4, 4, 3], (5, 3, 1), 4) == [3, 3, 3, 1]
    assert rank_points([4, 3, 2, 2], (6, 4, 2), 4) == [6, 4, 0, 0]


def test_R_K2_walks_groups_positions_past_third_score_zero():
    assert rank_points([5, 4, 3, 2, 1], (5, 3, 1), 5) == [5, 3, 1, 0, 0]
    assert rank_points([5, 5, 2, 2, 1], (7, 4, 2), 5) == [4, 4, 0, 0, 0]
    assert rank_points([3, 1, 1, 0, 0], (7, 4, 2), 5) == [7, 2, 2, 0, 0]
    assert rank_points([0, 2, 0, 0], (6, 4, 2), 4) == [0, 6, 0, 0]


def test_R_K2_tie_in_a_game_scores_the_next_value_with_reason_tie():
    _, ev, _ = score_now("basque_country", {"basque_country": [4, 4, 4, 3]})
    assert ev.points == (3, 3, 3, 1)
    assert awards(ev) == {(0, 3, "tie"), (1, 3, "tie"), (2, 3, "tie"), (3, 1, "rank")}
    _, ev, _ = score_now("old_castile", {"old_castile": [4, 3, 2, 2]})
    assert ev.points == (6, 4, 0, 0)


@pytest.mark.parametrize(
    "counts, values, players, expected",
    [
        ([3, 1], (5, 4, 1), 2, [5, 0]),
        ([2, 2], (5, 4, 1), 2, [0, 0]),  # tie for first on 5/0/0: the next value is 0
        ([1, 3, 2], (6, 4, 2), 3, [0, 6, 4]),
        ([2, 2, 1], (6, 4, 2), 3, [4, 4, 0]),
        ([3, 1, 1], (6, 4, 2), 3, [6, 0, 0]),  # tie for 2nd on 6/4/0 scores the 0
        ([3, 2, 1, 1], (6, 4, 2), 4, [6, 4, 0, 0]),
        ([2, 1], (8, 4, 0), 2, [8, 0]),
    ],
)
def test_R_K3_reduced_values_for_two_and_three_players(counts, values, players, expected):
    assert rank_points(counts, values, players) == expected


def test_R_K3_applies_to_castillo_and_scoreboards_in_play():
    game, ev, _ = score_now("castillo", {"castillo": [3, 2, 1]}, n=3)
    assert ev.values == (5, 3, 0) and ev.points == (5, 3, 0)
    game, ev, _ = score_now("aragon", {"aragon": [1, 2]}, n=2, boards={"8/4/0": "aragon"})
    assert ev.values == (8, 0, 0) and ev.points == (0, 8)
    game, ev, _ = score_now("granada", {"granada": [1, 1, 3]}, n=3)
    assert ev.points == (0, 0, 6)


def test_R_K4_mobile_scoreboard_replaces_the_values():
    _, ev, _ = score_now("new_castile", {"new_castile": [3, 2, 1]}, boards={"4/0/0": "new_castile"})
    assert ev.values == (4, 0, 0) and ev.points == (4, 0, 0, 0)
    _, ev, _ = score_now("castillo", {"castillo": [1, 2]}, boards={"8/4/0": "castillo"})
    assert ev.values == (8, 4, 0) and ev.points == (4, 8, 0, 0)


def test_R_K5_kings_bonus_for_the_sole_leader():
    _, ev, _ = score_now("aragon", {"aragon": [3, 1]}, king="aragon", card="score_region")
    assert ev.points == (7, 4, 0, 0)
    assert (0, 2, "king_bonus") in awards(ev)


def test_R_K5_no_kings_bonus_on_a_tie_for_first():
    _, ev, _ = score_now("aragon", {"aragon": [2, 2, 1]}, king="aragon", card="score_region")
    assert ev.points == (4, 4, 1, 0)
    assert not [a for a in ev.awards if a.reason == "king_bonus"]


def test_R_K5_kings_bonus_only_in_the_kings_region():
    _, ev, _ = score_now("aragon", {"aragon": [3, 1]}, king="galicia")
    assert ev.points == (5, 4, 0, 0)


def test_R_K6_home_bonus_for_the_sole_leader_with_grande():
    home = ["aragon", "galicia", "galicia", "galicia"]
    _, ev, _ = score_now("aragon", {"aragon": [3, 1]}, home=home, king="seville")
    assert ev.points == (7, 4, 0, 0)
    assert (0, 2, "home_bonus") in awards(ev)


def test_R_K6_no_home_bonus_on_a_tie_or_for_a_non_leader():
    home = ["aragon", "aragon", "galicia", "galicia"]
    _, ev, _ = score_now("aragon", {"aragon": [2, 2]}, home=home, king="seville")
    assert ev.points == (4, 4, 0, 0)
    home = ["galicia", "aragon", "galicia", "galicia"]
    _, ev, _ = score_now("aragon", {"aragon": [3, 1]}, home=home, king="seville")
    assert ev.points == (5, 4, 0, 0)


def test_R_K6_kings_and_home_bonus_together_make_4():
    home = ["aragon", "galicia", "galicia", "galicia"]
    _, ev, _ = score_now(
        "aragon", {"aragon": [3, 1]}, home=home, king="aragon", card="score_region"
    )
    assert ev.points == (5 + 4, 4, 0, 0)
    assert {a.reason for a in ev.awards if a.seat == 0} == {"rank", "king_bonus", "home_bonus"}


def test_R_K7_every_point_is_an_award_with_who_where_how_much_why():
    home = ["aragon", "galicia", "galicia", "galicia"]
    game, ev, evs = score_now(
        "aragon", {"aragon": [3, 2, 2, 1]}, home=home, king="aragon", card="score_region"
    )
    assert ev.place == "aragon" and ev.why == "score_region"
    assert ev.counts == (3, 2, 2, 1)
    for s in range(4):
        assert sum(a.points for a in ev.awards if a.seat == s) == ev.points[s]
    assert awards(ev) == {
        (0, 5, "rank"),
        (1, 1, "tie"),
        (2, 1, "tie"),
        (3, 0, "rank"),
        (0, 2, "king_bonus"),
        (0, 2, "home_bonus"),
    }
    ended = of(evs, E.ScoringEnded)[0]
    assert ended.points == ev.points
    assert game.scores == list(ev.points)


def _expected_points(counts, values, n, why):
    """An independent R-K2/R-K3 (and score_firsts) reference."""
    v = list(values)
    if n == 2:
        v = [v[0], 0, 0]
    elif n == 3:
        v = [v[0], v[1], 0]
    pts = [0] * n
    top = max(counts)
    if why == "score_firsts":
        if top > 0 and counts.count(top) == 1:
            pts[counts.index(top)] = v[0]
        return pts
    pos = 1
    for level in sorted({c for c in counts if c > 0}, reverse=True):
        group = [s for s in range(n) if counts[s] == level]
        p = pos if len(group) == 1 else pos + 1
        pos += 1 if len(group) == 1 else 2
        for s in group:
            pts[s] = v[p - 1] if p <= 3 else 0
    return pts


class _Shadow:
    """The game state rebuilt from events alone (R-K7: every change is an event)."""

    def __init__(self, game):
        self.n = game.n
        self.cab = {p: game.cab[i][:] for i, p in enumerate(PLACES)}
        self.court, self.province, self.score = game.court[:], game.province[:], game.score[:]
        self.king = REGIONS[game.king]
        self.home = [REGIONS[h] for h in game.home]
        self.boards = {b: (PLACES[p] if p >= 0 else None) for b, p in zip(SCOREBOARDS, game.boards)}

    def feed(self, e):
        t = type(e)
        if t is E.CaballerosMoved:
            for where, sign in ((e.src, -1), (e.dst, 1)):
                if where == "court":
                    self.court[e.whose] += sign * e.count
                elif where == "province":
                    self.province[e.whose] += sign * e.count
                else:
                    self.cab[where][e.whose] += sign * e.count
        elif t is E.KingMoved:
            self.king = e.dst
        elif t is E.GrandeMoved:
            self.home[e.seat] = e.dst
        elif t is E.ScoreboardMoved:
            self.boards[e.board] = e.dst
        elif t is E.PlaceScored:
            assert e.counts == tuple(self.cab[e.place]), e
            board = next((b for b, p in self.boards.items() if p == e.place), None)
            printed = SCOREBOARDS[board] if board else VALUES[e.place]
            expected = _expected_points(list(e.counts), printed, self.n, e.why)
            top = max(e.counts)
            if e.place != "castillo" and top > 0 and e.counts.count(top) == 1:
                leader = e.counts.index(top)
                expected[leader] += 2 * (e.place == self.king) + 2 * (self.home[leader] == e.place)
            assert list(e.points) == expected, (e, self.king, self.home, self.boards)
            for a in e.awards:
                assert a.reason in ("rank", "tie", "king_bonus", "home_bonus")
            for s in range(self.n):
                assert sum(a.points for a in e.awards if a.seat == s) == e.points[s]
                self.score[s] += e.points[s]

    def matches(self, game):
        assert self.cab == {p: game.cab[i] for i, p in enumerate(PLACES)}
        assert (self.court, self.province, self.score) == (game.court, game.province, game.score)
        assert self.king == REGIONS[game.king]
        assert self.home == [REGIONS[h] for h in game.home]
        assert [self.boards[b] for b in SCOREBOARDS] == [
            PLACES[p] if p >= 0 else None for p in game.boards
        ]


@pytest.mark.parametrize("n, seed", [(2, 11), (3, 12), (4, 13), (5, 14), (4, 15), (3, 16)])
def test_R_K7_events_account_for_every_point_and_move_in_random_games(n, seed):
    """Replaying only the events reproduces board and scores; every PlaceScored is R-K right."""
    rng = random.Random(seed)
    game = new_game(n, seed=seed, castillo="hidden" if seed % 2 else "open")
    scorings = 0
    while game.decision is not None:
        shadow = _Shadow(game)
        for e in game.apply(rng.choice(game.decision.choices)):
            shadow.feed(e)
            scorings += type(e) is E.PlaceScored
        shadow.matches(game)
    assert scorings >= 30


# ======================================================================= R-G general scoring


def test_R_G1_only_castillo_holders_choose_secretly():
    game = general_scoring_game(3)
    set_board(game, king="aragon", cab={"castillo": [2, 0, 1]})
    evs = finish_turn(game)
    assert of(evs, E.ScoringStarted)[0].why == "general"
    asked = []
    while game.decision.kind == "disk":
        d = game.decision
        assert d.secret and d.context["purpose"] == "castillo"
        # Any of the nine, the King's region included: it means "back to my court".
        assert args(game, "disk") == set(REGIONS)
        asked.append(d.player)
        step = act(game, str(d.choices[0]))
        for e in of(step, E.SecretChosen):
            assert field_names(e) == ["seat", "purpose"]
            assert not any(getattr(e, f) in REGIONS for f in field_names(e))
    assert sorted(asked) == [0, 2]


def test_R_G1_choices_hidden_until_all_made():
    game = general_scoring_game(3)
    set_board(game, king="aragon", cab={"castillo": [2, 1, 1]})
    finish_turn(game)
    first = game.decision.player
    evs = act(game, "disk seville")
    assert not of(evs, E.SecretsRevealed) and not of(evs, E.PlaceScored)
    for seat in range(3):
        v = game.view(seat)
        assert v.secret_purpose == "castillo" and v.secrets_chosen == (first,)
        assert v.my_secret == ("seville" if seat == first else None)
    assert game.view(None).my_secret is None


def test_R_G1_hidden_castillo_asks_every_player():
    game = general_scoring_game(3, castillo="hidden")
    set_board(game, king="aragon", cab={"castillo": [2, 0, 0]})
    assert game.view(1).players[0].castillo is None
    assert game.view(0).players[0].castillo == 2
    assert game.view(None).castillo_total == 2
    finish_turn(game)
    asked = []
    while game.decision.kind == "disk":
        asked.append(game.decision.player)
        assert game.decision.secret
        act(game, "disk galicia")
    assert sorted(asked) == [0, 1, 2]
    assert count(game, "galicia", 0) == 2 and count(game, "galicia", 1) == 0


def test_R_G2_castillo_scored_before_the_reveal_and_G3_moves():
    game = general_scoring_game(4)
    set_board(
        game, king="aragon", cab={"castillo": [3, 1, 1], "seville": [0, 2]}, home=["galicia"] * 4
    )
    finish_turn(game)
    evs = answer_disks(game, {0: "seville", 1: "granada", 2: "seville"}, "castillo")
    kinds = [(type(e).__name__, getattr(e, "place", None)) for e in evs]
    i_castillo = kinds.index(("PlaceScored", "castillo"))
    i_reveal = kinds.index(("SecretsRevealed", None))
    i_first_region = kinds.index(("PlaceScored", "galicia"))
    moves = [i for i, e in enumerate(evs) if type(e) is E.CaballerosMoved and e.src == "castillo"]
    assert i_castillo < i_reveal < min(moves) <= max(moves) < i_first_region
    assert scored(evs)["castillo"].counts == (3, 1, 1, 0)
    assert scored(evs)["castillo"].points == (5, 1, 1, 0)  # tie for 2nd: 3rd value
    reveal = evs[i_reveal]
    assert reveal.purpose == "castillo"
    assert dict(reveal.choices) == {0: "seville", 1: "granada", 2: "seville"}


def test_R_G3_all_castillo_caballeros_go_to_the_disk_region():
    game = general_scoring_game(4)
    set_board(
        game, king="aragon", cab={"castillo": [3, 1], "seville": [0, 2]}, home=["galicia"] * 4
    )
    finish_turn(game)
    evs = answer_disks(game, {0: "seville", 1: "granada"}, "castillo")
    assert E.CaballerosMoved(0, "castillo", "seville", 3, False) in evs
    assert E.CaballerosMoved(1, "castillo", "granada", 1, False) in evs
    assert game.cab[9] == [0, 0, 0, 0]
    # Seville is then scored with the arrivals: 3 against 2.
    assert scored(evs)["seville"].counts == (3, 2, 0, 0)
    assert scored(evs)["seville"].points == (4, 3, 0, 0)


def test_R_G3_a_disk_on_the_kings_region_sends_them_back_to_court():
    game = general_scoring_game(3)
    set_board(game, king="aragon", cab={"castillo": [3, 2], "aragon": [1, 1]})
    court_before = list(game.court)
    finish_turn(game)
    evs = answer_disks(game, {0: "aragon", 1: "seville"}, "castillo")
    reveal = of(evs, E.SecretsRevealed)[0]
    assert dict(reveal.choices) == {0: "aragon", 1: "seville"}
    # The event says where they went: the court, not the King's region (R-B4 stays intact).
    assert E.CaballerosMoved(0, "castillo", "court", 3, False) in evs
    assert E.CaballerosMoved(1, "castillo", "seville", 2, False) in evs
    assert count(game, "aragon", 0) == 1
    assert game.court[0] == court_before[0] + 3
    assert scored(evs)["aragon"].counts == (1, 1, 0)
    assert sum(game.cab[9]) == 0


def test_R_G3_king_region_disk_with_a_hidden_castillo():
    game = general_scoring_game(3, castillo="hidden")
    set_board(game, king="granada", cab={"castillo": [0, 4, 0]})
    finish_turn(game)
    evs = answer_disks(game, {0: "granada", 1: "granada", 2: "galicia"}, "castillo")
    assert E.CaballerosMoved(1, "castillo", "court", 4, False) in evs
    assert not [e for e in evs if type(e) is E.CaballerosMoved and e.whose in (0, 2)]
    assert count(game, "granada", 1) == 0


def test_R_G4_regions_scored_in_board_order_with_bonuses():
    game = general_scoring_game(4)
    set_board(
        game,
        king="granada",
        cab={"granada": [2, 1], "aragon": [0, 3, 1], "galicia": [1, 1]},
        home=["catalonia", "aragon", "catalonia", "catalonia"],
    )
    before = game.scores
    evs = finish_turn(game)
    places = [e.place for e in of(evs, E.PlaceScored)]
    assert places == ["castillo"] + list(REGIONS)
    s = scored(evs)
    assert (0, 2, "king_bonus") in awards(s["granada"])
    assert (1, 2, "home_bonus") in awards(s["aragon"])
    assert s["galicia"].points == (2, 2, 0, 0)  # 4/2/0: a tie for first scores the 2nd value
    ended = of(evs, E.ScoringEnded)[-1]
    assert ended.why == "general"
    assert [a - b for a, b in zip(game.scores, before)] == list(ended.points)


# ======================================================================= R-V veto


def test_R_V1_veto_lasts_its_round_and_the_next():
    game = take_turn_with("veto", seat=0)
    evs = act(game, "special")
    assert E.VetoKept(0) in evs and game.view(1).players[0].vetoes == 1
    evs = play_until(
        game, lambda g: g.round == 2 and g.decision.kind == "action_card" and g.active != 0
    )
    assert not of(evs, E.VetoExpired) and game.vetoes[0]
    # Still usable in the next round.
    take_card(game, "king")
    act(game, "special")
    assert game.decision.kind == "veto" and game.decision.player == 0
    act(game, "veto no")
    assert game.decision.kind == "king"
    evs = play_until(game, lambda g: g.round == 3)
    assert of(evs, E.VetoExpired) == [E.VetoExpired(0)]
    assert game.vetoes[0] == () and game.view(None).players[0].vetoes == 0


def test_R_V1_veto_expires_unused_even_if_nobody_announced():
    game = take_turn_with("veto", seat=1, values=[1, 13, 2])
    act(game, "special")
    evs = play_until(game, lambda g: g.round == 3)
    ends = [i for i, e in enumerate(evs) if type(e) is E.RoundEnded]
    exp = [i for i, e in enumerate(evs) if type(e) is E.VetoExpired]
    assert len(exp) == 1 and ends[0] < exp[0] < ends[1]


def test_R_V1_two_vetoes_oldest_used_first_each_expires_on_its_own():
    game = new_game(3)
    play_until(game, lambda g: g.round == 2 and g.decision.kind == "action_card")
    active = game.active
    holder = (active + 1) % 3
    vetoes = [()] * 3
    vetoes[holder] = (0, 1)  # taken in rounds 1 and 2
    take_card(game, "king", setup=lambda g: set_board(g, vetoes=vetoes))
    assert game.view(None).players[holder].vetoes == 2
    act(game, "special", "veto yes")
    assert game.vetoes[holder] == (1,)  # the older one was used
    evs = play_until(game, lambda g: g.round == 3)
    assert not of(evs, E.VetoExpired) and game.vetoes[holder] == (1,)
    game = new_game(3)
    play_until(game, lambda g: g.round == 2 and g.decision.kind == "action_card")
    set_board(game, vetoes=[(0, 1), (), ()])
    evs = play_until(game, lambda g: g.round == 3)
    assert of(evs, E.VetoExpired) == [E.VetoExpired(0)] and game.vetoes[0] == (1,)


def test_R_V1_skipping_the_veto_card_keeps_nothing():
    game = take_turn_with("veto")
    evs = act(game, "skip")
    assert not of(evs, E.VetoKept) and game.vetoes[0] == ()


def test_R_V2_veto_cancels_the_special_action_not_the_placement():
    game = take_turn_with(
        "king", setup=lambda g: set_board(g, king="aragon", court=[7, 7, 7], vetoes=[(), (0,), ()])
    )
    evs = act(game, "special")
    assert E.SpecialAnnounced(0, "king") in evs
    d = game.decision
    assert d.kind == "veto" and d.player == 1
    assert d.context["seat"] == 0 and d.context["card"] == "king"
    evs = act(game, "veto yes")
    assert of(evs, E.SpecialVetoed) == [E.SpecialVetoed(0, "king", 1)]
    assert not of(evs, E.KingMoved) and game.king == REGIONS.index("aragon")
    assert game.vetoes[1] == ()  # the used Veto is discarded
    assert game.decision.kind == "placement"  # placement untouched
    before = count(game, "valencia", 0)
    act(game, "place valencia", "place valencia", "done")
    assert count(game, "valencia", 0) == before + 2


def test_R_V2_veto_after_placement_keeps_the_placed_caballeros():
    game = take_turn_with(
        "intrigue_4_any",
        setup=lambda g: set_board(
            g, king="aragon", cab={"galicia": [0, 3]}, court=[7, 7, 7], vetoes=[(), (), (0,)]
        ),
    )
    act(game, "place", "place catalonia", "special")
    assert game.decision.kind == "veto" and game.decision.player == 2
    evs = act(game, "veto yes")
    assert count(game, "catalonia", 0) == 1 and count(game, "galicia", 1) == 3
    assert not of(evs, E.CaballerosMoved)
    assert game.active != 0  # turn over


def test_R_V3_holders_asked_in_seat_order_left_of_the_active_player():
    game = take_turn_with(
        "king", seat=2, n=4, setup=lambda g: set_board(g, vetoes=[(0,), (0,), (), (0,)])
    )
    act(game, "special")
    asked = []
    while game.decision.kind == "veto":
        asked.append(game.decision.player)
        act(game, "veto no")
    assert asked == [3, 0, 1]
    assert game.decision.kind == "king"
    assert all(game.vetoes[s] for s in (0, 1, 3))


def test_R_V3_first_veto_cancels_later_holders_not_asked():
    game = take_turn_with(
        "king", seat=2, n=4, setup=lambda g: set_board(g, vetoes=[(0,), (0,), (), (0,)])
    )
    act(game, "special", "veto no")
    assert game.decision.player == 0
    evs = act(game, "veto yes")
    assert of(evs, E.SpecialVetoed)[0].by == 0
    assert game.decision.kind != "veto"
    assert game.vetoes == [(), (0,), (), (0,)]


def test_R_V3_nobody_asked_on_skip_or_own_veto():
    game = take_turn_with("king", setup=lambda g: set_board(g, vetoes=[(0,), (), ()]))
    act(game, "special")
    assert game.decision.kind == "king"  # the active player's own Veto is not offered
    game = take_turn_with("king", setup=lambda g: set_board(g, vetoes=[(), (0,), ()]))
    act(game, "skip")
    assert game.decision.kind == "placement"


def test_R_V4_the_veto_card_cannot_be_vetoed():
    game = take_turn_with("veto", setup=lambda g: set_board(g, vetoes=[(), (0,), (0,)]))
    evs = act(game, "special")
    assert game.decision.kind != "veto"
    assert E.VetoKept(0) in evs and not of(evs, E.SpecialVetoed)
    assert game.vetoes == [(0,), (0,), (0,)]


def test_R_V5_no_veto_option_removes_both_veto_cards():
    game = new_game(3, veto=False)
    assert len(game.stacks[1]) == 9 and "veto" not in game.stacks[1]
    assert Counter(new_game(3).stacks[1])["veto"] == 2
    play_until(game, lambda g: "veto" in g.face_up)
    assert game.over


# ======================================================================= R-E end


def test_R_E1_game_ends_after_the_third_scoring_highest_wins():
    game = last_turn_of_round(new_game(3), 9)
    set_board(game, cab={"aragon": [0, 2, 1]}, king="galicia", home=["catalonia"] * 3)
    game.score = [10, 12, 12]
    evs = finish_turn(game)
    assert game.over and game.decision is None
    over = of(evs, E.GameOver)[0]
    assert over.scores == (10, 17, 16) and over.winners == (1,)
    assert game.winners == [1]


def test_R_E1_tied_leaders_share_the_victory():
    game = last_turn_of_round(new_game(3), 9)
    set_board(game, cab={}, king="galicia")
    game.score = [20, 20, 5]
    evs = finish_turn(game)
    assert of(evs, E.GameOver)[0].winners == (0, 1)
    assert game.winners == [0, 1] and game.view(None).winners == (0, 1)


# ======================================================================= R-O options


def test_R_O1_rounds_option():
    assert len(new_game(3).view(None).rounds) == 9
    assert new_game(3, rounds=6).view(None).rounds == (2, 3, 5, 6, 8, 9)
    with pytest.raises(ValueError):
        Options(rounds=7)


def test_R_O2_veto_option_default_on():
    assert Options().veto is True
    assert "veto" in new_game(3).stacks[1]
    assert "veto" not in new_game(3, veto=False).stacks[1]


def test_R_O3_open_castillo_counts_are_public():
    game = take_turn_with("king", setup=lambda g: set_board(g, king="aragon", court=[7, 7, 7]))
    evs = act(game, "place", "place castillo", "place castillo")
    assert all(not e.hidden for e in of(evs, E.CaballerosMoved))
    assert game.view(1).players[0].castillo == 2
    assert game.view(None).players[0].castillo == 2


def test_R_O3_hidden_castillo_shows_only_the_total():
    game = take_turn_with(
        "king", castillo="hidden", setup=lambda g: set_board(g, king="aragon", court=[7, 7, 7])
    )
    evs = act(game, "place", "place castillo", "place valencia")
    moved = of(evs, E.CaballerosMoved)
    into = [e for e in moved if e.dst == "castillo"]
    assert into and all(e.hidden for e in into)
    assert visible_to(into[0], 1).count is None and visible_to(into[0], None).count is None
    assert visible_to(into[0], 0).count == 1
    other = [e for e in moved if e.dst == "valencia"][0]
    assert visible_to(other, 1).count == 1
    assert game.view(1).players[0].castillo is None
    assert game.view(None).players[0].castillo is None
    assert game.view(1).players[0].province is None  # it would give the Castillo count away
    assert game.view(0).players[0].castillo == 1
    assert game.view(1).castillo_total == 1


def test_R_O3_options_validated():
    with pytest.raises(ValueError):
        Options(castillo="secret")
    with pytest.raises(ValueError):
        Options(veto="no")  # type: ignore[arg-type]


# ======================================================================= R-H hidden information


def test_R_H1_secret_steps_are_flagged_and_revealed_only_when_all_chose():
    cab = {"aragon": [0, 3, 0, 2], "galicia": [0, 0, 0, 1]}
    game = take_turn_with(
        "province_all_by_disk", n=4, setup=lambda g: set_board(g, king="seville", cab=cab)
    )
    act(game, "special")
    d = game.decision
    assert d.kind == "disk" and d.secret and d.player == 1
    assert d.context["purpose"] == "province_all_by_disk" and d.context["by"] == 0
    evs = act(game, "disk aragon")
    assert evs == [E.SecretChosen(1, "province_all_by_disk")]
    assert count(game, "aragon", 1) == 3  # nothing happened yet
    assert game.view(3).my_secret is None and game.view(1).my_secret == "aragon"
    assert game.view(0).secrets_chosen == (1,)
    assert "aragon" not in json.dumps(game.view(3).decision.context)
    evs = act(game, "disk galicia")
    assert of(evs, E.SecretsRevealed) == [
        E.SecretsRevealed("province_all_by_disk", ((1, "aragon"), (3, "galicia")))
    ]


def test_R_H1_forced_secret_answer_still_asked():
    cab = {"aragon": [0, 2], "galicia": [0, 1, 1, 1]}
    game = take_turn_with(
        "province_two_by_disk", n=4, setup=lambda g: set_board(g, king="seville", cab=cab)
    )
    act(game, "special")
    assert game.decision.kind == "disk" and game.decision.secret
    assert choices(game) == ["disk aragon"]


def test_R_H2_views_hold_only_what_the_seat_may_know():
    game = new_game(3)
    assert "seed" not in View.__dataclass_fields__ and "stacks" not in View.__dataclass_fields__
    v = game.view(1)
    assert v.revealed == tuple(st[:1] for st in game.stacks)  # no unrevealed card
    assert v.decision.choices is None  # seat 0 is deciding
    assert game.view(0).decision.choices == game.decision.choices
    assert v.seat == 1 and game.view(None).seat is None
    with pytest.raises(ValueError):
        game.view(3)


def test_R_H2_view_never_holds_another_seats_secret():
    game = take_turn_with("score_by_disk", setup=lambda g: set_board(g, king="seville"))
    act(game, "special", "disk granada")
    assert game.decision.player == 1
    assert "granada" not in repr(game.view(2).decision)  # seat 2 is not deciding
    assert game.view(2).decision.choices is None
    assert game.view(1).my_secret is None and game.view(0).my_secret == "granada"
    assert game.view(2).secrets_chosen == (0,)


def test_scenario_default_values_helper():
    assert default_values(4, 2) == [1, 2, 13, 3]
