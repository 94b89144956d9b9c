"""Scoring one place (R-K2, R-K3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from el_grande.records import record

from .board import CASTILLO, REGIONS, VALUES
from .cards import SCOREBOARDS as SCOREBOARD_VALUES
from .events import Award, make
from .kinds import AwardReason


def reduced_values(values: Sequence[int], players: int) -> tuple[int, int, int]:
    """R-K3: with 2 players only 1st place scores, with 3 players only 1st and 2nd."""
    v1, v2, v3 = values[0], values[1], values[2]
    if players <= 2:
        return (v1, 0, 0)
    if players == 3:
        return (v1, v2, 0)
    return (v1, v2, v3)


def padded(values: Sequence[int], seats: int = 5) -> tuple[int, ...]:
    """(0, 1st, 2nd, 3rd, 0, 0...): the value scored at each rank position, by position, for
    up to ``seats`` seats (a position is always below twice the seats)."""
    return (0, values[0], values[1], values[2]) + (0,) * max(4, 2 * seats)


def _positions(counts: Sequence[int]) -> dict[int, int]:
    """R-K2 by count: every count above 0 -> its rank position, negated for a tied group (which
    scores the position after its own, the one given). The one rule `rank_positions`,
    `rank_points` and `score_place` read; remembered by counts (the same ones come up again
    and again; read-only)."""
    key = counts if type(counts) is tuple else tuple(counts)
    by_count = _POSITIONS.get(key)
    if by_count is not None:
        return by_count
    by_count = {}
    position = 1
    for level in sorted(set(counts), reverse=True):
        if level <= 0:
            break
        if counts.count(level) == 1:
            by_count[level] = position
            position += 1
        else:
            by_count[level] = -1 - position
            position += 2
    if len(_POSITIONS) >= 20_000:
        _POSITIONS.clear()
    _POSITIONS[key] = by_count
    return by_count


_POSITIONS: dict[tuple[int, ...], dict[int, int]] = {}


def rank_positions(counts: Sequence[int]) -> list[tuple[int, bool]]:
    """For each seat: (rank position, tied) per R-K2; position 0 means 'not taking part'.

    A tied group scores the value of the position after its own, so the position reported
    for a tied seat is the one whose value it scores.
    """
    by_count = _positions(counts)
    result = []
    for c in counts:
        pos = by_count.get(c, 0)
        result.append((pos, False) if pos >= 0 else (-pos, True))
    return result


def rank_points(counts: Sequence[int], values: Sequence[int], players: int) -> list[int]:
    """Points per seat for one place (R-K2 with R-K3's reduction; no bonuses).

    ``counts``: Caballeros per seat in the place; ``values``: the place's (1st, 2nd, 3rd)
    values (a mobile scoreboard's if one lies there); ``players``: seats in the game.

    >>> rank_points([4, 4, 4, 3], (5, 3, 1), 4)
    [3, 3, 3, 1]
    >>> rank_points([4, 3, 2, 2], (6, 4, 2), 4)
    [6, 4, 0, 0]
    """
    by_position = padded(reduced_values(values, players), len(counts))
    by_count = _positions(counts)
    return [by_position[abs(by_count.get(c, 0))] for c in counts]


_RANK, _TIE = AwardReason.RANK, AwardReason.TIE
_KING_BONUS, _HOME_BONUS = AwardReason.KING_BONUS, AwardReason.HOME_BONUS


def score_place(
    counts: Sequence[int],
    values: Sequence[int],
    players: int,
    *,
    king: bool = False,
    homes: Sequence[bool] = (),
    firsts_only: bool = False,
) -> tuple[tuple[int, ...], tuple[Award, ...]]:
    """Points per seat for one place, and the awards that make them up (R-K2 to R-K7).

    ``values`` are the place's (1st, 2nd, 3rd) values (a scoreboard's if one lies there);
    R-K3's reduction for 2 and 3 players is applied here. ``king``: the place is the King's
    region (R-K5); ``homes[s]``: seat ``s``'s Grande stands there (R-K6) — bonuses go to a
    sole leader only; the Castillo has neither. ``firsts_only``: only a sole leader scores
    (``score_firsts``). The game and every preview score a place here, and only here.
    """
    by_position = padded(reduced_values(values, players), len(counts))
    points, awards, leader = ranked(counts, by_position, king, firsts_only)
    if 0 <= leader < len(homes) and homes[leader]:
        return home_bonus(points, awards, leader)
    return points, awards


def ranked(
    counts: Sequence[int], by_position: tuple[int, ...], king: bool, firsts_only: bool
) -> tuple[tuple[int, ...], tuple[Award, ...], int]:
    """`score_place` but for the home bonus, with the values by position (`padded`, reduced
    already), and the sole leader (-1: none), who takes a home bonus (`home_bonus`) if their
    Grande stands there. The awards are shared values (`_award`)."""
    top = max(counts) if counts else 0
    if top <= 0:
        return (0,) * len(counts), (), -1
    leader = counts.index(top) if counts.count(top) == 1 else -1
    awards: list[Award] = []
    if firsts_only:
        points = [0] * len(counts)
        if leader >= 0:
            first = by_position[1]
            points[leader] = first
            awards.append(_award((leader, first, _RANK, 1)))
    else:  # R-K2
        by_count = _positions(counts)
        points = []
        for s, c in enumerate(counts):
            if c > 0:
                pos = by_count[c]
                if pos > 0:
                    pts = by_position[pos]
                    fields = (s, pts, _RANK, pos)
                else:
                    pts = by_position[-pos]
                    fields = (s, pts, _TIE, -pos)
                award = _AWARDS.get(fields)
                awards.append(award if award is not None else _award(fields))
                points.append(pts)
            else:
                points.append(0)
    if leader >= 0 and king:  # R-K5
        points[leader] += 2
        awards.append(_award((leader, 2, _KING_BONUS, 0)))
    return tuple(points), tuple(awards), leader


def home_bonus(
    points: tuple[int, ...], awards: tuple[Award, ...], leader: int
) -> tuple[tuple[int, ...], tuple[Award, ...]]:
    """`ranked`'s points and awards with the sole leader's home bonus (R-K6) added."""
    more = list(points)
    more[leader] += 2
    return tuple(more), (*awards, _award((leader, 2, _HOME_BONUS, 0)))


#: Every award made so far, by its fields: an award is an immutable value, and the same few
#: come up in every scoring, so they are shared rather than built again.
_AWARDS: dict[tuple[int, int, AwardReason, int], Award] = {}


def _award(fields: tuple[int, int, AwardReason, int]) -> Award:
    """The award with these fields (seat, points, reason, position), shared."""
    award = _AWARDS.get(fields)
    if award is None:
        if len(_AWARDS) >= 10_000:
            _AWARDS.clear()
        award = _AWARDS[fields] = make(Award, fields)
    return award


@record(slots=True)
class PlaceScore:
    """One place of a scoring table: what it holds and what it would pay."""

    place: str
    values: tuple[int, int, int]  # as scored (a scoreboard's, reduced for 2-3 players)
    scoreboard: str | None  # a mobile scoreboard lying there
    counts: tuple[int | None, ...]  # per seat; None: hidden from the viewer
    points: tuple[int, ...] | None  # per seat; None: cannot be known (hidden counts)
    awards: tuple[Award, ...]
    king: bool  # the King's region
    changed: bool  # the what-if changes this place


@record(slots=True)
class ScoreTable:
    """A general scoring as it would go now (R-G2 to R-G4), place by place, from a view."""

    places: tuple[PlaceScore, ...]  # the Castillo first, then the nine regions in board order
    before: tuple[int, ...]  # scores now
    gain: tuple[int, ...]  # what the places that can be known would add
    complete: bool  # False: a place's counts are hidden (the Castillo), left out of `gain`

    @property
    def after(self) -> tuple[int, ...]:
        return tuple(b + g for b, g in zip(self.before, self.gain, strict=True))


def _row(
    place: str,
    counts: Sequence[int],
    raw: Sequence[int],
    players: int,
    board: str | None,
    *,
    king: bool = False,
    homes: Sequence[bool] = (),
    changed: bool = False,
) -> PlaceScore:
    """One place of a general scoring, scored by `score_place` (`raw`: its values as they
    lie, a scoreboard's if one is there; reduced here for 2-3 players)."""
    points, awards = score_place(counts, raw, players, king=king, homes=homes)
    return PlaceScore(
        place, reduced_values(raw, players), board, tuple(counts), points, awards, king, changed
    )


def _table(rows: list[PlaceScore], before: Sequence[int], complete: bool = True) -> ScoreTable:
    gain = [0] * len(before)
    for row in rows:
        for s, pts in enumerate(row.points or ()):
            gain[s] += pts
    return ScoreTable(tuple(rows), tuple(before), tuple(gain), complete)


def score_position(
    castillo: Sequence[int],
    regions: Mapping[str, Sequence[int]],
    *,
    king: str | None,
    homes: Sequence[str | None],
    scoreboards: Mapping[str, str] | None = None,
    before: Sequence[int] | None = None,
) -> ScoreTable:
    """A general scoring (R-G2, R-G4) of a position given as plain counts, such as a board at
    a real table: the Castillo first, then the nine regions in board order.

    ``castillo``: Caballeros per seat in the Castillo (the number of seats is its length);
    ``regions``: region -> Caballeros per seat *when the regions are scored*, i.e. after the
    Castillo's Caballeros went to their disks' regions (R-G3); a region left out is empty.
    ``king``: the King's region (None: not known, no King's bonus); ``homes[s]``: the region
    of seat ``s``'s Grande (None: not known); ``scoreboards``: place -> the mobile scoreboard
    lying there ("8/4/0", "4/0/0"; R-K4); ``before``: the scores before (default 0).
    """
    n = len(castillo)
    boards = scoreboards or {}

    def values(place: str) -> tuple[int, int, int]:
        return SCOREBOARD_VALUES.get(boards.get(place, ""), VALUES[place])

    rows = [_row(CASTILLO, castillo, values(CASTILLO), n, boards.get(CASTILLO))]
    for r in REGIONS:
        counts = regions.get(r, (0,) * n)
        rows.append(
            _row(
                r,
                counts,
                values(r),
                n,
                boards.get(r),
                king=r == king,
                homes=[h == r for h in homes],
            )
        )
    return _table(rows, before if before is not None else (0,) * n)


def score_table(
    view: Any,
    *,
    place: tuple[int, str] | None = None,
    march: tuple[int, str] | None = None,
) -> ScoreTable:
    """What a general scoring would give now, place by place, as `view`'s seat may know it.

    Castillo Caballeros stay in the Castillo (the disks are unknown), and a count the view
    hides (another seat's hidden Castillo) makes that place unknown rather than guessed.

    What-ifs for the viewer's own decision: ``place=(seat, place)`` puts one more of
    `seat`'s Caballeros there (a placement); ``march=(seat, region)`` sends `seat`'s
    Castillo Caballeros to `region` after the Castillo is scored (a general-scoring disk;
    the King's region means back to the court, R-G3).
    """
    n = view.players_count
    castillo: list[int | None] = [p.castillo for p in view.players]
    regions = {r.id: list(r.caballeros) for r in view.regions}
    if place is not None:
        seat, where = place
        if where == "castillo":
            if castillo[seat] is not None:
                castillo[seat] = castillo[seat] + 1  # type: ignore[operator]
        else:
            regions[where][seat] += 1
    rows: list[PlaceScore] = []
    board = view.castillo_scoreboard
    cast_values = SCOREBOARD_VALUES.get(board or "", VALUES["castillo"])
    cast_changed = place is not None and place[1] == "castillo"
    complete = all(c is not None for c in castillo)
    if complete:
        counts = [c or 0 for c in castillo]
        rows.append(_row("castillo", counts, cast_values, n, board, changed=cast_changed))
    else:
        rows.append(
            PlaceScore(
                "castillo",
                reduced_values(cast_values, n),
                board,
                tuple(castillo),
                None,
                (),
                False,
                cast_changed,
            )
        )
    marched = None
    if march is not None:
        seat, dest = march
        moving = castillo[seat] or 0
        if moving and dest != view.king:  # the King's region: back to the court (R-G3)
            regions[dest][seat] += moving
            marched = dest
    for r in view.regions:
        homes = [p.home == r.id for p in view.players]
        changed = (place is not None and place[1] == r.id) or marched == r.id
        rows.append(
            _row(
                r.id,
                regions[r.id],
                r.values,
                n,
                r.scoreboard,
                king=r.king,
                homes=homes,
                changed=changed,
            )
        )
    return _table(rows, [p.score for p in view.players], complete)


def preview_general_scoring(view: Any) -> list[int]:
    """Points per seat if the nine regions and the Castillo were scored now (R-G2, R-G4):
    the gains of `score_table(view)` (a hidden Castillo is left out)."""
    return list(score_table(view).gain)
