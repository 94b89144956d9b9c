"""Hand-overs at one keyboard: no key or click typed by one player answers another's decision
(docs/app.md, "Hand-overs").

At one keyboard the danger is input typed ahead: the player who just answered goes on pressing
Enter, digits or letters, or clicking, and the next player's decision would be answered for
them. A guard that opens after a fixed time does not stop that (a stream of keys only has to
go on long enough); what tells a hand typing ahead from the next player is **silence**: the
next player takes the keyboard, reads, and only then presses a key. So every wait here ends
only after a stretch with no key, click or paste at all, and any input restarts it.

Which wait a human's decision gets (`HandOvers.wait_for`):

- **none** — the same player decides again (their own consecutive decisions are not slowed);
- **quiet** (`QUIET` seconds of silence, then input acts as usual) — the deciding human
  changes at an ordinary moment (Ana plays her power card, Ben is next), or the same player
  decides again right after a display or a curtain;
- **take-over** — the deciding human changes right after a scoring display, a reveal or a
  curtain (where streams of Enter start: Enter steps a display), and for every secret
  decision: the next player takes over by a deliberate act, their letter or a click on a
  button, which counts only after `TAKE_OVER` seconds of silence; a wrong letter, like any
  other input, restarts the wait. With *strict hand-overs* (a setting) every change of player
  is a take-over.

A player who has just confirmed their turn ("end my turn", `el_grande.flow.confirm`) made the
deliberate act of that hand-over already: the next human gets the quiet time, not a second
take-over (a secret decision still gets its curtain, after the quiet time; a display still
makes the take-over after it) — unless hand-overs are strict: then the next person takes over
with their letter as at every change of player. While a turn waits for its confirmation the
guard's wait is `Wait.CONFIRM`: every input acts, but Enter confirms only after the quiet time
(`calm`). While a computer player decides it is `Wait.WATCH`: every input acts (keys that
only show), but a key that changes something acts only when it is `calm` too.

A game opened part-way (resumed, loaded) and a seat changing hands count as an answer by
`NOBODY`: the first person's decision after it waits at least the quiet time, a take-over
where one is due (a secret, strict hand-overs, a display or curtain the save left pending),
whoever it belongs to. A resumed held choice is its seat's answer, as it was live.

With **one person at the table** (the rest computer players, which never see the screen)
there is nobody to hand the keyboard to or hide a secret from: no take-over, no curtain; the
quiet time still stops their own Enter stream through a display (`wait_for(alone=True)`).

The guard (`HandOverGuard`) sees every key, click and paste with the time stamp it arrived
with, and says whether it may act. Its clock is injected (`el_grande.flow.clock`): tests move
time by hand and never sleep.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from el_grande.flow.clock import Cancel, Clock

#: Seconds of silence that end the wait at an ordinary change of player: longer than a double
#: click (0.5 s), a quick double tap, and the gaps of a hand pressing Enter at a steady pace.
QUIET = 1.2

#: Seconds of silence before a take-over's letter or button counts: longer than the slowest
#: typing ahead measured at the table (a key every 2 s) — a hand that goes on pressing keys,
#: even slowly, never finds the gap it needs, whatever keys it presses.
TAKE_OVER = 2.4

#: Letters a take-over may ask for: none is a key of the game screen (a-e, f, h, l, o, p, s,
#: u; n, q, r, t on game over), none is easily confused (I, O).
LETTERS = "GJKMVWXYZ"

#: The Hangul jamo the same physical key types on a Korean (2-beolsik) keyboard, so a player
#: whose input method is on can still take over.
JAMO = dict(zip(LETTERS, "ㅎㅓㅏㅡㅍㅈㅌㅛㅋ", strict=True))


class Wait(StrEnum):
    """What a decision waits for before input acts."""

    NONE = "none"
    QUIET = "quiet"
    TAKE_OVER = "take_over"
    #: A turn waits for its confirmation: every input acts, and the guard keeps counting the
    #: silence (`HandOverGuard.calm`: whether the latest input came after the quiet time).
    CONFIRM = "confirm"
    #: A computer player decides: every input acts (keys that only show), and the guard keeps
    #: counting the silence since the watch began (one watch over computer players playing in
    #: a row): a key that changes something acts only when `calm`.
    WATCH = "watch"


class Input(StrEnum):
    """The kinds of raw input the guard sees."""

    KEY = "key"
    PRESS = "press"  # a mouse button goes down
    RELEASE = "release"  # and up
    PASTE = "paste"


def letter_matches(letter: str | None, character: str | None) -> bool:
    """Whether a typed character is `letter` (either case, or its jamo)."""
    if letter is None or not character:
        return False
    return character.upper() == letter or character == JAMO.get(letter)


class HandOverGuard:
    """Says whether an input may act, by its time stamp and the silence before it.

    `begin(wait)` starts a wait; `admits(kind, stamp)` is asked for every raw input. While a
    wait is on, an input acts only if the silence before it — since the wait began and since
    the previous input of any kind — was long enough; any input restarts the silence. A quiet
    wait ends with the first input it admits; a take-over ends only when the flow says the
    deliberate act was made (`end`). `ready` says whether the next input would count now, and
    `on_ready` is called whenever that changes, so a curtain can show when its letter counts.
    """

    def __init__(
        self,
        clock: Clock,
        *,
        quiet: float = QUIET,
        take_over: float = TAKE_OVER,
        on_ready: Callable[[bool], None] | None = None,
    ) -> None:
        self.clock = clock
        #: Seconds of silence a quiet wait needs, and a take-over.
        self.quiet = max(0.0, quiet)
        self.take_over = max(0.0, take_over)
        self.on_ready = on_ready
        self.wait = Wait.NONE
        self._began = float("-inf")
        self._last = float("-inf")  # the latest input's stamp (admitted or not)
        self._admitted = float("nan")  # the stamp of the last admitted input
        self._pressed = False  # the last admitted input was a mouse button going down
        self._calm = False  # (a confirmation) the latest input came after the quiet time
        self._ready = True
        self._timer: Cancel | None = None

    @property
    def needed(self) -> float:
        """Seconds of silence the wait needs."""
        if self.wait in (Wait.QUIET, Wait.CONFIRM, Wait.WATCH):
            return self.quiet
        return self.take_over if self.wait is Wait.TAKE_OVER else 0.0

    @property
    def ready_at(self) -> float:
        """When the next input would count, if none comes before."""
        return max(self._began, self._last) + self.needed

    @property
    def ready(self) -> bool:
        """Whether an input now would count."""
        return self.wait is Wait.NONE or self.clock.now() >= self.ready_at

    @property
    def counted(self) -> bool:
        """Whether the latest input was admitted (a take-over act must be that input)."""
        return self._admitted == self._last

    @property
    def calm(self) -> bool:
        """While a turn waits for its confirmation, or a computer player decides: whether the
        latest input came after the quiet time (Enter confirms only then, a key that changes
        something acts only then: a key typed ahead never does)."""
        return self.wait in (Wait.CONFIRM, Wait.WATCH) and self._calm

    def begin(self, wait: Wait) -> None:
        """Start a wait now (`Wait.NONE`: input acts at once). A watch that goes on (another
        computer player decides next) keeps counting from where it began."""
        if wait is Wait.WATCH and self.wait is Wait.WATCH:
            return
        self.wait = wait
        self._began = self.clock.now()
        self._pressed = False
        self._calm = False
        self._changed()

    def end(self) -> None:
        """The wait is over (the take-over was made, or the decision went away)."""
        if self.wait is not Wait.NONE:
            self.wait = Wait.NONE
            self._changed()

    def admits(self, kind: Input, stamp: float) -> bool:
        """Whether an input that arrived at `stamp` may act (asked once per input)."""
        previous, self._last = self._last, max(self._last, stamp)
        if self.wait is Wait.NONE:
            self._admit(kind)
            return True
        if self.wait in (Wait.CONFIRM, Wait.WATCH):
            self._calm = stamp >= self._began and stamp - max(previous, self._began) >= self.quiet
            self._admit(kind)
            self._changed()  # any input restarts the silence
            return True
        if kind is Input.RELEASE and self._pressed:
            # The release of a button press that was admitted: one click, not two inputs.
            self._admit(kind)
            return True
        if stamp < self._began or stamp - max(previous, self._began) < self.needed:
            self._pressed = False
            self._changed()  # the silence starts again
            return False
        if self.wait is Wait.QUIET:
            self.wait = Wait.NONE
        self._admit(kind)
        if kind is not Input.PRESS:
            # (A button press counts when it is released: until then the button stays armed.)
            self._changed()
        return True

    def _admit(self, kind: Input) -> None:
        self._admitted = self._last
        self._pressed = kind is Input.PRESS

    def _changed(self) -> None:
        """Tell whether the next input counts now, and look again when it will."""
        if self._timer is not None:
            self._timer()
            self._timer = None
        ready = self.ready
        if not ready:
            self._timer = self.clock.call_later(self.ready_at - self.clock.now(), self._changed)
        if ready != self._ready:
            self._ready = ready
            if self.on_ready is not None:
                self.on_ready(ready)


#: Who "answered" when the table was opened part-way (a resumed or loaded game) or a seat
#: changed hands: nobody's seat, so the next person's decision waits as after another
#: player's answer.
NOBODY = -1


class HandOvers:
    """Which wait each human decision gets: who answered last, and whether a display, a
    reveal or a curtain came since (see the module docstring)."""

    def __init__(self, strict: bool = False) -> None:
        #: Strict hand-overs: a take-over at every change of player.
        self.strict = strict
        self.last: int | None = None
        self.shown = False
        #: The last human confirmed their turn: the deliberate act of the next hand-over.
        self.confirmed = False

    def showed(self) -> None:
        """A scoring display, a reveal or a curtain was on screen."""
        self.shown = True

    def answered(self, seat: int) -> None:
        """A human in `seat` answered a decision."""
        self.last, self.shown, self.confirmed = seat, False, False

    def confirm(self) -> None:
        """The human who answered last confirmed their turn ("end my turn")."""
        self.confirmed = True

    def wait_for(self, seat: int, secret: bool = False, *, alone: bool = False) -> Wait:
        """The wait before a human's decision in `seat` may be answered (`alone`: the only
        person at the table decides: never a take-over)."""
        if self.last is None:  # a new game has just been opened: nobody hands over
            return Wait.TAKE_OVER if secret and not alone else Wait.NONE
        if alone:  # nobody to hand over to or hide from; their own Enter stream still stops
            return Wait.NONE if seat == self.last and not self.shown else Wait.QUIET
        if seat == self.last:
            return Wait.QUIET if self.shown or secret else Wait.NONE
        if self.confirmed and not self.shown and not self.strict:
            return Wait.QUIET  # the confirmation was the deliberate act (a secret: a curtain)
        if self.shown or secret or self.strict:
            return Wait.TAKE_OVER
        return Wait.QUIET
