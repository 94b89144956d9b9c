"""The one place the app reaches into Textual's private parts (Textual 8.2.8 is pinned).

Each name here is a workaround Textual's public API does not offer; a test
(tests/app/test_textual_compat.py) fails when Textual changes what it relies on.
"""

from __future__ import annotations

from textual._time import get_time as _get_time


def input_clock() -> float:
    """The clock Textual stamps its messages (keys, clicks, pastes) with: `Message.time`."""
    return _get_time()
