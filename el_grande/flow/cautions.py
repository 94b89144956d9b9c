"""Cautions: legal choices that are very likely mistakes, marked on the prompt (never refused).

Shown at a table with warnings and hints on (`Cautions`, a feature of the table:
`el_grande.flow.feature`). Two kinds. The fixed rule, known at once: bringing fewer Caballeros
to court than the power card and the province allow (`court_cautions`; what is left in the
province does nothing there). And the engine's judgement, worked out in the background from the
deciding player's own view (`weigh`): every legal choice played out as the review plays them
(`el_grande.review.costs`: the same draws and play-outs, capped by play-outs, never by the
clock), but through the next round too (`ROUNDS`), and a choice marked only when it gives away
at least `THRESHOLD` final points against the best one beyond what the draws leave uncertain
(`marked`).

Why through the next round: a play-out that stops where the next round starts reaches nothing
a draw of the unknowns changes in most positions (an open Castillo, no secret pending), so its
one draw says nothing of how sure it is; the next round's cards are unknown, so play-outs
through it differ from draw to draw, and the spread of a choice's cost over the draws is its
standard error. They also see what a power card leaves in the hand.

Why 4 points, beyond two standard errors: a Medium player's decisions cost about half a point
each on average in the review's calibration (docs/bots.md). A mark says the choice gives away
4 points or more even at the low end of what the draws leave uncertain (its cost less two
standard errors), so it is a real mistake, not the sample's noise, and rare enough to be read
(measured: `python -m el_grande.bench_warnings`, docs/bots.md).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import field, replace
from functools import partial
from typing import TYPE_CHECKING

from el_grande.core import DecisionKind
from el_grande.flow.audience import Table, private_view
from el_grande.flow.feature import Feature
from el_grande.flow.marks import Caution as Caution  # (its home: the prompt's marks)
from el_grande.flow.scenes import Confirm
from el_grande.records import record

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, View
    from el_grande.flow.clock import Cancel
    from el_grande.flow.feature import Options, Stage
    from el_grande.flow.scenes import Prompt, Scene
    from el_grande.review import Cost, Settings
    from el_grande.session import Update

#: A choice is marked when it gives away at least this many final points (see above)...
THRESHOLD = 4.0
#: ...beyond this many standard errors of its cost.
SURE = 2.0
#: The most draws of the unknowns a decision is weighed on (one when the view hides nothing
#: a play-out reaches); every legal choice is played out once a draw. 0: no weighing (the
#: tests' default: an answer from a thread arrives at its own time).
DRAWS = 12
#: How many round ends a play-out goes through (see above).
ROUNDS = 2
#: How much of a lead at the end of the next round is still there when the game ends, on
#: average (`review.Settings.scale`; measured for play-outs through the next round:
#: docs/bots.md).
SCALE = 0.6


def court_most(d: Decision, view: View) -> int:
    """The most Caballeros a "bring to court" decision can bring from the province alone (the
    power card's number, or fewer in the province): more would take some back from the
    board."""
    province = view.players[d.player].province or 0
    return min(int(d.context.get("allowed", 0)), province)


def court_cautions(d: Decision, view: View) -> tuple[Caution, ...]:
    """The fixed rule: at "bring to court", each choice of fewer Caballeros than the province
    could supply (R-R3.1)."""
    if d.kind != DecisionKind.COURT:
        return ()
    most = court_most(d, view)
    return tuple(
        Caution(c, court=True) for c in d.choices if isinstance(c.arg, int) and c.arg < most
    )


def first_cursor(d: Decision, view: View) -> Choice | None:
    """The choice a prompt opens on (None: the first). "Bring to court" opens on the most the
    power card allows without taking Caballeros back from the board (an Enter from habit
    must not throw the power card's Caballeros away, nor recall any)."""
    if d.kind == DecisionKind.COURT:
        most = court_most(d, view)
        return next((c for c in d.choices if c.arg == most), None)
    return None


def weigh(
    view: View, d: Decision, seed: int, cancelled: Callable[[], bool] | None = None
) -> tuple[Caution, ...]:
    """The engine's marks for `d` from `view` (the deciding seat's own): the choices that give
    away at least `THRESHOLD` points beyond what the draws leave uncertain (`marked`), with
    what they give away. Raises `el_grande.bots.strong.OutOfTime` once `cancelled()` says
    yes."""
    from el_grande.review import costs  # start-up: the bots, with the first weighing

    found = costs(view, d, settings(), seed, cancelled)
    return tuple(Caution(c, cost.cost) for c, cost in found.items() if marked(cost))


def settings() -> Settings:
    """How the engine weighs a decision: `DRAWS` draws (a choice far behind dropped after
    8, as the review drops them), play-outs through `ROUNDS` round ends, scaled by
    `SCALE`."""
    from el_grande.review import Settings  # start-up: with the first weighing

    draws = max(1, DRAWS)
    return Settings(draws=draws, min_draws=min(8, draws), batch=4, scale=SCALE, rounds=ROUNDS)


def marked(cost: Cost) -> bool:
    """Whether a choice's cost earns a mark: at least `THRESHOLD` points even `SURE`
    standard errors below the cost the draws gave (a cost within its own uncertainty is
    never marked)."""
    return cost.cost - SURE * cost.se >= THRESHOLD


def merged(rule: tuple[Caution, ...], weighed: tuple[Caution, ...]) -> tuple[Caution, ...]:
    """One mark a choice: the fixed rule's and the engine's together, in the rule's order and
    then the engine's."""
    costs = {w.choice: w.cost for w in weighed}
    out = [Caution(r.choice, costs.pop(r.choice, None), court=True) for r in rule]
    return (*out, *(Caution(c, cost) for c, cost in costs.items()))


def hides_own(d: Decision, castillo_hidden: bool) -> bool:
    """Whether advice from the player's own view could give away something of theirs to the
    table: a public decision in a game with a hidden Castillo (their own count). A secret
    decision is behind their curtain already."""
    return not d.secret and castillo_hidden


@record(frozen=False)
class _Weighing:
    """The engine's cautions for a decision: under way until `found` is set."""

    decision: Decision
    found: tuple[Caution, ...] | None = None
    cancel: Cancel | None = None
    stop: threading.Event = field(default_factory=threading.Event)


class Cautions(Feature):
    """The cautions on a person's prompt (a feature of the table). The fixed rule's marks at
    once; the engine weighs the decision from the person's own view, off the table's thread
    (the stage's thinker), while the prompt is open, and its marks join the prompt when it
    is done, if the decision is still the one at hand. Never for a public decision whose
    advice could give away the player's hidden Castillo (`hides_own`): the fixed rule only,
    there. On only at a table with warnings (`Options.warnings`) and hints on."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.on = False
        self._weighing: _Weighing | None = None

    def configure(self, options: Options) -> None:
        self.on = options.warnings

    @property
    def weighing(self) -> bool:
        """True while the engine weighs the decision at hand (tests wait on it)."""
        return self._weighing is not None and self._weighing.found is None

    def heard(self, update: Update) -> None:
        """The decision weighed is gone (a seat changing hands: if it went to a computer
        player)."""
        weighing = self._weighing
        if weighing is None:
            return
        if not update.reseated or self.stage.is_bot(weighing.decision.player):
            self.drop()

    def shown(self, scene: Scene) -> None:
        if isinstance(scene, Confirm):  # the choice is held: nothing left to weigh
            self.drop()

    def prompt(self, prompt: Prompt) -> Prompt:
        session = self.stage.session
        if not (self.on and session.hints):
            return prompt
        d = prompt.decision
        marks = court_cautions(d, prompt.view)
        weighing = self._weighing
        if weighing is None or weighing.decision is not d:
            self._start(d)  # the prompt never waits for it
        elif weighing.found is not None:
            marks = merged(marks, weighing.found)
        return replace(prompt, cautions=marks)

    def close(self) -> None:
        self.drop()

    def _start(self, d: Decision) -> None:
        self.drop()
        weighing = _Weighing(d)
        self._weighing = weighing
        session = self.stage.session
        if DRAWS <= 0 or len(d.choices) < 2 or hides_own(d, session.castillo_hidden):
            weighing.found = ()
            return
        from el_grande.bots.seeds import position_seed  # start-up: with the first weighing

        seat = d.player
        seed = position_seed(session.game, seat, "warn")
        own = private_view(session, Table.of(range(len(session.seats))), seat)
        stop = weighing.stop
        weighing.cancel = self.stage.thinker(
            lambda: weigh(own, d, seed, stop.is_set), partial(self._weighed, weighing)
        )

    def _weighed(self, weighing: _Weighing, result: object) -> None:
        weighing.cancel = None
        if self._weighing is not weighing or weighing.decision is not self.stage.session.decision:
            return  # a stale answer is dropped
        weighing.found = result if isinstance(result, tuple) else ()  # failed: no marks
        self.stage.refresh(weighing.decision)

    def drop(self) -> None:
        """The weighing under way stops (the play-outs stop within a few milliseconds)."""
        weighing, self._weighing = self._weighing, None
        if weighing is not None:
            weighing.stop.set()
            if weighing.cancel is not None:
                weighing.cancel()
