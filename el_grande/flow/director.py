"""The director: what happens next at a table, for no audience in particular (plain Python).

It listens to the session's updates and works out the next beat (`el_grande.flow.beats`): a
person's decision, a scoring or reveal display step by step and at what pace, a computer
player's turn (its thinking handed to a `Thinker`, its pace, skipping ahead and running a
table of computer players to its end), the game over; and how much of the log the table may
read (a scoring's lines wait until its display is over). It hands each beat to its policy
(`Policy`: the hot-seat table's is `el_grande.flow.hotseat.HotSeat`), which turns it into a
scene for its audience and calls back `go_on` when a scene of its own (a curtain) is done.

It knows nothing of hand-overs, curtains or screens, and reads no private view: a computer
player is asked with its own seat's view, built for it alone. Its features
(`el_grande.flow.feature`) hear every update first, may keep a person's answer (confirm my
turn) and may wrap a computer player (the guided game's script).

    session ─(updates)─▶ Director ─(beats)─▶ policy ─(scenes)─▶ screens
                            ▲  │                │
                            │  └─ features ◀────┘ (prompt marks, scenes seen)
                            └──── answers, steps, skip ahead, go on
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from el_grande.core import Choice, Decision, IllegalChoice
from el_grande.core import events as E
from el_grande.flow.beats import (
    Beat,
    Chosen,
    Decide,
    Opened,
    Over,
    Reseated,
    Show,
    Undone,
)
from el_grande.flow.display import Display, split_displays, step_view
from el_grande.flow.players import ComputerPlayers
from el_grande.hands import bot_level, kind_at
from el_grande.narrate import ScoringStep, scoring_what
from el_grande.records import record
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.bots.drive import Driver
    from el_grande.core import PublicView
    from el_grande.flow.clock import Cancel, Clock
    from el_grande.flow.feature import Features, Options
    from el_grande.flow.thinker import Thinker
    from el_grande.session import GameSession, Update

Notice = Callable[[str], None]


class Policy(Protocol):
    """What the director hands its beats to: a policy turns them into scenes for an
    audience."""

    def beat(self, beat: Beat) -> None: ...


@record(frozen=False)
class _Queued:
    """A display waiting to be shown, with its steps once built."""

    display: Display
    steps: tuple[ScoringStep, ...] | None = None


class Director:
    """The director of one game at one table (see the module docstring). `policy` is set
    once, before `start` (`attach`)."""

    def __init__(
        self,
        session: GameSession,
        clock: Clock,
        thinker: Thinker,
        features: Features,
        options: Options,
        bots: Driver | None = None,
    ) -> None:
        self.session = session
        self.clock = clock
        self.thinker = thinker
        self.features = features
        self.auto_advance = options.auto_advance
        #: Whether the table can act now (no other screen on top of it): the director does
        #: nothing by itself while it cannot (a bot's answer, a display's next step wait),
        #: until `kick()`.
        self.may_act: Callable[[], bool] = lambda: True
        #: How many of the session's log lines the table may read now.
        self.log_shown = 0
        #: Counts undos: the log was rewritten (shorter) when it changes.
        self.log_epoch = 0
        #: `f` at a table of computer players only: no display stops the game until its end.
        self.run_to_end = False
        #: A sentence for the table when it opens (a resumed game: which scoring ended last).
        self.opening_note: str | None = None
        self._policy: Policy | None = None
        self._watchers: list[Callable[[Beat], None]] = []
        self._notices: list[Notice] = []
        self._to_show: list[_Queued] = []
        self._open: Display | None = None  # a scoring begun but not ended (disks to come)
        self._showing: _Queued | None = None
        self._index = 0  # the step of the display on show
        self._after_secret_of: int | None = None
        self._asked: Decision | None = None  # the person's decision handed out last
        #: The computer players' turns (`el_grande.flow.players`).
        self.players = ComputerPlayers(
            session,
            clock,
            thinker,
            features,
            self._emit,
            self._notice,
            lambda: self.may_act(),
            bots,
        )
        self.players.bot_delay = options.bot_delay
        self._stale = False  # something to do once the table can act again
        self._step_timer: Cancel | None = None
        self._step_due = False
        self._unsubscribe: Callable[[], None] | None = None

    def attach(self, policy: Policy) -> None:
        self._policy = policy

    def configure(self, options: Options) -> None:
        """The pace of the options (from the next computer player's decision or step on)."""
        self.players.bot_delay = options.bot_delay
        self.auto_advance = options.auto_advance

    def notices(self, notice: Notice) -> Callable[[], None]:
        """Call `notice(sentence)` for a passing message (a computer player failed); returns a
        function that stops it."""
        self._notices.append(notice)
        return lambda: self._notices.remove(notice) if notice in self._notices else None

    def watch(self, watcher: Callable[[Beat], None]) -> Callable[[], None]:
        """Hand every beat to `watcher` too, before the policy (an audience that only looks:
        a spectator); returns a function that stops it."""
        self._watchers.append(watcher)
        return lambda: self._watchers.remove(watcher) if watcher in self._watchers else None

    def _emit(self, beat: Beat) -> None:
        assert self._policy is not None, "a director hands its beats to a policy"
        for watcher in tuple(self._watchers):
            watcher(beat)
        self._policy.beat(beat)

    def _notice(self, text: str) -> None:
        for notice in tuple(self._notices):
            notice(text)

    # --- who sits where ----------------------------------------------------------------------

    def is_bot(self, seat: int) -> bool:
        return self.session.bot_level(seat) is not None

    def person_at(self, seat: int, index: int) -> bool:
        """Whether a person played decision `index` (0-based) of `seat` (its hands)."""
        return bot_level(kind_at(self.session.hands(seat), index)) is None

    @property
    def humans(self) -> bool:
        """Whether anybody at the table is a person."""
        return any(not self.is_bot(s) for s in range(len(self.session.seats)))

    @property
    def display_pace(self) -> float | None:
        """Seconds between a display's steps: the table's setting, or at a table with no
        person (nobody to step it) at least the computer players' pace."""
        if self.auto_advance is None and not self.humans:
            return max(1.0, 2 * self.players.bot_delay)
        return self.auto_advance

    # --- starting and stopping -------------------------------------------------------------

    def start(self) -> None:
        """Open the table on the session's latest update. A resumed game whose last choice
        ended a scoring or a reveal opens on the position after it, and `opening_note` says
        which scoring ended there (the log tells it; the display is not played again). A
        scoring still under way (its disks to come) is picked up when it goes on."""
        current = self.session.current
        self._queue(current)
        pending = bool(self._to_show)
        if self._to_show:
            last = self._to_show[-1].display
            why = last.why
            self.opening_note = (
                t("flow.resumed_reveal")
                if why is None
                else t("flow.resumed_scoring", what=scoring_what(why, last.general))
            )
            self._to_show = []
        self.log_shown = len(self.session.log)
        self.features.opened()
        if self.session.game.history:  # resumed, loaded
            self._reopened(current, pending)
        self._unsubscribe = self.session.subscribe(self._published)
        self._advance()

    def _reopened(self, current: Update, pending: bool) -> None:
        """A game opened part-way, from what its record left pending (docs/app.md,
        "Hand-overs"): a display or a curtain its last choice brought counts as shown, as it
        did live. (A held choice counts as its seat's answer when it is shown again.)"""
        chooser = current.chooser
        person = chooser is not None and self.person_at(chooser, current.moves - 1)
        self._emit(Opened(shown=pending or (current.secret and person)))
        nd = current.decision
        if current.secret and person and nd is not None and nd.secret:
            self._after_secret_of = chooser  # "Ana has chosen. Pass the keyboard…", as live

    def close(self) -> None:
        """The table is closed: nothing more happens (a bot's search is dropped)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._notices.clear()
        self._watchers.clear()
        self.players.drop()
        self.features.close()
        self._cancel_step()

    # --- the session's updates ---------------------------------------------------------------

    def _published(self, update: Update) -> None:
        if update.kind.kept:  # HELD, UNHELD, HINT, LESSON: the table made them; nothing to show
            return
        self.features.heard(update)
        if update.reseated:  # a seat changed hands; nothing was played
            self._reseated()
            return
        if update.undone:
            self._undone()
            return
        self._queue(update)
        if not self._to_show and self._showing is None:
            self.log_shown = len(self.session.log)
        if update.secret and update.chooser is not None:
            self._after_secret(update)
            return
        self._advance()

    def _queue(self, update: Update) -> None:
        """Put the scorings and reveals of `update` on the list of displays to show, each
        with the board as it stood when it began and the records of the scorings it ends."""
        batches, still_open = split_displays(
            update.events, self._open.events if self._open else None
        )
        records = list(update.scorings)  # the story's records of the scorings it ended
        for start, events in batches:
            if self._open is not None and events is self._open.events:
                display, self._open = self._open, None
            else:
                before = step_view(update.before, update.events[:start])
                display = Display(events, before, update.general)
            n = sum(1 for e in events if isinstance(e, E.ScoringEnded))
            display.records += records[:n]
            records = records[n:]
            self._to_show.append(_Queued(display))
        if still_open is not None and self._open is None:
            opened_at = next(i for i, e in enumerate(update.events) if e is still_open[0])
            start_view = step_view(update.before, update.events[:opened_at])
            self._open = Display(still_open, start_view, update.general)

    def _after_secret(self, update: Update) -> None:
        """A secret answer: what follows it is public only once the policy says so (`Chosen`:
        a hot-seat table's curtain first), unless a computer player's secret needs nobody to
        look away, or the next decision is a person's secret too (one curtain)."""
        seat = update.chooser
        assert seat is not None
        nd = update.decision
        if self.is_bot(seat) or (nd is not None and nd.secret and self.is_bot(nd.player)):
            # After a person's secret the board goes public at once while a computer player
            # chooses next (the next person gets their curtain when their turn comes).
            self._advance()
            return
        if nd is not None and nd.secret and not self._to_show:
            self._after_secret_of = seat  # one curtain: "Ana has chosen. Pass the keyboard…"
            self._advance()
            return
        self._emit(Chosen(seat, self.session.current.public))

    def _undone(self) -> None:
        """An undo: the game is back where the player's turn was; the log is rewritten."""
        self._to_show, self._open, self._showing = [], None, None
        self._cancel_step()
        self.log_epoch += 1
        self.log_shown = len(self.session.log)
        self._emit(Undone())
        self._advance()

    def _reseated(self) -> None:
        """The seating changed: the computer player at the decision thinks on, or the person
        at its prompt keeps it; else the decision at hand changed hands and starts again."""
        d = self.session.decision
        keeps = self.players.task is not None or (
            d is not None and self._asked is d and not self.is_bot(d.player)
        )
        self._emit(Reseated(again=not keeps))
        if not keeps:
            self._advance()  # a computer player's turn at once, or the person's decision

    # --- what comes next ---------------------------------------------------------------------

    def go_on(self) -> None:
        """The policy's own scene is done (a curtain lowered): what comes next."""
        self._advance()

    def _advance(self) -> None:
        if not self.may_act():
            self._stale = True
            return
        self._stale = False
        self._next()

    def _next(self) -> None:
        while self._to_show:
            queued = self._to_show.pop(0)
            if not self.run_to_end:
                self.players.skipping = False  # skipping ahead stops at a display
                self._show(queued, 0)
                return
            if not self._to_show:  # watching computer players run to the end: shown nowhere
                self.log_shown = len(self.session.log)
        session = self.session
        d = session.decision
        after, self._after_secret_of = self._after_secret_of, None
        if d is None:
            self._asked = None
            self._emit(Over(session.current.public))
            return
        if self.is_bot(d.player):
            self._asked = None
            self.players.start(d)
            return
        self.players.skipping = False  # a person decides: skipping ahead ends here
        self._asked = d
        pending = self.features.pending(d)  # a resumed game's turn held for its confirmation
        self._emit(pending or Decide(d.player, d, session.current.public, after))

    def answer(self, choice: Choice) -> str | None:
        """A person's legal answer to the decision at hand: kept by a feature (a held turn:
        its beat) or applied. None when done, else why not (the core refused; nothing
        changed)."""
        d = self.session.decision
        assert d is not None
        beat = self.features.answer(d, choice)
        if beat is not None:
            self._emit(beat)
            return None
        try:
            self.session.apply(choice)
        except IllegalChoice as exc:  # the core is the judge; nothing changed
            return str(exc)
        return None

    # --- displays ----------------------------------------------------------------------------

    def _show(self, queued: _Queued, index: int) -> None:
        if queued.steps is None:
            queued.steps = tuple(queued.display.steps(self.session.name))
        steps = queued.steps
        self._showing, self._index = queued, index
        if not steps:
            self._display_done()
            return
        step = steps[index]
        display = queued.display
        view = step_view(display.start, display.events[: step.upto])
        self._emit(Show(display.heading(), steps, index, view, step.place, tuple(display.events)))
        self._schedule_step()

    @property
    def showing(self) -> bool:
        """True while a scoring or reveal display is on the table."""
        return self._showing is not None

    def display_views(self) -> tuple[PublicView, ...]:
        """The board at every step of the display on show (each step's events played out
        from where it began; public, as its `Show` beats' views): a screen across the wire
        is sent the display whole and steps it at its own pace. Empty when none is on show."""
        queued = self._showing
        if queued is None or queued.steps is None:
            return ()
        display = queued.display
        return tuple(step_view(display.start, display.events[: s.upto]) for s in queued.steps)

    def step(self) -> None:
        """The display's next step (after its last: back to the game)."""
        self._step_to(self._index + 1)

    def last_step(self) -> None:
        """Jump to the display's last step (from there: back to the game)."""
        queued = self._showing
        if queued is not None and queued.steps is not None:
            self._step_to(len(queued.steps) - 1)

    def _step_to(self, index: int) -> None:
        queued = self._showing
        if queued is None or queued.steps is None:
            return
        if self._index >= len(queued.steps) - 1:
            self._display_done()
        else:
            self._show(queued, index)

    def _display_done(self) -> None:
        self._cancel_step()
        self._showing = None
        if not self._to_show:
            self.log_shown = len(self.session.log)
        self._advance()

    def _schedule_step(self) -> None:
        self._cancel_step()
        pace = self.display_pace
        if pace:
            self._step_timer = self.clock.call_later(pace, self._auto_step)

    def _auto_step(self) -> None:
        self._step_timer = None
        if not self.may_act():
            self._step_due = True  # under another screen: the step waits until it goes
            return
        self.step()

    def _cancel_step(self) -> None:
        self._step_due = False
        if self._step_timer is not None:
            self._step_timer()
            self._step_timer = None

    def skip_ahead(self) -> bool:
        """Computer players play without delay until the next person's decision or display
        (at a table of computer players only: to the end). False if there are none."""
        if not self.session.has_bots:
            return False
        self.players.skipping = True
        if not self.humans:
            self.run_to_end = True
            if self._showing is not None:
                self._display_done()
                return True
        self.players.hurry()
        return True

    # --- the table can act again -------------------------------------------------------------

    def kick(self) -> None:
        """The table may be able to act again (a screen on top of it went away): do what
        waited."""
        if not self.may_act():
            return
        self.players.resume()
        if self._stale:
            self._advance()
        elif self._step_due:
            self._step_due = False
            self.step()
