"""Screens styled once as they come, not twice (start-up, and every screen pushed)."""

from __future__ import annotations

from typing import Any

from textual import events
from textual import screen as textual_screen

from el_grande.app.textual_compat import LaidOutOnce


def own_styles_read(screen: textual_screen.Screen[Any]) -> bool:
    """Whether the app's stylesheet holds `screen`'s own style files already (`CSS_PATH`; a
    screen's `CSS` is not used here, and says no). Textual styles a pushed screen before it
    reads the files the screen brings (`App._load_screen_css`): the screen's first restyle
    is then the one that gives it its own styles."""
    if screen.CSS:
        return False
    try:
        stylesheet = screen.app.stylesheet
    except RuntimeError:  # made outside a running app (Textual's NoActiveAppError)
        return False
    return all(stylesheet.has_source(str(path), "") for path in screen.css_path)


class FirstResume:
    """Called with each `ScreenResume` of a screen: the first does not restyle it all.

    Textual styles each widget when it is mounted, then, when the screen is first shown
    (`ScreenResume`), styles every widget of the screen again — for the game screen about
    4 ms of its first frame, a curtain 1.5 ms, the settings 60 ms: for nothing, nothing
    changed in between. One node may lack its styles: a screen whose own style files were not
    read when it was made (`own_styles_read`) was styled before they were — Textual reads them
    as it pushes the screen (`App._load_screen_css`), before the screen composes and mounts
    its widgets — and the first resume styles it alone again. Later resumes are Textual's as
    ever (and a new theme restyles every screen on the stack whenever it comes).
    """

    def __init__(self, screen: textual_screen.Screen[Any]) -> None:
        self.screen = screen
        self.done = False
        self.read_before = own_styles_read(screen)

    def __call__(self, event: events.ScreenResume) -> None:
        if self.done:
            return
        self.done = True
        event.refresh_styles = False
        if not self.read_before:
            self.screen.app.stylesheet.update_nodes([self.screen], animate=False)


class StyledOnce(LaidOutOnce):
    """Mixed into a screen before `Screen`: its first `ScreenResume` does not restyle it
    (`FirstResume`), and it is laid out once for its first frame (`LaidOutOnce`, which the
    screens without `StyledOnce` have too). Every screen of the app's has it, but those with
    an `on_screen_resume` of their own (the game screen, the pause of a small terminal), which
    call `FirstResume` from it. (A form's focused row needs no restyle of the whole form:
    its label is lit by a class as the focus comes, `FormNavigation`.)"""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        assert isinstance(self, textual_screen.Screen)
        self._first_resume = FirstResume(self)

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        self._first_resume(event)


class Screen(StyledOnce, textual_screen.Screen[None]):
    """The app's default screen (`App.get_default_screen`), under every screen the app opens:
    Textual's own `Screen` (and named so), styled once — not again when Textual first resumes
    it under the title or the game screen (about 1 % of their first frame)."""


class StyledDefault:
    """Mixed into the app, before `App`: its default screen is styled once (`Screen`)."""

    def get_default_screen(self) -> textual_screen.Screen[Any]:
        return Screen(id="_default")
