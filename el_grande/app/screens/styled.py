"""Screens styled once before their first frame (start-up)."""

from __future__ import annotations

from textual import events


class StyledOnce:
    """Mixed into a screen, before `Screen`: its first `ScreenResume` does not restyle it.

    Textual styles each widget when it is mounted, then, when the screen is first shown
    (`ScreenResume`), styles every widget of the screen again — for the game screen about
    4 ms of its first frame, for nothing: nothing changed in between. Later resumes are
    Textual's as ever (and a new theme restyles every screen on the stack whenever it comes).
    Textual calls the `on_screen_resume` of every class of the screen, this one before
    `Screen`'s own.
    """

    _shown_once = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._shown_once:
            self._shown_once = True
            event.refresh_styles = False
