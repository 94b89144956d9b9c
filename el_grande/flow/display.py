"""Scoring and reveal displays: which events make one, their steps, and the board at each step.

A display is a scoring (general, or an action card's) or a reveal of secret disks, shown step
by step while the board plays its events out: Castillo Caballeros march, points tick place by
place with the place lit, the King moves. The steps are plain values (titles, lines, the lit
place, how far into the events they reach); the app's scoring screen draws them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from el_grande.core import NEIGHBOURS, View
from el_grande.core import events as E
from el_grande.narrate import award_why, place_name
from el_grande.text import card_name, region, t

if TYPE_CHECKING:
    from el_grande.core import Event
    from el_grande.session import ScoringRecord

#: Events that open a display.
_OPENS = (E.SecretsRevealed, E.ScoringStarted)


@dataclass
class Display:
    """A scoring or reveal still to show, the board as it stood when it began, and the
    scoring records of the scorings it ends (filled in as their events arrive)."""

    events: list[Event]
    start: View
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


# --- steps -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StepLine:
    """One line of a step: an optional player's chip, the text, a style for it ("" or "dim")
    and a note set apart (in italics on screen)."""

    text: str
    seat: int | None = None
    style: str = ""
    note: str = ""


@dataclass(frozen=True, slots=True)
class Total:
    """A row of a scoring's totals: the points this scoring gave and the total after it."""

    seat: int
    points: int
    total: int | None


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a display: its title and lines (or totals), the place lit on the map, and
    how many of the display's events it has played out on the board (`upto`)."""

    title: str
    lines: tuple[StepLine, ...]
    place: str | None
    upto: int
    totals: tuple[Total, ...] = ()


def build_steps(display: Display, name: Callable[[int], str]) -> list[Step]:
    """Group a display's events into steps; each step knows how far into the events it
    reaches. `name(seat)`: a player's name as shown."""
    steps: list[Step] = []
    events = display.events
    king = display.start.king  # a disk on the King's region means "back to the court"
    ended = 0
    march: list[E.CaballerosMoved] = []

    def flush_march(upto: int) -> None:
        if march:
            lines = tuple(
                StepLine(
                    t(
                        "scoring.march_line",
                        name=name(ev.whose),
                        count=ev.count,
                        where=t("scoring.to_court") if ev.dst == "court" else region(ev.dst),
                    ),
                    ev.whose,
                )
                for ev in march
            )
            title = (
                t("scoring.march_title") if march[0].src == "castillo" else t("scoring.moves_title")
            )
            steps.append(Step(title, lines, None, upto))
            march.clear()

    for i, ev in enumerate(events):
        if isinstance(ev, E.CaballerosMoved) and ev.count:
            march.append(ev)
            continue
        flush_march(i)
        match ev:
            case E.KingMoved():
                king = ev.dst
            case E.SecretsRevealed():
                lines = tuple(
                    StepLine(
                        t("scoring.reveal_line", name=name(seat), region=region(place)),
                        seat,
                        note=t("scoring.back_to_court")
                        if str(ev.purpose) == "castillo" and place == king
                        else "",
                    )
                    for seat, place in ev.choices
                )
                steps.append(Step(t("scoring.reveal_title"), lines, None, i + 1))
            case E.PlaceScored():
                steps.append(_scored(ev, name, i + 1))
            case E.ScoringEnded():
                record = display.records[ended] if ended < len(display.records) else None
                ended += 1
                totals = tuple(
                    Total(seat, p, record.totals_after[seat] if record else None)
                    for seat, p in enumerate(ev.points)
                )
                steps.append(Step(t("scoring.table_title"), (), None, i + 1, totals))
    flush_march(len(events))
    return steps


def _scored(ev: E.PlaceScored, name: Callable[[int], str], upto: int) -> Step:
    counts = t("join.list").join(
        t("scoring.count", name=name(s), count=c) for s, c in enumerate(ev.counts) if c
    )
    lines = [
        StepLine(t("scoring.counts", counts=counts or "—")),
        StepLine("/".join(map(str, ev.values)), style="dim"),
    ]
    paid = [a for a in ev.awards if a.points]
    if not any(ev.counts):
        lines.append(StepLine(t("scoring.nobody")))
    elif paid:
        lines += [
            StepLine(
                t("scoring.award_line", name=name(a.seat), points=a.points, why=award_why(a)),
                a.seat,
            )
            for a in paid
        ]
    else:
        lines.append(StepLine(t("ev.scored_none", region=place_name(ev.place))))
    # Players with Caballeros here who score nothing (a tie pushed them out, or they rank
    # below the paid places) are shown too, with their rank, as the calculator shows them.
    scored = {a.seat for a in paid}
    for seat, count in enumerate(ev.counts):
        if count and seat not in scored and paid:
            rank = 1 + sum(1 for other in ev.counts if other > count)
            position = t(f"calc.rank_{min(rank, 5)}")
            tied = ev.counts.count(count) > 1
            why = t("why.tie_at", position=position) if tied else position
            lines.append(
                StepLine(t("scoring.award_line", name=name(seat), points=0, why=why), seat, "dim")
            )
    title = (
        t("scoring.castillo_title")
        if ev.place == "castillo"
        else t("scoring.region_title", region=place_name(ev.place))
    )
    return Step(title, tuple(lines), ev.place, upto)


# --- the board at each step ------------------------------------------------------------------


def step_view(view: View, events: Iterable[E.Event]) -> View:
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
                    replace(p, score=p.score + ev.points[p.seat]) if ev.points[p.seat] else p
                    for p in view.players
                )
                view = replace(view, players=players)
            case E.KingMoved():
                near = NEIGHBOURS[ev.dst]
                regions = tuple(
                    replace(r, king=r.id == ev.dst, adjacent_to_king=r.id in near)
                    for r in view.regions
                )
                view = replace(view, king=ev.dst, regions=regions)
            case E.GrandeMoved():
                players = tuple(
                    replace(p, home=ev.dst) if p.seat == ev.seat else p for p in view.players
                )
                view = replace(view, players=players)
    return view


def _moved(view: View, seat: int, place: str, delta: int) -> View:
    if place in ("court", "province", "castillo"):
        player = view.players[seat]
        if place == "court":
            player = replace(player, court=player.court + delta)
        elif place == "province":
            if player.province is not None:
                player = replace(player, province=player.province + delta)
        else:
            if player.castillo is not None:
                player = replace(player, castillo=player.castillo + delta)
            view = replace(view, castillo_total=view.castillo_total + delta)
        players = tuple(player if p.seat == seat else p for p in view.players)
        return replace(view, players=players)
    regions = tuple(
        replace(
            r, caballeros=tuple(c + delta if s == seat else c for s, c in enumerate(r.caballeros))
        )
        if r.id == place
        else r
        for r in view.regions
    )
    return replace(view, regions=regions)


def names_of(names: Sequence[str]) -> Callable[[int], str]:
    """`name(seat)` for a list of names as shown."""
    return lambda seat: names[seat]
