"""Cautions: legal choices that are very likely mistakes, marked on the prompt (never refused).

Two kinds. The fixed rule, known at once: bringing fewer Caballeros to court than the power
card and the province allow (`court_cautions`; what is left in the province does nothing
there). And the engine's judgement, worked out in the background from the deciding player's
own view (`weigh`): every legal choice played out as the review plays them
(`el_grande.review.costs`: the same draws, play-outs and scale, capped by play-outs, never
by the clock), and a choice marked only when it gives away at least `THRESHOLD` final
points against the best one.

Why 4 points: a Medium player's decisions cost about half a point each on average in the
review's calibration (docs/bots.md), and with `DRAWS` draws a decision's cost moves by up to
about 2 points from one sample of the unknowns to another. At 4 points and more a mark is a
real mistake, not the sample's noise, and rare enough to be read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from el_grande.core import DecisionKind

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, View

#: A choice is marked when it gives away at least this many final points (see above).
THRESHOLD = 4.0
#: The most draws of the unknowns a decision is weighed on (one when the view hides nothing
#: a play-out reaches); every legal choice is played out once a draw. 0: no weighing (the
#: tests' default: an answer from a thread arrives at its own time).
DRAWS = 12


@dataclass(frozen=True, slots=True)
class Caution:
    """A mark on one legal choice: `cost`, the final points it gives away against the best
    choice (None: not weighed, or under `THRESHOLD`); `court`: the fixed rule (fewer
    Caballeros to court than could come)."""

    choice: Choice
    cost: float | None = None
    court: bool = False


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
    away at least `THRESHOLD` points, with what they give away. Raises
    `el_grande.bots.strong.OutOfTime` once `cancelled()` says yes."""
    from el_grande.review import Settings, costs  # start-up: the bots, with the first weighing

    draws = max(1, DRAWS)
    settings = Settings(draws=draws, min_draws=min(8, draws), batch=4)
    found = costs(view, d, settings, seed, cancelled)
    return tuple(Caution(c, cost) for c, cost in found.items() if cost >= THRESHOLD)


def merged(rule: tuple[Caution, ...], weighed: tuple[Caution, ...]) -> tuple[Caution, ...]:
    """One mark a choice: the fixed rule's and the engine's together, in the rule's order and
    then the engine's."""
    costs = {w.choice: w.cost for w in weighed}
    out = [Caution(r.choice, costs.pop(r.choice, None), court=True) for r in rule]
    return (*out, *(Caution(c, cost) for c, cost in costs.items()))
