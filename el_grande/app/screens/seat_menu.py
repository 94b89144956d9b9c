"""The seat menu (`r` on the game screen): who plays each seat, and a seat given to a computer
player or taken back from one, from the decision at hand on.

Two steps in one panel at the right, over the cards and the prompt, the map left in view: the
seats (each with its chip, its name and who plays it now; the cursor on the seat whose decision
is open), then for the chosen seat who plays it from now on — a person, or a computer player of
each level of the one bot registry (`el_grande.bots.registry`). The menu decides nothing: it
returns (seat, kind), and the table's flow gives the seat (`TableFlow.give_seat`), which also
says when seats may not change hands (`el_grande.flow.seats`): the key is refused there with
the flow's one sentence, and the menu never opens.

The game screen opens it (`r`), tells the table what `said` once a seat changed hands, and
keeps its widgets' seating up to date with `reseat` (the players' panel marks the computer
players).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from el_grande.app.closing import close
from el_grande.app.present import chip
from el_grande.app.screens.boxed import BoxedModal
from el_grande.bots.registry import level
from el_grande.flow.seats import kinds
from el_grande.hands import HARD
from el_grande.setup import bot_level
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.flow.scenes import Frame
    from el_grande.session import Seating


def who(kind: str) -> str:
    """Who plays a seat of `kind`, as the menu says it ("a person", "computer: hard")."""
    found = bot_level(kind)
    return t("seats.person") if found is None else t(level(found).seat_key)


class SeatMenu(BoxedModal[tuple[int, str] | None]):
    """Returns (seat, kind) chosen, or None (closed)."""

    DEFAULT_CSS = """
    SeatMenu { align: right top; }  /* its see-through background: app.tcss */
    #seats-box { width: 33%; min-width: 33; max-width: 60; height: 100%; padding: 1 1; }
    #seats-title { text-style: bold; margin-bottom: 1; }
    #seats-list, #seats-kinds { height: auto; max-height: 8; }
    #seats-note { color: $text-muted; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "keys.close", id="seats_close"),
    ]

    def __init__(
        self,
        seating: Seating,
        start: int | None = None,
        offered: Callable[[int], tuple[str, ...]] | None = None,
    ) -> None:
        """`start`: the seat the cursor opens on (the one whose decision is open); `offered`:
        who may take a seat (default `kinds()`: a person or any computer player)."""
        super().__init__()
        self.seating = seating
        self.offered = offered if offered is not None else (lambda _seat: kinds())
        self.start = start if start is not None and 0 <= start < seating.count else 0
        self.seat: int | None = None  # the seat being given (None: choosing the seat)

    @classmethod
    def of(cls, frame: Frame) -> SeatMenu:
        """The menu for the table's frame, opened on the seat whose decision is open (else
        the turn's player)."""
        d = frame.decision
        return cls(frame.seating, d.player if d is not None else frame.active)

    def compose(self) -> ComposeResult:
        with Vertical(id="seats-box", classes="box"):
            yield Static(t("seats.title"), id="seats-title", markup=False)
            yield OptionList(*self._seat_rows(), id="seats-list", markup=False)
            yield OptionList(id="seats-kinds", markup=False)
            yield Static(t("seats.note"), id="seats-note", markup=False)

    def on_mount(self) -> None:
        self.query_one("#seats-kinds").display = False
        seats = self.query_one("#seats-list", OptionList)
        seats.highlighted = self.start
        seats.focus()

    def _seat_rows(self) -> list[Option]:
        rows = []
        for seat in range(self.seating.count):
            name = self.seating.name(seat)
            row = Text.assemble(chip(self.seating, seat, " "), " ")
            row.append(t("seats.row", name=name, who=who(self.seating.kind(seat))))
            rows.append(Option(row, id=str(seat)))
        return rows

    def _choose_kind(self, seat: int) -> None:
        self.seat = seat
        now = self.seating.kind(seat)
        options = self.query_one("#seats-kinds", OptionList)
        options.clear_options()
        offered = self.offered(seat)
        for kind in offered:
            mark = "✓ " if kind == now else "  "
            options.add_option(Option(Text(mark + who(kind)), id=kind))
        options.highlighted = offered.index(now) if now in offered else 0
        self.query_one("#seats-list").display = False
        options.display = True
        options.focus()
        note = t("seats.kinds_note", name=self.seating.name(seat))
        self.query_one("#seats-note", Static).update(Text(note))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        picked = event.option.id
        if picked is None:
            return
        if event.option_list.id == "seats-list":
            self._choose_kind(int(picked))
        elif self.seat is not None:
            close(self, (self.seat, picked))

    def action_back(self) -> None:
        if self.seat is None:
            close(self)
            return
        self.seat = None  # back to the seats
        self.query_one("#seats-kinds").display = False
        seats = self.query_one("#seats-list", OptionList)
        seats.display = True
        seats.focus()
        self.query_one("#seats-note", Static).update(Text(t("seats.note")))


def said(seating: Seating, hints: bool, seat: int) -> str:
    """What the table is told once `seat` changed hands (`seating`: the seats now; `hints`:
    the table allows hints — else a Hard player's hints are counted, and it says so)."""
    name = seating.name(seat)
    found = seating.bot_level(seat)
    if found is None:
        return t("seats.to_person", name=name)
    text = t("seats.to_bot", level=t(level(found).label_key), name=name)
    if not hints and found == HARD:
        text += " " + t("seats.counted", name=name)
    return text
