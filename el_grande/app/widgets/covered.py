"""The game screen's row and columns: containers that their widgets cover wholly.

Textual draws every widget's whole region, a container's too (blank, in its background),
and then lays the widgets inside over it: the game screen's row and two columns, and the
screen itself, were drawn each frame for nothing — about 2 % of a new game's first frame.
`BLANK` is Textual's own switch for a widget that draws only blank lines: it skips the
drawing. A test (tests/app/test_covered.py) checks that every cell of the game screen
belongs to a widget that draws.
"""

from __future__ import annotations

from typing import ClassVar

from textual.containers import Horizontal, Vertical


class Row(Horizontal):
    """A `Horizontal` whose children cover it wholly."""

    BLANK: ClassVar[bool] = True


class Column(Vertical):
    """A `Vertical` whose children cover it wholly."""

    BLANK: ClassVar[bool] = True
