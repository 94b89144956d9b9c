"""Project-wide test setup."""

from __future__ import annotations

import gc
import importlib.machinery
import itertools
import os
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_saves_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Games started in any test autosave (el_grande/persist): never into the user's data
    directory, always into a temporary EL_GRANDE_HOME (tests needing their own use `home`)."""
    old = os.environ.get("EL_GRANDE_HOME")
    shared = tmp_path_factory.mktemp("el-grande-home")
    os.environ["EL_GRANDE_HOME"] = str(shared)
    yield shared
    if old is None:
        os.environ.pop("EL_GRANDE_HOME", None)
    else:
        os.environ["EL_GRANDE_HOME"] = old


@pytest.fixture(autouse=True)
def _each_test(
    request: pytest.FixtureRequest,
    monkeypatch: pytest.MonkeyPatch,
    _private_saves_dir: Path,
    _config_dirs: Path,
    _finished_file: Path,
) -> Iterator[Path]:
    """Every test's setting up, and tidying after it: the functions below, in this order
    (those that also tidy after the test are context managers, left after it in the reverse
    order, as fixtures' teardowns run, each whatever another raised); it gives the test's
    EL_GRANDE_CONFIG (`_own_config_dir`). One fixture rather than nine: pytest's own cost of
    a fixture set up and torn down, nine times a test, was 0.4 ms a test (2 000 empty tests:
    2.4 s of CPU with the nine, 1.6 s with this one or with no conftest at all), a second of
    the whole run's."""
    with ExitStack() as tidy:
        tidy.enter_context(_no_crash_log_left(_private_saves_dir))
        _no_guard_time(monkeypatch)
        tidy.enter_context(_english(monkeypatch))
        config = _own_config_dir(_config_dirs, monkeypatch)
        tidy.enter_context(_standard_palette())
        _no_weighing(monkeypatch)
        _no_confirm_by_default(monkeypatch)
        _no_games_finished(_finished_file)
        tidy.enter_context(_fresh_css(request))
        yield config


@pytest.fixture(autouse=True, scope="session")
def _workers_start_as_under_el_grande() -> Iterator[None]:
    """Worker processes (el_grande/workers.py: "spawn") first run their parent's main module
    again, unless it is a package's `__main__`: under `el-grande` that is two lines, under
    `python -m pytest` nothing, but under the `pytest` script all of pytest, a tenth of a
    second of CPU a worker. Named as `python -m pytest` names it, the workers skip it."""
    main = sys.modules["__main__"]
    if getattr(main, "__spec__", None) is not None:
        yield  # `python -m pytest`: skipped already
        return
    main.__spec__ = importlib.machinery.ModuleSpec("pytest.__main__", None)
    yield
    main.__spec__ = None


@contextmanager
def _no_crash_log_left(_private_saves_dir: Path) -> Iterator[None]:
    """No test leaves a crash log (`crash-*.log`, el_grande/crash.py) in the shared data
    folder: a test that makes one on purpose gives itself a data folder of its own. (One
    left there by `Ending.report` in tests/app/test_ending.py made the check of
    tests/app/test_process.py::test_an_error_as_the_app_leaves_is_no_crash fail whenever it
    ran later in the same session, as the random order often had it.) A log left is
    removed, so the tests after this one are not failed for it too."""
    before = _crash_logs(_private_saves_dir)
    yield
    left = sorted(_crash_logs(_private_saves_dir) - before)
    for name in left:
        (_private_saves_dir / name).unlink(missing_ok=True)
    if left:
        pytest.fail(f"a crash log was left in the shared data folder: {left}")


def _crash_logs(folder: Path) -> set[str]:
    """The names of the crash logs in `folder` (`os.listdir`: read twice a test, at half the
    cost of `Path.glob`)."""
    return {name for name in os.listdir(folder) if name.startswith("crash-")}


def _no_guard_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests play without the hand-over guard's quiet times (they press keys as fast as the
    app takes them; a take-over still needs its letter); the guard's own tests set them
    explicitly and stamp their events' times."""
    from el_grande.flow import handover

    monkeypatch.setattr(handover, "QUIET", 0.0)
    monkeypatch.setattr(handover, "TAKE_OVER", 0.0)


@contextmanager
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test starts in English and leaves English behind (the language is a context
    variable: `el_grande.text.use`), also on a machine whose locale is Korean (`el-grande` run in a
    test reads the locale). Korean tests switch with `use("ko")` or `--lang ko`."""
    from el_grande.text import LOCALE_VARIABLES, language_code, use

    for name in LOCALE_VARIABLES:
        if language_code(os.environ.get(name, "")) == "ko":
            monkeypatch.setenv(name, "C.UTF-8")
    use("en")
    yield
    use("en")


@pytest.fixture
def at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Standard input is a terminal, as a player's is: a command that opens the app goes on
    to open it (the test replaces its `run`), not refused as under pytest's own input."""
    monkeypatch.setattr("el_grande.app.process.stdin_is_a_terminal", lambda: True)


@pytest.fixture(scope="session")
def _config_dirs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Where every test's config directory is made, one numbered folder each. (Not one
    `mktemp` a test: each looks through every folder made before it, a cost that grew with
    the square of the number of tests, and made every `tmp_path` after it slower too.)"""
    yield tmp_path_factory.mktemp("configs")


_config_numbers = itertools.count()


def _own_config_dir(_config_dirs: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The settings (el_grande/settings) are never read from or written to the user's config
    directory: every test gets an EL_GRANDE_CONFIG of its own, not made yet (the defaults, as
    on a machine where el-grande never saved its settings; saving makes it), so a test that
    saves settings changes nothing for the next one. Ask for `config_dir` to use it."""
    path = _config_dirs / str(next(_config_numbers))
    monkeypatch.setenv("EL_GRANDE_CONFIG", str(path))
    return path


@pytest.fixture
def config_dir(_each_test: Path) -> Path:
    """This test's EL_GRANDE_CONFIG (`_own_config_dir`), made, empty."""
    _each_test.mkdir(exist_ok=True)
    return _each_test


@contextmanager
def _standard_palette() -> Iterator[None]:
    """The chips' palette is module state (like the language): every test starts and ends
    with the standard one, whatever an app in it chose."""
    from el_grande.app import colours

    colours.use_palette("standard")
    yield
    colours.use_palette("standard")


def _no_weighing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's cautions (el_grande/flow/cautions.py) are not weighed unless a test asks
    (`cautions.DRAWS`): their answer comes from a thread at its own time, and would cost every
    prompt of every game by keys a search. The fixed court rule still shows."""
    from el_grande.flow import cautions

    monkeypatch.setattr(cautions, "DRAWS", 0)


def _no_confirm_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Confirm my turn (el_grande/flow/confirm.py) is "auto" in the settings: on with two or
    more people. Tests that play through games of several people press the keys of the game
    before it; for them "auto" means off (no table has 99 people). A test of the confirm step
    turns it on explicitly (`confirm_turn = true`, `TableFlow(confirm=True)`), or sets
    `confirm.AUTO_HUMANS` back to 2."""
    from el_grande.flow import confirm

    monkeypatch.setattr(confirm, "AUTO_HUMANS", 99)


@pytest.fixture(scope="session")
def _finished_file(_private_saves_dir: Path) -> Path:
    """Where the shared data folder counts the games finished (el_grande/persist/played.py)."""
    from el_grande.persist.played import finished_path

    return finished_path()


def _no_games_finished(_finished_file: Path) -> None:
    """Every test starts on a machine where no game has been finished (the `tips` setting's
    "auto" count, el_grande/persist/played.py), whatever games the tests before it ended in
    the shared data folder: a new game in the app has its tips, in every order."""
    _finished_file.unlink(missing_ok=True)


#: The collector's thresholds for the run (tests/app/conftest.py sets its own around each app
#: test): a young collection every 200 000 allocations, as mypy sets for its own runs, rather
#: than every 700. The tests keep large live heaps (fifty games played once for a module, a
#: review's play-outs) that every full pass walks again, about 0.1 s each: at Python's
#: defaults a third of the suite outside the app spent 7.5 s of its 74 s in full passes,
#: here 0.3 s (and its collecting 9.9 -> 4.1 s in all, for 300 -> 490 MB at the most).
THRESHOLDS = (200_000, 30, 30)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection made (every module the tests import: the package, Textual, pydantic…)
    lives to the end: frozen, so the collector's full passes skip it, as `el-grande` freezes
    what its start-up made (el_grande/startup.py). A full pass walked it all, about 0.1 s
    each, tens of times a run. Then the run's thresholds (`THRESHOLDS`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


#: Textual's parsed rules of each piece of CSS, by the piece and the stylesheet's variables:
#: see `_css_parsed_once`.
_PARSED_CSS: dict[tuple[object, ...], list[object]] = {}
#: Whether the rules parsed before are shared (not in a test marked `fresh_css`).
_SHARE_CSS = [True]


@pytest.fixture(autouse=True, scope="session")
def _css_parsed_once() -> Iterator[None]:
    """Each app's stylesheet parses every widget class's CSS afresh, the same text with the
    same variables (the theme's colours) in every test: about a sixth of an app's start, and a
    twentieth of the app tests' CPU. Parsed once a session here, and the rules shared, as one
    stylesheet shares them between its own parses (`Stylesheet._parse_cache`: the rules are
    read, never changed). CSS with errors is not kept: it raises every time, as it does. A
    test marked `fresh_css` sees Textual parse (`_fresh_css`)."""
    from textual.css.stylesheet import Stylesheet

    original = Stylesheet._parse_rules

    def parse_rules(
        self: Stylesheet,
        css: str,
        read_from: tuple[str, str],
        is_default_rules: bool = False,
        tie_breaker: int = 0,
        scope: str = "",
    ) -> list[object]:
        key = (css, read_from, is_default_rules, tie_breaker, scope, _variables_key(self))
        rules = _PARSED_CSS.get(key) if _SHARE_CSS[0] else None
        if rules is None:
            rules = _PARSED_CSS[key] = original(
                self, css, read_from, is_default_rules, tie_breaker, scope
            )
        return rules

    Stylesheet._parse_rules = parse_rules  # type: ignore[assignment,method-assign]
    yield
    Stylesheet._parse_rules = original  # type: ignore[method-assign]


#: The last stylesheets' variables, by identity, with their items (see `_variables_key`).
_VARIABLES: dict[int, tuple[dict[str, str], tuple[tuple[str, str], ...]]] = {}


def _variables_key(stylesheet: Any) -> tuple[tuple[str, str], ...]:
    """A stylesheet's variables as part of a key: their items, made once for each set of
    variables (about 150 of them, made again at each of an app's dozens of parses, cost more
    than the rest of the look-up). Textual replaces a stylesheet's variables whole
    (`Stylesheet.set_variables`), never changes them in place; the dict is held here with
    its items, so its identity is never another's."""
    variables = stylesheet._variables
    known = _VARIABLES.get(id(variables))
    if known is None or known[0] is not variables:
        if len(_VARIABLES) > 16:
            _VARIABLES.clear()
        known = _VARIABLES[id(variables)] = (variables, tuple(variables.items()))
    return known[1]


@contextmanager
def _fresh_css(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test marked `fresh_css` parses its CSS as Textual does (nothing parsed before)."""
    fresh = request.node.get_closest_marker("fresh_css") is not None
    _SHARE_CSS[0] = not fresh
    yield
    _SHARE_CSS[0] = True
