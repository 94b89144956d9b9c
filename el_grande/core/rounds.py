"""The round and the turn: power cards (R-P), the turns (R-R3), the Veto asked (R-V), the end of
a round (R-R4, R-V1) and the general scoring (R-G). A turn's special action is its card's: the
card families (``intrigue``, ``returns``, ``scorings``, ``disks``, ``pieces``) each say how
their cards start and whether announcing one can do anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import disks, intrigue, pieces, returns, scorings
from . import events as E
from .board import ADJ, CASTILLO_INDEX, NUM_REGIONS, PLACES, REGIONS
from .cards import CARD_STACK, CARDS, POWER_CABALLEROS
from .choices import COURT_UPTO, DONE, PLACE_AT, ch, per_place
from .decision import Decision, decide
from .events import make
from .kinds import GENERAL, DecisionKind, Phase, Purpose
from .options import SCORING_ROUNDS
from .state import FROM, answer_placement

if TYPE_CHECKING:
    from .choices import Choice
    from .frames import (
        CardFrame,
        CourtFrame,
        EndRoundFrame,
        GameFrame,
        GeneralFrame,
        MenuFrame,
        Op,
        PlaceFrame,
        PowerFrame,
        RecallFrame,
        SpecialFrame,
        TurnEndFrame,
        TurnsFrame,
        VetoAskFrame,
    )
    from .state import Answer, Possible, Special, State, Step

_POWER = tuple(ch("power", v) for v in range(14))
_RECALL = per_place("recall")
_CARD = {card: ch("card", card) for card in CARDS}
_PLACE = ch("place")
_SPECIAL = ch("special")
_SKIP = ch("skip")
_VETO_YES = ch("veto", "yes")
_VETO_NO = ch("veto", "no")
#: The turn's menu (R-R3.2), by placed already, then by whether the special action can do
#: something (placed and it cannot: no menu).
_MENU: tuple[tuple[tuple[Choice, ...], ...], ...] = (
    ((_PLACE, _SKIP), (_PLACE, _SPECIAL, _SKIP)),
    ((), (_SPECIAL, _SKIP)),
)
#: Power card V's bit in a hand's mask (0: no card).
_BIT = tuple(1 << v if v else 0 for v in range(14))
#: ``power V`` for every card a mask (bit V: card V) holds, filled in as masks come up.
_POWER_OF: dict[int, tuple[Choice, ...]] = {}

# The vocabularies' members the steps use, as plain names (an enum's member costs a lookup
# through its metaclass each time it is named).
_K_POWER, _K_COURT, _K_RECALL = DecisionKind.POWER, DecisionKind.COURT, DecisionKind.RECALL
_K_ACTION_CARD, _K_TURN = DecisionKind.ACTION_CARD, DecisionKind.TURN
_K_PLACEMENT, _K_VETO = DecisionKind.PLACEMENT, DecisionKind.VETO
_PH_POWER, _PH_TURNS, _PH_OVER = Phase.POWER, Phase.TURNS, Phase.OVER
_PH_SCORING, _PU_CASTILLO = Phase.SCORING, Purpose.CASTILLO

#: Placement targets by King's region: its neighbours, then the Castillo (R-R3.3).
_PLACEMENT = tuple(
    tuple(PLACE_AT[p] for p in ADJ[king]) + (PLACE_AT[CASTILLO_INDEX], DONE)
    for king in range(NUM_REGIONS)
)

_FAMILIES = (intrigue, returns, scorings, disks, pieces)
#: How each action card's special action starts (R-A), from its family.
SPECIALS: dict[str, Special] = {}
for _family in _FAMILIES:
    assert not SPECIALS.keys() & _family.SPECIALS.keys()
    SPECIALS.update(_family.SPECIALS)
assert SPECIALS.keys() == CARDS.keys()
#: Whether announcing a card's special action can do anything (a card not here always can).
POSSIBLE: dict[str, Possible] = {**intrigue.POSSIBLE, **pieces.POSSIBLE}


# --- rounds -----------------------------------------------------------------------------------


def _step_game(g: State, frame: GameFrame) -> None:
    if g.round_i + 1 >= len(g._rounds):
        g._stack.pop()
        g.over = True
        g.phase = _PH_OVER
        g.active = -1
        g._events.append(make(E.GameOver, (tuple(g.score), tuple(g.winners))))
        return
    g.round_i += 1
    g.phase = _PH_POWER
    g.played = [0] * g.n
    g.taken = []
    g.order = ()
    g.active = -1
    g.card = None
    g.face_up = [st[g.round_i] for st in g.stacks] + ["king"]  # R-R1
    g._events.append(make(E.RoundStarted, (g.round, g.round_i + 1, len(g._rounds), g.start_player)))
    g._events.append(make(E.CardsRevealed, (tuple(g.face_up),)))
    g._stack.append(("end_round",))
    g._stack.append(("power", FROM[g.n][g.start_player]))


def _step_power(g: State, frame: PowerFrame) -> Decision:
    _, seats = frame
    seat = seats[0]
    played = g.played
    # The others' cards this round (bit V: card V; no two seats hold the same card, R-P1).
    blocked = sum(map(_BIT.__getitem__, played)) - _BIT[played[seat]]
    free = g.hand[seat] & ~blocked
    choices = _POWER_OF.get(free)
    if choices is None:
        choices = _POWER_OF[free] = tuple(_POWER[v] for v in range(1, 14) if free >> v & 1)  # R-P1
    return decide(seat, _K_POWER, False, choices, {"played": tuple(filter(None, played))})


def _answer_power(g: State, frame: PowerFrame, c: Choice) -> None:
    _, seats = frame
    seat, v = seats[0], c.arg
    assert isinstance(v, int)
    g.hand[seat] &= ~(1 << v)
    g.discard[seat] |= 1 << v  # R-P2
    g.played[seat] = v
    g._events.append(make(E.PowerCardPlayed, (seat, v)))
    rest = seats[1:]
    if rest:
        g._stack[-1] = ("power", rest)
        return
    g._stack.pop()
    played = g.played
    g.order = tuple(sorted(range(g.n), key=played.__getitem__, reverse=True))  # R-P3 (stable)
    g.phase = _PH_TURNS
    g._events.append(make(E.TurnOrderSet, (g.order,)))
    g._stack.append(("turns", g.order))


def _step_turns(g: State, frame: TurnsFrame) -> None:
    _, seats = frame
    if not seats:
        g._stack.pop()
        return
    g._stack[-1] = ("turns", seats[1:])
    seat = seats[0]
    g.active = seat
    g.card = None
    g.placed = False
    g.special_done = False
    g._events.append(make(E.TurnStarted, (seat, g.played[seat])))
    g._stack.extend((("turn_end",), ("menu",), ("card",), ("court",)))


def _step_turn_end(g: State, frame: TurnEndFrame) -> None:
    g._stack.pop()
    g._events.append(make(E.TurnEnded, (g.active,)))


def _step_end_round(g: State, frame: EndRoundFrame) -> None:
    g._stack.pop()
    rnd = g.round
    i = g.round_i
    vetoes = g.vetoes
    for s in range(g.n):  # R-V1: a Veto lasts its round and the next
        held = vetoes[s]
        if held:
            kept = tuple(r for r in held if r >= i)
            for _ in range(len(held) - len(kept)):
                g._events.append(make(E.VetoExpired, (s,)))
            vetoes[s] = kept
    g.face_up = []  # R-R4
    played = g.played
    g.start_player = min(range(g.n), key=played.__getitem__)  # R-P4
    g.active = -1
    g.card = None
    g.order = ()
    g._events.append(make(E.RoundEnded, (rnd, g.start_player)))
    if rnd in SCORING_ROUNDS:
        _begin_general_scoring(g)


# --- a turn -----------------------------------------------------------------------------------


def _step_court(g: State, frame: CourtFrame) -> Decision | None:
    s = g.active
    power = g.played[s]
    want = POWER_CABALLEROS[power]
    most = want if g.province[s] >= want else min(want, g.province[s] + _on_board(g, s))
    if most == 0:  # R-R3.1
        g._stack.pop()
        return None
    ctx = {"power": power, "allowed": want}
    return decide(s, _K_COURT, False, COURT_UPTO[most], ctx)


def _on_board(g: State, s: int) -> int:
    """Seat ``s``'s Caballeros in the regions outside the King's (the ones it may recall)."""
    cab = g.cab
    return sum([cab[r][s] for r in range(NUM_REGIONS)]) - cab[g.king][s]


def _answer_court(g: State, frame: CourtFrame, c: Choice) -> None:
    s = g.active
    wanted = c.arg
    assert isinstance(wanted, int)
    province = g.province[s]
    from_province = wanted if wanted < province else province
    g._move(s, "province", "court", from_province)
    g._stack.pop()
    if wanted > from_province:
        g._stack.append(("recall", wanted - from_province))


def _step_recall(g: State, frame: RecallFrame) -> Decision:
    _, left = frame
    s, king = g.active, g.king
    choices = tuple(_RECALL[r] for r in range(NUM_REGIONS) if r != king and g.cab[r][s] > 0)
    return decide(s, _K_RECALL, False, choices, {"left": left})


def _answer_recall(g: State, frame: RecallFrame, c: Choice) -> None:
    _, left = frame
    g._move(g.active, str(c.arg), "court", 1)
    if left > 1:
        g._stack[-1] = ("recall", left - 1)
    else:
        g._stack.pop()


def _step_card(g: State, frame: CardFrame) -> Decision:
    choices = tuple(map(_CARD.__getitem__, g.face_up))
    return decide(g.active, _K_ACTION_CARD, False, choices, {})


def _answer_card(g: State, frame: CardFrame, c: Choice) -> None:
    card = str(c.arg)
    g.face_up.remove(card)
    g.card = card
    g.taken.append((g.active, card))
    g._events.append(make(E.ActionCardTaken, (g.active, card)))
    g._stack.pop()


def _step_menu(g: State, frame: MenuFrame) -> Decision | None:
    card = g.card
    assert card is not None
    if g.special_done:
        g._stack.pop()
        if not g.placed:  # placement is all that is left
            g.placed = True
            g._stack.append(("place", CARD_STACK[card]))
        return None
    possible = POSSIBLE.get(card)
    can = possible is None or possible(g)
    placed = g.placed
    if placed and not can:
        g.special_done = True
        g._events.append(make(E.SpecialSkipped, (g.active, card)))
        return None
    return decide(g.active, _K_TURN, False, _MENU[placed][can], {"card": card, "placed": placed})


def _answer_menu(g: State, frame: MenuFrame, c: Choice) -> None:
    card = g.card
    assert card is not None
    s = g.active
    if c == _PLACE:
        g.placed = True
        g._stack.append(("place", CARD_STACK[card]))
    elif c == _SKIP:
        g.special_done = True
        g._events.append(make(E.SpecialSkipped, (s, card)))
    else:
        g.special_done = True
        g._events.append(make(E.SpecialAnnounced, (s, card)))
        g._stack.append(("special",))
        if card != "veto" and any(g.vetoes):  # R-V4
            holders = tuple(t for t in g._others() if g.vetoes[t])
            if holders:
                g._stack.append(("veto_ask", holders))


def _step_place(g: State, frame: PlaceFrame) -> Decision | None:
    _, left = frame
    s = g.active
    court = g.court[s]
    if left <= 0 or court <= 0:
        g._stack.pop()
        return None
    assert g.card is not None
    limit = CARD_STACK[g.card]
    most = left if left < court else court
    ctx = {"card": g.card, "placed": limit - left, "left": most, "limit": limit}
    return decide(s, _K_PLACEMENT, False, _PLACEMENT[g.king], ctx)


def _step_veto_ask(g: State, frame: VetoAskFrame) -> Decision:
    _, holders = frame
    ctx = {"seat": g.active, "card": g.card}
    return decide(holders[0], _K_VETO, False, (_VETO_YES, _VETO_NO), ctx)


def _answer_veto_ask(g: State, frame: VetoAskFrame, c: Choice) -> None:
    _, holders = frame
    holder = holders[0]
    if c == _VETO_YES:  # R-V2: the special action is cancelled entirely
        g.vetoes[holder] = g.vetoes[holder][1:]
        assert g.card is not None
        g._events.append(make(E.SpecialVetoed, (g.active, g.card, holder)))
        g._stack.pop()
        popped = g._stack.pop()
        assert popped[0] == "special"
        return
    rest = holders[1:]
    if rest:
        g._stack[-1] = ("veto_ask", rest)
    else:
        g._stack.pop()


def _step_special(g: State, frame: SpecialFrame) -> None:
    g._stack.pop()
    card = g.card
    assert card is not None
    SPECIALS[card](g)


# --- the general scoring (R-G) ----------------------------------------------------------------


def _begin_general_scoring(g: State) -> None:
    g.phase = _PH_SCORING
    seats = FROM[g.n][g.start_player]
    if not g._hidden:  # R-G1
        castillo = g.cab[CASTILLO_INDEX]
        seats = tuple([t for t in seats if castillo[t] > 0])
    g._events.append(make(E.ScoringStarted, (GENERAL, PLACES)))
    g._stack.append(("general",))
    if seats:
        g._stack.append(("secret", _PU_CASTILLO, seats, -1))


def _step_general(g: State, frame: GeneralFrame) -> None:
    g._stack.pop()
    before = g.score[:]
    g._score_place(CASTILLO_INDEX, GENERAL)  # R-G2
    chosen = tuple(g.secrets)
    g.secrets = []
    g._events.append(make(E.SecretsRevealed, (_PU_CASTILLO, chosen)))  # R-G3
    cab, king = g.cab, REGIONS[g.king]
    for t, region in chosen:
        # A disk on the King's region sends them back to the court (R-G3).
        g._move(t, "castillo", "court" if region == king else region, cab[CASTILLO_INDEX][t])
    for r in range(NUM_REGIONS):  # R-G4
        g._score_place(r, GENERAL)
    gained = tuple(a - b for a, b in zip(g.score, before))
    g._events.append(make(E.ScoringEnded, (GENERAL, gained)))


STEPS: dict[Op, Step] = {
    "game": _step_game,
    "power": _step_power,
    "turns": _step_turns,
    "turn_end": _step_turn_end,
    "end_round": _step_end_round,
    "court": _step_court,
    "recall": _step_recall,
    "card": _step_card,
    "menu": _step_menu,
    "place": _step_place,
    "veto_ask": _step_veto_ask,
    "special": _step_special,
    "general": _step_general,
}
ANSWERS: dict[Op, Answer] = {
    "power": _answer_power,
    "court": _answer_court,
    "recall": _answer_recall,
    "card": _answer_card,
    "menu": _answer_menu,
    "place": answer_placement,
    "veto_ask": _answer_veto_ask,
}
