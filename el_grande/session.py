"""The session: the one publisher between the rules core and everything that shows or keeps a
game (docs/app.md, "One stream").

    choice ──▶ GameSession.apply ──▶ Game.apply ──▶ events
                     │
                     └──▶ one Update (its kind, events, narrated lines, decision, views), built once
                          ──▶ subscribers: the screen, the autosave, …

The session is the only caller of `game.apply`, and the one authority over a game: every
change — a choice, an undo, a seat changing hands, a choice held for its confirmation or
dropped, a hint counted, a lesson met — goes through it and publishes exactly one immutable
`Update` saying what kind of change it was (`Change`); subscribers read it and never rebuild
views of their own. The autosave is one subscriber, and nothing else writes the save.
Updates are not kept: undo and replay keep *choices* (the game's record), not views. The
story so far is kept as cheap lines (`log`), so a player can scroll back through a whole game.

Plain Python: no Textual, no pydantic, and of rich only the cell widths `el_grande.names`
measures names with (pyproject.toml's import contracts); `persist` and `flow` use it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from el_grande import hands as H
from el_grande.bots.registry import level
from el_grande.core import (
    Castillo,
    Choice,
    Decision,
    Event,
    Game,
    IllegalChoice,
    Options,
    PublicView,
    UndoBlock,
    View,
    undo_block,
)
from el_grande.limits import saturated
from el_grande.names import printable
from el_grande.narrate import Line
from el_grande.records import record
from el_grande.setup import SeatSetup, bot_level, letters_for
from el_grande.story import Bookmark, Chapter, ScoringRecord, Story
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.setup import GameSetup


class SeatLike(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def colour(self) -> str: ...
    @property
    def kind(self) -> str: ...


@record
class Seating:
    """Who sits at the table, as every screen shows them: names (fit to show), colours, chip
    letters, seat kinds, and the table's hints. Built once per session (again when a hint is
    counted); widgets, the replay viewer and the presenter read this, never the session."""

    names: tuple[str, ...]
    colours: tuple[str, ...]
    letters: tuple[str, ...]
    kinds: tuple[str, ...]
    hints: bool = True
    hints_used: tuple[int, ...] = ()

    @classmethod
    def of(
        cls, seats: Sequence[SeatLike], hints: bool = True, hints_used: Sequence[int] = ()
    ) -> Seating:
        names = [s.name for s in seats]
        return cls(
            tuple(printable(n) for n in names),
            tuple(str(s.colour) for s in seats),
            tuple(letters_for(names)),
            tuple(str(getattr(s, "kind", "human")) for s in seats),
            hints,
            tuple(hints_used) or (0,) * len(names),
        )

    @property
    def count(self) -> int:
        return len(self.names)

    def name(self, seat: int) -> str:
        """The name as shown: every place that shows a name asks here (names are checked
        where they come in, `el_grande.names`; `printable` was the last line of defence)."""
        return self.names[seat]

    def colour(self, seat: int) -> str:
        return self.colours[seat]

    def kind(self, seat: int) -> str:
        return self.kinds[seat]

    def bot_level(self, seat: int) -> str | None:
        """The level of the computer player in `seat` ("greedy"…), None for a human."""

        return bot_level(self.kinds[seat])

    def bot_label(self, seat: int) -> str | None:
        """The computer player's level as players read it ("Hard"), None for a human."""

        level_id = self.bot_level(seat)
        return None if level_id is None else t(level(level_id).label_key)


class Change(StrEnum):
    """What kind of change an `Update` publishes: every change to a game goes through the
    session and is published once, with its kind (the autosave saves on each; the table's
    flow reacts to those it did not make itself)."""

    OPENED = "opened"  # the game as it was opened (new, resumed): `current`, never published
    PLAYED = "played"  # a choice was applied (`apply`, `confirm`)
    UNDONE = "undone"  # the game was taken back (`undo`): redraw everything
    RESEATED = "reseated"  # a seat changed hands (`seat_to`): `seating` is new
    HELD = "held"  # a turn's last choice is held for its confirmation (`hold`)
    UNHELD = "unheld"  # the held choice was dropped (`unhold`): the decision is open again
    HINT = "hint"  # a hint was counted (`hint_used`): `seating.hints_used` is new
    LESSON = "lesson"  # the coach met a lesson or a tip (`met`): `lessons` is longer

    @property
    def kept(self) -> bool:
        """A change the table makes itself and that only needs keeping (the autosave): a
        choice held or dropped, a hint counted, a lesson met. Nothing is played and the board
        is as it was, so the table's flow has nothing to do on it."""
        return self in _KEPT


_KEPT = frozenset({Change.HELD, Change.UNHELD, Change.HINT, Change.LESSON})


@record
class Update:
    """What one change did, for every subscriber: built once, never changed.

    `public` is what everybody at the table may see after the choice; `private` is the view
    of the player who must choose next when that choice is secret (their own hidden counts):
    only the screen behind that player's curtain shows it. `before` is the public view
    before the choice, so a scoring display can play the events out from there.
    """

    moves: int  # choices made so far
    choice: Choice | None  # None: the game was opened (new, resumed, undone)
    chooser: int | None  # who made `choice`
    secret: bool  # `choice` was a secret one
    events: tuple[Event, ...]  # public events (`visible_to(event, None)`)
    lines: tuple[Line, ...]  # the narrator's lines for those events
    #: The scorings this choice ended, and the general scorings begun by its end: the
    #: story's tally (`el_grande.story`), which the scoring displays read.
    scorings: tuple[ScoringRecord, ...]
    general: int
    decision: Decision | None
    before: PublicView
    public: PublicView
    private: View | None
    #: Who sits at the table (names, colours, letters, kinds, hints).
    seating: Seating
    #: Why the player to move may not take back the last choice now, as a reason code the
    #: catalogue words (`t(f"undo.{code}")`): an `UndoBlock` of the core's rule, or "bot"
    #: while a computer player has the decision; None: undo is allowed.
    undo: str | None = None
    #: What changed (`Change`): a choice played, an undo, a seat changing hands, a choice
    #: held or dropped, a hint counted, a lesson met. Only PLAYED carries a choice and events.
    kind: Change = Change.PLAYED

    @property
    def over(self) -> bool:
        return self.decision is None

    @property
    def undone(self) -> bool:
        """The game was taken back (undo): redraw everything."""
        return self.kind is Change.UNDONE

    @property
    def reseated(self) -> bool:
        """A seat changed hands (`GameSession.seat_to`): nothing was played, `seating` is new."""
        return self.kind is Change.RESEATED


Subscriber = Callable[[Update], None]
_S = TypeVar("_S")


@record
class _Mark:
    """The story as it stood after a choice (an undo goes back to the one before), and
    whether that choice may be undone (the core's rule, judged when it was applied)."""

    story: Bookmark
    block: UndoBlock | None


@record(frozen=False)
class GameSession:
    """Owns the `Game`: applies choices, and publishes one `Update` per change (`Change`)."""

    game: Game
    seats: tuple[Any, ...]  # SeatLike: name, colour, kind
    setup: GameSetup | None = None
    #: Whether this table allows hints (a competitive table turns them off), and how many
    #: each seat has asked for (the game-over screen tells; the save file keeps them).
    hints: bool = True
    hints_used: list[int] = field(default_factory=list)
    #: A turn's last choice held for its player's confirmation, not applied yet ("confirm my
    #: turn", `el_grande.flow.confirm`): part of the game's state (the autosave keeps it).
    held: Choice | None = None
    #: A coached game (`el_grande.flow.lessons`): "learn" (the guided game), "tips" (a normal
    #: game's tips) or None; and the lessons (and tips) met so far, in order (saved with it).
    coach: str | None = None
    lessons: list[str] = field(default_factory=list)
    #: The decision at hand lent to another kind for that one decision (`lend`): the seat,
    #: the kind it goes back to, and the choices made when it was lent; None: nothing lent.
    lent: tuple[int, str, int] | None = None
    _subscribers: list[Subscriber] = field(default_factory=list)
    _current: Update | None = None

    def __post_init__(self) -> None:
        if len(self.hints_used) != len(self.seats):
            self.hints_used = [0] * len(self.seats)
        self.seating = Seating.of(self.seats, self.hints, self.hints_used)
        #: One distinct letter per player, shown on their chips.
        self.letters = list(self.seating.letters)
        #: The story so far (`el_grande.story`): the log, the scoring tally.
        self.story = Story.of(self.game, [s.name for s in self.seats])
        self._marks: list[_Mark] = []  # after the opening, then after every choice

    # --- making one ----------------------------------------------------------------------

    @classmethod
    def new(cls, setup: GameSetup) -> GameSession:
        setup = setup.resolved()
        assert setup.seed is not None  # resolved() chose one
        game = Game.new(
            setup.names,
            seed=setup.seed,
            options=Options(rounds=setup.rounds, veto=setup.veto, castillo=setup.castillo),
            start_player=setup.start_player,
        )
        session = cls(game=game, seats=setup.seats, setup=setup, hints=setup.hints)
        session._open()
        return session

    @classmethod
    def from_record(
        cls,
        record: dict[str, Any],
        seats: Sequence[SeatLike],
        *,
        hints: bool = True,
        hints_used: Sequence[int] = (),
        coach: str | None = None,
        lessons: Sequence[str] = (),
    ) -> GameSession:
        """The session of a recorded game (resume, load, undo), its log and scoring tally
        rebuilt as if it had been played here: one replay, nobody notified."""
        game = Game.replay(record, upto=0)
        session = cls(
            game=game,
            seats=tuple(seats),
            hints=hints,
            hints_used=list(hints_used),
            coach=coach,
            lessons=list(lessons),
        )
        session._open_at(record["choices"])
        return session

    def _open_at(self, texts: Sequence[str]) -> None:
        """Opened, then the recorded choices applied: an update for the last only (views cost)."""
        self._open()
        for text in texts[:-1]:
            self._play(self.game.parse(text))
        if texts:
            self._apply(self.game.parse(texts[-1]), False, self.game.view(None))

    def _open(self) -> None:
        chapter = self.story.tell(self.game.opening_events)
        self._mark(UndoBlock.NOTHING)
        self._current = self._update(None, None, False, chapter, None, Change.OPENED)

    def _mark(self, block: UndoBlock | None) -> None:
        self._marks.append(_Mark(self.story.bookmark(), block))

    # --- what everyone reads ---------------------------------------------------------------

    @property
    def current(self) -> Update:
        """The latest update (the state of the game as last published)."""
        assert self._current is not None
        return self._current

    @property
    def decision(self) -> Decision | None:
        return self.game.decision

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def name(self, seat: int) -> str:
        """The name as shown (`Seating.name`)."""
        return self.seating.name(seat)

    def colour(self, seat: int) -> str:
        return self.seating.colour(seat)

    def kind(self, seat: int) -> str:
        return self.seating.kind(seat)

    def bot_level(self, seat: int) -> str | None:
        """The level of the computer player in `seat` ("greedy"…), None for a human."""
        return self.seating.bot_level(seat)

    def bot_label(self, seat: int) -> str | None:
        return self.seating.bot_label(seat)

    def hint_used(self, seat: int) -> None:
        """`seat` was shown a hint: counted, and a HINT update published (the autosave keeps
        it; the seating's `hints_used` is new)."""
        self.hints_used[seat] = saturated(self.hints_used[seat])  # (at the save's cap: as many)
        self.seating = Seating.of(self.seats, self.hints, self.hints_used)
        self._publish_nothing(Change.HINT)

    # --- a coached game's lessons ----------------------------------------------------------

    def met(self, lesson: str) -> None:
        """The coach met `lesson` (a lesson's or a tip's id, `el_grande.flow.lessons`): kept
        in `lessons`, in order, and a LESSON update published (the autosave keeps it: lessons
        survive a resume). A lesson met already changes nothing."""
        if lesson in self.lessons:
            return
        self.lessons.append(lesson)
        self._publish_nothing(Change.LESSON)

    # --- seats change hands ----------------------------------------------------------------

    def hands(self, seat: int) -> H.Hands:
        """Who played `seat` when (`el_grande.hands`): its whole history."""
        s = self.seats[seat]
        return H.hands_of(s.kind, getattr(s, "played_by", ()))

    def seat_to(self, seat: int, kind: str) -> bool:
        """Give `seat` to `kind` ("human", "bot:strong"…) from the decision at hand on, and
        publish a RESEATED update (nothing is played: every screen redraws the seating, the
        autosave keeps the seat's new hand). At a table without hints, handing a seat to the
        Hard player counts as a hint for it. False if `kind` plays it already (nothing is
        published). A decision lent (`lend`) is lent no more."""
        old = self.seats[seat]
        if kind == old.kind:
            return False
        self.lent = None
        self._hand_to(seat, kind)
        self._publish_nothing(Change.RESEATED)
        return True

    def lend(self, seat: int, kind: str) -> bool:
        """Give the decision at hand, `seat`'s, to `kind` for that one decision (a table
        clock's "out of time": the Hard player decides it): `seat_to(seat, kind)`, and the
        moment its answer is applied the seat is back with whoever plays it now, in that
        same update (nobody hears the seat between: the next decision is theirs again; the
        hands record that `kind` played the one decision, and no hint is counted: nobody asked
        for it). False (nothing changed) if the decision at hand is not `seat`'s or `kind`
        plays the seat already."""
        d = self.game.decision
        back = self.seats[seat].kind
        if d is None or d.player != seat or kind == back:
            return False
        self._hand_to(seat, kind, counted=False)  # (not asked for: no hint is counted)
        self.lent = (seat, back, len(self.game.history))
        self._publish_nothing(Change.RESEATED)
        return True

    def _hand_to(self, seat: int, kind: str, counted: bool = True) -> None:
        """The seat's new kind and hand from the decision at hand on (nothing published);
        `counted`: a Hard player given the seat at a table without hints counts as one."""
        old = self.seats[seat]
        d = self.game.decision
        if self.held is not None and d is not None and d.player == seat:
            self.held = None  # (a resumed game's held choice: the seat's new player decides)
        moves = len(self.game.history)
        hands = H.handed(self.hands(seat), moves, kind)
        played_by = hands if H.changed(hands) else ()
        new = SeatSetup(old.name, str(getattr(old, "colour", "")), kind, played_by)
        self.seats = (*self.seats[:seat], new, *self.seats[seat + 1 :])
        hard = bot_level(kind) == H.HARD and bot_level(old.kind) != H.HARD
        if counted and not self.hints and hard:
            self.hints_used[seat] = saturated(self.hints_used[seat])
        self.seating = Seating.of(self.seats, self.hints, self.hints_used)

    def _hands_back_to(self, moves: int) -> None:
        """After an undo: a hand that began after the choices left begins now."""
        seats = list(self.seats)
        for at, s in enumerate(seats):
            hands = self.hands(at)
            if H.changed(hands) and hands[-1][0] > moves:
                hands = H.handed(hands, moves, s.kind)
                played_by = hands if H.changed(hands) else ()
                seats[at] = SeatSetup(s.name, str(s.colour), s.kind, played_by)
        if seats != list(self.seats):
            self.seats = tuple(seats)

    @property
    def has_bots(self) -> bool:
        return any(self.bot_level(s) for s in range(len(self.seats)))

    @property
    def castillo_hidden(self) -> bool:
        return self.game.options.castillo == "hidden"

    @property
    def log(self) -> list[Line]:
        """Every line of the story so far."""
        return self.story.log

    @property
    def scorings(self) -> list[ScoringRecord]:
        """Every scoring so far, in order."""
        return self.story.scorings

    @property
    def general_scorings(self) -> int:
        """General scorings begun so far."""
        return self.story.general

    def view_for(self, seat: int) -> View:
        """What `seat` may know, for a computer player in that seat (the screen reads the
        update's views; a bot gets its own)."""
        return self.game.view(seat)

    # --- undo: the player's own steps within their turn, never across a reveal -------------

    def can_undo(self) -> bool:
        """Whether the player to move may take back their last decision now (never a
        computer player's steps; the core's rule, `el_grande.core.undo`)."""
        return self.current.undo is None

    def why_no_undo(self) -> str:
        """Why undo is not possible now, as a sentence for the player."""
        code = self.current.undo
        return t(f"undo.{code}") if code is not None else ""

    def _undo_code(self) -> str | None:
        d = self.game.decision
        if d is None:
            return str(UndoBlock.OVER)
        if self.bot_level(d.player) is not None:
            return "bot"
        block = self._marks[-1].block
        return None if block is None else str(block)

    def undo(self) -> bool:
        """Take back the last decision if allowed (one replay of the game; the story goes
        back to where it stood); publishes an UNDONE update. False if not allowed (nothing
        changes, nothing is published)."""
        if not self.can_undo():
            return False
        record = self.game.record()
        self.game = Game.replay(record, upto=len(record["choices"]) - 1)
        self.held = None
        self.lent = None
        self._marks.pop()
        self._hands_back_to(len(self.game.history))
        self.story.rewind(self._marks[-1].story)
        self._publish_nothing(Change.UNDONE)
        return True

    # --- a choice held for its confirmation -------------------------------------------------

    def hold(self, choice: Choice) -> None:
        """Keep `choice` for the decision at hand without applying it, and publish a HELD
        update (nothing is played: no log line, no scoring, no new board; the autosave keeps
        it); `confirm()` applies it. IllegalChoice if it is no public answer to the decision
        at hand (nothing changes)."""
        d = self.game.decision
        if d is None or d.secret or choice not in d.choices:
            raise IllegalChoice(t("why.not_legal"))
        self.held = choice
        self._publish_nothing(Change.HELD)

    def unhold(self) -> Choice | None:
        """Drop the held choice (the decision is open again) and publish an UNHELD update;
        returns it. Nothing held: None, and nothing is published."""
        choice, self.held = self.held, None
        if choice is not None:
            self._publish_nothing(Change.UNHELD)
        return choice

    def confirm(self) -> Update:
        """Apply the held choice and publish its PLAYED update."""
        choice = self.held
        if choice is None:
            raise IllegalChoice(t("why.not_now"))
        return self.apply(choice)

    # --- the stream ------------------------------------------------------------------------

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        """Call `subscriber(update)` after every change (in the order of subscribing);
        returns a function that unsubscribes it."""
        self._subscribers.append(subscriber)

        def unsubscribe() -> None:
            if subscriber in self._subscribers:
                self._subscribers.remove(subscriber)

        return unsubscribe

    @property
    def subscribers(self) -> tuple[Subscriber, ...]:
        return tuple(self._subscribers)

    def subscriber(self, kind: type[_S]) -> _S | None:
        """The first subscriber that is a `kind` (the app reads a session's autosave so: its
        file, its problem), or None. For reading: a subscriber hears the session's updates,
        and nothing else calls it."""
        return next((s for s in self._subscribers if isinstance(s, kind)), None)

    def apply(self, choice: Choice) -> Update:
        """Apply `choice` (raises IllegalChoice, changing nothing) and publish its update."""
        return self._apply(choice, publish=True)

    def _apply(self, choice: Choice, publish: bool, before: PublicView | None = None) -> Update:
        before = self.current.public if before is None else before  # the last update's view
        d, chapter = self._play(choice)
        update = self._update(choice, d.player, d.secret, chapter, before, Change.PLAYED)
        self._current = update
        if publish:
            self._publish(update)
        return update

    def _play(self, choice: Choice) -> tuple[Decision, Chapter]:
        """`choice` applied, told and marked for undo: the decision answered, its chapter."""
        d = self.game.decision
        moves = len(self.game.history)
        applied = self.game.apply(choice)
        self.held = None  # (the decision it was held for is answered)
        lent = self.lent
        if lent is not None and lent[2] == moves and d is not None and d.player == lent[0]:
            self.lent = None
            self._hand_to(lent[0], lent[1], counted=False)  # (the one decision lent: back)
        # Whether this choice may be undone: the core's rule, judged now, from the decision
        # it answered, everything it did (secrets too) and the decision after it.
        assert d is not None
        hidden = self.game.options.castillo == Castillo.HIDDEN
        block = undo_block(d, applied, self.game.decision, hidden)
        chapter = self.story.tell(applied)
        self._mark(block)
        return d, chapter

    def _publish(self, update: Update) -> None:
        for subscriber in tuple(self._subscribers):
            subscriber(update)

    def _publish_nothing(self, kind: Change) -> None:
        """Publish the game as it stands after a change that played nothing: an undo (the
        game was taken back), a seat changing hands, a choice held or dropped, a hint
        counted, a lesson met."""
        nothing = Chapter((), (), self.story.round, (), self.story.general)
        update = self._update(None, None, False, nothing, self.current.public, kind)
        self._current = update
        self._publish(update)

    def _update(
        self,
        choice: Choice | None,
        chooser: int | None,
        secret: bool,
        chapter: Chapter,
        before: PublicView | None,
        kind: Change,
    ) -> Update:
        game = self.game
        public = game.view(None)
        d = game.decision
        private = game.view(d.player) if d is not None and d.secret else None
        return Update(
            moves=len(game.history),
            choice=choice,
            chooser=chooser,
            secret=secret,
            events=chapter.events,
            lines=chapter.lines,
            scorings=chapter.scorings,
            general=chapter.general,
            decision=d,
            before=before if before is not None else public,
            public=public,
            private=private,
            seating=self.seating,
            undo=self._undo_code(),
            kind=kind,
        )
