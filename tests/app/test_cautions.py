"""Warnings in the app (issue 20 item 4): a marked choice reads "⚠ …" in the list (why, on the
status line while it is highlighted) and still plays with Enter; none with the warnings setting
off."""

from __future__ import annotations

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.game import GameScreen
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.core import DecisionKind
from el_grande.session import GameSession

from .helpers import SIZE, press, screen_text, session_at, settle


def at_court(s: GameSession) -> bool:
    d = s.decision
    return d is not None and d.kind == DecisionKind.COURT and len(d.choices) > 2


async def test_a_warned_choice_still_plays_with_enter() -> None:
    session = session_at(3, 7, at_court)
    d = session.decision
    assert d is not None
    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        scr = app.screen
        assert isinstance(scr, GameScreen)
        assert "⚠ Bring 0" in screen_text(app)  # the mark, on the choice's own line
        options = scr.query_one(DecisionPrompt).options
        options.highlighted = 0  # "bring 0": marked
        await settle(pilot)
        # Why, in words, on the status line while the marked choice is highlighted.
        assert "⚠ Bring 0" in str(scr.query_one("#status").render())
        assert "your province has more" in str(scr.query_one("#status").render())
        await press(pilot, "enter")
        await settle(pilot)
        assert session.decision is not d and session.game.history[-1] == str(d.choices[0])


async def test_no_warnings_with_the_setting_off() -> None:
    from el_grande.settings.values import Settings

    session = session_at(3, 7, at_court)
    app = ElGrandeApp(session=session, curtain_seed=0)
    app.settings = Settings(warnings=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "⚠" not in screen_text(app)
