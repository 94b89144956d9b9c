"""The shape of the package's code (issue 27): no class over 400 lines (the sentence
catalogues excepted), and no module reaching another module's private names (`x._name`,
`getattr(x, "_name")`, `from m import _name`): a module that needs something of another asks
it through a public name. Textual's private parts are reached in `app/textual_compat.py`
only (tests/app/test_textual_compat.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import el_grande

ROOT = Path(el_grande.__file__).parent

#: The longest a class may be, in lines (its decorators and docstring included).
MOST_LINES = 400
#: The sentence catalogues: data, one sentence a line, as long as the game has sentences.
CATALOGUES = frozenset({"el_grande.text", "el_grande.text_ko"})

#: The rules engine's state (`el_grande.core.state.State`): its private fields and primitive
#: moves are the engine's own, shared by the rule modules of `el_grande.core` by design (the
#: frames, the cards, the rounds act on them; state.py's docstring); outside the core they are
#: private like any other.
ENGINE, ENGINE_STATE = "el_grande.core", ("el_grande.core.state", "State")


def private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def named_privately(node: ast.AST) -> str | None:
    """The private name `getattr(x, "_name")` (or setattr, hasattr, delattr) reaches."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("getattr", "setattr", "hasattr", "delattr")
        and len(node.args) > 1
        and isinstance(node.args[1], ast.Constant)
        and isinstance(node.args[1].value, str)
        and private(node.args[1].value)
    ):
        return node.args[1].value
    return None


def _modules(root: Path = ROOT) -> dict[str, ast.Module]:
    found = {}
    for path in sorted(root.rglob("*.py")):
        name = ".".join(("el_grande", *path.relative_to(root).with_suffix("").parts))
        found[name.removesuffix(".__init__")] = ast.parse(path.read_text(encoding="utf-8"))
    return found


def _names(tree: ast.AST) -> tuple[set[str], list[tuple[int, str]]]:
    """In one walk of `tree` (a module or a class): the private names it defines — its
    functions, classes, variables and parameters, and the attributes it sets on `self` or
    `cls` — and each private name it reaches as an attribute or imports, with its line."""
    names: set[str] = set()
    reached: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            if private(node.attr):
                reached.append((node.lineno, node.attr))
            if (
                isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name)
                and node.value.id in ("self", "cls")
            ):
                names.add(node.attr)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Store):
                names.add(node.id)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif (named := named_privately(node)) is not None:
            reached.append((node.lineno, named))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("el_grande"):
            reached.extend((node.lineno, a.name) for a in node.names if private(a.name))
    return {n for n in names if private(n)}, reached


def reaching(modules: dict[str, ast.Module]) -> dict[tuple[str, str], int]:
    """Private names reached across modules: (the module reaching, the name) -> a line.

    A name counts when the module reaching it defines no such name itself and another module
    of the package does (a name of the standard library's, `os._exit`, or of Textual's is no
    module of ours). The engine's state is the core's own (`ENGINE_STATE`)."""
    walked = {name: _names(tree) for name, tree in modules.items()}
    defined = {name: names for name, (names, _) in walked.items()}
    module, cls = ENGINE_STATE
    engine: set[str] = set()
    for node in ast.walk(modules.get(module, ast.Module(body=[], type_ignores=[]))):
        if isinstance(node, ast.ClassDef) and node.name == cls:
            engine = _names(node)[0]
    anywhere = set().union(*defined.values())  # (a name not defined here: defined by another?)
    found: dict[tuple[str, str], int] = {}
    for name, (_, reached) in walked.items():
        for line, private in reached:
            if private in defined[name] or private not in anywhere:
                continue
            if private in engine and (name == ENGINE or name.startswith(ENGINE + ".")):
                continue
            found.setdefault((name, private), line)
    return found


@pytest.fixture(scope="module")
def package() -> dict[str, ast.Module]:
    """The package's modules, parsed once for this file's tests."""
    return _modules()


def test_no_module_reaches_another_s_private_names(package: dict[str, ast.Module]) -> None:
    found = reaching(package)
    new = sorted(f"{m}:{line}: {name}" for (m, name), line in found.items())
    assert new == [], "give the other module a public name: " + "; ".join(new)


def test_reaching_finds_a_private_name_of_another_module() -> None:
    modules = {
        "el_grande.flow.table": ast.parse(
            "class TableFlow:\n    def _set(self):\n        self._bot = None\n"
        ),
        "el_grande.flow.seats": ast.parse(
            "from el_grande.flow.table import _helper\n"
            "def seat(flow):\n    flow._set()\n    getattr(flow, '_bot')\n    flow._own()\n"
            "def _own(): ...\n"
        ),
        "el_grande.flow.other": ast.parse("def _helper(): ...\nimport os\nos._exit(0)\n"),
        "el_grande.core.state": ast.parse("class State:\n    _stack: list\n"),
        "el_grande.core.rounds": ast.parse("def step(g):\n    g._stack.pop()\n"),
        "el_grande.app.app": ast.parse("def f(g):\n    g._stack.pop()\n"),
    }
    assert set(reaching(modules)) == {
        ("el_grande.flow.seats", "_helper"),
        ("el_grande.flow.seats", "_set"),
        ("el_grande.flow.seats", "_bot"),
        ("el_grande.app.app", "_stack"),  # the engine's state is the core's alone
    }


def _long_classes(modules: dict[str, ast.Module]) -> dict[str, int]:
    """Every class of more than `MOST_LINES` lines outside the catalogues, by qualified name."""
    found = {}
    for name, tree in modules.items():
        if name in CATALOGUES:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                lines = (node.end_lineno or node.lineno) - first + 1
                if lines > MOST_LINES:
                    found[f"{name}.{node.name}"] = lines
    return found


def test_no_class_is_over_400_lines(package: dict[str, ast.Module]) -> None:
    found = _long_classes(package)
    over = sorted(f"{c} ({n} lines)" for c, n in found.items())
    assert over == [], "split: " + "; ".join(over)


def test_a_long_class_is_found_and_a_catalogue_is_not() -> None:
    body = "class Long:\n" + "    x = 1\n" * MOST_LINES
    modules = {"el_grande.long": ast.parse(body), "el_grande.text": ast.parse(body)}
    assert _long_classes(modules) == {"el_grande.long.Long": MOST_LINES + 1}
    short = {"el_grande.short": ast.parse("class Short:\n" + "    x = 1\n" * (MOST_LINES - 1))}
    assert _long_classes(short) == {}
