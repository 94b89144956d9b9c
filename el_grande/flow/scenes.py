"""The scenes a table shows an audience: what a screen draws (plain data, frozen).

The director (`el_grande.flow.table` today) works out what happens next without knowing
who looks; a policy turns that into one of these scenes for its audience. A screen matches
on the scene and draws it; it never reads the session.

Each audience (`el_grande.flow.audience`) has its union: `Scene` for the shared table (the
hot-seat policy: take-overs, curtains, the hint curtain), `SeatScene` for one seat's own
screen (no curtain: nobody else looks), `SpectatorScene` for a spectator — whose every view
field is a `PublicView`, so mypy refuses a seat's own view in a spectator's scene.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from el_grande.core import PublicView, View
from el_grande.records import record

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, Event
    from el_grande.flow.marks import Caution, Changes
    from el_grande.narrate import Line, ScoringStep
    from el_grande.session import Seating


@record
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


@record
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


@record
class Curtain:
    """After the last secret choice of a step: nothing secret is behind it, everybody may
    look. Lowered by Enter, space or a click once the keyboard has been quiet."""

    after: int
    view: PublicView
    ready: bool


@record
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


@record
class BotTurn:
    """A computer player's decision; `choice`: a public choice, shown before it is applied."""

    seat: int
    decision: Decision
    view: PublicView
    choice: Choice | None = None


@record
class HintCurtain:
    """A hint behind its player's own curtain (a hidden Castillo: the hint could give their
    count away). Lowered by `letter` once the keyboard has been quiet."""

    seat: int
    decision: Decision
    view: PublicView
    letter: str
    ready: bool


@record
class Hinting:
    """Hints for `seat`, worked out from `own` (that seat's own view) with `seed`; `view` is
    the board the table sees meanwhile."""

    seat: int
    decision: Decision
    view: View
    own: View
    seed: int


@record
class GameOver:
    view: PublicView


@record
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


#: The board a `Watching` scene shows: a seat's own view on its own screen, a public view
#: for a spectator (covariant: a spectator's `Watching[PublicView]` is a `Watching[View]`).
Board = TypeVar("Board", bound=View, covariant=True)


@record
class Watching(Generic[Board]):
    """Somebody else has the decision — a person at another screen, or a computer player —
    and this screen watches: `seat` decides (`view.decision` says what kind of decision,
    never its choices), `bot`: a computer player; `choice`: its public choice, shown before
    it is applied (a secret one never is). `view`: the board this audience sees meanwhile."""

    seat: int
    view: Board
    bot: bool = False
    choice: Choice | None = None


Scene = Prompt | TakeOver | Curtain | Showing | BotTurn | HintCurtain | Hinting | Confirm | GameOver
#: One seat's own screen (`el_grande.flow.own_screen`): its own prompts and hints, its own
#: view while others decide; no take-over, no curtain.
SeatScene = Prompt | Watching[View] | Showing | Confirm | Hinting | GameOver
#: A spectator's screen (`el_grande.flow.spectate`): public views only, by type.
SpectatorScene = Watching[PublicView] | Showing | GameOver


@record
class LogWindow:
    """How much of the story the table may read: the first `shown` of `lines` (a scoring's
    lines wait until its display is over); `epoch` changes when the story was rewritten (an
    undo: the log is written again from the start)."""

    lines: Sequence[Line]
    shown: int
    epoch: int


@record
class Frame:
    """Everything a screen draws of the table at one moment: the scene, and around it the
    seating (names, colours, letters, who plays each seat), the log window, and the few
    facts of the game the screen's keys and sentences need — so a screen reads no session.

    `decision`: the decision at hand (whoever has it; None at the end); `active`: the
    turn's player (None: between turns); `hints`: the table allows hints; `gutter`:
    cautions may come at a prompt (each choice keeps room for a mark); `bots`: a computer
    player sits at the table; `no_undo`: why undo is refused now (None: the core allows
    it); `quiet`: the hand-over guard's seconds of silence; `note`: the sentence the table
    opened with (a resumed game: which scoring ended last), said once the board shows."""

    scene: Scene
    seating: Seating
    log: LogWindow
    decision: Decision | None
    active: int | None
    hints: bool
    gutter: bool
    bots: bool
    no_undo: str | None
    quiet: float
    note: str | None = None
