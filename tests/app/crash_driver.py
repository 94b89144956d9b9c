"""The real `el-grande play`, headless, with a failure injected: the rules core raises in the
middle of decision N (`Game.apply`), with the game's seed and its last choice in the message.
Enter is pressed again and again (the first legal choice, a curtain's letter, a scoring step)
until the app ends. The process exits with what `el-grande` returns.

    python crash_driver.py SEED N
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parents[2]))  # the repository: tests.app.helpers

from el_grande import startup

# No collection until the first frame, as `el-grande` starts (el_grande/startup.py; the app
# lets it go), from before the first import of Textual.
startup.hold()

from textual.app import App  # noqa: E402
from textual.pilot import Pilot  # noqa: E402

from el_grande.core import Game  # noqa: E402
from tests.app.helpers import drawn_when_read  # noqa: E402


def main() -> int:
    seed, fail_at = int(sys.argv[1]), int(sys.argv[2])
    real_apply = Game.apply

    def failing_apply(self: Game, choice: Any) -> Any:
        if len(self.history) == fail_at:
            last = self.history[-1] if self.history else "none"
            raise RuntimeError(f"injected failure: seed {self.seed}, after {last}")
        return real_apply(self, choice)

    Game.apply = failing_apply  # type: ignore[method-assign]

    async def keys(pilot: Pilot[Any]) -> None:
        app = pilot.app
        try:
            while app.is_running:
                letter = getattr(app.screen, "letter", None)  # a curtain with a secret behind
                await pilot.press(letter.lower() if isinstance(letter, str) else "enter")
        except Exception:
            return  # the app has ended (the failure)

    real_run = App.run

    def headless_run(self: App[Any], **kwargs: Any) -> Any:
        return real_run(self, headless=True, size=(120, 40), auto_pilot=keys)

    App.run = headless_run  # type: ignore[method-assign]
    from el_grande.flow import handover

    handover.QUIET = handover.TAKE_OVER = 0.0  # keys as fast as the app takes them (the tests')
    from el_grande.flow import cautions

    # The engine's cautions are not weighed, as in every test's app (tests/conftest.py,
    # `_no_weighing`): a search in a thread at every prompt, most of this driver's CPU, and
    # nothing a crash test looks at. The fixed court rule still shows.
    cautions.DRAWS = 0
    # Standard input a terminal, as a player's is (`play` asks before it opens the app).
    os.dup2(os.openpty()[1], 0)
    from el_grande.__main__ import main as el_grande

    names = "Ana,Ben,Cy"
    # Frames are drawn when read, as in every app test (tests/app/conftest.py): nothing here
    # reads the screen (a curtain's letter is the screen's attribute), the crash test reads
    # what the process said and left; drawing every frame to nothing was a third of its CPU.
    with drawn_when_read(frames=False):
        return el_grande(["play", "--players", names, "--seed", str(seed), "--castillo", "hidden"])


if __name__ == "__main__":
    sys.exit(main())
