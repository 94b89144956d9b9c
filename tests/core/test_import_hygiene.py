"""The core imports no Textual, rich or pydantic (STYLE.md)."""

import json
import subprocess
import sys

import pytest

#: What a fresh process imports, step by step (one process for every check below: each step
#: only adds modules, so a module a step must not bring in is absent at its end only if the
#: step, run alone in a fresh process, would not bring it in either): the value classes
#: (`el_grande.records`), then the core, then the bots. Prints one JSON object: for each
#: step, the non-standard-library modules it newly imported, and what is in `sys.modules`
#: at its end of the libraries or layers that step must not reach.
_STEPS = """
import json, sys
steps = {}

def new_outside_stdlib(before, allowed):
    return sorted(m for m in set(sys.modules) - before
                  if m.split(".")[0] not in sys.stdlib_module_names and not allowed(m))

before = set(sys.modules)
import el_grande.records
steps["records"] = new_outside_stdlib(before, lambda m: m in ("el_grande", "el_grande.records"))
before = set(sys.modules)
import el_grande.core, el_grande.core.view, el_grande.core.events
import el_grande.core.determinize, el_grande.core.kinds
steps["core"] = new_outside_stdlib(
    before,
    lambda m: m in ("el_grande", "el_grande.records") or m.startswith("el_grande.core"),
)
steps["core ui"] = sorted({m.split(".")[0] for m in sys.modules} & {"textual", "rich", "pydantic"})
import el_grande.bots, el_grande.bots.strong, el_grande.bots.hints, el_grande.sim
steps["bots"] = sorted(
    m for m in sys.modules
    if m.startswith(("el_grande.app", "el_grande.persist", "textual", "pydantic"))
)
print(json.dumps(steps))
"""


@pytest.fixture(scope="module")
def imported() -> dict[str, list[str]]:
    out = subprocess.run([sys.executable, "-c", _STEPS], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def test_core_imports_no_ui_or_validation_libraries(imported: dict[str, list[str]]) -> None:
    assert imported["core ui"] == []


def test_core_imports_only_the_standard_library(imported: dict[str, list[str]]) -> None:
    """The core and the one helper below it (`el_grande.records`, its value classes, which
    imports only the standard library itself)."""
    assert imported["core"] == []
    assert imported["records"] == []


def test_bots_import_nothing_of_the_app_or_the_save_files(imported: dict[str, list[str]]) -> None:
    assert imported["bots"] == []


def test_no_import_cycle_inside_the_core_counting_every_import() -> None:
    """Imports inside functions and under TYPE_CHECKING count too: the core's modules form
    layers (frames and state below the card families, those below the round, the round below
    the game)."""
    import ast
    from pathlib import Path

    import el_grande.core

    folder = Path(el_grande.core.__file__).parent
    graph: dict[str, set[str]] = {}
    for path in folder.glob("*.py"):
        name = path.stem
        deps = graph.setdefault(name, set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                if node.module:
                    deps.add(node.module.split(".")[0])
                else:
                    deps.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "el_grande.core."
            ):
                deps.add(node.module.split(".")[2])  # type: ignore[union-attr]
        deps.discard("__init__")
    assert len(graph) > 15 and "determinize" in graph["game"]

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for dep in graph.get(start, ()):
            if dep == goal or (dep not in seen and not seen.add(dep) and reaches(dep, goal, seen)):
                return True
        return False

    cycles = sorted(m for m in graph if reaches(m, m, set()))
    assert cycles == [], cycles
