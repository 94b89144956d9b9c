"""The statistics screen (issue 32; app/screens/stats.py): opened from the title, everybody of
the games database listed, a pick shows a record and its chart, renaming and forgetting asked
first, a database that cannot be used said in one sentence; the screen in English and Korean
at 100x30 and 120x40 (snapshots)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.stats import AskNameScreen, AskScreen, GamesScreen, StatsScreen
from el_grande.app.widgets.record import RecordView
from el_grande.persist import games, stats
from el_grande.text import t, use

from .helpers import SIZE, press, screen_text, settle
from .shots import Shots, matches, resized, screenshots

open_games, GamesUnavailable = games.open_games, games.GamesUnavailable

#: A small database: few enough games to be quick, enough for every kind of line.
GAMES, SEED = 60, 32
SIZES = [pytest.param((100, 30), id="100x30"), pytest.param((120, 40), id="120x40")]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture(scope="module")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small database, filled once for the module (`stats.fill` is seeded: the same games
    every time); each test gets its own copy (`seeded`), which it may change."""
    home = tmp_path_factory.mktemp("filled")
    conn = open_games(home, write=True)
    try:
        stats.fill(conn, GAMES, SEED)
    finally:
        conn.close()
    path = games.games_path(home)
    assert [p.name for p in home.iterdir()] == [path.name]  # all of it in the one file (no WAL)
    return path


@pytest.fixture
def seeded(home: Path, filled: Path) -> Path:
    shutil.copyfile(filled, games.games_path(home))
    return home


def _people() -> list[str]:
    conn = open_games()
    try:
        return [r.name for r in stats.people(conn)]
    finally:
        conn.close()


async def _open(pilot: Pilot[None]) -> StatsScreen:
    """From the title: the menu's "Statistics", Enter."""
    app = pilot.app
    await settle(pilot)
    menu = app.screen.query_one("#title-menu", OptionList)
    menu.focus()
    ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
    menu.highlighted = ids.index("stats")
    await press(pilot, "enter")
    await settle(pilot)
    assert isinstance(app.screen, StatsScreen)
    return app.screen


async def test_the_title_opens_the_screen_with_everybody_and_a_pick_shows_a_record(
    seeded: Path,
) -> None:
    """The title opens the screen with everybody of the database, the first picked at once;
    a pick (Enter, or a click) shows another's record; Esc leaves."""
    names = _people()
    assert len(names) >= 3
    conn = open_games()
    second = stats.record(conn, names[1])
    conn.close()
    assert second is not None
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        shown = screen_text(app)
        for name in names[:8]:  # (as many as the list shows at 100×30)
            assert name in shown
        assert [e.name for e in screen.entrants if e.person] == names
        assert any(not e.person for e in screen.entrants)  # the computer levels too
        # The first is picked at once: their record and its chart.
        view = screen.query_one(RecordView)
        assert view.record is not None and view.record.name == names[0]
        assert t("statscreen.trend_wins") in shown
        # Picking a person shows their record.
        await press(pilot, "down")
        await press(pilot, "enter")
        await settle(pilot)
        view = screen.query_one(RecordView)
        assert view.record == second
        shown = screen_text(app)
        assert t("statscreen.games", count=second.games) in shown
        assert t("statscreen.wins", count=second.wins) in shown
        # A click picks too: the third line of the list.
        await pilot.click("#stats-list", offset=(2, 2))
        await settle(pilot)
        assert view.record is not None and view.record.name == names[2]
        await press(pilot, "escape")
        await settle(pilot)
        assert not isinstance(app.screen, StatsScreen)


async def test_head_to_head_is_a_second_pick(seeded: Path) -> None:
    names = _people()
    app = ElGrandeApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open(pilot)
        await press(pilot, "h")
        assert screen.choosing_other
        await press(pilot, "down")
        await press(pilot, "enter")
        await settle(pilot)
        assert screen.other is not None and screen.other.name == names[1]
        view = screen.query_one(RecordView)
        heads = [text.plain for text in view.extra]
        assert heads and heads[0].startswith(t("statscreen.h2h_head", a=names[0], b=names[1]))


async def test_rename_and_forget_are_asked_first_and_a_no_changes_nothing(seeded: Path) -> None:
    before = _people()
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        await _open(pilot)
        await press(pilot, "r")
        assert isinstance(app.screen, AskNameScreen)
        app.screen.query_one(Input).value = "Zed"
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(app.screen, AskScreen)  # asked once more
        await press(pilot, "n")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        assert _people() == before
        await press(pilot, "r")
        await press(pilot, "escape")  # the name not even typed
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        await press(pilot, "f")
        assert isinstance(app.screen, AskScreen)
        await press(pilot, "escape")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        assert _people() == before
        # And a yes renames, the same person still picked under the new name.
        await press(pilot, "r")
        app.screen.query_one(Input).value = "Zed"
        await press(pilot, "enter")
        await press(pilot, "y")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        after = _people()
        assert "Zed" in after and before[0] not in after
        assert screen.picked is not None and screen.picked.name == "Zed"
        assert t("statscreen.renamed", old=before[0], new="Zed") in screen_text(app)


async def test_deleting_a_game_is_asked_first(seeded: Path) -> None:
    first = _people()[0]
    conn = open_games()
    before = stats.record(conn, first)
    conn.close()
    assert before is not None
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        await _open(pilot)
        await press(pilot, "d")
        assert isinstance(app.screen, GamesScreen)
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(app.screen, AskScreen)
        await press(pilot, "n")
        await settle(pilot)
        assert isinstance(app.screen, StatsScreen)
        conn = open_games()
        assert stats.record(conn, first) == before
        conn.close()
        await press(pilot, "d")
        await press(pilot, "enter")
        await press(pilot, "y")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        view = screen.query_one(RecordView)
        assert view.record is not None and view.record.games == before.games - 1
        assert t("statscreen.deleted") in screen_text(app)


async def test_the_korean_screen_shows_no_english(seeded: Path) -> None:
    from .test_korean import latin_words

    use("ko")
    names = _people()
    app = ElGrandeApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await _open(pilot)
        await press(pilot, "h")
        await press(pilot, "down")
        await press(pilot, "enter")
        await settle(pilot)
        assert latin_words(screen_text(app), *names) == []


async def test_a_database_that_cannot_be_opened_is_one_sentence(home: Path) -> None:
    (home / "games.sqlite").write_bytes(b"this is no database, only words " * 64)
    with pytest.raises(GamesUnavailable) as raised:
        open_games()
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        assert screen.problem == raised.value.sentence
        assert raised.value.sentence.split()[0] in screen_text(app)
        await press(pilot, "r")  # nobody to rename: nothing happens
        await press(pilot, "h")
        assert isinstance(app.screen, StatsScreen)


async def test_an_empty_database_is_one_sentence(home: Path) -> None:
    open_games(write=True).close()
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot)
        assert screen.problem == t("statscreen.empty")
        assert t("statscreen.empty") in screen_text(app)


async def test_a_name_that_looks_like_markup_is_shown_as_it_is(seeded: Path) -> None:
    first = _people()[0]
    conn = open_games(write=True)
    with conn:
        conn.execute("UPDATE people SET name = ? WHERE name = ?", ("[bold]Eve[/]\x1b", first))
    conn.close()
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        await _open(pilot)
        shown = screen_text(app)
        assert "[bold]Eve[/]\\x1b" in shown  # the list and the record, literally
        assert "\x1b" not in shown


# --- snapshots -----------------------------------------------------------------------------------


#: The snapshots' runs: the screen at 100×30, then the terminal resized to 120×40 (`shots`).
SHOTS = Shots()


async def _to_stats(pilot: Pilot[None]) -> None:
    await _open(pilot)


def _both_sizes() -> dict[str, str]:
    steps = [("100x30", _to_stats), ("120x40", resized(120, 40))]
    return screenshots(ElGrandeApp(), (100, 30), steps)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", SIZES)
def test_the_statistics_screen(snapshot, request, seeded, size) -> None:  # type: ignore[no-untyped-def]
    svg = SHOTS.take("en", f"{size[0]}x{size[1]}", _both_sizes)
    assert matches(snapshot, request, svg)


@pytest.mark.parametrize("size", SIZES)
def test_korean_statistics_screen(snapshot, request, seeded, size) -> None:  # type: ignore[no-untyped-def]
    use("ko")  # the autouse fixture in tests/conftest.py switches back to English
    svg = SHOTS.take("ko", f"{size[0]}x{size[1]}", _both_sizes)
    assert matches(snapshot, request, svg)
