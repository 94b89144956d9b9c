"""The few places where saving meets the app, kept here so the app's edits stay one-liners.

- `attach_autosave(session, on_change=...)`: after `GameSession.new(...)`, autosave every
  decision; the listener's `problem` says when saving fails, `close()` lets the game go.
- `session_for(save_or_record)`: a GameSession for a recorded game, its log rebuilt.
- `undo_session(session)`: a new GameSession one decision back, or None;
  `can_undo_session(session)`: whether to offer the undo key now.
- `open_resume(app)`: the title screen's "Resume a saved game".
- `launch(save, game)` / `resumed_app(...)`: `el-grande resume`/`load` open the app on a game.
- `install()`: registers the title-screen hook and the CLI launcher.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from el_grande.names import printable
from el_grande.persist.model import SaveFile, Seat
from el_grande.persist.store import Autosaver, saves_dir
from el_grande.persist.undo import can_undo, undo

if TYPE_CHECKING:
    from textual.app import App

    from el_grande.app.session import GameSession
    from el_grande.app.setup import SeatSetup
    from el_grande.core import Choice, Game

log = logging.getLogger(__name__)


# ------------------------------------------------------------------ seats


def seats_of(session: GameSession) -> list[Seat]:
    return [
        Seat(name=s.name, colour=getattr(s, "colour", None), kind=getattr(s, "kind", "human"))
        for s in session.seats
    ]


def setups_of(save: SaveFile) -> tuple[SeatSetup, ...]:
    from el_grande.app.setup import COLOURS, SeatSetup

    used = {s.colour for s in save.seats if s.colour in COLOURS}
    spare = iter(c for c in COLOURS if c not in used)
    out = []
    for seat in save.seats:
        colour = seat.colour if seat.colour in COLOURS else next(spare, COLOURS[0])
        out.append(SeatSetup(seat.name, colour, seat.kind))
    return tuple(out)


# ------------------------------------------------------------------ autosave


class AutosaveListener:
    """A GameSession listener that autosaves after every applied choice.

    A failing disk must not end the game, nor go unnoticed: `problem` holds one sentence
    naming the file and the reason ("Autosave failed: cannot write /…/x.json: No space left
    on device."), set on failure and cleared by the next save that works; `on_change(problem)`
    is called whenever it changes (the app shows it).  `error` is the OSError itself.
    `close()` when the game is left: the game's lock is released.
    """

    def __init__(
        self,
        saver: Autosaver | None,
        on_change: Callable[[str | None], None] | None = None,
        problem: str | None = None,
    ):
        self.saver = saver
        self.on_change = on_change
        self.error: OSError | None = None
        self.problem: str | None = problem

    def __call__(self, session: GameSession, choice: Choice | None, events: Any) -> None:
        self.save(session.game)

    def save(self, game: Game) -> None:
        if self.saver is None:
            return  # no save file can describe this game: `problem` says so
        try:
            self.saver.save(game)
        except OSError as exc:
            self.error = exc
            self._set_problem(_write_problem(self.saver.path, exc))
            log.warning("%s", self.problem)
        else:
            self.error = None
            self._set_problem(None)

    def _set_problem(self, problem: str | None) -> None:
        if problem == self.problem:
            return
        self.problem = problem
        if self.on_change is not None:
            self.on_change(problem)

    def close(self) -> None:
        """The game is left: release its lock (idempotent; a later save takes it again)."""
        if self.saver is not None:
            self.saver.close()


def _write_problem(path: Path, exc: OSError) -> str:
    reason = printable(exc.strerror or str(exc) or type(exc).__name__).rstrip(".")
    return f"Autosave failed: cannot write {printable(str(path))}: {reason}."


def autosaver_of(session: GameSession) -> AutosaveListener | None:
    return next((x for x in session.listeners if isinstance(x, AutosaveListener)), None)


def attach_autosave(
    session: GameSession,
    saver: Autosaver | None = None,
    on_change: Callable[[str | None], None] | None = None,
) -> AutosaveListener:
    """Autosave `session` after every decision (a new file unless `saver` is given).

    Saving never stops a game: if the first save fails (no data directory, a full disk),
    the listener is attached all the same with its `problem` set, and tries again at every
    decision.  `on_change` is only called on later changes: read `problem` once at first.
    """
    existing = autosaver_of(session)
    if existing is not None:
        if on_change is not None:
            existing.on_change = on_change
        return existing
    problem: str | None = None
    error: OSError | None = None
    if saver is None:
        try:
            save = _save_for(session)
        except ValueError as exc:  # seats the save format cannot hold
            log.warning("autosave off: %s", printable(str(exc)))
            listener = AutosaveListener(
                None, on_change, "Autosave is off: the players' seats cannot be written to a save."
            )
            session.listeners.append(listener)
            return listener
        try:
            saver = Autosaver.start(session.game, save.seats)
        except OSError as exc:  # e.g. no data directory: retried at each decision
            saver = Autosaver(save, saves_dir() / f"{save.game_id}.json")
            error, problem = exc, _write_problem(saver.path, exc)
            log.warning("%s", problem)
    listener = AutosaveListener(saver, on_change, problem)
    listener.error = error
    session.listeners.append(listener)
    return listener


def _save_for(session: GameSession) -> SaveFile:
    from el_grande.persist.store import save_from_game

    return save_from_game(session.game, seats=seats_of(session))


# ------------------------------------------------------------------ sessions from records


def session_for(
    save_or_record: SaveFile | dict[str, Any],
    seats: tuple[SeatSetup, ...] | None = None,
    listeners: list[Any] | None = None,
) -> GameSession:
    """A GameSession for a recorded game, its log and scoring tally rebuilt as if it had
    been played here (one replay, no listener called)."""
    from el_grande.app.session import GameSession
    from el_grande.core import Game, visible_to
    from el_grande.persist.store import record_of

    if isinstance(save_or_record, SaveFile):
        record = record_of(save_or_record)
        seats = seats or setups_of(save_or_record)
    else:
        record = save_or_record
    game = Game.replay(record, upto=0)
    session = GameSession.from_game(game, seats)
    session.log_events(session.opening_events())
    for text in record["choices"]:
        session.log_events([visible_to(e, None) for e in game.apply(game.parse(text))])
    if listeners:
        session.listeners.extend(listeners)
    return session


def resume_session(save: SaveFile, game: Game | None = None) -> GameSession:
    """A session for a loaded save that keeps autosaving under the save's game id."""
    saver = Autosaver.resume(save)  # GameLockedError if open in another window: nothing opened
    session = session_for(save)
    if game is not None:
        assert session.game.history == game.history
    attach_autosave(session, saver).save(session.game)
    return session


# ------------------------------------------------------------------ undo


def _bot_to_move(session: GameSession) -> bool:
    """A computer player has the decision: undo would take back *its* choices (the core's rule
    lets the chooser undo within a turn; a bot's turn is never the human's to undo)."""
    d = session.game.decision
    return d is not None and session.bot_level(d.player) is not None


def can_undo_session(session: GameSession) -> bool:
    return not _bot_to_move(session) and can_undo(session.game)


def undo_session(session: GameSession) -> GameSession | None:
    """The session one decision back (see `persist.undo` for when), or None.

    The old session is left as it was; the new one carries its listeners, and the autosave
    is rewritten at once so the file never holds the undone decision after this returns.
    """
    if _bot_to_move(session):
        return None
    back = undo(session.game)
    if back is None:
        return None
    new = session_for(back.record(), session.seats, list(session.listeners))
    new.setup = session.setup
    saver = autosaver_of(new)
    if saver is not None:
        saver.save(new.game)
    return new


# ------------------------------------------------------------------ app entry points


def open_resume(app: App[Any]) -> None:
    """Title screen → "Resume a saved game": pick from the unfinished games."""
    from el_grande.persist.resume_screen import ResumeScreen

    app.push_screen(ResumeScreen())


def resumed_app(save: SaveFile, game: Game, **kw: Any) -> App[None]:
    """The app, opening straight onto a loaded game (title screen underneath)."""
    from el_grande.app.app import ElGrandeApp

    session = resume_session(save, game)

    class ResumedApp(ElGrandeApp):
        # CSS paths are relative to the defining module: point back at the app's own file.
        CSS_PATH = str(Path(sys.modules[ElGrandeApp.__module__].__file__ or "").parent / "app.tcss")

        def on_ready(self) -> None:
            self.open_game(session)

    return ResumedApp(**kw)


def launch(save: SaveFile, game: Game) -> int:
    """Run the app straight into a loaded game (``el-grande resume`` / ``load``)."""
    install()
    resumed_app(save, game).run()
    return 0


_installed = False


def install() -> None:
    """Offer "Resume" on the title screen and let the CLI open loaded games.  Idempotent."""
    global _installed
    if _installed:
        return
    _installed = True
    from el_grande.app.screens import title
    from el_grande.persist import cli

    if open_resume not in title.RESUME_HOOK:
        title.RESUME_HOOK.append(open_resume)
    cli.set_launcher(launch)
