"""The core imports no Textual, rich or pydantic (STYLE.md)."""

import subprocess
import sys


def test_core_imports_no_ui_or_validation_libraries() -> None:
    code = (
        "import sys, el_grande.core, el_grande.core.view, el_grande.core.events;"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'textual', 'rich', 'pydantic'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_core_imports_only_the_standard_library() -> None:
    """The core and the one helper below it (`el_grande.records`, its value classes, which
    imports only the standard library itself)."""
    code = (
        "import sys; before = set(sys.modules);"
        "import el_grande.core, el_grande.core.view, el_grande.core.events,"
        " el_grande.core.determinize, el_grande.core.kinds;"
        "new = set(sys.modules) - before;"
        "print(sorted(m for m in new if m.split('.')[0] not in sys.stdlib_module_names"
        " and m not in ('el_grande', 'el_grande.records') and not m.startswith('el_grande.core')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
    code = (
        "import sys; before = set(sys.modules); import el_grande.records;"
        "new = set(sys.modules) - before;"
        "print(sorted(m for m in new if m.split('.')[0] not in sys.stdlib_module_names"
        " and m not in ('el_grande', 'el_grande.records')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout


def test_bots_import_nothing_of_the_app_or_the_save_files() -> None:
    code = (
        "import sys, el_grande.bots, el_grande.bots.strong, el_grande.bots.hints, el_grande.sim;"
        "print(sorted(m for m in sys.modules if m.startswith(('el_grande.app',"
        " 'el_grande.persist', 'textual', 'pydantic'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


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
