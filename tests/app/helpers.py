"""Drive the app like a player: key presses and clicks only, decided from what is shown."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen

from el_grande.app.app import ElGrandeApp
from el_grande.app.present import does_nothing
from el_grande.app.screens.game import GameScreen
from el_grande.app.screens.game_over import GameOverScreen
from el_grande.app.shown import card_of, place_of
from el_grande.app.widgets.board import PLACE_KEYS
from el_grande.app.widgets.cards import card_key
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.core import Choice, Decision
from el_grande.flow.clock import ManualClock
from el_grande.flow.handover import Input
from el_grande.flow.scenes import Curtain, GameOver, HintCurtain, Prompt, Scene, Showing, TakeOver
from el_grande.flow.table import TableFlow
from el_grande.session import GameSession
from el_grande.setup import GameSetup, default_seats

SIZE = (100, 30)

#: In a test marked `frames`: Textual's own `Screen._compositor_refresh`, with which `settle`
#: draws what changed while it waited (`drawn_when_read`).
_draw: Callable[[Screen[Any]], None] | None = None
#: Whether `settle` is waiting (the frames asked for meanwhile are drawn as it ends).
_settling = False
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve"]
KOREAN_NAMES = ["김민준", "이서연", "박지훈", "최지우", "정하은"]


def make_app(players: int, seed: int = 7, **options: object) -> ElGrandeApp:
    setup = GameSetup(default_seats(NAMES[:players]), seed=seed, **options)  # type: ignore[arg-type]
    return ElGrandeApp(setup=setup, curtain_seed=0)


def session_at(
    players: int,
    seed: int,
    stop: Callable[[GameSession], bool],
    names: list[str] | None = None,
    **options: object,
) -> GameSession:
    """A session played with varied legal choices until `stop` holds (the core is fast;
    snapshot tests start the app there instead of pressing hundreds of keys)."""
    seats = default_seats((names or NAMES)[:players])
    setup = GameSetup(seats, seed=seed, **options)  # type: ignore[arg-type]
    session = GameSession.new(setup)
    while session.decision is not None and not stop(session):
        d = session.decision
        session.apply(d.choices[(len(session.game.history) * 7 + 3) % len(d.choices)])
    return session


def app_at(
    players: int,
    seed: int,
    stop: Callable[[GameSession], bool],
    names: list[str] | None = None,
    **options: object,
) -> ElGrandeApp:
    session = session_at(players, seed, stop, names, **options)
    return ElGrandeApp(session=session, curtain_seed=0)


def played_on(session: GameSession, until: Callable[[Scene], bool]) -> GameSession:
    """`session` played on as `play(pilot, pick_first)` plays it on the screen — Enter on the
    choice a prompt opens on, the letter or Enter at a curtain, Enter through displays,
    computer players by themselves — by the table flow without a screen, until `until(scene)`
    (a snapshot's app then opens there instead of pressing the keys on screen)."""
    clock = ManualClock()
    flow = TableFlow(
        session, clock, bot_delay=0.0, quiet=0.0, take_over_seconds=0.0, letters=random.Random(1)
    )
    flow.start()
    for _ in range(50_000):
        clock.advance(0.5)
        scene = flow.scene
        if until(scene):
            flow.close()
            return session
        if isinstance(scene, Prompt):
            flow.input(Input.KEY, clock.now())
            flow.answer(opened_on(scene))
        elif isinstance(scene, (TakeOver, HintCurtain)):
            flow.input(Input.KEY, clock.now())
            flow.take_over(scene.letter)
        elif isinstance(scene, Curtain):
            flow.input(Input.KEY, clock.now())
            flow.lower()
        elif isinstance(scene, Showing):
            flow.step()
        elif isinstance(scene, GameOver):
            break
    raise AssertionError("the table never got there")


def opened_on(scene: Prompt) -> Choice:
    """The choice a prompt opens on (`el_grande.app.present.prompt_text`): the flow's cursor
    if it does something, else the first choice that does."""
    d = scene.decision
    usable = [c for c in d.choices if does_nothing(c, d, scene.view) is None]
    return scene.cursor if scene.cursor in usable else usable[0]


async def press(pilot: Pilot[None], key: str) -> None:
    """One real key event through the headless driver, then wait until the screen has handled
    it. (`pilot.press` also waits for the CPU to go idle after every key, which makes a whole
    game take minutes; the screen's own message queue is what matters here.)"""
    app = pilot.app
    await settle(pilot)  # what the key is meant for is on screen
    ev = events.Key(key, key if len(key) == 1 else None)
    ev.set_sender(app)
    app._driver.send_message(ev)  # type: ignore[union-attr]
    await settle(pilot)


async def settle(pilot: Pilot[None]) -> None:
    """Wait until the app and every widget it has mounted have handled every message posted
    to them (a key's effects travel through several widgets before the game sees them, and a
    screen under a modal — the game under the help — goes on handling its messages), and the
    current screen has nothing left to lay out or draw.

    An idle message pump waits on its queue's event, with nothing queued; one handling a
    message (however long its handler awaits) does not. Read at every turn of the event loop,
    that says when all is handled without posting a message to every widget and waiting for
    them all (`Pilot._wait_for_screen`: in a form of a hundred widgets that cost more than the
    keys did). Quiet means three turns in a row with nothing to do, so that a task a handler
    started has had its turns first."""
    global _settling
    _settling = True
    try:
        await _settle(pilot.app)
    finally:
        _settling = False


async def _settle(app: App[Any]) -> None:
    quiet = 0
    for _ in range(100_000):
        await asyncio.sleep(0)
        # The app and every node it has mounted (`App._registry`, its screens among them):
        # those of the screens on the stack, and of any installed screen that is not (idle,
        # unless a message reached it). A set, read in a tenth of the time walking the
        # screens took. Then a layout or repaint the screen's update timer would do within a
        # frame, done once the messages are handled: a widget's size and lines (where a click
        # lands) are then those of the state the game is in, whatever the machine's speed.
        if _any_busy((app,)) or _any_busy(app._registry) or _lay_out_now(app):
            quiet = 0
        else:
            quiet += 1
            if quiet >= 3:
                if _draw_frame(app):
                    quiet = 0  # (what drawing a frame starts is handled too)
                    continue
                return
    raise AssertionError("the app never settled")


def _any_busy(nodes: Iterable[Any]) -> bool:
    """Whether any of `nodes`, message pumps, has a message queued or being handled (an idle
    pump waits on its queue's event; one handling a message does not), or a callback to run
    once its queue is empty (`call_next`). One loop: read at every turn of the event loop for
    every node mounted, a generator calling a function for each took half as long again."""
    for node in nodes:
        if node._closed:
            continue
        queue = node._message_queue
        if queue.values or not queue.ready_event._waiters or node._next_callbacks:
            return True
    return False


def _lay_out_now(app: ElGrandeApp) -> bool:
    """Whether the current screen had a layout, scroll or repaint pending (its update timer
    runs them once a frame), running them now if so; or callbacks waiting for a refresh."""
    screen = app.screen
    pending = (
        screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._dirty_widgets
    )
    if pending and screen.is_current and not app._batch_count:
        screen._on_timer_update()
        return True
    # What waits for the next refresh (`call_after_refresh`: the log's rewrap, a scroll to
    # its end) runs once the screen is idle: not quiet until it has run.
    return bool(screen._callbacks)


def _draw_frame(app: App[Any]) -> bool:
    """In a test marked `frames`: draw what changed on the current screen since its last
    frame, if anything did (the frame a terminal would show now)."""
    screen = app.screen
    if _draw is None or not screen._compositor._dirty_regions or app._batch_count:
        return False
    _draw(screen)
    return True


@contextmanager
def drawn_when_read(frames: bool) -> Iterator[None]:
    """The current screen drawn when a test reads it (`screen_text`, a screenshot, a
    snapshot: each composes every line afresh), not at every refresh as a terminal is
    (tests/app/conftest.py does this for every app test).

    A headless app still draws each frame to nothing: about half of these tests' CPU went to
    lines nobody read. Everything else a refresh does stays (layout, the widgets' sizes and
    places where clicks land, what waits for the refresh, the mouse's place).

    With `frames` (a test marked `frames`), every frame is drawn, as a terminal does. While
    `settle` waits for the app to handle a key, what changed is drawn once it has, as a
    terminal's update timer draws once a frame whatever a key changed in it, not at every
    turn of the event loop in between (two or three times a key)."""
    global _draw
    original = Screen._compositor_refresh

    def refresh(screen: Screen[object]) -> None:
        app = screen.app
        if screen is not app.screen or app.is_inline or (frames and not _settling):
            original(screen)
            return
        screen._dirty_widgets.clear()
        if not frames:
            screen._compositor._dirty_regions.clear()
        app._update_mouse_over(screen)

    Screen._compositor_refresh = refresh  # type: ignore[method-assign]
    _draw = original if frames else None
    try:
        yield
    finally:
        Screen._compositor_refresh = original  # type: ignore[method-assign]
        _draw = None


def next_key(app: ElGrandeApp) -> str:
    """The key that moves on from a non-game screen: a curtain's letter (a curtain with a
    secret behind it takes nothing else), else Enter (a scoring step, a curtain after the last
    secret)."""
    from el_grande.app.screens.curtain import CurtainScreen

    scr = app.screen
    if isinstance(scr, CurtainScreen) and scr.letter is not None:
        return scr.letter.lower()  # a curtain or a take-over banner
    return "enter"


def game_screen(app: ElGrandeApp) -> GameScreen | None:
    scr = app.screen
    return scr if isinstance(scr, GameScreen) and scr.waiting_for_choice else None


def highlighted(scr: GameScreen) -> int | None:
    return scr.query_one(DecisionPrompt).options.highlighted


Picker = Callable[[Pilot[None], GameScreen, Decision], Awaitable[None]]


async def pick_first(pilot: Pilot[None], scr: GameScreen, d: Decision) -> None:
    """Enter on the first (pre-highlighted) choice."""
    await press(pilot, "enter")


async def pick_varied(pilot: Pilot[None], scr: GameScreen, d: Decision) -> None:
    """A choice that depends on the game so far; picked with the map's number keys, the card
    letters or the arrow keys, checked on screen, then confirmed with Enter."""
    index = (len(scr.session.game.history) * 7 + 3) % len(d.choices)
    choice = d.choices[index]
    place, card = place_of(choice), card_of(choice)
    if place is not None and [place_of(c) for c in d.choices].count(place) == 1:
        await press(pilot, PLACE_KEYS[place])
    elif card is not None:
        await press(pilot, card_key(card))
    else:
        for _ in range(30):
            now = highlighted(scr)
            if now == index:
                break
            await press(pilot, "down" if (now or 0) < index else "up")
    if highlighted(scr) == index:
        await press(pilot, "enter")


async def play(
    pilot: Pilot[None],
    pick: Picker = pick_first,
    at_prompt: Callable[[GameScreen, Decision], None] | None = None,
    until: Callable[[ElGrandeApp], bool] | None = None,
    max_steps: int = 20000,
) -> None:
    """Play until the game-over screen (or `until`): pick at every prompt, Enter elsewhere —
    but no key while a computer player has the decision (its answer comes from a thread: a
    key typed meanwhile could land on whatever its answer opens, a display's first step, and
    the game would go on differently under load)."""
    app = pilot.app
    steps = waits = 0
    while steps < max_steps:
        if isinstance(app.screen, GameOverScreen) or (until is not None and until(app)):
            return
        scr = game_screen(app)
        if scr is None:
            if isinstance(app.screen, GameScreen) and app.screen.flow.bot_playing:
                waits += 1  # (not a step: a computer player's pace is real seconds)
                assert waits < 1_000_000, "a computer player never answered"
                await pilot.pause(0.005)
                continue
            steps += 1
            await press(pilot, next_key(app))
            continue
        steps += 1
        d = scr.decision
        assert d is not None
        if at_prompt is not None:
            at_prompt(scr, d)
        await pick(pilot, scr, d)
    raise AssertionError("the game did not end")


def screen_text(app: App[Any]) -> str:
    """Everything visible on the terminal (all screens composited), as plain text lines; a
    no-break space (which holds words together) reads as the space the terminal shows.

    A screen under a see-through modal (the game under a curtain or a display) is laid out
    as it stands first: Textual repaints the current screen only, so what a covered screen
    showed would otherwise depend on when the modal came (a log a line short, 1 run in 10)."""
    for covered in app._background_screens:  # (the current screen is not among them)
        covered._refresh_layout(scroll=True)
    update = app.screen._compositor.render_update(
        full=True,
        screen_stack=app._background_screens,  # see-through modals show what is below
    )
    text = "\n".join("".join(strip.text for strip in line) for line in update.strips)  # type: ignore[attr-defined]
    return text.replace("\u00a0", " ")


async def open_resume_list(pilot: Pilot[None]) -> None:
    """From the title screen: "Resume a saved game" (the menu's second entry), Enter."""
    app = pilot.app
    await pilot.pause()
    menu = app.screen.query_one("#title-menu")
    menu.focus()
    menu.highlighted = 1  # type: ignore[attr-defined]
    await pilot.press("enter")
    await pilot.pause()
    assert type(app.screen).__name__ == "ResumeScreen"
