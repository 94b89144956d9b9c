"""What el_grande/app/textual_compat.py relies on in Textual 8.2.8: each test fails when
Textual changes the private part a workaround uses, or the workaround stops working."""

from __future__ import annotations

import ast
import functools
import importlib
import inspect
import re
from dataclasses import replace
from pathlib import Path

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap
from textual.widgets import RichLog, Static

import el_grande
from el_grande.app import textual_compat
from el_grande.app.textual_compat import (
    forget_closed_widgets,
    input_clock,
    on_frame,
    rewrite_bindings,
    size_known,
    start_nothing,
)
from el_grande.app.widgets.log import GameLog

ROOT = Path(el_grande.__file__).parent


class _One(App[None]):
    BINDINGS = [Binding("x", "bell", "before", id="x")]

    def compose(self) -> ComposeResult:
        yield Static("hello", id="hello")


def test_input_events_are_stamped_with_the_input_clock() -> None:
    before = input_clock()
    key = events.Key("a", "a")
    after = input_clock()
    assert before <= key.time <= after


async def test_rewrite_bindings_changes_what_the_footer_shows() -> None:
    app = _One()
    async with app.run_test(size=(40, 5)) as pilot:
        assert isinstance(app._bindings, BindingsMap)  # where Textual keeps a node's own
        rewrite_bindings(app, lambda b: replace(b, description="after") if b.key == "x" else b)
        await pilot.pause()
        assert app.active_bindings["x"].binding.description == "after"
        await pilot.press("x")  # and the binding still acts


async def test_forget_closed_widgets_empties_the_styles_cache() -> None:
    from textual._styles_cache import StylesCache

    app = _One()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        assert StylesCache.get_inner_outer.cache_info().currsize > 0  # what keeps widgets
        forget_closed_widgets()
        assert StylesCache.get_inner_outer.cache_info().currsize == 0


async def test_a_rich_log_holds_writes_back_until_it_knows_its_size() -> None:
    log = RichLog()
    assert not size_known(log)
    log.write("early")
    assert len(log.lines) == 0  # held back, made again at the first resize

    class Logs(App[None]):
        def compose(self) -> ComposeResult:
            yield log
            yield GameLog(id="game-log")

    app = Logs()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        assert size_known(log) and len(log.lines) == 1
        game_log = app.query_one(GameLog)
        game_log.write("one")
        game_log.write("two")
        game_log.rewrap()
        await pilot.pause()
        assert [strip.text.strip() for strip in game_log.lines] == ["one", "two"]


async def test_on_frame_sees_every_frame_and_the_probe_s_hook_is_there() -> None:
    # The start-up probe (app/bench.py PROBE) wraps `App._display(self, screen, renderable)`.
    assert list(inspect.signature(App._display).parameters)[:2] == ["self", "screen"]
    frames: list[int] = []
    app = _One()
    on_frame(app, lambda: frames.append(1))
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        seen = len(frames)
        assert seen > 0
        app.query_one("#hello", Static).update("again")
        await pilot.pause()
        assert len(frames) > seen


def test_start_nothing_means_run_returns_before_any_screen() -> None:
    """What `ElGrandeApp` does without a terminal: `run()` returns, nothing composed."""
    composed: list[bool] = []

    class Declines(App[None]):
        def compose(self) -> ComposeResult:
            composed.append(True)
            yield Static("never")

        def on_mount(self) -> None:
            self.exit()  # (had it started: the test fails instead of waiting for ever)

        def _build_driver(self, headless: bool, inline: bool, mouse: bool, size: object) -> object:
            start_nothing(self)
            return super()._build_driver(headless=True, inline=inline, mouse=mouse, size=size)  # type: ignore[arg-type]

    app = Declines()
    app.run(headless=True)
    assert composed == [] and not app.is_running


@functools.cache
def _assigned_on_self(base: type) -> frozenset[str]:
    """The attributes a Textual class assigns on `self` in its source (read once per class:
    `inspect.getsource` of Textual's big classes is slow)."""
    try:
        source = inspect.getsource(base)
    except (OSError, TypeError):
        return frozenset()
    return frozenset(re.findall(r"self\.(\w+)\s*[:=]", source))


def _textual_defines(cls: type, attr: str) -> bool:
    """Whether a Textual class `cls` inherits from has the private attribute `attr`."""
    for base in cls.__mro__:
        if not base.__module__.startswith("textual"):
            continue
        if attr in vars(base) or attr in _assigned_on_self(base):
            return True
    return False


def test_nothing_else_reaches_into_textual_s_private_parts() -> None:
    """No `textual._…` import outside textual_compat, and no write to a private attribute
    of Textual's: not on another object (`x._name = …`), nor on `self` when a Textual base
    class has that attribute."""
    ours = Path(textual_compat.__file__)
    found: list[str] = []
    for path in sorted(ROOT.rglob("*.py")):
        if path == ours:
            continue
        module_name = ".".join(("el_grande", *path.relative_to(ROOT).with_suffix("").parts))
        module_name = module_name.removesuffix(".__init__")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual._"):
                found.append(f"{path.name}: import {node.module}")
            if isinstance(node, ast.Import):
                found += [f"{path.name}: import {a.name}" for a in node.names if "._" in a.name]
            if isinstance(node, ast.ClassDef):
                cls = None
                for inner in ast.walk(node):
                    if not isinstance(inner, ast.Assign | ast.AugAssign | ast.AnnAssign):
                        continue
                    targets = inner.targets if isinstance(inner, ast.Assign) else [inner.target]
                    for target in targets:
                        if not (
                            isinstance(target, ast.Attribute)
                            and target.attr.startswith("_")
                            and not target.attr.startswith("__")
                        ):
                            continue
                        if not (isinstance(target.value, ast.Name) and target.value.id == "self"):
                            continue  # below
                        if cls is None:
                            cls = getattr(importlib.import_module(module_name), node.name)
                        if _textual_defines(cls, target.attr):
                            found.append(f"{path.name}:{inner.lineno}: {ast.unparse(target)}")
            if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if (
                        isinstance(target, ast.Attribute)
                        and target.attr.startswith("_")
                        and not target.attr.startswith("__")
                        and not (isinstance(target.value, ast.Name) and target.value.id == "self")
                    ):
                        found.append(f"{path.name}:{node.lineno}: {ast.unparse(target)}")
    assert found == [], found
