"""The end of a game, told whole: every scoring place by place, the scores round by round,
and per player the regions won, the Castillo's results, the special scorings and the power
cards played — for the game-over screen and the export.

Read from the one story (`el_grande.story`): `Epilogue.of(record)` walks the record once with
`story.Walk`; the export, which walks it already, feeds its chapters to an `EpilogueBuilder`
instead. The points are the story's own tally (`ScoringRecord`), never added up again here.

Plain Python: no Textual, no rich, no pydantic.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from el_grande.core import events as E
from el_grande.core.kinds import AwardReason, Purpose
from el_grande.story import Chapter, ScoringRecord, Story, Walk

if TYPE_CHECKING:
    from el_grande.core import Game, View


@dataclass(frozen=True, slots=True)
class Scoring:
    """One scoring: the story's record of it and each place it scored, in order."""

    record: ScoringRecord
    places: tuple[E.PlaceScored, ...]
    marches: tuple[tuple[int, str], ...] = ()  # (seat, region) the Castillo's disks chose

    @property
    def general(self) -> bool:
        return self.record.why == "general"


def winners_of(place: E.PlaceScored) -> tuple[int, ...]:
    """The seats that won `place` outright: first rank, alone (R-K2; a tie for first wins
    nobody's first place)."""
    return tuple(a.seat for a in place.awards if a.reason is AwardReason.RANK and a.position == 1)


def rank_of(place: E.PlaceScored, seat: int) -> int | None:
    """The rank position whose value `seat` scored in `place` (1–3), or None."""
    for a in place.awards:
        if a.seat == seat and a.reason in (AwardReason.RANK, AwardReason.TIE):
            return a.position
    return None


@dataclass(frozen=True, slots=True)
class Epilogue:
    """A finished (or unfinished) game's whole story, in numbers."""

    names: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    scorings: tuple[Scoring, ...]
    rounds: int  # rounds played
    powers: tuple[tuple[int, ...], ...]  # per seat, the power cards played, in order
    final: View  # the board at the end, as everybody may see it

    @classmethod
    def of(cls, record: dict[str, Any], *, reveal: bool = True) -> Epilogue:
        """The epilogue of a (valid) game record, walked once."""
        walk = Walk(record, reveal=reveal)
        builder = EpilogueBuilder(len(record["players"]))
        for chapter in walk.chapters():
            builder.add(chapter)
        return builder.build(walk.game, walk.story, record["players"])

    @property
    def general(self) -> tuple[Scoring, ...]:
        return tuple(s for s in self.scorings if s.general)

    @property
    def last_general(self) -> Scoring | None:
        general = self.general
        return general[-1] if general else None

    def by_round(self) -> list[tuple[int, ...]]:
        """Every player's total at the end of each round played (index 0: round 1)."""
        n = len(self.names)
        out: list[tuple[int, ...]] = []
        totals = (0,) * n
        records = [s.record for s in self.scorings]
        for r in range(1, self.rounds + 1):
            for rec in records:
                if rec.round == r:
                    totals = rec.totals_after
            out.append(totals)
        return out

    def regions_won(self, seat: int) -> list[tuple[int, tuple[str, ...]]]:
        """Per general scoring (its index 1–3): the places `seat` won outright."""
        return [
            (s.record.index, tuple(p.place for p in s.places if seat in winners_of(p)))
            for s in self.general
        ]

    def castillo(self, seat: int) -> list[tuple[int, int, int | None, int, str | None]]:
        """Per general scoring: (index, Caballeros in the Castillo, rank, points there,
        the region they marched to — None if none were there)."""
        out = []
        for s in self.general:
            place = next((p for p in s.places if p.place == "castillo"), None)
            if place is None:
                continue
            count = place.counts[seat]
            to = next((r for who, r in s.marches if who == seat), None) if count else None
            out.append((s.record.index, count, rank_of(place, seat), place.points[seat], to))
        return out

    def specials(self, seat: int) -> list[tuple[int, str, int]]:
        """The scorings by an action card that gave `seat` points: (round, card, points)."""
        return [
            (s.record.round, s.record.why, s.record.points[seat])
            for s in self.scorings
            if not s.general and s.record.points[seat]
        ]


@dataclass
class EpilogueBuilder:
    """Collects an epilogue from a story's chapters, in order (`add`), then `build`."""

    players: int
    _scorings: list[Scoring] = field(default_factory=list)
    _records: list[ScoringRecord] = field(default_factory=list)
    _open: list[E.PlaceScored] = field(default_factory=list)
    _marches: list[tuple[int, str]] = field(default_factory=list)
    _powers: list[list[int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._powers = [[] for _ in range(self.players)]

    def add(self, chapter: Chapter) -> None:
        records = iter(chapter.scorings)  # one per ScoringEnded in this chapter, in order
        for ev in chapter.events:
            match ev:
                case E.ScoringStarted():
                    self._open, self._marches = [], []
                case E.PlaceScored():
                    self._open.append(ev)
                case E.SecretsRevealed(purpose=Purpose.CASTILLO):
                    self._marches.extend(ev.choices)
                case E.ScoringEnded():
                    record = next(records)
                    scoring = Scoring(record, tuple(self._open), tuple(self._marches))
                    self._scorings.append(scoring)
                    self._open, self._marches = [], []
                case E.PowerCardPlayed():
                    self._powers[ev.seat].append(ev.value)

    def build(self, game: Game, story: Story, names: Iterable[str]) -> Epilogue:
        """The epilogue, `final` the board as everybody may see it (`game.view(None)`)."""
        view = game.view(None)
        return Epilogue(
            names=tuple(names),
            scores=tuple(game.scores),
            winners=tuple(game.winners),
            scorings=tuple(self._scorings),
            rounds=view.round_number if not game.over else len(view.rounds),
            powers=tuple(tuple(p) for p in self._powers),
            final=view,
        )
