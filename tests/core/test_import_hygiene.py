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
    code = (
        "import sys; before = set(sys.modules);"
        "import el_grande.core, el_grande.core.view, el_grande.core.events,"
        " el_grande.core.determinize, el_grande.core.kinds;"
        "new = set(sys.modules) - before;"
        "print(sorted(m for m in new if m.split('.')[0] not in sys.stdlib_module_names"
        " and m != 'el_grande' and not m.startswith('el_grande.core')))"
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
