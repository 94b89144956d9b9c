"""Scripted screens over a `HostedTable`'s connections (no socket): each keeps every text it
was sent (checked with `parse_server`, decoded with the codec) and plays its seat as a person
would — answers its prompt, ends its held turn, says `seen` at the end of a display — only
through the messages of the protocol.

`Hosted` builds a seeded table on a manual clock with `thinker_on(clock)` and its codes from
a seeded source; `drive` runs the clock and the scripts until the game is over (or a test's
own condition)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import count
from typing import Any

from el_grande.core import Choice, Decision
from el_grande.flow.clock import ManualClock
from el_grande.flow.scenes import Confirm, GameOver, Prompt
from el_grande.flow.thinker import thinker_on
from el_grande.narrate import Line
from el_grande.net.codec import decode
from el_grande.net.codes import Codes
from el_grande.net.protocol import (
    PROTOCOL,
    Bye,
    ClockMessage,
    DisplayMessage,
    Hints,
    LogMessage,
    Note,
    Presence,
    Refused,
    Report,
    SceneMessage,
    SeatingMessage,
    Welcome,
    parse_server,
)
from el_grande.net.table import Connection, HostedTable, HostSettings, people
from el_grande.session import GameSession
from el_grande.setup import GameSetup, SeatSetup, default_seats
from tests.flow.table import NAMES, SECRET_CARDS


@dataclass
class Screen:
    """One screen's connection, as a client would keep it."""

    table: HostedTable
    code: str
    texts: list[str] = field(default_factory=list)
    closed: bool = False
    role: str | None = None
    seat: int | None = None
    seating: Any = None
    decision: int | None = None
    n: int = 0
    display: DisplayMessage | None = None
    seen: set[int] = field(default_factory=set)
    log: list[Line] = field(default_factory=list)
    epoch: int = 0
    presence: Presence | None = None
    refused: list[Refused] = field(default_factory=list)
    hints: list[Hints] = field(default_factory=list)
    reports: list[Report] = field(default_factory=list)
    clocks: list[ClockMessage] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    bye: str | None = None
    #: Every scene as sent (the codec's data; a display: its message), in order.
    sent: list[Any] = field(default_factory=list)
    answered: set[int] = field(default_factory=set)
    conn: Connection | None = None
    #: Where the latest scene is in `sent` (None: no scene yet).
    _at: int | None = None
    #: The scenes of `sent` decoded so far, by their place there: each is decoded once,
    #: whether the script reads it as `scene` or a test as one of `scenes` (the codec's
    #: time is the tests' largest).
    _decoded: dict[int, Any] = field(default_factory=dict)

    def _decode(self, at: int) -> Any:
        got = self._decoded.get(at)
        if got is None:
            got = self._decoded[at] = decode(self.sent[at])
        return got

    @property
    def scene(self) -> Any:
        """The latest scene, decoded."""
        return None if self._at is None else self._decode(self._at)

    @property
    def scenes(self) -> list[Any]:
        """Every scene decoded, in order (a display: its message)."""
        return [
            m if isinstance(m, DisplayMessage) else self._decode(i) for i, m in enumerate(self.sent)
        ]

    def connect(self, hello: bool = True) -> Screen:
        self.conn = self.table.open(self._got, self._close)
        if hello:
            self.send(t="hello", v=PROTOCOL, code=self.code)
        return self

    def send(self, **message: object) -> None:
        assert self.conn is not None
        self.conn.receive(json.dumps(message))

    def gone(self) -> None:
        assert self.conn is not None
        self.conn.gone()
        self.closed = True

    def _close(self) -> None:
        self.closed = True

    @property
    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(text) for text in self.texts]

    def _got(self, text: str) -> None:
        assert not self.closed, "a closed connection is sent nothing"
        self.texts.append(text)
        m = parse_server(text)
        match m:
            case Welcome():
                assert self.role is None, "one welcome"
                self.role, self.seat, self.seating = m.role, m.seat, decode(m.seating)
            case SceneMessage():
                assert m.n == self.n + 1, "scenes are counted one by one"
                self.n = m.n
                self._at, self.decision, self.display = len(self.sent), m.id, None
                self.sent.append(m.scene)
            case DisplayMessage():
                self.display = m
                self.sent.append(m)
            case LogMessage():
                if m.start == 0:
                    self.log, self.epoch = [], m.epoch
                assert m.epoch == self.epoch and m.start == len(self.log), "the log in order"
                self.log += [decode(line) for line in m.lines]  # (small)
            case SeatingMessage():
                self.seating = decode(m.seating)
            case Presence():
                self.presence = m
            case Hints():
                self.hints.append(m)
            case Report():
                self.reports.append(m)
            case Refused():
                self.refused.append(m)
            case ClockMessage():
                self.clocks.append(m)
            case Note():
                self.notes.append(m)
            case Bye():
                self.bye = m.sentence

    # --- a person at this screen --------------------------------------------------------------

    def act(self, pick: Callable[[Decision], Choice]) -> bool:
        """What a person at this screen does next, if anything: `seen` at a display, an answer
        at its prompt (`pick`), `end_turn` at its held turn. True if it sent something."""
        if self.closed or self.role is None:
            return False
        display = self.display
        if display is not None:
            if display.display in self.seen:
                return False
            self.seen.add(display.display)
            self.send(t="seen", display=display.display)
            return True
        d = self.decision
        if d is None or d in self.answered:
            return False
        self.answered.add(d)
        scene = self.scene
        if isinstance(scene, Prompt):
            self.send(t="answer", id=d, choice=str(pick(scene.decision)))
        elif isinstance(scene, Confirm):
            self.send(t="end_turn", id=d)
        return True

    @property
    def over(self) -> bool:
        return isinstance(self.scene, GameOver)


def picker(rng: random.Random) -> Callable[[Decision], Choice]:
    """A scripted player's answers: a secret card half the time it can (to reach secret
    steps), else any legal choice."""

    def pick(d: Decision) -> Choice:
        choice = next((c for c in d.choices if c.arg in SECRET_CARDS), None)
        if choice is None or rng.random() < 0.5:
            choice = rng.choice(d.choices)
        return choice

    return pick


def session_of(
    seed: int,
    players: int,
    bots: dict[int, str] | Sequence[int] = (),
    **options: Any,
) -> GameSession:
    """A seeded session: computer players (greedy unless named) in the seats of `bots`."""
    levels = bots if isinstance(bots, dict) else dict.fromkeys(bots, "greedy")
    seats = tuple(
        SeatSetup(s.name, s.colour, f"bot:{levels[i]}" if i in levels else "human")
        for i, s in enumerate(default_seats(NAMES[:players]))
    )
    return GameSession.new(GameSetup(seats, seed=seed, **options))


@dataclass
class Hosted:
    """A hosted table on a manual clock, its codes drawn from a seeded source."""

    session: GameSession
    settings: HostSettings = field(default_factory=lambda: HostSettings(bot_delay=0.2))
    codes_seed: int = 7
    review: Any = None
    #: The decision ids (None: the host's own, from a random start).
    ids: Any = field(default_factory=lambda: count(1))
    #: Who makes the computer players (None: the table's own); the table clock kept, and
    #: where what it keeps goes.
    bots: Any = None
    kept: Any = None
    keep: Any = None

    def __post_init__(self) -> None:
        self.clock = ManualClock()
        self.codes = Codes.new(people(self.session), random.Random(self.codes_seed))
        extra: dict[str, Any] = {} if self.review is None else {"review": self.review}
        extra.update(bots=self.bots, kept=self.kept, keep=self.keep)
        self.table = HostedTable(
            self.session,
            self.clock,
            thinker_on(self.clock),
            self.codes,
            settings=self.settings,
            ids=self.ids,
            **extra,
        )

    def screen(self, seat: int | None, *, hello: bool = True) -> Screen:
        """A screen with `seat`'s code (None: the watch code), connected."""
        code = self.codes.watch if seat is None else self.codes.seats[seat]
        assert code is not None
        return Screen(self.table, code).connect(hello)

    def start(self) -> Hosted:
        self.table.start()
        self.clock.run_due()
        return self

    def drive(
        self,
        screens: Sequence[Screen],
        pick: Callable[[Decision], Choice],
        *,
        until: Callable[[], bool] | None = None,
        step: float = 0.5,
        limit: int = 20_000,
    ) -> None:
        """Run the clock and let each screen act, until the game is over (and every screen
        shows it) or `until()`."""
        for _ in range(limit):
            self.clock.run_due()
            if until is not None and until():
                return
            acted = False
            for screen in screens:
                acted = screen.act(pick) or acted
            if acted:
                continue
            if self.session.decision is None and not self.table.director.showing:
                assert until is None, "the game ended first"
                return
            assert self.clock.pending, "the table waits for nobody"
            self.clock.advance(step)
        raise AssertionError("the game never ended")
