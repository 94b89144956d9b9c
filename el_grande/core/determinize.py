"""Determinization: a full game consistent with one seat's view, unknowns sampled.

Search bots may not read the real game (R-H2). They rebuild a possible one from their view:
the order of the unrevealed action cards, the other seats' unrevealed secret choices and, with a
hidden Castillo, how the other seats' reserves split between Castillo and province are drawn
at random, consistently with everything the view shows.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .board import CASTILLO_INDEX, PLACE_INDEX, REGIONS
from .cards import SCOREBOARD_IDS, stack_cards
from .game import Game, Options

if TYPE_CHECKING:
    from .view import View

_NUM_REGIONS = 9


def from_view(view: View, rng: random.Random) -> Game:
    if view.seat is None:
        raise ValueError("determinize from a seat's view, not the public one")
    seat = view.seat
    n = view.players_count
    options = Options(**dict(view.options))
    g = Game.__new__(Game)
    g.names = tuple(p.name for p in view.players)
    g.n = n
    g.options = options
    g.seed = "determinized"
    g.first_player = view.start_player
    g._rounds = view.rounds
    g._hidden = options.castillo == "hidden"
    g.round_i = view.round_number - 1
    g.phase = view.phase
    g.over = view.over
    g.king = PLACE_INDEX[view.king]
    g.cab = [list(r.caballeros) for r in view.regions] + [[0] * n]
    g.court = [p.court for p in view.players]
    g.score = [p.score for p in view.players]
    g.home = [PLACE_INDEX[p.home] for p in view.players]
    g.hand = [sum(1 << v for v in p.hand) for p in view.players]
    g.discard = [sum(1 << v for v in p.discard) for p in view.players]
    g.played = [p.played or 0 for p in view.players]
    g.vetoes = [p.veto_rounds for p in view.players]
    g.boards = [
        PLACE_INDEX[place] if place is not None else -1
        for board, place in sorted(view.scoreboards, key=lambda bp: SCOREBOARD_IDS.index(bp[0]))
    ]

    # Castillo and province: known unless hidden; then split each reserve at random.
    g.province = [0] * n
    unknown = []
    for p in view.players:
        if p.castillo is not None and p.province is not None:
            g.cab[CASTILLO_INDEX][p.seat] = p.castillo
            g.province[p.seat] = p.province
        else:
            unknown.append(p.seat)
    if unknown:
        left = view.castillo_total - sum(g.cab[CASTILLO_INDEX])
        reserve = {
            s: 30 - g.court[s] - sum(g.cab[r][s] for r in range(_NUM_REGIONS)) for s in unknown
        }
        split = dict.fromkeys(unknown, 0)
        for _ in range(left):
            room = [s for s in unknown if split[s] < reserve[s]]
            split[rng.choice(room)] += 1
        for s in unknown:
            g.cab[CASTILLO_INDEX][s] = split[s]
            g.province[s] = reserve[s] - split[s]

    # Action cards: the revealed ones in order, the rest of each stack shuffled.
    stacks = []
    for i, revealed in enumerate(view.revealed):
        rest = stack_cards(i + 1, veto=options.veto)
        for card in revealed:
            rest.remove(card)
        rng.shuffle(rest)
        stacks.append(tuple(revealed) + tuple(rest))
    g.stacks = tuple(stacks)

    g.face_up = list(view.face_up)
    g.taken = list(view.taken)
    g.start_player = view.start_player
    g.order = view.turn_order
    g.active = view.active if view.active is not None else -1
    g.card = view.action_card
    g.placed = view.placed
    g.special_done = view.special_done
    g._stack = list(view.frames)
    g._history = []
    g._notation = []
    g._events = []
    g.opening_events = ()

    # Secret choices already made: the viewer's own is known, the others' are sampled.
    g.secrets = []
    purpose = view.secret_purpose
    for s in view.secrets_chosen:
        if s == seat and view.my_secret is not None:
            g.secrets.append((s, view.my_secret))
        else:
            g.secrets.append((s, rng.choice(_secret_options(g, purpose, s))))
    g._decision = None
    g._run()
    return g


def _secret_options(g: Game, purpose: str | None, s: int) -> list[str]:
    param = next((f[3] for f in reversed(g._stack) if f[0] == "secret"), -1)
    king, cab = g.king, g.cab
    if purpose == "eviction":
        ok = [r for r in range(_NUM_REGIONS) if r != king and r != param]
    elif purpose in ("castillo", "score_by_disk"):
        ok = list(range(_NUM_REGIONS))
    else:
        need = 2 if purpose == "province_two_by_disk" else 1
        ok = [r for r in range(_NUM_REGIONS) if r != king and cab[r][s] >= need]
    return [REGIONS[r] for r in ok]
