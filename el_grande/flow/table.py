"""The table's flow: what the table must show next, and the players' answers (plain Python).

`TableFlow` is the hot-seat table's facade: the API the game screen and the flow's tests call,
over the three parts that do the work (docs/app.md, "The table's flow"):

    keys, clicks ─▶ screen ─(input stamps, answers, take-overs, steps)─▶ TableFlow
                      ▲                                                    │
                      │                 session ─(updates)─▶ Director ◀────┤
                      │                                        │ beats     │
                      └──── scenes ◀── HotSeat (policy) ◀──────┘ ◀─────────┘
                                          features: confirm · cautions · since your turn ·
                                                    coach · guided game · seats

- the `Director` (`el_grande.flow.director`), free of any audience: the display queue and
  pace, computer players' turns and thinking (handed to a `Thinker`), skipping ahead and
  running to the end, the log window; it emits beats (`el_grande.flow.beats`);
- the `HotSeat` policy (`el_grande.flow.hotseat`): the beats as scenes for one shared screen
  — the hand-over guard and rule (`el_grande.flow.handover`), take-overs, curtains, the hint's
  curtain, the unlocked secret decision, the Confirm scene, undo and hints at the prompt;
- the features (`el_grande.flow.feature`: one protocol), each registered once here
  (`features_for`).

Its clock is injected (`el_grande.flow.clock`), so every table state is tested without a
screen or a sleep. A screen renders `flow.scene` whenever the flow calls its listener, and
turns keys and clicks into calls: `input` for every raw key, click and paste (the hand-over
guard), then `answer`, `take_over`, `lower`, `step`, `last_step`, `skip_ahead`, `undo`,
`hint`… The table's options change through one call, `configure`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from el_grande.flow.broadcast import Hears
from el_grande.flow.cautions import Cautions, first_cursor
from el_grande.flow.changes import SinceYourTurn
from el_grande.flow.confirm import ConfirmTurns
from el_grande.flow.director import Director, Notice
from el_grande.flow.feature import Feature, Features, Options
from el_grande.flow.handover import QUIET, TAKE_OVER, HandOverGuard, HandOvers, Input, Wait
from el_grande.flow.hotseat import HotSeat, Listener
from el_grande.flow.lessons import LEARN, Coach, Coaching
from el_grande.flow.players import BotTask
from el_grande.flow.scenes import Frame, LogWindow, Prompt, Scene
from el_grande.flow.seats import Seats
from el_grande.flow.thinker import Done, Think, Thinker, thinker_on

if TYPE_CHECKING:
    from el_grande.bots.base import Bot
    from el_grande.bots.drive import Driver
    from el_grande.core import Choice, Decision
    from el_grande.flow.clock import Clock
    from el_grande.flow.feature import Stage
    from el_grande.session import GameSession

__all__ = [
    "Done",
    "Listener",
    "Notice",
    "Options",
    "TableFlow",
    "Think",
    "Thinker",
    "features_for",
    "first_cursor",
    "thinker_on",
]


def features_for(session: GameSession, stage: Stage) -> Features:
    """The features of a table, each registered once: confirm my turn, the cautions, what
    changed since your turn, the coach (a guided game or tips) and the guided game's script,
    seats changing hands."""
    coach = Coach.of(session)
    found: list[Feature] = [ConfirmTurns(session), Cautions(stage), SinceYourTurn(session)]
    if coach is not None:
        found.append(Coaching(coach, stage))
    if session.coach == LEARN:
        from el_grande.flow.guided import Guided  # start-up: the set-up (rich's cell widths)

        found.append(Guided())
    found.append(Seats(stage))
    return Features(found)


class TableFlow:
    """The flow of one game at the hot-seat table (see the module docstring).

    `bot_delay`, `auto_advance`, `strict`, `warnings`, `confirm`, `since_your_turn`: the
    table's `Options` (`configure` changes them); `quiet`, `take_over_seconds`: the hand-over
    guard's seconds of silence; `letters`: draws the take-over letters (seed it for tests);
    `may_act`: whether the table can act now (no other screen on top of it); `bots`: who makes
    the computer players' bots, with the Hard player's budget (`el_grande.bots.drive.Driver`;
    None: the table's own, 2 s; tests give one in play-outs, `Budget.playouts(n)`, which is
    repeatable)."""

    def __init__(
        self,
        session: GameSession,
        clock: Clock,
        thinker: Thinker | None = None,
        *,
        bot_delay: float = 0.8,
        auto_advance: float | None = None,
        strict: bool = False,
        quiet: float = QUIET,
        take_over_seconds: float = TAKE_OVER,
        letters: random.Random | None = None,
        warnings: bool = False,
        confirm: bool = False,
        may_act: Callable[[], bool] | None = None,
        since_your_turn: bool = True,
        bots: Driver | None = None,
    ) -> None:
        self.session = session
        self.clock = clock
        self._thinker = thinker_on(clock) if thinker is None else thinker
        self._options = Options(bot_delay, auto_advance, strict, warnings, confirm, since_your_turn)
        self.features = features_for(session, self)
        self._director = Director(session, clock, self._thinker, self.features, self._options, bots)
        if may_act is not None:
            self._director.may_act = may_act
        self._hotseat = HotSeat(
            self._director,
            clock,
            quiet=quiet,
            take_over=take_over_seconds,
            strict=strict,
            letters=random.Random() if letters is None else letters,
        )
        self._director.attach(self._hotseat)
        self.features.configure(self._options)
        coaching = self.features.find(Coaching)
        #: The lessons of a guided game or a normal game's tips (`el_grande.flow.lessons`).
        self.coach: Coach | None = None if coaching is None else coaching.coach

    # --- options -----------------------------------------------------------------------------

    @property
    def options(self) -> Options:
        return self._options

    def configure(self, options: Options) -> None:
        """The table's options (the settings saved during a game): the paces from the next
        computer player's decision or display step on, strict hand-overs from the next
        hand-over on, the features' from their next prompt or answer."""
        self._options = options
        self._director.configure(options)
        self._hotseat.handovers.strict = options.strict
        self.features.configure(options)

    def set_strict(self, on: bool) -> None:
        """Strict hand-overs on or off, from the next hand-over on."""
        self.configure(replace(self._options, strict=on))

    @property
    def strict(self) -> bool:
        return self._options.strict

    @property
    def warnings(self) -> bool:
        return self._options.warnings

    @property
    def holding(self) -> bool:
        """Whether a turn's last choice is held now (a game resumed on its confirm step)."""
        return self.session.held is not None

    @property
    def confirm(self) -> bool:
        return self._options.confirm

    @property
    def bot_delay(self) -> float:
        return self._options.bot_delay

    @property
    def auto_advance(self) -> float | None:
        return self._options.auto_advance

    @property
    def since_your_turn(self) -> bool:
        return self._options.since_your_turn

    @property
    def may_act(self) -> Callable[[], bool]:
        """Whether the table can act now (no other screen on top of it): the flow does
        nothing by itself while it cannot (a bot's answer, a display's next step wait),
        until `kick()`."""
        return self._director.may_act

    @may_act.setter
    def may_act(self, may_act: Callable[[], bool]) -> None:
        self._director.may_act = may_act

    # --- listening, starting and stopping ----------------------------------------------------

    def listen(self, scene: Listener, notice: Notice | None = None) -> Callable[[], None]:
        """Call `scene(flow.scene)` whenever the scene changes, and `notice(sentence)` for a
        passing message (a computer player failed); returns a function that stops it."""
        stops = [self._hotseat.listen(scene)]
        if notice is not None:
            stops.append(self._director.notices(notice))

        def stop() -> None:
            for each in stops:
                each()

        return stop

    def watch(self, policy: Hears) -> Callable[[], None]:
        """Another audience beside the table's own screen (a spectator: `Spectate`), hearing
        the director's beats from the next one on, each before the table's screen does
        (`Director.watch`); returns a function that takes it away."""
        return self._director.watch(policy.beat)

    def start(self) -> None:
        """Open the table on the session's latest update (`Director.start`)."""
        self._director.start()

    def close(self) -> None:
        """The table is closed: nothing more happens (a bot's search is dropped)."""
        self._director.close()
        self._hotseat.close()

    @property
    def scene(self) -> Scene:
        return self._hotseat.scene

    @property
    def thinker(self) -> Thinker:
        return self._thinker

    @property
    def guard(self) -> HandOverGuard:
        return self._hotseat.guard

    @property
    def handovers(self) -> HandOvers:
        return self._hotseat.handovers

    @property
    def quiet(self) -> float:
        return self._hotseat.guard.quiet

    # --- who sits where ----------------------------------------------------------------------

    def is_bot(self, seat: int) -> bool:
        return self._director.is_bot(seat)

    @property
    def alone(self) -> bool:
        return self._hotseat.alone

    @property
    def humans(self) -> bool:
        return self._director.humans

    @property
    def display_pace(self) -> float | None:
        return self._director.display_pace

    # --- the log window, the opening ---------------------------------------------------------

    @property
    def log_shown(self) -> int:
        """How many of the session's log lines the table may read now."""
        return self._director.log_shown

    @property
    def log_epoch(self) -> int:
        """Counts undos: the log was rewritten (shorter) when it changes."""
        return self._director.log_epoch

    @property
    def run_to_end(self) -> bool:
        """`f` at a table of computer players only: no display stops the game until its end."""
        return self._director.run_to_end

    @property
    def opening_note(self) -> str | None:
        """A sentence for the table when it opens (a resumed game: which scoring ended last)."""
        return self._director.opening_note

    # --- input and answers -------------------------------------------------------------------

    def input(self, kind: Input, stamp: float) -> bool:
        """Every raw key, click and paste, with the time stamp it arrived with: whether it may
        act (the hand-over guard; a dropped input restarts the wait)."""
        return self._hotseat.guard.admits(kind, stamp)

    @property
    def waiting(self) -> bool:
        """True while input waits for quiet or for a take-over."""
        return self._hotseat.guard.wait is not Wait.NONE

    def answer(self, choice: Choice) -> str | None:
        """A person's answer at the prompt; None when it was applied, else why not."""
        return self._hotseat.answer(choice)

    def end_turn(self, *, enter: bool = False) -> str | None:
        """ "End my turn" (`HotSeat.end_turn`)."""
        return self._hotseat.end_turn(enter=enter)

    def take_over(self, character: str, *, button: bool = False) -> bool:
        """The take-over act (`HotSeat.take_over`)."""
        return self._hotseat.take_over(character, button=button)

    def lower(self) -> bool:
        """Enter, space or a click on a curtain with nothing secret behind it."""
        return self._hotseat.lower()

    @property
    def at_prompt(self) -> bool:
        return self._hotseat.at_prompt

    @property
    def prompt(self) -> Prompt | None:
        """The person's prompt on the table, if that is the scene."""
        scene = self.scene
        return scene if isinstance(scene, Prompt) else None

    def refresh(self, decision: Decision) -> None:
        self._hotseat.refresh(decision)

    # --- displays ----------------------------------------------------------------------------

    def step(self) -> None:
        """The display's next step (after its last: back to the game)."""
        self._director.step()

    def last_step(self) -> None:
        """Jump to the display's last step (from there: back to the game)."""
        self._director.last_step()

    @property
    def showing(self) -> bool:
        """True while a scoring or reveal display is on the table."""
        return self._director.showing

    # --- computer players --------------------------------------------------------------------

    @property
    def bot_playing(self) -> bool:
        """True while a computer player has the decision."""
        return self._director.players.task is not None

    @property
    def bot_task(self) -> BotTask | None:
        """The computer player's decision in progress (its choice once it answered)."""
        return self._director.players.task

    def bot_for(self, seat: int) -> Bot:
        """The computer player that decides for `seat` at the position at hand."""
        return self._director.players.bot_for(seat)

    @property
    def bots(self) -> Driver | None:
        """Who makes the computer players' bots (None: the table's own, not made yet)."""
        return self._director.players.driver

    def drop_bot(self, seat: int) -> None:
        self._director.players.drop(seat)

    @property
    def deliberate(self) -> bool:
        return self._hotseat.deliberate

    def typed_ahead(self) -> str | None:
        return self._hotseat.typed_ahead()

    def skip_ahead(self) -> bool:
        """Computer players play without delay until the next person's decision or display
        (at a table of computer players only: to the end). False if there are none, or if
        the key was typed ahead while a computer player decides (`deliberate`)."""
        if not self.session.has_bots or not self.deliberate:
            return False
        return self._director.skip_ahead()

    def watch_to_end(self) -> None:
        """`f` on a display at a table of computer players only: this display and every one
        after it close at once, and the game runs to its end."""
        if not self.humans:
            self.skip_ahead()

    def kick(self) -> None:
        """The table may be able to act again (a screen on top of it went away)."""
        self._director.kick()

    # --- hints, cautions, undo ---------------------------------------------------------------

    def hint(self) -> str | None:
        """`h`: hints for the player at the prompt (`HotSeat.hint`)."""
        return self._hotseat.hint()

    def hint_shown(self) -> None:
        """The hints were shown to their player: counted, and saved at once."""
        self._hotseat.hint_shown()

    def hint_closed(self, choice: Choice | None = None) -> None:
        """The hints are closed; `choice`, if given, is highlighted at the prompt."""
        self._hotseat.hint_closed(choice)

    @property
    def weighing(self) -> bool:
        """True while the engine weighs the decision at hand (tests wait on it)."""
        cautions = self.features.find(Cautions)
        return cautions is not None and cautions.weighing

    @property
    def can_undo(self) -> bool:
        return self._hotseat.can_undo

    def undo(self) -> str | None:
        """Take back the player's last decision (a held choice first); None when done, else
        why not."""
        return self._hotseat.undo()

    # --- seats change hands (flow/seats.py) --------------------------------------------------

    @property
    def seats(self) -> Seats:
        seats = self.features.find(Seats)
        assert seats is not None
        return seats

    def give_seat(self, seat: int, kind: str) -> str | None:
        """Give `seat` to `kind` ("human", "bot:greedy"…) from the decision at hand on; None
        when done, else why not (nothing changed)."""
        return self.seats.give(seat, kind)

    def why_no_seats(self) -> str | None:
        """Why the seat menu may not open now (a sentence), or None: seats may not change
        hands, or the key was typed ahead while a computer player decides (`deliberate`)."""
        return self.seats.why_not_open()

    @property
    def secret_open(self) -> bool:
        """A secret decision is pending (nothing may open over it: save as, settings)."""
        d = self.session.decision
        return d is not None and d.secret

    # --- what a screen draws -------------------------------------------------------------------

    @property
    def frame(self) -> Frame:
        """The scene and what a screen draws around it (`el_grande.flow.scenes.Frame`): a
        screen reads this, never the session."""
        session = self.session
        d = session.decision
        return Frame(
            scene=self.scene,
            seating=session.seating,
            log=LogWindow(session.log, self.log_shown, self.log_epoch),
            decision=d,
            active=session.current.public.active,
            hints=session.hints,
            gutter=self.warnings and session.hints,
            bots=session.has_bots,
            no_undo=None if session.can_undo() else session.why_no_undo(),
            quiet=self.guard.quiet,
            note=self.opening_note,
        )
