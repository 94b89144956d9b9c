"""Hints: the strong bot's top three choices for a decision, with what each is worth and why.

    from el_grande.bots.hints import analyse
    hints = analyse(game.view(seat), game.decision, budget=1.0, cancelled=worker.is_cancelled)
    for h in hints:
        print(h.choice, f"{h.gain:+.1f}", h.reason_text(names))

The analysis is the strong bot's search (`bots.strong.search`) run for the deciding seat: it
sees only that seat's view and the decision (R-H2), draws the unknowns (the hidden deck order,
others' unrevealed secrets, a hidden Castillo's split) exactly as the bot does, plays each
choice out to the start of the next round with the greedy rule and values the result as it
does (`outlook.outlook`). It keeps to its time budget the same way (everything counts, the
clock is read between small steps) and stops soon after `cancelled()` turns true.

A secret decision's hints are that seat's secret: show them only behind the curtain.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from el_grande.bots.greedy import SETTLE_KINDS, Memo, settle
from el_grande.bots.model import determinize, points_by_place
from el_grande.bots.strong import Deadline, OutOfTime, search
from el_grande.core import PLACES, POWER_CABALLEROS, DecisionKind
from el_grande.text import region, t

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, Game, View

__all__ = ["Hint", "analyse", "reason", "reason_text"]

#: How many hints `analyse` returns at most.
TOP = 3


@dataclass(frozen=True)
class Hint:
    """One suggested choice.

    `margin`: the expected final margin in points: the deciding seat's estimated final score
    minus the best other seat's, after this choice and a play-out to the start of the next
    round (`outlook.outlook`, averaged over the play-outs).
    `gain`: `margin` minus the average `margin` of all the choices analysed: how many points
    this choice is expected to gain over a typical option (0.0 when there is only one).
    Hints are ranked as the strong bot ranks choices (its utility: own points minus 0.6 × the
    best other's and 0.4 × the others' mean), so the first is what the `strong` bot would play
    with the same budget.
    `reason_key` / `reason`: a one-line reason, a catalogue key (`el_grande.text`, the
    `# --- bots` block) and its fields. Fields named `place` hold a place id, `seat` a seat;
    `reason_text` turns them into names.
    `playouts`: the play-outs behind the numbers.
    """

    choice: Choice
    gain: float
    margin: float
    reason_key: str
    reason: dict[str, Any] = field(default_factory=dict)
    playouts: int = 0

    def reason_text(self, names: Sequence[str]) -> str:
        """The reason in the active language, places and seats by name."""
        return reason_text(self.reason_key, self.reason, names)


def reason_text(key: str, reason: dict[str, Any], names: Sequence[str]) -> str:
    """A reason (`reason`'s key and fields) in the active language, places and seats by
    name (`names[seat]`, as they are to be shown)."""
    fields = dict(reason)
    if "place" in fields:
        fields["place"] = region(str(fields["place"]))
    if "seat" in fields:
        fields["seat"] = names[int(fields["seat"])]
    return t(key, **fields)


def analyse(
    view: View,
    decision: Decision,
    *,
    budget: float = 1.0,
    iterations: int | None = None,
    seed: int = 0,
    cancelled: Callable[[], bool] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> list[Hint]:
    """Up to three hints for `decision`, best first, from the deciding seat's `view` alone.

    `budget`: seconds, everything included (honest like the strong bot's). `iterations`: most
    play-outs (set it, with `seed`, for a result that does not depend on the machine).
    `cancelled`: polled between small steps; once it returns true the analysis stops and
    returns what it has (possibly nothing). `clock`: injectable for tests.
    """
    if view.seat != decision.player:
        raise ValueError("hints are computed from the deciding seat's own view")
    choices = decision.choices
    seat = decision.player
    if len(choices) == 1:
        return [Hint(choices[0], 0.0, 0.0, "bots.hint.forced")]
    check = Deadline(clock, clock() + budget, cancelled)
    rng = random.Random(seed)
    try:
        check()
        first = determinize(view, rng)
    except OutOfTime:
        return []
    if first.decision is None or first.decision.choices != choices:
        raise ValueError("the view and the decision do not belong together")
    sample = first.clone()  # for the reasons: the search plays on `first`'s clones only
    found = search(view, decision, rng, check, iterations, first=first, memo=Memo())
    tried = [c for c in found.candidates if found.visits.get(c)]
    if not tried:
        return []

    def margin(c: Choice) -> float:
        points = [p / found.visits[c] for p in found.points[c]]
        return points[seat] - max(p for s, p in enumerate(points) if s != seat)

    margins = {c: margin(c) for c in tried}
    average = sum(margins.values()) / len(margins)
    ranked = sorted(tried, key=lambda c: -found.mean(c))  # stable: the search's order on ties
    hints = []
    for c in ranked[:TOP]:
        try:
            key, fields = reason(sample, seat, c, margins[c], check)
        except OutOfTime:
            key, fields = "bots.hint.outlook", {"margin": round(margins[c], 1)}
        hints.append(Hint(c, margins[c] - average, margins[c], key, fields, found.visits[c]))
    return hints


def reason(
    game: Game, seat: int, choice: Choice, margin: float, check: Callable[[], None]
) -> tuple[str, dict[str, Any]]:
    """A one-line reason for `choice` (a catalogue key and its fields, as `Hint` has them):
    what it does for `seat` at once or, for a choice whose effect shows later (an action card,
    the turn menu...), by the end of the turn. `game` is a determinization at the decision
    (it is not changed); `margin` is the choice's expected margin, for the last resort."""
    d = game.decision
    assert d is not None
    if d.kind == DecisionKind.POWER:
        value = int(choice.arg)  # type: ignore[arg-type]
        caballeros = min(POWER_CABALLEROS[value], game.province[seat])
        played = [v for s, v in enumerate(game.played) if v and s != seat]
        if not played:
            return "bots.hint.power_first", {"caballeros": caballeros}
        beaten = sum(1 for v in played if v < value)
        return "bots.hint.power", {
            "caballeros": caballeros,
            "beaten": beaten,
            "played": len(played),
        }
    if d.kind == DecisionKind.DISK:
        purpose = d.context.get("purpose")
        key = {
            "castillo": "bots.hint.march",
            "eviction": "bots.hint.march",
            "score_by_disk": "bots.hint.lone_score",
        }.get(str(purpose), "bots.hint.least_loss")
        return key, {"place": str(choice.arg)}
    check()  # what follows plays a few steps: not once the time is up or it was cancelled
    h = game.clone()
    before = points_by_place(h)
    scored = h.score[seat]
    h.apply_trusted(choice)
    if d.kind in SETTLE_KINDS:  # its effect shows in the rest of the turn
        settle(h, check=check)
    scored = h.score[seat] - scored
    if scored > 0:
        return "bots.hint.scores", {"points": scored}
    after = points_by_place(h)
    own = [_of(after[p], seat) - _of(before[p], seat) for p in range(len(PLACES))]
    best = max(range(len(PLACES)), key=lambda p: own[p])
    if own[best] > 0:
        return "bots.hint.place", {"place": PLACES[best]}
    worst_seat, worst_place, worst = -1, -1, 0.0
    for other in range(game.n):
        if other == seat:
            continue
        for p in range(len(PLACES)):
            change = _of(after[p], other) - _of(before[p], other)
            if change < worst:
                worst_seat, worst_place, worst = other, p, change
    if worst_seat >= 0:
        return "bots.hint.hurts", {"seat": worst_seat, "place": PLACES[worst_place]}
    return "bots.hint.outlook", {"margin": round(margin, 1)}


def _of(points: tuple[float, ...] | None, seat: int) -> float:
    return points[seat] if points is not None else 0.0
