"""Stack 1, the intrigue cards (R-A): moving Caballeros, and placing more.

"Move" takes one Caballero out of a region (never the King's, never the Castillo) and puts it
into another region (never the King's) or the Castillo, one decision at a time: where from
(``move_from``), whose (``move_whose``, when several colours may move) and where to
(``move_to``). The cards differ only in how many of whose may move and whether the region is
fixed, which is the ``move`` frame's fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from .board import NUM_REGIONS, PLACE_INDEX, REGIONS
from .choices import DONE, PLACE_AT, TO, ch, per_place
from .decision import Decision, decide
from .kinds import DecisionKind
from .state import answer_placement

if TYPE_CHECKING:
    from .choices import Choice
    from .frames import (
        ModeFrame,
        MoveFrame,
        MoveToFrame,
        MoveWhoseFrame,
        Op,
        PlaceAnyFrame,
        RegionFrame,
    )
    from .state import Answer, Possible, Special, State, Step

_FROM = per_place("from")
_REGION = per_place("region")
_WHOSE = tuple(ch("whose", s) for s in range(5))
_MODE_MOVE = ch("mode", "move")
_MODE_PLACE = ch("mode", "place")

#: The "move" cards: (own, foreign, total) Caballeros that may move.
_MOVE_CARDS = {
    "intrigue_4_any": (4, 4, 4),
    "intrigue_4_own": (4, 0, 4),
    "intrigue_3_any": (3, 3, 3),
    "intrigue_3_foreign": (0, 3, 3),
    "intrigue_2_own_2_foreign": (2, 2, 4),
}
_FROM_REGION = "intrigue_5_from_region"  # up to 5 of any colours out of one region


# --- the special actions ----------------------------------------------------------------------


# The vocabularies' members the steps use, as plain names (naming an enum's member costs a
# lookup through its metaclass each time).
_K_MODE = DecisionKind.MODE
_K_MOVE_FROM = DecisionKind.MOVE_FROM
_K_MOVE_TO = DecisionKind.MOVE_TO
_K_MOVE_WHOSE = DecisionKind.MOVE_WHOSE
_K_PLACE_ANY = DecisionKind.PLACE_ANY
_K_REGION = DecisionKind.REGION


def _moves(g: State) -> None:
    assert g.card is not None
    own, foreign, total = _MOVE_CARDS[g.card]
    g._stack.append(("move", own, foreign, total, -1, False, total))


def _pick_region(g: State) -> None:  # intrigue_5_from_region, intrigue_all_own
    g._stack.append(("region",))


def _either(g: State) -> None:  # intrigue_or
    g._stack.append(("mode",))


def _place_2(g: State) -> None:
    g._stack.append(("place_any", 2))


def _can_move(g: State) -> bool:
    """Whether some Caballero the card lets move stands outside the King's region."""
    assert g.card is not None
    s, king, cab = g.active, g.king, g.cab
    own, foreign, _ = _MOVE_CARDS.get(g.card, (5, 5, 5))
    for r in range(NUM_REGIONS):
        if r == king:
            continue
        row = cab[r]
        if own and row[s]:
            return True
        if foreign and any(row[t] for t in range(g.n) if t != s):
            return True
    return False


def _has_own_outside(g: State) -> bool:
    s, king, cab = g.active, g.king, g.cab
    return any(cab[r][s] for r in range(NUM_REGIONS) if r != king)


def _has_court(g: State) -> bool:
    return g.court[g.active] > 0


def _can_either(g: State) -> bool:
    return _has_court(g) or _has_own_outside(g)


SPECIALS: dict[str, Special] = {
    _FROM_REGION: _pick_region,
    **dict.fromkeys(_MOVE_CARDS, _moves),
    "intrigue_place_2": _place_2,
    "intrigue_or": _either,
    "intrigue_all_own": _pick_region,
}
POSSIBLE: dict[str, Possible] = {
    _FROM_REGION: _can_move,
    **dict.fromkeys(_MOVE_CARDS, _can_move),
    "intrigue_all_own": _has_own_outside,
    "intrigue_place_2": _has_court,
    "intrigue_or": _can_either,
}


# --- moves ------------------------------------------------------------------------------------


def _movable(g: State, r: int, own: int, foreign: int) -> list[int]:
    """Seats with a Caballero in region ``r`` that may still move."""
    s, row = g.active, g.cab[r]
    return [t for t in range(g.n) if row[t] > 0 and ((own > 0) if t == s else (foreign > 0))]


def _sources(g: State, own: int, foreign: int) -> list[int]:
    """The regions (not the King's) with a Caballero that may still move: those where
    `_movable` finds a seat, found without listing the seats."""
    s, king, cab = g.active, g.king, g.cab
    if own > 0 and foreign > 0:
        return [r for r in range(NUM_REGIONS) if r != king and any(cab[r])]
    if own > 0:
        return [r for r in range(NUM_REGIONS) if r != king and cab[r][s] > 0]
    if foreign > 0:  # somebody else's: more there than the active player's own
        return [r for r in range(NUM_REGIONS) if r != king and sum(cab[r]) > cab[r][s]]
    return []


def _step_move(g: State, frame: MoveFrame) -> Decision | None:
    _, own, foreign, total, fixed, forced, limit = frame
    if total <= 0:
        g._stack.pop()
        return None
    ctx = {"card": g.card, "moved": limit - total, "limit": limit}
    if fixed >= 0:
        seats = _movable(g, fixed, own, foreign)
        if not seats:
            g._stack.pop()
            return None
        if forced and len(seats) == 1:
            g._stack.append(("move_to", fixed, seats[0]))
            return None
        ctx["region"] = REGIONS[fixed]
        choices = tuple(_WHOSE[t] for t in seats)
        if not forced:
            choices += (DONE,)
        return decide(g.active, _K_MOVE_WHOSE, False, choices, ctx)
    sources = tuple(map(_FROM.__getitem__, _sources(g, own, foreign)))
    if not sources:
        g._stack.pop()
        return None
    return decide(g.active, _K_MOVE_FROM, False, sources + (DONE,), ctx)


def _answer_move(g: State, frame: MoveFrame, c: Choice) -> None:
    _, _own, _foreign, _total, fixed, _forced, _limit = frame
    if c == DONE:
        g._stack.pop()
    elif c.verb == "from":
        g._stack.append(("move_whose", PLACE_INDEX[str(c.arg)]))
    else:  # whose, with the region fixed by the card
        whose = c.arg
        assert isinstance(whose, int)
        g._stack.append(("move_to", fixed, whose))


def _step_move_whose(g: State, frame: MoveWhoseFrame) -> Decision | None:
    _, r = frame
    move = g._stack[-2]  # the move this step belongs to
    assert move[0] == "move"
    _, own, foreign, total, _fixed, _forced, limit = move
    seats = _movable(g, r, own, foreign)
    if len(seats) == 1:
        g._stack[-1] = ("move_to", r, seats[0])
        return None
    ctx = {"card": g.card, "region": REGIONS[r], "moved": limit - total, "limit": limit}
    choices = tuple(_WHOSE[t] for t in seats)
    return decide(g.active, _K_MOVE_WHOSE, False, choices, ctx)


def _answer_move_whose(g: State, frame: MoveWhoseFrame, c: Choice) -> None:
    _, r = frame
    whose = c.arg
    assert isinstance(whose, int)
    g._stack[-1] = ("move_to", r, whose)


def _step_move_to(g: State, frame: MoveToFrame) -> Decision:
    _, r, whose = frame
    king = g.king
    choices = tuple(TO[p] for p in range(NUM_REGIONS + 1) if p != r and p != king)
    move = g._stack[-2]  # the move this step belongs to
    assert move[0] == "move"
    _, _own, _foreign, total, _fixed, _forced, limit = move
    ctx = {
        "card": g.card,
        "region": REGIONS[r],
        "whose": whose,
        "moved": limit - total,
        "limit": limit,
    }
    return decide(g.active, _K_MOVE_TO, False, choices, ctx)


def _answer_move_to(g: State, frame: MoveToFrame, c: Choice) -> None:
    _, r, whose = frame
    g._move(whose, REGIONS[r], str(c.arg), 1)
    stack = g._stack
    stack.pop()
    if stack[-1][0] == "move_whose":
        stack.pop()
    move = stack[-1]
    assert move[0] == "move"
    _, own, foreign, total, fixed, forced, limit = move
    if whose == g.active:
        own -= 1
    else:
        foreign -= 1
    stack[-1] = ("move", own, foreign, total - 1, fixed, forced, limit)


def move_goes_on(g: State) -> bool:
    """At a ``move_to`` decision: whether the move under way asks its player for another
    Caballero whichever place this one goes to, so that nothing but this Caballero moves before
    the next decision. For search code that weighs every destination without playing it
    (``bots.greedy``); the game is not changed.

    It does when more are to move and one still may once this one has left its region (the
    step's own rule, `_movable` or `_sources`, asked with it taken away): a Caballero put into
    a region only ever adds to what may move from there, and the Castillo is no source."""
    stack = g._stack
    _, r, whose = cast("MoveToFrame", stack[-1])
    move = stack[-2] if stack[-2][0] == "move" else stack[-3]  # a move_whose frame between
    assert move[0] == "move"
    _, own, foreign, total, fixed, _forced, _limit = move
    if total <= 1:
        return False
    if whose == g.active:
        own -= 1
    else:
        foreign -= 1
    row = g.cab[r]
    row[whose] -= 1  # taken away for the step's rule to look, and put back
    try:
        if fixed >= 0:
            return bool(_movable(g, fixed, own, foreign))
        return bool(_sources(g, own, foreign))
    finally:
        row[whose] += 1


# --- a region first: intrigue_5_from_region, intrigue_all_own (also intrigue_or's move) --------


def _step_region(g: State, frame: RegionFrame) -> Decision:
    card, king, s, cab = g.card, g.king, g.active, g.cab
    if card == _FROM_REGION:
        ok = [r for r in range(NUM_REGIONS) if r != king and any(cab[r])]
    else:  # all own Caballeros out of it
        ok = [r for r in range(NUM_REGIONS) if r != king and cab[r][s]]
    return decide(s, _K_REGION, False, tuple(_REGION[r] for r in ok), {"card": card})


def _answer_region(g: State, frame: RegionFrame, c: Choice) -> None:
    r = PLACE_INDEX[str(c.arg)]
    if g.card == _FROM_REGION:
        g._stack[-1] = ("move", 5, 5, 5, r, False, 5)
    else:  # all own Caballeros out of it, split freely
        k = g.cab[r][g.active]
        g._stack[-1] = ("move", k, 0, k, r, True, k)


# --- intrigue_or, intrigue_place_2 ------------------------------------------------------------


def _step_mode(g: State, frame: ModeFrame) -> Decision:
    choices: tuple[Choice, ...] = ()
    if _has_own_outside(g):
        choices += (_MODE_MOVE,)
    if _has_court(g):
        choices += (_MODE_PLACE,)
    return decide(g.active, _K_MODE, False, choices, {"card": g.card})


def _answer_mode(g: State, frame: ModeFrame, c: Choice) -> None:
    g._stack[-1] = ("region",) if c == _MODE_MOVE else ("place_any", 2)


def _step_place_any(g: State, frame: PlaceAnyFrame) -> Decision | None:
    _, left = frame
    s = g.active
    if left <= 0 or g.court[s] <= 0:
        g._stack.pop()
        return None
    king = g.king
    choices = tuple(PLACE_AT[p] for p in range(NUM_REGIONS + 1) if p != king)
    ctx = {"card": g.card, "placed": 2 - left, "left": min(left, g.court[s]), "limit": 2}
    return decide(s, _K_PLACE_ANY, False, choices + (DONE,), ctx)


STEPS: dict[Op, Step] = {
    "move": _step_move,
    "move_whose": _step_move_whose,
    "move_to": _step_move_to,
    "region": _step_region,
    "mode": _step_mode,
    "place_any": _step_place_any,
}
ANSWERS: dict[Op, Answer] = {
    "move": _answer_move,
    "move_whose": _answer_move_whose,
    "move_to": _answer_move_to,
    "region": _answer_region,
    "mode": _answer_mode,
    "place_any": answer_placement,
}
