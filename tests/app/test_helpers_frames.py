"""What the app tests' drawing rules (`helpers.drawn_when_read`) do: a test
marked `frames` sees a frame drawn for what each key changed, once, when the app has handled
it; any other test sees none drawn until it reads the screen."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from el_grande.app.textual_compat import on_frame

from .helpers import press, screen_text, settle


class _Counter(App[None]):
    """Each `a` changes the line three times in one key: at once, at its next message, and
    after the screen's next refresh (each asks for a refresh)."""

    BINDINGS = [Binding("a", "again", "again")]

    def __init__(self) -> None:
        super().__init__()
        self.presses = 0

    def compose(self) -> ComposeResult:
        yield Static("0", id="line")

    def action_again(self) -> None:
        self.presses += 1
        line = self.query_one("#line", Static)
        line.update(f"{self.presses} once")
        self.call_next(lambda: line.update(f"{self.presses} twice"))
        self.call_after_refresh(lambda: line.update(f"{self.presses} thrice"))


async def _frames_per_key(keys: int) -> tuple[list[int], str]:
    app = _Counter()
    frames: list[int] = []
    on_frame(app, lambda: frames.append(app.presses))
    async with app.run_test(size=(30, 3)) as pilot:
        await settle(pilot)
        frames.clear()
        for _ in range(keys):
            await press(pilot, "a")
        return frames, screen_text(app)


@pytest.mark.frames
async def test_a_frames_test_draws_each_key_once_when_it_is_handled() -> None:
    frames, shown = await _frames_per_key(3)
    assert frames == [1, 2, 3]  # one frame a key, drawn with what the key changed
    assert "3 thrice" in shown


async def test_another_test_draws_no_frame_but_reads_the_screen_as_it_is() -> None:
    frames, shown = await _frames_per_key(3)
    assert frames == []
    assert "3 thrice" in shown
