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
