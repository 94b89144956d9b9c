"""Non-interference through the app (tests/noninterference.py): for a few positions of each
kind of hidden difference, the whole terminal as its audience sees it — board, players,
prompt and its ⚠ marks, since-your-turn marks, status line, coach, log — and every
tooltip the widgets would show (each place, each player, each card) are the same in two games
that differ only in another seat's hidden information, at every step until the reveal.

The twins run one after the other with the same answers (two apps in one loop would share
Textual's active app); each is driven on a clock the test moves and compared only when
settled: no computer player deciding, no warnings being weighed, nothing due on the clock."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from textual.pilot import Pilot

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.game import GameScreen
from el_grande.app.widgets.board import MapView
from el_grande.app.widgets.cards import CardList
from el_grande.app.widgets.log import GameLog
from el_grande.app.widgets.players import PlayersPanel
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.core import PLACES, Choice, Event
from el_grande.flow import cautions
from el_grande.flow.clock import ManualClock
from el_grande.flow.lessons import TIPS
from el_grande.flow.scenes import Confirm, GameOver, HintCurtain, Prompt, TakeOver
from el_grande.session import GameSession, Update
from tests.noninterference import (
    CASTILLO,
    DECK,
    DISK,
    KINDS,
    Audience,
    Twins,
    audience,
    build,
    differences,
    probe_weigh,
)

from .helpers import highlighted, press, screen_text, settle

SIZE = (100, 30)  # the smallest the game supports: the most cut to fit


@dataclass
class AppSide:
    """One twin on screen: the app, its clock, and what the table was told so far."""

    app: ElGrandeApp
    clock: ManualClock
    told: list[Event] = field(default_factory=list)


def _tip(widget: object) -> str:
    tip = getattr(widget, "tooltip", None)
    return "" if tip is None else str(getattr(getattr(tip, "text", tip), "plain", tip))


def app_text(side: AppSide, who: Audience) -> str:
    """The terminal's text (every screen composited) and the notifications on show."""
    app = side.app
    notes = [str(n.message) for n in app._notifications]  # type: ignore[attr-defined]
    del who  # the terminal shows one screen: the audience's (a curtain hides the rest)
    return "\n".join([screen_text(app), *notes])


def tooltip_text(side: AppSide, who: Audience) -> str:
    """Every tooltip the board's widgets would show, asked of the widgets themselves: each
    place on the map, each player, each face-up card."""
    del who
    screens = [s for s in side.app.screen_stack if isinstance(s, GameScreen)]
    if not screens:
        return ""
    scr = screens[-1]
    out = []
    board, players, cards = (
        scr.query_one(MapView),
        scr.query_one(PlayersPanel),
        scr.query_one(CardList),
    )
    # The pointer over each in turn, as the widgets see it (without repainting them).
    for place in PLACES:
        board.set_reactive(MapView.hover, place)
        board._tip()
        out.append(_tip(board))
    for seat in range(players.seating.count):
        players.set_reactive(PlayersPanel.hover, seat)
        players._tip()
        out.append(_tip(players))
    shown = scr.shown
    for card in () if shown is None else shown.view.face_up:
        cards.watch_hover(card)
        out.append(_tip(cards))
    board.set_reactive(MapView.hover, None)
    players.set_reactive(PlayersPanel.hover, None)
    for widget in (board, players, cards):
        widget.tooltip = None
    return "\n".join(out)


@dataclass
class Step:
    """One settled screen of one twin."""

    who: Audience
    scene: str
    public: object
    told: tuple[Event, ...]
    texts: tuple[str, str]


async def _settled(pilot: Pilot[None], side: AppSide) -> None:
    """Until nothing runs: no computer player deciding, no weighing, every quiet time over.
    The clock moves on only while the table waits for it (a quiet time, a computer player's
    pace), never while a worker thread thinks: how far it moves never depends on how fast a
    thread is."""
    side.clock.advance(1.0)  # the quiet times are over
    for _ in range(5000):
        await settle(pilot)
        flow = side.app.table
        task = None if flow is None else flow.bot_task
        if flow is None or flow.weighing or (task is not None and task.cancel is not None):
            await pilot.pause(0.001)  # a thread at work: wait for its answer
            continue
        if not flow.bot_playing:
            break
        side.clock.advance(1.0)  # a computer player's pace
    else:
        raise AssertionError("the app never settled")
    # The log follows its last line after a refresh (Textual's own timing): at the end, as
    # it settles, before the screen is read — every screen's log, the one under a curtain
    # too (the terminal shows it composited), until it stays at its end.
    logs = [log for scr in side.app.screen_stack for log in scr.query(GameLog)]
    for _ in range(20):
        for log in logs:
            log.scroll_end(animate=False, immediate=True)
        await settle(pilot)
        if all(log.scroll_y == log.max_scroll_y for log in logs):
            break
    # A scoring display lays its box out again once a step is drawn (`ScoringScreen._draw`,
    # after Textual's next refresh): that layout too, before the screen is read.
    for box in side.app.screen.query("#scoring-box"):
        box.refresh(layout=True)
    await settle(pilot)
    await pilot.pause()


async def _answer(pilot: Pilot[None], side: AppSide, choice: Choice) -> None:
    scr = side.app.screen
    assert isinstance(scr, GameScreen) and scr.decision is not None
    index = scr.decision.choices.index(choice)
    scr.query_one(DecisionPrompt).options.highlighted = index  # as the arrows would
    await settle(pilot)
    assert highlighted(scr) == index
    await press(pilot, "enter")


async def play_twin(
    session: GameSession, split: tuple[int, Choice] | None, seed: int, steps: int
) -> list[Step]:
    """Play `session` in the app for `steps` settled screens with answers drawn from
    `seed` (the same in both twins); `split`: a seat's secret answer that sets it apart."""
    clock = ManualClock()
    side = AppSide(ElGrandeApp(session=session, curtain_seed=0, bot_delay=0, clock=clock), clock)

    def told(update: Update) -> None:
        side.told.extend(update.events)

    session.subscribe(told)
    rng = random.Random(seed)
    out: list[Step] = []
    async with side.app.run_test(size=SIZE) as pilot:
        for _ in range(steps):
            await _settled(pilot, side)
            flow = side.app.table
            assert flow is not None
            scene = flow.scene
            texts = (app_text(side, None), tooltip_text(side, None))
            who = audience(scene)
            out.append(
                Step(who, type(scene).__name__, session.current.public, tuple(side.told), texts)
            )
            match scene:
                case GameOver():
                    break
                case TakeOver() | HintCurtain():
                    await press(pilot, scene.letter.lower())
                case Confirm():
                    await press(pilot, "t")
                case Prompt():
                    d = scene.decision
                    if split is not None and d.player == split[0] and d.secret:
                        choice, split = split[1], None
                    else:
                        choice = d.choices[rng.randrange(len(d.choices))]
                    await _answer(pilot, side, choice)
                case _:
                    await press(pilot, "enter")
    return out


def _compare(twins: Twins, left: list[Step], right: list[Step]) -> int:
    """Compare the twins' screens step by step until the reveal; the positions compared."""
    compared = 0
    for a, b in zip(left, right, strict=False):
        if a.public != b.public or a.told != b.told:
            break  # the reveal (the flow-level test checks it is one)
        if a.who in twins.privy:
            continue
        sides = ((a.texts[0], a.texts[1]), (b.texts[0], b.texts[1]))
        found = differences(sides[0], sides[1], a.who, [lambda s, _w: s[0], lambda s, _w: s[1]])
        assert not found, f"{twins.kind} leak on screen at step {compared} ({a.scene}): {found}"
        compared += 1
    return compared


#: Per kind, the games tried (seed, players) until 5 positions were compared: a disk's
#: secret step is short.
#: Seed, players, the seats computer players play, the coach (tips on the screen or none).
CASES: dict[str, list[tuple[int, int, tuple[int, ...], str | None]]] = {
    DISK: [(2001, 5, (), TIPS)],
    CASTILLO: [(2003, 3, (), None)],
    DECK: [(2004, 3, (1,), TIPS)],
}
STEPS = 8


@pytest.mark.parametrize("kind", KINDS)
async def test_the_screen_shows_nothing_of_another_seats_hidden_information(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cautions, "DRAWS", 1)  # ⚠ marks weighed (in the app's worker thread)
    monkeypatch.setattr(cautions, "weigh", probe_weigh)
    positions = 0
    for seed, players, bots, coach in CASES[kind]:
        options = {} if kind == CASTILLO else {"castillo": "hidden"}
        twins = build(kind, seed, players, bots, **options)  # type: ignore[arg-type]
        twins.left.coach = twins.right.coach = coach
        split = twins.split
        apart = (None, None) if split is None else ((split[0], split[1]), (split[0], split[2]))
        left = await play_twin(twins.left, apart[0], seed, STEPS)
        right = await play_twin(twins.right, apart[1], seed, STEPS)
        # The apps played the twins themselves (never a game rebuilt from the shared record).
        assert twins.left.game.snapshot() != twins.right.game.snapshot()
        positions += _compare(twins, left, right)
    assert positions >= 5, positions
