"""The autosave of the game on screen: one game at a time holds a save's lock.

The app (`el_grande.app.app`) opens a game through `GameSave`: a new game's autosave starts
after its first frame (`start`: pydantic costs start-up time), a saved game's is taken with
its lock before anything is built (`session_for`), and the game left lets its lock go
(`leave`). Why the last save failed (`problem`, None when it worked) goes to `on_problem`
each time it changes: the game screen shows it, and the app repeats it as it ends.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from el_grande.app.access import imported

if TYPE_CHECKING:
    from el_grande.persist.autosave import AutosaveListener
    from el_grande.persist.model import SaveFile
    from el_grande.session import GameSession


class GameSave:
    """The game on screen's autosave (its listener on the session's stream), if it has one."""

    def __init__(self, on_problem: Callable[[str | None], None]) -> None:
        self._on_problem = on_problem
        self._listener: AutosaveListener | None = None
        #: Why the last autosave failed (None: it worked, or no game).
        self.problem: str | None = None
        #: Whether a game was autosaved here (what a crash's line may promise).
        self.had_game = False

    def start(self, session: GameSession) -> None:
        """A new game's autosave (it writes the whole game as it starts)."""
        from el_grande.persist.autosave import attach_autosave  # start-up: pydantic, after

        self._watch(attach_autosave(session, on_change=self._changed))

    def session_for(self, save: SaveFile, reseat: dict[int, str] | None = None) -> GameSession:
        """The session of a saved game, its lock taken first: `GameLockedError` (a
        `SaveFileError`) if another window has it open, and nothing is built. `reseat`: seats
        that change hands from the decision at hand on ({seat: kind})."""
        # start-up: the saves (pydantic) and the rules core, when a save is opened
        from el_grande.persist.autosave import attach_autosave, session_of
        from el_grande.persist.store import Autosaver

        saver = Autosaver.resume(save)  # the lock first: if it is taken, nothing is built
        session = session_of(save)
        for seat, kind in sorted((reseat or {}).items()):
            session.seat_to(seat, kind)
        listener = attach_autosave(session, saver, self._changed)
        listener.save(session.game)
        self._watch(listener)
        return session

    def opening(self, session: GameSession) -> bool:
        """`session` goes on screen: its autosave, if it has one, is the one watched; any other
        game's lets its game go (then True)."""
        listener = None
        if imported("el_grande.persist.autosave"):  # else no session has an autosave yet
            from el_grande.persist.autosave import AutosaveListener  # start-up: pydantic

            listener = session.subscriber(AutosaveListener)
        left = listener is None or listener is not self._listener
        if left:
            self.leave()
        if listener is not None:
            self._watch(listener)
        return left

    def leave(self) -> None:
        """The game on screen is left: its autosave lets the game go (the lock is freed)."""
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        self.problem = None

    def let_go(self) -> None:
        """The app ends now (a signal): the game saved (at every change already: once more if
        one failed) and let go."""
        listener = self._listener
        if listener is not None:
            with contextlib.suppress(Exception):
                listener.save(listener.game())
            listener.close()

    def _watch(self, listener: AutosaveListener) -> None:
        self.had_game = True
        if self._listener is not None and self._listener is not listener:
            self._listener.close()  # the previous game's lock goes
        self._listener = listener
        listener.on_change = self._changed
        self._changed(listener.problem)

    def _changed(self, problem: str | None) -> None:
        self.problem = problem
        self._on_problem(problem)
