"""A headless stand-in for the app, for the SIGKILL test: plays a scripted game and
autosaves after every decision exactly as the app does (`Autosaver.save` after `apply`).

    python kill_driver.py SEED PLAYERS           # start a new game in $EL_GRANDE_HOME
    python kill_driver.py SEED PLAYERS --resume  # resume the latest unfinished game

After each autosave it prints the number of decisions saved so far (flushed), so the test
knows that everything up to that number must survive a kill.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from el_grande import startup  # noqa: E402

startup.hold()  # as `el-grande` starts a command: no collection until it starts (main)

from persist_helpers import new_game  # noqa: E402

from el_grande.core import Choice, Game  # noqa: E402
from el_grande.persist import Autosaver, list_unfinished, load_game  # noqa: E402


def scripted_choice(game: Game, seed: int) -> Choice:
    """The script: a choice that depends only on the seed and the position (so a resumed run
    continues the same game)."""
    d = game.decision
    assert d is not None
    return random.Random(f"{seed}:{len(game.history)}").choice(d.choices)


def main() -> int:
    seed, players = int(sys.argv[1]), int(sys.argv[2])
    startup.release()
    if "--resume" in sys.argv:
        saved = list_unfinished()[0]
        save, game = load_game(saved.path)
        saver = Autosaver.resume(save)
    else:
        game = new_game(seed, players)
        saver = Autosaver.start(game)
    print(len(game.history), flush=True)
    while not game.over:
        game.apply(scripted_choice(game, seed))
        saver.save(game)
        print(len(game.history), flush=True)
    print("over", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
