"""The host's desk: what the host's own screen (`el-grande host --here`) can do that no other
screen at the table can — show the join codes again (`c`), and give a seat to a computer
player or back to its person (`r`, the seat menu of the hot seat: `seat_menu.SeatMenu`).

The screen knows the desk only by the `Desk` protocol below (the command line's desk holds
the hosted table, `el_grande.net_cli`): it imports nothing of the network. Whoever sits at the
host's keyboard sees the codes only by asking for them, in a box that says who each is for;
the codes of computer players' seats do not exist (such a seat can go to a person only once
it has a code: never here).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from el_grande.app.closing import close
from el_grande.app.screens.boxed import BoxedModal
from el_grande.names import printable
from el_grande.text import t


@dataclass(frozen=True, slots=True)
class Code:
    """One code of the table: whose (a seat's name; None: the watchers') and the code."""

    name: str | None
    code: str


class Desk(Protocol):
    """The host's own controls, as the host's screen asks for them."""

    @property
    def where(self) -> str:
        """The table's address, as screens join it (`ws://…`)."""
        ...

    def codes(self) -> Sequence[Code]:
        """A code per person's seat, then the watchers' code."""
        ...

    def offered(self, seat: int) -> tuple[str, ...]:
        """Who may take `seat` (`flow.seats.kinds()`, without a person if it has no code)."""
        ...

    def give_seat(self, seat: int, kind: str) -> str | None:
        """Give `seat` to `kind`: None when done (right after a display on show, if one is),
        else why not (one sentence; nothing changed)."""
        ...


class CodesScreen(BoxedModal[None]):
    """The table's codes, on the host's screen until Esc."""

    DEFAULT_CSS = """
    CodesScreen > .box { width: 64; }
    #codes-title { text-style: bold; margin-bottom: 1; }
    #codes-note { color: $text-muted; margin-top: 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,c,q", "done", "keys.close", id="codes_close")
    ]

    def __init__(self, desk: Desk) -> None:
        super().__init__()
        self.desk = desk

    def compose(self) -> ComposeResult:
        table = Table(show_edge=False, box=None, padding=(0, 2, 0, 0))
        table.add_column(t("wire.codes_who"))
        table.add_column(t("wire.codes_code"))
        for each in self.desk.codes():
            who = t("wire.codes_watchers") if each.name is None else printable(each.name)
            table.add_row(Text(who), Text(each.code, style="bold"))
        with Vertical(classes="box"):
            yield Static(t("wire.codes_title"), id="codes-title", markup=False)
            yield Static(Text(t("remote.codes_where", where=printable(self.desk.where))))
            yield Static(table, id="codes-table")
            yield Static(t("wire.codes_give"), id="codes-note", markup=False)

    def action_done(self) -> None:
        close(self)
