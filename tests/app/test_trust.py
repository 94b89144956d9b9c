"""Trust at one keyboard: no key or click typed ahead answers another player's secret (the
curtain and the input guard), and a terminal too small to play pauses the game.

Nothing here sleeps: every key and click carries a time stamp the test sets (Textual stamps
its messages with the moment they arrive), and the guard's clock is the test's.
"""

from __future__ import annotations

import random

import pytest
from textual import events

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.curtain import CurtainScreen
from el_grande.app.screens.game import GameScreen
from el_grande.app.screens.help import HelpScreen
from el_grande.app.screens.scoring import ScoringScreen
from el_grande.app.screens.too_small import TooSmallScreen
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.flow.clock import ManualClock
from el_grande.flow.handover import LETTERS
from el_grande.session import GameSession
from el_grande.setup import GameSetup, default_seats

from .helpers import NAMES, SIZE, game_screen, screen_text, settle

QUIET, TAKE_OVER = 1.2, 2.4
SECRET_CARDS = {"eviction", "province_two_by_disk", "province_all_by_disk", "score_by_disk"}


def secret_position(purpose: str, castillo: str = "hidden") -> GameSession:
    """A 3-player session at the first secret decision of `purpose` that at least two players
    still have to answer (the first of them answers, the next must not be answered for)."""
    for seed in range(400):
        setup = GameSetup(default_seats(NAMES[:3]), seed=seed, castillo=castillo)
        session = GameSession.new(setup)
        game, rng = session.game, random.Random(seed)
        while (d := game.decision) is not None:
            if d.secret and d.context["purpose"] == purpose and len(game._stack[-1][2]) >= 2:
                return session
            pick = next((c for c in d.choices if c.verb == "card" and c.arg in SECRET_CARDS), None)
            pick = pick or next((c for c in d.choices if c.verb == "special"), None)
            session.apply(pick or rng.choice(d.choices))
    raise AssertionError(f"no game reaches a shared {purpose} step")


def trusting_app(session: GameSession) -> tuple[ElGrandeApp, ManualClock]:
    """The app with the real quiet times on a clock the test moves (events carry the test's
    time stamps: Textual stamps its messages, the test sets them)."""
    clock = ManualClock()
    app = ElGrandeApp(
        session=session,
        guard_seconds=QUIET,
        take_over_seconds=TAKE_OVER,
        curtain_seed=3,
        clock=clock,
    )
    return app, clock


def key_at(app: ElGrandeApp, key: str, stamp: float) -> None:
    """A key arriving at `stamp`, as the terminal driver delivers it."""
    char = key if len(key) == 1 else {"enter": "\r", "space": " "}.get(key)
    ev = events.Key(key, char)
    ev.time = stamp
    app._driver.send_message(ev)  # type: ignore[union-attr]


def click_at(app: ElGrandeApp, x: int, y: int, stamp: float) -> None:
    """A mouse click (down and up) arriving at `stamp`, as the terminal driver delivers it."""
    for cls in (events.MouseDown, events.MouseUp):
        ev = cls(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y)
        ev.time = stamp
        app._driver.send_message(ev)  # type: ignore[union-attr]


#: Gaps between the inputs of a hand typing ahead: 10 ms up to 2 s.
PACES = (0.01, 0.01, 0.05, 0.1, 0.2, 0.4, 0.5, 0.8, 1.0, 1.0, 2.0, 2.0, 2.0)


def stream_key(app: ElGrandeApp, i: int) -> str:
    """The i-th key of a hostile stream: Enter, space, arrows, digits, letters — and every
    third key the letter on the curtain now on screen (the worst a hand can type)."""
    scr = app.screen
    if i % 3 == 2 and isinstance(scr, CurtainScreen) and scr.letter is not None:
        return scr.letter.lower()
    return ("enter", "space", "down", "1", "0", "a", "k", "enter", "up", "z")[i % 10]


def curtain(app: ElGrandeApp) -> CurtainScreen:
    scr = app.screen
    assert isinstance(scr, CurtainScreen), f"expected a curtain, got {scr!r}"
    return scr


async def take_over(app: ElGrandeApp, pilot, clock: ManualClock) -> None:  # type: ignore[no-untyped-def]
    """The next player waits for a quiet keyboard and types the take-over's letter."""
    letter = curtain(app).letter
    assert letter is not None and letter in LETTERS
    clock.advance(TAKE_OVER + 0.5)
    key_at(app, letter.lower(), clock.now())
    await settle(pilot)


async def lower_own_curtain(app: ElGrandeApp, pilot, clock: ManualClock) -> GameScreen:  # type: ignore[no-untyped-def]
    await take_over(app, pilot, clock)
    scr = game_screen(app)
    assert scr is not None and scr.decision is not None and scr.decision.secret
    return scr


@pytest.mark.parametrize("by", ["keys", "clicks"])
@pytest.mark.parametrize(
    "purpose", ["castillo", "eviction", "province_two_by_disk", "score_by_disk"]
)
async def test_typing_ahead_never_answers_the_next_players_secret(purpose: str, by: str) -> None:
    """The owner answers; the same hand goes on pressing keys — the next curtain's own letter
    among them — or clicking, at paces from 10 ms to 2 s: only the owner's answer is
    recorded, the next curtain stays up and the next player's prompt never shows."""
    session = secret_position(purpose)
    app, clock = trusting_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        first = curtain(app)
        assert first.letter is not None  # a secret is behind it
        scr = await lower_own_curtain(app, pilot, clock)
        owner = scr.decision.player  # type: ignore[union-attr]
        before = len(session.game.history)
        options = scr.query_one(DecisionPrompt).options
        line = 0
        if by == "keys":
            clock.advance(0.5)
            key_at(app, "down", clock.now())
            clock.advance(0.1)
            key_at(app, "enter", clock.now())  # the owner's answer
        else:
            await pilot.pause()  # laid out as the player sees it
            line = options.region.y + 1  # the second choice (no border, no padding)
            clock.advance(0.5)
            click_at(app, options.region.x + 2, line, clock.now())  # the owner's answer
        await settle(pilot)
        # The same hand goes on: keys typed ahead, or clicks on the same spot, then on the
        # next curtain's Continue button.
        for i, pace in enumerate(PACES * 2):
            clock.advance(pace)
            if by == "keys":
                key_at(app, stream_key(app, i), clock.now())
            else:
                up = app.screen
                target = (
                    up.query_one("#curtain-continue") if isinstance(up, CurtainScreen) else None
                )
                x, y = (
                    (target.region.x + 2, target.region.y + 1)
                    if target
                    else (options.region.x + 2, line)
                )
                click_at(app, x, y, clock.now())
            await settle(pilot)
        game = session.game
        assert len(game.history) == before + 1, "a secret was answered for someone else"
        assert game.snapshot()["secrets"][-1][0] == owner
        nxt = game.decision
        assert nxt is not None and nxt.secret and nxt.player != owner
        up = curtain(app)  # the next player's curtain is still up
        assert up.letter is not None and not up.banner
        text = screen_text(app)
        assert session.name(nxt.player) in text  # "Pass the keyboard to …"
        for choice in nxt.choices:  # nothing of the next player's prompt shows through
            assert str(choice) not in text
        # The next player, after a quiet moment, takes over with the letter.
        await lower_own_curtain(app, pilot, clock)
        assert game.decision == nxt


async def test_only_the_letter_after_a_quiet_keyboard_lowers_a_curtain() -> None:
    """Enter, space, arrows, digits and other letters never lower a curtain with a secret
    behind it (it says which key does); its letter does only once the keyboard has been quiet
    for the take-over time (any key restarts the wait; the curtain says when the letter
    counts), in either case or as the Hangul jamo of the same key; so does a click on
    Continue once it is armed."""
    session = secret_position("castillo")
    app, clock = trusting_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        up = curtain(app)
        letter = up.letter
        assert letter is not None
        text = screen_text(app)
        assert f" {letter} " in text and "Continue" in text
        for key in ("enter", "space", "down", "up", "1", "9", "0", "a", "e", "u", "p"):
            clock.advance(TAKE_OVER + 0.1)  # each after a quiet moment: still not the letter
            key_at(app, key, clock.now())
        await settle(pilot)
        assert app.screen is up
        assert "Not that key" in screen_text(app) and f"press {letter}" in screen_text(app)
        # The right letter too soon after a key does nothing (and restarts the wait).
        clock.advance(TAKE_OVER - 0.2)
        assert "Waiting for a quiet keyboard" in " ".join(screen_text(app).split())
        key_at(app, letter.lower(), clock.now())
        await settle(pilot)
        assert app.screen is up
        clock.advance(TAKE_OVER - 0.1)
        await settle(pilot)
        assert not up.ready
        clock.advance(0.2)  # quiet for the whole take-over time: the curtain says so
        await settle(pilot)
        assert up.ready and "Ready: press" in " ".join(screen_text(app).split())
        button = up.query_one("#curtain-continue")
        assert not button.disabled
        x, y = button.region.x + 2, button.region.y + 1
        click_at(app, x, y, clock.now())
        await settle(pilot)
        scr = game_screen(app)
        assert scr is not None and scr.decision is not None and scr.decision.secret
    from el_grande.flow.handover import JAMO, letter_matches

    assert letter_matches(letter, letter.lower()) and letter_matches(letter, letter)
    assert not letter_matches(letter, "\r") and not letter_matches(letter, " ")
    assert letter_matches(letter, JAMO[letter])


async def test_the_curtain_after_the_last_secret_needs_a_quiet_keyboard() -> None:
    """After the last secret of a step nothing is secret behind the curtain: Enter lowers it,
    but only after a quiet moment (a double tap on the answer, or Enter pressed on and on,
    would otherwise skip it)."""
    session = secret_position("castillo")
    game = session.game
    while len(game._stack[-1][2]) > 1:  # the app opens at the last secret of the step
        session.apply(game.decision.choices[0])  # type: ignore[union-attr]
    app, clock = trusting_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await lower_own_curtain(app, pilot, clock)
        clock.advance(0.5)
        key_at(app, "enter", clock.now())  # the last answer
        for _ in range(5):  # Enter pressed on, every second
            clock.advance(1.0)
            key_at(app, "enter", clock.now())
        await settle(pilot)
        after = curtain(app)
        assert after.letter is None
        assert "All secret choices are made" in screen_text(app)
        clock.advance(QUIET + 0.05)
        key_at(app, "enter", clock.now())
        await settle(pilot)
        assert app.screen is not after


@pytest.mark.parametrize("pace", [1.0, 1.5, 2.0])
async def test_enter_after_the_last_secret_never_plays_the_next_players_cards(pace: float) -> None:
    """The table's worst case: 3 players at a general scoring's disks; the last of them
    answers, then presses Enter on and on. Faster than the quiet time the Enters do not even
    lift the plain curtain; slower, they lift it and step through the scoring — but the next
    player's power card waits for their take-over: the save gains no decision of another
    player, and the next player takes over with their letter."""

    def at_general_disks(session: GameSession) -> bool:
        d = session.decision
        return d is not None and d.secret and d.context.get("purpose") == "castillo"

    from .helpers import session_at

    session = session_at(3, 7, at_general_disks)
    game = session.game
    while len(game._stack[-1][2]) > 1:
        session.apply(game.decision.choices[0])  # type: ignore[union-attr]
    app, clock = trusting_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        scr = await lower_own_curtain(app, pilot, clock)
        owner = scr.decision.player  # type: ignore[union-attr]
        before = len(game.history)
        clock.advance(0.5)
        key_at(app, "enter", clock.now())
        for _ in range(40):
            clock.advance(pace)
            key_at(app, "enter", clock.now())
            await settle(pilot)
        assert len(game.history) == before + 1
        d = game.decision
        assert d is not None and not d.secret and d.player != owner
        up = curtain(app)
        if pace < QUIET:
            assert up.letter is None  # "All secret choices are made" holds
            clock.advance(QUIET + 0.1)
            key_at(app, "enter", clock.now())
            await settle(pilot)
            while isinstance(app.screen, ScoringScreen):  # Enter steps the display at once
                clock.advance(0.3)
                key_at(app, "enter", clock.now())
                await settle(pilot)
            up = curtain(app)
        assert up.banner and up.letter is not None  # the next player's take-over, board visible
        assert "take the keyboard" in screen_text(app)
        assert len(game.history) == before + 1
        await take_over(app, pilot, clock)
        assert game_screen(app) is not None


async def test_an_ordinary_change_of_player_waits_for_a_quiet_moment() -> None:
    """Ana plays her power card; keys pressed on within the quiet time act on nothing (the
    status line says why), and Ben's keys act once the keyboard has been quiet."""
    session = GameSession.new(GameSetup(default_seats(NAMES[:3]), seed=7))
    app, clock = trusting_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        first = session.decision
        assert first is not None
        key_at(app, "enter", clock.now())  # Ana plays her first power card
        await settle(pilot)
        assert len(session.game.history) == 1
        nxt = session.decision
        assert nxt is not None and nxt.player != first.player
        for _ in range(6):
            clock.advance(0.6)
            key_at(app, "enter", clock.now())
            await settle(pilot)
        assert len(session.game.history) == 1, "Ana's Enter played Ben's card"
        assert "keys count after" in screen_text(app)
        clock.advance(QUIET + 0.1)
        key_at(app, "enter", clock.now())
        await settle(pilot)
        assert len(session.game.history) == 2


async def test_a_terminal_too_small_pauses_the_game_until_it_grows() -> None:
    """At 80×24 the size message shows and no key or click acts on the game (help and quit
    excepted); back at 100×30 the game continues exactly where it was."""
    setup = GameSetup(default_seats(NAMES[:3]), seed=7)
    app = ElGrandeApp(setup=setup)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        text = screen_text(app)
        assert "80×24" in text and "100×30" in text and "paused" in text
        assert "The game is saved." in " ".join(text.split())
        scr = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        d = scr.decision
        for key in ("enter", "down", "enter", "1", "a", "space", "u", "s", "p", "f"):
            await pilot.press(key)
        await pilot.click(offset=(40, 12))
        await settle(pilot)
        assert scr.session.game.history == ()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("question_mark")  # help still opens
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert game_screen(app) is scr and scr.decision == d
        await pilot.press("enter")
        await settle(pilot)
        assert len(scr.session.game.history) == 1
        # Shrinking again in the middle of the game pauses it again.
        await pilot.resize_terminal(99, 30)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert len(scr.session.game.history) == 1


# --- names are text ------------------------------------------------------------------------

HOSTILE = ["[/]", "[red]X[/]", "김민준"]


async def test_hostile_names_through_a_whole_bot_game() -> None:
    """Names that look like markup, and Hangul, in a game of computer players opened for its
    last round (its log, every line of the game's, rebuilt) and played by them to the end:
    nothing crashes, every name shows literally (never as markup), and the players' columns
    line up in terminal cells. (Computer players' games in the app: tests/app/test_memory.py,
    two in one app, and test_bots_in_app.py; from their first move: the stress run's.)"""
    from el_grande.app.screens.game_over import GameOverScreen
    from el_grande.setup import SeatSetup

    from .helpers import next_key, press

    seats = tuple(
        SeatSetup(n, c, "bot:random") for n, c in zip(HOSTILE, ("yellow", "red", "green"))
    )
    session = GameSession.new(GameSetup(seats, seed=4, rounds=6))
    rng = random.Random(4)
    while session.game.round < 9:
        session.apply(rng.choice(session.decision.choices))  # type: ignore[union-attr]
    app = ElGrandeApp(session=session, bot_delay=0, curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        checked = False
        for _ in range(5000):
            if isinstance(app.screen, GameOverScreen):
                break
            scr = app.screen
            game = next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)
            if game is not None and not checked and len(game.session.game.history) > 30:
                # (under whatever is on top: a busy machine's bots may be done before a
                # computer player's turn is seen, and then a display is up)
                await settle(pilot)
                _names_line_up(app)
                checked = True
            if isinstance(scr, GameScreen) and scr.bot_playing:
                for worker in app.bot_workers:
                    await worker.wait()
                await settle(pilot)
                continue
            await press(pilot, next_key(app))  # scoring displays
        assert isinstance(app.screen, GameOverScreen)
        text = screen_text(app)
        for name in HOSTILE:
            assert name in text, name
        log = "\n".join(line.text for line in app.screen.session.log)
        assert "[red]X[/] plays power card" in log
    assert checked


def _names_line_up(app: ElGrandeApp) -> None:
    """In the players panel every row's columns start in the same terminal cell: each name
    (cut to the column, by cells) takes exactly the column's width."""
    from rich.cells import cell_len

    from el_grande.app.widgets.players import PlayersPanel

    game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    panel = game.query_one(PlayersPanel)
    rows = panel.render().plain.splitlines()[1:]
    assert len(rows) == len(HOSTILE)
    import re

    # The score (right-aligned) ends in the same cell on every row, whatever the name's width,
    # and so do the power cards.
    scores = {cell_len(row[: re.search(r"\(b\) +\d+", row).end()]) for row in rows}  # type: ignore[union-attr]
    hands = {cell_len(row[: row.rindex(" 13")]) for row in rows}
    assert len(scores) == 1 and len(hands) == 1, rows


# --- saves you can count on ----------------------------------------------------------------


async def test_a_failing_autosave_is_shown_until_a_save_works_and_repeated_on_exit(
    tmp_path,
    monkeypatch,
    capsys,  # type: ignore[no-untyped-def]
) -> None:
    """The data folder is a file: the game screen says so at once, in a banner that stays
    while saves fail, goes when one works, and the failure is repeated when the app ends."""
    from el_grande.persist.autosave import attach_autosave
    from el_grande.persist.store import load_save

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the data folder should be")
    monkeypatch.setenv("EL_GRANDE_HOME", str(blocker))
    session = GameSession.new(GameSetup(default_seats(NAMES[:3]), seed=4))
    listener = attach_autosave(session)
    assert listener.problem is not None
    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        scr = game_screen(app)
        assert scr is not None
        banner = scr.query_one("#save-problem")
        assert banner.display and "Autosave failed" in screen_text(app)
        assert str(blocker) in screen_text(app).replace("\n", "")
        await pilot.press("enter")  # a decision: still failing, still shown
        await settle(pilot)
        assert banner.display and len(session.game.history) == 1
        # The disk comes back: the next save works and the banner goes.
        good = tmp_path / "ok"
        assert listener.saver is not None
        listener.saver.path = good / "saves" / listener.saver.path.name
        await pilot.press("enter")
        await settle(pilot)
        assert listener.problem is None, listener.problem
        assert not banner.display and "Autosave failed" not in screen_text(app)
        assert load_save(listener.saver.path).choices == list(session.game.history)
        # And fails again before the end.
        listener.saver.path = blocker / "saves" / "x.json"
        await pilot.press("enter")
        await settle(pilot)
        assert banner.display
        # Too small now: the pause never says the game is saved; it says why it is not.
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        paused = " ".join(screen_text(app).split())
        assert "paused" in paused and "is saved" not in paused
        assert "Autosave failed" in paused
    assert app.exit_report() == 1
    err = capsys.readouterr().err
    assert err.startswith("el-grande: When the game closed: Autosave failed: cannot write")


async def test_a_name_from_an_old_save_file_is_text_even_when_it_looks_like_a_click() -> None:
    """A 0.1.0 save may hold a 40-character name like `[@click=app.quit]Q[/]`: it loads, it
    is shown literally (shortened by cells where the column is narrow), and clicking it on
    the curtain quits nothing."""
    from el_grande.persist.autosave import setups_of
    from el_grande.persist.model import Seat
    from el_grande.persist.store import record_of, save_from_game

    names = ["[@click=app.quit]Q[/]", "Ben", "Cy"]
    session = GameSession.new(GameSetup(default_seats(["Ann", "Ben", "Cy"]), seed=25))
    game = session.game
    save = save_from_game(game, seats=[Seat(name=n) for n in names])
    legacy = GameSession.from_record(record_of(save), setups_of(save))
    # Play until that player's secret: their name is on the curtain.
    while not (
        legacy.decision is not None and legacy.decision.secret and legacy.decision.player == 0
    ):
        d = legacy.decision
        assert d is not None
        legacy.apply(d.choices[(legacy.current.moves * 7 + 3) % len(d.choices)])
    app = ElGrandeApp(session=legacy, curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        up = curtain(app)
        assert names[0] in screen_text(app)  # literally, not as a link
        await pilot.click("#curtain-headline")
        await pilot.click("#curtain-detail")
        await settle(pilot)
        assert app.is_running and app.screen is up
