"""Flat memory (issue 11, part 3): a game keeps no widget it no longer shows, and several
games in one app do not pile up screens, widgets or objects."""

from __future__ import annotations

import gc

from textual.dom import DOMNode

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.game import GameScreen
from el_grande.app.screens.game_over import GameOverScreen
from el_grande.setup import GameSetup, SeatSetup

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
        game = next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)
        worker = game._bot_worker if game is not None else None
        if worker is not None:
            await worker.wait()
        await settle(pilot)
    raise AssertionError("the game did not end")


async def test_games_in_one_app_keep_widgets_and_objects_bounded() -> None:
    seats = tuple(
        SeatSetup(n, c, "bot:random") for n, c in zip(("Ana", "Ben"), ("yellow", "red"))
    )
    app = ElGrandeApp(setup=GameSetup(seats, seed=3, rounds=6), bot_delay=60)
    seen: list[tuple[int, int, int]] = []
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for game in range(3):
            if game:
                app.start_game(GameSetup(seats, seed=3 + game, rounds=6))
                await settle(pilot)
            await _watch_to_the_end(app, pilot)
            seen.append(_live())
    objects, nodes, detached = zip(*seen, strict=True)
    # No dropped widget is kept alive (Textual's Footer left ~20 behind at every change).
    assert max(detached) == min(detached), seen
    assert max(nodes) <= min(nodes) + 10, seen  # widgets do not pile up from game to game
    assert objects[-1] <= objects[0] * 1.3, seen  # nor do objects
