"""The seat menu in the app (`r`): a seat given to a computer player mid-game and taken back,
the players' panel marking who is a computer player, refused behind a secret, in both
languages; the autosave keeps who played which decisions."""

from __future__ import annotations

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.game import GameScreen
from el_grande.app.screens.seat_menu import SeatMenu
from el_grande.app.widgets.players import PlayersPanel
from el_grande.flow.scenes import BotTurn
from el_grande.persist import load_save
from el_grande.persist.autosave import attach_autosave
from el_grande.text import t

from .helpers import SIZE, next_key, press, screen_text, session_at, settle
from .test_bots_in_app import wait_for


async def choose(pilot, seat: int, kind_row: int) -> None:  # type: ignore[no-untyped-def]
    """r, the seat's row (from the one the menu opens on), Enter, the kind's row (0 a person,
    then the levels), Enter."""
    await press(pilot, "r")
    menu = pilot.app.screen
    assert isinstance(menu, SeatMenu)
    for _ in range(abs(seat - menu.start)):
        await press(pilot, "down" if seat > menu.start else "up")
    await press(pilot, "enter")
    menu = pilot.app.screen
    assert isinstance(menu, SeatMenu) and menu.seat == seat
    kinds = menu.query_one("#seats-kinds")
    kinds.highlighted = kind_row  # type: ignore[attr-defined]
    await press(pilot, "enter")
    await settle(pilot)


async def test_a_seat_goes_to_a_computer_player_and_comes_back() -> None:
    session = session_at(3, 7, lambda s: len(s.game.history) >= 6)
    listener = attach_autosave(session)
    app = ElGrandeApp(session=session, curtain_seed=0, bot_delay=0.0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.waiting_for_choice
        at = session.decision.player  # type: ignore[union-attr]
        moves = len(session.game.history)
        await press(pilot, "r")
        menu = app.screen
        assert isinstance(menu, SeatMenu)
        text = screen_text(app)
        assert t("seats.title") in text and "Ana: a person" in text and "Cy: a person" in text
        await press(pilot, "escape")  # closed: nothing changed
        assert app.screen is screen and session.kind(at) == "human"
        await choose(pilot, at, 2)  # the Medium player takes the seat whose decision is open
        assert session.kind(at) == "bot:greedy"
        panel = screen.query_one(PlayersPanel)
        assert panel.seating is session.seating and "(b)" in panel.name_text(at, 12)
        await wait_for(pilot, lambda: len(session.game.history) > moves)  # it played at once
        # Back to the person, at a moment the game screen takes keys.
        await wait_for(pilot, lambda: screen.flow.why_no_seats() is None and app.screen is screen)
        await choose(pilot, at, 0)
        back = len(session.game.history)
        assert session.kind(at) == "human" and "(b)" not in panel.name_text(at, 12)
        assert session.hands(at) == ((0, "human"), (moves, "bot:greedy"), (back, "human"))
        assert not isinstance(screen.flow.scene, BotTurn) or screen.flow.scene.seat != at
    saved = load_save(listener.saver.path)
    assert saved.seat_hands[at] == session.hands(at)


async def test_the_seat_menu_is_refused_behind_a_secret_in_a_sentence() -> None:
    def first_disk(s):  # type: ignore[no-untyped-def]
        return s.decision is not None and s.decision.kind == "disk"

    session = session_at(3, 7, first_disk)
    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, next_key(app))  # the curtain's letter: the secret prompt opens
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.waiting_for_choice
        assert session.decision is not None and session.decision.secret
        await press(pilot, "r")
        assert app.screen is screen  # no menu over a secret prompt
        assert t("seats.not_secret") in screen_text(app)
        assert all(session.kind(s) == "human" for s in range(3))


async def test_the_seat_menu_in_korean() -> None:
    from el_grande.text import use

    use("ko")
    session = session_at(3, 7, lambda s: len(s.game.history) >= 6, names=["민준", "서연", "지훈"])
    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "r")
        assert isinstance(app.screen, SeatMenu)
        text = screen_text(app)
        assert "자리마다 누가 두는지" in text and "민준: 사람" in text
        await press(pilot, "enter")
        await pilot.pause()  # the lists swap places: a new layout
        text = screen_text(app)
        assert "컴퓨터: 어려움" in text, text
