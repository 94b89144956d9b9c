"""What the board widgets draw, as one immutable value (`Shown`); a scoring display's board
at each step comes from the table's flow (`el_grande.flow.display.step_view`).

The game screen (and the replay viewer) set their `shown` reactive; the map, the cards, the
players and the round track are bound to it (`data_bind`) and repaint only what changed.
Nothing here asks the game for a view: views come from the session's `Update`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from el_grande.core import PLACES, Choice, Decision, View
from el_grande.flow.changes import Changes
from el_grande.records import record

if TYPE_CHECKING:
    from textual.widget import Widget

    from el_grande.session import Seating

#: Verbs whose argument is a place, answered on the map.
PLACE_VERBS = frozenset(
    {"place", "from", "to", "region", "score", "king", "grande", "disk", "recall", "return"}
)
_PLACES = frozenset(PLACES)


def place_of(choice: Choice | None) -> str | None:
    """The map place a choice points at, if it is region-shaped."""
    if choice is not None and choice.verb in PLACE_VERBS and choice.arg in _PLACES:
        return str(choice.arg)
    return None


def card_of(choice: Choice | None) -> str | None:
    return str(choice.arg) if choice is not None and choice.verb == "card" else None


def power_of(choice: Choice | None) -> int | None:
    if choice is not None and choice.verb in ("power", "retrieve"):
        return int(choice.arg)  # type: ignore[arg-type]
    return None


@record
class Legal:
    """The places, cards and power cards a decision can be answered with (lit on screen)."""

    places: frozenset[str] = frozenset()
    cards: frozenset[str] = frozenset()
    powers: frozenset[int] = frozenset()

    @classmethod
    def of(cls, d: Decision | None) -> Legal:
        if d is None:
            return NO_LEGAL
        return cls(
            frozenset(p for c in d.choices if (p := place_of(c))),
            frozenset(c for ch in d.choices if (c := card_of(ch))),
            frozenset(v for c in d.choices if (v := power_of(c)) is not None),
        )


NO_LEGAL = Legal()


@record
class Shown:
    """Everything the board widgets draw at one moment."""

    view: View  # public, or the chooser's own behind their curtain
    to_move: int | None = None  # the seat marked ▶ (None: nobody is asked now)
    doing: str = ""  # what they must do, for the round track
    legal: Legal = NO_LEGAL  # lit targets (none for a bot, behind a curtain, in a display)
    cursor: Choice | None = None  # the highlighted choice, mirrored on the board
    lit: str | None = None  # the place a scoring display is scoring now
    since: Changes | None = None  # what changed since the player's turn (marked ▲ ▼)

    @property
    def cursor_place(self) -> str | None:
        return place_of(self.cursor)

    @property
    def cursor_card(self) -> str | None:
        return card_of(self.cursor)

    @property
    def cursor_power(self) -> int | None:
        return power_of(self.cursor)


def differs(old: Shown | None, new: Shown | None, *parts: str) -> bool:
    """Whether `new` shows something else than `old` in `parts` (attribute names of
    `Shown`): a widget repaints only for what it draws. Views are compared by identity
    first (the same update's view is the same object) and by value only when they differ."""
    if old is None or new is None:
        return old is not new
    for part in parts:
        a, b = getattr(old, part), getattr(new, part)
        if a is not b and a != b:
            return True
    return False


def reseat(root: Widget, seating: Seating) -> None:
    """The widgets under `root` draw `seating` (a seat changed hands, or a hint counted)."""
    for widget in root.query("*"):
        if getattr(widget, "seating", seating) is not seating:
            widget_: Any = widget
            widget_.seating = seating
            widget.refresh(layout=True)
