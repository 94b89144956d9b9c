"""The table's flow: what the table must show next, and the players' answers (plain Python).

The flow sits between the session (which applies choices and publishes one update per
choice) and whatever shows the table (the app's game screen; tests drive it directly):

    keys, clicks ─▶ screen ─(input stamps, answers, take-overs, steps)─▶ TableFlow
                      ▲                                                   │   ▲
                      └─────────── scenes: Prompt · TakeOver · Curtain ◀──┘   │ updates
                                   Showing · BotTurn · HintCurtain ·          │
                                   Hinting · Confirm · GameOver           GameSession

It decides, once and without Textual: who acts now; whether a hand-over, a take-over or a
curtain comes first and how long its quiet time is (`el_grande.flow.handover`); which
scoring displays to play, step by step, and at what pace; a computer player's turn, its
thinking (handed to a `Thinker`) and its pace; skipping ahead; when a hint may be asked and
behind which curtain; when undo is allowed; and how much of the log the table may read (a
scoring's lines wait until its display is over). Its clock is injected
(`el_grande.flow.clock`), so every table state is tested without a screen or a sleep.

A screen renders `flow.scene` whenever the flow calls its listener, and turns keys and
clicks into calls: `input` for every raw key, click and paste (the hand-over guard), then
`answer`, `take_over`, `lower`, `step`, `last_step`, `skip_ahead`, `undo`, `hint`…
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING

from el_grande.core import Choice, Decision, IllegalChoice, View
from el_grande.core import events as E
from el_grande.flow import cautions, seats
from el_grande.flow.audience import Seat, Table, private_view
from el_grande.flow.cautions import Caution, court_cautions, first_cursor, merged
from el_grande.flow.changes import Changes, SinceMemory, changes
from el_grande.flow.clock import Cancel, Clock
from el_grande.flow.confirm import Preview, preview
from el_grande.flow.display import Display, split_displays, step_view
from el_grande.flow.handover import (
    LETTERS,
    NOBODY,
    QUIET,
    TAKE_OVER,
    HandOverGuard,
    HandOvers,
    Input,
    Wait,
    letter_matches,
)
from el_grande.flow.lessons import LEARN, Coach
from el_grande.flow.scenes import (
    BotTurn,
    Confirm,
    Curtain,
    GameOver,
    HintCurtain,
    Hinting,
    Prompt,
    Scene,
    Showing,
    TakeOver,
)
from el_grande.hands import bot_level, kind_at
from el_grande.narrate import ScoringStep, scoring_what
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.bots.base import Bot
    from el_grande.session import GameSession, Update


#: What a `Thinker` is asked to run off the table's thread (a bot's choice, a decision's
#: cautions), and how it answers: with the result or the exception.
Think = Callable[[], object]
Done = Callable[[object], None]
#: Runs `think` (in a thread, in the app) and calls `done` with its answer or its exception on
#: the table's thread; returns a function that cancels it (its answer is then dropped).
Thinker = Callable[[Think, Done], Cancel]


def thinker_on(clock: Clock) -> Thinker:
    """A thinker that thinks at once, on the table's thread, and answers on the clock's next
    turn (tests, headless runs)."""

    def think(task: Think, done: Done) -> Cancel:
        def run() -> None:
            try:
                result: object = task()
            except Exception as exc:  # a bot must never stop the game
                result = exc
            done(result)

        return clock.call_later(0, run)

    return think


@dataclass
class _BotTask:
    """A computer player's decision in progress: asked at `moves` choices into the game."""

    seat: int
    decision: Decision
    moves: int
    started: float
    choice: Choice | None = None
    cancel: Cancel | None = None
    timer: Cancel | None = None
    #: The answer came while the table could not act (an overlay on top): apply when it can.
    deferred: bool = False


@dataclass
class _Weighing:
    """The engine's cautions for a decision: under way until `found` is set."""

    decision: Decision
    found: tuple[Caution, ...] | None = None
    cancel: Cancel | None = None
    stop: threading.Event = field(default_factory=threading.Event)


@dataclass
class _Queued:
    """A display waiting to be shown, with its steps once built."""

    display: Display
    steps: tuple[ScoringStep, ...] | None = None


Listener = Callable[[Scene], None]
Notice = Callable[[str], None]


@dataclass
class TableFlow:
    """The flow of one game at the table (see the module docstring).

    `bot_delay`: seconds each computer player's decision stays on screen at least;
    `auto_advance`: seconds between the steps of a display (None: each waits for a step);
    `strict`: a take-over at every change of player; `quiet`, `take_over`: the hand-over
    guard's seconds of silence; `letters`: draws the take-over letters (seed it for tests)."""

    session: GameSession
    clock: Clock
    thinker: Thinker | None = None
    bot_delay: float = 0.8
    auto_advance: float | None = None
    strict: bool = False
    quiet: float = QUIET
    take_over_seconds: float = TAKE_OVER
    letters: random.Random = field(default_factory=random.Random)
    #: Cautions on likely mistakes at the prompt (`el_grande.flow.cautions`; only at a table
    #: with hints on).
    warnings: bool = False
    #: Confirm my turn (`el_grande.flow.confirm`): a turn's last choice is held until its
    #: player ends the turn (the app resolves the setting's "auto").
    confirm: bool = False
    #: Whether the table can act now (no other screen on top of it): the flow does nothing by
    #: itself while it cannot (a bot's answer, a display's next step wait), until `kick()`.
    may_act: Callable[[], bool] = lambda: True
    #: Mark what changed since the player's previous decision (`el_grande.flow.changes`).
    since_your_turn: bool = True

    scene: Scene = field(init=False)
    #: How many of the session's log lines the table may read now.
    log_shown: int = field(init=False, default=0)
    #: Counts undos: the log was rewritten (shorter) when it changes.
    log_epoch: int = field(init=False, default=0)
    #: `f` at a table of computer players only: no display stops the game until its end.
    run_to_end: bool = field(init=False, default=False)
    #: A sentence for the table when it opens (a resumed game: which scoring ended last).
    opening_note: str | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.guard = HandOverGuard(
            self.clock, quiet=self.quiet, take_over=self.take_over_seconds, on_ready=self._ready
        )
        self.handovers = HandOvers(self.strict)
        if self.thinker is None:
            self.thinker = thinker_on(self.clock)
        self._listeners: list[Listener] = []
        self._notices: list[Notice] = []
        self._to_show: list[_Queued] = []
        self._open: Display | None = None  # a scoring begun but not ended (disks to come)
        self._showing: _Queued | None = None
        self._unlocked: int | None = None  # the seat whose curtain is down for their secret
        self._after_secret_of: int | None = None
        self._bot: _BotTask | None = None
        self._skipping = False
        self._stale = False  # something to do once the table can act again
        self._step_timer: Cancel | None = None
        self._step_due = False
        self._last_letter: str | None = None
        self._moving = False
        self._unsubscribe: Callable[[], None] | None = None
        self._weighing: _Weighing | None = None
        #: The lessons of a guided game or a normal game's tips (`el_grande.flow.lessons`).
        self.coach = Coach.of(self.session)
        if self.coach is not None:
            self.coach.on_met = self._autosave  # lessons survive a resume
        self._since = SinceMemory()
        self.scene = GameOver(self.session.current.public)

    # --- listening -------------------------------------------------------------------------

    def listen(self, scene: Listener, notice: Notice | None = None) -> Callable[[], None]:
        """Call `scene(flow.scene)` whenever the scene changes, and `notice(sentence)` for a
        passing message (a computer player failed); returns a function that stops it."""
        self._listeners.append(scene)
        if notice is not None:
            self._notices.append(notice)

        def stop() -> None:
            if scene in self._listeners:
                self._listeners.remove(scene)
            if notice is not None and notice in self._notices:
                self._notices.remove(notice)

        return stop

    def _set(self, scene: Scene) -> None:
        self.scene = scene
        if self.coach is not None and isinstance(scene, Prompt | Showing):  # a lesson's moment
            self.coach.see(scene, self.session.current.public, self.is_bot)
        for listener in tuple(self._listeners):
            listener(scene)

    def _notice(self, text: str) -> None:
        for notice in tuple(self._notices):
            notice(text)

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
        if self.session.game.history:  # resumed, loaded: "since your turn" as it was
            self._since = SinceMemory.of(self.session.game)
            self._reopened(current, pending)
        self._unsubscribe = self.session.subscribe(self._published)
        self._advance()

    def _reopened(self, current: Update, pending: bool) -> None:
        """The hand-over memory of a game opened part-way, from what its record left pending
        (docs/app.md, "Hand-overs"): the opening is an answer by nobody — the first person's
        decision waits at least the quiet time, whoever it belongs to —, and a display or a
        curtain its last choice brought counts as shown, as it did live. (A held choice counts
        as its seat's answer when its Confirm scene opens: `_next`.)"""
        self.handovers.answered(NOBODY)
        chooser = current.chooser
        person = chooser is not None and self._person_at(chooser, current.moves - 1)
        if pending or (current.secret and person):
            self.handovers.showed()  # a display (not played again) or the curtain after a secret
        nd = current.decision
        if current.secret and person and nd is not None and nd.secret:
            self._after_secret_of = chooser  # "Ana has chosen. Pass the keyboard…", as live

    def close(self) -> None:
        """The table is closed: nothing more happens (a bot's search is dropped)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._listeners.clear()
        self._notices.clear()
        self._drop_bot()
        self._drop_weighing()
        self._cancel_step()
        self.guard.end()

    def set_strict(self, on: bool) -> None:
        """Strict hand-overs on or off (the settings saved during a game): from the next
        hand-over on."""
        self.strict = self.handovers.strict = on

    # --- who sits where ----------------------------------------------------------------------

    def is_bot(self, seat: int) -> bool:
        return self.session.bot_level(seat) is not None

    def _person_at(self, seat: int, index: int) -> bool:
        """Whether a person played decision `index` (0-based) of `seat` (its hands)."""
        return bot_level(kind_at(self.session.hands(seat), index)) is None

    @property
    def alone(self) -> bool:
        """Exactly one person sits at the table now (the others are computer players, which
        never see the screen): nobody to hand the keyboard to or hide a secret from — no
        take-over, no curtain (docs/app.md, "Hand-overs"). Read at every decision, so it
        follows seats changing hands."""
        return sum(1 for s in range(len(self.session.seats)) if not self.is_bot(s)) == 1

    @property
    def humans(self) -> bool:
        """Whether anybody at the table is a person."""
        return any(not self.is_bot(s) for s in range(len(self.session.seats)))

    @property
    def display_pace(self) -> float | None:
        """Seconds between a display's steps: the table's setting, or at a table with no
        person (nobody to step it) at least the computer players' pace."""
        if self.auto_advance is None and not self.humans:
            return max(1.0, 2 * self.bot_delay)
        return self.auto_advance

    # --- input -------------------------------------------------------------------------------

    def input(self, kind: Input, stamp: float) -> bool:
        """Every raw key, click and paste, with the time stamp it arrived with: whether it may
        act (the hand-over guard; a dropped input restarts the wait)."""
        return self.guard.admits(kind, stamp)

    @property
    def waiting(self) -> bool:
        """True while input waits for quiet or for a take-over."""
        return self.guard.wait is not Wait.NONE

    def answer(self, choice: Choice) -> str | None:
        """A human's answer at the prompt; None when it was applied, else why not (nothing
        changed)."""
        scene = self.scene
        if not isinstance(scene, Prompt) or scene.decision is not self.session.decision:
            return t("why.not_now")
        if not self.guard.ready:
            return t("handover.wait")
        d = scene.decision
        if choice not in d.choices:
            return t("why.not_legal")
        self.handovers.answered(scene.seat)
        if self.confirm and (shown := preview(self.session, d, choice)) is not None:
            self.session.hold(choice)
            self._drop_weighing()
            self._autosave()  # a kill while it is held loses nothing
            self._hold(d, choice, shown)
            return None
        try:
            self.session.apply(choice)
        except IllegalChoice as exc:  # the core is the judge; nothing changed
            return str(exc)
        return None

    # --- confirm my turn (el_grande.flow.confirm) --------------------------------------------

    def _hold(self, d: Decision, choice: Choice, shown: Preview | None) -> None:
        """The Confirm scene for the held `choice`: every key acts, Enter only after quiet."""
        if shown is None:  # (a resumed game's hand-edited held choice: legal, not a turn's end)
            shown = Preview(self.session.current.public, (), "turn")
        self._begin(Wait.CONFIRM)
        ready = self.guard.ready
        self._set(Confirm(d.player, d, choice, shown.view, ready, shown.told, shown.then))

    def end_turn(self, *, enter: bool = False) -> str | None:
        """ "End my turn": the held choice is applied. `t` at once; Enter (`enter`) only if
        the keyboard was quiet before it (a typed-ahead Enter never confirms). None when
        done, else why not (nothing changed)."""
        scene = self.scene
        if not isinstance(scene, Confirm) or self.session.held is None:
            return t("why.not_now")
        if enter and not self.guard.calm:
            return t("confirm.enter_early")
        self.guard.end()
        self.handovers.confirm()  # the deliberate act of the hand-over that follows
        self.session.confirm()
        return None

    def _take_back(self) -> None:
        """Undo at the Confirm scene: the held choice is dropped, its prompt opens on it."""
        choice = self.session.unhold()
        self._autosave()
        self.guard.end()
        d = self.session.decision
        if d is not None:
            self._set(self._prompt(d, cursor=choice))

    def _autosave(self) -> None:
        """Save at once what the table keeps besides the session's updates (a hint counted,
        a choice held or dropped, a lesson met)."""
        from el_grande.persist.autosave import autosaver_of  # start-up: pydantic

        listener = autosaver_of(self.session) if self.session.subscribers else None
        if listener is not None:
            listener.save(self.session.game)

    def take_over(self, character: str, *, button: bool = False) -> bool:
        """The take-over act: a typed character, or (`button`) a click on the take-over's
        button. It counts only if it is the letter (the button: any click) and the input came
        after the quiet time; a wrong key has restarted the wait already (it was input)."""
        scene = self.scene
        if not isinstance(scene, (TakeOver, HintCurtain)) or not self.guard.counted:
            return False
        if not button and not letter_matches(scene.letter, character):
            return False
        self.guard.end()
        if isinstance(scene, HintCurtain):
            self._open_hint(scene.decision)
            return True
        d = scene.decision
        if d.secret:
            self._unlocked = d.player
        self._set(self._prompt(d))
        return True

    def lower(self) -> bool:
        """Enter, space or a click on a curtain with nothing secret behind it."""
        if not isinstance(self.scene, Curtain) or not self.guard.counted:
            return False
        self.guard.end()
        self._advance()
        return True

    def _ready(self, ready: bool) -> None:
        """The guard's wait became ready (the next input counts) or not: show it."""
        if self._moving:
            return  # a new scene is being set up: it reads the guard itself
        scene = self.scene
        if isinstance(scene, Prompt) and scene.quiet == ready:
            self._set(replace(scene, quiet=not ready))
        elif isinstance(scene, (TakeOver, Curtain, HintCurtain, Confirm)) and scene.ready != ready:
            self._set(replace(scene, ready=ready))

    def _begin(self, wait: Wait) -> None:
        """Start the guard's wait for the scene about to be set."""
        self._moving = True
        try:
            self.guard.begin(wait)
        finally:
            self._moving = False

    # --- the session's updates ---------------------------------------------------------------

    def _published(self, update: Update) -> None:
        if self.coach is not None:  # what happened, for the lessons of the next decision
            self.coach.heard(update)
        if update.reseated:  # a seat changed hands; nothing was played (flow/seats.py)
            seats.reseated(self, self.prompt)
            return
        self._drop_weighing()  # the decision it weighed is gone
        if update.undone:
            self._since.rewind(update.moves)
            self._undone()
            return
        if update.chooser is not None:
            self._since.decided(update.chooser, update.moves, update.public, update.events)
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
        """A secret answer: the next curtain is up before anything else can be seen or typed."""
        self._unlocked = None
        seat = update.chooser
        assert seat is not None
        nd = update.decision
        if (
            self.is_bot(seat)
            or (nd is not None and nd.secret and self.is_bot(nd.player))
            or self.alone
        ):
            # A computer player's secret needs nobody to look away; after a human's, the board
            # goes public at once while a computer player chooses next (the next human gets
            # their curtain when their turn comes); one person alone has nobody to hide from.
            self._advance()
            return
        if nd is not None and nd.secret and not self._to_show:
            self._after_secret_of = seat  # one curtain: "Ana has chosen. Pass the keyboard…"
            self._advance()
            return
        self.handovers.showed()
        self._begin(Wait.QUIET)
        self._set(Curtain(seat, self.session.current.public, self.guard.ready))

    def _undone(self) -> None:
        """An undo: the game is back where the player's turn was; the log is rewritten."""
        self._to_show, self._open, self._showing = [], None, None
        self._unlocked = None
        self._cancel_step()
        self.log_epoch += 1
        self.log_shown = len(self.session.log)
        self.handovers.shown = False
        self.guard.end()
        self._advance()

    # --- what comes next ---------------------------------------------------------------------

    def _advance(self) -> None:
        """Show what comes next: a display, the game over, a computer player's turn, a
        take-over or curtain, or a prompt."""
        if not self.may_act():
            self._stale = True
            return
        self._stale = False
        self._moving = True  # the guard's news waits for the scene being set up
        try:
            self._next()
        finally:
            self._moving = False

    def _next(self) -> None:
        while self._to_show:
            queued = self._to_show.pop(0)
            if not self.run_to_end:
                self._skipping = False  # skipping ahead stops at a display
                self.handovers.showed()
                self._show(queued, 0)
                return
            if not self._to_show:  # watching computer players run to the end: shown nowhere
                self.log_shown = len(self.session.log)
        session = self.session
        d = session.decision
        after, self._after_secret_of = self._after_secret_of, None
        if d is None:
            self.guard.end()
            self._set(GameOver(session.current.public))
            return
        if self.is_bot(d.player):
            self._begin(Wait.WATCH)  # keys that change something wait for a quiet keyboard
            self._start_bot(d)
            return
        self._skipping = False  # a human decides: skipping ahead ends here
        held = session.held
        if held is not None:  # a resumed game left while a turn waited for its confirmation
            self.handovers.answered(d.player)  # its seat's answer, as it was live
            self._hold(d, held, preview(session, d, held))
            return
        alone = self.alone
        if d.secret and alone:
            self._unlocked = d.player  # nobody to hide it from: no curtain
        hidden = d.secret and self._unlocked != d.player
        wait = self.handovers.wait_for(d.player, hidden, alone=alone)
        if hidden or wait is Wait.TAKE_OVER:
            self._begin(Wait.TAKE_OVER if wait is Wait.TAKE_OVER else Wait.QUIET)
            letter = self._draw_letter()
            view = session.current.public
            self._set(TakeOver(d.player, d, view, letter, hidden, self.guard.ready, after))
            return
        self._begin(wait)
        self._set(self._prompt(d, quiet=not self.guard.ready))

    def _prompt(self, d: Decision, *, quiet: bool = False, cursor: Choice | None = None) -> Prompt:
        """The prompt for a human's decision `d`, with its cautions so far (the weighing
        starts the first time: the prompt never waits for it)."""
        view = self._view_for(d)
        marks: tuple[Caution, ...] = ()
        if self.warnings and self.session.hints:
            marks = court_cautions(d, view)
            weighing = self._weighing
            if weighing is None or weighing.decision is not d:
                self._start_weighing(d)
            elif weighing.found is not None:
                marks = merged(marks, weighing.found)
        cursor = first_cursor(d, view) if cursor is None else cursor
        since = self._changed_since(d.player)
        return Prompt(d.player, d, view, quiet=quiet, cursor=cursor, cautions=marks, since=since)

    def _changed_since(self, seat: int) -> Changes | None:
        """What changed on the public board since `seat`'s previous decision, if others
        acted since and anything changed (docs/app.md: "What changed since your turn")."""
        before = self._since.before(seat) if self.since_your_turn else None
        if before is None:
            return None
        found = changes(
            before,
            self.session.current.public,
            castillo_hidden=self.session.castillo_hidden,
            vetoed=self._since.vetoed_since(seat),
        )
        return found or None

    def _view_for(self, d: Decision) -> View:
        """The board `d`'s prompt shows: its player's own behind their curtain (a secret)."""
        if d.secret and self._unlocked == d.player:
            return private_view(self.session, self.audience, d.player)
        return self.session.current.public

    @property
    def audience(self) -> Table:
        """Who looks at this table's screen: every seat, at one keyboard."""
        return Table.of(range(len(self.session.seats)))

    def _draw_letter(self) -> str:
        """A letter for the next take-over, never the same as the previous one."""
        letter = self.letters.choice([c for c in LETTERS if c != self._last_letter])
        self._last_letter = letter
        return letter

    # --- displays ----------------------------------------------------------------------------

    def _show(self, queued: _Queued, index: int) -> None:
        if queued.steps is None:
            queued.steps = tuple(queued.display.steps(self.session.name))
        steps = queued.steps
        self._showing = queued
        if not steps:
            self._display_done()
            return
        step = steps[index]
        view = step_view(queued.display.start, queued.display.events[: step.upto])
        display = queued.display
        self._set(Showing(display.heading(), steps, index, view, step.place, tuple(display.events)))
        self._schedule_step()

    def step(self) -> None:
        """The display's next step (after its last: back to the game)."""
        scene = self.scene
        if not isinstance(scene, Showing) or self._showing is None:
            return
        if scene.last:
            self._display_done()
        else:
            self._show(self._showing, scene.index + 1)

    def last_step(self) -> None:
        """Jump to the display's last step (from there: back to the game)."""
        scene = self.scene
        if not isinstance(scene, Showing) or self._showing is None:
            return
        if scene.last:
            self._display_done()
        else:
            self._show(self._showing, len(scene.steps) - 1)

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

    # --- computer players --------------------------------------------------------------------
    #
    # A bot is asked off the table's thread (the thinker) with only its seat's view and the
    # decision. Each decision shows for at least `bot_delay` seconds (and at least as long as
    # the bot thinks); a public choice is shown for the second half of that time, a secret
    # one not at all. An answer is used only if the game is still where it was asked.

    def _bot_for(self, seat: int) -> Bot:
        """A bot for `seat`, seeded by the game's seed, the seat and the moves so far: the
        same position gets the same answer, also after a resume or an undo."""
        from el_grande.bots import make_bot  # start-up: when a computer player first plays

        level = self.session.bot_level(seat)
        assert level is not None
        game = self.session.game
        seed = random.Random(f"{game.record()['seed']}/{seat}/{len(game.history)}")
        bot = make_bot(level, seed=seed.randrange(2**31))
        if self.session.coach == LEARN:  # the guided game's script, then this bot
            from el_grande.flow.guided import Scripted

            return Scripted(bot, seat)
        return bot

    def _start_bot(self, d: Decision) -> None:
        from el_grande.bots.base import needs_view  # start-up: with the first computer player

        task = _BotTask(d.player, d, self.session.current.moves, self.clock.now())
        self._bot = task
        self._set(BotTurn(d.player, d, self.session.current.public))
        if len(d.choices) == 1:  # forced: nothing to think about (as in `bots.play`)
            task.choice = d.choices[0]
            self._bot_ready(task)
            return
        bot = self._bot_for(d.player)
        # Built here (the thinker never sees the Game), and only for a bot that reads it.
        view = private_view(self.session, Seat(d.player), d.player) if needs_view(bot) else None
        assert self.thinker is not None
        task.cancel = self.thinker(
            lambda: bot.choose(view, d),  # type: ignore[arg-type]  # None: a bot that never reads it
            partial(self._bot_answered, task),
        )

    def _bot_current(self, task: _BotTask) -> bool:
        """Whether `task` still is the decision at hand (not undone, replaced or closed)."""
        d = self.session.decision
        return (
            self._bot is task
            and self.session.current.moves == task.moves
            and d is not None
            and d.player == task.seat
        )

    def _bot_answered(self, task: _BotTask, result: object) -> None:
        task.cancel = None
        if not self._bot_current(task):
            return  # a stale answer is dropped
        if isinstance(result, Choice) and result in task.decision.choices:
            task.choice = result
        else:  # a bot must never stop the game (no word of what it played: maybe a secret)
            rng = random.Random(f"{self.session.game.record()['seed']}/{task.moves}/fallback")
            task.choice = rng.choice(task.decision.choices)
            self._notice(t("bot.failed", name=self.session.name(task.seat)))
        self._bot_ready(task)

    def _bot_ready(self, task: _BotTask) -> None:
        """The bot has answered: show it (public choices), then apply it at the pace."""
        delay = 0.0 if self._skipping else self.bot_delay
        left = delay - (self.clock.now() - task.started)
        if task.decision.secret or left <= 0:
            task.timer = self.clock.call_later(max(0.0, left), lambda: self._bot_apply(task))
            return

        def show() -> None:
            if self._bot_current(task) and task.choice is not None:
                board = self.session.current.public
                self._set(BotTurn(task.seat, task.decision, board, task.choice))
                task.timer = self.clock.call_later(delay / 2, lambda: self._bot_apply(task))

        task.timer = self.clock.call_later(left - delay / 2, show)

    def _bot_apply(self, task: _BotTask) -> None:
        task.timer = None
        if not self._bot_current(task) or task.choice is None:
            return
        if not self.may_act():  # help, the calculator, save as, paused…: go on afterwards
            task.deferred = True
            return
        self._bot = None
        self.session.apply(task.choice)

    def _drop_bot(self) -> None:
        task, self._bot = self._bot, None
        if task is not None:
            if task.cancel is not None:
                task.cancel()
            if task.timer is not None:
                task.timer()

    @property
    def bot_playing(self) -> bool:
        """True while a computer player has the decision."""
        return self._bot is not None

    @property
    def deliberate(self) -> bool:
        """Whether a key that changes something (the seat menu, skip ahead, undo, save as, the
        settings) may act on the latest input: always, but while a computer player decides
        only after a quiet keyboard (the quiet time before the key counts, as at a change of
        player), so a hand typing ahead from the last prompt changes nothing. Keys that only
        show (the log, the help, the calculator) act at once."""
        return self.guard.wait is not Wait.WATCH or self.guard.calm

    def typed_ahead(self) -> str | None:
        """Why a key that changes something may not act on the latest input (a sentence:
        a computer player decides and the keyboard was not quiet before it), or None."""
        if self.deliberate:
            return None
        d = self.session.decision
        return t("handover.watch", name=self.session.name(d.player) if d is not None else "")

    def skip_ahead(self) -> bool:
        """Computer players play without delay until the next human decision or display (at a
        table of computer players only: to the end). False if there are none, or if the key
        was typed ahead while a computer player decides (`deliberate`)."""
        if not self.session.has_bots or not self.deliberate:
            return False
        self._skipping = True
        if not self.humans:
            self.run_to_end = True
            if isinstance(self.scene, Showing):
                self._display_done()
                return True
        task = self._bot
        if task is not None and task.choice is not None and task.timer is not None:
            # Waiting only for the pace (not for the bot's thinking): play it now.
            task.timer()
            task.timer = None
            self._bot_apply(task)
        return True

    def watch_to_end(self) -> None:
        """`f` on a display at a table of computer players only: this display and every one
        after it close at once, and the game runs to its end."""
        if not self.humans:
            self.skip_ahead()

    # --- the table can act again -------------------------------------------------------------

    def kick(self) -> None:
        """The table may be able to act again (a screen on top of it went away): do what
        waited."""
        if not self.may_act():
            return
        task = self._bot
        if task is not None and task.deferred:
            task.deferred = False
            self._bot_apply(task)
        if self._stale:
            self._advance()
        elif self._step_due:
            self._step_due = False
            self.step()

    # --- hints -------------------------------------------------------------------------------

    def hint(self) -> str | None:
        """`h`: hints for the player at the prompt (behind their curtain when the game hides
        something of theirs). None when they open, else why not."""
        scene = self.scene
        if not isinstance(scene, Prompt) or not self.guard.ready:
            return t("why.not_now")
        if not self.session.hints:
            return t("hint.off")
        d = scene.decision
        if not self._hides_own(d) or self.alone:
            # Behind their own curtain already, nothing of theirs hidden, or nobody else to see.
            self._open_hint(d)
            return None
        # A hidden Castillo: the hint could give the player's own count away.
        self._begin(Wait.QUIET)
        letter = self._draw_letter()
        board = self.session.current.public  # (a public decision: the prompt's board too)
        self._set(HintCurtain(d.player, d, board, letter, self.guard.ready))
        return None

    def _hides_own(self, d: Decision) -> bool:
        """Whether advice from the player's own view could give away something of theirs to
        the table: a public decision in a game with a hidden Castillo (their own count). A
        secret decision is behind their curtain already."""
        return not d.secret and self.session.castillo_hidden

    def _open_hint(self, d: Decision) -> None:
        seat = d.player
        seed = random.Random(
            f"{self.session.game.record()['seed']}/{seat}/{self.session.current.moves}/hint"
        )
        own = private_view(self.session, self.audience, seat)
        board = self._view_for(d)
        self._set(Hinting(seat, d, board, own, seed.randrange(2**31)))

    def hint_shown(self) -> None:
        """The hints were shown to their player: counted, and saved at once."""
        scene = self.scene
        if isinstance(scene, Hinting):
            self.session.hint_used(scene.seat)
            self._autosave()

    def hint_closed(self, choice: Choice | None = None) -> None:
        """The hints are closed; `choice`, if given, is highlighted at the prompt."""
        scene = self.scene
        if isinstance(scene, Hinting) and scene.decision is self.session.decision:
            self._set(self._prompt(scene.decision, cursor=choice))

    # --- cautions ----------------------------------------------------------------------------
    #
    # The engine weighs a human's decision from their own view, off the table's thread (the
    # thinker), while the prompt is open; its marks join the prompt when it is done, if the
    # decision is still the one at hand. Never for a public decision whose advice could give
    # away the player's hidden Castillo (`_hides_own`): the fixed rule only, there.

    def _start_weighing(self, d: Decision) -> None:
        self._drop_weighing()
        weighing = _Weighing(d)
        self._weighing = weighing
        if cautions.DRAWS <= 0 or len(d.choices) < 2 or self._hides_own(d):
            weighing.found = ()
            return
        seat = d.player
        seed = random.Random(
            f"{self.session.game.record()['seed']}/{seat}/{self.session.current.moves}/warn"
        ).randrange(2**31)
        own = private_view(self.session, self.audience, seat)
        stop = weighing.stop
        assert self.thinker is not None
        weighing.cancel = self.thinker(
            lambda: cautions.weigh(own, d, seed, stop.is_set), partial(self._weighed, weighing)
        )

    def _weighed(self, weighing: _Weighing, result: object) -> None:
        weighing.cancel = None
        if self._weighing is not weighing or weighing.decision is not self.session.decision:
            return  # a stale answer is dropped
        weighing.found = result if isinstance(result, tuple) else ()  # failed: no marks
        scene = self.scene
        if isinstance(scene, Prompt) and scene.decision is weighing.decision:
            marks = merged(court_cautions(scene.decision, scene.view), weighing.found)
            if marks != scene.cautions:
                self._set(replace(scene, cautions=marks))

    def _drop_weighing(self) -> None:
        weighing, self._weighing = self._weighing, None
        if weighing is not None:
            weighing.stop.set()  # the play-outs stop within a few milliseconds
            if weighing.cancel is not None:
                weighing.cancel()

    @property
    def weighing(self) -> bool:
        """True while the engine weighs the decision at hand (tests wait on it)."""
        return self._weighing is not None and self._weighing.found is None

    # --- undo --------------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return isinstance(self.scene, Confirm) or (self.at_prompt and self.session.can_undo())

    def undo(self) -> str | None:
        """Take back the player's last decision (a held choice first); None when done, else
        why not."""
        if (why := self.typed_ahead()) is not None:
            return why
        if isinstance(self.scene, Confirm):
            self._take_back()
            return None
        if not self.at_prompt:
            return t("why.not_now")
        if not self.session.undo():
            return self.session.why_no_undo()
        return None

    # --- what the footer offers --------------------------------------------------------------

    @property
    def at_prompt(self) -> bool:
        """A human's prompt is open and the next input counts (no curtain, display, bot or
        wait for quiet)."""
        return isinstance(self.scene, Prompt) and self.guard.ready

    # --- seats change hands (flow/seats.py) ----------------------------------------------------

    def give_seat(self, seat: int, kind: str) -> str | None:
        """Give `seat` to `kind` ("human", "bot:greedy"…) from the decision at hand on; None
        when done, else why not (nothing changed)."""
        return seats.give(self, seat, kind)

    def why_no_seats(self) -> str | None:
        """Why the seat menu may not open now (a sentence), or None: seats may not change
        hands, or the key was typed ahead while a computer player decides (`deliberate`)."""
        return seats.why_not_open(self)

    @property
    def prompt(self) -> Prompt | None:
        """The person's prompt on the table, if that is the scene."""
        return self.scene if isinstance(self.scene, Prompt) else None

    @property
    def showing(self) -> bool:
        """True while a scoring or reveal display is on the table."""
        return self._showing is not None

    @property
    def secret_open(self) -> bool:
        """A secret decision is pending (nothing may open over it: save as, settings)."""
        d = self.session.decision
        return d is not None and d.secret
