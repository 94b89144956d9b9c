"""Make a snapshot SVG show wide characters as a terminal does, before turning it into a PNG.

A terminal gives a Hangul syllable two cells. The SVG that Textual's snapshots hold places
each run of text at its first cell and relies on `textLength` for the rest, and that breaks
for wide characters twice over: rich's export (rich 15) sets `textLength` to one cell per
*character*, and librsvg (behind `svg2png`) ignores `textLength` and draws a run's leading
no-break spaces with no width, so text after Hangul or after a gap drifts left. The snapshot
tests compare the SVG as it is; this only rewrites a copy for looking at it, placing every
wide character, and every run of narrow ones, at its own cell:

    python -m tests.app.svg_cells IN.svg OUT.svg && ../shared/tools/svg2png OUT.svg OUT.png
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

from rich.cells import cell_len

_TEXT = re.compile(
    r'<text (?P<before>[^>]*?)x="(?P<x>[\d.]+)"(?P<mid>[^>]*?)textLength="(?P<len>[\d.]+)"'
    r"(?P<after>[^>]*)>(?P<body>[^<]*)</text>"
)


def _pieces(text: str) -> list[tuple[int, str]]:
    """(cell offset, text) of each wide character and each run of narrow ones, blanks
    dropped."""
    out: list[tuple[int, str]] = []
    cell, run, start = 0, "", 0
    for ch in text:
        width = cell_len(ch)
        if width == 1 and ch not in " \xa0":
            if not run:
                start = cell
            run += ch
        else:
            if run:
                out.append((start, run))
                run = ""
            if width > 1:
                out.append((cell, ch))
        cell += width
    if run:
        out.append((start, run))
    return out


def widen(svg: str) -> str:
    """`svg` with every text run laid out by terminal cells."""

    def fix(m: re.Match[str]) -> str:
        text = html.unescape(m.group("body"))
        if not text:
            return m.group(0)
        cell = float(m.group("len")) / len(text)  # rich: one cell a character
        x0 = float(m.group("x"))
        return "".join(
            f'<text {m.group("before")}x="{x0 + cell * offset:g}"{m.group("mid")}'
            f'textLength="{cell * cell_len(piece):g}"{m.group("after")}>'
            f"{html.escape(piece, quote=False)}</text>"
            for offset, piece in _pieces(text)
        )

    return _TEXT.sub(fix, svg)


if __name__ == "__main__":
    source, target = Path(sys.argv[1]), Path(sys.argv[2])
    target.write_text(widen(source.read_text(encoding="utf-8")), encoding="utf-8")
