"""Determinization: a full game consistent with one seat's view, unknowns sampled.

Search bots may not read the real game (R-H2). They rebuild a possible one from their view
(``Game.from_view``): the order of the unrevealed action cards, the other seats' unrevealed
secret choices and, with a hidden Castillo, how the other seats' reserves split between
Castillo and province are drawn at random, consistently with everything the view shows. The
secret choices are drawn from what the rules offered (``disks.disk_regions``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .board import CASTILLO_INDEX, NUM_REGIONS, PLACE_INDEX, REGIONS
from .cards import SCOREBOARD_IDS, stack_cards
from .disks import disk_regions
from .kinds import Castillo
from .options import Options

if TYPE_CHECKING:
    from .frames import Frame
    from .kinds import Purpose
    from .view import View

__all__ = ["fields_from_view"]


def fields_from_view(view: View, rng: random.Random) -> dict[str, Any]:
    """Every field of a game (``state.FIELDS``) consistent with ``view``, the unknowns drawn
    with ``rng``."""
    if view.seat is None:
        raise ValueError("determinize from a seat's view, not the public one")
    seat = view.seat
    n = view.players_count
    options = Options(**dict(view.options))
    players = view.players
    cab = [list(r.caballeros) for r in view.regions] + [[0] * n]
    court = [p.court for p in players]

    # Castillo and province: known unless hidden; then split each reserve at random.
    province = [0] * n
    unknown = []
    for p in players:
        if p.castillo is not None and p.province is not None:
            cab[CASTILLO_INDEX][p.seat] = p.castillo
            province[p.seat] = p.province
        else:
            unknown.append(p.seat)
    if unknown:
        left = view.castillo_total - sum(cab[CASTILLO_INDEX])
        reserve = {s: 30 - court[s] - sum(cab[r][s] for r in range(NUM_REGIONS)) for s in unknown}
        split = dict.fromkeys(unknown, 0)
        for _ in range(left):
            room = [s for s in unknown if split[s] < reserve[s]]
            split[rng.choice(room)] += 1
        for s in unknown:
            cab[CASTILLO_INDEX][s] = split[s]
            province[s] = reserve[s] - split[s]

    # Action cards: the revealed ones in order, the rest of each stack shuffled.
    stacks = []
    for i, revealed in enumerate(view.revealed):
        rest = stack_cards(i + 1, veto=options.veto)
        for card in revealed:
            rest.remove(card)
        rng.shuffle(rest)
        stacks.append(tuple(revealed) + tuple(rest))

    # Secret choices already made: the viewer's own is known, the others' are drawn.
    king = PLACE_INDEX[view.king]
    frames: list[Frame] = list(view.frames)
    secrets = []
    purpose = view.secret_purpose
    for s in view.secrets_chosen:
        if s == seat and view.my_secret is not None:
            secrets.append((s, view.my_secret))
        else:
            secrets.append((s, rng.choice(_disk_options(purpose, king, cab, frames, s))))

    return {
        "names": tuple(p.name for p in players),
        "n": n,
        "options": options,
        "seed": "determinized",
        "first_player": view.start_player,
        "_rounds": view.rounds,
        "_hidden": options.castillo == Castillo.HIDDEN,
        "round_i": view.round_number - 1,
        "phase": view.phase,
        "over": view.over,
        "king": king,
        "cab": cab,
        "court": court,
        "province": province,
        "score": [p.score for p in players],
        "home": [PLACE_INDEX[p.home] for p in players],
        "hand": [sum(1 << v for v in p.hand) for p in players],
        "discard": [sum(1 << v for v in p.discard) for p in players],
        "played": [p.played or 0 for p in players],
        "vetoes": [p.veto_rounds for p in players],
        "boards": [
            PLACE_INDEX[place] if place is not None else -1
            for _, place in sorted(view.scoreboards, key=lambda bp: SCOREBOARD_IDS.index(bp[0]))
        ],
        "stacks": tuple(stacks),
        "face_up": list(view.face_up),
        "taken": list(view.taken),
        "start_player": view.start_player,
        "order": view.turn_order,
        "active": view.active if view.active is not None else -1,
        "card": view.action_card,
        "placed": view.placed,
        "special_done": view.special_done,
        "secrets": secrets,
        "_stack": frames,
        "_history": [],
        "_notation": [],
        "decision": None,
        "_events": [],
        "opening_events": (),
    }


def _disk_options(
    purpose: Purpose | None, king: int, cab: list[list[int]], frames: list[Frame], s: int
) -> list[str]:
    """The regions seat ``s`` may have set its disk to in the secret step under way."""
    assert purpose is not None, "secrets chosen outside a secret step"
    param = -1
    for frame in reversed(frames):
        if frame[0] == "secret":
            _, _purpose, _seats, param = frame
            break
    return [REGIONS[r] for r in disk_regions(purpose, king, cab, s, param)]
