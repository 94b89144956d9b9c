"""Screens styled once before their first frame (start-up)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events, screen

if TYPE_CHECKING:
    pass


class FirstResume:
    """Called with each `ScreenResume` of a screen: the first does not restyle it.

    Textual styles each widget when it is mounted, then, when the screen is first shown
    (`ScreenResume`), styles every widget of the screen again — for the game screen about
    4 ms of its first frame, for nothing: nothing changed in between. Later resumes are
    Textual's as ever (and a new theme restyles every screen on the stack whenever it comes).
    The screen's own `on_screen_resume` calls it (it runs before `Screen`'s).
    """

    def __init__(self) -> None:
        self.done = False

    def __call__(self, event: events.ScreenResume) -> None:
        if not self.done:
            self.done = True
            event.refresh_styles = False


class StyledOnce:
    """Mixed into a screen with no `on_screen_resume` of its own, before `Screen`: its first
    `ScreenResume` does not restyle it (`FirstResume`)."""

    _first_resume: FirstResume | None = None

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if self._first_resume is None:
            self._first_resume = FirstResume()
        self._first_resume(event)


class Screen(StyledOnce, screen.Screen[None]):
    """The app's default screen (`App.get_default_screen`), under every screen the app opens:
    Textual's own `Screen` (and named so), styled once — not again when Textual first resumes
    it under the title or the game screen (about 1 % of their first frame)."""


class StyledDefault:
    """Mixed into the app, before `App`: its default screen is styled once (`Screen`)."""

    def get_default_screen(self) -> screen.Screen[Any]:
        return Screen(id="_default")
