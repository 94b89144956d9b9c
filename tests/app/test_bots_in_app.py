"""Computer players in the app (issue 5): seat kinds in the form and on the command line, bot
turns off the UI thread at a pace with a skip key, bots' secrets hidden like anyone's, saves
that remember who is a bot, and undo that never takes back a bot's choice."""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.worker import WorkerCancelled, WorkerFailed

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.curtain import CurtainScreen
from el_grande.app.screens.game import GameScreen
from el_grande.app.screens.game_over import GameOverScreen
from el_grande.app.screens.new_game import NewGameScreen
from el_grande.app.screens.title import TitleScreen
from el_grande.app.shown import place_of
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.cli import build_parser, parse_bots, setup_from_args
from el_grande.core import REGIONS, Game
from el_grande.flow.players import ComputerPlayers
from el_grande.session import GameSession
from el_grande.setup import GameSetup, SeatSetup, bot_level
from el_grande.text import region

from .helpers import (
    SIZE,
    game_screen,
    next_key,
    pick_first,
    pick_varied,
    press,
    screen_text,
    settle,
)


def bot_setup(kinds: list[str], seed: int = 7, **options: object) -> GameSetup:
    names = ["Ana", "Ben", "Cy", "Dee", "Eve"][: len(kinds)]
    colours = ["yellow", "red", "green", "blue", "purple"]
    seats = tuple(SeatSetup(n, colours[i], k) for i, (n, k) in enumerate(zip(names, kinds)))
    return GameSetup(seats, seed=seed, **options)  # type: ignore[arg-type]


def active_game_screen(app: ElGrandeApp) -> GameScreen | None:
    return next((s for s in reversed(app.screen_stack) if isinstance(s, GameScreen)), None)


async def bot_done(pilot: Pilot[None]) -> None:
    """Wait for the app's own signal that the bot's thread has answered (its worker finished),
    then until the app has handled that answer. No clock is involved."""
    for worker in pilot.app.bot_workers:  # type: ignore[attr-defined]
        with contextlib.suppress(WorkerFailed, WorkerCancelled):
            await worker.wait()
    await settle(pilot)
    await asyncio.sleep(0)  # let the app's loop run a timer or a call_later


async def wait_for(pilot: Pilot[None], cond, steps: int = 2000) -> None:  # type: ignore[no-untyped-def]
    """Let the app (and the bots' worker threads) run until `cond()` holds, waiting on the
    bots' workers and the app's message queues (never on a wall-clock window)."""
    for _ in range(steps):
        if cond():
            return
        await bot_done(pilot)
    raise AssertionError("the app never got there")


async def play_with_bots(
    pilot: Pilot[None], pick=pick_first, check=None, max_steps=20000, until=None
) -> None:  # type: ignore[no-untyped-def]
    """Play to the game-over screen (or until `until(app)`): the human answers by keys, bots
    play by themselves, the curtain's letter or Enter moves on. `check(app)` runs at every
    step."""
    app = pilot.app
    for _ in range(max_steps):
        if check is not None:
            check(app)
        if isinstance(app.screen, GameOverScreen) or (until is not None and until(app)):
            return
        scr = game_screen(app)
        if scr is not None:
            d = scr.decision
            assert d is not None and scr.session.bot_level(d.player) is None
            await pick(pilot, scr, d)
            continue
        if isinstance(app.screen, GameScreen) and app.screen.bot_playing:
            await bot_done(pilot)  # the bot thinks in a thread: no key needed
            continue
        await press(pilot, next_key(app))  # a curtain or a scoring display
    raise AssertionError("the game did not end")


# --- a whole game from the new-game form --------------------------------------------------


async def _start_with_two_bots(pilot, six_rounds: bool = False) -> None:  # type: ignore[no-untyped-def]
    """In the new-game form, by keys: Ben a computer (random), Cy a computer (greedy), 6
    rounds if asked, seed 5; then start (ctrl+s)."""
    from .test_play import tab_to

    async def keys(*names: str) -> None:
        for name in names:
            await press(pilot, name)

    await tab_to(pilot, "kind-1")
    await keys("enter", "down", "enter")  # computer: random
    await tab_to(pilot, "kind-2")
    await keys("enter", "down", "down", "enter")  # computer: greedy
    if six_rounds:
        await tab_to(pilot, "rounds")
        await keys("enter", "down", "enter")
    await tab_to(pilot, "seed")
    await keys("5", "ctrl+s")
    await pilot.pause()


async def test_bots_seated_from_the_form_play_by_themselves() -> None:
    """Title -> form (Ben: computer random, Cy: computer greedy, seed 5, by keys) -> the
    game: the bots are seated and play their power cards by themselves until the human's
    turn (the whole game from the form is in the stress run)."""
    app = ElGrandeApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "enter")  # "New game"
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await _start_with_two_bots(pilot)
        scr = active_game_screen(app)
        assert scr is not None
        session = scr.session
        assert [s.kind for s in session.seats] == ["human", "bot:random", "bot:greedy"]
        for _ in range(3):  # three rounds' worth of the human's decisions
            await wait_for(pilot, lambda: game_screen(app) is not None)
            await press(pilot, "enter")
        bots_played = [line.text for line in session.log if line.text.startswith(("Ben ", "Cy "))]
        assert any("plays power card" in line for line in bots_played)


@pytest.mark.stress  # the bots' whole-game code path is covered by the secrets test below
async def test_one_human_two_bots_from_the_form_to_game_over() -> None:
    """Title -> form (Ben: computer random, Cy: computer greedy, short game, seed 5, all by
    keys) -> the game, the human answering by keys, the bots by themselves -> game over."""
    app = ElGrandeApp(bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await press(pilot, "enter")  # "New game"
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        await _start_with_two_bots(pilot, six_rounds=True)
        scr = active_game_screen(app)
        assert scr is not None
        session = scr.session
        assert [s.kind for s in session.seats] == ["human", "bot:random", "bot:greedy"]
        assert [session.bot_level(i) for i in range(3)] == [None, "random", "greedy"]
        await play_with_bots(pilot, pick_varied)
        assert isinstance(app.screen, GameOverScreen)
        game = app.screen.session.game
        assert game.over
        again = Game.replay(game.record())
        assert again.scores == game.scores
        # The bots' events read in the log like anyone's.
        log = "\n".join(line.text for line in app.screen.session.log)
        for name in ("Ben", "Cy"):
            assert f"{name} plays power card" in log
            assert f"{name}'s turn (power card" in log


# --- secrets ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "whole",
    [False, pytest.param(True, marks=pytest.mark.stress)],
    ids=["to the first general scoring", "the whole game"],
)
async def test_a_bots_secret_choice_shows_nowhere_and_raises_no_curtain(whole: bool) -> None:
    """R-H1 with bots: while a bot's secret disk is chosen and until the reveal, neither the
    screen, the log, the status line, the notifications nor a highlight shows it, and no
    curtain comes up for it; with one person at the table (the others computer players) their
    own secrets get none either: nobody to hide them from (issue 33). (The default run opens
    the game at round 3, played that far by the core, and plays up to round 4, past the first
    general scoring's secret disks; the stress run, the whole game from its start.)"""
    setup = bot_setup(["human", "bot:greedy", "bot:random"], seed=25, rounds=6, castillo="hidden")
    if whole:
        app = ElGrandeApp(setup=setup, bot_delay=0)
    else:
        session = GameSession.new(setup)
        while (d := session.decision) is not None and session.game.round < 3:
            session.apply(d.choices[(len(session.game.history) * 7 + 3) % len(d.choices)])
        app = ElGrandeApp(session=session, bot_delay=0)
    bot_secrets = 0  # bots' secret answers checked while chosen and not yet applied
    human_curtains = 0
    step_start: int | None = None
    pushed: list[tuple[object, bool]] = []

    async with app.run_test(size=SIZE) as pilot:
        original_push = app.push_screen

        def spy_push(screen, *args, **kw):  # type: ignore[no-untyped-def]
            scr = active_game_screen(app)
            d = scr.decision if scr is not None else None
            bot_secret = d is not None and d.secret and scr.session.bot_level(d.player) is not None
            pushed.append((screen, bot_secret))
            return original_push(screen, *args, **kw)

        app.push_screen = spy_push  # type: ignore[method-assign]

        # Every bot answer is checked the moment before it is applied: chosen, in the app's
        # hands, not yet public (the riskiest moment).
        original_apply = ComputerPlayers._apply

        def checked_apply(self, turn):  # type: ignore[no-untyped-def]
            nonlocal bot_secrets
            if turn.decision.secret and turn.choice is not None and self._current(turn):
                bot_secrets += 1
                check(app)
            original_apply(self, turn)

        ComputerPlayers._apply = checked_apply  # type: ignore[method-assign]

        def check(app: ElGrandeApp) -> None:
            nonlocal step_start
            scr = active_game_screen(app)
            if scr is None:
                return
            session = scr.session
            truth = session.game.snapshot()
            hidden = [(s, p) for s, p in truth["secrets"] if session.bot_level(s) is not None]
            d = session.decision
            if not truth["secrets"] and not (d is not None and d.secret):
                step_start = None
                return
            if step_start is None:
                step_start = len(session.log)
            # A reveal followed at once by the next secret step (a disk card, then the
            # general scoring's disks): the new step begins after the reveal.
            reveal = [i for i, line in enumerate(session.log) if "revealed" in line.text]
            if reveal and reveal[-1] >= step_start:
                step_start = reveal[-1] + 1
            log = [line.text for line in session.log[step_start:]]
            other = [str(n.message) for n in app._notifications]  # type: ignore[attr-defined]
            other.append(str(scr.query_one("#status").render()))
            turn = scr.flow.bot_task
            if turn is not None and turn.decision.secret:
                prompt = scr.query_one(DecisionPrompt)
                text = " ".join(str(w.render()) for w in prompt.query("Static"))
                assert "is choosing in secret" in text
                assert prompt.options.option_count == 0
                assert not list(scr.query(".place.-cursor")), "a highlight during a bot's secret"
                other.append(text)
                # Nothing but the board itself names a region now.
                for line in other:
                    assert not any(region(r) in line for r in REGIONS), line
                if turn.choice is not None:  # chosen, not applied: it shows nowhere
                    place = place_of(turn.choice)
                    assert place is not None
                    hidden.append((turn.seat, place))
            for line in log:
                if "secret" in line:  # "Ben has chosen in secret." and nothing more
                    assert not any(region(r) in line for r in REGIONS), line
            shown = screen_text(app) if hidden else ""
            earlier = "\n".join(line.text for line in session.log[:step_start])
            for seat, place in hidden:
                pair = f"{session.name(seat)} → {region(place)}"
                for line in log + other:
                    assert pair not in line, f"{pair}: {line}"
                assert shown.count(pair) <= earlier.count(pair), f"{pair} is on screen"

        def past_3(app: ElGrandeApp) -> bool:
            scr = active_game_screen(app)
            return scr is not None and scr.session.story.round >= 4

        await pilot.pause()
        try:
            await play_with_bots(pilot, pick_varied, check=check, until=None if whole else past_3)
        finally:
            ComputerPlayers._apply = original_apply  # type: ignore[method-assign]
        for screen, bot_secret in pushed:
            if isinstance(screen, CurtainScreen):
                assert not bot_secret, "a curtain came up for a bot's secret choice"
                human_curtains += 1
    assert bot_secrets >= (5 if whole else 2), "the game should contain bots' secret choices"
    assert human_curtains == 0, "one person at the table: no curtain for their secret choices"


# --- pace, skip, input while a bot thinks, stale answers ------------------------------------


async def test_bots_keep_the_pace_skip_ahead_and_human_keys_wait() -> None:
    """With a long bot delay the bot's choice waits; keys of the human are refused with a
    message; `f` plays the bots at once up to the next human decision."""
    setup = bot_setup(["bot:random", "bot:greedy", "human"], seed=3, start_player=0)
    app = ElGrandeApp(setup=setup, bot_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = active_game_screen(app)
        assert scr is not None and scr.bot_playing
        assert scr.check_action("skip_ahead", ()) is True
        assert scr.check_action("undo", ()) is False
        prompt = " ".join(str(w.render()) for w in scr.query_one(DecisionPrompt).query("Static"))
        assert "Ana (Easy) is thinking" in prompt
        await bot_done(pilot)  # the bot has answered; the 60 s pace has not passed
        assert scr.flow.bot_task is not None and scr.flow.bot_task.choice is not None
        assert scr.session.game.history == ()  # still waiting for the pace
        await press(pilot, "1")
        await press(pilot, "enter")
        assert "Ana (computer) is choosing" in str(scr.query_one("#status").render())
        assert scr.session.game.history == ()
        await press(pilot, "f")
        await wait_for(pilot, lambda: game_screen(app) is not None)
        scr = game_screen(app)
        assert scr is not None and scr.decision is not None and scr.decision.player == 2
        assert len(scr.session.game.history) >= 2
        assert scr.check_action("skip_ahead", ()) is None  # dimmed at a human's prompt


async def test_a_bot_answer_after_the_screen_changed_is_dropped() -> None:
    """A bot still thinking when a new game opens: its answer is never applied anywhere."""
    asked, release, answered = threading.Event(), threading.Event(), threading.Event()

    class SlowBot:
        name = "slow"

        def choose(self, view, decision):  # type: ignore[no-untyped-def]
            asked.set()
            release.wait(30)
            answered.set()
            return decision.choices[0]

    setup = bot_setup(["bot:greedy", "human"], seed=4, start_player=0)
    app = ElGrandeApp(setup=setup, bot_delay=0)
    original = ComputerPlayers.bot_for
    ComputerPlayers.bot_for = lambda self, seat: SlowBot()  # type: ignore[method-assign,assignment,return-value]
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert await asyncio.to_thread(asked.wait, 30)  # the bot is thinking
            old = active_game_screen(app)
            assert old is not None and old.bot_playing
            old_session = old.session
            fresh = GameSession.new(bot_setup(["human", "human"], seed=9))
            app.open_game(fresh)
            await pilot.pause()
            release.set()
            assert await asyncio.to_thread(answered.wait, 30)  # its answer came back
            await settle(pilot)
            await pilot.pause()
            assert old_session.game.history == ()
            assert fresh.game.history == ()
            assert game_screen(app) is not None and game_screen(app).session is fresh  # type: ignore[union-attr]
    finally:
        ComputerPlayers.bot_for = original  # type: ignore[method-assign]
        release.set()


async def test_a_bot_answer_waits_while_help_is_open() -> None:
    """The help (or preview, save as) opened during a bot's turn: the bot's answer is applied
    when it closes, never under it."""
    release = threading.Event()

    class SlowBot:
        name = "slow"

        def choose(self, view, decision):  # type: ignore[no-untyped-def]
            release.wait(30)
            return decision.choices[-1]

    setup = bot_setup(["bot:greedy", "human"], seed=4, start_player=0)
    app = ElGrandeApp(setup=setup, bot_delay=0)
    original = ComputerPlayers.bot_for
    ComputerPlayers.bot_for = lambda self, seat: SlowBot()  # type: ignore[method-assign,assignment,return-value]
    try:
        async with app.run_test(size=SIZE) as pilot:
            scr = active_game_screen(app)
            assert scr is not None
            await wait_for(pilot, lambda: scr.bot_playing)
            (worker,) = app.bot_workers
            await press(pilot, "question_mark")
            assert app.screen is not scr
            release.set()
            await worker.wait()  # the bot has answered, under the help screen
            await settle(pilot)
            await pilot.pause()
            assert scr.flow.bot_task is not None and scr.flow.bot_task.choice is not None
            assert scr.session.game.history == () and scr.bot_playing
            await press(pilot, "escape")
            await wait_for(pilot, lambda: len(scr.session.game.history) == 1)
    finally:
        ComputerPlayers.bot_for = original  # type: ignore[method-assign]
        release.set()


# --- undo ----------------------------------------------------------------------------------


def test_undo_never_takes_back_a_bots_choice() -> None:
    """The core lets the chooser take back their own steps within a turn; a bot's turn is not
    the human's to take back (no key while it plays), and a human's decision right after a
    bot's is a barrier (another player's decision)."""
    from el_grande.persist.undo import can_undo, undo_check

    session = GameSession.new(bot_setup(["human", "bot:greedy"], seed=11))
    bot_own_step = human_after_bot = False
    for _ in range(400):
        d = session.decision
        if d is None:
            break
        game = session.game
        if game.history:
            last = Game.replay(game.record(), upto=len(game.history) - 1).decision
            assert last is not None
            if session.bot_level(d.player) and last.player == d.player and can_undo(game):
                # The core alone would allow it (same player); the app never does.
                bot_own_step = True
                assert not session.can_undo()
                before = session.game.history
                assert session.undo() is False
                assert session.game.history == before
            if session.bot_level(d.player) is None and session.bot_level(last.player):
                human_after_bot = True
                assert undo_check(game)[0] is False
                assert not session.can_undo()
        session.apply(d.choices[len(game.history) * 5 % len(d.choices)])
        if bot_own_step and human_after_bot:
            break
    assert bot_own_step and human_after_bot


# --- saves -----------------------------------------------------------------------------------


async def test_resume_restores_the_bot_seats(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The autosave records the seat kinds; a resumed game seats the bots again and they
    play on by themselves."""
    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    from el_grande.persist import load_game
    from el_grande.persist.autosave import attach_autosave

    session = GameSession.new(bot_setup(["human", "bot:random", "bot:greedy"], seed=13))
    listener = attach_autosave(session)
    assert listener is not None
    # Play (first choices) until a bot must choose among several answers.
    while True:
        d = session.decision
        assert d is not None
        if len(session.game.history) > 5 and session.bot_level(d.player) and len(d.choices) > 1:
            break
        session.apply(d.choices[0])
    save, game = load_game(listener.saver.path)
    assert [s.kind for s in save.seats] == ["human", "bot:random", "bot:greedy"]
    listener.close()  # this test's process plays both windows' parts: let the game go
    app = ElGrandeApp(saved=save, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: active_game_screen(app) is not None)
        scr = active_game_screen(app)
        assert scr is not None
        assert [bot_level(s.kind) for s in scr.session.seats] == [None, "random", "greedy"]
        moves = len(game.history)
        # The bots play on by themselves until the human (or a curtain/scoring) is next.
        await wait_for(
            pilot,
            lambda: not active_game_screen(app).bot_playing,  # type: ignore[union-attr]
        )
        assert len(active_game_screen(app).session.game.history) > moves  # type: ignore[union-attr]


# --- the command line ------------------------------------------------------------------------


def _play_args(*argv: str):  # type: ignore[no-untyped-def]
    return build_parser().parse_args(["play", *argv])


def test_cli_bots_seats_the_named_players() -> None:
    args = _play_args("--players", "Ana,Ben,Cy", "--bots", "Ben=greedy, cy=Strong", "--seed", "3")
    setup = setup_from_args(args)
    assert [s.kind for s in setup.seats] == ["human", "bot:greedy", "bot:strong"]
    assert args.bot_delay is None  # not given: the settings' bot_delay (0.8 by default)
    all_bots = setup_from_args(_play_args("--players", "A,B", "--bots", "A=random,B=random"))
    assert [s.kind for s in all_bots.seats] == ["bot:random", "bot:random"]  # watch mode
    assert _play_args("--players", "A,B", "--bot-delay", "0").bot_delay == 0
    assert parse_bots("", ["A", "B"]) == {}


@pytest.mark.parametrize(
    ("bots", "says"),
    [
        ("Bob=greedy", "no player called 'Bob' (players: Ana, Ben, Cy)"),
        ("Ben=clever", "unknown level 'clever' for Ben (levels: random, greedy, strong)"),
        ("Ben", "NAME=LEVEL pairs"),
        ("Ben=", "NAME=LEVEL pairs"),
        ("Ben=greedy,ben=random", "Ben is given twice"),
    ],
)
def test_cli_bots_errors_are_one_line_and_exit_2(bots: str, says: str, capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as exc:
        setup_from_args(_play_args("--players", "Ana,Ben,Cy", "--bots", bots))
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1 and err.startswith("el-grande play: error:")


def test_cli_negative_bot_delay_is_refused(capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as exc:
        setup_from_args(_play_args("--players", "Ana,Ben", "--bot-delay", "-1"))
    assert exc.value.code == 2
    assert "--bot-delay" in capsys.readouterr().err


def test_play_help_documents_bots(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        build_parser().parse_args(["play", "--help"])  # as `el-grande play --help`
    assert exited.value.code == 0
    text = capsys.readouterr().out
    assert "--bots" in text and "Ben=greedy,Cy=strong" in text and "--bot-delay" in text


async def test_f_in_a_game_of_computer_players_runs_to_the_end_without_a_key() -> None:
    """Watching computer players: once `f` is pressed no scoring display stops the game
    (nobody is there to press Enter), and it reaches the game-over screen by itself. The game
    is opened in round 6, before its last two general scorings (games watched after an `f`,
    two in one app: tests/app/test_memory.py)."""
    session = GameSession.new(bot_setup(["bot:random"] * 2, seed=6, rounds=6))
    rng = random.Random(6)
    while session.game.round < 6:
        session.apply(rng.choice(session.decision.choices))  # type: ignore[union-attr]
    app = ElGrandeApp(session=session, bot_delay=60)  # the first move waits for `f`
    assert app.auto_advance is None  # the settings': each step waits for Enter
    async with app.run_test(size=SIZE) as pilot:
        await bot_done(pilot)
        assert app.table is not None and app.table.display_pace  # no human: displays go on
        await press(pilot, "f")
        for _ in range(5000):
            if isinstance(app.screen, GameOverScreen):
                break
            await bot_done(pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert app.screen.session.game.over


def test_cli_auto_advance_flag() -> None:
    assert _play_args("--players", "A,B").auto is None
    assert _play_args("--players", "A,B", "--auto").auto == 2.0
    assert _play_args("--players", "A,B", "--auto", "0.5").auto == 0.5
    with pytest.raises(SystemExit):
        _play_args("--players", "A,B", "--auto", "0")
