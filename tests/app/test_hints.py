"""Hints in the app (`h`): the strong bot's top three for the player at the keyboard, for
their eyes only, counted, and off at a competitive table (issue 11, part 6)."""

from __future__ import annotations

import pytest

from el_grande.app.screens import hints as hint_screen
from el_grande.app.screens.curtain import CurtainScreen
from el_grande.app.screens.game import GameScreen
from el_grande.app.screens.hints import HintScreen
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.session import GameSession

from .helpers import SIZE, app_at, next_key, press, screen_text, settle


@pytest.fixture(autouse=True)
def _play_outs_not_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints capped by play-outs, with time to spare: the same answer on any machine."""
    monkeypatch.setattr(hint_screen, "HINT_BUDGET", 120.0)
    monkeypatch.setattr(hint_screen, "HINT_ITERATIONS", 24)


async def _hint_ready(pilot, app) -> HintScreen:  # type: ignore[no-untyped-def]
    screen = app.screen
    assert isinstance(screen, HintScreen)
    worker = screen._worker
    assert worker is not None
    await worker.wait()
    await settle(pilot)
    assert screen.hints is not None
    return screen


def _choosing_a_card(s) -> bool:  # type: ignore[no-untyped-def]
    return s.decision.kind == "action_card" and s.current.public.round >= 2


async def test_h_shows_three_legal_hints_and_highlights_the_one_picked() -> None:
    app = app_at(3, 8, _choosing_a_card)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        d = game.decision
        history = game.session.game.history
        assert d is not None and game.check_action("hint", ()) is True
        await press(pilot, "h")
        screen = await _hint_ready(pilot, app)
        hints = screen.hints
        assert hints and len(hints) <= 3 and all(h.choice in d.choices for h in hints)
        assert len({h.choice for h in hints}) == len(hints)
        text = screen_text(app)
        assert "points over a" in text and "round's end:" in text
        assert "margin" not in text  # said in words: "1.0 behind the leader"
        assert game.session.hints_used[d.player] == 1
        await press(pilot, "2" if len(hints) > 1 else "1")
        assert isinstance(app.screen, GameScreen)
        picked = hints[1] if len(hints) > 1 else hints[0]
        options = game.query_one(DecisionPrompt).options
        assert options.get_option_at_index(options.highlighted).id == str(picked.choice)  # type: ignore[arg-type]
        assert game.decision == d  # a hint plays nothing
        assert game.session.game.history == history


def _hidden_and_placing(s) -> bool:  # type: ignore[no-untyped-def]
    d = s.decision
    return (
        d.kind == "placement"
        and s.current.public.round >= 2
        and (s.game.view(d.player).players[d.player].castillo or 0) > 0
    )


async def test_with_a_hidden_castillo_a_hint_waits_behind_its_players_curtain() -> None:
    app = app_at(3, 25, _hidden_and_placing, castillo="hidden")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        d = game.decision
        assert d is not None and not d.secret
        await press(pilot, "h")
        curtain = app.screen
        assert isinstance(curtain, CurtainScreen) and curtain.letter is not None
        assert game.session.name(d.player) in screen_text(app)
        await press(pilot, "enter")  # typed ahead: does not lift it
        assert app.screen is curtain
        await press(pilot, next_key(app))
        screen = await _hint_ready(pilot, app)
        assert screen.view.seat == d.player  # the player's own view: their own Castillo count
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)


async def test_hints_off_at_a_competitive_table() -> None:
    app = app_at(3, 8, _choosing_a_card, hints=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        assert game.check_action("hint", ()) is False  # not offered in the footer
        await press(pilot, "h")
        assert isinstance(app.screen, GameScreen)
        assert game.session.hints_used == [0, 0, 0]


def test_the_hint_count_is_saved_and_comes_back(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from el_grande.persist.autosave import attach_autosave, setups_of
    from el_grande.persist.store import load_save, record_of
    from el_grande.session import GameSession
    from el_grande.setup import GameSetup, default_seats

    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    session = GameSession.new(GameSetup(default_seats(["Ana", "Ben"]), seed=3))
    listener = attach_autosave(session)
    session.hint_used(1)
    session.apply(session.decision.choices[0])  # type: ignore[union-attr]
    save = load_save(listener.saver.path)  # type: ignore[union-attr]
    assert save.version >= 2 and save.hints and save.hints_used == [0, 1]
    again = GameSession.from_record(
        record_of(save), setups_of(save), hints=save.hints, hints_used=save.hints_used
    )
    assert again.hints_used == [0, 1]


async def test_hints_the_analysis_cannot_tell_apart_say_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three hints with the same expected margin (common when one Caballero of several is
    placed: the play-out places the rest alike) are marked as being as good as the first."""
    from el_grande.bots import hints as analysis

    def tied(view, decision, **kwargs):  # type: ignore[no-untyped-def]
        return [
            analysis.Hint(c, 1.5, -3.0, "bots.hint.outlook", {"margin": -3.0})
            for c in decision.choices[:3]
        ]

    monkeypatch.setattr(hint_screen, "analyse", tied)  # the hint screen's analysis
    app = app_at(3, 8, _choosing_a_card)
    async with app.run_test(size=(120, 40)) as pilot:  # all three hints in view
        await settle(pilot)
        await press(pilot, "h")
        await _hint_ready(pilot, app)
        await pilot.pause()  # the screen's layout after the hints came (no time passes)
        text = screen_text(app)
        assert text.count("as good as the first") == 2  # the second and the third


def _finished(kinds: list[str], hints: bool = True) -> GameSession:
    """A 6-round game played to its end (random legal choices), seats of the given kinds."""
    import random

    from el_grande.setup import COLOURS, GameSetup, SeatSetup

    names = ["Ana", "Ben", "Cy"][: len(kinds)]
    seats = tuple(SeatSetup(n, c, k) for n, c, k in zip(names, COLOURS, kinds, strict=False))
    session = GameSession.new(GameSetup(seats, seed=5, rounds=6, hints=hints))
    rng = random.Random(5)
    while (d := session.decision) is not None:
        session.apply(rng.choice(d.choices))
    return session


@pytest.mark.parametrize(
    ("kinds", "used", "hints", "expected", "absent"),
    [
        (["human", "human", "bot:greedy"], [2, 0, 0], True, "Hints used: Ana 2, Ben 0", "Cy"),
        (["human", "bot:random"], [0, 0], False, "Hints were off at this table.", "Hints used"),
        (["bot:random", "bot:greedy"], [0, 0], True, None, "Hints"),
    ],
)
async def test_game_over_counts_the_hints_of_the_people_at_the_table(
    kinds: list[str], used: list[int], hints: bool, expected: str | None, absent: str
) -> None:
    from el_grande.app.app import ElGrandeApp
    from el_grande.app.screens.game_over import GameOverScreen

    session = _finished(kinds, hints)
    session.hints_used = used
    app = ElGrandeApp(session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(20):  # the last scoring's display first, step by step
            if isinstance(app.screen, GameOverScreen):
                break
            await press(pilot, "enter")
        assert isinstance(app.screen, GameOverScreen)
        text = " ".join(screen_text(app).split())
        if expected is not None:
            assert expected in text
        hints_line = next((line for line in screen_text(app).splitlines() if "Hint" in line), "")
        assert absent not in hints_line


@pytest.mark.parametrize(
    ("margin", "words"),
    [
        (-1.04, "round's end: 1.0 behind the leader"),
        (2.55, "round's end: 2.5 ahead of everyone"),
        (0.04, "round's end: level with the leader"),
        (-0.04, "round's end: level with the leader"),
    ],
)
def test_a_hints_outlook_is_said_in_words_not_as_a_signed_margin(margin, words) -> None:  # type: ignore[no-untyped-def]
    assert hint_screen.outlook(margin) == words
