"""`Glued` text breaks lines at ordinary spaces only; a line that fits is not divided at all
(`Glued.wrapped`'s shortcut), and comes out as wrapping it would have made it; its height is
its number of lines, as Textual measures it (`GluedVisual.get_height`'s shortcut)."""

from __future__ import annotations

from io import StringIO

import pytest
from rich.console import Console
from rich.containers import Lines
from rich.text import Text

from el_grande.app.present import _GLUE, NO_BREAK, Glued
from el_grande.app.widgets.glued import GluedVisual

CONSOLE = Console(file=StringIO(), width=1000, color_system=None)


def _wrapped_by_rich(glued: Glued, width: int) -> Text:
    """What `Glued.wrapped` made of every text before the shortcut: Rich's wrapping."""
    indent = len(glued.hang)
    text = glued.text.copy()
    text.plain = text.plain.replace(NO_BREAK, _GLUE)
    lines = text.wrap(CONSOLE, max(1, width - indent), justify="default")
    for line in lines:
        line.rstrip()
        line.plain = line.plain.replace(_GLUE, NO_BREAK)
    if indent:
        lines = Lines(
            Text.assemble(glued.hang if i == 0 else " " * indent, line)
            for i, line in enumerate(lines)
        )
    return Text("\n", justify=glued.text.justify).join(lines)


def _texts() -> list[tuple[Text | str, str]]:
    styled = Text("Power card 1")
    styled.append(f"  (6{NO_BREAK}to{NO_BREAK}court)", style="dim")
    return [
        (styled, ""),
        (styled, "⚠ "),
        (f"Place{NO_BREAK}1 in Aragon   ", ""),  # trailing blanks
        (Text("민준: 카스티야 점수", style="bold", justify="center"), ""),  # wide cells
        ("", ""),
        ("two\nlines", ""),  # Rich's path, as ever
    ]


@pytest.mark.parametrize(("text", "hang"), _texts())
def test_a_line_that_fits_comes_out_as_wrapping_makes_it(text: Text | str, hang: str) -> None:
    for width in range(1, 40):  # every text here fits at some width, and not at others
        ours = Glued(text, hang).wrapped(CONSOLE, width)
        theirs = _wrapped_by_rich(Glued(text, hang), width)
        assert (ours.plain, ours.spans, ours.style, ours.justify, ours.end) == (
            theirs.plain,
            theirs.spans,
            theirs.style,
            theirs.justify,
            theirs.end,
        ), width


@pytest.mark.parametrize(("text", "hang"), _texts())
def test_its_height_is_the_height_textual_measures(text: Text | str, hang: str) -> None:
    for width in range(1, 40):
        for rules in ({}, {"text_wrap": "nowrap"}, {"line_pad": 1} if width > 2 else {}):
            visual = GluedVisual(Glued(text, hang))
            textuals = visual._content(width).get_height(rules, width)  # type: ignore[arg-type]
            assert visual.get_height(rules, width) == textuals, (width, rules)  # type: ignore[arg-type]
