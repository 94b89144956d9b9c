"""Non-interference across the wire: what a hosted table sends a seat's screen, or a
watcher's, never depends on another seat's hidden information.

The twin games of tests/noninterference.py — the same seeded game twice, differing only in
(a) another seat's secret disk, (b) how a hidden Castillo splits between two players, (c) the
order of the action cards not turned up yet — are each hosted (el_grande/net/table.py) on a
manual clock, with the same codes (a seeded source), a scripted screen at every person's
seat and a watcher, and played on with the same answers. At every step until the reveal,
every message (as JSON) sent to each seat that may not know the difference, and to the
watcher, is the same in both; a message holding a seat's own view where it does not belong
is caught (a planted leak); no message holds the game's seed."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from unittest.mock import patch

import pytest

from el_grande.core import Choice, Event
from el_grande.flow import own_screen
from el_grande.flow.scenes import Confirm, Prompt
from el_grande.net.table import HostSettings
from el_grande.session import GameSession, Update
from tests.noninterference import CASTILLO, DECK, DISK, REVEALS, Twins, build

from .scripted import Hosted, Screen

#: Seeds of twelve digits (the sessions' are a hundred times larger and more).
SEEDS = (518_204_663_917, 620_118_457_330, 733_905_216_448, 845_361_772_059)


@dataclass
class Side:
    """One twin, hosted: a screen at each person's seat and a watcher; what the table was
    told (the public events) and every choice played, by whom."""

    hosted: Hosted
    screens: dict[int, Screen]
    watcher: Screen
    told: list[Event] = field(default_factory=list)
    moves: list[tuple[int | None, Choice | None]] = field(default_factory=list)
    split_at: int | None = None

    @property
    def session(self) -> GameSession:
        return self.hosted.session

    def sent(self, who: int | None, start: int = 0) -> list[Any]:
        """The messages sent to `who`'s screen (None: the watcher's), from `start` on."""
        screen = self.watcher if who is None else self.screens[who]
        return [json.loads(text) for text in screen.texts[start:]]


def _side(session: GameSession, settings: HostSettings) -> Side:
    told: list[Event] = []
    moves: list[tuple[int | None, Choice | None]] = []

    def played(update: Update) -> None:
        told.extend(update.events)
        if update.choice is not None:
            moves.append((update.chooser, update.choice))

    session.subscribe(played)
    hosted = Hosted(session, settings, codes_seed=11)
    people = [s for s in range(len(session.seats)) if session.bot_level(s) is None]
    side = Side(hosted, {s: hosted.screen(s) for s in people}, hosted.screen(None), told, moves)
    hosted.start()
    return side


def _settle(side: Side) -> None:
    """Run the table's clock until it waits for a person: the computer players have played,
    every display has been seen by every screen."""
    clock = side.hosted.clock
    for _ in range(10_000):
        for screen in (*side.screens.values(), side.watcher):
            display = screen.display
            if display is not None and display.display not in screen.seen:
                screen.seen.add(display.display)
                screen.send(t="seen", display=display.display)
        clock.run_due()
        if not clock.pending:
            return
        clock.advance(0.5)
    raise AssertionError("the table never settled")


def _at_hand(side: Side) -> Screen | None:
    """The screen whose person has something to answer (a prompt, a held turn)."""
    found = [s for s in side.screens.values() if isinstance(s.scene, Prompt | Confirm)]
    assert len(found) <= 1, "one person decides at a time"
    return found[0] if found else None


@dataclass
class Run:
    positions: int = 0
    compared: Counter[str] = field(default_factory=Counter)
    ended: str = ""
    sides: tuple[Side, ...] = ()


def run_wire(twins: Twins, seed: int, settings: HostSettings, limit: int = 300) -> Run:
    """Host both twins and play them with the same answers until the reveal, comparing at
    every step everything each seat outside `twins.privy`, and the watcher, has been sent."""
    rng = random.Random(seed)
    left, right = _side(twins.left, settings), _side(twins.right, settings)
    observers: list[int | None] = [s for s in left.screens if s not in twins.privy]
    observers.append(None)
    split, run = twins.split, Run(sides=(left, right))
    compared: dict[int | None, int] = {}
    for _ in range(limit):
        _settle(left)
        _settle(right)
        if not twins.boards_agree() or left.told != right.told:
            run.ended = _revealed(twins, left, right)
            return run
        for who in observers:  # (what was compared before was the same: the new messages)
            at = compared.get(who, 0)
            a, b = left.sent(who, at), right.sent(who, at)
            assert a == b, f"{twins.kind} leak to {who}: {_first(a, b, at)}"
            compared[who] = at + len(a)
            run.compared["watcher" if who is None else "seat"] += 1
        run.positions += 1
        mine, theirs = _at_hand(left), _at_hand(right)
        if mine is None:
            assert left.session.decision is None, "the table waits for nobody"
            run.ended = "over"
            return run
        assert theirs is not None and theirs.seat == mine.seat
        if isinstance(mine.scene, Confirm):
            assert isinstance(theirs.scene, Confirm)
            mine.send(t="end_turn", id=mine.decision)
            theirs.send(t="end_turn", id=theirs.decision)
            continue
        d, other = mine.scene.decision, theirs.scene
        if split is not None and d.player == split[0] and d.secret:
            picks, split = (split[1], split[2]), None
            left.split_at = len(left.moves)
        else:
            pick = d.choices[rng.randrange(len(d.choices))]
            if not isinstance(other, Prompt) or pick not in other.decision.choices:
                assert mine.seat in twins.privy, "the twins' decisions differ"
                run.ended = "diverged"  # a privy seat's own choices: not a leak
                return run
            picks = (pick, pick)
        mine.send(t="answer", id=mine.decision, choice=str(picks[0]))
        theirs.send(t="answer", id=theirs.decision, choice=str(picks[1]))
        assert not mine.refused and not theirs.refused
    run.ended = "limit"
    return run


def _first(a: list[Any], b: list[Any], at: int) -> str:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"message {at + i}: {json.dumps(x)[:300]} ≠ {json.dumps(y)[:300]}"
    return f"{len(a)} messages ≠ {len(b)} messages"


def _revealed(twins: Twins, left: Side, right: Side) -> str:
    """The public board or the table's story parted: only at one of the kind's reveals, or
    after a privy seat chose otherwise."""
    for i, (x, y) in enumerate(zip(left.moves, right.moves, strict=False)):
        if x != y and i != left.split_at:
            assert x[0] in twins.privy, f"{twins.kind}: seat {x[0]} chose {x[1]} / {y[1]}"
            return "diverged"
    a, b = left.told, right.told
    at = next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    first = (a[at:] or b[at:])[:1]
    assert first, f"{twins.kind}: the public board parted with nothing told"
    assert REVEALS[twins.kind](first[0], twins.privy), f"{twins.kind} leak: {first[0]!r}"
    return f"revealed by {type(first[0]).__name__}"


def _play(kind: str, i: int, players: int, bots: tuple[int, ...], **options: Any) -> Run:
    twins = build(kind, SEEDS[i], players, bots, **options)
    settings = HostSettings(bot_delay=0.2 * (i % 2), confirm=i % 2 == 1)
    run = run_wire(twins, i, settings)
    for side in run.sides:
        seed = str(side.session.game.seed)
        assert len(seed) >= 12
        for screen in (*side.screens.values(), side.watcher):
            assert all(seed not in text for text in screen.texts)
    return run


CASES = [
    (DISK, 0, 3, ()),
    (DISK, 1, 4, (2,)),
    (DISK, 2, 5, (0, 3)),
    (CASTILLO, 0, 3, ()),
    (CASTILLO, 1, 4, (1,)),
    (CASTILLO, 2, 5, (4,)),
    (DECK, 3, 2, ()),
    (DECK, 1, 4, (0,)),
]


@pytest.fixture(scope="module")
def runs() -> dict[tuple[str, int, int, tuple[int, ...]], Run]:
    """Every case hosted and compared once (each comparison is an assertion: a leak fails
    here), for the tests below."""
    return {case: _play(*case) for case in CASES}


def test_a_seat_and_a_watcher_are_sent_the_same_whatever_another_seat_hides(
    runs: dict[tuple[str, int, int, tuple[int, ...]], Run],
) -> None:
    """Every case compared its seats' and its watcher's messages at every step to its end:
    the reveal (the disks revealed, the Castillo scored, the next cards turned up), the game
    over, or a privy seat's own choice."""
    ends: Counter[str] = Counter()
    for (kind, _i, _players, _bots), run in runs.items():
        assert run.positions >= 2 and run.compared["watcher"] == run.positions, run
        assert run.ended.split(" by ")[0] in {"revealed", "over", "diverged"}, run
        ends[f"{kind} {run.ended.split(' by ')[0]}"] += 1
    assert ends["disk revealed"] == 3 and ends["castillo revealed"] >= 2, ends
    assert ends["deck revealed"] >= 1, ends


def test_persons_seats_are_compared_too_not_only_the_watcher(
    runs: dict[tuple[str, int, int, tuple[int, ...]], Run],
) -> None:
    seats = Counter({kind: 0 for kind in (DISK, CASTILLO, DECK)})
    for (kind, *_), run in runs.items():
        seats[kind] += run.compared["seat"]
    assert seats[DISK] >= 9 and seats[CASTILLO] > 100 and seats[DECK] > 30, seats


def test_a_planted_leak_is_caught() -> None:
    """A table whose seats' screens were shown a privy seat's own view (its hidden Castillo
    count) is caught at once."""
    twins = build(CASTILLO, SEEDS[0], 3)
    privy = min(twins.privy)
    original = own_screen.private_view

    def leaky(views: Any, audience: Any, seat: int) -> Any:
        return views.view_for(privy) if seat not in twins.privy else original(views, audience, seat)

    with (
        patch.object(own_screen, "private_view", leaky),
        pytest.raises(AssertionError, match="leak"),
    ):
        run_wire(twins, 0, HostSettings(bot_delay=0.0))
