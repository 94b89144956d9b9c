"""The table's rough edges (issue 18): each defect a new player hit, proved mended."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.text import Text

from el_grande.app.present import NO_BREAK as NBSP
from el_grande.app.screens.help import HelpScreen
from el_grande.app.widgets.log import GameLog
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.text import t, use

from .helpers import SIZE, game_screen, make_app, press, screen_text, settle


@pytest.mark.parametrize("size", [SIZE, (120, 40)])
async def test_the_highlight_stays_in_view_after_0_3_picks_power_card_13(size) -> None:  # type: ignore[no-untyped-def]
    """The choice list had more rows than the prompt shows: 0 3 moved the highlight to power
    card 13, drawn below the prompt's edge, out of sight."""
    app = make_app(3, seed=7)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        scr = game_screen(app)
        assert scr is not None
        prompt = scr.query_one(DecisionPrompt)
        options = prompt.options
        await press(pilot, "0")
        await press(pilot, "3")
        await pilot.pause()
        assert options.highlighted is not None
        assert options.get_option_at_index(options.highlighted).id == "power 13"
        # The list lies inside the prompt, and the highlighted row inside what the list shows.
        assert options.region.bottom <= prompt.content_region.bottom
        row = options.highlighted  # one line a power card
        assert options.scroll_y <= row < options.scroll_y + options.scrollable_content_region.height
        assert "Power card 13" in screen_text(app)


@pytest.mark.parametrize("lang", ["en", "ko"])
async def test_the_help_lists_every_game_key_in_one_aligned_column(lang: str) -> None:
    use(lang)
    app = make_app(3, seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "question_mark")
        assert isinstance(app.screen, HelpScreen)
        rows = [row.split("\t") for row in t("help.keys").splitlines()]
        keys = [key for key, _ in rows]
        for key in ("h", "u", "s", "w", "p", "l", "f", "o", "?", "0", "a–e", "1–9"):
            assert key in keys
        text = screen_text(app).splitlines()
        # Every meaning starts in the same terminal column, whatever its key's width.
        starts = set()
        for key, meaning in rows:
            line = next(x for x in text if meaning[:12] in x)
            before = line[: line.index(meaning[:12])]
            assert before.rstrip().endswith(key)
            starts.add(cell_len(before))
        assert len(starts) == 1, starts


def test_the_help_counts_the_five_face_up_cards() -> None:
    for lang in ("en", "ko"):
        use(lang)
        rules = t("help.rules")
        assert ("five action cards" in rules) if lang == "en" else ("액션 카드 5장" in rules)
        assert "four action cards" not in rules and "4장" not in rules


async def test_the_hints_stand_beside_the_map_and_leave_it_undimmed(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The hints box sat in the top-left corner over the map, and the rest of the screen was
    dimmed: now it stands over the cards and the prompt, the map readable beside it."""
    from el_grande.app.screens import hints as hint_screen
    from el_grande.app.screens.game import GameScreen
    from el_grande.app.widgets.board import MapView
    from el_grande.core import REGIONS
    from el_grande.text import region

    from .helpers import app_at

    monkeypatch.setattr(hint_screen, "HINT_BUDGET", 120.0)
    monkeypatch.setattr(hint_screen, "HINT_ITERATIONS", 8)
    app = app_at(3, 8, lambda s: s.decision.kind == "action_card" and s.current.public.round >= 2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "h")
        hints = app.screen
        assert isinstance(hints, hint_screen.HintScreen) and hints._worker is not None
        await hints._worker.wait()
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        board = game.query_one(MapView).region
        box = hints.query_one("#scoring-box").region
        assert box.x >= board.right  # beside the map, not over it
        assert hints.styles.background.a == 0  # nothing dimmed
        text = screen_text(app)
        for place in REGIONS:
            assert region(place, short=True) in text
        assert "Round 2 of 9" in text  # the round track's start is in view too


# --- the log, made narrower ------------------------------------------------------------------

LONG = (
    "Face up: “Intrigue: 2 own + 2 foreign”, “Score a region”, “Score the 4-regions”, "
    "“Royal adviser”, “The King”."
)
LONG_KO = (
    "공개된 카드: ‘인트리그: 내 것 2 + 남의 것 2’, ‘한 지역 정산’, ‘4점 지역 정산’, "
    "‘로열 어드바이저’, ‘왕’."
)


def _log_app():  # type: ignore[no-untyped-def]
    from textual.app import App, ComposeResult

    class LogApp(App[None]):
        def compose(self) -> ComposeResult:
            yield GameLog(id="log")

    return LogApp()


async def _written(pilot, lines: list[str]) -> GameLog:  # type: ignore[no-untyped-def]
    """The log of `_log_app`, once `lines` are written and shown."""
    log = pilot.app.query_one(GameLog)
    for line in lines:
        log.write(Text(line))
    await pilot.pause()
    return log


def _rows(log) -> list[str]:  # type: ignore[no-untyped-def]
    return [strip.text.rstrip() for strip in log.lines]


@pytest.mark.parametrize("text", [LONG, LONG_KO], ids=["en", "ko"])
async def test_the_log_wraps_its_lines_again_when_the_window_gets_narrower(text: str) -> None:
    """Lines written while the window was wide were kept at that width when it narrowed: a
    horizontal scrollbar, and lines ending mid-word. Now every line is wrapped again."""
    app = _log_app()
    async with app.run_test(size=(80, 20)) as pilot:
        log = await _written(pilot, [f"{i}. {text}" for i in range(30)])
        wide = len(log.lines)
        assert wide <= 60  # two rows each at most, this wide
        await pilot.resize_terminal(40, 20)
        await pilot.pause()
        await pilot.pause()
        width = log.scrollable_content_region.width
        rows = _rows(log)
        assert len(rows) > wide  # wrapped again
        assert max(cell_len(r) for r in rows) <= width
        assert log.virtual_size.width <= width and not log.show_horizontal_scrollbar
        # Nothing is lost and no word is cut: the rows put together are the lines.
        assert " ".join(rows).split() == " ".join(f"{i}. {text}" for i in range(30)).split()
        assert log.scroll_y == log.max_scroll_y  # the end still in view
        await pilot.resize_terminal(80, 20)
        await pilot.pause()
        await pilot.pause()
        assert len(log.lines) == wide  # and wider again


async def test_the_log_draws_what_was_written_before_it_knew_its_size_once() -> None:
    """Written before the log is on screen (the game's first lines): drawn once, at the
    width it gets; written after: drawn at once; wrapped again at the same width: the same."""
    log = GameLog(id="log")
    log.write("early")
    assert log.lines == []  # its width is not known yet

    from textual.app import App, ComposeResult

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield log

    async with One().run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        log.write("one")
        log.write("two")
        log.rewrap()
        await pilot.pause()
        assert _rows(log) == ["early", "one", "two"]


async def test_the_log_keeps_the_line_being_read_in_view_when_rewrapped() -> None:
    app = _log_app()
    async with app.run_test(size=(80, 10)) as pilot:
        log = await _written(pilot, [f"line {i:02d}: {LONG}" for i in range(40)])
        log.scroll_to(
            y=log.lines.index(next(x for x in log.lines if x.text.startswith("line 12:"))),
            animate=False,
            immediate=True,
        )  # reading line 12
        await pilot.pause()
        await pilot.resize_terminal(44, 10)
        await pilot.pause()
        await pilot.pause()
        top = log.lines[round(log.scroll_y)].text
        assert top.startswith("line 12:")


# --- the table at 100×30 ---------------------------------------------------------------------


def _first_disk(s) -> bool:  # type: ignore[no-untyped-def]
    return s.decision is not None and s.decision.kind == "disk"


async def test_each_card_keeps_its_stack_letter_when_the_round_ends() -> None:
    """At the round's end the taken cards leave the table: the letters shifted (a–e became
    a–c during the disks). A card's key is its stack's letter, all round long."""
    from el_grande.app.screens.curtain import CurtainScreen
    from el_grande.app.widgets.cards import CARD_KEYS, CardList, card_key, round_cards
    from el_grande.core import CARD_STACK

    from .helpers import app_at, next_key

    app = app_at(3, 7, _first_disk)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        while isinstance(app.screen, CurtainScreen):
            await press(pilot, next_key(app))
        scr = next(s for s in app.screen_stack if s.query(CardList))
        cards = scr.query_one(CardList)
        left = [c for c, _ in round_cards(cards.shown.view)]  # type: ignore[union-attr]
        assert 0 < len(left) < 5  # some cards have left the table
        assert [card_key(c) for c in left] != list(CARD_KEYS[: len(left)])  # letters with gaps
        rows = cards.render().plain.splitlines()
        for card in left:
            key = CARD_KEYS[CARD_STACK[card] - 1]
            assert cards.card_at(key) == card
            head = rows[cards.line_of(card)]  # type: ignore[index]
            assert head[1:3] == f"{key} "
        missing = [k for k in CARD_KEYS if k not in {card_key(c) for c in left}]
        assert all(cards.card_at(k) is None for k in missing)


@pytest.mark.parametrize("lang", ["en", "ko"])
async def test_at_100x30_every_card_shows_its_whole_name_and_some_of_its_text(lang) -> None:  # type: ignore[no-untyped-def]
    """Card names were cut ("Intrigue: clear a reg…") and cards c–e showed their titles only."""
    from el_grande.app.screens.game import GameScreen
    from el_grande.app.widgets.cards import CardList, round_cards
    from el_grande.text import card_name, card_text

    from .helpers import KOREAN_NAMES, app_at

    use(lang)
    names = KOREAN_NAMES if lang == "ko" else None
    for seed in (5, 7, 11):
        app = app_at(5, seed, lambda s: s.decision.kind == "power", names=names)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            widget = game.query_one(CardList)
            text = widget.render().plain
            for card, _ in round_cards(game.session.current.public):
                assert card_name(card) in text, card_name(card)
                first = card_text(card).split()[0]
                assert f"   {first}" in text, (card, first)
            # A card's text is wrapped once a width (`CardList._body`), anew at another.
            width = widget.size.width
            rows = widget._body(card, width)
            assert widget._body(card, width) is rows
            narrow = widget._body(card, width - 10)
            assert narrow is not rows and all(cell_len(r.plain) <= width - 10 for r in narrow)
            assert " ".join(r.plain for r in narrow).split() == card_text(card).split()


async def test_the_round_track_says_who_does_what_whole_at_100x30() -> None:
    from el_grande.app.screens.game import GameScreen

    from .helpers import app_at

    app = app_at(3, 7, lambda s: s.decision.kind == "court")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        d = game.decision
        assert d is not None
        name = game.session.name(d.player)
        top = screen_text(app).splitlines()[0]
        assert f"{name}: bring Caballeros from the province to the court" in top
        assert "…" not in top


async def test_l_gives_the_log_the_maps_room_and_l_again_gives_it_back() -> None:
    """At 100×30 the log showed four or five lines; `l` lets it take the map's place."""
    from el_grande.app.screens.game import GameScreen
    from el_grande.app.widgets.board import MapView

    from .helpers import app_at

    app = app_at(4, 7, lambda s: len(s.game.history) >= 60)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        log = game.query_one("#log")
        short = log.region.height
        await press(pilot, "l")
        await pilot.pause()
        assert log.has_focus
        assert game.query_one(MapView).region.height == 0
        assert log.region.height >= short + 15
        await press(pilot, "l")
        await pilot.pause()
        assert game.query_one(MapView).region.height >= 17
        assert log.region.height == short


async def test_the_korean_players_head_fits_100x30_with_a_short_castillo_column() -> None:
    from el_grande.app.screens.game import GameScreen
    from el_grande.app.widgets.players import PlayersPanel

    from .helpers import KOREAN_NAMES, app_at

    use("ko")
    app = app_at(5, 7, lambda s: len(s.game.history) >= 30, names=KOREAN_NAMES)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        panel = game.query_one(PlayersPanel)
        rows = panel.render().plain.splitlines()
        head = rows[0]
        assert "카스" not in head and " 성 " in head
        assert head.rstrip().endswith(t("player.hand"))
        assert cell_len(head.rstrip()) <= panel.size.width
        for name, row in zip(KOREAN_NAMES, rows[1:], strict=True):
            assert name in row  # whole, not cut


async def test_the_log_says_how_to_go_back_while_it_has_the_keys() -> None:
    from textual.app import App, ComposeResult
    from textual.content import Content
    from textual.widgets import Button

    class Two(App[None]):
        def compose(self) -> ComposeResult:
            yield Button("x")
            yield GameLog(id="log")

    app = Two()
    async with app.run_test(size=(80, 10)) as pilot:
        log = app.query_one(GameLog)
        log.border_title = Content(t("board.log"))
        log.focus()
        await pilot.pause()
        assert str(log.border_title) == "What happened · l: back to the board"
        app.query_one(Button).focus()
        await pilot.pause()
        assert str(log.border_title) == "What happened"


async def test_a_choice_never_breaks_its_bracket_across_lines() -> None:
    """`(place` ended a line and `1)` began the next: the catalogue joins the bracket's words
    with a no-break space, which the choice list honours (Rich and Textual alone do not)."""
    from rich.text import Text as RichText
    from textual.app import App, ComposeResult

    app_labels = [
        ("a", t("choice.card", name="Intrigue: 2 own + 2 foreign", n=1)),
        ("b", t("choice.power", n=10, court=1)),
    ]

    class One(App[None]):
        CSS = "DecisionPrompt { width: 30; height: 12; }"

        def compose(self) -> ComposeResult:
            yield DecisionPrompt()

    for width in (22, 26, 30):
        app = One()
        async with app.run_test(size=(width, 14)) as pilot:
            prompt = app.query_one(DecisionPrompt)
            prompt.show(RichText("Ana: take an action card"), "", app_labels, False)
            await pilot.pause()
            text = screen_text(app).replace("\xa0", " ")
            lines = [x.strip("▊▎ ") for x in text.splitlines()]  # inside the list's borders
            assert any(x.endswith("(place 1)") or x == "(place 1)" for x in lines), lines
            assert not any(x.endswith("(place") or x.startswith("1)") for x in lines)
            assert not any(x.endswith(("(1", "(1 to")) for x in lines)


@pytest.mark.parametrize("lang", ["en", "ko"])
async def test_the_titles_subtitle_leaves_no_word_alone_on_a_line(lang: str) -> None:
    """`hot-seat` stood alone on the title's second line."""
    from el_grande.app.app import ElGrandeApp

    use(lang)
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        subtitle = app.screen.query_one("#subtitle")
        top, height = subtitle.region.y, subtitle.region.height
        rows = screen_text(app).splitlines()[top : top + height]
        words = [row.strip(" ║").split() for row in rows]
        assert len(words) == 2 and all(len(w) >= 3 for w in words), rows


async def test_the_korean_curtain_names_the_castillo_disk_in_one_sentence_on_one_line() -> None:
    """`곳.` stood alone on the curtain's last line."""
    from el_grande.app.screens.curtain import CurtainScreen

    from .helpers import KOREAN_NAMES, app_at

    use("ko")
    app = app_at(3, 7, _first_disk, names=KOREAN_NAMES)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        rows = [row.replace(NBSP, " ").strip(" ║") for row in screen_text(app).splitlines()]
        line = next(row for row in rows if "몰래 고릅니다." in row)
        assert "카스티요의 카바예로를 보낼 지역을 몰래 고릅니다." in line
        assert "곳." not in rows


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("ko", ["김민준김민준", "이서연이서연", "박지훈박지훈"]),
        ("en", ["Maximilianaa", "Bernadettexx", "Christophers"]),
    ],
)
async def test_no_paragraph_of_the_curtain_ends_with_one_word_alone(
    lang: str, names: list[str]
) -> None:
    """With names of 12 cells the curtain's sentences wrap; none leaves its last word alone
    on a line (`고릅니다.`, `클릭하세요.` stood alone), and each stays centred."""
    from el_grande.app.screens.curtain import CurtainScreen

    from .helpers import app_at

    use(lang)
    app = app_at(3, 7, _first_disk, names=names)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CurtainScreen)
        rows = [row.replace(NBSP, " ") for row in screen_text(app).splitlines()]
        inside = [row.split("║")[1] for row in rows if row.count("║") == 2]
        lines = [row for row in inside if row.strip() and not set(row.strip()) <= set("▔▁")]
        wrapped = 0
        for above, line in zip(lines, lines[1:], strict=False):
            words = line.split()
            if len(words) == 1 and above.strip() and len(above.split()) > 1:
                assert words[0] in (t("curtain.continue"),), (above, line)
            if line.startswith("    ") and above.startswith("    "):
                wrapped += 1
        assert wrapped >= 2  # the sentences do wrap at this size
        for line in lines:  # centred: as much room left as right, give or take a cell
            left, right = len(line) - len(line.lstrip()), len(line) - len(line.rstrip())
            assert abs(left - right) <= 2, line


@pytest.mark.parametrize("players", [3, 4, 5])
async def test_the_players_table_is_never_wider_than_its_panel(players: int) -> None:
    """At 100×30 a row was one cell wider than the panel (a space after card 13): Textual
    then drew the heading and the rows out of line."""
    from el_grande.app.widgets.players import PlayersPanel

    app = make_app(players)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        panel = game_screen(app).query_one(PlayersPanel)
        rows = panel.render().plain.split("\n")
        assert len(rows) == players + 1
        assert max(cell_len(row) for row in rows) <= panel.size.width, rows
