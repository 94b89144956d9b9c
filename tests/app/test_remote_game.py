"""A seat's own screen at a hosted table (app/screens/remote_game.py), through `run_test()`
over a LocalLink to a real HostedTable on a manual clock: the seat plays its prompts by keys,
a key typed while another seat decides answers nothing, a display is stepped at this screen's
pace and the host told, a dropped connection is shown and the state comes back, the end shows
the final scores; a spectator's screen shows public views only."""

from __future__ import annotations

import random

from el_grande.app.remote_app import RemoteApp
from el_grande.app.screens.remote_game import RemoteGameScreen, presence_text
from el_grande.app.screens.scoring import ScoringScreen
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.core import PublicView
from el_grande.flow.scenes import GameOver, Prompt, Watching
from el_grande.net.remote import LocalLink, RemoteState
from tests.app.helpers import SIZE, settle
from tests.net.scripted import Hosted, picker, session_of

SEED = 604_118_273_559


def _hosted(players: int = 2) -> Hosted:
    return Hosted(session_of(SEED, players, rounds=6))


async def _play_seat(
    pilot, app: RemoteApp, hosted: Hosted, others, *, steps: int, until=None
) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """Play seat 0 by keys (Enter on the highlighted choice; Enter through displays), the
    other screens by script, until `steps` of this seat's answers, `until()` or the end."""
    pick = picker(random.Random(3))
    counts = {"answers": 0, "displays": 0, "watching": 0}
    told = -1
    for _ in range(4000):
        hosted.clock.run_due()
        state = app.state
        if state.messages != told:  # (the screen draws only what its connection is told)
            told = state.messages
            await settle(pilot)
        if isinstance(app.screen, ScoringScreen):
            counts["displays"] += 1
            await pilot.press("escape")  # to the display's last step
            await settle(pilot)
            await pilot.press("enter")  # seen: the host is told
            continue
        if isinstance(state.scene, GameOver) or counts["answers"] >= steps:
            break
        if until is not None and until():
            break
        if isinstance(state.scene, Prompt) and state.display is None:
            screen = app.screen
            assert isinstance(screen, RemoteGameScreen)
            if screen.query_one(DecisionPrompt).options.highlighted is None:
                await pilot.press("down")  # nothing highlighted (a power card): the first
            before = len(hosted.session.game.history)
            await pilot.press("enter")  # the highlighted choice
            hosted.clock.run_due()
            await settle(pilot)
            assert len(hosted.session.game.history) > before, (
                state.scene.decision.kind,
                app.focused,
                screen.query_one(DecisionPrompt).options.highlighted,
                str(screen.query_one("#status").render()),
                type(app.screen).__name__,
                state.refused,
                state.decision_id,
                hosted.table.decision_ids,
                hosted.session.decision,
                screen._answers.sent,
            )
            counts["answers"] += 1
            continue
        if isinstance(state.scene, Watching):
            counts["watching"] += 1
        if not any(o.act(pick) for o in others):
            hosted.clock.advance(0.5)
    return counts


async def test_a_seat_plays_its_prompts_by_keys_and_watches_the_others() -> None:
    hosted = _hosted(2)
    link = LocalLink(hosted.table, hosted.codes.seats[0] or "")
    other = hosted.screen(1)
    hosted.start()
    app = RemoteApp(link.state, None, where="test")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, RemoteGameScreen | ScoringScreen)
        counts = await _play_seat(pilot, app, hosted, [other], steps=12)
        assert counts["answers"] == 12
        assert counts["watching"] > 0
        assert not any(r for r in link.state.refused or "")  # no answer was refused

        # A key typed while the other seat decides answers nothing.
        def watching() -> bool:
            state = app.state
            return isinstance(state.scene, Watching) and state.display is None

        await _play_seat(pilot, app, hosted, [], steps=10_000, until=watching)
        assert watching()
        before = len(hosted.session.game.history)
        await pilot.press("enter", "1", "a", "enter")
        await settle(pilot)
        assert len(hosted.session.game.history) == before
        screen = app.screen
        assert isinstance(screen, RemoteGameScreen)
        prompt = screen.query_one(DecisionPrompt)
        assert prompt.options.option_count == 0  # no choices of another seat's on show


async def test_a_dropped_connection_is_shown_and_the_state_comes_back() -> None:
    hosted = _hosted(2)
    link = LocalLink(hosted.table, hosted.codes.seats[0] or "")
    other = hosted.screen(1)
    hosted.start()
    app = RemoteApp(link.state, None, where="test")
    async with app.run_test(size=SIZE) as pilot:
        await _play_seat(pilot, app, hosted, [other], steps=3)
        link.close()
        await settle(pilot)
        screen = app.game_screen
        assert screen is not None
        banner = screen.query_one("#save-problem")
        assert banner.display
        assert hosted.table.presence[0] is False
        link.open()
        hosted.clock.run_due()
        await settle(pilot)
        assert not banner.display
        assert hosted.table.presence[0] is True
        assert app.state.scene is not None


async def test_a_whole_game_ends_on_the_final_scores() -> None:
    hosted = _hosted(2)
    link = LocalLink(hosted.table, hosted.codes.seats[0] or "")
    other = hosted.screen(1)
    hosted.start()
    app = RemoteApp(link.state, None, where="test")
    async with app.run_test(size=SIZE) as pilot:
        counts = await _play_seat(pilot, app, hosted, [other], steps=10_000)
        assert isinstance(app.state.scene, GameOver)
        assert counts["displays"] >= 2  # the general scorings, stepped here
        assert hosted.session.decision is None
        screen = app.game_screen
        assert screen is not None
        text = str(screen.query_one(DecisionPrompt).query_one("#prompt-progress").render())
        for seat in range(2):
            assert hosted.session.name(seat) in text


async def test_a_spectator_screen_holds_public_views_only() -> None:
    hosted = _hosted(3)
    state = RemoteState()
    LocalLink(hosted.table, hosted.codes.watch, state)
    screens = [hosted.screen(s) for s in range(3)]
    hosted.start()
    seen: list[object] = []
    state.listen(lambda s: seen.append(s.scene))
    app = RemoteApp(state, None, where="test")
    async with app.run_test(size=SIZE) as pilot:
        pick = picker(random.Random(9))
        for _ in range(300):
            hosted.clock.run_due()
            if not any(s.act(pick) for s in screens):
                hosted.clock.advance(0.5)
        await settle(pilot)
        assert isinstance(app.screen, RemoteGameScreen | ScoringScreen)
    views = [s.view for s in seen if s is not None and hasattr(s, "view")]
    assert views and all(isinstance(v, PublicView) for v in views)


def test_presence_names_people_only() -> None:
    hosted = _hosted(3)
    seating = hosted.session.seating
    text = presence_text(seating, (True, False, True), 2)
    assert "● " + seating.name(0) in text and "○ " + seating.name(1) in text


async def test_two_seats_at_one_keyboard_hand_it_over_by_a_letter() -> None:
    """A mixed table: seats 0 and 1 at the host's keyboard (a connection each, beside a
    watcher's), seat 2 elsewhere. The keyboard goes to a seat only by the letter on its
    curtain; a typed-ahead Enter never lowers it; a seat's own screen shows only while its
    decision is at hand; displays are stepped once, for both."""
    from el_grande.app.remote_app import Keyboard
    from el_grande.app.screens.curtain import CurtainScreen

    hosted = _hosted(3)
    public = RemoteState()
    LocalLink(hosted.table, hosted.codes.watch, public)
    seats = {s: LocalLink(hosted.table, hosted.codes.seats[s] or "").state for s in (0, 1)}
    other = hosted.screen(2)
    hosted.start()
    app = RemoteApp(public, None, where="test", keyboard=Keyboard(seats, random.Random(1)))
    pick = picker(random.Random(4))
    curtains = answers = displays = 0
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(3000):
            hosted.clock.run_due()
            await settle(pilot)
            top = app.screen
            if hosted.session.general_scorings >= 1 and displays:
                break
            if isinstance(top, CurtainScreen):
                curtains += 1
                await pilot.press("enter")  # typed ahead by the seat before: nothing
                await settle(pilot)
                assert app.screen is top
                assert top.letter is not None
                await pilot.press(top.letter.lower())
                await settle(pilot)
                continue
            if isinstance(top, ScoringScreen):
                displays += 1
                await pilot.press("escape")
                await settle(pilot)
                await pilot.press("enter")
                continue
            turn = app.keyboard.turn() if app.keyboard else None
            if isinstance(top, RemoteGameScreen) and top.state is not public:
                seat = next(s for s, st in seats.items() if st is top.state)
                assert seat == turn, "a seat's own screen shows only at its own decision"
                if isinstance(top.state.scene, Prompt):
                    if top.query_one(DecisionPrompt).options.highlighted is None:
                        await pilot.press("down")
                    await pilot.press("enter")
                    answers += 1
                continue
            if not other.act(pick):
                hosted.clock.advance(0.5)
        assert hosted.session.general_scorings >= 1
    assert curtains >= 2 and answers >= 4 and displays >= 1
