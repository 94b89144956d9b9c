"""Flat memory (issue 11, part 3): a game keeps no widget it no longer shows, and several
games in one app do not pile up screens, widgets or objects."""

from __future__ import annotations

import gc
from pathlib import Path

from textual.dom import DOMNode

import el_grande.app.app as app_module
from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.game_over import GameOverScreen
from el_grande.session import GameSession
from el_grande.setup import GameSetup, SeatSetup, default_seats
from tests.test_startup import collected

from .helpers import SIZE, press, settle


def _live() -> tuple[int, int, int]:
    """(objects, DOM nodes, DOM nodes no longer in any screen) after a full collection."""
    for _ in range(3):
        gc.collect()
    objects = gc.get_objects()
    nodes = [o for o in objects if isinstance(o, DOMNode)]
    detached = [n for n in nodes if n.parent is None and not n.is_attached and n.id != "_default"]
    return len(objects), len(nodes), len(detached)


async def _watch_to_the_end(app: ElGrandeApp, pilot) -> None:  # type: ignore[no-untyped-def]
    await press(pilot, "f")
    for _ in range(20000):
        if isinstance(app.screen, GameOverScreen):
            return
        for worker in app.bot_workers:
            await worker.wait()
        await settle(pilot)
    raise AssertionError("the game did not end")


def _last_rounds(seed: int) -> GameSession:
    """A short game of two computer players, played (by the core) to its last round."""
    seats = tuple(SeatSetup(n, c, "bot:random") for n, c in zip(("Ana", "Ben"), ("yellow", "red")))
    session = GameSession.new(GameSetup(seats, seed=seed, rounds=6))
    while (d := session.decision) is not None and session.game.round < 9:
        session.apply(d.choices[(len(session.game.history) * 7 + 3) % len(d.choices)])
    return session


async def test_games_in_one_app_keep_widgets_and_objects_bounded() -> None:
    """Two games in one app, each opened at its last round and watched to game over (a game
    screen, its displays and game over made and dropped each time: without
    `forget_closed_widgets` the objects grow by ~11 % a game here, as with whole games: one
    game more is past the 5 % allowed, and a widget left behind at every change of screen
    is one more after it)."""
    app = ElGrandeApp(bot_delay=60)
    seen: list[tuple[int, int, int]] = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for game in range(2):
            session = _last_rounds(3 + game)
            app.open_game(session)
            await settle(pilot)
            app.saves.start(session)  # its autosave, once on screen, as `start_game` does
            await settle(pilot)
            await _watch_to_the_end(app, pilot)
            seen.append(_live())
    objects, nodes, detached = zip(*seen, strict=True)
    # No dropped widget is kept alive (Textual's Footer left ~20 behind at every change).
    assert max(detached) == min(detached), seen
    assert max(nodes) <= min(nodes) + 10, seen  # widgets do not pile up from game to game
    # Nor do objects: a closed game's widgets are not kept reachable with all they drew
    # (Textual's cache keyed by their style caches kept ~8 % more objects at every game,
    # app/textual_compat.py); what is left is the new game's own log and board.
    assert objects[-1] <= objects[0] * 1.05, seen


def test_collection_waits_for_the_first_frame_and_then_runs_again() -> None:
    """`run()` holds the garbage collector off during start-up and gives it back (with what
    start-up made frozen out of it) once the first frame is shown, and on leaving."""
    import gc

    seen: dict[str, bool] = {}

    class Probe(ElGrandeApp):
        CSS_PATH = Path(app_module.__file__).with_name("app.tcss")

        def on_mount(self) -> None:
            seen["at mount"] = gc.isenabled()
            super().on_mount()

    async def pilot(p: object) -> None:
        await p.pause()  # type: ignore[attr-defined]
        seen["after the first frame"] = gc.isenabled()
        # What start-up made (the app itself) is frozen out of collections.
        seen["start-up frozen"] = not collected(p.app)  # type: ignore[attr-defined]
        p.app.exit()  # type: ignore[attr-defined]

    assert gc.isenabled()
    try:
        Probe(setup=GameSetup(default_seats(["Ana", "Ben"]), seed=1)).run(
            headless=True, size=(120, 40), auto_pilot=pilot
        )
        assert seen == {"at mount": False, "after the first frame": True, "start-up frozen": True}
        assert gc.isenabled()
    finally:
        # What start-up froze stays frozen: `gc.unfreeze()` would thaw the session's frozen
        # modules too, for every later full collection to walk again.
        gc.enable()
