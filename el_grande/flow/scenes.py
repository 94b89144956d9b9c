"""The scenes a table shows an audience: what a screen draws (plain data, frozen).

The director (`el_grande.flow.table` today) works out what happens next without knowing
who looks; a policy turns that into one of these scenes for its audience. A screen matches
on the scene and draws it; it never reads the session.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, Event, PublicView, View
    from el_grande.flow.cautions import Caution
    from el_grande.flow.changes import Changes
    from el_grande.narrate import ScoringStep


@dataclass(frozen=True, slots=True)
class Prompt:
    """A human's decision, open for answers. `view` is the board they see (their own view
    behind their curtain); `quiet`: input still waits for a moment of quiet (a change of
    player); `cursor`: a choice to highlight (a hint picked); `cautions`: choices marked as
    likely mistakes (`el_grande.flow.cautions`: the fixed rule at once, the engine's when its
    weighing is done; they refuse nothing); `since`: what the others changed on the board
    since this player's previous decision (`el_grande.flow.changes`), if anything."""

    seat: int
    decision: Decision
    view: View
    quiet: bool = False
    cursor: Choice | None = None
    cautions: tuple[Caution, ...] = ()
    since: Changes | None = None


@dataclass(frozen=True, slots=True)
class TakeOver:
    """The next human takes over by a deliberate act: `letter`, or a click on the button, once
    the keyboard has been quiet (`ready`). `curtain`: an opaque curtain (a secret decision is
    behind it), else a banner over the board. `after`: the human whose secret choice came just
    before (the curtain says they have chosen), if any."""

    seat: int
    decision: Decision
    view: PublicView
    letter: str
    curtain: bool
    ready: bool
    after: int | None = None


@dataclass(frozen=True, slots=True)
class Curtain:
    """After the last secret choice of a step: nothing secret is behind it, everybody may
    look. Lowered by Enter, space or a click once the keyboard has been quiet."""

    after: int
    view: PublicView
    ready: bool


@dataclass(frozen=True, slots=True)
class Showing:
    """A scoring or reveal display at step `index`; `view` is the board with the step's
    events played out, `lit` the place it scores."""

    heading: str
    steps: tuple[ScoringStep, ...]
    index: int
    view: PublicView
    lit: str | None
    events: tuple[Event, ...] = ()

    @property
    def step(self) -> ScoringStep:
        return self.steps[self.index]

    @property
    def last(self) -> bool:
        return self.index >= len(self.steps) - 1


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A computer player's decision; `choice`: a public choice, shown before it is applied."""

    seat: int
    decision: Decision
    view: PublicView
    choice: Choice | None = None


@dataclass(frozen=True, slots=True)
class HintCurtain:
    """A hint behind its player's own curtain (a hidden Castillo: the hint could give their
    count away). Lowered by `letter` once the keyboard has been quiet."""

    seat: int
    decision: Decision
    view: PublicView
    letter: str
    ready: bool


@dataclass(frozen=True, slots=True)
class Hinting:
    """Hints for `seat`, worked out from `own` (that seat's own view) with `seed`; `view` is
    the board the table sees meanwhile."""

    seat: int
    decision: Decision
    view: View
    own: View
    seed: int


@dataclass(frozen=True, slots=True)
class GameOver:
    view: PublicView


@dataclass(frozen=True, slots=True)
class Confirm:
    """A turn's last choice held for its player's confirmation. `view`: the preview (the
    choice's events up to the first that reveals or scores); `told`: the narrator's lines for
    those events; `ready`: Enter confirms now (the keyboard has been quiet since the latest
    input); `t` always does. `then`: what confirming does — "turn" (the turn, or the game,
    ends), "other" (another player decides next, in this turn), "reveal" (something nobody
    knew shows, the same player goes on)."""

    seat: int
    decision: Decision
    choice: Choice
    view: PublicView
    ready: bool
    told: tuple[str, ...] = ()
    then: str = "turn"


Scene = Prompt | TakeOver | Curtain | Showing | BotTurn | HintCurtain | Hinting | Confirm | GameOver
