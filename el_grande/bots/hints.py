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

from el_grande.bots.greedy import Memo
from el_grande.bots.model import determinize
from el_grande.bots.reasons import Endings, draws, explain
from el_grande.bots.strong import Deadline, OutOfTime, search
from el_grande.narrate import choice_words
from el_grande.text import region, t

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, View

__all__ = ["Hint", "analyse", "reason_text"]

#: How many hints `analyse` returns at most.
TOP = 3


#: The part of the budget the search may use; the reasons have the rest.
SEARCH_SHARE = 0.8


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
    `reason_key` / `reason`: a reason (`bots.reasons`): what this choice changes that another
    does not, with the numbers: the first hint against the second, every other against the
    first (`reason["other"]`). A catalogue key (`el_grande.text`, the `# --- bots` block) and
    its fields; `reason_text` turns them into words.
    `playouts`: the play-outs behind the numbers.
    """

    choice: Choice
    gain: float
    margin: float
    reason_key: str
    reason: dict[str, Any] = field(default_factory=dict)
    playouts: int = 0

    def reason_text(self, names: Sequence[str], decision: Decision | None = None) -> str:
        """The reason in the active language, places, seats and the choice it is compared
        with (worded as a choice of `decision`, else in the notation) by name."""
        return reason_text(self.reason_key, self.reason, names, decision)


def reason_text(
    key: str, reason: dict[str, Any], names: Sequence[str], decision: Decision | None = None
) -> str:
    """A reason (`reason`'s key and fields, `bots.reasons`) in the active language: places,
    seats (`names[seat]`, as they are to be shown) and ranks by name, the choice it is
    compared with as a choice of `decision` (else in the notation), and its further
    sentences after it."""
    fields = dict(reason)
    more = fields.pop("more", ())
    for place in ("place", "other_place"):
        if place in fields:
            fields[place] = region(str(fields[place]))
    if "seat" in fields:
        fields["seat"] = names[int(fields["seat"])]
    if "seats" in fields:
        fields["seats"] = t("join.list").join(names[int(s)] for s in fields["seats"])
    if "cards" in fields:
        fields["cards"] = t("join.list").join(str(v) for v in fields["cards"])
    for rank in ("rank", "other_rank"):
        if rank in fields:
            fields[rank] = t(f"calc.rank_{fields[rank]}")
    other = fields.get("other")
    if other is not None:
        # (In a sentence: without the list's alignment spaces.)
        words = choice_words(other, decision, lambda s: names[s]) if decision else str(other)
        fields["other"] = " ".join(words.split())
    sentences = [t(key, **fields)]
    sentences += [reason_text(k, f, names, decision) for k, f in more]
    return t("join.sentences").join(sentences)


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

    `budget`: seconds, everything included (honest like the strong bot's): the search has
    `SEARCH_SHARE` of it, the reasons the rest (a reason out of time says only that the
    outlook is best). `iterations`: most play-outs (set it, with `seed`, for a result that
    does not depend on the machine). `cancelled`: polled between small steps; once it
    returns true the analysis stops and returns what it has (possibly nothing). `clock`:
    injectable for tests.
    """
    if view.seat != decision.player:
        raise ValueError("hints are computed from the deciding seat's own view")
    choices = decision.choices
    seat = decision.player
    if len(choices) == 1:
        return [Hint(choices[0], 0.0, 0.0, "bots.hint.forced")]
    said = False

    def stop() -> bool:  # asked no more once it said yes
        nonlocal said
        said = said or (cancelled is not None and cancelled())
        return said

    start = clock()
    check = Deadline(clock, start + SEARCH_SHARE * budget, stop)
    rng = random.Random(seed)
    try:
        check()
        first = determinize(view, rng)
    except OutOfTime:
        return []
    if first.decision is None or first.decision.choices != choices:
        raise ValueError("the view and the decision do not belong together")
    memo = Memo()
    found = search(view, decision, rng, check, iterations, first=first, memo=memo)
    tried = [c for c in found.candidates if found.visits.get(c)]
    if not tried:
        return []

    def margin(c: Choice) -> float:
        points = [p / found.visits[c] for p in found.points[c]]
        return points[seat] - max(p for s, p in enumerate(points) if s != seat)

    margins = {c: margin(c) for c in tried}
    average = sum(margins.values()) / len(margins)
    ranked = sorted(tried, key=lambda c: -found.mean(c))  # stable: the search's order on ties
    later = Deadline(clock, start + budget, stop)
    endings = Endings(draws(view, random.Random(seed)), later, memo)
    hints = []
    for i, c in enumerate(ranked[:TOP]):
        other = ranked[1 if i == 0 and len(ranked) > 1 else 0]
        key, fields = "bots.hint.outlook", dict[str, Any]()
        if other != c:
            key, fields = _reason(endings, seat, c, other, (key, fields))
        hints.append(Hint(c, margins[c] - average, margins[c], key, fields, found.visits[c]))
    return hints


def _reason(
    endings: Endings,
    seat: int,
    advised: Choice,
    compared: Choice,
    otherwise: tuple[str, dict[str, Any]],
) -> tuple[str, dict[str, Any]]:
    """`explain` on the draws whose continuations were worked out in time (`otherwise` if
    none was)."""
    done = 0
    try:
        for i in range(len(endings.bases)):
            endings.of(i, advised)
            endings.of(i, compared)
            done = i + 1
    except OutOfTime:
        pass
    return explain(endings, seat, advised, compared, done) if done else otherwise
