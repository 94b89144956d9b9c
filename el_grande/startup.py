"""Start-up without garbage collection.

Starting the app allocates tens of thousands of objects that live as long as the process
(modules, classes, styles, widgets), and every automatic collection on the way walks them all
again: about a ninth of the time to a game's first frame. So `el-grande` holds collection off
from its first line (`hold`) until the first frame is on screen (`release`, called by the app),
or until a command that opens no app starts. What is alive then is frozen out of later
collections (`gc.freeze`), which also keeps full collections short while a game is played.
"""

from __future__ import annotations

import gc

_held = False


def hold() -> None:
    """Hold off garbage collection (if it is on) until `release()`."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def release() -> None:
    """Collect again, if `hold()` stopped it, with what is alive now frozen."""
    global _held
    if _held:
        _held = False
        gc.freeze()
        gc.enable()
