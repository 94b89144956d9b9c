"""The one place the app reaches into Textual's private parts (Textual 8.2.8 is pinned).

Each name here is a workaround for something Textual's public API does not offer; a test
(tests/app/test_textual_compat.py) fails when Textual changes what it relies on. Nothing
else in the package imports `textual._…`, reads or writes a private attribute of Textual's
or overrides a private method of Textual's: `CompatApp` overrides those the app needs and
offers them as public hooks (`ElGrandeApp` is one). Importing it makes Textual define node
classes (widgets, screens, apps) faster (`_define_node_class`): the app imports it before
anything of Textual's, so that Textual's own classes are defined so too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

# Textual defines its widgets, screens and app class as the modules imported after the first
# section are: `_define_node_class` goes in before them.
from textual.dom import DOMNode
from textual.reactive import Reactive

if TYPE_CHECKING:
    from textual.binding import Binding
    from textual.css.model import RuleSet
    from textual.css.types import CSSLocation
    from textual.driver import Driver
    from textual.geometry import Size


# --- node classes defined without scanning every base's attributes again -------------------

#: Textual's own `DOMNode.__init_subclass__`, which `_define_node_class` stands in for.
TEXTUALS_INIT_SUBCLASS = DOMNode.__dict__["__init_subclass__"].__func__

#: Of each class a node class was derived from: its own reactives and compute names
#: (`_own_parts`), read from its `__dict__` when it first became a base.
_OWN: dict[type, tuple[dict[str, Reactive[Any]], frozenset[str]]] = {}

_COMPUTE = ("_compute_", "compute_")


def _own_parts(cls: type) -> tuple[dict[str, Reactive[Any]], frozenset[str]]:
    """`cls`'s own reactives (by name, in its order) and what its own compute methods compute."""
    own = cls.__dict__
    return (
        {name: value for name, value in own.items() if isinstance(value, Reactive)},
        frozenset(name.lstrip("_")[8:] for name in own if name.startswith(_COMPUTE)),
    )


def _define_node_class(
    cls: type[DOMNode],
    inherit_css: bool = True,
    inherit_bindings: bool = True,
    inherit_component_classes: bool = True,
) -> None:
    """Textual's `DOMNode.__init_subclass__`, with what it reads of the bases read once each.

    Textual 8.2.8 gathers a new widget, screen or app class's reactives by reading the whole
    `__dict__` of every class it derives from (`Widget`'s has some 450 names), and the names
    its compute methods compute from `dir(cls)`: about 1.5 M instructions a class. Textual
    defines some 40 classes as it is imported and the app some 20 more before a new game's
    first frame: 83 M instructions there (7 %), 63 M before the title's. The same values
    come from each base's own reactives and compute names,
    read once per base (`_OWN`), the new class's own read as Textual reads them; the rest is
    Textual's code as it is (tests/app/test_textual_compat.py compares every node class's
    values with Textual's own and watches Textual's source for a change)."""
    super(DOMNode, cls).__init_subclass__()
    reactives: dict[str, Reactive[Any]] = {}
    computes: set[str] = set()
    for base in reversed(cls.__mro__[1:]):
        parts = _OWN.get(base)
        if parts is None:
            parts = _OWN[base] = _own_parts(base)
        reactives.update(parts[0])
        computes |= parts[1]
    own_reactives, own_computes = _own_parts(cls)  # (its own: read now, never kept)
    reactives.update(own_reactives)
    cls._reactives = reactives
    cls._inherit_css = inherit_css
    cls._inherit_bindings = inherit_bindings
    cls._inherit_component_classes = inherit_component_classes
    bases = cls._css_bases(cls)
    cls._css_type_name = bases[0].__name__
    cls._merged_bindings = cls._merge_bindings()
    cls._css_type_names = frozenset(base.__name__ for base in bases)
    cls._computes = frozenset(computes | own_computes)


# Every node class defined from here on: Textual's own widgets, screens and app class too, which
# the imports below define (the app imports this module before anything else of Textual's).
DOMNode.__init_subclass__ = classmethod(_define_node_class)  # type: ignore[assignment,method-assign]

from textual._styles_cache import StylesCache  # noqa: E402  (after `_define_node_class`)
from textual._time import get_time as _get_time  # noqa: E402
from textual.app import App  # noqa: E402
from textual.binding import BindingsMap  # noqa: E402
from textual.css.stylesheet import Stylesheet  # noqa: E402
from textual.screen import Screen  # noqa: E402


def input_clock() -> float:
    """The clock Textual stamps its messages (keys, clicks, pastes) with: `Message.time`.

    Textual 8.2.8 stamps each message with `textual._time.get_time()` and has no public
    name for that clock; the hand-over guard compares those stamps with its own `now()`."""
    return _get_time()


def rewrite_bindings(node: DOMNode, rewrite: Callable[[Binding], Binding]) -> None:
    """Replace each of `node`'s own key bindings `b` by `rewrite(b)`.

    Textual 8.2.8 builds a node's bindings from its class's `BINDINGS` into the private
    `node._bindings` (a `BindingsMap`) when the node is made, and offers no public way to
    change a binding's description afterwards; the app shows descriptions in the language
    chosen at run time (`app.localise_bindings`)."""
    bindings = BindingsMap()
    for key, found in node._bindings.key_to_bindings.items():
        bindings.key_to_bindings[key] = [rewrite(b) for b in found]
    node._bindings = bindings


def forget_closed_widgets() -> None:
    """Let go of what Textual caches for widgets that are gone.

    Textual 8.2.8 caches `StylesCache.get_inner_outer` with `functools.lru_cache(1024)` on
    the method, so each entry's key holds the widget's `StylesCache` — and with it every
    line that widget last drew — until 1024 newer entries push it out. A closed game
    screen's widgets stay reachable that way: about 12 000 objects a game (a game of five
    computer players, `python -m el_grande.app.bench memory 4`). The cache only saves two
    `Style` objects per widget, so clearing it when a game's screen goes costs nothing one
    can measure."""
    StylesCache.get_inner_outer.cache_clear()


def on_frame(app: App[Any], callback: Callable[[], None]) -> None:
    """Call `callback` after each frame `app` puts on the terminal (the key-to-repaint
    benchmark, app/bench.py).

    Textual 8.2.8 has no public hook for "a frame was written": every frame goes through
    the private `App._display(screen, update)`. The start-up probe (`PROBE` in app/bench.py)
    hooks the same method on the class in its own program text: it runs before anything of
    el_grande is imported, which would import Textual before its clock starts."""
    original = app._display

    def display(screen: Any, update: Any) -> None:
        original(screen, update)
        callback()

    app._display = display  # type: ignore[method-assign, assignment]


def start_nothing(app: App[Any]) -> None:
    """From `App._build_driver`: `app.run()` then returns without entering application mode
    or building a screen (no terminal to play in: `CompatApp._build_driver`).

    Textual 8.2.8's `App._process_messages` builds the driver and starts the application only
    `if not self._exit` (the private flag `App.exit` sets); `App.exit` itself posts a message
    to a loop that is not running yet, so there is no public way to decline to start there."""
    app._exit = True


class DefaultsParsedOnce(Stylesheet):
    """Textual's stylesheet, which parses a widget class's `DEFAULT_CSS` once, not once per
    tie-breaker it is given.

    Textual 8.2.8 adds a class's `DEFAULT_CSS` with a tie-breaker: minus its place in the
    registered widget's bases (`DOMNode._get_default_css`), lowered as deeper subclasses are
    registered; and its private `Stylesheet._parse_rules` caches the parsed rules by the
    tie-breaker too, so each lower one parses the same text again. Opening a new game parsed
    `Widget`'s four times, `Screen`'s and the containers' twice: a fifth of the styles parsed
    before its first frame. Here a default style is parsed once, with tie-breaker 1, and
    each tie-breaker's rules are copies of those with their tie-breakers scaled: Textual
    gives a rule nested n deep n + 1 times the source's, so each is a multiple of it
    (tests/app/test_textual_compat.py compares them with Textual's own parse)."""

    def _parse_rules(
        self,
        css: str,
        read_from: CSSLocation,
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[RuleSet]:
        if not is_default_rules or tie_breaker == 1:  # (an app's own styles: tie-breaker 0)
            return super()._parse_rules(css, read_from, is_default_rules, tie_breaker, scope)
        key = (css, read_from, is_default_rules, tie_breaker, scope)
        found = self._parse_cache.get(key)
        if found is None:
            once = super()._parse_rules(css, read_from, is_default_rules, 1, scope)
            found = [replace(rule, tie_breaker=rule.tie_breaker * tie_breaker) for rule in once]
            self._parse_cache[key] = found
        return found


def parse_defaults_once(app: App[Any]) -> None:
    """`app`'s stylesheet parses each `DEFAULT_CSS` once (`DefaultsParsedOnce`): Textual
    8.2.8 makes it in `App.__init__` and offers no way to give it another class; a subclass
    that adds no state can take its place."""
    if type(app.stylesheet) is Stylesheet:
        app.stylesheet.__class__ = DefaultsParsedOnce


if TYPE_CHECKING:
    _Screen = Screen[Any]  # what a mixin of a screen's may call on `super()`
else:
    _Screen = object


class LaidOutOnce(_Screen):
    """Mixed into a screen before Textual's `Screen`: not laid out again for the `Resize` its
    own layout sends it.

    Textual 8.2.8's `Screen._refresh_layout` sends a `Resize` to every widget it lays out
    anew, the screen among them; the screen's private `_screen_resized` then lays itself out
    again, and every screen under it, at the size they were just laid out at — a new game's
    screen and the default screen under it twice more before the first frame. A screen
    already that size is skipped: what changed in it since its last layout asks for a
    layout of its own, which the screen makes (the one on top, or one seen under it)."""

    #: Laid out again all the same, as Textual does: a screen whose look depends on it.
    relaid: ClassVar[bool] = False

    def _screen_resized(self, size: Size) -> None:
        if self.relaid or size != self.outer_size:
            super()._screen_resized(size)


class CompatApp(App[None]):
    """Textual's `App`, with the private methods an app that owns its terminal and its crash
    report must override (Textual 8.2.8 offers no public way) turned into public hooks.

    - Without a terminal (`may_start` says no) `run()` returns at once, having opened
      nothing: from `App._build_driver`, through `start_nothing`.
    - What the terminal driver writes goes through `terminal_output(file)`: the
      `LinuxDriver`'s writer thread writes to its private `_file`.
    - Each widget class's `DEFAULT_CSS` is parsed once (`DefaultsParsedOnce`).
    - A crash (an exception no handler caught) is kept in `crash` for whoever called `run()`
      to report, and Textual prints nothing of it: its report (made by `App._fatal_error`, or
      `App.panic` for an error with a rich form; printed as `run()` returns by
      `App._print_error_renderables`) shows every local variable of every frame, and a game's
      seed and choices are among them. `is_a_crash(error)` may say an error is none (it is
      then only logged): Textual hands every error to `App._handle_exception`. Nor is that
      report made (`App._fatal_error`): rendering a traceback of every frame, its source
      highlighted and its variables shown, took more CPU than the app's start-up.
    """

    #: The first exception that crashed the app, if one did.
    crash: BaseException | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        parse_defaults_once(self)  # start-up: each widget class's styles parsed once

    @property
    def leaving(self) -> bool:
        """Whether the app is leaving (`exit` was called: Textual's private `_exit`)."""
        return bool(self._exit)

    def may_start(self) -> bool:
        """Hook, asked once as `run()` starts in a terminal: whether to start (else nothing is
        opened and `run()` returns)."""
        return True

    def terminal_output(self, file: Any) -> Any:
        """Hook: what the terminal driver writes to instead of `file` (its output)."""
        return file

    def is_a_crash(self, error: Exception) -> bool:
        """Hook, for each error no handler caught: whether it crashes the app (else it is
        logged and the app goes on: leaving, for instance)."""
        return True

    def _build_driver(
        self, headless: bool, inline: bool, mouse: bool, size: tuple[int, int] | None
    ) -> Driver:
        if not headless and not self.may_start():
            start_nothing(self)  # no application mode, no screen
            headless = True
        driver = super()._build_driver(headless=headless, inline=inline, mouse=mouse, size=size)
        out = getattr(driver, "_file", None)  # the writer thread's (LinuxDriver)
        if not headless and out is not None:
            driver._file = self.terminal_output(out)  # type: ignore[attr-defined]
        return driver

    def _handle_exception(self, error: Exception) -> None:
        if self.crash is None:
            if not self.is_a_crash(error):
                self.log.error(f"not a crash: {type(error).__name__}")
                return
            self.crash = error
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        # Textual's, but for the report it renders for `_print_error_renderables` to print:
        # a crash's is dropped there unprinted (`crash` is set: see `_handle_exception`).
        self.bell()
        self._close_messages_no_wait()

    def _print_error_renderables(self) -> None:
        if self.crash is not None:
            self._exit_renderables.clear()  # a crash with a rich form (`App.panic`) too
            return
        super()._print_error_renderables()
