"""A spectator's screen: the director's beats as somebody sees them who sits at no seat.

A spectator (a watcher of a game between others, a bot tournament's viewer, later) sees what
everybody may know and nothing more: who decides and what kind of decision, a computer
player's public choice before it is applied, the scorings and reveals step by step, the game
over. Its scenes are `SpectatorScene`s (`el_grande.flow.scenes`), whose every view field is
a `PublicView`: a seat's own view cannot be put in one (mypy refuses it), and no decision's
choices are in them either (a seat's choices can tell its own hidden counts). A turn held for
its player's confirmation is not shown before it is ended (it may still be taken back): the
spectator watches the board as it stands. It answers nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from el_grande.flow.audience import Spectator
from el_grande.flow.beats import Chosen, Decide, Held, Over, Show, Thinking
from el_grande.flow.scenes import GameOver, Showing, SpectatorScene, Watching

if TYPE_CHECKING:
    from el_grande.core import PublicView
    from el_grande.flow.beats import Beat

#: Draws a spectator's scene (its screen, or the connection to it).
Listener = Callable[[SpectatorScene], None]


class Spectate:
    """The policy of a spectator's screen: `beat` turns each of the director's beats into
    the spectator's scene (`scene`) and tells the listeners when it changed. `board`: the
    public board when the spectator comes in (the session's `current.public`)."""

    audience = Spectator()

    def __init__(self, board: PublicView) -> None:
        self.board = board
        self.scene: SpectatorScene | None = None
        self._listeners: list[Listener] = []

    def listen(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(scene)` whenever the spectator's scene changes; returns a function
        that stops it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def beat(self, beat: Beat) -> None:
        """The director's next beat: the spectator's scene for it, drawn if it changed."""
        scene = self.scene_for(beat)
        if scene is None or scene == self.scene:
            return
        self.scene = scene
        if not isinstance(scene, Showing):  # (a display's steps are the board's passing states)
            self.board = scene.view
        for listener in tuple(self._listeners):
            listener(scene)

    def scene_for(self, beat: Beat) -> SpectatorScene | None:
        """The spectator's scene for `beat`, or None when it changes nothing here (the last
        secret choice of a step: the next beat follows)."""
        match beat:
            case Decide(seat=seat, view=view):
                return Watching(seat, view)
            case Held(seat=seat):
                return Watching(seat, self.board)  # the turn as it stands, until it is ended
            case Thinking(seat=seat, decision=d, view=view, choice=choice):
                return Watching(seat, view, bot=True, choice=None if d.secret else choice)
            case Show():
                return beat
            case Over(view=view):
                return GameOver(view)
            case Chosen():
                return None
        return None
