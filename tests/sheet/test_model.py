"""The scoring sheet's model (plain Python): its sums are what the game itself scores, and
every edit it refuses changes nothing."""

from __future__ import annotations

import copy

import pytest

from el_grande.core import CASTILLO, PLACES, REGIONS, AwardReason
from el_grande.sheet.model import IN_PLAY, SCORINGS, Sheet, SheetError, check_names
from el_grande.text import use

from .positions import RealBoard, designed, played


def enter(sheet: Sheet, scoring: int, board: RealBoard) -> None:
    """Type a position into the sheet through its edits, as the screen does."""
    for place, row in board.counts.items():
        for seat, count in enumerate(row):
            sheet.set_count(scoring, place, seat, count)
    sheet.set_king(scoring, board.king)
    for seat, home in enumerate(board.homes):
        sheet.set_home(scoring, seat, home)
    for board_id, place in board.boards.items():
        sheet.set_scoreboard(scoring, board_id, place)


def assert_scored_as_the_game(sheet: Sheet, scoring: int, board: RealBoard) -> None:
    table = sheet.table(scoring)
    assert [row.place for row in table.places] == [CASTILLO, *REGIONS]  # R-G2, then R-G4
    for row in table.places:
        game = board.scored[row.place]
        assert row.counts == game.counts, row.place
        assert row.values == game.values, row.place  # R-K3, R-K4
        assert row.points == game.points, row.place
        assert row.awards == game.awards, row.place  # ranks, ties, both bonuses
    assert table.gain == board.gain


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [3, 8, 11])
def test_R_G4_every_general_scoring_of_a_played_game_is_what_the_game_scored(
    players: int, seed: int
) -> None:
    boards = played(players, seed)
    sheet = Sheet.new(boards[0].names)
    for k, board in enumerate(boards):
        enter(sheet, k, board)
        assert_scored_as_the_game(sheet, k, board)
    totals = [sum(b.gain[s] for b in boards) for s in range(players)]
    assert sheet.running(SCORINGS - 1) == tuple(totals)
    assert sheet.table(2).before == sheet.running(1)
    assert sheet.table(2).after == tuple(totals)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_R_K2_to_R_K6_ties_bonuses_scoreboards_and_reductions_as_the_game_scores_them(
    players: int,
) -> None:
    board = designed(players)
    sheet = Sheet.new(board.names)
    enter(sheet, 1, board)
    assert_scored_as_the_game(sheet, 1, board)
    table = sheet.table(1)
    castillo = table.places[0]
    assert castillo.scoreboard == "4/0/0" and castillo.values == (4, 0, 0)
    valencia = next(r for r in table.places if r.place == "valencia")
    expected = {2: (8, 0, 0), 3: (8, 4, 0)}.get(players, (8, 4, 0))
    assert valencia.scoreboard == "8/4/0" and valencia.values == expected
    bonuses = {(a.seat, a.reason) for a in valencia.awards if a.reason != AwardReason.RANK}
    leader = 0 if players == 2 else 2
    assert bonuses == {(leader, AwardReason.KING_BONUS), (leader, AwardReason.HOME_BONUS)}
    aragon = next(r for r in table.places if r.place == "aragon")
    assert {a.reason for a in aragon.awards} == {AwardReason.TIE, AwardReason.RANK} or players == 2
    galicia = next(r for r in table.places if r.place == "galicia")
    assert galicia.values == {2: (4, 0, 0), 3: (4, 2, 0)}.get(players, (4, 2, 0))
    assert sheet.gains()[0] == (0,) * players and sheet.gains()[2] == (0,) * players


def test_a_refused_count_changes_nothing() -> None:
    sheet = Sheet.new(["Ana", "Ben"])
    sheet.set_count(0, "aragon", 0, 20)
    before = copy.deepcopy(sheet)
    with pytest.raises(SheetError, match="from 0 to 30"):
        sheet.set_count(0, "galicia", 0, IN_PLAY + 1)
    with pytest.raises(SheetError, match="from 0 to 30"):
        sheet.set_count(0, "galicia", 0, -1)
    with pytest.raises(SheetError, match="Ana would have 31 Caballeros"):
        sheet.set_count(0, "castillo", 0, 11)  # R-C2: 30 in play
    assert sheet == before
    sheet.set_count(0, "castillo", 0, 10)  # exactly 30
    sheet.set_count(1, "castillo", 0, 30)  # another scoring, another board
    assert sheet.scorings[0].on_board(0) == 30


def test_the_king_and_the_grandes_stand_in_regions() -> None:
    sheet = Sheet.new(["Ana", "Ben", "Cy"])
    before = copy.deepcopy(sheet)
    with pytest.raises(SheetError, match="King stands in a region"):
        sheet.set_king(0, CASTILLO)
    with pytest.raises(SheetError, match="Grande stands in a region"):
        sheet.set_home(0, 1, CASTILLO)
    assert sheet == before
    sheet.set_king(0, "aragon")
    sheet.set_home(0, 1, "aragon")  # the King may come to a Grande's region
    sheet.set_king(0, "seville")  # the King moves: one King
    assert sheet.scorings[0].king == "seville" and sheet.scorings[0].homes == [None, "aragon", None]
    assert sheet.missing(0) == [
        "No Grande for Ana, Cy yet: g in the home region's row, the player's column."
    ]


def test_R_K4_one_scoreboard_a_place_and_m_turns_what_lies_there() -> None:
    sheet = Sheet.new(["Ana", "Ben", "Cy"])
    sheet.set_scoreboard(0, "8/4/0", "aragon")
    before = copy.deepcopy(sheet)
    with pytest.raises(SheetError, match="Aragon already holds the 8/4/0 scoreboard"):
        sheet.set_scoreboard(0, "4/0/0", "aragon")
    assert sheet == before
    # m on another place: the 8/4/0 comes over (there is one), then the 4/0/0, then nothing
    assert sheet.next_scoreboard(0, CASTILLO) == "8/4/0"
    assert sheet.scorings[0].boards == {"8/4/0": CASTILLO, "4/0/0": None}
    assert sheet.next_scoreboard(0, CASTILLO) == "4/0/0"
    assert sheet.scorings[0].boards == {"8/4/0": None, "4/0/0": CASTILLO}
    assert sheet.next_scoreboard(0, "galicia") == "8/4/0"
    assert sheet.next_scoreboard(0, CASTILLO) is None
    assert sheet.scorings[0].boards == {"8/4/0": "galicia", "4/0/0": None}
    assert sheet.table(0).places[1].values == (8, 4, 0)


def test_a_new_scoring_starts_with_the_king_grandes_and_scoreboards_of_the_one_before() -> None:
    sheet = Sheet.new(["Ana", "Ben"])
    assert not sheet.copy_forward(0) and not sheet.copy_forward(1)  # nothing to copy yet
    sheet.set_king(0, "aragon")
    sheet.set_home(0, 0, "galicia")
    sheet.set_scoreboard(0, "4/0/0", "seville")
    sheet.set_count(0, "galicia", 0, 3)
    assert sheet.copy_forward(1)
    second = sheet.scorings[1]
    assert second.king == "aragon" and second.homes == ["galicia", None]
    assert second.boards["4/0/0"] == "seville"
    assert not any(any(row) for row in second.counts.values())  # counts are read afresh
    sheet.set_king(1, "granada")
    assert not sheet.copy_forward(1)  # not blank: left alone
    assert sheet.scorings[0].king == "aragon"  # a copy, not the same board


def test_clear_keeps_the_names_and_rename_keeps_the_counts() -> None:
    sheet = Sheet.new(["Ana", "Ben", "Cy"])
    sheet.set_count(2, "aragon", 2, 4)
    sheet.go_to(2)
    sheet.rename(["Yellow", "Red", "Green"])
    assert sheet.names == ["Yellow", "Red", "Green"] and sheet.scorings[2].counts["aragon"][2] == 4
    before = copy.deepcopy(sheet)
    with pytest.raises(SheetError, match="counts for 3 players"):
        sheet.rename(["Yellow", "Red"])
    assert sheet == before
    sheet.clear()
    assert sheet.blank and sheet.current == 0 and sheet.names == ["Yellow", "Red", "Green"]
    sheet.rename(["Yellow", "Red"])  # a blank sheet may change its number of players
    assert sheet.players == 2 and all(len(r) == 2 for r in sheet.scorings[0].counts.values())


@pytest.mark.parametrize(
    ("names", "says"),
    [
        (["Ana"], "2 to 5 players"),
        (["A", "B", "C", "D", "E", "F"], "2 to 5 players"),
        (["Ana", " ", "", "ana"], "Two players are called ana"),
        (["Ana", "B\x1b[31m"], "U+001B"),
        (["Ana", "Maximiliana-Theodora"], "at most 12"),
    ],
)
def test_names_follow_the_rules_of_every_name(names: list[str], says: str) -> None:
    with pytest.raises(SheetError, match=says.replace("+", r"\+")):
        check_names(names)


def test_names_are_trimmed_and_empty_ones_left_out() -> None:
    assert check_names([" Ana ", "", "김민준", "  "]) == ["Ana", "김민준"]


def test_sentences_are_the_catalogues_in_korean() -> None:
    use("ko")
    sheet = Sheet.new(["김민준", "이서연"])
    with pytest.raises(SheetError, match="왕은 카스티요가 아니라"):
        sheet.set_king(0, CASTILLO)
    assert sheet.missing(0)[0].startswith("왕은 어디에")


def test_every_place_is_on_the_sheet() -> None:
    sheet = Sheet.new(["Ana", "Ben"])
    assert set(sheet.scorings[0].counts) == set(PLACES)
    assert len(sheet.scorings) == SCORINGS == 3  # also the short game's (R-R6)


def test_the_sheet_imports_nothing_of_the_app() -> None:
    """The model and its file stand apart from the screen (tested without Pilot)."""
    import subprocess
    import sys

    code = (
        "import sys, el_grande.sheet.model, el_grande.sheet.store\n"
        "bad = sorted(m for m in sys.modules if m.startswith(('el_grande.app', 'textual')))\n"
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_typed_digits_build_a_count_and_say_when_it_is_whole() -> None:
    from el_grande.sheet.model import typed_count

    assert [typed_count(None, d) for d in range(10)] == [
        (0, True), (1, False), (2, False), (3, False),
        *((d, True) for d in range(4, 10)),
    ]  # fmt: skip
    assert typed_count(1, 2) == (12, True) and typed_count(3, 0) == (30, True)
    with pytest.raises(SheetError, match="from 0 to 30"):
        typed_count(3, 1)
