"""A screen's side of a hosted table: what its connection has been told, decoded, and what the
screen asks, as messages (plain Python; no socket, no Textual).

`RemoteState.feed(text)` takes each message the host sends (`protocol.parse_server`, the
values rebuilt by the codec) and keeps the latest of everything a screen draws: the seating,
the scene, the decision id an answer must name, the display under way, the log, who is
connected, the hints and the review for this seat, the host's last refusal. Its listeners are
called after every message. The screen's intents (`answer`, `end_turn`, `take_back`,
`seen`, `hint`, `review`) become the protocol's messages, named by the ids the host gave,
and go to the link's `send` — the websocket client's (`el_grande.net.client.SocketLink`)
or a `LocalLink`'s.

A message that does not parse is dropped and counted (`broken`): a screen never falls over
what a host sent.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from el_grande.names import printable
from el_grande.narrate import Line, Tone
from el_grande.net import protocol as P
from el_grande.net.codec import CodecError, decode
from el_grande.net.table_clock import (
    NOTE_OUT_HARD,
    NOTE_OUT_HELD,
    NOTES,
    OUT_COMPUTER,
    ClockRules,
    ClockShown,
    spend,
)
from el_grande.text import t

if TYPE_CHECKING:
    from pydantic import BaseModel

    from el_grande.core import Choice, PublicView
    from el_grande.narrate import ScoringStep
    from el_grande.session import Seating

Listener = Callable[["RemoteState"], None]


class Link(Protocol):
    """What carries a screen's messages to the host: `send(text)`, one message."""

    def send(self, text: str) -> None: ...


class Connection(Protocol):
    """A hosted table's connection (`el_grande.net.table.Connection`)."""

    def receive(self, text: str | bytes) -> None: ...

    def gone(self) -> None: ...


class Host(Protocol):
    """A hosted table, as a link opens connections to it (`el_grande.net.table.HostedTable`)."""

    def open(self, send: Callable[[str], None], close: Callable[[], None]) -> Connection: ...


@dataclass(frozen=True, slots=True)
class Display:
    """A display the host sent whole: the screen steps through it at its own pace."""

    id: int
    heading: str
    steps: tuple[ScoringStep, ...]
    views: tuple[PublicView, ...]
    events: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Advice:
    """One of the Hard player's hints: the choice's notation and why."""

    choice: str
    text: str


class RemoteState:
    """Everything one connection has been told (see the module docstring). `link` carries
    the screen's messages to the host: a `Link` (its `send`) or a plain `send(text)`; None
    until there is one. Nothing is sent while the connection is not open (`connected`)."""

    def __init__(
        self,
        link: Link | Callable[[str], None] | None = None,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.send: Callable[[str], None] | None = (
            None if link is None else link if callable(link) else link.send
        )
        self.role: str | None = None  # "seat" or "spectator", once welcomed
        self.seat: int | None = None
        self.seating: Seating | None = None
        self.table: dict[str, Any] = {}
        self.scene: Any = None  # a SeatScene or SpectatorScene (never a display)
        self.decision_id: int | None = None
        self.scene_count = 0  # scenes received (`n` of the last)
        self.welcomes = 0  # welcomes received: one per connection the host took
        self.display: Display | None = None  # the display under way, until this screen saw it
        self.log: list[Line] = []
        self.log_epoch = 0
        self.presence: tuple[bool, ...] = ()
        self.watchers = 0
        self.hints: tuple[Advice, ...] | None = None
        self.hints_for: int | None = None  # the decision id the hints are for
        self.report: str | None = None  # the review of this seat (Markdown)
        self.report_complete = False
        self.refused: str | None = None  # the host's latest refusal (cleared by a scene)
        self.refused_id: int | None = None  # the decision id it named, if any
        self.refusals = 0  # refusals received: a screen tells a new one by the count
        self.bye: str | None = None  # why the host closed the connection
        #: The table clock (at a table with one): its rules, as told last, and when (`now`).
        self.clock_rules: ClockRules | None = None
        self.clock: ClockShown | None = None
        self.clock_at = 0.0
        self.now = now
        #: The table's own lines in the log (the clock ran out…): after the log's first `at`.
        self.notes: list[tuple[int, Line]] = []
        #: The notes that are news (not sent again to a screen coming in), in order: a screen
        #: says each once (a toast).
        self.news: list[Line] = []
        #: Per seat: its next changes of hands that a note has said already, not to be
        #: said again (`hushed`).
        self._hush: dict[int, int] = {}
        #: Counts the times the story (`story`: the log and the notes) was written again,
        #: not only added to: an undo at the host, a new connection's notes, a note placed
        #: before the log's last line. A screen draws it all again when it changes.
        self.story_epoch = 0
        self.connected = False  # a connection is open now (the client says)
        self.broken = 0  # messages dropped: they did not parse
        self.messages = 0  # messages taken
        self._listeners: list[Listener] = []

    # --- listening -----------------------------------------------------------------------------

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(state)` after every message and every change of the connection;
        returns a function that stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def _tell(self) -> None:
        for listener in tuple(self._listeners):
            listener(self)

    def set_connected(self, connected: bool) -> None:
        """The client opened (True) or lost (False) the connection."""
        if connected != self.connected:
            self.connected = connected
            self._tell()

    # --- what the host says -------------------------------------------------------------------

    @property
    def welcomed(self) -> bool:
        return self.role is not None

    def feed(self, text: str | bytes) -> None:
        """One message from the host: kept, then the listeners are told. A message that does
        not parse is dropped (`broken`)."""
        try:
            message = P.parse_server(text)
            self._take(message)
        except (P.ProtocolError, CodecError, TypeError, ValueError):
            self.broken += 1
            return
        self.messages += 1
        self._tell()

    def _take(self, message: Any) -> None:
        match message:
            case P.Welcome():
                self.welcomes += 1  # (a screen keeps no decision id across welcomes)
                self.role, self.seat = message.role, message.seat
                self.seating = decode(message.seating)
                self.table = dict(message.table)
                self.bye = None
                if self.notes:
                    self.notes, self.story_epoch = [], self.story_epoch + 1  # (sent again)
                self.clock_rules = _rules(self.table.get("clock"))
            case P.SceneMessage():
                self.scene = decode(message.scene)
                self.decision_id = message.id
                self.scene_count = message.n
                self.refused = self.refused_id = None
            case P.DisplayMessage():
                # The display comes between two scenes: the one before is over (its decision
                # was answered, or moved on), the next comes once the display is done.
                self.scene, self.decision_id = None, None
                self.display = Display(
                    message.display,
                    message.heading,
                    tuple(decode(message.steps)),
                    tuple(decode(message.views)),
                    tuple(decode(message.events)),
                )
            case P.LogMessage():
                lines = list(decode(message.lines))
                if message.epoch != self.log_epoch:
                    self.story_epoch += 1
                if message.epoch != self.log_epoch or message.start == 0:
                    self.log = lines
                else:
                    self.log = self.log[: message.start] + lines
                self.log_epoch = message.epoch
            case P.SeatingMessage():
                self.seating = decode(message.seating)
            case P.Presence():
                self.presence = tuple(message.connected)
                self.watchers = message.watchers
            case P.ClockMessage():
                self.clock_at = self.now()
                self.clock = ClockShown(
                    tuple(message.reserves),
                    message.running,
                    message.move,
                    message.paused,
                    tuple(message.away),
                    message.waiting,
                )
            case P.Note():
                if message.key not in NOTES:
                    raise ValueError("a note the table does not write")
                fields = {k: printable(v) for k, v in message.fields.items()}
                try:
                    text = t(message.key, **fields)
                except (KeyError, IndexError):
                    raise ValueError("a note's fields are not its sentence's") from None
                at = min(message.at, len(self.log))
                if at < len(self.log) or (self.notes and at < self.notes[-1][0]):
                    self.story_epoch += 1  # (not at the end: the story is written again)
                line = Line(text, Tone.LOUD)
                self.notes.append((at, line))
                if not message.again:
                    self.news.append(line)
                    seat = message.fields.get("seat", "")
                    if seat.isdigit():
                        self._hush[int(seat)] = self._changes(message.key)
                self.notes.sort(key=lambda note: note[0])
            case P.Hints():
                self.hints = tuple(Advice(a.choice, a.text) for a in message.advice)
                self.hints_for = message.id
            case P.Report():
                self.report, self.report_complete = message.text, message.complete
            case P.Refused():
                self.refused, self.refused_id = message.sentence, message.id
                self.refusals += 1
            case P.Bye():
                self.bye = message.sentence

    # --- what the screen asks -----------------------------------------------------------------

    def _send(self, message: BaseModel) -> bool:
        if self.send is None or not self.connected:
            return False
        self.send(P.dump(message))
        return True

    def answer(self, choice: Choice) -> bool:
        """Answer the decision on show with `choice` (sent with its id); False when there is
        nothing to answer or no connection."""
        if self.decision_id is None:
            return False
        return self._send(P.Answer(id=self.decision_id, choice=str(choice)))

    def end_turn(self) -> bool:
        if self.decision_id is None:
            return False
        return self._send(P.EndTurn(id=self.decision_id))

    def take_back(self) -> bool:
        if self.decision_id is None:
            return False
        return self._send(P.TakeBack(id=self.decision_id))

    def seen(self) -> None:
        """This screen has shown the display under way to its end: the host is told, and the
        screen goes back to the scene."""
        display = self.display
        if display is None:
            return
        self.display = None
        self._send(P.Seen(display=display.id))
        self._tell()

    def hint(self) -> bool:
        if self.decision_id is None:
            return False
        return self._send(P.HintAsk(id=self.decision_id))

    def review(self) -> bool:
        return self._send(P.ReviewAsk())

    def back(self) -> bool:
        """This seat's person is back (the computer player that took the seat when their
        time ran out gives it back)."""
        return self._send(P.Back())

    # --- read for the screen ------------------------------------------------------------------

    @property
    def story(self) -> list[Line]:
        """The log with the table's own lines (`notes`) in their places."""
        if not self.notes:
            return self.log
        lines: list[Line] = []
        at = 0
        for where, note in self.notes:
            lines += self.log[at:where]
            lines.append(note)
            at = max(at, where)
        return lines + self.log[at:]

    def _changes(self, key: str) -> int:
        """How many changes of hands the note `key` says (they follow it)."""
        if key == NOTE_OUT_HARD:
            return 2  # the Hard player's hand for one decision, and back
        if key == NOTE_OUT_HELD:  # the turn ended as it stood; with "computer", the seat went
            rules = self.clock_rules
            return 1 if rules is not None and rules.out == OUT_COMPUTER else 0
        return 1  # to a computer player, or back to its person

    def hushed(self, seat: int) -> bool:
        """Whether `seat`'s change of hands was said by a note already (the table says each
        note before its change: out of time, to a computer player or the Hard player for one
        decision, and back): the note tells it, not a toast of each change as well."""
        left = self._hush.get(seat, 0)
        if left <= 0:
            return False
        self._hush[seat] = left - 1
        return True

    @property
    def away(self) -> bool:
        """A computer player has this seat since its time ran out (`back` gives it back)."""
        clock = self.clock
        return clock is not None and self.seat is not None and self.seat in clock.away

    def clock_now(self) -> ClockShown | None:
        """The table clock as it stands now: counted down from what the host said, by this
        screen's own clock."""
        clock = self.clock
        if clock is None or clock.running is None or clock.paused:
            return clock
        seat, reserves = clock.running, list(clock.reserves)
        spent = max(0.0, self.now() - self.clock_at)
        move, reserves[seat] = spend(clock.move, reserves[seat], spent)
        return ClockShown(tuple(reserves), seat, move, False, clock.away, clock.waiting)


def _rules(data: object) -> ClockRules | None:
    """The welcome's clock rules (None: no clock, or none this screen can read)."""
    if not isinstance(data, dict):
        return None
    try:
        return ClockRules(float(data["move"]), float(data["reserve"]), str(data["out"]))
    except (KeyError, TypeError, ValueError):
        return None


class LocalLink:
    """An in-process connection to a `HostedTable`: the same text messages as a websocket
    carries, with no socket (the host's own keyboard, tests). `code` is said in the hello."""

    def __init__(self, table: Host, code: str, state: RemoteState | None = None) -> None:
        self.state = state if state is not None else RemoteState()
        self.state.send = self._send
        self._table = table
        self._code = code
        self._conn: Connection | None = None
        self._refused_at_once = False
        self.open()

    def open(self) -> None:
        """Connect (again): a new connection, the hello first."""
        if self._conn is not None:
            return
        self._refused_at_once = False
        conn = self._table.open(self.state.feed, self._closed)
        if self._refused_at_once:
            return  # (a closed table says bye and closes at once)
        self._conn = conn
        self.state.set_connected(True)
        conn.receive(P.dump(P.Hello(v=P.PROTOCOL, code=self._code)))

    def close(self) -> None:
        """The screen went away (or, in tests, the connection dropped)."""
        conn, self._conn = self._conn, None
        if conn is not None:
            conn.gone()
        self.state.set_connected(False)

    def _closed(self) -> None:
        self._conn, self._refused_at_once = None, True
        self.state.set_connected(False)

    def _send(self, text: str) -> None:
        if self._conn is not None:
            self._conn.receive(text)
