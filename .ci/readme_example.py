"""Run every ```python block of README.md, as a reader would paste it (CI, before the tests).

Each block runs in a fresh namespace, in an empty working directory and with a temporary
EL_GRANDE_HOME, so an example cannot lean on this repository or touch a player's saves.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def main() -> int:
    text = README.read_text(encoding="utf-8")
    blocks = [(text.count("\n", 0, m.start()) + 2, m.group(1)) for m in BLOCK.finditer(text)]
    if not blocks:
        print("README.md has no python example", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["EL_GRANDE_HOME"] = str(Path(tmp, "home"))
        os.chdir(tmp)
        for n, (line, code) in enumerate(blocks, 1):
            print(f"README.md:{line}: python example {n} of {len(blocks)}", flush=True)
            exec(compile(code, f"README.md (python example {n})", "exec"), {"__name__": "__main__"})
    print(f"README python examples: {len(blocks)} ran")
    return 0


if __name__ == "__main__":
    sys.exit(main())
