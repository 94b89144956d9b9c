"""The installed package is the whole package: every directory of `el_grande` is a regular
package that setuptools ships (a directory without `__init__.py` is left out of the wheel,
and the game would not start from `pip install .`)."""

from __future__ import annotations

from pathlib import Path

import el_grande


def test_every_package_directory_has_an_init() -> None:
    root = Path(el_grande.__file__).parent
    missing = [
        str(d.relative_to(root.parent))
        for d in [root, *root.rglob("*")]
        if d.is_dir()
        and d.name != "__pycache__"
        and any(d.glob("*.py"))
        and not (d / "__init__.py").exists()
    ]
    assert missing == []
