"""Issue 33 items 5–7 on screen: a key dropped by a quiet wait says so, the game-over pages
and rematch, the key bar and the cards in Korean at 100×30."""

from __future__ import annotations

from rich.console import Console
from textual.widgets import TabbedContent

from el_grande.app.screens.game import GameScreen
from el_grande.app.screens.game_over import GameOverScreen, bonus_marks, place_table
from el_grande.app.screens.new_game import NewGameScreen
from el_grande.core import AwardReason
from el_grande.epilogue import Epilogue
from el_grande.flow.handover import QUIET
from el_grande.session import GameSession
from el_grande.setup import GameSetup, SeatSetup, default_seats

from .helpers import NAMES, press, screen_text, settle
from .test_trust import key_at, trusting_app


async def test_a_key_dropped_by_a_quiet_wait_says_so() -> None:
    """Ana plays; Ben's prompt waits for quiet and says so; a key typed on within the quiet
    time is dropped and the status line says that key did not count (it used to repeat the
    quiet sentence, already there: no feedback of its own)."""
    session = GameSession.new(GameSetup(default_seats(NAMES[:3]), seed=7))
    app, clock = trusting_app(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        key_at(app, "enter", clock.now())  # Ana plays her first power card
        await settle(pilot)
        assert len(session.game.history) == 1
        assert "That key did not count" not in " ".join(screen_text(app).split())
        clock.advance(0.1)
        key_at(app, "down", clock.now())  # too soon: dropped
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "That key did not count" in text and f"({session.name(session.decision.player)}'s turn)" in text  # type: ignore[union-attr]
        assert len(session.game.history) == 1
        clock.advance(QUIET + 0.1)
        await settle(pilot)  # quiet now: the line no longer says so
        assert "That key did not count" not in " ".join(screen_text(app).split())
        assert isinstance(app.screen, GameScreen)


# --- game over (item 6) -------------------------------------------------------------------


def finished(**options: object) -> GameSession:
    seats = (
        SeatSetup("Ana", "yellow"),
        SeatSetup("Ben", "red", "bot:greedy"),
        SeatSetup("Cy", "green", "bot:random"),
    )
    session = GameSession.new(GameSetup(seats, seed=14, **options))  # type: ignore[arg-type]
    while (d := session.decision) is not None:
        session.apply(d.choices[(len(session.game.history) * 7 + 3) % len(d.choices)])
    return session


def test_the_last_scoring_marks_the_bonuses_as_the_sheet_does() -> None:
    """Issue 33, item 6: a +2 King's bonus is ♔ and a home bonus ⌂ beside the points, in the
    cell of the player who scored it (the sheet's marks); no mark without the bonus."""
    session = finished()
    last = Epilogue.of(session.game.record()).last_general
    assert last is not None
    seen = {AwardReason.KING_BONUS: 0, AwardReason.HOME_BONUS: 0}
    for place in last.places:
        for seat in range(3):
            reasons = {a.reason for a in place.awards if a.seat == seat}
            marks = bonus_marks(place, seat)
            assert ("♔" in marks) == (AwardReason.KING_BONUS in reasons)
            assert ("⌂" in marks) == (AwardReason.HOME_BONUS in reasons)
            for reason in seen:
                seen[reason] += reason in reasons
    assert all(seen.values()), seen  # the game scored both kinds of bonus
    table = Console(width=200, record=True, color_system=None)
    table.print(place_table(last, session.seating))
    rows = table.export_text()
    assert "♔" in rows and "⌂" in rows


async def test_left_and_right_reach_every_page_and_m_is_a_rematch() -> None:
    """The guided game's *What you learned* page is among the pages ←/→ go round (it was
    never reached); `m` starts the same table again (same players, colours, kinds, options
    and hints, a new seed); `n` opens the form filled in with that table."""
    from el_grande.app.app import ElGrandeApp
    from el_grande.flow.lessons import LEARN

    session = finished(rounds=6, veto=False, castillo="hidden", hints=False)
    session.coach = LEARN
    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.push_screen(GameOverScreen(session))
        await settle(pilot)
        tabs = app.screen.query_one(TabbedContent)
        pages = [tabs.active]
        for _ in range(6):
            await press(pilot, "right")
            pages.append(tabs.active)
        # The guided game's game over opens on what it taught; → goes round every page.
        assert pages == ["lessons", "board", "scoring", "chart", "players", "result", "lessons"]
        await press(pilot, "left")
        assert tabs.active == "result"
        await press(pilot, "n")  # the form, filled in
        form = app.screen
        assert isinstance(form, NewGameScreen)
        result = form.build_setup()
        assert isinstance(result, GameSetup)
        assert result.seats == tuple(SeatSetup(s.name, s.colour, s.kind) for s in session.seats)
        assert (result.rounds, result.veto, result.castillo, result.hints) == (
            6,
            False,
            "hidden",
            False,
        )
        assert result.seed is None  # a new seed unless the player types one
    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.push_screen(GameOverScreen(session))
        await settle(pilot)
        await press(pilot, "m")
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        again = screen.session
        assert again is not session and not again.game.over
        assert [(s.name, s.colour, s.kind) for s in again.seats] == [
            (s.name, s.colour, s.kind) for s in session.seats
        ]
        options = again.game.options
        assert (options.rounds, options.veto, str(options.castillo)) == (6, False, "hidden")
        assert again.hints is False and again.game.seed != session.game.seed
