"""What the board widgets draw, as one immutable value (`Shown`), and how a scoring display
plays its events out on the board (`step_view`).

The game screen (and the replay viewer) set their `shown` reactive; the map, the cards, the
players and the round track are bound to it (`data_bind`) and repaint only what changed.
Nothing here asks the game for a view: views come from the session's `Update`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from el_grande.core import NEIGHBOURS, PLACES, Choice, Decision, View
from el_grande.core import events as E

#: Verbs whose argument is a place, answered on the map.
PLACE_VERBS = frozenset(
    {"place", "from", "to", "region", "score", "king", "grande", "disk", "recall", "return"}
)
_PLACES = frozenset(PLACES)


def place_of(choice: Choice | None) -> str | None:
    """The map place a choice points at, if it is region-shaped."""
    if choice is not None and choice.verb in PLACE_VERBS and choice.arg in _PLACES:
        return str(choice.arg)
    return None


def card_of(choice: Choice | None) -> str | None:
    return str(choice.arg) if choice is not None and choice.verb == "card" else None


def power_of(choice: Choice | None) -> int | None:
    if choice is not None and choice.verb in ("power", "retrieve"):
        return int(choice.arg)  # type: ignore[arg-type]
    return None


@dataclass(frozen=True, slots=True)
class Legal:
    """The places, cards and power cards a decision can be answered with (lit on screen)."""

    places: frozenset[str] = frozenset()
    cards: frozenset[str] = frozenset()
    powers: frozenset[int] = frozenset()

    @classmethod
    def of(cls, d: Decision | None) -> Legal:
        if d is None:
            return NO_LEGAL
        return cls(
            frozenset(p for c in d.choices if (p := place_of(c))),
            frozenset(c for ch in d.choices if (c := card_of(ch))),
            frozenset(v for c in d.choices if (v := power_of(c)) is not None),
        )


NO_LEGAL = Legal()


@dataclass(frozen=True, slots=True)
class Shown:
    """Everything the board widgets draw at one moment."""

    view: View  # public, or the chooser's own behind their curtain
    to_move: int | None = None  # the seat marked ▶ (None: nobody is asked now)
    doing: str = ""  # what they must do, for the round track
    legal: Legal = NO_LEGAL  # lit targets (none for a bot, behind a curtain, in a display)
    cursor: Choice | None = None  # the highlighted choice, mirrored on the board
    lit: str | None = None  # the place a scoring display is scoring now

    @property
    def cursor_place(self) -> str | None:
        return place_of(self.cursor)

    @property
    def cursor_card(self) -> str | None:
        return card_of(self.cursor)

    @property
    def cursor_power(self) -> int | None:
        return power_of(self.cursor)


def differs(old: Shown | None, new: Shown | None, *parts: str) -> bool:
    """Whether `new` shows something else than `old` in `parts` (attribute names of
    `Shown`): a widget repaints only for what it draws. Views are compared by identity
    first (the same update's view is the same object) and by value only when they differ."""
    if old is None or new is None:
        return old is not new
    for part in parts:
        a, b = getattr(old, part), getattr(new, part)
        if a is not b and a != b:
            return True
    return False


# --- a scoring display plays out on the board ------------------------------------------------


def step_view(view: View, events: Iterable[E.Event]) -> View:
    """`view` (a public view) with what `events` did to the board: Caballeros moved, points
    scored, the King, a Grande or a scoreboard moved. The round, the cards and the hands
    change only when the whole display is over (the screen then shows the session's view).

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
