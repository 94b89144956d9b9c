"""One seat's own screen: the director's beats as that seat sees them (plain Python).

A player at a screen of their own (a remote seat, later) needs no take-over and no curtain:
nobody else looks. Their decision opens their prompt at once, on their own view (their hidden
Castillo count, their secret disk in a step under way); while anybody else decides, they
watch the board with their own counts on it (`Watching[View]`, with a computer player's
public choice when it shows); a scoring or a reveal plays out as everywhere; their turn held
for their confirmation waits for them (`Confirm`). Another seat's held turn is not theirs to
see before it is ended (it may still be taken back): they watch the board as it stands.

What a seat does reaches the table only through its own policy: `answer` takes an answer to
this seat's prompt on show and to nothing else, so a key typed at one seat's screen never
answers another seat's decision (nor a decision that has moved on); `end_turn` and
`take_back` act on this seat's own held turn only.

Its scenes are `SeatScene`s (`el_grande.flow.scenes`); every view in them is the seat's own
(`el_grande.flow.audience.private_view`) or public.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from el_grande.flow.audience import Seat, Views, private_view
from el_grande.flow.beats import Chosen, Decide, Held, Over, Show, Thinking
from el_grande.flow.cautions import first_cursor
from el_grande.flow.scenes import Confirm, GameOver, Prompt, SeatScene, Watching
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, View
    from el_grande.flow.beats import Beat

#: Draws a seat's scene (its screen, or the connection to it).
Listener = Callable[[SeatScene], None]


class Desk(Views, Protocol):
    """What a seat's own screen reads of the game: the decision at hand, and its own view
    (through `private_view` only). The session is one."""

    @property
    def decision(self) -> Decision | None: ...

    @property
    def held(self) -> Choice | None: ...

    def confirm(self) -> object: ...

    def unhold(self) -> Choice | None: ...


class OwnScreen:
    """The policy of `seat`'s own screen: `beat` turns each of the director's beats into the
    seat's scene (`scene`), and tells the listeners when it changed. `answer`: how an answer
    reaches the table (the director's `answer`)."""

    def __init__(self, seat: int, desk: Desk, answer: Callable[[Choice], str | None]) -> None:
        self.audience = Seat(seat)
        self.desk = desk
        self._answer = answer
        self.scene: SeatScene | None = None
        self._listeners: list[Listener] = []
        self._own_at: object = None  # the update `_own_view` was built for
        self._own_view: View | None = None

    @property
    def seat(self) -> int:
        return self.audience.seat

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(scene)` whenever the seat's scene changes; returns a function that
        stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def beat(self, beat: Beat) -> None:
        """The director's next beat: the seat's scene for it, drawn if it changed."""
        scene = self.scene_for(beat)
        if scene is not None:
            self._draw(scene)

    def _draw(self, scene: SeatScene) -> None:
        if scene == self.scene:
            return
        self.scene = scene
        for listener in tuple(self._listeners):
            listener(scene)

    def scene_for(self, beat: Beat) -> SeatScene | None:
        """The seat's scene for `beat`, or None when the beat changes nothing on this screen
        (the last secret choice of a step: no curtain needed; the next beat follows)."""
        me = self.seat
        match beat:
            case Decide(seat=seat, decision=d) if seat == me:
                view = self._own()
                return Prompt(me, d, view, cursor=first_cursor(d, view))
            case Held(seat=seat) if seat == me:
                return Confirm(
                    me, beat.decision, beat.choice, beat.view, True, beat.told, beat.then
                )
            case Decide(seat=seat) | Held(seat=seat):
                return Watching(seat, self._own())
            case Thinking(seat=seat, decision=d, choice=choice):
                shown = None if d.secret else choice  # (a secret choice is never in a beat)
                return Watching(seat, self._own(), bot=True, choice=shown)
            case Show():
                return beat
            case Over(view=view):
                return GameOver(view)
            case Chosen():
                return None
        return None

    def _own(self) -> View:
        """The seat's own view of the position now: built once per update of the session
        (several beats come between two updates: a display's steps, a computer player's)."""
        latest = self.desk.current
        if self._own_at is not latest or self._own_view is None:
            self._own_at, self._own_view = latest, private_view(self.desk, self.audience, self.seat)
        return self._own_view

    def answer(self, choice: Choice) -> str | None:
        """This seat's answer at its prompt: None when the table took it, else why not (a
        sentence; nothing changed): no prompt of this seat's on show, a decision that has
        moved on, or a choice that is not one of its legal answers."""
        scene = self.scene
        if not isinstance(scene, Prompt) or scene.decision is not self.desk.decision:
            return t("why.not_now")
        if choice not in scene.decision.choices:
            return t("why.not_legal")
        return self._answer(choice)

    def end_turn(self) -> str | None:
        """This seat ends its held turn (the held choice is applied): None when done, else
        why not (no held turn of this seat's on show; nothing changed)."""
        if not isinstance(self.scene, Confirm) or self.desk.held is None:
            return t("why.not_now")
        self.desk.confirm()
        return None

    def take_back(self) -> str | None:
        """This seat takes its held choice back: its prompt opens again on that choice. None
        when done, else why not (nothing changed)."""
        scene = self.scene
        if not isinstance(scene, Confirm) or scene.decision is not self.desk.decision:
            return t("why.not_now")
        choice = self.desk.unhold()
        view = self._own()
        self._draw(Prompt(self.seat, scene.decision, view, cursor=choice))
        return None
