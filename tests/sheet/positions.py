"""Real-board positions and what the rules core's *game* scores for them (the reference the
scoring sheet is checked against: not `score_position`, which the sheet itself uses).

A position is what the players read off the table at a general scoring: the Castillo as it is
scored, the regions after its Caballeros went to their disks' regions (R-G3), the King, the
Grandes, the scoreboards. Two sources: games played to the end with varied legal choices
(every general scoring of them), and positions written into a game (`set_board`) to bring
up what a played game seldom does: ties, both bonuses in one place, scoreboards on the
Castillo and a region, a count of 10 or more, a disk on the King's region.
"""

from __future__ import annotations

from dataclasses import dataclass

from el_grande.core import CASTILLO, PLACES, REGIONS, SCOREBOARD_IDS, Game, Options
from el_grande.core import events as E

from ..core.scenario import answer_disks, finish_turn, set_board
from ..core.test_rules import general_scoring_game

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")


@dataclass(frozen=True)
class RealBoard:
    players: int
    king: str
    homes: tuple[str, ...]
    boards: dict[str, str | None]  # scoreboard id -> place
    counts: dict[str, tuple[int, ...]]  # place -> per seat, as each place is scored
    gain: tuple[int, ...]  # what the game's general scoring gave
    scored: dict[str, E.PlaceScored]  # the game's own event per place

    @property
    def names(self) -> list[str]:
        return list(NAMES[: self.players])


def _collect(game: Game, events: list[object]) -> RealBoard:
    """The position of the general scoring in `events`, read from the game just after it (a
    general scoring moves no King, Grande or scoreboard; the Castillo as the game scored it)."""
    scored = {e.place: e for e in events if isinstance(e, E.PlaceScored) and e.why == "general"}
    gain = next(e.points for e in events if isinstance(e, E.ScoringEnded) and e.why == "general")
    boards = {b: (None if p < 0 else PLACES[p]) for b, p in zip(SCOREBOARD_IDS, game.boards)}
    counts = {CASTILLO: scored[CASTILLO].counts}
    counts |= {r: tuple(game.cab[PLACES.index(r)]) for r in REGIONS}
    for place, event in scored.items():  # the game scored what is read off the board
        assert event.counts == counts[place], place
    homes = tuple(REGIONS[h] for h in game.home)
    return RealBoard(game.n, REGIONS[game.king], homes, boards, counts, tuple(gain), scored)


def played(players: int, seed: int) -> list[RealBoard]:
    """Every general scoring of a whole game played with varied legal choices."""
    game = Game.new(list(NAMES[:players]), seed=seed, options=Options(), start_player=0)
    found: list[RealBoard] = []
    pending: list[object] = []
    while game.decision is not None:
        d = game.decision
        events = game.apply(d.choices[(len(game.history) * 7 + seed) % len(d.choices)])
        pending += events
        if any(isinstance(e, E.ScoringEnded) and e.why == "general" for e in events):
            start = max(
                i
                for i, e in enumerate(pending)
                if isinstance(e, E.ScoringStarted) and e.why == "general"
            )
            found.append(_collect(game, pending[start:]))
            pending = []
    assert len(found) == 3
    return found


def designed(players: int) -> RealBoard:
    """A position with ties, both bonuses in one region, the King's region as a disk (back to
    the court), the two scoreboards (one on the Castillo), and 11 Caballeros in one place.
    With 2 players Ana leads Valencia (her home, the King's), else Cy does (his too; Ana,
    second there, gets no bonus)."""
    game = general_scoring_game(players)
    n = players
    row = lambda *xs: list(xs[:n]) + [0] * (n - len(xs[:n]))  # noqa: E731
    cab = {
        "castillo": row(11, 2, 2, 0, 1),  # Ana alone first; Ben and Cy tied
        "galicia": row(2, 2, 1, 0, 3),
        "basque_country": row(0, 3, 0, 1, 0),
        "aragon": row(4, 1, 4, 1, 0),  # a tie for first: no home bonus for Cy
        "catalonia": row(1, 0, 0, 0, 0),
        "old_castile": row(3, 3, 3, 2, 2),
        "new_castile": row(0, 1, 2, 3, 4),
        "valencia": row(2, 0, 5, 0, 1),  # the King's, 8/4/0: King's and home bonus
        "seville": row(0, 0, 0, 0, 0),
        "granada": row(1, 2, 0, 2, 1),
    }
    homes = ["valencia", "new_castile", "valencia", "granada", "catalonia"][:n]
    set_board(
        game,
        king="valencia",
        cab=cab,
        home=homes,
        court=[1] * n,
        boards={"8/4/0": "valencia", "4/0/0": "castillo"},
    )
    events = finish_turn(game)
    # Ana's disk on the King's region: back to her court (R-G3)
    disks = {0: "valencia", 1: "aragon", 2: "granada", 3: "galicia", 4: "old_castile"}
    events += answer_disks(game, {s: r for s, r in disks.items() if s < n}, "castillo")
    return _collect(game, events)
