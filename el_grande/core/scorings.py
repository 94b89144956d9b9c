"""The special scorings (R-A): score_region (stack 2) and stack 3. Each scores its places at
once as one scoring whose ``why`` is the card's id (score_by_disk, whose places are chosen in
secret, is in ``disks.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import CASTILLO_INDEX, NUM_REGIONS, PLACE_INDEX
from .choices import per_place
from .decision import Decision, decide
from .kinds import DecisionKind

if TYPE_CHECKING:
    from .choices import Choice
    from .frames import Op, ScoreFrame
    from .state import Answer, Special, State, Step

_SCORE = per_place("score")
#: An N-region is one whose current first-place value is N (the Castillo never is).
_FIRST_VALUES = {"score_fives": (5,), "score_fours": (4,), "score_six_seven": (6, 7)}


# The vocabularies' members the steps use, as plain names (naming an enum's member costs a
# lookup through its metaclass each time).
_K_SCORE = DecisionKind.SCORE


def _score_region(g: State) -> None:
    g._stack.append(("score", False))


def _score_any(g: State) -> None:
    g._stack.append(("score", True))


def _score_valued(g: State) -> None:
    assert g.card is not None
    firsts = _FIRST_VALUES[g.card]
    places = [r for r in range(NUM_REGIONS) if g._values_of(r)[0] in firsts]
    g._score_places(places, g.card)


def _score_castillo(g: State) -> None:
    g._score_places([CASTILLO_INDEX], "score_castillo")


def _score_firsts(g: State) -> None:
    g._score_places(list(range(NUM_REGIONS)), "score_firsts", firsts_only=True)


def _score_most_least(g: State) -> None:
    totals = [sum(g.cab[r]) for r in range(NUM_REGIONS)]
    occupied = [t for t in totals if t > 0]
    places: list[int] = []
    if occupied:
        target = max(occupied) if g.card == "score_most" else min(occupied)
        places = [r for r in range(NUM_REGIONS) if totals[r] == target]
    assert g.card is not None
    g._score_places(places, g.card)


SPECIALS: dict[str, Special] = {
    "score_region": _score_region,
    **dict.fromkeys(_FIRST_VALUES, _score_valued),
    "score_castillo": _score_castillo,
    "score_firsts": _score_firsts,
    "score_most": _score_most_least,
    "score_least": _score_most_least,
    "score_any": _score_any,
}


def _step_score(g: State, frame: ScoreFrame) -> Decision:
    _, any_place = frame
    places = range(NUM_REGIONS + 1) if any_place else range(NUM_REGIONS)
    choices = tuple(_SCORE[p] for p in places)
    return decide(g.active, _K_SCORE, False, choices, {"card": g.card})


def _answer_score(g: State, frame: ScoreFrame, c: Choice) -> None:
    g._stack.pop()
    assert g.card is not None
    g._score_places([PLACE_INDEX[str(c.arg)]], g.card)


STEPS: dict[Op, Step] = {"score": _step_score}
ANSWERS: dict[Op, Answer] = {"score": _answer_score}
