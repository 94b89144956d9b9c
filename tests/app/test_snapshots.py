"""Snapshot tests (pytest-textual-snapshot; Textual pinned exactly in pyproject.toml).

Deterministic: fixed seeds, a fixed terminal size, nothing blinks on these screens. States deep
in a game are reached by playing the core with varied legal choices and opening the app
there (the whole-game Pilot tests cover getting there by keys); a state that keys reached from
such a start is reached by the table flow answering as the keys did (`played_on`), the app
opening a decision before it and playing that one by keys. Snapshots of one app state after
another (a screen, then a key; 100×30, then the terminal resized to 120×40) are taken in one
app run (`shots`), each compared in its own test. Update with
`pytest tests/app --snapshot-update` and look at the report before committing.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.scoring import ScoringScreen
from el_grande.flow.clock import ManualClock
from el_grande.flow.handover import QUIET, TAKE_OVER
from el_grande.flow.scenes import GameOver, Prompt, Scene
from el_grande.session import GameSession
from el_grande.text import t, use

from .helpers import (
    KOREAN_NAMES,
    SIZE,
    app_at,
    next_key,
    pick_first,
    play,
    played_on,
    press,
    session_at,
    settle,
)
from .shots import Shots, Step, compare_settled, matches, resized, screenshots


def _one_before(
    new: Callable[[], GameSession], there: Callable[[GameSession, Scene], bool]
) -> GameSession:
    """A session made by `new()` and played on as `play(pilot, pick_first)` plays it on the
    screen (by the table flow: `played_on`) to the decision before `there(session, scene)`
    first holds. The app opens there and plays that last decision by keys, so that its widgets
    are as they were when the keys played the whole way (a choices' list keeps its scroll)."""
    first = new()
    at = len(played_on(first, lambda scene: there(first, scene)).game.history)
    session = new()
    return played_on(session, lambda _scene: len(session.game.history) >= at - 1)


def _history(n: int):  # type: ignore[no-untyped-def]
    return lambda s: len(s.game.history) >= n


def _first_disk(s: GameSession) -> bool:
    return s.decision is not None and s.decision.kind == "disk"


def _last_general_disk(s: GameSession) -> bool:
    """The last disk of the first general scoring: the next choice starts the display."""
    d = s.decision
    if d is None or d.kind != "disk" or d.context.get("purpose") != "castillo":
        return False
    clone = s.game.clone()
    clone.apply(d.choices[0])
    return clone.decision is None or clone.decision.kind != "disk"


@pytest.fixture
def snap_compare(snapshot, request):  # type: ignore[no-untyped-def]
    """The plugin's `snap_compare`, the shot taken once the app has settled rather than
    when the process looks idle (`shots.compare_settled`)."""
    return compare_settled(snapshot, request)


#: The runs shared by several snapshots (`shots`): one app, one screenshot after another.
SHOTS = Shots()

SIZES = [pytest.param((100, 30), id="100x30"), pytest.param((120, 40), id="120x40")]


def _in_both_sizes(app: Callable[[], ElGrandeApp], step: Step = None):  # type: ignore[no-untyped-def]
    """A run that does `step` at 100×30 and takes a shot, resizes to 120×40 and takes one."""
    return lambda: screenshots(app(), (100, 30), [("100x30", step), ("120x40", resized(120, 40))])


def _size_id(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def _title_then_settings() -> dict[str, str]:
    """The title screen, then the settings screen opened from it (`_settings_two_tabs`)."""
    return screenshots(ElGrandeApp(), SIZE, [("title", None), ("settings", _settings_two_tabs)])


def test_title_screen(snapshot, request) -> None:  # type: ignore[no-untyped-def]
    assert matches(snapshot, request, SHOTS.take("title", "title", _title_then_settings))


def _board_then_log() -> dict[str, str]:
    """A game at move 60, then the log in the map's place (`l`)."""
    return screenshots(app_at(4, 7, _history(60)), SIZE, [("board", None), ("log", _log)])


def test_mid_game_board(snapshot, request) -> None:  # type: ignore[no-untyped-def]
    assert matches(snapshot, request, SHOTS.take("mid-game", "board", _board_then_log))


def _at_the_curtain(names: list[str] | None = None, *then: tuple[str, Step]) -> dict[str, str]:
    """The app at the first secret disk, with the real quiet times on a clock that stands
    still: the curtain as it first rises (its letter waits for a quiet keyboard); then the
    clock moved on past the quiet times and the curtain lowered by its letter (the secret
    prompt behind it), then `then`."""
    session = session_at(3, 7, _first_disk, names)
    clock = ManualClock()
    app = ElGrandeApp(
        session=session, curtain_seed=0, guard_seconds=QUIET, take_over_seconds=TAKE_OVER,
        clock=clock,
    )  # fmt: skip

    async def lower(pilot: Pilot[None]) -> None:
        clock.advance(max(QUIET, TAKE_OVER) + 1.0)  # the keyboard quiet long enough
        await settle(pilot)
        await press(pilot, next_key(pilot.app))  # the curtain's letter

    return screenshots(app, SIZE, [("curtain", None), ("secret", lower), *then])


def test_curtain(snapshot, request) -> None:  # type: ignore[no-untyped-def]
    """Before a secret disk: the curtain covers everything."""
    assert matches(snapshot, request, SHOTS.take("curtain", "curtain", _at_the_curtain))


def test_secret_disk_prompt(snapshot, request) -> None:  # type: ignore[no-untyped-def]
    """Behind the lowered curtain: only the chooser's own view and choices."""
    assert matches(snapshot, request, SHOTS.take("curtain", "secret", _at_the_curtain))


async def _to_the_first_step(pilot: Pilot[None]) -> None:
    """On by keys to the first general scoring's display, at its first step."""
    await play(pilot, pick_first, until=lambda a: isinstance(a.screen, ScoringScreen))
    assert pilot.app.screen.index == 0  # type: ignore[attr-defined]


def _to_the_third_step(heading: str) -> Step:
    """Enter on the display until its third step (a region scored), the display's heading
    containing `heading`."""

    async def step(pilot: Pilot[None]) -> None:
        scr = pilot.app.screen
        assert isinstance(scr, ScoringScreen) and heading in scr.heading
        while scr.index < 3:
            await press(pilot, "enter")

    return step


async def _to_the_totals(pilot: Pilot[None]) -> None:
    await press(pilot, "escape")  # jump to the last step


def _general_scoring() -> dict[str, str]:
    """The first general scoring's display: its first step, a few steps in, its totals."""
    return screenshots(
        app_at(3, 7, _last_general_disk),
        SIZE,
        [
            ("first step", _to_the_first_step),
            ("display", _to_the_third_step("General scoring")),
            ("totals", _to_the_totals),
        ],
    )


def test_general_scoring_display(snapshot, request) -> None:  # type: ignore[no-untyped-def]
    """The first general scoring, a few steps in: a region scored with who got what and why."""
    assert matches(snapshot, request, SHOTS.take("scoring", "display", _general_scoring))


def test_general_scoring_first_step(snapshot, request) -> None:  # type: ignore[no-untyped-def]
    """A display's first step is drawn at once: its title, "step 1 of N", the Castillo's
    scoring and the key line (it used to stay blank until the first Enter)."""
    assert matches(snapshot, request, SHOTS.take("scoring", "first step", _general_scoring))


def test_general_scoring_totals(snapshot, request) -> None:  # type: ignore[no-untyped-def]
    """The last step of a general scoring: this scoring's totals and the running totals."""
    assert matches(snapshot, request, SHOTS.take("scoring", "totals", _general_scoring))


def test_game_over(snap_compare) -> None:  # type: ignore[no-untyped-def]
    def almost_over(s: GameSession) -> bool:
        clone = s.game.clone()
        while clone.decision is not None and clone.decision.kind != "disk":
            clone.apply(clone.decision.choices[0])
        return clone.round >= 9 and _first_disk(s) or s.decision is None

    async def run_before(pilot: Pilot[None]) -> None:
        await play(pilot, pick_first)

    session = played_on(session_at(2, 7, almost_over), lambda scene: isinstance(scene, GameOver))
    app = ElGrandeApp(session=session, curtain_seed=0)  # (a finished game opens on game over)
    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


# --- Korean (docs/i18n.md): the same screens in Korean, at the smallest and a roomier size -----


@pytest.fixture
def korean() -> None:
    use("ko")  # the autouse fixture in tests/conftest.py switches back to English


@pytest.mark.parametrize("size", SIZES)
def test_korean_mid_game_board(snapshot, request, korean, size) -> None:  # type: ignore[no-untyped-def]
    """Hangul names and regions, by terminal cells: the map, the players' columns, the cards,
    the prompt, the round track, the log and the footer."""
    run = _in_both_sizes(lambda: app_at(4, 7, _history(60), names=KOREAN_NAMES))
    assert matches(snapshot, request, SHOTS.take("ko mid-game", _size_id(size), run))


def _korean_curtain() -> dict[str, str]:
    """The curtain in Korean, then the secret prompt behind it at 100×30 and at 120×40."""
    return _at_the_curtain(KOREAN_NAMES, ("secret 120x40", resized(120, 40)))


@pytest.mark.parametrize("size", SIZES)
def test_korean_secret_disk_prompt(snapshot, request, korean, size) -> None:  # type: ignore[no-untyped-def]
    """Behind the lowered curtain: the secret disk prompt in Korean."""
    name = "secret" if size == (100, 30) else "secret 120x40"
    assert matches(snapshot, request, SHOTS.take("ko curtain", name, _korean_curtain))


def _korean_general_scoring() -> dict[str, str]:
    """The first general scoring in Korean: its first step at 100×30, then a few steps in at
    100×30 and at 120×40."""
    return screenshots(
        app_at(3, 7, _last_general_disk, names=KOREAN_NAMES),
        SIZE,
        [
            ("first step", _to_the_first_step),
            ("100x30", _to_the_third_step("일반 정산")),
            ("120x40", resized(120, 40)),
        ],
    )


@pytest.mark.parametrize("size", SIZES)
def test_korean_general_scoring_display(snapshot, request, korean, size) -> None:  # type: ignore[no-untyped-def]
    """A region of the first general scoring: who scored what, and why, in Korean."""
    svg = SHOTS.take("ko scoring", _size_id(size), _korean_general_scoring)
    assert matches(snapshot, request, svg)


def test_korean_general_scoring_first_step(snapshot, request, korean) -> None:  # type: ignore[no-untyped-def]
    """The first step of a general scoring, in Korean at 100×30: drawn at once."""
    svg = SHOTS.take("ko scoring", "first step", _korean_general_scoring)
    assert matches(snapshot, request, svg)


def _korean_game_over() -> ElGrandeApp:
    def almost_over(s: GameSession) -> bool:
        clone = s.game.clone()
        while clone.decision is not None and clone.decision.kind != "disk":
            clone.apply(clone.decision.choices[0])
        return clone.round >= 9 and _first_disk(s) or s.decision is None

    over = played_on(
        session_at(3, 7, almost_over, KOREAN_NAMES), lambda sc: isinstance(sc, GameOver)
    )
    return ElGrandeApp(session=over, curtain_seed=0)  # (a finished game opens on game over)


async def _play_to_the_end(pilot: Pilot[None]) -> None:
    await play(pilot, pick_first)


@pytest.mark.parametrize("size", SIZES)
def test_korean_game_over(snapshot, request, korean, size) -> None:  # type: ignore[no-untyped-def]
    """Final scores and the points by scoring: a table with Hangul names as column heads."""
    run = _in_both_sizes(_korean_game_over, _play_to_the_end)
    assert matches(snapshot, request, SHOTS.take("ko game over", _size_id(size), run))


def test_korean_curtain(snapshot, request, korean) -> None:  # type: ignore[no-untyped-def]
    """The curtain before a secret disk, in Korean."""
    assert matches(snapshot, request, SHOTS.take("ko curtain", "curtain", _korean_curtain))


def test_korean_title_screen(snap_compare, korean) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(ElGrandeApp(), terminal_size=SIZE)


# --- the table's rough edges (issue 18): each mended screen, in both languages -----------------


def _choosing_a_card(s: GameSession) -> bool:
    return (
        s.decision is not None and s.decision.kind == "action_card" and s.current.public.round >= 2
    )


@pytest.fixture
def _hints_by_play_outs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hints capped by play-outs, not seconds: the same picture on any machine."""
    from el_grande.app.screens import hints

    monkeypatch.setattr(hints, "HINT_BUDGET", 120.0)
    monkeypatch.setattr(hints, "HINT_ITERATIONS", 24)


async def _open_hints(pilot: Pilot[None]) -> None:
    from el_grande.app.screens.hints import HintScreen

    await press(pilot, "h")
    screen = pilot.app.screen
    assert isinstance(screen, HintScreen) and screen._worker is not None
    await screen._worker.wait()
    await pilot.pause()


async def _reopen_hints_at_120x40(pilot: Pilot[None]) -> None:
    """Esc, the terminal resized, `h` again: the hints made afresh at 120×40. (The hints
    resized with the terminal keep the scroll bar their 100×30 text needed.)"""
    await press(pilot, "escape")
    await pilot.resize_terminal(120, 40)
    await _open_hints(pilot)


def _hints(names: list[str] | None = None) -> dict[str, str]:
    return screenshots(
        app_at(3, 8, _choosing_a_card, names=names),
        (100, 30),
        [("100x30", _open_hints), ("120x40", _reopen_hints_at_120x40)],
    )


@pytest.mark.parametrize("size", SIZES)
def test_hints_beside_the_map(snapshot, request, _hints_by_play_outs, size) -> None:  # type: ignore[no-untyped-def]
    assert matches(snapshot, request, SHOTS.take("hints", _size_id(size), _hints))


@pytest.mark.parametrize("size", SIZES)
def test_korean_hints_beside_the_map(snapshot, request, korean, _hints_by_play_outs, size) -> None:  # type: ignore[no-untyped-def]
    svg = SHOTS.take("ko hints", _size_id(size), lambda: _hints(KOREAN_NAMES))
    assert matches(snapshot, request, svg)


async def _help(pilot: Pilot[None]) -> None:
    await press(pilot, "question_mark")


def test_help_keys(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(app_at(3, 7, _history(10)), terminal_size=SIZE, run_before=_help)


def test_korean_help_keys(snap_compare, korean) -> None:  # type: ignore[no-untyped-def]
    app = app_at(3, 7, _history(10), names=KOREAN_NAMES)
    assert snap_compare(app, terminal_size=SIZE, run_before=_help)


def _power_in_round_3(s: GameSession) -> bool:
    return s.decision is not None and s.decision.kind == "power" and s.current.public.round >= 3


async def _power_13(pilot: Pilot[None]) -> None:
    await press(pilot, "0")
    await press(pilot, "3")


def test_power_card_13_highlighted_in_view(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """Also: every card's whole name and first text line at 100×30, stable letters."""
    app = app_at(4, 7, _power_in_round_3)
    assert snap_compare(app, terminal_size=SIZE, run_before=_power_13)


def test_korean_power_cards_at_100x30(snap_compare, korean) -> None:  # type: ignore[no-untyped-def]
    app = app_at(5, 7, _power_in_round_3, names=KOREAN_NAMES)
    assert snap_compare(app, terminal_size=SIZE)


async def _log(pilot: Pilot[None]) -> None:
    await press(pilot, "l")


def test_the_log_in_the_maps_place(snapshot, request) -> None:  # type: ignore[no-untyped-def]
    assert matches(snapshot, request, SHOTS.take("mid-game", "log", _board_then_log))


async def _calculator_w(pilot: Pilot[None]) -> None:
    await press(pilot, "p")
    await press(pilot, "w")


def test_calculator_w_says_why(snap_compare) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(
        app_at(3, 5, _power_in_round_3), terminal_size=SIZE, run_before=_calculator_w
    )


async def _settings_two_tabs(pilot: Pilot[None]) -> None:
    for key in ("down", "down", "down", "enter", "tab", "tab"):
        await press(pilot, key)


def test_settings_label_follows_tab(snapshot, request) -> None:  # type: ignore[no-untyped-def]
    assert matches(snapshot, request, SHOTS.take("title", "settings", _title_then_settings))


# --- learn: the guided first game's coach (app/widgets/coach.py) -----------------------------


def _guided_at_first_placement() -> GameSession:
    """The guided game at the player's first placement, its "next to the King" lesson not
    met yet (the app's table meets it as the prompt opens: the coach lights the map)."""
    from el_grande.flow.guided import guided_session
    from el_grande.flow.scenes import Prompt

    from ..flow.test_guided import first_choice, flow_for, play

    session = guided_session()
    flow, clock = flow_for(session)
    flow.start()

    def placing() -> bool:
        scene = flow.scene
        return isinstance(scene, Prompt) and str(scene.decision.kind) == "placement"

    play(flow, clock, first_choice, until=placing)
    flow.close()
    session.lessons.remove("king")
    return session


@pytest.mark.parametrize("size", SIZES)
def test_guided_game_coach_at_the_start(snapshot, request, size) -> None:  # type: ignore[no-untyped-def]
    """The first lesson (power cards and turn order) beside the players it lights; at 100×30
    in the log's room."""
    run = _in_both_sizes(lambda: ElGrandeApp(learn=True, curtain_seed=0))
    assert matches(snapshot, request, SHOTS.take("coach at the start", _size_id(size), run))


def _coach_at_the_first_placement() -> dict[str, str]:
    """The guided game at the first placement at both sizes, then `[` twice (at 120×40, then
    back at 100×30)."""
    return screenshots(
        ElGrandeApp(session=_guided_at_first_placement(), curtain_seed=0),
        (100, 30),
        [
            ("lights 100x30", None),
            ("lights 120x40", resized(120, 40)),
            ("paged 120x40", _page_back_twice),
            ("paged 100x30", resized(100, 30)),
        ],
    )


@pytest.mark.parametrize("size", SIZES)
def test_guided_game_coach_lights_the_map(snapshot, request, size) -> None:  # type: ignore[no-untyped-def]
    svg = SHOTS.take("coach", f"lights {_size_id(size)}", _coach_at_the_first_placement)
    assert matches(snapshot, request, svg)


async def _page_back_twice(pilot: Pilot[None]) -> None:
    await press(pilot, "left_square_bracket")
    await press(pilot, "left_square_bracket")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_guided_game_coach_paged_back(snapshot, request, size) -> None:  # type: ignore[no-untyped-def]
    """`[` twice at the first placement: "Lesson 3 of 5", the action card's lesson, lighting
    the cards it speaks of; the prompt still waits for the placement."""
    svg = SHOTS.take("coach", f"paged {_size_id(size)}", _coach_at_the_first_placement)
    assert matches(snapshot, request, svg)


def test_korean_guided_game_coach(snap_compare, korean) -> None:  # type: ignore[no-untyped-def]
    session = _guided_at_first_placement()
    app = ElGrandeApp(session=session, curtain_seed=0)
    assert snap_compare(app, terminal_size=(100, 30))


async def _to_the_first_general_scoring(pilot: Pilot[None]) -> None:
    """By keys, from the guided game's start to its first general scoring's display (the
    player takes the first choice every time)."""

    def at_general(app: ElGrandeApp) -> bool:
        scr = app.screen
        return isinstance(scr, ScoringScreen) and scr.heading == t("scoring.heading_general", n=1)

    await play(pilot, pick_first, until=at_general)  # type: ignore[arg-type]
    await press(pilot, "enter")  # the display's first step: the Castillo
    await pilot.pause()


def _guided_before_the_first_general_scoring() -> GameSession:
    """The guided game (as `learn` starts it) at the decision that begins its first general
    scoring."""
    from el_grande.app.new_games import guided
    from el_grande.settings import Settings

    return _one_before(lambda: guided(Settings()), lambda s, _c: s.general_scorings >= 1)


def test_guided_game_coach_beside_a_general_scoring(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """The scoring display covers the right column; the coach, in the left, stays in view.
    (The app opens on the guided game one decision before the scoring and plays on by keys.)"""
    app = ElGrandeApp(
        session=_guided_before_the_first_general_scoring(), curtain_seed=0, bot_delay=0
    )
    assert snap_compare(app, terminal_size=(120, 40), run_before=_to_the_first_general_scoring)


def _tipped_app() -> ElGrandeApp:
    from el_grande.setup import GameSetup, default_seats

    names = ["Ana", "Ben", "Cy"]
    return ElGrandeApp(setup=GameSetup(default_seats(names), seed=7), curtain_seed=0)


def test_a_tip_in_one_line(snap_compare) -> None:  # type: ignore[no-untyped-def]
    """A normal game's first tip, above the log, at 100×30."""
    assert snap_compare(_tipped_app(), terminal_size=(100, 30))


def test_korean_tip_in_one_line(snap_compare, korean) -> None:  # type: ignore[no-untyped-def]
    assert snap_compare(_tipped_app(), terminal_size=(100, 30))


# --- what changed since your turn (issue 19 item 2) -------------------------------------------


def _much_changed(app: ElGrandeApp) -> bool:
    """A prompt whose changes since the player's turn include Caballeros and a score or the
    King (the marks of several kinds at once)."""
    from el_grande.app.screens.game import GameScreen
    from el_grande.flow.scenes import Prompt

    scr = app.screen
    if not isinstance(scr, GameScreen) or not scr.waiting_for_choice:
        return False
    scene = scr.flow.scene
    since = scene.since if isinstance(scene, Prompt) else None
    return since is not None and bool(since.caballeros) and bool(since.scores or since.king)


async def _to_a_marked_board(pilot: Pilot[None]) -> None:
    await play(pilot, until=_much_changed)


def _marked(scene: Scene) -> bool:
    """`_much_changed`'s prompt, as the table flow hands it to the screen."""
    since = scene.since if isinstance(scene, Prompt) else None
    return since is not None and bool(since.caballeros) and bool(since.scores or since.king)


def _marked_app(names: list[str] | None = None) -> ElGrandeApp:
    """The game of `app_at(3, 7, _history(20))`, opened a decision before `_marked`'s prompt
    (its "since your turn" memory rebuilt from the record) rather than at move 20."""
    session = _one_before(lambda: session_at(3, 7, _history(20), names), lambda _s, c: _marked(c))
    return ElGrandeApp(session=session, curtain_seed=0)


@pytest.mark.parametrize("size", SIZES)
def test_since_your_turn_board(snapshot, request, size) -> None:  # type: ignore[no-untyped-def]
    """▲ / ▼ by the chips, the King, a score and a court; the summary on the status line."""
    run = _in_both_sizes(_marked_app, _to_a_marked_board)
    assert matches(snapshot, request, SHOTS.take("since", _size_id(size), run))


def test_korean_since_your_turn_board(snap_compare, korean) -> None:  # type: ignore[no-untyped-def]
    app = _marked_app(KOREAN_NAMES)
    assert snap_compare(app, terminal_size=SIZE, run_before=_to_a_marked_board)


# --- confirm my turn (el_grande/flow/confirm.py, app/widgets/confirm.py) ----------------------


def _confirm_app(names: list[str] | None = None) -> tuple[ElGrandeApp, object]:
    """A two-person table with the confirm step on, just before a turn's last choice."""
    from pathlib import Path

    from el_grande.settings import Loaded, Settings
    from el_grande.setup import default_seats

    from ..flow.table import held_at, turn_ends

    session, choice = held_at(turn_ends)
    if names is not None:  # the same game with other names
        record = {**session.game.record(), "players": names[:2]}
        session = GameSession.from_record(record, default_seats(names[:2]))
    on = Loaded(Settings(confirm_turn=True), Path("settings.toml"))
    return ElGrandeApp(session=session, curtain_seed=0, settings=on), choice


def _held(choice: object):  # type: ignore[no-untyped-def]
    async def run_before(pilot: Pilot[None]) -> None:
        from .test_confirm import highlight

        await highlight(pilot, choice)  # type: ignore[arg-type]
        await press(pilot, "enter")
        await pilot.pause()

    return run_before


def _confirm_step(names: list[str] | None = None) -> dict[str, str]:
    app, choice = _confirm_app(names)
    return screenshots(app, (100, 30), [("100x30", _held(choice)), ("120x40", resized(120, 40))])


@pytest.mark.parametrize("size", SIZES)
def test_the_confirm_step(snapshot, request, size) -> None:  # type: ignore[no-untyped-def]
    """The turn's last placement held: the bar in the prompt's place, the board showing it."""
    assert matches(snapshot, request, SHOTS.take("confirm", _size_id(size), _confirm_step))


@pytest.mark.parametrize("size", SIZES)
def test_korean_confirm_step(snapshot, request, korean, size) -> None:  # type: ignore[no-untyped-def]
    svg = SHOTS.take("ko confirm", _size_id(size), lambda: _confirm_step(KOREAN_NAMES))
    assert matches(snapshot, request, svg)


# --- seats change hands (the seat menu, r) --------------------------------------------------------


async def _seat_menu(pilot: Pilot[None]) -> None:
    await press(pilot, "r")  # it opens on the seat whose decision it is, beside the map


def test_seat_menu(snap_compare) -> None:  # type: ignore[no-untyped-def]
    session = session_at(3, 7, _history(10))
    session.seat_to(2, "bot:strong")  # Cy's seat went to the Hard player
    app = ElGrandeApp(session=session, curtain_seed=0)
    assert snap_compare(app, terminal_size=SIZE, run_before=_seat_menu)
