"""Beats: what happens next at a table, free of any audience (plain data, frozen).

The director (`el_grande.flow.director`) works out the next beat from the session's updates (a
person's decision, a scoring display's step, a computer player thinking or having chosen, a
held turn, the game over; and the moments a policy keeps memory of: the table opened on a game
part-way, an undo, a seat changing hands) without knowing who looks; a policy turns each beat
into a scene for its audience (`el_grande.flow.scenes`): the hot-seat policy puts its
take-overs and curtains before a person's decision, a seat's own screen shows its own view, a
spectator sees public views only.

A beat carries no private view: every view in it is a `PublicView` (what everybody may know;
mypy refuses a seat's view there). A policy that
shows a seat its own hidden counts asks for them through the one function that hands out
private views (`el_grande.flow.audience`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from el_grande.flow.scenes import Showing
from el_grande.records import record

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, PublicView


@record
class Decide:
    """A person's decision is at hand: `seat` answers `decision`. `view`: the public board.
    `after_secret`: the person whose secret choice came just before (a hot-seat policy says
    "Ana has chosen" on the curtain it raises), None otherwise."""

    seat: int
    decision: Decision
    view: PublicView
    after_secret: int | None = None


@record
class Chosen:
    """A person made the last secret choice of a step and what follows is public (a display,
    a public decision): a hot-seat policy raises a curtain with nothing behind it; a screen of
    one's own needs none and goes on at once."""

    seat: int
    view: PublicView


@record
class Held:
    """A turn's last choice held for its player's confirmation (confirm my turn): `view` is
    the public preview (the choice's events up to the first that reveals or scores), `told`
    the narrator's lines for it, `then` what confirming does ("turn", "other", "reveal")."""

    seat: int
    decision: Decision
    choice: Choice
    view: PublicView
    told: tuple[str, ...] = ()
    then: str = "turn"


@record
class Thinking:
    """A computer player has the decision; `choice`: its public choice, shown before it is
    applied (a secret choice is never in a beat)."""

    seat: int
    decision: Decision
    view: PublicView
    choice: Choice | None = None


@record
class Over:
    """The game is over."""

    view: PublicView


@record
class Opened:
    """The table opens on a game part-way through (resumed, loaded): its opening is an
    answer by nobody (the first person's decision waits at least the quiet time, whoever it
    belongs to); `shown`: what its last choice brought (a display, not played again, or the
    curtain after a person's secret) counts as shown, as it did live."""

    shown: bool = False


@record
class Undone:
    """The game was taken back (undo): it is where a player's turn was, nothing is shown
    since; the next beat follows."""


@record
class Reseated:
    """A seat changed hands (nothing was played). `again`: the decision at hand changed
    hands, so what comes next is worked out again (the change counts as an answer by nobody;
    the next beat follows at once); else the scene on show stays, drawn with the new
    seating."""

    again: bool = False


#: A scoring or reveal display at one of its steps (`Showing`: the public board with the
#: step's events played out, the place it scores). A display is the same for every audience,
#: so its beat is its scene: each policy passes it on as it is.
Show = Showing

Beat = Decide | Chosen | Held | Show | Thinking | Over | Opened | Undone | Reseated
