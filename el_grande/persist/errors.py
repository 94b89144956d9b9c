"""The error types a save file (or a game already open elsewhere) can raise."""

from __future__ import annotations


class SaveFileError(ValueError):
    """A save file cannot be read or does not describe a legal game.

    The message is one sentence that says what is wrong and where (the file, and the
    field or choice index when there is one), fit to show a player as it is: text from the
    file in it has been made printable (`el_grande.names.printable`).
    """

    def __init__(self, message: str, *, path: str | None = None, index: int | None = None):
        super().__init__(message)
        self.path = path
        self.index = index  # 0-based index of the offending choice, if any


class GameLockedError(SaveFileError):
    """The game is open in another window (another process holds its lock).

    A `SaveFileError`, so every caller that reports bad files reports this one too: one
    sentence, nothing opened.  `game_id` names the game.
    """

    def __init__(self, message: str, *, game_id: str, path: str | None = None):
        super().__init__(message, path=path)
        self.game_id = game_id


class CannotLockError(SaveFileError):
    """Something is where the game's lock goes that cannot be locked (a directory, a file this
    user may not open): the game is not opened, since without its lock a second window could
    play it at the same time. `game_id` names the game, `reason` is the system's words."""

    def __init__(self, message: str, *, game_id: str, reason: str, path: str | None = None):
        super().__init__(message, path=path)
        self.game_id = game_id
        self.reason = reason
