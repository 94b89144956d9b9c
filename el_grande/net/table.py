"""A hosted table: one authoritative game, and the connections of the screens that play and
watch it (plain Python, no asyncio: the transport is the server's, `el_grande.net.server`).

One director (`el_grande.flow.director`) runs the game; its beats go through one `Broadcast`
to the table's own policy (displays, the log) and to a seat's own screen (`OwnScreen`) for
every seat with a join code, and to ONE spectator policy (`Spectate`) that every watcher's
connection shares. A connection is a pair of callables of the transport's (`send(text)`,
`close()`) and what the transport hands back (`Connection.receive(text)`, `gone()`); every
text is one protocol message (`el_grande.net.protocol`), its values the codec's
(`el_grande.net.codec`).

    screens ─(hello, answer, seen, hint…)─▶ Connection ─▶ HostedTable ─▶ OwnScreen.answer
       ▲                                                      │              │
       └──── scene · display · log · presence · hints ◀───────┘ ◀── beats ◀──┘ Director

What a connection is sent, and nothing else:

* before its `hello` nothing; any other message, a bad code or another version of the
  protocol: `bye` and it is closed;
* after `welcome`: the log as far as the table may read it, who is connected, and the
  screen's scene now (or the display under way); then every change;
* a seat's connection: its OWN scenes (its own view, through `OwnScreen`: `private_view`),
  its own hints; a watcher's: the spectator's scenes (public views only); everybody: the
  displays (public), the log's lines (public), the seating, the presence.

Decision ids: each `Prompt` or `Confirm` a seat's screen shows gets a new id of the table's;
an answer (`end_turn`, `take_back`, `hint`) naming another id is refused ("That decision has
moved on.") and changes nothing, so a resent answer is applied once.

Displays: a screen is sent a scoring or reveal display whole, steps it at its own pace and
says `seen`; the table goes on once every open seat connection has seen it, or after
`display_wait` seconds a step at most (watchers are not waited for).

Seats come and go: with `gone_after`, a seat whose last connection closed is handed to a
computer player (`gone_level`) that many seconds later, and back to its person the moment
they connect again; `give_seat` does the same by hand. Seats change hands right after a
display, never during one.

Everything the table reacts to that comes from inside a beat (a transport that answers from
within `send`, a send that fails) is put off to the clock's next turn, so a beat reaches
every screen before the next one happens.
"""

from __future__ import annotations

import json
import secrets
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from itertools import count
from typing import TYPE_CHECKING, Any

from el_grande.flow.audience import Seat, private_view
from el_grande.flow.beats import Show
from el_grande.flow.broadcast import Broadcast
from el_grande.flow.confirm import ConfirmTurns
from el_grande.flow.director import Director
from el_grande.flow.feature import Features, Options
from el_grande.flow.own_screen import OwnScreen
from el_grande.flow.scenes import Confirm, Prompt, Showing
from el_grande.flow.seats import kinds
from el_grande.flow.spectate import Spectate
from el_grande.hands import HUMAN
from el_grande.net.codec import encode
from el_grande.net.codes import WATCH, Codes
from el_grande.net.protocol import (
    PROTOCOL,
    Answer,
    Back,
    Bye,
    ClockMessage,
    DisplayMessage,
    EndTurn,
    Hello,
    Hint,
    HintAsk,
    Hints,
    LogMessage,
    Note,
    Presence,
    ProtocolError,
    Refused,
    Report,
    ReviewAsk,
    SeatingMessage,
    Seen,
    TakeBack,
    Welcome,
    dump,
    parse_client,
)
from el_grande.net.report import Runner, full_review, seat_report
from el_grande.net.table_clock import (
    HARD_KIND,
    NOTE_BACK,
    NOTE_OUT_COMPUTER,
    NOTE_OUT_HARD,
    NOTE_OUT_HELD,
    OUT_COMPUTER,
    OUT_HARD,
    ClockKept,
    ClockRules,
    TableClock,
    clock_for,
)
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.bots.drive import Driver
    from el_grande.core import Decision
    from el_grande.flow.beats import Beat
    from el_grande.flow.clock import Cancel, Clock
    from el_grande.flow.scenes import SeatScene, SpectatorScene
    from el_grande.flow.thinker import Thinker
    from el_grande.session import GameSession, Update

__all__ = ["Connection", "HostSettings", "HostedTable", "people"]

SEAT, SPECTATOR = "seat", "spectator"


@dataclass(frozen=True)
class HostSettings:
    """How a hosted table plays.

    `bot_delay`: seconds each computer player's decision stays on the screens at least;
    `gone_after`: seconds after a person's seat lost its last connection that it goes to a
    computer player of `gone_level` (back to the person when they connect again; None:
    never); `display_wait`: seconds a step at most that a display waits for the seats'
    screens to have shown it; `confirm`: confirm my turn; `hint_budget` and
    `hint_iterations`: the Hard player's thinking for a hint (seconds, and at most so many
    play-outs: set them for a hint that does not depend on the machine); `clock`: the table
    clock's rules (`el_grande.net.table_clock`; None: no clock)."""

    bot_delay: float = 0.8
    gone_after: float | None = None
    gone_level: str = "bot:greedy"
    display_wait: float = 8.0
    confirm: bool = False
    hint_budget: float = 1.0
    hint_iterations: int | None = None
    clock: ClockRules | None = None

    def __post_init__(self) -> None:
        if self.gone_level == HUMAN or self.gone_level not in kinds():
            raise ValueError(
                f"gone_level must be a computer player's level, not {self.gone_level!r}"
            )


def people(session: GameSession) -> list[bool]:
    """Per seat: whether a person plays it or did (a computer player took it when their time
    ran out, or while they were gone, or by the host's hand): such a seat has a join code,
    so that its person can come back."""
    return [
        session.bot_level(seat) is None or any(kind == HUMAN for _, kind in session.hands(seat))
        for seat in range(len(session.seats))
    ]


def _json(data: Any) -> str:
    """JSON text as `protocol.dump` writes it (compact, as it is)."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def scene_text(n: int, decision: int | None, scene: str) -> str:
    """A `scene` message around a scene's JSON text encoded once (`_json(encode(scene))`):
    the very text `dump(SceneMessage(n=n, id=decision, scene=...))` writes."""
    return (
        f'{{"t":"scene","n":{n},"id":{"null" if decision is None else decision},"scene":{scene}}}'
    )


class Connection:
    """One screen's connection to the table (made by `HostedTable.open`). The transport
    hands it every text frame (`receive`) and says when it closed (`gone`)."""

    def __init__(
        self, table: HostedTable, send: Callable[[str], None], close: Callable[[], None]
    ) -> None:
        self._table = table
        self._send = send
        self._close = close
        #: "seat" or "spectator" once its hello opened one; None before.
        self.role: str | None = None
        self.seat: int | None = None
        #: Still open (neither closed by the table nor gone).
        self.open = True
        #: Its hello named no code of the table's (the server counts these per address).
        self.bad_code = False
        self._n = 0  # scene messages sent

    def __repr__(self) -> str:
        return f"Connection(role={self.role!r}, seat={self.seat!r}, open={self.open})"

    def receive(self, text: str | bytes) -> None:
        """One text frame from the screen: answered through `send`, if at all."""
        self._table._receive(self, text)

    def gone(self) -> None:
        """The transport closed (or failed): the table forgets this connection."""
        self._table._gone(self)

    def _next_n(self) -> int:
        self._n += 1
        return self._n


@dataclass
class _Display:
    """A display under way: its id, its message, and the seat connections it waits for."""

    id: int
    text: str
    steps: int
    waiting: set[Connection] = field(default_factory=set)
    timer: Cancel | None = None


@dataclass
class _HintJob:
    """Hints worked out for one decision id of one seat."""

    id: int
    cancel: Cancel | None = None
    text: str | None = None  # the `hints` message, once worked out


@dataclass
class _ReviewJob:
    """The review of one seat's decisions, under way or done."""

    cancel: Cancel | None = None
    text: str | None = None  # the `report` message, once worked out


class _Host:
    """The table's own policy in the broadcast: it hears each beat before the screens."""

    def __init__(self, table: HostedTable) -> None:
        self.table = table

    def beat(self, beat: Beat) -> None:
        self.table._beat(beat)


class _Advice:
    """Hints and the review for one seat's screens: worked out by the thinker (the Hard
    player's hints from the seat's own view, for its prompt on show; the review of its
    decisions once the game is over), sent to that seat's screens only."""

    def __init__(self, table: HostedTable, review: Runner) -> None:
        self.table = table
        self.session = table.session
        self.review = review
        self.hints: dict[int, _HintJob] = {}
        self.reviews: dict[int, _ReviewJob] = {}

    def close(self) -> None:
        jobs: list[_HintJob | _ReviewJob] = [*self.hints.values(), *self.reviews.values()]
        for job in jobs:
            if job.cancel is not None:
                job.cancel()
        self.hints.clear()
        self.reviews.clear()

    def hint(self, conn: Connection, ask: HintAsk) -> None:
        """Hints for this seat's prompt (`ask.id`), counted once they are shown."""
        table, seat = self.table, conn.seat
        assert seat is not None
        scene = table.screens[seat].scene
        if not self.session.hints:
            table._refuse(conn, t("hint.off"), ask.id)
            return
        if ask.id != table.decision_ids[seat] or not isinstance(scene, Prompt):
            table._refuse(conn, t("net.moved_on"), ask.id)
            return
        job = self.hints.get(seat)
        if job is not None and job.id == ask.id:
            if job.text is not None:
                table._to(conn, job.text)  # (worked out already: counted once)
            return  # (else under way: sent to the seat's screens when done)
        if job is not None and job.cancel is not None:
            job.cancel()
        from el_grande.bots.drive import position_seed  # start-up: with the first hint
        from el_grande.bots.hints import analyse

        d = scene.decision
        own = private_view(self.session, Seat(seat), seat)
        seed = position_seed(self.session.game, seat, "hint")
        budget, iterations = table.settings.hint_budget, table.settings.hint_iterations
        job = self.hints[seat] = _HintJob(ask.id)

        def think() -> object:
            return analyse(own, d, budget=budget, iterations=iterations, seed=seed)

        job.cancel = table.thinker(think, partial(self._hinted, seat, job, d))

    def _hinted(self, seat: int, job: _HintJob, d: Decision, result: object) -> None:
        job.cancel = None
        table = self.table
        if self.hints.get(seat) is not job or table.decision_ids.get(seat) != job.id:
            return  # the decision moved on: dropped
        if not isinstance(result, list):  # (the thinker hands over an exception)
            del self.hints[seat]
            table._to_seat(seat, dump(Refused(sentence=t("hint.failed"), id=job.id)))
            return
        names = self.session.seating.names
        advice = [Hint(choice=str(h.choice), text=h.reason_text(names, d)) for h in result]
        job.text = dump(Hints(id=job.id, advice=advice))
        if advice:
            self.session.hint_used(seat)  # (published: the seating goes to everybody)
        table._to_seat(seat, job.text)

    def review_for(self, conn: Connection) -> None:
        """The review of this seat's decisions (`el_grande.net.report`), once the game is
        over, worked out once."""
        table, seat = self.table, conn.seat
        if conn.role != SEAT or seat is None:
            table._refuse(conn, t("net.watching"))
            return
        if self.session.decision is not None:
            table._refuse(conn, t("net.review_not_over"))
            return
        job = self.reviews.get(seat)
        if job is not None:
            if job.text is not None:
                table._to(conn, job.text)
            return  # (under way: sent to the seat's screens when done)
        session, run = self.session, self.review
        job = self.reviews[seat] = _ReviewJob()
        job.cancel = table.thinker(
            lambda: seat_report(session, seat, run), partial(self._reviewed, seat, job)
        )

    def _reviewed(self, seat: int, job: _ReviewJob, result: object) -> None:
        job.cancel = None
        if self.reviews.get(seat) is not job:
            return
        if not isinstance(result, tuple):  # (the thinker hands over an exception)
            del self.reviews[seat]
            self.table._to_seat(seat, dump(Refused(sentence=t("net.review_failed"))))
            return
        text, complete = result
        job.text = dump(Report(text=str(text), complete=bool(complete)))
        self.table._to_seat(seat, job.text)


class _Hands:
    """Seats changing hands at a hosted table: a seat whose person is gone (its last screen
    closed `gone_after` seconds ago) to a computer player of `gone_level`, and back the
    moment they connect again; the host's `give_seat`. Right after a display, never during
    one (the director goes on from a seat's new hand: its `Reseated` beat)."""

    def __init__(self, table: HostedTable) -> None:
        self.table = table
        self.session = table.session
        self.settings = table.settings
        self.timers: dict[int, Cancel] = {}
        #: Seats handed to `gone_level` because their person was gone (given back on return).
        self.gone: set[int] = set()
        self.pending: dict[int, str] = {}

    def close(self) -> None:
        for cancel in self.timers.values():
            cancel()
        self.timers.clear()

    def left(self, seat: int) -> None:
        """A seat's last screen went: its person is gone (a computer player takes the seat
        `gone_after` seconds from now, if they are not back)."""
        after = self.settings.gone_after
        if after is None or self.session.kind(seat) != HUMAN or seat in self.timers:
            return
        self.timers[seat] = self.table.clock.call_later(after, partial(self._fired, seat))

    def _fired(self, seat: int) -> None:
        self.timers.pop(seat, None)
        table = self.table
        if table.closed or table.presence[seat] or self.session.kind(seat) != HUMAN:
            return
        self.gone.add(seat)
        self.give(seat, self.settings.gone_level)

    def away(self, seat: int) -> None:
        """The table clock ran out for `seat` ("computer"): a computer player of
        `gone_level` takes it until its person is back (`returned`)."""
        self.gone.add(seat)
        self.give(seat, self.settings.gone_level)

    def returned(self, seat: int) -> None:
        """A screen of `seat` connected: a computer player that took it while its person was
        gone gives it back at once."""
        cancel = self.timers.pop(seat, None)
        if cancel is not None:
            cancel()
        if seat in self.gone:
            self.gone.discard(seat)
            if self.pending.get(seat) == self.settings.gone_level:
                del self.pending[seat]
            elif self.session.kind(seat) == self.settings.gone_level:
                self.give(seat, HUMAN)

    def offered(self, seat: int) -> tuple[str, ...]:
        """Who may take `seat`: a computer player of any level, and its person only if the
        seat has a join code (without one, nobody could take it)."""
        has_code = 0 <= seat < len(self.session.seats) and self.table.codes.seats[seat]
        return tuple(k for k in kinds() if has_code or k != HUMAN)

    def give_seat(self, seat: int, kind: str) -> str | None:
        if not 0 <= seat < len(self.session.seats) or kind not in kinds():
            return t("seats.unknown")
        if kind not in self.offered(seat):
            return t("net.no_human", seat=seat + 1)
        self.gone.discard(seat)  # (the host's choice: it stays until the host's next)
        return self.give(seat, kind)

    def give(self, seat: int, kind: str) -> str | None:
        session, director = self.session, self.table.director
        if session.decision is None:
            return t("seats.over")
        if director.showing:
            self.pending[seat] = kind  # right after the display
            return None
        self.pending.pop(seat, None)
        if session.kind(seat) == kind:
            return None
        director.players.drop(seat)  # its search is cancelled, an answer dropped
        session.seat_to(seat, kind)  # the director's Reseated beat: it goes on from there
        self.table._flush()
        return None

    def apply_pending(self) -> None:
        if self.table.closed or self.table.director.showing:
            return
        for seat, kind in tuple(self.pending.items()):
            self.give(seat, kind)


class _Displays:
    """The displays of a hosted table: each sent whole to every screen when it begins (all
    its steps' boards, public), the game going on once every open seat connection has said
    `seen` (a watcher's is not waited for), or after `display_wait` seconds a step."""

    def __init__(self, table: HostedTable) -> None:
        self.table = table
        self.ids = count(1)
        self.current: _Display | None = None

    def begin(self, show: Showing) -> None:
        table = self.table
        self.end()
        table._flush()
        views = table.director.display_views()
        message = DisplayMessage(
            display=next(self.ids),
            heading=show.heading,
            steps=[encode(step) for step in show.steps],
            views=[encode(view) for view in views],
            events=[encode(event) for event in show.events],
        )
        display = self.current = _Display(message.display, dump(message), len(show.steps))
        for conn in table.welcomed():
            self.join(conn)
        wait = table.settings.display_wait * max(1, display.steps)
        display.timer = table.clock.call_later(wait, partial(self._seen, display))
        self._check()

    def join(self, conn: Connection) -> bool:
        """`conn` is sent the display under way (and waited for, a seat's), if one is."""
        display = self.current
        if display is None:
            return False
        if conn.role == SEAT:
            display.waiting.add(conn)
        self.table._deliver(conn, display.text)
        return True

    def end(self) -> None:
        """The director went on: the display is over."""
        display, self.current = self.current, None
        if display is not None and display.timer is not None:
            display.timer()
            display.timer = None

    def seen(self, conn: Connection, shown: int) -> None:
        display = self.current
        if display is not None and shown == display.id:
            display.waiting.discard(conn)
            self._check()

    def drop(self, conn: Connection) -> None:
        display = self.current
        if display is not None and conn in display.waiting:
            display.waiting.discard(conn)
            self._check()

    def _check(self) -> None:
        display = self.current
        if display is not None and not display.waiting:
            self.table._later(partial(self._seen, display))

    def _seen(self, display: _Display) -> None:
        """The display has been shown (every seat's screen said so, or its time is up): the
        director goes on (its last step, then the game)."""
        if self.current is not display or self.table.closed:
            return
        if display.timer is not None:
            display.timer()
            display.timer = None
        director = self.table.director
        director.last_step()  # (a display of one step ends here: the next beat came)
        if self.current is display:
            director.step()


class _Timekeeping:
    """The table clock at a hosted table (`el_grande.net.table_clock`): started and stopped
    by the seats' scenes (a person's prompt or held turn on show), paused by a display; out
    of time, the seat's decision goes as the rules say, and a note goes in every screen's
    log. Every screen is sent the clock as it changes; `keep` is handed what must survive a
    restart (`ClockKept`) whenever that changes."""

    def __init__(
        self, table: HostedTable, kept: ClockKept, keep: Callable[[ClockKept], None] | None
    ) -> None:
        self.table = table
        self.session = table.session
        self.clock = TableClock(kept, table.clock, self._out, self._changed)
        self.keep = keep
        #: The table's own lines in the log, after the log's first `at` lines (`Note`).
        self.notes: list[str] = []
        #: Called with each note's sentence (the host's output).
        self.heard: list[Callable[[str], None]] = []
        self._kept = kept
        self._dirty = False
        #: The seats whose person has had a screen here in this run of the host: the clocks
        #: start once every person's seat has (`waiting`), and then run whoever is connected.
        self.here: set[int] = set()
        for seat in kept.away:  # (a restarted host: given back when their person is back)
            if self.session.kind(seat) == table.settings.gone_level:
                table._hands.gone.add(seat)
        lent = kept.lent
        if lent is not None and self.session.kind(lent[0]) == HARD_KIND:
            d = self.session.decision
            if d is not None and d.player == lent[0] and len(self.session.game.history) == lent[2]:
                self.session.lent = lent

    def close(self) -> None:
        self.clock.close()

    @property
    def rules(self) -> ClockRules:
        return self.clock.rules

    @property
    def waiting(self) -> bool:
        """Whether a person's seat has had no screen here yet in this run (a new table, a
        restarted host): no clock runs until every one has."""
        session = self.session
        return any(
            seat not in self.here and session.bot_level(seat) is None for seat in self.table.screens
        )

    def arrived(self, seat: int) -> None:
        """A screen of `seat` said hello: once everybody is here, the clock on show runs."""
        if seat in self.here:
            return
        self.here.add(seat)
        self._changed()
        d = self.session.decision
        if not self.waiting and d is not None and d.player in self.table.screens:
            self.scene(d.player, self.table.screens[d.player].scene)

    def scene(self, seat: int, scene: object) -> None:
        """`seat`'s screen shows `scene`: a person's decision on show runs its clock."""
        session, run = self.session, self.clock.running
        d = session.decision
        if (
            isinstance(scene, Prompt | Confirm)
            and d is not None
            and d.player == seat
            and session.bot_level(seat) is None
            and not self.table.director.showing
            and not self.waiting
        ):
            self.clock.start(seat, len(session.game.history))
        elif run is not None and run.seat == seat:
            self.clock.stop()

    def check(self) -> None:
        """After every update: the decision on the clock is no longer at hand, it stops."""
        run, session = self.clock.running, self.session
        d = session.decision
        if run is not None and (
            d is None
            or d.player != run.seat
            or len(session.game.history) != run.moves
            or session.bot_level(run.seat) is not None
        ):
            self.clock.stop()

    def _changed(self) -> None:
        self._dirty = True

    def shown(self) -> str:
        shown = self.clock.shown(sorted(self.table._hands.gone))
        message = ClockMessage(
            reserves=[round(r, 3) for r in shown.reserves],
            running=shown.running,
            move=round(shown.move, 3),
            paused=shown.paused,
            away=list(shown.away),
            waiting=self.waiting,
        )
        return dump(message)

    def sync(self) -> None:
        """Every screen is sent the clock if it changed, and `keep` what it keeps."""
        kept = self.clock.kept(sorted(self.table._hands.gone), self.session.lent)
        if kept != self._kept:  # (a reserve, a seat away, a decision lent or given back)
            self._kept, self._dirty = kept, True
            if self.keep is not None:
                self.keep(kept)
        if self._dirty:
            self._dirty = False
            self.table._to_all(self.shown())

    def welcome(self, conn: Connection) -> None:
        """A screen that just came in: the clock, and the table's lines of the log."""
        self.table._deliver(conn, self.shown())  # (as it stands now: counted from here)
        for note in self.notes:
            self.table._deliver(conn, note)  # (`again`: the log's, not news)

    def note(self, key: str, seat: int) -> None:
        """A line of the table's own in every screen's log (and the host's output)."""
        table = self.table
        table._flush()  # (the log as far as it goes: the note comes after it)
        name = self.session.name(seat)
        fields = {"name": name[:64], "seat": str(seat)}
        note = Note(at=table._log_sent, key=key, fields=fields)
        self.notes.append(dump(note.model_copy(update={"again": True})))
        table._to_all(dump(note))
        for heard in tuple(self.heard):
            heard(t(key, name=name))

    def _out(self, seat: int, moves: int) -> None:
        """`seat`'s decision at `moves` choices is out of time (its own and the reserve)."""
        table, session = self.table, self.session
        d = session.decision
        if table.closed or d is None or d.player != seat or len(session.game.history) != moves:
            return
        screen = table.screens.get(seat)
        if screen is not None and isinstance(screen.scene, Confirm):
            self.note(NOTE_OUT_HELD, seat)  # its player's choice: the turn ends as it stands
            screen.end_turn()
            if self.rules.out == OUT_COMPUTER and session.decision is not None:
                table._hands.away(seat)
        elif self.rules.out == OUT_HARD:
            self.note(NOTE_OUT_HARD, seat)
            table.director.players.drop(seat)
            session.lend(seat, HARD_KIND)
        else:
            self.note(NOTE_OUT_COMPUTER, seat)  # (said first, as each of these: see `hushed`)
            table._hands.away(seat)
        table._flush()

    def back(self, conn: Connection) -> None:
        """A seat's screen says its person is back: a computer player that took the seat
        gives it back."""
        table, seat = self.table, conn.seat
        if conn.role != SEAT or seat is None:
            table._refuse(conn, t("net.watching"))
            return
        if seat not in table._hands.gone:
            table._refuse(conn, t("clock.not_away"))
            return
        self.note(NOTE_BACK, seat)  # (said first: the seat's change of hands is its)
        table._hands.returned(seat)


def _welcome(table: HostedTable, conn: Connection) -> Welcome:
    """The welcome of a screen whose hello opened a seat or the watchers' place: its role,
    the seating, and how the table plays (its clock's rules too)."""
    session = table.session
    options = session.game.options
    return Welcome(
        v=PROTOCOL,
        role="spectator" if conn.role == SPECTATOR else "seat",
        seat=conn.seat,
        seating=encode(session.seating),
        table={
            "hints": session.hints,
            "confirm": table.settings.confirm,
            "castillo": str(options.castillo.value),
            "rounds": options.rounds,
            "veto": options.veto,
            "players": len(session.seats),
            "clock": None if table.time is None else table.time.rules.data(),
        },
    )


class HostedTable:
    """One game hosted for screens across the wire (see the module docstring). `codes`:
    the table's join codes (a seat without one is a computer player's: no screen takes it)
    and its watch code; `bots`: who makes the computer players (`el_grande.bots.drive`)."""

    def __init__(
        self,
        session: GameSession,
        clock: Clock,
        thinker: Thinker,
        codes: Codes,
        *,
        settings: HostSettings | None = None,
        bots: Driver | None = None,
        review: Runner = full_review,
        ids: Iterator[int] | None = None,
        kept: ClockKept | None = None,
        keep: Callable[[ClockKept], None] | None = None,
    ) -> None:
        if len(codes.seats) != len(session.seats):
            raise ValueError("a table's codes have one entry per seat")
        self.session = session
        self.clock = clock
        self.thinker = thinker
        self.codes = codes
        self.settings = settings = HostSettings() if settings is None else settings
        options = Options(bot_delay=settings.bot_delay, auto_advance=None, confirm=settings.confirm)
        features = Features([ConfirmTurns(session)])
        features.configure(options)
        self.director = director = Director(session, clock, thinker, features, options, bots)
        #: A screen of its own for every seat with a join code (whoever plays it now).
        self.screens = {
            seat: OwnScreen(seat, session, director.answer)
            for seat, code in enumerate(codes.seats)
            if code is not None
        }
        #: The one spectator policy: every watcher's connection is shown its scenes.
        self.spectate = Spectate(session.current.public)
        director.attach(
            Broadcast(director.go_on, [_Host(self), *self.screens.values(), self.spectate])
        )
        for seat, screen in self.screens.items():
            screen.listen(partial(self._seat_scene, seat))
        self.spectate.listen(self._spectator_scene)
        self._unsubscribe: Callable[[], None] | None = session.subscribe(self._updated)
        self._connections: list[Connection] = []
        #: Decision ids: from a random start unless given (tests give `count(1)`), so that an
        #: answer to an id of this table's run before a restart never names one of this run.
        self._ids = ids if ids is not None else count(1 + secrets.randbelow(1 << 40))
        #: Per seat: the id of its Prompt or Confirm on show (None: none), its scene's JSON.
        self._decision: dict[int, int | None] = dict.fromkeys(self.screens)
        self._scene: dict[int, str | None] = dict.fromkeys(self.screens)
        self._spectator: str | None = None
        self._displays = _Displays(self)
        self._log_epoch = director.log_epoch
        self._log_sent = 0
        self._lines: list[Any] = []  # the codec's data of the log's lines sent
        self._seating = session.seating
        self._presence: tuple[tuple[bool, ...], int] | None = None
        self._hands = _Hands(self)
        self._advice = _Advice(self, review)
        #: The table clock (None: none): `settings.clock`'s rules, over the reserves `kept`
        #: (a restarted host's); what it keeps goes to `keep` as it changes.
        rules, seats = settings.clock, len(session.seats)
        self.time = (
            None if rules is None else _Timekeeping(self, clock_for(rules, kept, seats), keep)
        )
        self._inbox: deque[tuple[Connection, str | bytes]] = deque()
        self._sending = 0
        self.closed = False

    # --- starting and stopping -----------------------------------------------------------------

    def start(self) -> None:
        """Open the table on the session's latest position (the director's first beats)."""
        self.director.start()
        self._flush()

    def close(self) -> None:
        """The table is closed: every connection is told (`bye`) and closed; nothing more
        happens (a computer player's search and a hint's are dropped)."""
        if self.closed:
            return
        self.closed = True
        self.director.close()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._hands.close()
        self._advice.close()
        if self.time is not None:
            self.time.close()
        self._displays.end()
        bye = dump(Bye(sentence=t("net.closed")))
        for conn in tuple(self._connections):
            self._bye(conn, bye)

    def open(self, send: Callable[[str], None], close: Callable[[], None]) -> Connection:
        """A new connection from a screen: `send(text)` sends it one message, `close()`
        closes it. Nothing is sent before its hello."""
        conn = Connection(self, send, close)
        if self.closed:
            conn.open = False
            self._deliver(conn, dump(Bye(sentence=t("net.closed"))))
            close()
            return conn
        self._connections.append(conn)
        return conn

    # --- who is here ---------------------------------------------------------------------------

    @property
    def presence(self) -> tuple[bool, ...]:
        """Per seat: whether a screen of that seat is connected."""
        here = {c.seat for c in self._connections if c.open and c.role == SEAT}
        return tuple(seat in here for seat in range(len(self.session.seats)))

    @property
    def watchers(self) -> int:
        return sum(1 for c in self._connections if c.open and c.role == SPECTATOR)

    @property
    def connections(self) -> int:
        """Open connections (those that have not said hello yet too)."""
        return sum(1 for c in self._connections if c.open)

    @property
    def decision_ids(self) -> dict[int, int | None]:
        """Per seat with a screen: the id of its prompt or held turn on show (None: none)."""
        return dict(self._decision)

    # --- sending -------------------------------------------------------------------------------

    def _deliver(self, conn: Connection, text: str) -> None:
        self._sending += 1
        try:
            conn._send(text)
        except Exception:  # a transport that fails: the connection is gone (never the table)
            conn.open = False
            self.clock.call_later(0, partial(self._gone, conn, True))
        finally:
            self._sending -= 1

    def _to(self, conn: Connection, text: str) -> None:
        if conn.open and conn.role is not None:
            self._deliver(conn, text)

    def welcomed(self) -> list[Connection]:
        """The open connections that have said hello."""
        return [c for c in self._connections if c.open and c.role is not None]

    def _to_all(self, text: str) -> None:
        for conn in tuple(self._connections):
            self._to(conn, text)

    def _to_seat(self, seat: int, text: str) -> None:
        for conn in tuple(self._connections):
            if conn.role == SEAT and conn.seat == seat:
                self._to(conn, text)

    def _bye(self, conn: Connection, text: str) -> None:
        was = conn.open
        if was:
            self._deliver(conn, text)
        conn.open = False
        if conn in self._connections:
            self._connections.remove(conn)
        if was:
            conn._close()

    def _refuse(self, conn: Connection, sentence: str, decision: int | None = None) -> None:
        self._to(conn, dump(Refused(sentence=sentence, id=decision)))

    # --- the beats and the scenes ----------------------------------------------------------------

    def _beat(self, beat: Beat) -> None:
        """Each beat, before any screen hears it: a display begins (or ended), the log."""
        if isinstance(beat, Show):
            if beat.index == 0:
                if self.time is not None:
                    self.time.clock.pause()
                self._displays.begin(beat)
            return
        self._displays.end()  # (the director went on: a display under way is over)
        self._flush()
        if self._hands.pending:
            self._later(self._hands.apply_pending)

    def _seat_scene(self, seat: int, scene: SeatScene) -> None:
        if isinstance(scene, Showing):  # (the display is sent whole: `_Displays`)
            self._decision[seat], self._scene[seat] = None, None
            if self.time is not None:
                self.time.scene(seat, scene)
            return
        if self.time is not None:
            self.time.scene(seat, scene)
            self.time.sync()  # (the clock before the scene: a screen counts from there)
        decision = next(self._ids) if isinstance(scene, Prompt | Confirm) else None
        data = _json(encode(scene))
        self._decision[seat], self._scene[seat] = decision, data
        for conn in tuple(self._connections):
            if conn.open and conn.role == SEAT and conn.seat == seat:
                self._deliver(conn, scene_text(conn._next_n(), decision, data))

    def _spectator_scene(self, scene: SpectatorScene) -> None:
        if isinstance(scene, Showing):
            self._spectator = None
            return
        data = self._spectator = _json(encode(scene))
        for conn in tuple(self._connections):
            if conn.open and conn.role == SPECTATOR:
                self._deliver(conn, scene_text(conn._next_n(), None, data))

    def _updated(self, update: Update) -> None:
        """Every update of the session: a hint counted changes the seating (no beat)."""
        if self.time is not None:
            self.time.check()
        if update.kind.kept:
            self._flush()

    def _flush(self) -> None:
        """The log's lines the table may read now and a new seating, to everybody."""
        director, session = self.director, self.session
        shown, epoch = director.log_shown, director.log_epoch
        start = self._log_sent
        if epoch != self._log_epoch or shown < start:
            start = 0
        if shown > start or epoch != self._log_epoch:
            lines = [encode(line) for line in session.log[start:shown]]
            self._lines[start:] = lines  # (encoded once: a screen coming in gets them all)
            self._log_epoch, self._log_sent = epoch, shown
            self._to_all(dump(LogMessage(epoch=epoch, start=start, lines=lines)))
        if session.seating != self._seating:
            self._seating = session.seating
            self._to_all(dump(SeatingMessage(seating=encode(session.seating))))
        if self.time is not None:
            self.time.sync()

    def _presence_now(self) -> None:
        now = (self.presence, self.watchers)
        if now != self._presence:
            self._presence = now
            self._to_all(dump(Presence(connected=list(now[0]), watchers=now[1])))

    # --- the clock's next turn -----------------------------------------------------------------

    def _later(self, action: Callable[[], None]) -> None:
        self.clock.call_later(0, action)

    # --- a connection's messages ---------------------------------------------------------------

    def _receive(self, conn: Connection, text: str | bytes) -> None:
        if not conn.open or self.closed:
            return
        if self._sending or self._inbox:
            # From inside a send (an in-process transport answering at once): after this beat.
            self._inbox.append((conn, text))
            if len(self._inbox) == 1:
                self._later(self._drain)
            return
        self._handle(conn, text)

    def _drain(self) -> None:
        while self._inbox:
            conn, text = self._inbox.popleft()
            if conn.open and not self.closed:
                self._handle(conn, text)

    def _handle(self, conn: Connection, text: str | bytes) -> None:
        try:
            message = parse_client(text)
        except ProtocolError as exc:
            if conn.role is None:
                self._bye(conn, dump(Bye(sentence=str(exc))))
            else:
                self._refuse(conn, str(exc))
            return
        if conn.role is None:
            if not isinstance(message, Hello):
                self._bye(conn, dump(Bye(sentence=t("net.hello_first"))))
            else:
                self._hello(conn, message)
                self._flush()  # (what its coming changed: the clocks may start)
            return
        match message:
            case Hello():
                self._refuse(conn, t("net.hello_again"))
            case Seen():
                self._displays.seen(conn, message.display)
            case ReviewAsk():
                self._advice.review_for(conn)
            case Answer() | EndTurn() | TakeBack() | HintAsk() if conn.role != SEAT:
                self._refuse(conn, t("net.watching"), message.id)
            case Answer():
                self._answer(conn, message)
            case EndTurn() | TakeBack():
                self._held(conn, message)
            case HintAsk():
                self._advice.hint(conn, message)
            case Back() if self.time is not None:
                self.time.back(conn)
            case Back():
                self._refuse(conn, t("clock.none"))
        self._flush()

    def _hello(self, conn: Connection, hello: Hello) -> None:
        if hello.v != PROTOCOL:
            self._bye(conn, dump(Bye(sentence=t("net.version", v=PROTOCOL))))
            return
        opened = self.codes.opens(hello.code)
        if opened is None:
            conn.bad_code = True
            self._bye(conn, dump(Bye(sentence=t("net.no_code"))))
            return
        self._flush()  # (what the others have been sent: this screen gets it whole below)
        conn.role, conn.seat = (SPECTATOR, None) if opened == WATCH else (SEAT, opened)
        self._deliver(conn, dump(_welcome(self, conn)))
        log = LogMessage(epoch=self._log_epoch, start=0, lines=self._lines)
        self._deliver(conn, dump(log))
        before = self._presence
        self._presence_now()
        if self._presence == before and self._presence is not None:  # (else told everybody)
            here, watchers = self._presence
            self._deliver(conn, dump(Presence(connected=list(here), watchers=watchers)))
        if self.time is not None:
            if conn.seat is not None:
                self.time.arrived(conn.seat)
            self.time.welcome(conn)
        self._state(conn)
        if conn.seat is not None:
            if self.time is not None and conn.seat in self._hands.gone:
                self.time.note(NOTE_BACK, conn.seat)  # (said first: the change is its)
            self._hands.returned(conn.seat)

    def _state(self, conn: Connection) -> None:
        """What a screen that just came in is shown now: the display under way, or its
        scene (with its decision's id)."""
        if self._displays.join(conn):
            return
        seat = conn.seat
        data = self._spectator if seat is None else self._scene[seat]
        if data is not None:
            decision = None if seat is None else self._decision[seat]
            self._deliver(conn, scene_text(conn._next_n(), decision, data))

    def _answer(self, conn: Connection, answer: Answer) -> None:
        seat = conn.seat
        assert seat is not None
        screen = self.screens[seat]
        scene = screen.scene
        if answer.id != self._decision[seat] or not isinstance(scene, Prompt):
            self._refuse(conn, t("net.moved_on"), answer.id)
            return
        choice = next((c for c in scene.decision.choices if str(c) == answer.choice), None)
        if choice is None:
            self._refuse(conn, t("net.not_choice"), answer.id)
            return
        why = screen.answer(choice)
        if why is not None:
            self._refuse(conn, t("net.not_taken", why=why), answer.id)

    def _held(self, conn: Connection, message: EndTurn | TakeBack) -> None:
        seat = conn.seat
        assert seat is not None
        screen = self.screens[seat]
        if message.id != self._decision[seat] or not isinstance(screen.scene, Confirm):
            self._refuse(conn, t("net.moved_on"), message.id)
            return
        why = screen.end_turn() if isinstance(message, EndTurn) else screen.take_back()
        if why is not None:
            self._refuse(conn, t("net.not_taken", why=why), message.id)

    # --- seats come and go -------------------------------------------------------------------

    def _gone(self, conn: Connection, failed: bool = False) -> None:
        if conn not in self._connections:
            return
        conn.open = False
        self._connections.remove(conn)
        if failed:
            conn._close()
        self._displays.drop(conn)
        if self.closed or conn.role is None:
            return
        seat = conn.seat
        if seat is not None and not self.presence[seat]:
            self._hands.left(seat)
        self._presence_now()

    def offered(self, seat: int) -> tuple[str, ...]:
        """Who the host may give `seat` to (`give_seat`): a seat without a join code can
        only be a computer player's."""
        return self._hands.offered(seat)

    def give_seat(self, seat: int, kind: str) -> str | None:
        """The host gives `seat` to `kind` ("human", "bot:greedy"…): None when done (right
        after the display on show, if one is), else why not (nothing changed): only to one
        of `offered(seat)`."""
        return self._hands.give_seat(seat, kind)
