"""Audiences: who looks at a screen, and the one place a private view is handed out.

Three kinds of audience watch a game:

* `Seat(i)`: one seat's own screen (a player on a screen of their own — a remote seat,
  later): it may see that seat's own view, all the time, and nobody else's.
* `Table(seats)`: one keyboard and one screen shared by `seats` (any subset of the seats: a
  mixed table has hot-seat seats beside remote ones). A seat's own view shows there only
  behind that seat's curtain (the hot-seat policy's business).
* `Spectator()`: watches the game, sits at no seat: public views only — by type, since a
  spectator's scenes have `PublicView` fields only (`el_grande.flow.scenes.SpectatorScene`).

`private_view` is the one function in the table package that hands out a seat's own view: it
takes a `Seat` or a `Table`, never a `Spectator` (mypy refuses one; so does the function, at
run time), and only for a seat that sits in that audience. A test checks that no other module
of `el_grande.flow` asks the session for a seat's view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from el_grande.records import record

if TYPE_CHECKING:
    from collections.abc import Iterable

    from el_grande.core import Decision, View


@record
class Seat:
    """One seat's own screen: it sees that seat's own view."""

    seat: int

    def sits(self, seat: int) -> bool:
        """Whether `seat` looks at this screen."""
        return seat == self.seat


@record
class Table:
    """One keyboard and one screen shared by `seats` (hot-seat play)."""

    seats: frozenset[int]

    @classmethod
    def of(cls, seats: Iterable[int]) -> Table:
        return cls(frozenset(seats))

    def sits(self, seat: int) -> bool:
        """Whether `seat` looks at this screen (with the others of the table)."""
        return seat in self.seats


@record
class Spectator:
    """Somebody watching who sits at no seat: what everybody may know, nothing more."""

    def sits(self, seat: int) -> bool:
        del seat
        return False


Audience = Seat | Table | Spectator
#: An audience some seat sits in: one that may be handed a seat's own view.
Sitting = Seat | Table


class Latest(Protocol):
    """The session's latest update, as far as views go: the decision at hand, and its
    player's own view when that decision is secret (built once with the update)."""

    @property
    def decision(self) -> Decision | None: ...

    @property
    def private(self) -> View | None: ...


class Views(Protocol):
    """Where a seat's own view comes from: the session (its latest update's, else
    `GameSession.view_for`)."""

    @property
    def current(self) -> Latest: ...

    def view_for(self, seat: int) -> View: ...


def private_view(views: Views, audience: Sitting, seat: int) -> View:
    """`seat`'s own view (its hidden counts, its secret choice in a step under way) for
    `audience`, which `seat` must sit in: the one place of the table package that hands one
    out. A `Spectator` is refused by type and here (ValueError), as is a seat that does not
    sit in the audience."""
    if not isinstance(audience, Seat | Table) or not audience.sits(seat):
        raise ValueError(f"seat {seat}'s own view is not for {audience!r}")
    latest = views.current
    d = latest.decision
    if latest.private is not None and d is not None and d.player == seat:
        return latest.private  # (the update's, built once for every screen)
    return views.view_for(seat)
