"""The cards that move a piece or give something back (R-A): the King (``king``,
``royal_adviser``), a mobile scoreboard, the Grande, a power card back (``power_cards``),
Caballeros to court (``court``) and a Veto kept (``veto``; asking the holders is part of
every announcement, in ``rounds.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as E
from .board import ADJ, NUM_REGIONS, PLACE_INDEX, PLACES, REGIONS
from .cards import SCOREBOARD_IDS
from .choices import COURT_UPTO, TO, ch, per_place
from .decision import Decision, decide
from .events import make
from .kinds import DecisionKind

if TYPE_CHECKING:
    from .choices import Choice
    from .frames import (
        BoardFrame,
        BoardToFrame,
        CourtCardFrame,
        GrandeFrame,
        KingFrame,
        Op,
        RetrieveFrame,
    )
    from .state import Answer, Possible, Special, State, Step

_KING = per_place("king")
_GRANDE = per_place("grande")
_BOARD = {b: ch("board", b) for b in SCOREBOARD_IDS}
_RETRIEVE = tuple(ch("retrieve", v) for v in range(14))


# The vocabularies' members the steps use, as plain names (naming an enum's member costs a
# lookup through its metaclass each time).
_K_COURT_CARD = DecisionKind.COURT_CARD
_K_GRANDE = DecisionKind.GRANDE
_K_KING = DecisionKind.KING
_K_RETRIEVE = DecisionKind.RETRIEVE
_K_SCOREBOARD = DecisionKind.SCOREBOARD
_K_SCOREBOARD_TO = DecisionKind.SCOREBOARD_TO


def _veto(g: State) -> None:
    s = g.active
    g.vetoes[s] = g.vetoes[s] + (g.round_i,)  # R-V1
    g._events.append(make(E.VetoKept, (s,)))


def _king(g: State) -> None:  # king, royal_adviser (only next to the King's region)
    g._stack.append(("king", g.card == "royal_adviser"))


def _scoreboard(g: State) -> None:
    g._stack.append(("board",))


def _grande(g: State) -> None:
    g._stack.append(("grande",))


def _power_cards(g: State) -> None:
    g._stack.append(("retrieve",))


def _court(g: State) -> None:
    g._stack.append(("court_card",))


SPECIALS: dict[str, Special] = {
    "veto": _veto,
    "king": _king,
    "royal_adviser": _king,
    "scoreboard": _scoreboard,
    "grande": _grande,
    "power_cards": _power_cards,
    "court": _court,
}
POSSIBLE: dict[str, Possible] = {
    "grande": lambda g: g.home[g.active] != g.king,
    "scoreboard": lambda g: any(pos != g.king for pos in g.boards),
    "court": lambda g: g.province[g.active] > 0,
}


def _step_king(g: State, frame: KingFrame) -> Decision:
    _, adjacent = frame
    king = g.king
    targets = ADJ[king] if adjacent else [r for r in range(NUM_REGIONS) if r != king]
    choices = tuple(_KING[r] for r in targets)
    return decide(g.active, _K_KING, False, choices, {"card": g.card})


def _answer_king(g: State, frame: KingFrame, c: Choice) -> None:
    dst = PLACE_INDEX[str(c.arg)]
    g._events.append(make(E.KingMoved, (REGIONS[g.king], REGIONS[dst])))
    g.king = dst
    g._stack.pop()


def _step_board(g: State, frame: BoardFrame) -> Decision | None:
    movable = [b for b in range(2) if g.boards[b] != g.king]
    if len(movable) == 1:
        g._stack[-1] = ("board_to", movable[0])
        return None
    choices = tuple(_BOARD[SCOREBOARD_IDS[b]] for b in movable)
    return decide(g.active, _K_SCOREBOARD, False, choices, {"card": "scoreboard"})


def _answer_board(g: State, frame: BoardFrame, c: Choice) -> None:
    g._stack[-1] = ("board_to", SCOREBOARD_IDS.index(str(c.arg)))


def _step_board_to(g: State, frame: BoardToFrame) -> Decision:
    _, b = frame
    blocked = (g.king, g.boards[0], g.boards[1])
    choices = tuple(TO[p] for p in range(NUM_REGIONS + 1) if p not in blocked)
    ctx = {"card": "scoreboard", "board": SCOREBOARD_IDS[b]}
    return decide(g.active, _K_SCOREBOARD_TO, False, choices, ctx)


def _answer_board_to(g: State, frame: BoardToFrame, c: Choice) -> None:
    _, b = frame
    src = g.boards[b]
    dst = PLACE_INDEX[str(c.arg)]
    g.boards[b] = dst
    g._events.append(
        make(E.ScoreboardMoved, (SCOREBOARD_IDS[b], PLACES[src] if src >= 0 else None, PLACES[dst]))
    )
    g._stack.pop()


def _step_grande(g: State, frame: GrandeFrame) -> Decision:
    s, king = g.active, g.king
    home = g.home[s]
    choices = tuple(_GRANDE[r] for r in range(NUM_REGIONS) if r != king and r != home)
    return decide(s, _K_GRANDE, False, choices, {"card": "grande"})


def _answer_grande(g: State, frame: GrandeFrame, c: Choice) -> None:
    s = g.active
    dst = PLACE_INDEX[str(c.arg)]
    g._events.append(make(E.GrandeMoved, (s, REGIONS[g.home[s]], REGIONS[dst])))
    g.home[s] = dst
    g._stack.pop()


def _step_retrieve(g: State, frame: RetrieveFrame) -> Decision:
    s = g.active
    d = g.discard[s]
    choices = tuple(_RETRIEVE[v] for v in range(1, 14) if d >> v & 1)
    return decide(s, _K_RETRIEVE, False, choices, {"card": "power_cards"})


def _answer_retrieve(g: State, frame: RetrieveFrame, c: Choice) -> None:
    s, v = g.active, c.arg
    assert isinstance(v, int)
    g.discard[s] &= ~(1 << v)
    g.hand[s] |= 1 << v
    g._events.append(make(E.PowerCardRetrieved, (s, v)))
    g._stack.pop()


def _step_court_card(g: State, frame: CourtCardFrame) -> Decision | None:
    s = g.active
    most = min(2, g.province[s])
    if most == 0:
        g._stack.pop()
        return None
    return decide(s, _K_COURT_CARD, False, COURT_UPTO[most], {"card": "court"})


def _answer_court_card(g: State, frame: CourtCardFrame, c: Choice) -> None:
    count = c.arg
    assert isinstance(count, int)
    g._move(g.active, "province", "court", count)
    g._stack.pop()


STEPS: dict[Op, Step] = {
    "king": _step_king,
    "board": _step_board,
    "board_to": _step_board_to,
    "grande": _step_grande,
    "retrieve": _step_retrieve,
    "court_card": _step_court_card,
}
ANSWERS: dict[Op, Answer] = {
    "king": _answer_king,
    "board": _answer_board,
    "board_to": _answer_board_to,
    "grande": _answer_grande,
    "retrieve": _answer_retrieve,
    "court_card": _answer_court_card,
}
