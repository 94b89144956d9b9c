"""The scoring sheet for a game on a real board: plain Python, no Textual.

A sheet holds the players' names (2-5, by the rules of `el_grande.names`) and the game's
three general scorings (after rounds 3, 6 and 9, R-R5; the short game has the same three,
R-R6). Each scoring is the board as the players read it aloud (`Board`): every player's
Caballeros in the Castillo and in each region, the King's region, each player's home region
(where their Grande stands) and where the two mobile scoreboards lie.

The points are the rules core's (`el_grande.core.score_position`): the sheet computes
nothing itself. Every edit checks its value first and raises `SheetError` (a sentence from
the catalogue) without changing anything; the sheet file (`el_grande.sheet.store`) is read
back through the same edits, so a file can hold nothing the keyboard could not type.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from el_grande.core import CASTILLO, PLACES, REGIONS, SCOREBOARD_IDS, ScoreTable, score_position
from el_grande.names import names_problem, normalise
from el_grande.text import region, t

MIN_PLAYERS, MAX_PLAYERS = 2, 5
#: General scorings in a game, the short game included (R-R5, R-R6).
SCORINGS = 3
#: Caballeros a player has in play (R-C2): on the board at most this many.
IN_PLAY = 30


class SheetError(ValueError):
    """An edit the sheet refuses, as one sentence for the player."""


def typed_count(before: int | None, digit: int) -> tuple[int, bool]:
    """A count built from the digits typed into one cell, as a form's number field does:
    `before` is the count its digits made so far (None: this is the first digit). Returns the
    count and whether it is complete — no further digit could make a count (0, 4-9, two
    digits); 1, 2 and 3 always wait for a second digit or for Enter/Tab (always: the typist
    knows which key comes next without reading the board). Two digits beyond `IN_PLAY` are a
    `SheetError`.

    >>> typed_count(None, 1), typed_count(1, 2), typed_count(None, 4), typed_count(3, 0)
    ((1, False), (12, True), (4, True), (30, True))
    """
    count = digit if before is None else before * 10 + digit
    if count > IN_PLAY:
        raise SheetError(t("sheet.err_count", n=IN_PLAY))
    return count, before is not None or count == 0 or count * 10 > IN_PLAY


@dataclass
class Board:
    """One general scoring's board: what the players read off the table.

    ``counts[place][seat]``: Caballeros in the Castillo as it is scored (R-G2) and in each
    region as the regions are scored, i.e. after the Castillo's Caballeros went to their
    disks' regions (R-G3). ``king``: the King's region; ``homes[seat]``: the region of that
    player's Grande; ``boards[id]``: the place a mobile scoreboard lies on (None: not on the
    board, or not entered yet).
    """

    counts: dict[str, list[int]]
    king: str | None = None
    homes: list[str | None] = field(default_factory=list)
    boards: dict[str, str | None] = field(default_factory=dict)

    @classmethod
    def empty(cls, players: int) -> Board:
        return cls(
            {p: [0] * players for p in PLACES},
            None,
            [None] * players,
            dict.fromkeys(SCOREBOARD_IDS),
        )

    @property
    def blank(self) -> bool:
        """Nothing entered yet."""
        return (
            not any(any(row) for row in self.counts.values())
            and self.king is None
            and not any(self.homes)
            and not any(self.boards.values())
        )

    def board_on(self, place: str) -> str | None:
        """The mobile scoreboard lying on `place`, if one does."""
        return next((b for b, where in self.boards.items() if where == place), None)

    def on_board(self, seat: int) -> int:
        """Caballeros of `seat` entered on this board."""
        return sum(row[seat] for row in self.counts.values())


@dataclass
class Sheet:
    """A game's scoring sheet: the names and three boards (see the module's docstring)."""

    names: list[str]
    scorings: list[Board]
    #: The scoring on screen (0-2), kept so that the sheet opens where it was left.
    current: int = 0

    @classmethod
    def new(cls, names: Sequence[str]) -> Sheet:
        """A sheet for these players, nothing entered: `SheetError` if the names will not do."""
        cleaned = check_names(names)
        return cls(cleaned, [Board.empty(len(cleaned)) for _ in range(SCORINGS)])

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def blank(self) -> bool:
        return all(b.blank for b in self.scorings)

    # --- the sums: the core's scoring -----------------------------------------------------------

    def table(self, scoring: int) -> ScoreTable:
        """That scoring place by place, with ranks, points and both bonuses, by the rules core;
        its `before` is what the scorings before it gave, its `after` the running total."""
        return self._table(scoring, self.running(scoring - 1))

    def _table(self, scoring: int, before: Sequence[int] | None = None) -> ScoreTable:
        board = self.scorings[scoring]
        return score_position(
            board.counts[CASTILLO],
            {r: board.counts[r] for r in REGIONS},
            king=board.king,
            homes=board.homes,
            scoreboards={p: b for b, p in board.boards.items() if p is not None},
            before=before,
        )

    def gains(self) -> list[tuple[int, ...]]:
        """Each scoring's points per player."""
        return [self._table(k).gain for k in range(SCORINGS)]

    def running(self, scoring: int) -> tuple[int, ...]:
        """Points per player from the first scoring up to `scoring` (-1: none yet)."""
        totals = (0,) * self.players
        for gain in self.gains()[: scoring + 1]:
            totals = tuple(a + g for a, g in zip(totals, gain, strict=True))
        return totals

    def missing(self, scoring: int) -> list[str]:
        """What the board of that scoring still lacks, as sentences (the King, Grandes)."""
        board = self.scorings[scoring]
        out = []
        if board.king is None:
            out.append(t("sheet.no_king"))
        without = [self.names[s] for s, h in enumerate(board.homes) if h is None]
        if without:
            out.append(t("sheet.no_home", names=t("join.list").join(without)))
        return out

    # --- edits: each checks first, then changes; SheetError changes nothing ----------------------

    def set_count(self, scoring: int, place: str, seat: int, count: int) -> None:
        """`seat` has `count` Caballeros in `place` at that scoring."""
        board = self.scorings[scoring]
        if not 0 <= count <= IN_PLAY:
            raise SheetError(t("sheet.err_count", n=IN_PLAY))
        total = board.on_board(seat) - board.counts[place][seat] + count
        if total > IN_PLAY:
            raise SheetError(t("sheet.err_total", name=self.names[seat], count=total, n=IN_PLAY))
        board.counts[place][seat] = count

    def set_king(self, scoring: int, place: str) -> None:
        """The King stands in `place` (a region, never the Castillo, R-C3)."""
        if place not in REGIONS:
            raise SheetError(t("sheet.err_king_castillo"))
        self.scorings[scoring].king = place

    def set_home(self, scoring: int, seat: int, place: str) -> None:
        """`seat`'s Grande stands in `place`: their home region (a region, R-S2)."""
        if place not in REGIONS:
            raise SheetError(t("sheet.err_home_castillo"))
        self.scorings[scoring].homes[seat] = place

    def set_scoreboard(self, scoring: int, board_id: str, place: str | None) -> None:
        """The mobile scoreboard `board_id` lies on `place` (None: off the board). One place
        holds at most one (R-K4); the Castillo may hold one."""
        board = self.scorings[scoring]
        if board_id not in board.boards:
            raise SheetError(t("sheet.err_board", boards=", ".join(SCOREBOARD_IDS)))
        if place is not None:
            if place not in PLACES:
                raise SheetError(t("sheet.err_place", place=place))
            other = board.board_on(place)
            if other is not None and other != board_id:
                raise SheetError(
                    t("sheet.err_two_boards", place=region(place, start=True), board=other)
                )
        board.boards[board_id] = place

    def next_scoreboard(self, scoring: int, place: str) -> str | None:
        """Turn what lies on `place` to the next of: nothing, 8/4/0, 4/0/0 (a scoreboard put
        here leaves the place it lay on: there is one of each). Returns what lies there now."""
        board = self.scorings[scoring]
        order: list[str | None] = [None, *SCOREBOARD_IDS]
        now = board.board_on(place)
        following = order[(order.index(now) + 1) % len(order)]
        if now is not None:
            board.boards[now] = None
        if following is not None:
            board.boards[following] = place
        return following

    def copy_forward(self, scoring: int) -> bool:
        """A blank scoring starts with the King, the Grandes and the scoreboards of the one
        before it (they move seldom; the Caballeros are read afresh). True if it did."""
        board = self.scorings[scoring]
        if scoring == 0 or not board.blank:
            return False
        before = self.scorings[scoring - 1]
        board.king = before.king
        board.homes = list(before.homes)
        board.boards = dict(before.boards)
        return not board.blank

    def clear(self) -> None:
        """A new game at the same table: the three scorings empty, the names kept."""
        self.scorings = [Board.empty(self.players) for _ in range(SCORINGS)]
        self.current = 0

    def rename(self, names: Sequence[str]) -> None:
        """New names for the same players (their number stays: the counts are theirs, seat
        by seat); a sheet with nothing entered may also change its number of players."""
        cleaned = check_names(names)
        if len(cleaned) != self.players:
            if not self.blank:
                raise SheetError(t("sheet.err_players_fixed", n=self.players))
            self.scorings = [Board.empty(len(cleaned)) for _ in range(SCORINGS)]
        self.names = cleaned

    def go_to(self, scoring: int) -> None:
        if not 0 <= scoring < SCORINGS:
            raise SheetError(t("sheet.err_scoring", n=SCORINGS))
        self.current = scoring


def check_names(names: Sequence[str]) -> list[str]:
    """The names as the sheet keeps them (trimmed, NFC; the empty ones left out), or
    `SheetError` saying which rule one breaks (`el_grande.names`) or that 2-5 are needed."""
    cleaned = [normalise(n) for n in names if normalise(n)]
    if not MIN_PLAYERS <= len(cleaned) <= MAX_PLAYERS:
        raise SheetError(t("sheet.err_players", low=MIN_PLAYERS, high=MAX_PLAYERS))
    problem = names_problem(cleaned)
    if problem is not None:
        raise SheetError(problem)
    return cleaned
