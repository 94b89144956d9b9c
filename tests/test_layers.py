"""The import graph: no cycle, counting imports inside functions and those made for the type
checker only; what the contracts in pyproject.toml cannot see (`lint-imports` checks the
layers themselves, in .ci/run)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import grimp
import pytest

import el_grande

ROOT = Path(el_grande.__file__).parent


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    # As lint-imports builds it (pyproject.toml): every import statement, in functions too and
    # under `if TYPE_CHECKING:` (a module that names another's type for the checker depends
    # on it as much: where a type is all it needs, a `Protocol` in the lower module).
    return grimp.build_graph(
        "el_grande",
        include_external_packages=True,
        exclude_type_checking_imports=False,
        cache_dir=None,
    )


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), and self-imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in edges[v]:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_cycles() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}, "f": set()}
    assert _cycles(edges) == [["a", "b", "c"], ["e"]]


def test_no_import_cycle_counting_imports_inside_functions_and_for_types(
    graph: grimp.ImportGraph,
) -> None:
    ours = {m for m in graph.modules if m.split(".")[0] == "el_grande"}
    edges = {m: set(graph.find_modules_directly_imported_by(m)) & ours for m in ours}
    # The graph holds imports made inside functions (the app opens its title screen there)
    # and those made for the type checker only (the core's view names its state's type).
    assert "el_grande.app.screens.title" in edges["el_grande.app.app"]
    assert "el_grande.core.state" in edges["el_grande.core.view"]
    assert "el_grande.core.state" not in _runtime_imports("el_grande.core.view")
    cycles = _cycles(edges)
    assert cycles == [], "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


def _runtime_imports(module: str) -> set[str]:
    """What `module` imports when it runs (its `if TYPE_CHECKING:` imports left out)."""
    runtime = grimp.build_graph("el_grande", exclude_type_checking_imports=True, cache_dir=None)
    return set(runtime.find_modules_directly_imported_by(module))


@pytest.mark.parametrize(
    "module", ["el_grande.bots.registry", "el_grande.atomic", "el_grande.startup"]
)
def test_standard_library_only(graph: grimp.ImportGraph, module: str) -> None:
    """The helpers low in the layers (and the bot registry, which the set-up, the session
    and the settings read from below the bots) import nothing but the standard library: not
    even a dependency the contracts do not name yet."""
    imported = graph.find_modules_directly_imported_by(module)
    outside = sorted(m for m in imported if m.split(".")[0] not in sys.stdlib_module_names)
    assert outside == [], outside


def test_names_uses_rich_for_cell_widths_only() -> None:
    """Of rich, `names` may use `rich.cells` only (lint-imports sees rich as one package)."""
    tree = ast.parse((ROOT / "names.py").read_text(encoding="utf-8"))
    used = {
        alias.name if isinstance(node, ast.Import) else node.module or ""
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert {m for m in used if m.split(".")[0] == "rich"} == {"rich.cells"}
