"""Benchmarks to run by hand (not tests): `python -m el_grande.app.bench`.

1. Start-up to first frame, `el-grande play ...` vs a bare Textual "hello" app, each in a fresh
   interpreter, headless, timed from process start until the first frame has been rendered.
2. Key press to repaint on the game screen: a key event is posted and the time until the next
   frame has been composed is taken, over a few hundred keys of a scripted game.
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import time

#: Prepended to both programs: time from interpreter start to the first composed frame.
PROBE = """
import time
T0 = time.perf_counter()
from textual.app import App
_display = App._display
def _first(self, screen, update):
    _display(self, screen, update)
    if not getattr(App, "_probed", False):
        App._probed = True
        print(time.perf_counter() - T0)
        self.exit()
App._display = _first
"""

HELLO = (
    PROBE
    + """
from textual.widgets import Static
class Hello(App):
    def compose(self):
        yield Static("Hello")
Hello().run(headless=True, size=(100, 30))
"""
)

GAME = (
    PROBE
    + """
from el_grande.app.app import ElGrandeApp
from el_grande.setup import GameSetup, default_seats
ElGrandeApp(setup=GameSetup(default_seats(["Ana", "Ben", "Cy"]), seed=7)).run(
    headless=True, size=(100, 30)
)
"""
)


def _startup(code: str, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", code], check=True, capture_output=True, text=True
        ).stdout
        times.append(float(out.split()[0]))
    return times


async def _keys(presses: int) -> tuple[list[float], list[float]]:
    """(first repaint, last repaint) after each key, in seconds."""
    from el_grande.app.app import ElGrandeApp
    from el_grande.app.screens.game import GameScreen
    from el_grande.setup import GameSetup, default_seats

    app = ElGrandeApp(setup=GameSetup(default_seats(["Ana", "Ben", "Cy"]), seed=7))
    first: list[float] = []
    last: list[float] = []
    frames: list[float] = []
    original = app._display

    def display(screen, update):  # type: ignore[no-untyped-def]
        original(screen, update)
        frames.append(time.perf_counter())

    app._display = display  # type: ignore[method-assign]
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        keys = ["down", "down", "up", "enter"]
        i = 0
        while len(first) < presses:
            if not isinstance(app.screen, GameScreen):
                await pilot.press("enter")
                if app.screen.__class__.__name__ == "GameOverScreen":
                    break
                continue
            frames.clear()
            t0 = time.perf_counter()
            await pilot.press(keys[i % len(keys)])
            i += 1
            await pilot.pause()
            if frames:
                first.append(frames[0] - t0)
                last.append(frames[-1] - t0)
    return first, last


def main() -> None:
    runs = 5
    hello = _startup(HELLO, runs)
    game = _startup(GAME, runs)
    h, g = statistics.median(hello), statistics.median(game)
    print(
        f"start-up to first frame (median of {runs}): hello {h * 1000:.0f} ms, "
        f"el-grande {g * 1000:.0f} ms, ratio {g / h:.2f}x (target <= 1.5x)"
    )
    first, last = asyncio.run(_keys(200))
    for label, samples in (("first repaint", first), ("last repaint", last)):
        ms = sorted(s * 1000 for s in samples)
        print(
            f"key press to {label} over {len(ms)} keys: median {statistics.median(ms):.1f} ms, "
            f"p90 {ms[int(len(ms) * 0.9)]:.1f} ms, max {ms[-1]:.1f} ms (target median <= 50 ms)"
        )


if __name__ == "__main__":
    main()
