"""The marks on a person's prompt (plain data, frozen): a caution on a likely mistake
(`el_grande.flow.cautions` works them out) and what changed on the public board since the
player's previous decision (`el_grande.flow.changes`). Below the scenes, which carry them
(`el_grande.flow.scenes.Prompt`), and below the features that make them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from el_grande.records import record

if TYPE_CHECKING:
    from el_grande.core import Choice


@record
class Caution:
    """A mark on one legal choice: `cost`, the final points it gives away against the best
    choice (None: not weighed, or under `THRESHOLD`); `court`: the fixed rule (fewer
    Caballeros to court than could come)."""

    choice: Choice
    cost: float | None = None
    court: bool = False


@record
class Changes:
    """What changed on the public board. Places are ids ("galicia", "castillo")."""

    #: (place, seat, more or fewer), board order then seat; "castillo" only when it is open.
    caballeros: tuple[tuple[str, int, int], ...] = ()
    #: (from, to): the King moved.
    king: tuple[str, str] | None = None
    #: (seat, from, to): a Grande moved.
    grandes: tuple[tuple[int, str, str], ...] = ()
    #: (scoreboard, from, to): a mobile scoreboard came, moved or went (None: off the board).
    scoreboards: tuple[tuple[str, str | None, str | None], ...] = ()
    #: (seat, points more or fewer).
    scores: tuple[tuple[int, int], ...] = ()
    #: (seat, Caballeros more or fewer in the court): an open Castillo only.
    courts: tuple[tuple[int, int], ...] = ()
    #: (seat, how many): Veto cards a player took (R-V1).
    vetoes: tuple[tuple[int, int], ...] = ()
    #: (by, seat, card): a Veto used, cancelling `seat`'s special action of `card` (R-V2).
    vetoed: tuple[tuple[int, int, str], ...] = ()

    def __bool__(self) -> bool:
        return bool(
            self.caballeros
            or self.king
            or self.grandes
            or self.scoreboards
            or self.scores
            or self.courts
            or self.vetoes
            or self.vetoed
        )

    def at(self, place: str) -> dict[int, int]:
        """Per seat, how many Caballeros more (or fewer) stand in `place`."""
        return {seat: n for p, seat, n in self.caballeros if p == place}

    def score(self, seat: int) -> int:
        return next((n for s, n in self.scores if s == seat), 0)

    def court(self, seat: int) -> int:
        return next((n for s, n in self.courts if s == seat), 0)
