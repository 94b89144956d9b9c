"""Secret disks (R-H1): the secret step every disk uses, and the cards that ask for disks:
province_two_by_disk, province_all_by_disk (stack 2), eviction and score_by_disk (stack 4).

A secret step asks its seats one at a time (``secret`` frame: each choice is kept in
``State.secrets`` and only announced as ``SecretChosen``); when all have chosen, the ``resolve``
frame reveals them (``SecretsRevealed``) and carries them out. The general scoring's Castillo
disks use the same step and are carried out by the general scoring (``rounds.py``).
:func:`disk_regions` is the one rule for what a seat may choose: the step offers exactly those
regions, and ``Game.from_view`` draws the others' unrevealed disks from them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import events as E
from .board import NUM_REGIONS, PLACE_INDEX, REGIONS
from .choices import per_place
from .decision import Decision, decide
from .events import make
from .kinds import DecisionKind, Purpose
from .state import FROM

if TYPE_CHECKING:
    from .choices import Choice
    from .frames import EvictionFrame, Op, ResolveFrame, SecretFrame
    from .state import Answer, Special, State, Step

_DISK = per_place("disk")
_REGION = per_place("region")
_EVERY_REGION = tuple(range(NUM_REGIONS))
_EVERY_DISK = tuple(_DISK[r] for r in _EVERY_REGION)


# The vocabularies' members the steps use, as plain names (naming an enum's member costs a
# lookup through its metaclass each time).
_K_DISK = DecisionKind.DISK
_K_REGION = DecisionKind.REGION
_PU_CASTILLO = Purpose.CASTILLO
_PU_EVICTION = Purpose.EVICTION
_PU_PROVINCE_ALL_BY_DISK = Purpose.PROVINCE_ALL_BY_DISK
_PU_PROVINCE_TWO_BY_DISK = Purpose.PROVINCE_TWO_BY_DISK
_PU_SCORE_BY_DISK = Purpose.SCORE_BY_DISK


def disk_regions(
    purpose: Purpose, king: int, cab: list[list[int]], seat: int, param: int
) -> Sequence[int]:
    """The regions ``seat`` may set its disk to (region indexes in board order); ``param`` is
    the evicted region (-1 for the other purposes)."""
    if purpose == _PU_EVICTION:
        return [r for r in range(NUM_REGIONS) if r != king and r != param]
    if purpose in (_PU_CASTILLO, _PU_SCORE_BY_DISK):
        # R-G1: any of the nine, the King's region included ("back to my court", R-G3).
        return _EVERY_REGION
    need = 2 if purpose == _PU_PROVINCE_TWO_BY_DISK else 1
    return [r for r in range(NUM_REGIONS) if r != king and cab[r][seat] >= need]


def ask(g: State, purpose: Purpose, seats: tuple[int, ...], param: int = -1) -> None:
    """Start a secret step for a card: ``seats`` choose in turn, then it is resolved here."""
    g._stack.append(("resolve", purpose, param))
    g._stack.append(("secret", purpose, seats, param))


# --- the cards ------------------------------------------------------------------------------


def _province_by_disk(g: State) -> None:
    assert g.card is not None
    purpose = Purpose(g.card)  # the card's id names its secret step
    king, cab = g.king, g.cab
    seats = tuple(t for t in g._others() if disk_regions(purpose, king, cab, t, -1))
    if seats:
        ask(g, purpose, seats)


def _eviction(g: State) -> None:
    g._stack.append(("eviction",))


def _score_by_disk(g: State) -> None:
    ask(g, _PU_SCORE_BY_DISK, FROM[g.n][g.active])


SPECIALS: dict[str, Special] = {
    "province_two_by_disk": _province_by_disk,
    "province_all_by_disk": _province_by_disk,
    "eviction": _eviction,
    "score_by_disk": _score_by_disk,
}


def _step_eviction(g: State, frame: EvictionFrame) -> Decision:
    king = g.king
    choices = tuple(_REGION[r] for r in range(NUM_REGIONS) if r != king)
    return decide(g.active, _K_REGION, False, choices, {"card": g.card})


def _answer_eviction(g: State, frame: EvictionFrame, c: Choice) -> None:
    r = PLACE_INDEX[str(c.arg)]
    g._stack.pop()
    seats = tuple(t for t in g._others() if g.cab[r][t] > 0)
    if seats:  # the others with Caballeros there choose where they go
        ask(g, _PU_EVICTION, seats, r)


# --- the secret step --------------------------------------------------------------------------


def _step_secret(g: State, frame: SecretFrame) -> Decision:
    _, purpose, seats, param = frame
    t = seats[0]
    king = g.king
    ok = disk_regions(purpose, king, g.cab, t, param)
    choices = _EVERY_DISK if ok is _EVERY_REGION else tuple(_DISK[r] for r in ok)
    ctx: dict[str, Any] = {"purpose": purpose}
    if purpose == _PU_CASTILLO:
        ctx["king"] = REGIONS[king]  # a disk there means "back to my court" (R-G3)
    if param >= 0:
        ctx["region"] = REGIONS[param]
    if purpose != _PU_CASTILLO:
        ctx["by"] = g.active
    return decide(t, _K_DISK, True, choices, ctx)


def _answer_secret(g: State, frame: SecretFrame, c: Choice) -> None:
    _, purpose, seats, param = frame
    g.secrets.append((seats[0], str(c.arg)))
    g._events.append(make(E.SecretChosen, (seats[0], purpose)))
    if len(seats) > 1:
        g._stack[-1] = ("secret", purpose, seats[1:], param)
    else:
        g._stack.pop()


def _step_resolve(g: State, frame: ResolveFrame) -> None:
    _, purpose, param = frame
    g._stack.pop()
    chosen = tuple(g.secrets)
    g.secrets = []
    g._events.append(make(E.SecretsRevealed, (purpose, chosen)))
    cab = g.cab
    if purpose == _PU_EVICTION:
        for t, dst in chosen:
            g._move(t, REGIONS[param], dst, cab[param][t])
    elif purpose == _PU_SCORE_BY_DISK:
        picked = [PLACE_INDEX[r] for _, r in chosen]
        lonely = sorted(r for r in set(picked) if picked.count(r) == 1)
        g._score_places(lonely, "score_by_disk")
    else:  # province_two_by_disk / province_all_by_disk
        for t, region in chosen:
            r = PLACE_INDEX[region]
            k = cab[r][t] if purpose == _PU_PROVINCE_ALL_BY_DISK else min(2, cab[r][t])
            g._move(t, region, "province", k)


STEPS: dict[Op, Step] = {
    "eviction": _step_eviction,
    "secret": _step_secret,
    "resolve": _step_resolve,
}
ANSWERS: dict[Op, Answer] = {"eviction": _answer_eviction, "secret": _answer_secret}
