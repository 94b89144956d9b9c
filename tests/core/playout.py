"""Random playouts with invariant checks after every step (like OpenSpiel's RandomSimTest)."""

from __future__ import annotations

import itertools
import random

from el_grande.core import Game, Options
from el_grande.core import events as E
from el_grande.core.board import CASTILLO_INDEX

ALL_OPTIONS = [
    Options(rounds=r, veto=v, castillo=c)
    for r, v, c in itertools.product((9, 6), (True, False), ("open", "hidden"))
]


def play_checked(game: Game, rng: random.Random) -> list[list[E.Event]]:
    """Play ``game`` to the end with random legal choices, checking invariants at every step.

    Returns the events of every step.
    """
    n = game.n
    all_events: list[list[E.Event]] = []
    general_after: list[int] = []
    while (d := game.decision) is not None:
        assert d.choices, "a decision must offer at least one choice"
        assert len(set(d.choices)) == len(d.choices), "choices must be distinct"
        assert 0 <= d.player < n
        choice = rng.choice(d.choices)
        assert choice in d.choices
        assert game.parse(str(choice)) == choice  # notation round trip
        king_before = game.king
        king_row = game.cab[king_before][:]
        boards_before = game.boards[:]
        scores_before = game.score[:]
        castillo_before = game.cab[CASTILLO_INDEX][:]
        round_before = game.round

        evs = game.apply(choice)
        all_events.append(evs)
        kinds = [e.kind for e in evs]

        # R-C2: 30 Caballeros per player in play at all times. (A seat's column of the ten
        # places' rows taken at once: these checks were most of the playouts' time.)
        assert len(game.cab) == 10
        for s, (placed, court, province) in enumerate(
            zip(zip(*game.cab), game.court, game.province, strict=True)
        ):
            assert sum(placed) + court + province == 30, (s, placed, court, province)
            assert min(placed) >= 0 and court >= 0 and province >= 0
        # Scores never decrease.
        assert all(a >= b for a, b in zip(game.score, scores_before))
        # R-B4: nothing entered or left the King's region unless the King moved.
        if "king_moved" not in kinds:
            assert game.king == king_before
            assert game.cab[king_before] == king_row, "Caballeros crossed the King's border"
            for b in range(2):
                was, now = boards_before[b], game.boards[b]
                assert not (was != now and king_before in (was, now)), "scoreboard crossed"
        # R-B5: the Castillo only empties at a general scoring.
        general = [e for e in evs if isinstance(e, E.ScoringStarted) and e.why == "general"]
        if not any(isinstance(e, E.ScoringEnded) and e.why == "general" for e in evs):
            assert all(a >= b for a, b in zip(game.cab[CASTILLO_INDEX], castillo_before))
        else:
            assert sum(game.cab[CASTILLO_INDEX]) == 0
        if general:
            general_after.append(round_before)
        # R-C4: never two scoreboards on one place.
        assert game.boards[0] == -1 or game.boards[0] != game.boards[1]
        # R-H1: a secret choice's event never says what was chosen.
        if d.secret:
            assert kinds[0] == "secret_chosen"
            assert all(
                str(choice.arg) not in (str(getattr(e, f)) for f in e.__match_args__)
                for e in evs
                if e.kind == "secret_chosen"
            )
    # R-R5 / R-R6: general scorings after rounds 3, 6 and 9 only; the game ends after the third.
    assert general_after == [3, 6, 9], general_after
    assert game.over and game.round == 9
    assert isinstance(all_events[-1][-1], E.GameOver)
    assert game.winners == [s for s in range(n) if game.score[s] == max(game.score)]
    return all_events
