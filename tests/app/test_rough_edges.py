"""The table's rough edges (issue 18): each defect a new player hit, proved mended."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from el_grande.app.screens.help import HelpScreen
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
