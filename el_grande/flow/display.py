"""Scoring and reveal displays: which events make one, their steps, and the board at each step.

A display is a scoring (general, or an action card's) or a reveal of secret disks, shown step
by step while the board plays its events out: Castillo Caballeros march, points tick place by
place with the place lit, the King moves. The steps are plain values (titles, lines, the lit
place, how far into the events they reach), told by the one narrator
(`el_grande.narrate.scoring_steps`); the app's scoring screen draws them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import field
from typing import TYPE_CHECKING, TypeVar

from el_grande.core import NEIGHBOURS, SCOREBOARDS, VALUES, PublicView, View
from el_grande.core import events as E
from el_grande.narrate import ScoringStep, scoring_steps
from el_grande.records import record, replaced
from el_grande.text import card_name, t

if TYPE_CHECKING:
    from el_grande.core import Event
    from el_grande.story import ScoringRecord

#: Events that open a display.
_OPENS = (E.SecretsRevealed, E.ScoringStarted)


@record(frozen=False)
class Display:
    """A scoring or reveal still to show, the board as it stood when it began, and the
    scoring records of the scorings it ends (filled in as their events arrive)."""

    events: list[Event]
    start: PublicView
    #: General scorings begun when this display's scoring began (its "n of 3").
    general: int = 0
    records: list[ScoringRecord] = field(default_factory=list)

    @property
    def why(self) -> str | None:
        """ "general", an action card's id, or None for a reveal on its own."""
        for ev in self.events:
            if isinstance(ev, (E.ScoringStarted, E.ScoringEnded)):
                return str(ev.why)
        return None

    def steps(self, name: Callable[[int], str]) -> list[ScoringStep]:
        """The display's steps, told by the narrator (`el_grande.narrate.scoring_steps`);
        `name(seat)`: a player's name as shown."""
        totals = [record.totals_after for record in self.records]
        return scoring_steps(self.events, self.start.king, totals, name)

    def heading(self) -> str:
        why = self.why
        if why == "general":
            return t("scoring.heading_general", n=self.general)
        if why is not None:
            return t("scoring.heading_special", card=card_name(why))
        return t("scoring.reveal_heading")


def split_displays(
    events: tuple[Event, ...] | list[Event], open_batch: list[Event] | None = None
) -> tuple[list[tuple[int, list[Event]]], list[Event] | None]:
    """Split events into displays: each reveal and each scoring gets its own (a reveal and the
    scoring around it stay together). Each display comes with the index in `events` where it
    begins. A scoring not yet ended (a general scoring waiting for the disks) is handed back
    as the open batch, to be continued by the next events."""
    batches: list[tuple[int, list[Event]]] = []
    current = open_batch
    scoring_open = open_batch is not None
    for i, ev in enumerate(events):
        # A display begins at a reveal or a scoring, unless a scoring is under way (a general
        # scoring's disks are revealed inside it). A reveal before a scoring (a disk card in
        # the round's last turn) is a display of its own, shown before the scoring goes on.
        new = current is None or not scoring_open
        if new and isinstance(ev, _OPENS):
            current = []
            batches.append((i, current))
        elif current is None and isinstance(ev, E.PlaceScored):
            # A scoring whose start came before this screen opened (a resumed game).
            current = []
            batches.append((i, current))
            scoring_open = True
        if current is None:
            continue
        if current is open_batch and not batches:
            batches.append((0, current))
        current.append(ev)
        if isinstance(ev, E.ScoringStarted):
            scoring_open = True
        elif isinstance(ev, E.ScoringEnded):
            current, scoring_open = None, False
    if current is not None and scoring_open:
        batches = [(i, b) for i, b in batches if b is not current]
        return batches, current
    return batches, None


# --- the board at each step ------------------------------------------------------------------


#: A view and what is made of it keep their type: a public view's steps are public views.
V = TypeVar("V", bound=View)


def step_view(view: V, events: Iterable[E.Event]) -> V:
    """`view` (a public view) with what `events` did to the board: Caballeros moved, points
    scored, the King, a Grande or a scoreboard moved. The round, the cards and the hands
    change only when the whole display is over (the table then shows the session's view).

    This is bookkeeping of what the events say, not a rules engine: the core decided it all.
    A count the table may not see (into a hidden Castillo) changes nothing here."""
    for ev in events:
        match ev:
            case E.CaballerosMoved():
                if ev.count:
                    view = _moved(view, ev.whose, ev.src, -ev.count)
                    view = _moved(view, ev.whose, ev.dst, ev.count)
            case E.PlaceScored():
                players = tuple(
                    replaced(p, score=p.score + ev.points[p.seat]) if ev.points[p.seat] else p
                    for p in view.players
                )
                view = replaced(view, players=players)
            case E.KingMoved():
                near = NEIGHBOURS[ev.dst]
                regions = tuple(
                    replaced(r, king=r.id == ev.dst, adjacent_to_king=r.id in near)
                    for r in view.regions
                )
                view = replaced(view, king=ev.dst, regions=regions)
            case E.GrandeMoved():
                players = tuple(
                    replaced(p, home=ev.dst) if p.seat == ev.seat else p for p in view.players
                )
                view = replaced(view, players=players)
            case E.ScoreboardMoved():
                view = _board_moved(view, ev.board, ev.dst)
    return view


def _board_moved(view: V, board: str, dst: str) -> V:
    """`view` with the mobile scoreboard `board` lying on `dst` (R-K4: its values replace
    the place's; the place it left shows its printed values again)."""
    boards = tuple((b, dst if b == board else p) for b, p in view.scoreboards)
    lying = {p: b for b, p in boards if p is not None}
    regions = tuple(
        replaced(
            r,
            scoreboard=lying.get(r.id),
            values=SCOREBOARDS[lying[r.id]] if r.id in lying else VALUES[r.id],
        )
        if r.scoreboard != lying.get(r.id)
        else r
        for r in view.regions
    )
    return replaced(
        view, scoreboards=boards, regions=regions, castillo_scoreboard=lying.get("castillo")
    )


def _moved(view: V, seat: int, place: str, delta: int) -> V:
    if place in ("court", "province", "castillo"):
        player = view.players[seat]
        if place == "court":
            player = replaced(player, court=player.court + delta)
        elif place == "province":
            if player.province is not None:
                player = replaced(player, province=player.province + delta)
        else:
            if player.castillo is not None:
                player = replaced(player, castillo=player.castillo + delta)
            view = replaced(view, castillo_total=view.castillo_total + delta)
        players = tuple(player if p.seat == seat else p for p in view.players)
        return replaced(view, players=players)
    regions = tuple(
        replaced(
            r, caballeros=tuple(c + delta if s == seat else c for s, c in enumerate(r.caballeros))
        )
        if r.id == place
        else r
        for r in view.regions
    )
    return replaced(view, regions=regions)
