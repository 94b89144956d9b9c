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
from typing import Any

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap
from textual.css import stylesheet as textual_stylesheet
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.drivers.linux_driver import LinuxDriver
from textual.screen import Screen
from textual.widgets import Static

import el_grande
from el_grande.app import textual_compat
from el_grande.app.textual_compat import (
    CompatApp,
    DefaultsParsedOnce,
    LaidOutOnce,
    forget_closed_widgets,
    input_clock,
    on_frame,
    rewrite_bindings,
)
from tests.test_code_shape import named_privately, private

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


@pytest.mark.frames  # the cache holds the lines frames drew
async def test_forget_closed_widgets_empties_the_styles_cache() -> None:
    from textual._styles_cache import StylesCache

    app = _One()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        assert StylesCache.get_inner_outer.cache_info().currsize > 0  # what keeps widgets
        forget_closed_widgets()
        assert StylesCache.get_inner_outer.cache_info().currsize == 0


@pytest.mark.frames  # every frame, drawn
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
    """What `ElGrandeApp` does without a terminal (`CompatApp.may_start` says no): `run()`
    returns, nothing composed. (Textual builds its driver in `App._build_driver`, then starts
    the application only if its private `_exit` is not set.)"""
    composed: list[bool] = []
    asked: list[bool] = []

    class Declines(CompatApp):
        def compose(self) -> ComposeResult:
            composed.append(True)
            yield Static("never")

        def on_mount(self) -> None:
            self.exit()  # (had it started: the test fails instead of waiting for ever)

        def may_start(self) -> bool:
            asked.append(True)
            return False

    app = Declines()
    app.run(headless=False)  # as in a terminal: `may_start` is asked, and says no
    assert asked == [True] and composed == [] and not app.is_running


def test_compat_app_overrides_what_textual_has_with_the_same_parameters() -> None:
    """Each private method `CompatApp` overrides is Textual's, called with the same names;
    and what the overrides use is there: `_exit_renderables`, `_exit`."""
    overridden = sorted(
        name
        for name, value in vars(CompatApp).items()
        if name.startswith("_") and not name.startswith("__") and inspect.isfunction(value)
    )
    assert overridden == [
        "_build_driver",
        "_fatal_error",
        "_handle_exception",
        "_print_error_renderables",
    ]
    for name in overridden:
        ours, textual_s = getattr(CompatApp, name), getattr(App, name)
        assert list(inspect.signature(ours).parameters) == list(
            inspect.signature(textual_s).parameters
        ), name
    app = App[None]()
    assert app._exit_renderables == [] and app._exit is False
    app.exit()
    assert app._exit is True
    # `_fatal_error` is Textual's but for the report: a bell, then the app's messages closed.
    fatal = inspect.getsource(App._fatal_error)
    assert "self.bell()" in fatal and "self._close_messages_no_wait()" in fatal
    assert "Traceback(" in fatal and "self._exit_renderables.append(" in fatal


async def test_the_terminal_driver_writes_through_terminal_output() -> None:
    """`terminal_output` takes the place of the terminal driver's output, which its writer
    thread writes to (`LinuxDriver._file`, given to `WriterThread` as application mode
    starts). A headless driver is left as it is."""

    class Out:
        def __init__(self, file: object) -> None:
            self.file = file

    class Wrapping(CompatApp):
        def terminal_output(self, file: object) -> object:
            return Out(file)

    app = Wrapping()
    driver = app._build_driver(headless=False, inline=False, mouse=False, size=(80, 24))
    assert isinstance(driver, LinuxDriver)
    assert isinstance(driver._file, Out) and driver._file.file is not None
    source = inspect.getsource(LinuxDriver.start_application_mode)
    assert "WriterThread(self._file)" in source
    headless = app._build_driver(headless=True, inline=False, mouse=False, size=(80, 24))
    assert not isinstance(getattr(headless, "_file", None), Out)


class _Secret(RuntimeError):
    """An error whose traceback's frames hold a secret in a local variable."""


class _RichSecret(RuntimeError):
    """An error with a rich form: Textual prints that (`App.panic`) instead of a traceback."""

    def __rich__(self) -> str:
        return "the rich form of seed 4242"


def _crashing(error: Exception) -> CompatApp:
    class Crashes(CompatApp):
        def on_mount(self) -> None:
            seed = "seed 4242"  # a local variable Textual's report would print
            raise error from ValueError(seed)

    return Crashes()


@pytest.mark.parametrize("error", [_Secret("boom"), _RichSecret("boom")])
def test_a_crash_is_kept_and_textual_prints_nothing_of_it(
    error: Exception, capfd: pytest.CaptureFixture[str]
) -> None:
    """Textual's report of a crash (`App._fatal_error`: a traceback with every local
    variable; `App.panic` for an error with a rich form), printed as `run()` returns
    (`App._print_error_renderables`), would show a game's seed: the crash is kept in
    `crash` and nothing is printed."""
    app = _crashing(error)
    app.run(headless=True)
    out, err = capfd.readouterr()
    assert app.crash is error and app.return_code == 1
    assert "4242" not in out + err and "Traceback" not in out + err


def test_the_report_of_a_crash_is_not_even_made(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """Textual's report of a crash (a traceback of every frame with its variables, rendered
    by `App._fatal_error`) would be dropped unprinted: it is not made (it cost more CPU than
    the app's start-up). A plain Textual app makes it, or this test could not fail."""
    import rich.traceback

    made: list[str] = []

    class Counted(rich.traceback.Traceback):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            made.append("report")
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(rich.traceback, "Traceback", Counted)
    app = _crashing(_Secret("boom"))
    app.run(headless=True)
    assert app.crash is not None and app.return_code == 1 and not app.is_running
    assert made == []

    class Crashes(App[None]):
        def on_mount(self) -> None:
            raise _Secret("boom")

    Crashes().run(headless=True)
    capfd.readouterr()
    assert made == ["report"]


def test_textual_s_report_would_have_told_the_secret(capfd: pytest.CaptureFixture[str]) -> None:
    """The same crash in a plain Textual app prints the local variable (what the test above
    guards against), or the test above could not fail."""

    class Crashes(App[None]):
        def on_mount(self) -> None:
            seed = "seed 4242"
            raise _Secret(seed)

    Crashes().run(headless=True)
    _out, err = capfd.readouterr()
    assert "4242" in err


class _Failing(Screen[None]):
    def on_mount(self) -> None:
        raise _Secret("boom")


class _Forgiving(CompatApp):
    """Says an error is no crash while the app leaves (as `ElGrandeApp` does)."""

    def is_a_crash(self, error: Exception) -> bool:
        return not self.leaving


async def test_an_error_that_is_no_crash_is_only_logged() -> None:
    """`is_a_crash` says no (the app is leaving: a screen still mounting as the others are
    taken down): nothing is kept, the app leaves as it was asked to and `run_test` raises
    nothing (Textual re-raises a crash there)."""
    app = _Forgiving()
    async with app.run_test(size=(40, 5)):
        assert not app.leaving
        app.exit(return_code=3)
        assert app.leaving
        app.push_screen(_Failing())
    assert app.crash is None and app.return_code == 3


async def test_an_error_that_is_a_crash_is_kept() -> None:
    app = _Forgiving()
    with pytest.raises(_Secret):
        async with app.run_test(size=(40, 5)) as pilot:
            await app.push_screen(_Failing())
            await pilot.pause()
    assert isinstance(app.crash, _Secret) and app.return_code == 1


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


def test_laid_out_once_overrides_textual_s_screen_resized_and_what_it_reads_is_there() -> None:
    """`LaidOutOnce._screen_resized` is Textual's, with the same parameters; the screen's own
    first layout still sends it a `Resize` (what it skips: tests/app/test_first_frame.py)."""
    assert [name for name in vars(LaidOutOnce) if name.startswith("_") and "__" not in name] == [
        "_screen_resized"
    ]
    ours, textual_s = LaidOutOnce._screen_resized, Screen._screen_resized
    assert list(inspect.signature(ours).parameters) == list(inspect.signature(textual_s).parameters)
    assert "ResizeEvent(" in inspect.getsource(Screen._refresh_layout)
    assert "self._screen_resized(event.size)" in inspect.getsource(Screen._on_resize)


def test_nothing_else_reaches_into_textual_s_private_parts() -> None:
    """No `textual._…` import outside textual_compat; no write to a private attribute of
    another object (`x._name = …`); in a class with a Textual base, no private attribute of
    Textual's read or written on `self`, and no private method of Textual's overridden; in
    the app, no private attribute reached by its name (`getattr(driver, "_file")`)."""
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
            named = named_privately(node)
            if named is not None and module_name.startswith("el_grande.app"):
                assert isinstance(node, ast.Call)
                of = node.args[0]
                if not (isinstance(of, ast.Name) and of.id == "self"):  # self's: below
                    found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
            if isinstance(node, ast.ClassDef):
                cls = getattr(importlib.import_module(module_name), node.name, None)
                if not isinstance(cls, type) or not any(
                    base.__module__.startswith("textual") for base in cls.__mro__
                ):
                    continue  # no Textual base: nothing of Textual's to reach (_textual_defines)
                for member in node.body:
                    if isinstance(member, ast.FunctionDef | ast.AsyncFunctionDef) and (
                        private(member.name) and _textual_defines(cls, member.name)
                    ):
                        found.append(f"{path.name}:{member.lineno}: def {member.name} (override)")
                for inner in ast.walk(node):
                    name: str | None
                    if isinstance(inner, ast.Attribute):
                        of, name = inner.value, inner.attr
                    elif (name := named_privately(inner)) is not None:
                        assert isinstance(inner, ast.Call)
                        of = inner.args[0]
                    else:
                        continue
                    if (
                        name is not None
                        and private(name)
                        and isinstance(of, ast.Name)
                        and of.id == "self"
                        and _textual_defines(cls, name)
                    ):
                        found.append(f"{path.name}:{inner.lineno}: {ast.unparse(inner)}")
            if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in targets:
                    if (
                        isinstance(target, ast.Attribute)
                        and private(target.attr)
                        and not (isinstance(target.value, ast.Name) and target.value.id == "self")
                    ):
                        found.append(f"{path.name}:{node.lineno}: {ast.unparse(target)}")
    assert found == [], found


def _rules(rules: list[RuleSet]) -> list[tuple[object, ...]]:
    """What a parsed rule is, to compare two parses (a `RuleSet` is equal only to itself)."""
    return [
        (
            r.selectors,
            [s.specificity for s in r.selector_set],
            {rule: repr(value) for rule, value in r.styles.get_rules().items()},
            r.is_default_rules,
            r.tie_breaker,
            sorted(r.selector_names),
            sorted(r.pseudo_classes),
            [message for _, message in r.errors],
        )
        for r in rules
    ]


def _default_styles() -> list[tuple[str, str]]:
    """Every `DEFAULT_CSS` of Textual's widgets and the app's (nested rules among them)."""
    import textual.widgets

    import el_grande.app.screens.game  # noqa: F401  (the game screen's widgets)

    classes: list[type] = [DOMNode]
    found = []
    while classes:
        cls = classes.pop()
        classes += cls.__subclasses__()
        css = vars(cls).get("DEFAULT_CSS", "")
        if css and (cls.__name__, css) not in found:
            found.append((cls.__name__, css))
    assert "OptionList" in {name for name, _ in found} and textual.widgets
    assert any("&" in css for _, css in found)  # nested: tie-breaker 2×, 3×…
    return found


def test_default_styles_parsed_once_are_textual_s_parse_at_every_tie_breaker() -> None:
    """`DefaultsParsedOnce` gives, for each default style and tie-breaker, the rules Textual's
    own stylesheet parses (Textual 8.2.8 gives a rule nested n deep n + 1 times the
    tie-breaker: the copies scale it); an app's own styles are Textual's as they are."""
    variables = App[None]().get_css_variables()
    ours, textual_s = DefaultsParsedOnce(variables=variables), Stylesheet(variables=variables)
    for name, css in _default_styles():
        where = ("", f"{name}.DEFAULT_CSS")
        for tie_breaker in (0, -1, -3, 1, -2):
            for default in (True, False):
                mine = ours._parse_rules(css, where, default, tie_breaker, name)
                theirs = textual_s._parse_rules(css, where, default, tie_breaker, name)
                # (The very rules where both parse alike and the run shares what it parsed,
                # tests/conftest.py `_css_parsed_once`: equal without reading them again.)
                assert mine is theirs or _rules(mine) == _rules(theirs), (
                    name,
                    tie_breaker,
                    default,
                )


@pytest.mark.fresh_css
async def test_a_new_game_parses_each_style_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual parsed `Widget`'s default style four times before a new game's first frame
    (once per tie-breaker: start-up), the app's stylesheet parses each once."""
    from tests.app.helpers import SIZE, make_app, settle

    parsed: list[object] = []
    parse = textual_stylesheet.parse

    def counted(scope: str, css: str, read_from: object, *args: object, **kwargs: object) -> object:
        parsed.append(read_from)
        return parse(scope, css, read_from, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(textual_stylesheet, "parse", counted)
    app = make_app(3)
    assert type(app.stylesheet) is DefaultsParsedOnce
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert any("Widget.DEFAULT_CSS" in str(where) for where in parsed)
        assert len(parsed) == len(set(parsed)), parsed


def _node_classes() -> list[type[DOMNode]]:
    found: list[type[DOMNode]] = []
    stack = [DOMNode]
    while stack:
        for sub in stack.pop().__subclasses__():
            if sub not in found:
                found.append(sub)
                stack.append(sub)
    return found


#: What `DOMNode.__init_subclass__` sets on a node class.
_SET = ("_reactives", "_css_type_name", "_css_type_names", "_computes")
_FLAGS = ("_inherit_css", "_inherit_bindings", "_inherit_component_classes")


def _values(cls: type[DOMNode]) -> tuple[object, ...]:
    values = [list(cls.__dict__["_reactives"].items())]  # (in Textual's order)
    values += [cls.__dict__[name] for name in (*_SET[1:], *_FLAGS)]
    return (*values, cls.__dict__["_merged_bindings"].key_to_bindings)


def test_node_classes_are_defined_with_the_values_textual_gives_them() -> None:
    """Every widget, screen and app class (the app's, Textual's, and some made here to have
    reactives and computes in mixins, bindings not inherited…) has the values Textual's own
    `DOMNode.__init_subclass__` gives it; and that code is the code `_define_node_class`
    follows (Textual 8.2.8's)."""
    import hashlib

    from textual.reactive import reactive, var
    from textual.widgets import OptionList

    import el_grande.app.app
    import el_grande.app.screens.game
    import el_grande.app.screens.title  # noqa: F401

    defined = DOMNode.__dict__["__init_subclass__"].__func__
    assert defined is textual_compat._define_node_class
    source = inspect.getsource(textual_compat.TEXTUALS_INIT_SUBCLASS)
    assert hashlib.sha256(source.encode()).hexdigest()[:16] == "d3f27c3cafeca974", (
        "Textual's DOMNode.__init_subclass__ changed: make _define_node_class follow it"
    )

    class Counted:
        count = reactive(0)

        def compute_total(self) -> int:
            return 1

    class Mixed(Counted, Static, can_focus=True):
        shown = var("x")
        BINDINGS = [Binding("x", "x", "x")]

        def _compute_shown(self) -> str:
            return "y"

    class Again(Mixed, inherit_bindings=False, inherit_css=False):
        count = reactive(2)

    class Listed(OptionList, can_focus=False):
        pass

    classes = _node_classes()
    assert {Mixed, Again, Listed, el_grande.app.screens.game.GameScreen} <= set(classes)
    for cls in classes:
        ours = _values(cls)
        flags = {name[len("_inherit_") :]: cls.__dict__[name] for name in _FLAGS}
        textual_compat.TEXTUALS_INIT_SUBCLASS(cls, **{f"inherit_{k}": v for k, v in flags.items()})
        assert ours == _values(cls), cls
    assert Again._computes == frozenset({"total", "shown"})
    assert Again._reactives["count"] is Again.__dict__["count"]


def test_the_app_hooks_node_classes_before_textual_defines_any() -> None:
    """`el_grande.app.app` imports textual_compat before anything of Textual's, so that
    Textual's own widgets and screens are defined by `_define_node_class` too (start-up)."""
    import subprocess
    import sys

    program = """
import sys
class Watch:
    def find_spec(self, name, path, target=None):
        if name == "textual.widget":
            from textual.dom import DOMNode
            print(DOMNode.__dict__["__init_subclass__"].__func__.__name__)
        return None
sys.meta_path.insert(0, Watch())
import el_grande.app.app
"""
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["_define_node_class"]
