"""Snapshots taken once the app has settled, several from one app run.

`snap_compare` (pytest-textual-snapshot) opens an app for each snapshot and waits for it by
the clock (until the process looks idle, five times a shot). Here an app is run once for
several snapshots where they show one app state after another (a screen, then a key; the same
screen at 100×30, then the terminal resized to 120×40: `screenshots`), each shot taken once
the app has handled everything (`helpers.settle`) as the plugin takes it (its title, its
SVG), and each test compares its own with the plugin's SVG extension (`matches`): the stored
files are the same, with the same names. A terminal resized to 120×40 shows what one opened
at 120×40 shows (the stored snapshots say so: they were taken that way); where it does not
(a scroll bar kept from 100×30), the screen is opened again at the new size.
"""

from __future__ import annotations

import inspect
import io
import pickle
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import pytest
from pytest_textual_snapshot import (
    PseudoApp,
    PseudoConsole,
    SVGImageExtension,
    node_to_report_path,
)
from rich.console import Console
from syrupy import SnapshotAssertion
from textual.app import App
from textual.pilot import Pilot

from .helpers import settle

#: What is done to the app before a screenshot (None: nothing, the app as it opened).
Step = Callable[[Pilot[None]], Awaitable[None]] | None


def screenshots(
    app: App[Any], size: tuple[int, int], steps: Sequence[tuple[str, Step]]
) -> dict[str, str]:
    """Run `app` once at `size`; for each (name, step) in turn, do the step, then take the
    screenshot, once the app has settled, as `snap_compare` takes it (its title, its SVG:
    textual._doc.take_svg_screenshot)."""
    title = app.title
    shots: dict[str, str] = {}

    async def auto_pilot(pilot: Pilot[None]) -> None:
        for name, step in steps:
            if step is not None:
                await step(pilot)
            await settle(pilot)
            await pilot.app.animator.wait_until_complete()
            await settle(pilot)
            shots[name] = screenshot(app, title)
        app.exit()

    app.run(headless=True, size=size, auto_pilot=auto_pilot)  # type: ignore[arg-type]
    assert list(shots) == [name for name, _ in steps], "the app stopped before its last shot"
    return shots


#: The SVG's id (its style classes are `terminal-<digits>-…`). Textual's `export_screenshot`
#: leaves it to rich, which makes one from the `repr` of every segment on the screen, a third
#: of a screenshot's CPU; the plugin's SVG extension takes it out before comparing
#: (`normalize_svg`), so any id of that form compares the same.
SVG_ID = "terminal-0"


def screenshot(app: App[Any], title: str) -> str:
    """The SVG `app.export_screenshot(title=title, simplify=True)` makes (Textual 8.2.8's),
    with the id `SVG_ID` rather than one worked out from the whole screen."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    screen_render = app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True
    )
    console.print(screen_render)
    return console.export_svg(title=title, unique_id=SVG_ID)


def resized(width: int, height: int) -> Step:
    """The step that resizes the terminal."""

    async def step(pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(width, height)

    return step


class Shots:
    """A module's shared runs: each made by the first test that asks for one of its
    screenshots (under that test's fixtures, which every test of the run shares), each
    screenshot handed out once and the run forgotten when all are."""

    def __init__(self) -> None:
        self._runs: dict[str, dict[str, str]] = {}

    def take(self, run: str, name: str, make: Callable[[], dict[str, str]]) -> str:
        shots = self._runs.get(run)
        if shots is None:
            shots = self._runs[run] = make()
        svg = shots.pop(name)
        if not shots:
            del self._runs[run]
        return svg


def matches(snapshot: SnapshotAssertion, request: pytest.FixtureRequest, svg: str) -> bool:
    """Whether `svg` matches the test's stored snapshot, compared as `snap_compare` compares
    (the plugin's SVG extension; the same data for its report of failures)."""
    snapshot = snapshot.use_extension(SVGImageExtension)
    result = snapshot == svg
    index = (
        snapshot._custom_index and snapshot._execution_name_index.get(snapshot._custom_index)
    ) or snapshot.num_executions - 1
    assertion = snapshot.executions.get(index)
    exists = index in snapshot.executions and assertion and assertion.final_data is not None
    console = Console(legacy_windows=False, force_terminal=True)
    node = request.node
    full_path, line_number, name = node.reportinfo()
    data = (
        result,
        str(snapshot),
        svg,
        PseudoApp(PseudoConsole(console.legacy_windows, console.size)),
        full_path,
        line_number,
        name,
        inspect.getdoc(node.function) or "",  # type: ignore[attr-defined]
        "",
        exists,
    )
    node_to_report_path(node).write_bytes(pickle.dumps(data))  # type: ignore[arg-type]
    return bool(result)


def compare_settled(
    snapshot: SnapshotAssertion, request: pytest.FixtureRequest
) -> Callable[..., bool]:
    """`snap_compare`'s compare (an app, its terminal size, what is done before the shot),
    the shot taken once the app has settled (`screenshots`)."""

    def compare(
        app: App[Any], terminal_size: tuple[int, int] = (80, 24), run_before: Step = None
    ) -> bool:
        return matches(snapshot, request, screenshots(app, terminal_size, [("", run_before)])[""])

    return compare
