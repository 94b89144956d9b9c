"""Autosave: a subscriber of the session's stream that writes the game after every update.

The session publishes every change with its kind (`el_grande.session.Change`: a choice played,
an undo, a seat changing hands, a choice held or dropped, a hint counted, a lesson met), and
the listener saves on each: it is the one writer of the save while a game is open (the app
asks it to save once more when a signal ends the app).

    listener = attach_autosave(session, on_change=show)   # a new game: a new save file
    listener = attach_autosave(session, Autosaver.resume(save))  # a loaded game: its own id
    listener.problem        # None, or one sentence: why the last save failed
    listener.close()        # the game is left: its lock goes

Saving never stops a game and never fails in silence: a failure is kept in `problem` and
reported through `on_change` until a save works again. This module knows the session only
as something to `subscribe` to (and to find its autosave among the subscribers: `subscriber`);
it imports nothing of the app.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from el_grande.names import printable
from el_grande.persist.model import Hand, SaveFile, Seat
from el_grande.persist.played import game_finished
from el_grande.persist.store import Autosaver, save_from_game, saves_dir
from el_grande.setup import COLOURS, SeatSetup
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.core import Game
    from el_grande.persist.games import GamesRecorder
    from el_grande.session import GameSession
    from el_grande.setup import SeatSetup

log = logging.getLogger(__name__)


def seats_of(seats: Sequence[Any]) -> list[Seat]:
    """The save file's seats for a table's seats (name, colour, kind, who played it when)."""
    out = []
    for s in seats:
        hands = tuple(getattr(s, "played_by", ()))
        played_by = (
            [Hand.model_validate({"from": at, "kind": kind}) for at, kind in hands]
            if len(hands) > 1
            else None
        )
        kind = getattr(s, "kind", "human")
        out.append(
            Seat(name=s.name, colour=getattr(s, "colour", None), kind=kind, played_by=played_by)
        )
    return out


def setups_of(save: SaveFile) -> tuple[SeatSetup, ...]:
    """The table's seats for a save file's (a colour it does not know: a spare one)."""

    used = {s.colour for s in save.seats if s.colour in COLOURS}
    spare = iter(c for c in COLOURS if c not in used)
    out = []
    for seat in save.seats:
        colour = seat.colour if seat.colour in COLOURS else next(spare, COLOURS[0])
        out.append(SeatSetup(seat.name, colour, seat.kind, seat.hands))
    return tuple(out)


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
        game: Callable[[], Game],
        on_change: Callable[[str | None], None] | None = None,
        problem: str | None = None,
    ):
        self.saver = saver
        self.game = game  # the game as it stands (the session's, after undo too)
        #: (hints allowed, hints used per seat) for the save file, if the table keeps them.
        self.table: Callable[[], tuple[bool, list[int]]] | None = None
        #: The choice held for its confirmation, in the core's notation (None: nothing).
        self.held: Callable[[], str | None] | None = None
        #: The table's seats as the save file holds them (who plays them changes: format 4).
        self.seats: Callable[[], list[Seat]] | None = None
        #: (the coach's mode, the lessons met) for the save file, if the table keeps them.
        self.coach: Callable[[], tuple[Any, list[str]]] | None = None
        self.on_change = on_change
        self.error: OSError | None = None
        self.problem: str | None = problem
        #: Records the finished game in the games database (made when a game ends).
        self.recorder: GamesRecorder | None = None

    def __call__(self, update: Any) -> None:
        """A subscriber of the session's stream: save after every update, whatever its kind
        (what the save keeps besides the choices is read in `fill`)."""
        self.save(self.game())

    def fill(self, file: SaveFile) -> None:
        """Put into `file` what the table keeps besides the choices: before every write,
        the first one too (a guided game is saved as guided before its first decision)."""
        if self.table is not None:  # (format 2)
            file.hints, file.hints_used = self.table()
        file.held = self.held() if self.held is not None else None
        if self.seats is not None:
            file.seats = self.seats()
        if self.coach is not None:  # a coached game's lessons met
            file.coach, file.lessons = self.coach()

    def save(self, game: Game) -> None:
        if self.saver is None:
            return  # no save file can describe this game: `problem` says so
        self.fill(self.saver.file)
        try:
            self.saver.save(game)
        except OSError as exc:
            self.error = exc
            self._set_problem(_write_problem(self.saver.path, exc))
            log.warning("%s", self.problem)
        else:
            self.error = None
            self._set_problem(None)
            file = self.saver.file
            if game.over and any(seat.kind == "human" for seat in file.seats):
                game_finished(file.game_id)  # the `tips` setting's count (persist/played.py)
            if game.over:
                self.record(file, game)

    def record(self, file: SaveFile, game: Game) -> None:
        """The finished game, its save just written, goes into the games database (once;
        never raises: `recorder.problem` says why not, and the next start imports it)."""
        if self.recorder is None:
            # sqlite3 only when a game ends (start-up: this module loads before a saved
            # game's first frame)
            from el_grande.persist.games import GamesRecorder

            self.recorder = GamesRecorder()
        self.recorder.record(file, game)

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


def session_of(save: SaveFile) -> GameSession:
    """The session of a saved game as it was left: its record, seats, hints, coach and held
    choice (checked when the save was loaded). Take the save's lock first (`Autosaver`)."""
    from el_grande.persist.store import held_of, record_of
    from el_grande.session import GameSession

    session = GameSession.from_record(
        record_of(save),
        setups_of(save),
        hints=save.hints,
        hints_used=save.hints_used,
        coach=save.coach,
        lessons=save.lessons,
    )
    session.held = held_of(save, session.game)
    return session


def _write_problem(path: Path, exc: OSError) -> str:
    reason = printable(exc.strerror or str(exc) or type(exc).__name__).rstrip(".")
    return t("save.failed", path=printable(str(path)), reason=reason)


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
    existing = session.subscriber(AutosaveListener)
    if existing is not None:
        if on_change is not None:
            existing.on_change = on_change
        return existing

    def game() -> Game:
        return session.game

    def table() -> tuple[bool, list[int]]:
        return bool(getattr(session, "hints", True)), list(getattr(session, "hints_used", []))

    def held() -> str | None:
        choice = getattr(session, "held", None)
        return None if choice is None else str(choice)

    kept: dict[str, Any] = {}

    def seats() -> list[Seat]:  # made again only when a seat changed hands
        if kept.get("of") is not session.seats:
            kept["of"], kept["seats"] = session.seats, seats_of(session.seats)
        found: list[Seat] = kept["seats"]
        return found

    problem: str | None = None
    error: OSError | None = None
    if saver is None:
        try:
            save = _save_for(session)
        except ValueError as exc:  # seats the save format cannot hold
            log.warning("autosave off: %s", printable(str(exc)))
            listener = AutosaveListener(
                None,
                game,
                on_change,
                t("save.off"),
            )
            listener.table, listener.held = table, held
            session.subscribe(listener)
            return listener
    listener = AutosaveListener(saver, game, on_change)
    listener.table, listener.held, listener.seats = table, held, seats
    listener.coach = partial(coach_of, session)
    if saver is None:
        # The first write holds the whole table (the coach, the lessons met, hints off):
        # a kill at any moment after it resumes the game as it was.
        try:
            saver = Autosaver.start(session.game, save.seats, fill=listener.fill)
        except OSError as exc:  # e.g. no data directory: retried at each decision
            saver = Autosaver(save, saves_dir() / f"{save.game_id}.json")
            error, problem = exc, _write_problem(saver.path, exc)
            log.warning("%s", problem)
        listener.saver, listener.error, listener.problem = saver, error, problem
    session.subscribe(listener)
    return listener


def coach_of(session: GameSession) -> tuple[Any, list[str]]:
    """A session's coach and the lessons it met, as the save file keeps them."""
    return getattr(session, "coach", None), list(getattr(session, "lessons", []))


def _save_for(session: GameSession) -> SaveFile:
    return save_from_game(session.game, seats=seats_of(session.seats))
