"""The scoring sheet for a game on a real board (`el-grande calc`), played by keys: a whole
scoring read off a board and typed in gives what the game itself scores; the sheet survives
closing the terminal; refused keys say why; Korean; how it looks at 100×30 and 120×40."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.sheet import (
    CELL,
    NamesScreen,
    SheetScreen,
    _widths,
    grid,
    grid_width,
    open_sheet,
)
from el_grande.app.screens.title import TitleScreen
from el_grande.sheet.model import Sheet
from el_grande.sheet.store import ORDER, SheetFile, load, sheet_path
from el_grande.text import use

from ..sheet.positions import RealBoard, designed, played
from ..sheet.test_model import enter
from .helpers import KOREAN_NAMES, SIZE, press, screen_text, settle
from .shots import Shots, compare_settled, matches, resized, screenshots


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder of this test's own, named relatively (the sheet shows its path: the
    snapshots must not hold a temporary directory's name)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("EL_GRANDE_HOME", "home")
    yield tmp_path / "home"


def sheet_of(app: ElGrandeApp) -> SheetScreen:
    scr = app.screen
    assert isinstance(scr, SheetScreen), scr
    return scr


async def type_names(pilot: Pilot[None], names: list[str]) -> None:
    """On the names screen: each field emptied and typed, then Enter."""
    screen = pilot.app.screen
    assert isinstance(screen, NamesScreen)
    while screen.focused is None or screen.focused.id != "sheet-name-0":
        await press(pilot, "up")
    for i in range(5):
        await press(pilot, "end")
        await press(pilot, "ctrl+u")
        for ch in names[i] if i < len(names) else "":
            await press(pilot, ch)
        if i < 4:
            await press(pilot, "tab")
    await press(pilot, "enter")


async def go(pilot: Pilot[None], row: int, col: int) -> None:
    """Move the cursor with the arrow keys, as a person does looking at the screen."""
    scr = sheet_of(pilot.app)  # type: ignore[arg-type]
    while scr.row != row:
        await press(pilot, "down" if scr.row < row else "up")
    while scr.col != col:
        await press(pilot, "right" if scr.col < col else "left")


async def type_board(pilot: Pilot[None], board: RealBoard) -> int:
    """A whole board read aloud and typed: each place, each player, the count's digits (1, 2
    and 3 could begin a two-digit count: Tab keeps them and moves on); the King, the Grandes,
    the scoreboards. Returns the number of keys."""
    keys = 0
    scr = sheet_of(pilot.app)  # type: ignore[arg-type]
    await go(pilot, 0, 0)
    for place in ORDER:
        for count in board.counts[place]:
            for digit in str(count):
                await press(pilot, digit)
            keys += len(str(count))
            if count in (1, 2, 3):
                await press(pilot, "tab")
                keys += 1
    await go(pilot, ORDER.index(board.king), 0)
    await press(pilot, "k")
    for seat, home in enumerate(board.homes):
        await go(pilot, ORDER.index(home), seat)
        await press(pilot, "g")
        keys += 1
    for board_id, presses in (("4/0/0", 2), ("8/4/0", 1)):  # m: none, 8/4/0, 4/0/0
        place = board.boards[board_id]
        if place is not None:
            await go(pilot, ORDER.index(place), scr.col)
            for _ in range(presses):
                await press(pilot, "m")
            keys += presses
    return keys + 1


def shown_points(app: ElGrandeApp) -> tuple[dict[str, list[int]], list[tuple[int, int]], list[int]]:
    """What the screen shows: each place's points per player, each scoring's (points, running
    total) per player for the current one, and the totals."""
    scr = sheet_of(app)
    lines = screen_text(app).splitlines()
    head = next(i for i, line in enumerate(lines) if "place" in line and "values" in line)
    left = lines[head].index("place")
    place_w, values_w = _widths(scr.sheet)
    n = scr.sheet.players
    x0 = left + place_w + values_w

    def cells(line: str) -> list[str]:
        return [line[x0 + s * (CELL + 1) : x0 + (s + 1) * (CELL + 1)] for s in range(n)]

    points: dict[str, list[int]] = {}
    for r, place in enumerate(ORDER):
        found = [re.search(r"\+(\d+)", c) for c in cells(lines[head + 1 + r])]
        points[place] = [int(m.group(1)) if m else 0 for m in found]
    row = head + 2 + len(ORDER) + scr.sheet.current
    scoring = [tuple(map(int, re.findall(r"\d+", c))) for c in cells(lines[row])]
    totals = [int(c.strip()) for c in cells(lines[head + 2 + len(ORDER) + 3])]
    return points, scoring, totals  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("board", "scoring"),
    [pytest.param(designed(3), 0, id="3 players, ties, bonuses, scoreboards, 11")],
)
async def test_R_G4_a_whole_scoring_typed_in_gives_what_the_game_scored(
    board: RealBoard, scoring: int
) -> None:
    app = ElGrandeApp(sheet=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await type_names(pilot, board.names)
        scr = sheet_of(app)
        for _ in range(scoring):
            await press(pilot, "right_square_bracket")
        assert scr.sheet.current == scoring
        keys = await type_board(pilot, board)
        _shows_what_the_game_scored(app, board, scoring)
        assert keys >= 10 * board.players  # at least one key a count: none was skipped
    again = load(sheet_path())
    assert again.sheet is not None and again.sheet.gains()[scoring] == board.gain


@pytest.mark.parametrize(
    ("board", "scoring"),
    [
        pytest.param(designed(2), 0, id="2 players"),
        pytest.param(designed(5), 1, id="5 players, second scoring"),
        pytest.param(played(4, 8)[2], 2, id="4 players, a played game's last scoring"),
    ],
)
async def test_R_G4_a_whole_scoring_on_the_sheet_shows_what_the_game_scored(
    board: RealBoard, scoring: int, home: Path
) -> None:
    """Boards of other numbers of players, some in a later scoring: entered as the screen's
    keys do (tests/sheet/test_model.py's `enter`: the same edits; typing them key by key is
    the test above, 3 players), then read off the screen."""
    sheet = Sheet.new(board.names)
    enter(sheet, scoring, board)
    sheet.go_to(scoring)
    SheetFile(sheet_path()).save(sheet)
    app = ElGrandeApp(sheet=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        scr = sheet_of(app)
        assert scr.sheet.current == scoring
        _shows_what_the_game_scored(app, board, scoring)


def _shows_what_the_game_scored(app: ElGrandeApp, board: RealBoard, scoring: int) -> None:
    """The screen's points, this scoring's gains and the totals are the game's (R-G4), the
    scorings before this one left empty."""
    scr = sheet_of(app)
    points, shown, totals = shown_points(app)
    for place in ORDER:
        assert points[place] == list(board.scored[place].points), place
    assert [g for g, _ in shown] == list(board.gain)  # this scoring
    assert [r for _, r in shown] == list(board.gain) == totals  # the only one so far
    assert scr.sheet.table(scoring).gain == board.gain


async def test_the_sheet_survives_closing_the_terminal_and_adds_up_three_scorings(
    home: Path,
) -> None:
    boards = played(3, 11)
    sheet = Sheet.new(boards[0].names)
    for k in range(2):
        enter(sheet, k, boards[k])
    SheetFile(sheet_path()).save(sheet)
    app = ElGrandeApp(sheet=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        scr = sheet_of(app)
        assert scr.sheet == sheet  # straight to the sheet: no names asked
        await press(pilot, "right_square_bracket")
        await press(pilot, "right_square_bracket")
        assert scr.sheet.current == 2
        copied = scr.sheet.scorings[2]
        assert (copied.king, copied.homes) == (boards[1].king, list(boards[1].homes))
        assert "as at the scoring before" in screen_text(app)
        await type_board(pilot, boards[2])
        _, shown, totals = shown_points(app)
        running = [sum(b.gain[s] for b in boards) for s in range(3)]
        assert shown == [(g, r) for g, r in zip(boards[2].gain, running, strict=True)]
        assert totals == running
        await press(pilot, "escape")  # `el-grande calc`: Esc ends the app
    again = ElGrandeApp(sheet=True)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        scr = sheet_of(again)
        assert scr.sheet.current == 2 and scr.sheet.running(2) == tuple(running)
        assert shown_points(again)[2] == running


async def test_keys_that_cannot_be_say_why_and_change_nothing(home: Path) -> None:
    SheetFile(sheet_path()).save(Sheet.new(["Ana", "Ben"]))  # (names typed: above)
    app = ElGrandeApp(sheet=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        scr = sheet_of(app)
        assert (scr.row, scr.col) == (0, 0) and scr.place == "castillo"
        await press(pilot, "k")
        assert "The King stands in a region, never in the Castillo." in screen_text(app)
        await press(pilot, "g")
        assert "A Grande stands in a region" in screen_text(app)
        assert scr.sheet.scorings[0].king is None and scr.sheet.scorings[0].homes == [None, None]
        await press(pilot, "9")
        await press(pilot, "9")  # Ben
        await press(pilot, "9")  # Galicia, Ana
        await press(pilot, "9")
        await press(pilot, "9")  # Basque Country, Ana: 27
        assert scr.sheet.scorings[0].on_board(0) == 27
        await go(pilot, 3, 0)
        await press(pilot, "4")
        assert "Ana would have 31 Caballeros on the board; a player has 30 in play." in (
            screen_text(app)
        )
        assert scr.sheet.scorings[0].counts["aragon"] == [0, 0] and (scr.row, scr.col) == (3, 0)
        await press(pilot, "3")  # exactly 30: taken; it could begin 30: Tab keeps it
        assert scr.sheet.scorings[0].counts["aragon"] == [3, 0] and scr.col == 0
        await press(pilot, "0")  # 30 would make 57: refused, the 3 stays
        assert "Ana would have 57 Caballeros" in screen_text(app)
        assert scr.sheet.scorings[0].counts["aragon"] == [3, 0] and scr.col == 0
        await press(pilot, "tab")  # on to Ben
        assert scr.col == 1
        await press(pilot, "backspace")  # back to Ana's 3 and cleared
        assert scr.sheet.scorings[0].counts["aragon"] == [0, 0] and scr.col == 0
        await press(pilot, "minus")  # never below 0
        assert scr.sheet.scorings[0].counts["aragon"] == [0, 0]
        await press(pilot, "enter")  # on to the next place
        assert (scr.row, scr.col) == (4, 0)
        await press(pilot, "left_square_bracket")  # no scoring before the first
        assert scr.sheet.current == 0
    assert load(sheet_path()).sheet == scr.sheet  # what was refused was never saved


async def test_a_new_game_clears_the_scorings_after_a_second_c(home: Path) -> None:
    SheetFile(sheet_path()).save(Sheet.new(["Ana", "Ben", "Cy"]))
    app = ElGrandeApp(sheet=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        scr = sheet_of(app)
        await press(pilot, "5")
        await press(pilot, "c")
        assert "Press c again" in screen_text(app) and not scr.sheet.blank
        await press(pilot, "down")  # anything else calls it off
        await press(pilot, "c")
        assert not scr.sheet.blank
        await press(pilot, "c")
        assert scr.sheet.blank and scr.sheet.names == ["Ana", "Ben", "Cy"]
        assert "The three scorings are cleared" in screen_text(app)
        await press(pilot, "n")  # names: a blank sheet may take another number of players
        assert isinstance(app.screen, NamesScreen)
        await type_names(pilot, ["Ana", "Ben", "Cy", "Dee"])
        assert sheet_of(app).sheet.names == ["Ana", "Ben", "Cy", "Dee"]
        await press(pilot, "1")
        await press(pilot, "n")
        await type_names(pilot, ["Ana", "Ben"])  # not with counts entered: said, and kept
        assert isinstance(app.screen, NamesScreen)
        assert "counts for 4 players" in screen_text(app)
        await press(pilot, "escape")
        assert sheet_of(app).sheet.players == 4
    assert load(sheet_path()).sheet is not None


async def test_typed_digits_build_a_count_as_a_number_field_does(home: Path) -> None:
    """ "12" is twelve in one cell, not 1 and 2 (issue 33, item 9): 1-3 wait for a second
    digit or for Enter/Tab, which keep them and move on; 0 and 4-9 move on at once; two
    digits beyond 30 are refused and the first one stays."""
    SheetFile(sheet_path()).save(Sheet.new(["Ana", "Ben", "Cy"]))  # (names typed: above)
    app = ElGrandeApp(sheet=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        scr = sheet_of(app)
        counts = scr.sheet.scorings[0].counts
        await press(pilot, "1")
        assert counts["castillo"] == [1, 0, 0] and scr.col == 0
        assert "a second digit makes 10–19; Enter or Tab keeps 1" in screen_text(app)
        await press(pilot, "2")
        assert counts["castillo"] == [12, 0, 0] and scr.col == 1
        await press(pilot, "3")
        await press(pilot, "5")  # 35: more than any player has
        assert "A count is a whole number from 0 to 30." in screen_text(app)
        assert counts["castillo"] == [12, 3, 0] and scr.col == 1
        await press(pilot, "enter")  # keeps the 3, on to Cy (not the next place)
        assert counts["castillo"] == [12, 3, 0] and (scr.row, scr.col) == (0, 2)
        await press(pilot, "7")
        assert counts["castillo"] == [12, 3, 7] and (scr.row, scr.col) == (1, 0)
        await press(pilot, "2")
        await press(pilot, "k")  # another key: the 2 stays as it is
        await press(pilot, "4")
        assert counts["galicia"] == [4, 0, 0] and (scr.row, scr.col) == (1, 1)
        await press(pilot, "1")
        await press(pilot, "backspace")  # the count being typed: cleared, the cursor stays
        assert counts["galicia"] == [4, 0, 0] and scr.col == 1
    assert load(sheet_path()).sheet == scr.sheet


async def test_each_scoring_keeps_its_own_cursor(home: Path) -> None:
    """`]` opens a scoring not seen yet at its top (the Castillo, the first player), not on
    the row left in the scoring before; `[` comes back where it was left (issue 33)."""
    SheetFile(sheet_path()).save(Sheet.new(["Ana", "Ben"]))  # (names typed: above)
    app = ElGrandeApp(sheet=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        scr = sheet_of(app)
        await go(pilot, 6, 1)
        await press(pilot, "right_square_bracket")
        assert scr.sheet.current == 1 and (scr.row, scr.col) == (0, 0)
        await go(pilot, 2, 0)
        await press(pilot, "left_square_bracket")
        assert scr.sheet.current == 0 and (scr.row, scr.col) == (6, 1)
        await press(pilot, "right_square_bracket")
        assert scr.sheet.current == 1 and (scr.row, scr.col) == (2, 0)


async def test_esc_after_the_first_c_calls_the_new_game_off_and_stays(home: Path) -> None:
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        SheetFile(sheet_path()).save(Sheet.new(["Ana", "Ben"]))
        open_sheet(app)
        await settle(pilot)
        scr = sheet_of(app)
        await press(pilot, "5")
        await press(pilot, "c")
        assert "Press c again" in screen_text(app)
        await press(pilot, "escape")
        assert app.screen is scr and "Nothing is cleared." in screen_text(app)
        await press(pilot, "c")  # a first `c` again, not the second
        assert not scr.sheet.blank and "Press c again" in screen_text(app)
        await press(pilot, "escape")
        await press(pilot, "escape")  # nothing pending: Esc leaves
        assert isinstance(app.screen, TitleScreen)


def lit_names(app: ElGrandeApp) -> list[int]:
    """The rows of the names screen whose label is lit (reversed)."""
    labels = app.screen.query(".names-label")
    return [i for i, label in enumerate(labels) if label.styles.text_style.reverse]


async def test_the_names_screen_refuses_names_that_will_not_do(home: Path) -> None:
    """Names that will not do are said; the lit label follows the focus from row to row (it
    stayed on the first row)."""
    app = ElGrandeApp(sheet=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert lit_names(app) == [0]
        for row in (1, 2, 3, 4):
            await press(pilot, "tab")
            assert lit_names(app) == [row]
        await press(pilot, "up")
        assert lit_names(app) == [3]
        await type_names(pilot, ["Ana", "ana"])
        assert isinstance(app.screen, NamesScreen)
        assert "Two players are called ana" in screen_text(app)
        await type_names(pilot, ["Ana"])
        assert "A sheet needs 2 to 5 players." in screen_text(app)
        assert not sheet_path().exists()
        await press(pilot, "escape")  # `el-grande calc` with no sheet: Esc ends the app
        await settle(pilot)
    assert not sheet_path().exists()


async def test_the_title_screen_opens_the_sheet_and_esc_comes_back(home: Path) -> None:
    SheetFile(sheet_path()).save(Sheet.new(["Ana", "Ben"]))
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        assert "Scoring sheet" in screen_text(app)
        for _ in range(4):
            await press(pilot, "down")
        await press(pilot, "enter")
        assert sheet_of(app).sheet.names == ["Ana", "Ben"]
        await press(pilot, "escape")
        assert isinstance(app.screen, TitleScreen)


async def test_a_bad_sheet_file_is_said_then_kept_aside(home: Path) -> None:
    home.mkdir()
    sheet_path().write_text('{"format": "el-grande-sheet", "version": 1, "players": 3}')
    app = ElGrandeApp(sheet=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, NamesScreen)
        text = " ".join(re.sub("[│╭╮╰╯]", " ", screen_text(app)).split())
        assert "cannot be used: players must be a list of 2 to 5 names (found 3)" in text
        assert "it is kept as sheet.bad.json, and the sheet starts empty." in text
        assert not sheet_path().exists()  # set aside at once: the next start says nothing
        await type_names(pilot, ["Ana", "Ben"])
    assert (home / "sheet.bad.json").read_text().endswith('"players": 3}')
    assert load(sheet_path()).sheet == Sheet.new(["Ana", "Ben"])


async def test_a_sheet_that_cannot_be_saved_goes_on_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "blocked").write_text("a file where the folder should be")
    monkeypatch.setenv("EL_GRANDE_HOME", "blocked")
    app = ElGrandeApp(sheet=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await type_names(pilot, ["Ana", "Ben"])
        scr = sheet_of(app)
        assert "The sheet cannot be saved to blocked/sheet.json" in screen_text(app)
        await press(pilot, "3")
        assert scr.sheet.scorings[0].counts["castillo"] == [3, 0]  # it goes on
        assert "cannot be saved" in screen_text(app)


async def test_a_click_on_a_count_moves_the_cursor_there(home: Path) -> None:
    SheetFile(sheet_path()).save(Sheet.new(["Ana", "Ben", "Cy"]))
    app = ElGrandeApp(sheet=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        scr = sheet_of(app)
        grid = scr.query_one("#sheet-grid")
        place_w, values_w = _widths(scr.sheet)
        await pilot.click(grid, offset=(place_w + values_w + 2 * (CELL + 1) + 3, 1 + 4))
        await settle(pilot)
        assert (scr.row, scr.col, scr.place) == (4, 2, "catalonia")
        await press(pilot, "7")
        assert scr.sheet.scorings[0].counts["catalonia"] == [0, 0, 7]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_line_of_the_grid_is_as_wide_as_the_layout_is_told(lang: str) -> None:
    """The grid's width is told to the layout without scoring the board (`grid_width`, asked
    at every key): every line of the grid is that wide, whoever plays, whatever their names
    (as wide as a name may be), counts, ranks, bonuses and totals, the cursor anywhere."""
    use(lang)
    long_names = ["Maximilianaa", "김민준이서연", "[b]Bo[/b]", "Cy", "Dee"]  # 12 columns at most
    for players in range(2, 6):
        sheet = Sheet.new(long_names[:players])
        board = designed(players)
        for k in range(3):  # running totals of three scorings
            enter(sheet, k, board)
        for k in range(3):
            sheet.go_to(k)
            for cursor in (None, (0, 0), (len(ORDER) - 1, players - 1)):
                widths = {line.cell_len for line in grid(sheet, cursor)}
                assert widths == {grid_width(sheet)}, (players, k, cursor, widths)


# --- Korean ------------------------------------------------------------------------------------


async def test_the_sheet_in_korean_shows_no_english(home: Path) -> None:
    from .test_korean import Scan

    use("ko")
    home.mkdir()
    sheet_path().write_text("{")  # a bad file first: its sentence too
    literal = [str(sheet_path()), "sheet.bad.json"]
    app = ElGrandeApp(sheet=True)
    async with app.run_test(size=SIZE) as pilot:
        scan = Scan(app, literal)
        await settle(pilot)
        scan("names, with the bad file's sentence")
        await type_names(pilot, ["민준", "민준"])
        scan("names: two alike")
        await type_names(pilot, ["김민준", "이서연", "박지훈"])
        scr = sheet_of(app)
        scan("the sheet, the file kept aside")
        for key in ("3", "1", "0", "k", "g", "down", "k", "g", "m", "m", "m"):
            await press(pilot, key)
            scan(f"after {key}")
        await press(pilot, "ㅏ")  # k with the Korean input method on
        assert scr.sheet.scorings[0].king == scr.place
        for key in ("9", "9", "9", "9", "plus", "right_square_bracket", "c", "n"):
            await press(pilot, key)
            scan(f"after {key}")
        await press(pilot, "escape")
        await press(pilot, "ㅊ")
        await press(pilot, "ㅊ")
        assert scr.sheet.blank
        scan("cleared")
        text = screen_text(app)
        assert "첫 번째 정산" in text and "합계" in text and "왕" in text
    assert scan.count > 20


# --- how it looks --------------------------------------------------------------------------------


def _snapshot_sheet(names: list[str]) -> None:
    board = designed(5)
    sheet = Sheet.new(names)
    enter(sheet, 0, played(5, 3)[0])
    enter(sheet, 1, board)
    sheet.go_to(1)
    SheetFile(sheet_path()).save(sheet)


@pytest.fixture
def snap_compare(snapshot, request):  # type: ignore[no-untyped-def]
    """The plugin's `snap_compare`, the shot taken once the app has settled rather than
    when the process looks idle (`shots.compare_settled`)."""
    return compare_settled(snapshot, request)


#: The sheet's snapshots at 100×30, then with the terminal resized to 120×40 (`shots`).
SHOTS = Shots()


def _sheet_in_both_sizes() -> dict[str, str]:
    _snapshot_sheet(["Ana", "Ben", "Cy", "Dee", "Eve"])

    async def to_aragon(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await go(pilot, 3, 2)

    steps = [("100x30", to_aragon), ("120x40", resized(120, 40))]
    return screenshots(ElGrandeApp(sheet=True), (100, 30), steps)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [(100, 30), (120, 40)], ids=["100x30", "120x40"])
def test_sheet_snapshot(snapshot, request, size) -> None:  # type: ignore[no-untyped-def]
    """Five players, the second scoring: scoreboards on the Castillo and Valencia, the King's
    and a home bonus in one place, ties, 11 in the Castillo, the cursor on Aragon."""
    svg = SHOTS.take("sheet", f"{size[0]}x{size[1]}", _sheet_in_both_sizes)
    assert matches(snapshot, request, svg)


def test_korean_sheet_snapshot(snap_compare) -> None:  # type: ignore[no-untyped-def]
    use("ko")
    _snapshot_sheet(KOREAN_NAMES)

    async def run_before(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await go(pilot, 6, 3)
        await press(pilot, "k")  # the King to New Castile: a sentence on the status line

    assert snap_compare(ElGrandeApp(sheet=True), terminal_size=SIZE, run_before=run_before)


def test_names_snapshot(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(ElGrandeApp(sheet=True), terminal_size=SIZE)
