"""The story of a game, told once: each step's events, the narrator's lines and the scorings
it ended.

One walker, two ways in:

* **live** — the session tells every choice as it is applied (`Story.tell`), and carries the
  chapter in its `Update`: the game screen's log and its scoring displays read it there;
* **from a record** — `Walk(record)` replays a saved game once and tells it chapter by
  chapter: the export, the replay viewer and `GameSession.from_record` read it.

Either way the same `Narrator` says the same sentences, and the scoring tally (points by
scoring, totals after it, the one count of general scorings) is kept in one place.

Plain Python: no Textual, no rich, no pydantic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from el_grande.core import Event, Game, visible_to
from el_grande.core import events as E
from el_grande.names import printable
from el_grande.narrate import Line, Narrator
from el_grande.records import record


@record(slots=True)
class ScoringRecord:
    """One scoring (general or by an action card) as it happened."""

    why: str  # "general" or the action card id
    round: int  # the round it happened in, counted as played (a 6-round game counts 1–6)
    points: tuple[int, ...]
    totals_after: tuple[int, ...]
    index: int = 0  # 1-3 for general scorings, else 0


@record(slots=True)
class Chapter:
    """What one step of the story told: the opening's, or one choice's."""

    events: tuple[Event, ...]  # as this story shows them (whole, or as the table saw them)
    lines: tuple[Line, ...]  # the narrator's lines for those events
    round: int  # the round-track number the step was taken in (0 before round 1)
    scorings: tuple[ScoringRecord, ...] = ()  # the scorings this step ended
    general: int = 0  # general scorings begun by the end of this step


@record(slots=True)
class Step:
    """One decision of a record: who took it, the answer, and its chapter."""

    index: int  # 0-based index in the record's choices
    player: int
    kind: str
    secret: bool
    choice: str  # the answer, in the save file's notation
    chapter: Chapter

    @property
    def events(self) -> tuple[Event, ...]:
        return self.chapter.events

    @property
    def round(self) -> int:
        return self.chapter.round


@record(slots=True)
class Bookmark:
    """Where a story stood (an undo goes back to one)."""

    log: int
    scorings: int
    narrator: Narrator
    totals: tuple[int, ...]
    round: int
    played: int


class Story:
    """The story so far: the narrator, the log of every line told, the scoring tally.

    `reveal`: tell events whole (a finished game's export or replay); otherwise as everybody
    at the table saw them (`visible_to(ev, None)`: a hidden Castillo stays hidden).
    """

    def __init__(
        self,
        names: Sequence[str],
        king: str | None,
        *,
        name: Callable[[str], str] = printable,
        reveal: bool = False,
    ) -> None:
        self.narrator = Narrator(list(names), name=name, king=king)
        self.reveal = reveal
        self.log: list[Line] = []
        self.scorings: list[ScoringRecord] = []
        self.totals = [0] * len(names)
        self.round = 0  # the round-track number, as the events last told it
        self._played = 0  # rounds played, including the current one

    @classmethod
    def of(
        cls,
        game: Game,
        names: Sequence[str],
        *,
        name: Callable[[str], str] = printable,
        reveal: bool = False,
    ) -> Story:
        """The story of `game` before its opening events are told."""
        return cls(names, game.view(None).king, name=name, reveal=reveal)

    @property
    def general(self) -> int:
        """General scorings begun so far (the narrator counts them: the one count)."""
        return self.narrator.general

    def shown(self, ev: Event) -> Event:
        """`ev` as this story tells it."""
        return ev if self.reveal else visible_to(ev, None)

    def tell(self, events: Sequence[Event]) -> Chapter:
        """Tell `events` (what the opening or one choice did): the lines go into the log,
        ended scorings into the tally; returns the chapter."""
        rnd = self.round
        shown = tuple(self.shown(ev) for ev in events)
        lines: list[Line] = []
        ended: list[ScoringRecord] = []
        for ev in shown:
            lines.extend(self.narrator.tell(ev))
            match ev:
                case E.RoundStarted():
                    self.round, self._played = ev.round, ev.number
                case E.ScoringEnded():
                    for seat, points in enumerate(ev.points):
                        self.totals[seat] += points
                    general = ev.why == "general"
                    ended.append(
                        ScoringRecord(
                            str(ev.why),
                            self._played,
                            tuple(ev.points),
                            tuple(self.totals),
                            self.general if general else 0,
                        )
                    )
        self.log.extend(lines)
        self.scorings.extend(ended)
        return Chapter(shown, tuple(lines), rnd, tuple(ended), self.general)

    def bookmark(self) -> Bookmark:
        return Bookmark(
            len(self.log),
            len(self.scorings),
            self.narrator.copy(),
            tuple(self.totals),
            self.round,
            self._played,
        )

    def rewind(self, mark: Bookmark) -> None:
        """Go back to where the story stood at `mark` (lines and scorings after it dropped)."""
        del self.log[mark.log :]
        del self.scorings[mark.scorings :]
        self.narrator = mark.narrator.copy()
        self.totals = list(mark.totals)
        self.round, self._played = mark.round, mark.played


class Walk:
    """A recorded game told from its start, with one replay: `opening` is the setup's
    chapter; iterating gives one `Step` per choice, `game` standing after it.

    The record must already be valid (load it through `persist.store` first)."""

    def __init__(
        self,
        record: dict[str, Any],
        *,
        reveal: bool = True,
        name: Callable[[str], str] = printable,
    ) -> None:
        self.record = record
        self.game: Game = Game.replay(record, upto=0)
        self.story = Story.of(self.game, record["players"], name=name, reveal=reveal)
        self.opening = self.story.tell(self.game.opening_events)

    def chapters(self) -> Iterator[Chapter]:
        """The opening's chapter, then each choice's."""
        yield self.opening
        for step in self:
            yield step.chapter

    def __iter__(self) -> Iterator[Step]:
        game = self.game
        for i, text in enumerate(self.record["choices"]):
            d = game.decision
            assert d is not None
            chapter = self.story.tell(game.apply(game.parse(text)))
            yield Step(i, d.player, str(d.kind), d.secret, text, chapter)
