"""The real app, headless, for the SIGKILL test: Enter is pressed again and again (the first
legal choice, a curtain lowered, a scoring step) and after every key the number of decisions
made so far is printed.  Autosave is attached exactly as the app's start does
(`persist.autosave.attach_autosave`), resume opens the app on the save like `el-grande resume`.

    python app_kill_driver.py SEED [--resume] [--max N]
    python app_kill_driver.py 0 --learn [--resume] [--max N]   # the guided game

With `--learn` the app starts the guided game as `el-grande learn` does (`ElGrandeApp(learn=
True)`), or resumes it; once its autosave is on disk the driver prints `saved COACH` (the
session's coach) and presses nothing before `--max` decisions: with `--max 0` it waits to
be killed before the first decision.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parents[2]))  # the repository: tests.app.helpers

from el_grande import startup

# No collection until the first frame, as `el-grande` starts (el_grande/startup.py; the app
# lets it go): every collection on the way walked the objects start-up made, a fifth of a
# short run's CPU.
startup.hold()

from el_grande.app.app import ElGrandeApp  # noqa: E402
from el_grande.flow import cautions  # noqa: E402
from el_grande.persist import list_unfinished, load_game  # noqa: E402
from el_grande.persist.autosave import attach_autosave  # noqa: E402
from el_grande.session import GameSession  # noqa: E402
from el_grande.setup import GameSetup, default_seats  # noqa: E402
from tests.app.helpers import drawn_when_read  # noqa: E402

NAMES = ["Ana", "Ben", "Cy"]

# The engine's cautions are not weighed, as in every test's app (tests/conftest.py,
# `_no_weighing`): a search in a thread at every prompt, a third of this driver's time, and
# nothing this kill test looks at. The fixed court rule still shows.
cautions.DRAWS = 0


def session_of(app: ElGrandeApp) -> GameSession | None:
    for screen in reversed(app.screen_stack):
        session = getattr(screen, "session", None)
        if session is not None:
            return session  # type: ignore[no-any-return]
    return None


async def learn(limit: int) -> int:
    """The guided game, new or resumed: `saved COACH` once its save is on disk, then Enter
    until `limit` decisions were made, then nothing (the test kills it)."""
    if "--resume" in sys.argv:
        save, _game = load_game(list_unfinished()[0].path)
        app = ElGrandeApp(saved=save, guard_seconds=0)
    else:
        app = ElGrandeApp(learn=True, guard_seconds=0)
    async with app.run_test(size=(140, 45)) as pilot:
        while (session := session_of(app)) is None or not list_unfinished():
            await pilot.pause(0.05)  # the autosave starts after the first frame
        print("saved", session.coach, flush=True)
        while len(session.game.history) < limit:
            await pilot.press("enter")
            print(len(session.game.history), flush=True)
        print("waiting", flush=True)
        while True:
            await asyncio.sleep(1)


async def main() -> int:
    seed = int(sys.argv[1])
    limit = int(sys.argv[sys.argv.index("--max") + 1]) if "--max" in sys.argv else 10**6
    if "--learn" in sys.argv:
        return await learn(limit)
    if "--resume" in sys.argv:
        save, game = load_game(list_unfinished()[0].path)
        app = ElGrandeApp(saved=save, guard_seconds=0)
        fresh = None
    else:
        fresh = GameSession.new(GameSetup(default_seats(NAMES), seed=seed))
        attach_autosave(fresh)
        app = ElGrandeApp(guard_seconds=0)
    async with app.run_test(size=(140, 45)) as pilot:
        if fresh is not None:
            app.open_game(fresh)
        await pilot.pause()
        while True:
            curtain = app.screen
            letter = getattr(curtain, "letter", None)  # a curtain with a secret behind it
            await pilot.press(letter.lower() if isinstance(letter, str) else "enter")
            session = session_of(app)
            if session is None:
                continue
            n = len(session.game.history)
            print(n, flush=True)
            if session.game.over or n >= limit:
                print("over", flush=True)
                return 0


if __name__ == "__main__":
    # Frames are drawn when read, as in every app test (tests/app/conftest.py): nothing here
    # reads the screen (a curtain's letter is the screen's attribute) and the kill test reads
    # the saves; drawing every frame to nothing was about 40 % of this driver's CPU.
    with drawn_when_read(frames=False):
        sys.exit(asyncio.run(main()))
