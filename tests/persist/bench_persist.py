"""Measure what saving costs (not a test; run: python tests/persist/bench_persist.py).

Plays a long 5-player game (a policy that never stops early, so every Caballero is placed
and moved one decision at a time) and times: one autosave per decision (JSON + fsync +
rename), loading the finished file (parse + validate + replay), the undo check, and the
replay viewer model.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from el_grande.core import Game, Options  # noqa: E402
from el_grande.persist import Autosaver, load_game, undo_check  # noqa: E402
from el_grande.persist.replay import ReplayModel  # noqa: E402
from el_grande.persist.undo import _CACHE  # noqa: E402


def long_choice(game: Game, rng: random.Random):  # type: ignore[no-untyped-def]
    d = game.decision
    assert d is not None
    busy = [c for c in d.choices if c.verb not in ("done", "skip", "pass")]
    return rng.choice(busy or list(d.choices))


def main() -> None:
    home = Path(tempfile.mkdtemp())
    os.environ["EL_GRANDE_HOME"] = str(home)
    rng = random.Random(1)
    game = Game.new(["Ana", "Ben", "Cy", "Dee", "Eva"], seed=1, options=Options())
    saver = Autosaver.start(game)
    costs = []
    undo_costs = []
    while not game.over:
        game.apply(long_choice(game, rng))
        t = time.perf_counter()
        saver.save(game)
        costs.append(time.perf_counter() - t)
        if len(game.history) % 25 == 0 and not game.over:
            _CACHE.clear()
            t = time.perf_counter()
            undo_check(game)
            undo_costs.append(time.perf_counter() - t)
    n = len(game.history)
    ms = sorted(c * 1000 for c in costs)
    print(f"decisions in the game: {n}; save file {saver.path.stat().st_size / 1024:.1f} KiB")
    print(
        f"autosave per decision: mean {statistics.mean(ms):.2f} ms, median "
        f"{statistics.median(ms):.2f} ms, p95 {ms[int(len(ms) * 0.95)]:.2f} ms, max {ms[-1]:.2f} ms"
    )
    t = time.perf_counter()
    for _ in range(50):
        saver.file.to_json()
    print(f"  of which building the JSON: {(time.perf_counter() - t) / 50 * 1000:.2f} ms")
    probe = home / "probe"
    t = time.perf_counter()
    for _ in range(20):
        with open(probe, "w") as f:
            f.write("x" * 8000)
            f.flush()
            os.fsync(f.fileno())
    bare = (time.perf_counter() - t) / 20 * 1000
    print(f"  a bare 8 KiB write + fsync on this disk now: {bare:.2f} ms")
    loads = []
    for _ in range(5):
        t = time.perf_counter()
        load_game(saver.path)
        loads.append(time.perf_counter() - t)
    print(f"load of the finished game (parse + validate + replay): {min(loads) * 1000:.1f} ms")
    print(f"undo check (one replay, uncached), late game: max {max(undo_costs) * 1000:.1f} ms")
    t = time.perf_counter()
    model = ReplayModel(game.record())
    build = time.perf_counter() - t
    t = time.perf_counter()
    for k in rng.sample(range(n), 100):
        model.goto(k)
    jump = (time.perf_counter() - t) / 100
    print(f"replay model: build {build * 1000:.1f} ms, random jump {jump * 1000:.2f} ms")


if __name__ == "__main__":
    main()
