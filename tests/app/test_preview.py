"""`p`: points per player if a general scoring happened now (issue 3)."""

from __future__ import annotations

from el_grande.app.screens.scoring import PreviewScreen
from el_grande.core import preview_general_scoring

from .helpers import SIZE, app_at, screen_text, settle


def _mid_round_two(session) -> bool:  # type: ignore[no-untyped-def]
    return session.game.view(None).round == 2 and session.decision.kind == "action_card"


async def test_p_shows_the_points_a_general_scoring_would_give_now() -> None:
    app = app_at(3, 5, _mid_round_two)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert isinstance(app.screen, PreviewScreen)
        session = app.screen.session
        expected = preview_general_scoring(session.game.view(None))
        assert any(expected)  # a position where the preview says something
        lines = screen_text(app).splitlines()
        for seat, gain in enumerate(expected):
            row = next(line for line in lines if f" {session.name(seat)} " in line)
            now = session.game.score[seat]
            # columns: now, would gain, total after
            assert f"{now}" in row and f"{gain}" in row and f"{now + gain}" in row, row
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, PreviewScreen)
