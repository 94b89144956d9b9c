"""Another window, for the lock tests: opens a saved game for autosaving (taking its lock, as
`el-grande resume` does) and keeps it open until killed or until its standard input closes.

    python lock_holder.py SAVE_FILE      # prints "ready" once the game is open
    python lock_holder.py SAVE_FILE --no-close   # ends without closing the game
    python lock_holder.py --probe LOCK   # prints whether another process holds that lock
    python lock_holder.py --probes       # the same for every LOCK read from its standard input,
                                         # one a line, until it closes (one process for many)
    python lock_holder.py --windows      # many windows in one process, one JSON line each:
                                         # ["open", HOME, SAVE_FILE] opens a game ("ready"),
                                         # ["let go", SAVE_FILE] lets it go ("gone")
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from el_grande.persist.lock import locked_elsewhere

if TYPE_CHECKING:
    from el_grande.persist.store import Autosaver


def main() -> int:
    if sys.argv[1] == "--probe":
        print(locked_elsewhere(Path(sys.argv[2])), flush=True)
        return 0
    if sys.argv[1] == "--probes":
        for line in sys.stdin:
            print(locked_elsewhere(Path(line.rstrip("\n"))), flush=True)
        return 0
    if sys.argv[1] == "--windows":
        return windows()
    saver = opened(Path(sys.argv[1]))
    print("ready", flush=True)
    sys.stdin.read()
    if "--no-close" not in sys.argv:
        saver.close()
    return 0


def opened(path: Path, home: Path | None = None) -> Autosaver:
    """The saved game at `path` open for autosaving, as `el-grande resume` opens it (its lock
    taken, saved once)."""
    # Only a window imports the saves (pydantic: 0.2 s of CPU the prober never needs).
    from el_grande.persist.store import Autosaver, load_game

    save, game = load_game(path)
    saver = Autosaver.resume(save, home)
    saver.save(game)
    return saver


def windows() -> int:
    """Games opened one after another, each held until let go as a window killed with
    SIGKILL lets it go: the OS drops its lock, its file stays (nothing is closed)."""
    held: dict[str, Autosaver] = {}
    for line in sys.stdin:
        what, *args = json.loads(line)
        if what == "open":
            home, path = args
            held[path] = opened(Path(path), Path(home))
            print("ready", flush=True)
        else:
            lock = held.pop(args[0]).lock
            assert lock is not None and lock.held
            lock.release(remove=False)
            print("gone", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
