"""Confirm my turn in the app (app/screens/game_confirm.py, app/widgets/confirm.py): the bar
in the prompt's place, `t`, Enter after a quiet keyboard, `u`, a whole game, Korean, and a
resumed game that was left at the confirm step. The flow's own states are tests/flow."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from el_grande.app.app import ElGrandeApp
from el_grande.app.widgets.confirm import ConfirmBar
from el_grande.app.widgets.keybar import KeyBar
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.core import Choice
from el_grande.flow.clock import ManualClock
from el_grande.flow.handover import QUIET, TAKE_OVER
from el_grande.flow.scenes import Confirm
from el_grande.persist.autosave import attach_autosave
from el_grande.persist.store import load_game
from el_grande.settings import Loaded, Settings
from el_grande.text import use

from ..flow.table import held_at, turn_ends
from .helpers import (
    SIZE,
    game_screen,
    highlighted,
    press,
    screen_text,
    settle,
)
from .test_trust import key_at

ON = Loaded(Settings(confirm_turn=True), Path("settings.toml"))


def bar_text(app: ElGrandeApp) -> str:
    bar = app.screen.query_one(ConfirmBar)
    return str(bar.render()) if bar.display else ""


def status(app: ElGrandeApp) -> str:
    return str(app.screen.query_one("#status", Static).render())


async def highlight(pilot: Pilot[None], choice: Choice) -> None:
    """Move the prompt's highlight to `choice` with the arrow keys."""
    scr = game_screen(pilot.app)
    assert scr is not None and scr.decision is not None
    index = scr.decision.choices.index(choice)
    for _ in range(40):
        now = highlighted(scr)
        if now == index:
            return
        await press(pilot, "down" if (now or 0) < index else "up")
    raise AssertionError("the choice cannot be highlighted")


async def test_the_held_choice_shows_its_bar_t_ends_the_turn_and_u_takes_it_back() -> None:
    session, choice = held_at(turn_ends)
    app = ElGrandeApp(session=session, curtain_seed=0, settings=ON)
    async with app.run_test(size=SIZE) as pilot:
        await highlight(pilot, choice)
        moves, lines = len(session.game.history), len(session.log)
        await press(pilot, "enter")
        assert isinstance(app.table.scene, Confirm)  # type: ignore[union-attr]
        name = session.name(session.decision.player)  # type: ignore[union-attr]
        text = bar_text(app)
        assert f"{name}, end your turn?" in text and "Held: " in text
        assert "T end my turn · U take it back" in text
        await pilot.pause()  # (laid out again: the bar in the prompt's place)
        assert "end your turn?" in screen_text(app)
        assert "t Confirm" in str(app.screen.query_one(KeyBar).render())
        assert not app.screen.query_one(DecisionPrompt).display
        assert (len(session.game.history), len(session.log)) == (moves, lines)
        await press(pilot, "3")  # a key that would answer a prompt: says what the step wants
        assert "T plays it" in status(app) and session.held == choice

        await press(pilot, "u")  # taken back: the prompt, the highlight on the held choice
        scr = game_screen(app)
        assert scr is not None and not bar_text(app)
        assert scr.query_one(DecisionPrompt).display and session.held is None
        assert highlighted(scr) == scr.decision.choices.index(choice)  # type: ignore[union-attr]
        assert "t Confirm" not in str(app.screen.query_one(KeyBar).render())

        await press(pilot, "enter")  # held again
        assert session.held == choice
        await press(pilot, "t")
        assert session.held is None and session.game.history[-1] == str(choice)
        assert not bar_text(app) and len(session.game.history) == moves + 1


async def test_a_typed_ahead_enter_never_ends_the_turn() -> None:
    """With the real quiet time on a clock the test moves: Enter answers the last placement,
    the same hand's next Enter is refused with a sentence; after a quiet keyboard Enter ends
    the turn."""
    session, choice = held_at(turn_ends)
    clock = ManualClock()
    app = ElGrandeApp(
        session=session, curtain_seed=0, settings=ON, guard_seconds=QUIET,
        take_over_seconds=TAKE_OVER, clock=clock,
    )  # fmt: skip
    async with app.run_test(size=SIZE) as pilot:
        await press_nothing(pilot)
        clock.advance(QUIET + 0.1)  # (a game opened part-way: its first decision waits)
        await press_nothing(pilot)
        scr = game_screen(app)
        assert scr is not None and scr.decision is not None
        index = scr.decision.choices.index(choice)
        for _ in range(40):  # the highlight to the choice, keys stamped by the test's clock
            now = highlighted(scr) or 0
            if now == index:
                break
            clock.advance(0.2)
            key_at(app, "down" if now < index else "up", clock.now())
            await press_nothing(pilot)
        clock.advance(0.2)
        key_at(app, "enter", clock.now())
        await press_nothing(pilot)
        assert session.held == choice
        assert "once the keyboard has been quiet" in bar_text(app)
        clock.advance(0.3)
        key_at(app, "enter", clock.now())  # typed ahead
        await press_nothing(pilot)
        assert session.held == choice and "only after a moment of quiet" in status(app)
        clock.advance(QUIET + 0.1)
        await press_nothing(pilot)
        assert "Enter does it too." in bar_text(app)
        key_at(app, "enter", clock.now())
        await press_nothing(pilot)
        assert session.held is None and session.game.history[-1] == str(choice)


async def press_nothing(pilot: Pilot[None]) -> None:
    """Let the app handle what came (keys sent with `key_at`, the clock's calls)."""
    await settle(pilot)


async def test_the_confirm_step_in_korean() -> None:
    use("ko")
    session, choice = held_at(turn_ends)
    app = ElGrandeApp(session=session, curtain_seed=0, settings=ON)
    async with app.run_test(size=SIZE) as pilot:
        await highlight(pilot, choice)
        await press(pilot, "enter")
        text = bar_text(app)
        assert "차례를 끝낼까요?" in text and "보류한 선택:" in text and "되돌리기" in text
        for word in ("end", "turn", "Held", "take it back", "quiet"):
            assert word not in text
        assert "t 확정" in str(app.screen.query_one(KeyBar).render())


async def test_a_game_left_at_the_confirm_step_resumes_on_it() -> None:
    session, choice = held_at(turn_ends)
    listener = attach_autosave(session)  # (as the app attaches it to a new game)
    assert listener.saver is not None
    path = listener.saver.path
    app = ElGrandeApp(session=session, curtain_seed=0, settings=ON)
    async with app.run_test(size=SIZE) as pilot:
        await highlight(pilot, choice)
        await press(pilot, "enter")
    save, _game = load_game(path)  # as the app was left: at the confirm step
    assert save.held == str(choice)
    again = ElGrandeApp(saved=save, curtain_seed=0, settings=ON)
    async with again.run_test(size=SIZE) as pilot:
        await press_nothing(pilot)
        assert isinstance(again.table.scene, Confirm)  # type: ignore[union-attr]
        assert "Held: " in bar_text(again)
        await press(pilot, "t")
        assert again.table.session.game.history[-1] == str(choice)  # type: ignore[union-attr]
