"""Forms that fit on one screen and move like a table: the new-game form and the settings.

A `FormScreen` lays its fields out as rows (`grid`, ids row by row) and has its own Tab order
(`tab_order`). The arrow keys move between fields: ↑↓ to the row above or below (the same
column where there is one), ←→ along a row (in a text field only from its first or last
character). A list (`FormSelect`) opens with Enter or Space, so the arrows never open one by
accident. `SeatRow` is one seat of a table: a name, a colour and a kind (human or computer).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Label, Select

from el_grande.app.textual_compat import LaidOutOnce
from el_grande.settings import DEFAULT_PLAYERS, PlayerDefault
from el_grande.setup import COLOURS, KINDS
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.settings import PlayerDefault


def _form_of(widget: Widget) -> FormNavigation | None:
    screen = widget.screen
    return screen if isinstance(screen, FormNavigation) else None


class FormInput(Input):
    """A one-line text field; → at its end and ← at its start go to the neighbouring field."""

    def __init__(self, value: str = "", **kwargs: object) -> None:
        kwargs.setdefault("compact", True)
        super().__init__(value, **kwargs)  # type: ignore[arg-type]

    def action_cursor_right(self, select: bool = False) -> None:
        form = _form_of(self)
        if (
            form is not None
            and not select
            and self.selection.is_empty
            and self.cursor_at_end
            and self.suggester is None  # (with one, → at the end takes its suggestion)
            and form.move_focus(self, dx=1)
        ):
            return
        super().action_cursor_right(select)

    def action_cursor_left(self, select: bool = False) -> None:
        form = _form_of(self)
        if (
            form is not None
            and not select
            and self.selection.is_empty
            and self.cursor_at_start
            and form.move_focus(self, dx=-1)
        ):
            return
        super().action_cursor_left(select)


class FormSelect(Select[object], inherit_bindings=False):
    """A one-line list that opens with Enter or Space (not with ↑↓, which move in the form)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "show_overlay", show=False),
    ]

    def __init__(self, options: list[tuple[str | Text, object]], **kwargs: object) -> None:
        kwargs.setdefault("compact", True)
        kwargs.setdefault("allow_blank", False)
        kwargs.setdefault("prompt", t("new.select"))  # not Textual's English "Select"
        super().__init__(options, **kwargs)  # type: ignore[arg-type]


def colour_options() -> list[tuple[str | Text, object]]:
    return [(t(f"colour.{c}"), c) for c in COLOURS]


def kind_options() -> list[tuple[str | Text, object]]:
    return [(t(label), kind) for kind, label in KINDS.items()]


class SeatRow(Horizontal):
    """One seat: "Player N", the name (`name-N`), the colour (`colour-N`), the kind
    (`kind-N`: "human" or "bot:<level>")."""

    DEFAULT_CSS = """
    SeatRow {
        height: 1;
        margin-bottom: 0;
    }
    SeatRow .seat-label {
        width: 11;  /* "Player 5", "플레이어 5" (10 cells) and a space */
    }
    SeatRow .seat-label.-lit {
        text-style: bold reverse;
    }
    SeatRow .seat-name {
        width: 25;
        margin-right: 2;
    }
    SeatRow .seat-colour {
        width: 14;
        margin-right: 2;
    }
    SeatRow .seat-kind {
        width: 22;
    }
    """

    def __init__(self, index: int, seat: PlayerDefault, label: str) -> None:
        super().__init__(classes="seat-row")
        self.index = index
        self.seat = seat
        self.label = label

    def compose(self) -> ComposeResult:
        i, seat = self.index, self.seat
        yield Label(self.label, classes="seat-label", markup=False)
        yield FormInput(
            seat.name,
            placeholder=t("new.name_placeholder"),
            id=f"name-{i}",
            classes="seat-name",
        )
        yield FormSelect(
            colour_options(),
            value=seat.colour,
            id=f"colour-{i}",
            classes="seat-colour",
        )
        kind = seat.seat_kind
        yield FormSelect(
            kind_options(),
            value=kind if kind in KINDS else "human",
            id=f"kind-{i}",
            classes="seat-kind",
        )


def in_language(seats: tuple[PlayerDefault, ...]) -> tuple[PlayerDefault, ...]:
    """The settings' players as a new game names them: the built-in players (Ana, Ben, Cy:
    nobody chose them) get the catalogue's names, so that they suit the language (민준, 서연,
    지훈 in Korean); players someone set are kept as they are."""
    if seats != DEFAULT_PLAYERS:
        return seats
    names = [n.strip() for n in t("new.default_names").split(",")]
    return tuple(replace(p, name=n) for p, n in zip(seats, names, strict=False))


def seat_rows(seats: tuple[PlayerDefault, ...], count: int) -> list[PlayerDefault]:
    """`count` rows: the given seats (`in_language`), then empty ones (no name, a colour
    nobody has)."""

    seats = in_language(seats)
    rows = list(seats[:count])
    free = iter([c for c in COLOURS if c not in {s.colour for s in rows}])
    return rows + [PlayerDefault("", next(free)) for _ in range(count - len(rows))]


#: A form's rows (their class) and the label that names each (its class).
ROW_LABELS = {"opt-row": "opt-label", "seat-row": "seat-label", "names-row": "names-label"}
#: The class of the label of the row the focus is in (the form's style file lights it).
LIT = "-lit"


class FormNavigation(LaidOutOnce, Screen[object]):
    """A screen whose fields move like a table (see the module's docstring). The label of the
    row the focus is in is lit (`LIT`): a class on one label, not `:focus-within` on the rows,
    with which Textual restyled both rows the focus left and came to, every widget in them,
    at every move."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "next_field", show=False),
        Binding("shift+tab", "previous_field", show=False),
        Binding("up", "move(0, -1)", show=False),
        Binding("down", "move(0, 1)", show=False),
        Binding("left", "move(-1, 0)", show=False),
        Binding("right", "move(1, 0)", show=False),
    ]

    _lit: Widget | None = None

    def focused_label(self) -> Widget | None:
        """The label of the row the focus is in, if it is in one."""
        node = self.focused
        while node is not None and node is not self:
            for row, label in ROW_LABELS.items():
                if node.has_class(row):
                    return next((c for c in node.children if c.has_class(label)), None)
            node = node.parent if isinstance(node.parent, Widget) else None
        return None

    def _light(self) -> None:
        label = self.focused_label()
        if label is not self._lit:
            if self._lit is not None:
                self._lit.remove_class(LIT)
            if label is not None:
                label.add_class(LIT)
            self._lit = label

    def on_descendant_focus(self) -> None:
        self._light()

    def on_descendant_blur(self) -> None:
        self._light()

    def grid(self) -> list[list[str]]:
        """The fields' ids, row by row, as they stand on the screen."""
        raise NotImplementedError

    def tab_order(self) -> list[str]:
        """The fields' ids in Tab order."""
        raise NotImplementedError

    def _focus_id(self, widget_id: str) -> bool:
        found = self.query(f"#{widget_id}")
        if not found:
            return False
        widget = found.first()
        if not widget.focusable:
            return False
        widget.focus()
        return True

    def move_focus(self, widget: Widget | None, dx: int = 0, dy: int = 0) -> bool:
        """Focus the field `dx` columns / `dy` rows from `widget`; False if there is none."""
        if widget is None or widget.id is None:
            return False
        grid = self.grid()
        cells = ((r, c) for r, row in enumerate(grid) for c, cell in enumerate(row))
        where = next(((r, c) for r, c in cells if grid[r][c] == widget.id), None)
        if where is None:
            return False
        row, col = where
        if dy:
            row += dy
            while 0 <= row < len(grid):
                if self._focus_id(grid[row][min(col, len(grid[row]) - 1)]):
                    return True
                row += dy
            return False
        col += dx
        while 0 <= col < len(grid[row]):
            if self._focus_id(grid[row][col]):
                return True
            col += dx
        return False

    def _step(self, delta: int) -> None:
        order = self.tab_order()
        focused = self.focused
        if focused is not None and focused.id in order:
            start = order.index(focused.id)
        else:
            start = -1 if delta > 0 else 0
        for k in range(1, len(order) + 1):
            if self._focus_id(order[(start + delta * k) % len(order)]):
                return

    def action_next_field(self) -> None:
        self._step(1)

    def action_previous_field(self) -> None:
        self._step(-1)

    def action_move(self, dx: int, dy: int) -> None:
        self.move_focus(self.focused, dx, dy)
