"""Stack 2's cards that send the others' Caballeros back to their province (R-A): decay_all,
decay_three, angry_king, return_one_each. A player with nothing to return is passed over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import NUM_REGIONS, REGIONS
from .choices import ch, per_place
from .decision import Decision, decide
from .kinds import DecisionKind

if TYPE_CHECKING:
    from .choices import Choice
    from .frames import AngryFrame, Op, ReturnOneFrame
    from .state import Answer, Special, State, Step

_RETURN = per_place("return")
_RETURN_COURT = ch("return", "court")
_PASS = ch("pass")


# The vocabularies' members the steps use, as plain names (naming an enum's member costs a
# lookup through its metaclass each time).
_K_ANGRY_KING = DecisionKind.ANGRY_KING
_K_RETURN_ONE = DecisionKind.RETURN_ONE


def _decay_all(g: State) -> None:
    for t in g._others():
        g._move(t, "court", "province", g.court[t])


def _decay_three(g: State) -> None:
    for t in g._others():
        g._move(t, "court", "province", min(3, g.court[t]))


def _angry_king(g: State) -> None:
    g._stack.append(("angry", g._others(), 3))


def _return_one_each(g: State) -> None:
    g._stack.append(("return_one", g._others()))


SPECIALS: dict[str, Special] = {
    "decay_all": _decay_all,
    "decay_three": _decay_three,
    "angry_king": _angry_king,
    "return_one_each": _return_one_each,
}


# --- return_one_each: the active player picks one of each other player's Caballeros ----------


def _step_return_one(g: State, frame: ReturnOneFrame) -> Decision | None:
    _, seats = frame
    king, cab = g.king, g.cab
    while seats:
        t = seats[0]
        ok = [r for r in range(NUM_REGIONS) if r != king and cab[r][t] > 0]
        if ok:
            g._stack[-1] = ("return_one", seats)
            choices = tuple(_RETURN[r] for r in ok) + (_PASS,)
            ctx = {"card": g.card, "target": t}
            return decide(g.active, _K_RETURN_ONE, False, choices, ctx)
        seats = seats[1:]  # nothing to return: passed over
    g._stack.pop()
    return None


def _answer_return_one(g: State, frame: ReturnOneFrame, c: Choice) -> None:
    _, seats = frame
    if c != _PASS:
        g._move(seats[0], str(c.arg), "province", 1)
    g._stack[-1] = ("return_one", seats[1:])


# --- angry_king: each other player returns 3 of their own, from court and/or regions ---------


def _step_angry(g: State, frame: AngryFrame) -> Decision | None:
    _, seats, left = frame
    king, cab = g.king, g.cab
    while seats:
        t = seats[0]
        sources = [r for r in range(NUM_REGIONS) if r != king and cab[r][t] > 0]
        court = g.court[t]
        avail = court + sum(cab[r][t] for r in sources)
        if avail <= left or (court == 0 and len(sources) == 1) or (court and not sources):
            # No real choice: all of it, or everything from the single source.
            take = min(left, court)
            g._move(t, "court", "province", take)
            left -= take
            for r in sources:
                take = min(left, cab[r][t])
                g._move(t, REGIONS[r], "province", take)
                left -= take
            seats, left = seats[1:], 3
            continue
        g._stack[-1] = ("angry", seats, left)
        choices = ((_RETURN_COURT,) if court else ()) + tuple(_RETURN[r] for r in sources)
        ctx = {"card": "angry_king", "left": left, "by": g.active}
        return decide(t, _K_ANGRY_KING, False, choices, ctx)
    g._stack.pop()
    return None


def _answer_angry(g: State, frame: AngryFrame, c: Choice) -> None:
    _, seats, left = frame
    g._move(seats[0], str(c.arg), "province", 1)
    left -= 1
    g._stack[-1] = ("angry", seats[1:], 3) if left == 0 else ("angry", seats, left)


STEPS: dict[Op, Step] = {"return_one": _step_return_one, "angry": _step_angry}
ANSWERS: dict[Op, Answer] = {"return_one": _answer_return_one, "angry": _answer_angry}
