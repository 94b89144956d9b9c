"""The one error type a save file can raise."""

from __future__ import annotations


class SaveFileError(ValueError):
    """A save file cannot be read or does not describe a legal game.

    The message is one sentence that says what is wrong and where (the file, and the
    field or choice index when there is one), fit to show a player as it is.
    """

    def __init__(self, message: str, *, path: str | None = None, index: int | None = None):
        super().__init__(message)
        self.path = path
        self.index = index  # 0-based index of the offending choice, if any
