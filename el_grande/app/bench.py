"""Benchmarks to run by hand (not tests):
`python -m el_grande.app.bench [startup|terminal|keys|memory|stats|all] [N]`.

1. **Start-up**: from a fresh interpreter to the first frame on screen, the title screen and
   straight into a game (`el-grande play …`), against a bare Textual "hello" app; the three
   run in turn, several times, and the medians and the median of the ratios are printed.
   `python -m el_grande.app.bench probe hello|title|game` is one such run that ends the
   process at its first frame (`os._exit`: no clean-up, nothing after it), to time as a
   whole process with any outside tool.
   `python -m el_grande.app.bench terminal` times the same three in a real terminal (tmux,
   120x40): from the command sent to the pane to its first words visible on the pane (the
   pane is read every few milliseconds, the same way for all three).
2. **Key → repaint** at 120×40: the time from a key event to the frame that shows it, for
   the keys a player presses most (moving the highlight on the prompt, a region key), over a
   few hundred keys; the same for a bare Textual app with an option list of 13 entries.
3. **Memory**: resident memory at the first frame of a game of five `greedy` computer
   players at no delay, run to its end as `f` does, and at its game-over screen, with the
   live objects and widgets at both (`memory N`: N games one after another in one app).
4. **The statistics screen** (`stats [N]`, not in `all`): a games database of N recorded games
   (100 000 unless told; `persist.stats.fill`, seeded) in a temporary data folder, and the
   time from the title's "Statistics" to the screen drawn with everybody listed and the
   first one's record and chart (120x40), several times (the target: 300 ms at 100 000).

Numbers depend on the machine and its load: quote medians, and measure both sides in one run.
Measure an installed copy (`pip install .`), as a player runs it: an editable install puts a
finder in front of every import, and without bytecode files (PYTHONDONTWRITEBYTECODE with an
editable install) every module of the package is compiled again at each start.
"""

from __future__ import annotations

import sys
import time

#: Prepended to each start-up program: time from interpreter start to the first frame. Text
#: run before anything of el_grande is imported. It gives the program a pseudo-terminal as
#: standard input (as a player's terminal is: the commands that open the app ask first), hooks
#: Textual's private `App._display` (as `textual_compat.on_frame` does;
#: tests/app/test_textual_compat.py checks that hook) and makes `App.run` headless at 100x30
#: — when `textual.app` is first imported, not before: the title and the game import Textual
#: as `el-grande` does (after `el_grande.startup.hold()`, with the collector held), the bare
#: app as a bare app does.
PROBE = """
import os
import sys
import time
# Standard input a terminal, as a player's is: `el-grande` asks before it imports Textual.
os.dup2(os.openpty()[1], 0)
T0 = time.perf_counter()
def _hooked(App):
    _display = App._display
    def _first(self, screen, update):
        _display(self, screen, update)
        if not getattr(App, "_probed", False):
            App._probed = True
            print(time.perf_counter() - T0, flush=True)
            # start-up: imported here, not at the top (the probe's clock starts after this module)
            import os
            os._exit(0)  # at once: what follows the first frame is not start-up
    App._display = _first
    _run = App.run
    App.run = lambda self, **kw: _run(self, **{**kw, "headless": True, "size": (100, 30)})
class _WhenTextualApp:
    # A finder that finds nothing itself: it wraps the real loader of `textual.app` so that
    # the hooks go in as soon as the module has run.
    def find_spec(self, name, path, target=None):
        if name != "textual.app":
            return None
        sys.meta_path.remove(self)
        from importlib.util import find_spec
        spec = find_spec(name)
        run_module = spec.loader.exec_module
        def exec_module(module):
            run_module(module)
            _hooked(module.App)
        spec.loader.exec_module = exec_module
        return spec
sys.meta_path.insert(0, _WhenTextualApp())
"""

PROGRAMS = {
    "hello": """
from textual.app import App
from textual.widgets import Static
class Hello(App):
    def compose(self):
        yield Static("Hello")
Hello().run()
""",
    # As a player starts them: through `el-grande` (el_grande.__main__).
    "title": """
from el_grande.__main__ import main
main([])
""",
    "game": """
from el_grande.__main__ import main
main(["play", "--players", "Ana,Ben,Cy", "--seed", "7"])
""",
}


def probe(name: str) -> None:
    """One start-up: run the program in this process (it prints its time and exits)."""
    exec(compile(PROBE + PROGRAMS[name], f"<{name}>", "exec"), {})


def startup(runs: int = 9) -> dict[str, list[float]]:
    # start-up: imported here, not at the top (the probe's clock starts after this module)
    import os
    import subprocess
    import tempfile

    # A game autosaves: into a directory of its own, never a player's saves.
    home = tempfile.TemporaryDirectory()
    env = {**os.environ, "EL_GRANDE_HOME": home.name}
    times: dict[str, list[float]] = {name: [] for name in PROGRAMS}
    for _ in range(runs):
        for name in PROGRAMS:  # in turn, so that a change in the machine's load hits all
            out = subprocess.run(
                [sys.executable, "-m", "el_grande.app.bench", "probe", name],
                check=True,
                capture_output=True,
                text=True,
                env=env,
            ).stdout
            times[name].append(float(out.split()[0]))
    home.cleanup()
    return times


#: What each program shows first in a real terminal (`terminal`), and how it is started.
TERMINAL = {
    "hello": ("Hello", ["{hello}"]),  # PROGRAMS["hello"] in a real terminal, from a file
    "title": ("New game", ["-m", "el_grande", "--lang", "en"]),
    "game": ("Round 1", ["-m", "el_grande", "--lang", "en", "play", "--players", "Ana,Ben,Cy"]),
}


def terminal(runs: int = 9) -> dict[str, list[float]]:
    """Start-up in a real terminal: tmux, 120x40, one fresh session per start."""
    # start-up: imported here, not at the top (the probe's clock starts after this module)
    import os
    import shlex
    import shutil
    import subprocess
    import tempfile

    if shutil.which("tmux") is None:
        raise SystemExit("terminal: needs tmux")
    home = tempfile.TemporaryDirectory()
    hello = os.path.join(home.name, "hello.py")
    with open(hello, "w", encoding="utf-8") as file:
        file.write(PROGRAMS["hello"])
    starts = iter(range(1_000_000))

    def once(marker: str, args: list[str]) -> float:
        # A tmux server of its own for each start (never the user's sessions; a socket of
        # its own, as a server that was just killed may still be going away).
        session = f"bench-{next(starts)}"
        tmux = ["tmux", "-S", os.path.join(home.name, session)]
        args = [a.format(hello=hello) for a in args]
        command = shlex.join(["env", f"EL_GRANDE_HOME={home.name}", sys.executable, *args])
        size = ["-x", "120", "-y", "40"]
        subprocess.run([*tmux, "new-session", "-d", "-s", session, *size, "sh"], check=True)
        try:
            subprocess.run([*tmux, "send-keys", "-t", session, "clear", "Enter"], check=True)
            started = time.perf_counter()
            subprocess.run([*tmux, "send-keys", "-t", session, f"exec {command}", "Enter"])
            while time.perf_counter() - started < 30:
                pane = subprocess.run(
                    [*tmux, "capture-pane", "-p", "-t", session], capture_output=True, text=True
                ).stdout
                if marker in pane and "exec " not in pane:
                    return time.perf_counter() - started
            raise SystemExit(f"terminal: {marker!r} never showed:\n{pane}")
        finally:
            subprocess.run([*tmux, "kill-server"], capture_output=True)

    times: dict[str, list[float]] = {name: [] for name in TERMINAL}
    for _ in range(runs):
        for name, (marker, args) in TERMINAL.items():  # in turn
            times[name].append(once(marker, args))
    home.cleanup()
    return times


async def _repaints(app: object, keys: list[str], presses: int, ready: object) -> list[float]:
    """Seconds from each key event to the last frame it caused."""
    # start-up: imported here, not at the top (the probe's clock starts after this module)
    from textual.app import App

    from el_grande.app.textual_compat import on_frame

    assert isinstance(app, App)
    frames: list[float] = []
    on_frame(app, lambda: frames.append(time.perf_counter()))
    out: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        i = 0
        while len(out) < presses:
            if not ready():  # type: ignore[operator]
                await pilot.press("enter")
                continue
            await pilot.pause()
            frames.clear()
            t0 = time.perf_counter()
            await pilot.press(keys[i % len(keys)])
            i += 1
            await pilot.pause()
            if frames:
                out.append(frames[-1] - t0)
    return out


def keys(presses: int = 200) -> dict[str, list[float]]:
    # start-up: imported here, not at the top (the probe's clock starts after this module)
    import asyncio

    from textual.app import App, ComposeResult
    from textual.widgets import OptionList

    from el_grande.app.app import ElGrandeApp
    from el_grande.app.screens.game import GameScreen
    from el_grande.setup import GameSetup, default_seats

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield OptionList(*[f"Power card {v}" for v in range(1, 14)])

    bare = Bare()
    game = ElGrandeApp(
        setup=GameSetup(default_seats(["Ana", "Ben", "Cy", "Dee"]), seed=7),
        guard_seconds=0,
    )

    def at_prompt() -> bool:
        return isinstance(game.screen, GameScreen) and game.screen.waiting_for_choice

    # A placement: the highlight moves over the map (the widget with the most to draw).
    # start-up: imported here, not at the top (the probe's clock starts after this module)
    from el_grande.session import GameSession

    placing = GameSession.new(GameSetup(default_seats(["Ana", "Ben", "Cy", "Dee"]), seed=7))
    while True:
        d = placing.decision
        assert d is not None
        if d.kind == "placement" and sum(c.verb == "place" for c in d.choices) >= 4:
            break
        placing.apply(d.choices[(placing.current.moves * 7 + 3) % len(d.choices)])
    board = ElGrandeApp(session=placing, guard_seconds=0)

    def at_map() -> bool:
        return isinstance(board.screen, GameScreen) and board.screen.waiting_for_choice

    return {
        "bare option list": asyncio.run(_repaints(bare, ["down", "up"], presses, lambda: True)),
        "el-grande: power cards": asyncio.run(
            _repaints(game, ["down", "down", "up", "up"], presses, at_prompt)
        ),
        "el-grande: placing on the map": asyncio.run(
            _repaints(board, ["down", "down", "up", "up"], presses, at_map)
        ),
    }


def _rss() -> int:
    """This process's resident memory in bytes (Linux: now; elsewhere: its peak so far)."""
    # start-up: imported here, not at the top (the probe's clock starts after this module)
    import os

    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        # start-up: imported here, not at the top (the probe's clock starts after this module)
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


def memory(games: int = 1) -> list[dict[str, float]]:
    """Resident memory at the start and at the end of `games` five-bot games in one app."""
    # start-up: imported here, not at the top (the probe's clock starts after this module)
    import asyncio
    import gc

    from textual.dom import DOMNode

    from el_grande.app.app import ElGrandeApp
    from el_grande.app.screens.game_over import GameOverScreen
    from el_grande.setup import GameSetup, SeatSetup

    names = ("Ana", "Ben", "Cy", "Dee", "Eva")
    colours = ("yellow", "red", "blue", "green", "black")
    seats = tuple(SeatSetup(n, c, "bot:greedy") for n, c in zip(names, colours, strict=True))
    app = ElGrandeApp(setup=GameSetup(seats, seed=11), bot_delay=0, guard_seconds=0)

    def sample() -> dict[str, float]:
        gc.collect()
        objects = gc.get_objects()
        widgets = sum(isinstance(o, DOMNode) for o in objects)
        return {"rss": _rss(), "objects": len(objects), "widgets": widgets}

    async def play() -> list[dict[str, float]]:
        rows: list[dict[str, float]] = []
        async with app.run_test(size=(120, 40)) as pilot:
            for game in range(games):
                if game:
                    app.start_game(GameSetup(seats, seed=11 + game))
                await pilot.pause()
                start = sample()
                await pilot.press("f")  # no display stops the game
                while not isinstance(app.screen, GameOverScreen):
                    await pilot.pause(0.05)
                end = sample()
                rows.append(
                    {
                        **{f"start {k}": v for k, v in start.items()},
                        **{f"end {k}": v for k, v in end.items()},
                    }
                )
        return rows

    return asyncio.run(play())


def stats_screen(games: int = 100_000, runs: int = 7) -> tuple[list[float], float]:
    """The statistics screen's open times over `runs` openings, with a database of `games`
    games, and how long filling it took (seconds)."""
    # start-up: imported here, not at the top (the probe's clock starts after this module)
    import asyncio
    import os
    import tempfile

    from el_grande.app.app import ElGrandeApp
    from el_grande.app.screens.stats import StatsScreen
    from el_grande.persist import stats
    from el_grande.persist.games import open_games

    home = tempfile.mkdtemp(prefix="el-grande-stats-bench-")
    os.environ["EL_GRANDE_HOME"] = home
    started = time.perf_counter()
    conn = open_games(write=True)
    try:
        stats.fill(conn, games, 1)
    finally:
        conn.close()
    filled = time.perf_counter() - started

    async def measure() -> list[float]:
        from el_grande.app.textual_compat import on_frame

        app = ElGrandeApp()
        times: list[float] = []
        frames: list[float] = []  # when each frame showing the statistics was written

        def frame() -> None:
            if isinstance(app.screen, StatsScreen):
                frames.append(time.perf_counter())

        async with app.run_test(size=(120, 40)) as pilot:
            on_frame(app, frame)
            await pilot.pause()
            for _ in range(runs):
                frames.clear()
                t0 = time.perf_counter()
                await app.push_screen(StatsScreen())
                await pilot.pause()
                screen = app.screen
                assert isinstance(screen, StatsScreen) and screen.problem is None and frames
                times.append(frames[0] - t0)  # to its first frame, the first record drawn
                app.pop_screen()
                await pilot.pause()
        return times

    return asyncio.run(measure()), filled


def _slow_install() -> bool:
    """True for an editable install, or a package without bytecode files."""
    # start-up: imported here, not at the top (the probe's clock starts after this module)
    import importlib.util
    from pathlib import Path

    import el_grande

    compiled = Path(importlib.util.cache_from_source(el_grande.__file__ or "")).exists()
    return any("__editable__" in name for name in sys.modules) or not compiled


def _ms(samples: list[float]) -> str:
    # start-up: imported here, not at the top (the probe's clock starts after this module)
    import statistics

    ms = sorted(s * 1000 for s in samples)
    return (
        f"median {statistics.median(ms):6.1f} ms, p90 {ms[int(len(ms) * 0.9)]:6.1f} ms, "
        f"max {ms[-1]:6.1f} ms ({len(ms)} samples)"
    )


def main(argv: list[str]) -> None:
    what = argv[0] if argv else "all"
    if what == "probe":
        probe(argv[1])
        return
    # start-up: imported here, not at the top (the probe's clock starts after this module)
    import statistics

    if what in ("startup", "terminal", "all") and _slow_install():
        print("note: an editable install or no bytecode files: start-up reads slow")
    for kind, measure, about in (
        ("startup", startup, "start-up to the first frame (headless, 100x30, runs in turn):"),
        ("terminal", terminal, "start-up until visible in tmux (120x40, runs in turn):"),
    ):
        if what not in (kind, "all"):
            continue
        runs = int(argv[1]) if len(argv) > 1 else 9
        times = measure(runs)
        hello = times["hello"]
        print(about)
        for name, samples in times.items():
            ratios = [a / b for a, b in zip(samples, hello, strict=True)]
            print(
                f"  {name:6} {_ms(samples)}; "
                f"ratio to hello: median {statistics.median(ratios):.2f}x"
            )
    if what in ("memory", "all"):
        games = int(argv[1]) if what == "memory" and len(argv) > 1 else 1
        print("memory, a game of five greedy computer players at no delay (120x40):")
        for n, row in enumerate(memory(games), 1):
            mib = 1024 * 1024
            print(
                f"  game {n}: resident {row['start rss'] / mib:.1f} MiB at its first frame, "
                f"{row['end rss'] / mib:.1f} MiB at game over "
                f"({row['end rss'] / row['start rss']:.2f}x); live objects "
                f"{row['start objects']:.0f} -> {row['end objects']:.0f}, widgets "
                f"{row['start widgets']:.0f} -> {row['end widgets']:.0f}"
            )
    if what == "stats":
        games = int(argv[1]) if len(argv) > 1 else 100_000
        opened, filled = stats_screen(games)
        print(f"the statistics screen, {games} games (filled in {filled:.1f} s), 120x40:")
        print(f"  open {_ms(opened)}; the first {opened[0] * 1000:.1f} ms")
    if what in ("keys", "all"):
        print("key press to repaint (120x40):")
        for name, samples in keys().items():
            print(f"  {name:30} {_ms(samples)}")


if __name__ == "__main__":
    main(sys.argv[1:])
