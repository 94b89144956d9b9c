"""The one gate for keys, clicks and pastes (docs/app.md, "Hand-overs").

The app asks `may_act` of every input before Textual hands it on: the table flow's hand-over
guard says whether it may act, by its time stamp and the silence before it. Quitting (ctrl+q,
ctrl+c) always acts, and so does an input Textual forwards (it passed the gate once).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events

from el_grande.flow.handover import Input

if TYPE_CHECKING:
    from el_grande.flow.table import TableFlow

#: Keys that always act, whatever the hand-over guard says: quitting answers nothing.
ALWAYS = frozenset({"ctrl+q", "ctrl+c"})

#: The raw inputs the hand-over guard sees, by Textual's event class.
INPUTS: dict[type[events.Event], Input] = {
    events.Key: Input.KEY,
    events.MouseDown: Input.PRESS,
    events.MouseUp: Input.RELEASE,
    events.Paste: Input.PASTE,
}


def may_act(event: events.Event, flow: TableFlow | None) -> bool:
    """Whether `event` may act on the game of `flow` (the game on screen, if any); any other
    event always may."""
    kind = INPUTS.get(type(event))
    if kind is None or flow is None or event.is_forwarded:
        return True
    if isinstance(event, events.Key) and event.key in ALWAYS:
        return True
    return flow.input(kind, event.time)
