"""Computer players' turns at the table: the director's part that asks a bot and paces it.

A bot is asked off the table's thread (the thinker) with only its seat's view and the
decision. Each decision shows for at least `bot_delay` seconds (and at least as long as the
bot thinks); a public choice is shown for the second half of that time (a `Thinking` beat
with the choice), a secret one not at all. An answer is used only if the game is still where
it was asked; a bot that fails (an exception, an illegal answer) never stops the game: a
choice drawn from the position's seed is played instead, and the table is told (a notice,
no word of what was played: it may be a secret). While the table cannot act (a screen on
top of it) an answer waits (`resume`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from el_grande.core import Choice, Decision
from el_grande.flow.audience import Seat, private_view
from el_grande.flow.beats import Beat, Thinking
from el_grande.records import record
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.bots.base import Bot
    from el_grande.bots.drive import Driver
    from el_grande.core import PublicView
    from el_grande.flow.clock import Cancel, Clock
    from el_grande.flow.feature import Features
    from el_grande.flow.thinker import Thinker
    from el_grande.session import GameSession


@record(frozen=False)
class BotTask:
    """A computer player's decision in progress: asked at `moves` choices into the game;
    `choice`, once it answered."""

    seat: int
    decision: Decision
    moves: int
    started: float
    view: PublicView  # the board shown while it decides
    choice: Choice | None = None
    cancel: Cancel | None = None
    timer: Cancel | None = None
    #: The answer came while the table could not act (an overlay on top): apply when it can.
    deferred: bool = False


class ComputerPlayers:
    """The computer players' turns of one table (see the module docstring). `emit` hands a
    beat to the director's policy, `notice` tells the table a sentence, `may_act` says
    whether the table can act now."""

    def __init__(
        self,
        session: GameSession,
        clock: Clock,
        thinker: Thinker,
        features: Features,
        emit: Callable[[Beat], None],
        notice: Callable[[str], None],
        may_act: Callable[[], bool],
        driver: Driver | None = None,
    ) -> None:
        self.session = session
        self.clock = clock
        self.thinker = thinker
        self.features = features
        self.emit = emit
        self.notice = notice
        self.may_act = may_act
        #: Who makes the bots, with the Hard player's budget (`el_grande.bots.drive.Driver`;
        #: None: the table's own, 2 s, made when a computer player first plays).
        self.driver = driver
        #: Seconds each decision stays on the table at least.
        self.bot_delay = 0.8
        #: Skipping ahead: the computer players play without delay.
        self.skipping = False
        self._task: BotTask | None = None

    @property
    def task(self) -> BotTask | None:
        """The decision in progress, if a computer player has it."""
        return self._task

    def bot_for(self, seat: int) -> Bot:
        """A new bot for `seat` at this position (`el_grande.bots.drive.Driver`: seeded by the
        game's seed, the seat and the moves so far): the same position gets the same answer,
        also after a resume or an undo, and in `simulate`; wrapped by the features (the guided
        game's script)."""
        level = self.session.bot_level(seat)
        assert level is not None
        if self.driver is None:
            from el_grande.bots.drive import Driver  # start-up: when a bot first plays

            self.driver = Driver()
        return self.features.bot(seat, self.driver.bot(self.session.game, seat, level))

    def start(self, d: Decision) -> None:
        """A computer player has the decision `d`: shown at once, asked off the thread."""
        from el_grande.bots.base import needs_view  # start-up: with the first computer player

        public = self.session.current.public
        task = BotTask(d.player, d, self.session.current.moves, self.clock.now(), public)
        self._task = task
        self.emit(Thinking(d.player, d, public))
        if len(d.choices) == 1:  # forced: nothing to think about (as in `bots.play`)
            task.choice = d.choices[0]
            self._ready(task)
            return
        bot = self.bot_for(d.player)
        # Built here (the thinker never sees the Game), and only for a bot that reads it.
        view = private_view(self.session, Seat(d.player), d.player) if needs_view(bot) else None
        # A partial of plain data (the bot, its view, the decision): a host's thinker can
        # send it to another process (`el_grande.net.clock.pool_thinker`).
        task.cancel = self.thinker(
            partial(bot.choose, view, d),  # type: ignore[arg-type]  # None: a bot that never reads it
            partial(self._answered, task),
        )

    def _current(self, task: BotTask) -> bool:
        """Whether `task` still is the decision at hand (not undone, replaced or closed)."""
        d = self.session.decision
        return (
            self._task is task
            and self.session.current.moves == task.moves
            and d is not None
            and d.player == task.seat
        )

    def _answered(self, task: BotTask, result: object) -> None:
        task.cancel = None
        if not self._current(task):
            return  # a stale answer is dropped
        if isinstance(result, Choice) and result in task.decision.choices:
            task.choice = result
        else:  # a bot must never stop the game (no word of what it played: maybe a secret)
            from el_grande.bots.drive import fallback_choice  # start-up: a bot failed

            task.choice = fallback_choice(self.session.game, task.decision)
            self.notice(t("bot.failed", name=self.session.name(task.seat)))
        self._ready(task)

    def _ready(self, task: BotTask) -> None:
        """The bot has answered: show it (public choices), then apply it at the pace."""
        delay = 0.0 if self.skipping else self.bot_delay
        left = delay - (self.clock.now() - task.started)
        if task.decision.secret or left <= 0:
            task.timer = self.clock.call_later(max(0.0, left), lambda: self._apply(task))
            return

        def show() -> None:
            if self._current(task) and task.choice is not None:
                self.emit(Thinking(task.seat, task.decision, task.view, task.choice))
                task.timer = self.clock.call_later(delay / 2, lambda: self._apply(task))

        task.timer = self.clock.call_later(left - delay / 2, show)

    def _apply(self, task: BotTask) -> None:
        task.timer = None
        if not self._current(task) or task.choice is None:
            return
        if not self.may_act():  # help, the calculator, save as, paused…: go on afterwards
            task.deferred = True
            return
        self._task = None
        self.session.apply(task.choice)

    def hurry(self) -> None:
        """Skipping ahead: a computer player waiting only for the pace (not for its
        thinking) plays now."""
        task = self._task
        if task is not None and task.choice is not None and task.timer is not None:
            task.timer()
            task.timer = None
            self._apply(task)

    def resume(self) -> None:
        """The table can act again: an answer that waited for it is applied."""
        task = self._task
        if task is not None and task.deferred:
            task.deferred = False
            self._apply(task)

    def drop(self, seat: int | None = None) -> None:
        """The computer player's decision in progress stops (only if it is `seat`'s, when
        given): its search is cancelled, an answer still on its way is dropped."""
        task = self._task
        if task is None or (seat is not None and task.seat != seat):
            return
        self._task = None
        if task.cancel is not None:
            task.cancel()
        if task.timer is not None:
            task.timer()
