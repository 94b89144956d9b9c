"""The scoring sheet for a game on a real board (`el-grande calc`, or the title screen).

The players read the board aloud, place by place, and one of them types: the Castillo first
(it is scored first, R-G2), then the nine regions in board order, one count a player. A
count is typed and moves on to the next player (one key for most counts; `+`/`−` nudge it),
so a whole board is about fifty keys. `k` puts the King in the cursor's region, `g` the
cursor's player's Grande, `m` turns the mobile scoreboard lying there (none, 8/4/0, 4/0/0).

Digits build a count as a number field does (`sheet.model.typed_count`): 0 and 4-9 are whole
counts and move on at once; 1, 2 and 3 wait for a second digit ("12", "30") or for Enter or
Tab, which keep them and move on; any other key keeps them where they are. Each scoring keeps
its own cursor (`[`/`]` come back where they left, a scoring not yet seen opens at the top).

Each place shows its values (reduced for 2 and 3 players, R-K3; a scoreboard's ▣), every
player's count, rank (`=` a tie) and points with the King's (♔) and home (⌂) bonuses; below,
each scoring's points and the running total. The numbers are the rules core's
(`el_grande.core.score_position`, through `el_grande.sheet.model`); every edit is written to
the sheet's file at once (`el_grande.sheet.store`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from el_grande.app.access import el_app
from el_grande.app.screens.styled import StyledOnce
from el_grande.app.widgets.form import FormInput, FormNavigation, seat_rows
from el_grande.app.widgets.keybar import KeyBar
from el_grande.core import SCORING_ROUNDS, AwardReason
from el_grande.names import pad, printable, width
from el_grande.sheet.model import IN_PLAY, MAX_PLAYERS, SCORINGS, Sheet, SheetError, typed_count
from el_grande.sheet.store import ORDER, SheetFile, open_kept
from el_grande.text import region, t

if TYPE_CHECKING:
    from el_grande.core import PlaceScore

#: A player's column: ⌂, a count of up to 2 digits, a rank ("=2nd"), points and bonuses.
CELL = 14
#: The Hangul jamo the same keys type on a Korean (2-beolsik) keyboard: the letters work with
#: the Korean input method on, as the curtain's letter does.
JAMO = {"ㅏ": "k", "ㅎ": "g", "ㅡ": "m", "ㅜ": "n", "ㅊ": "c"}
_ROUNDS = sorted(SCORING_ROUNDS)


def open_sheet(app: Any, standalone: bool = False) -> None:
    """Open the sheet kept in the data folder; with none yet (or one that cannot be used),
    the players' names come first. `standalone` (`el-grande calc`): leaving it ends the app.
    A file that cannot be used is set aside at once and said once (`store.open_kept`)."""
    opened = open_kept()
    if opened.sheet is not None:
        app.push_screen(SheetScreen(opened.sheet, SheetFile.of(opened), standalone=standalone))
        return

    def named(sheet: object) -> None:
        if not isinstance(sheet, Sheet):
            if standalone:
                app.exit()
            return
        screen = SheetScreen(sheet, SheetFile.of(opened), standalone=standalone)
        screen.notice = opened.problem
        screen.first_save = True
        app.push_screen(screen)

    app.push_screen(NamesScreen(notice=opened.problem), named)


# --- the grid ----------------------------------------------------------------------------------


def place_label(place: str, king: bool) -> str:
    return region(place, short=True) + (" ♔" if king else "")


def _widths(sheet: Sheet) -> tuple[int, int]:
    """The place column's width and the values column's."""
    labels = [width(place_label(p, True)) for p in ORDER]
    labels += [width(t(f"sheet.scoring_{k + 1}")) for k in range(SCORINGS)]
    labels += [width(t("sheet.total")), width(t("calc.col_place"))]
    return max(labels) + 1, max(6, width(t("calc.col_values"))) + 1


def grid_width(sheet: Sheet) -> int:
    """The width of every line of `grid` (each of its parts is padded to its column): known
    without scoring the board, which a layout asks for at every key."""
    place_w, values_w = _widths(sheet)
    return place_w + values_w + sheet.players * (CELL + 1)


def _rank(row: PlaceScore, seat: int) -> tuple[str, str]:
    """A player's rank in a place ("1st", "=2nd" for a tie) and the bonus marks (♔⌂)."""
    rank, marks = "", ""
    for award in row.awards:
        if award.seat != seat:
            continue
        if award.reason == AwardReason.KING_BONUS:
            marks += "♔"
        elif award.reason == AwardReason.HOME_BONUS:
            marks += "⌂"
        elif award.position:
            tie = "=" if award.reason == AwardReason.TIE else ""
            rank = tie + t(f"calc.rank_{min(award.position, 4)}")
    return rank, marks


def grid(sheet: Sheet, cursor: tuple[int, int] | None) -> list[Text]:
    """The current scoring's table, line by line: a head, one line a place (ORDER), a rule,
    each scoring's points with the running total, and the total. `cursor`: (place, seat)."""
    k = sheet.current
    board = sheet.scorings[k]
    table = sheet.table(k)
    place_w, values_w = _widths(sheet)
    n = sheet.players
    lines: list[Text] = []
    head = Text(pad(t("calc.col_place"), place_w) + pad(t("calc.col_values"), values_w), "dim")
    for seat, name in enumerate(sheet.names):
        style = "bold reverse" if cursor is not None and cursor[1] == seat else "bold"
        head.append(" ")
        head.append(pad(printable(name), CELL), style)
    lines.append(head)
    for r, row in enumerate(table.places):
        line = Text()
        here = cursor is not None and cursor[0] == r
        line.append(pad(place_label(row.place, row.king), place_w), "bold" if here else "")
        values = ("▣" if row.scoreboard else "") + "/".join(map(str, row.values))
        line.append(pad(values, values_w - 1, "right") + " ", "bold" if row.scoreboard else "dim")
        for seat in range(n):
            count = board.counts[row.place][seat]
            home = "⌂" if board.homes[seat] == row.place else " "
            rank, marks = _rank(row, seat)
            points = (row.points or (0,) * n)[seat]
            cell = Text(" ")
            cell.append(home, "bold")
            cell.append(f"{count:>2}" if count else " ·", "" if count else "dim")
            cell.append(" " + pad(rank, 4), "dim")
            if points:
                cell.append(f" +{points}{marks}", "bold")
            cell.truncate(CELL + 1, pad=True)
            if here and cursor is not None and cursor[1] == seat:
                cell.stylize("reverse", 1)
            line.append_text(cell)
        lines.append(line)
    lines.append(Text("─" * grid_width(sheet), "dim"))
    gains = sheet.gains()
    running = [0] * n
    for s, gain in enumerate(gains):
        running = [a + g for a, g in zip(running, gain, strict=True)]
        line = Text(pad(t(f"sheet.scoring_{s + 1}"), place_w + values_w), "bold" if s == k else "")
        for seat in range(n):
            summary = f"+{gain[seat]} → {running[seat]}"
            line.append(" " + pad(summary, CELL), "bold" if s == k else "")
        lines.append(line)
    total = Text(pad(t("sheet.total"), place_w + values_w), "bold")
    for seat in range(n):
        total.append(" " + pad(str(running[seat]), CELL), "bold")
    lines.append(total)
    return lines


class SheetGrid(Widget):
    """The table; a click on a player's count moves the cursor there."""

    DEFAULT_CSS = """
    SheetGrid {
        width: auto;
        height: auto;
    }
    """

    def __init__(self, screen: SheetScreen, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.sheet_screen = screen

    def render(self) -> Text:
        scr = self.sheet_screen
        return Text("\n").join(grid(scr.sheet, (scr.row, scr.col)))

    def get_content_width(self, container: Any, viewport: Any) -> int:
        return grid_width(self.sheet_screen.sheet)

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(ORDER) + 2 + SCORINGS + 1

    def on_click(self, event: events.Click) -> None:
        scr = self.sheet_screen
        place_w, values_w = _widths(scr.sheet)
        row, col = event.y - 1, (event.x - place_w - values_w) // (CELL + 1)
        if 0 <= row < len(ORDER) and 0 <= col < scr.sheet.players:
            scr.row, scr.col = row, col
            scr.typing = None
            scr.refresh_sheet()


class SheetScreen(StyledOnce, Screen[None]):
    """The sheet (see the module's docstring). Every edit is saved at once."""

    CSS_PATH = "sheet.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(d), f"count({d})", show=False) for d in range(10)),
        Binding("plus,equals_sign", "nudge(1)", show=False),
        Binding("minus", "nudge(-1)", show=False),
        Binding("backspace", "erase", show=False),
        Binding("delete", "clear_cell", show=False),
        Binding("tab", "step(1)", show=False),
        Binding("shift+tab", "step(-1)", show=False),
        Binding("enter", "next_place", show=False),
        Binding("up", "move(0, -1)", show=False),
        Binding("down", "move(0, 1)", show=False),
        Binding("left", "move(-1, 0)", show=False),
        Binding("right", "move(1, 0)", show=False),
        Binding("k", "king", "sheet.key_king", id="sheet_king"),
        Binding("g", "grande", "sheet.key_grande", id="sheet_grande"),
        Binding("m", "scoreboard", "sheet.key_board", id="sheet_board"),
        Binding("left_square_bracket,pageup", "scoring(-1)", "sheet.key_prev", id="sheet_prev"),
        Binding("right_square_bracket,pagedown", "scoring(1)", "sheet.key_next", id="sheet_next"),
        Binding("n", "names", "sheet.key_names", id="sheet_names"),
        Binding("c", "clear", "sheet.key_clear", id="sheet_clear"),
        Binding("escape", "close", "keys.back", id="sheet_back"),
    ]

    def __init__(self, sheet: Sheet, file: SheetFile, standalone: bool = False) -> None:
        super().__init__()
        self.sheet = sheet
        self.file = file
        self.standalone = standalone
        #: The cursor: a place (index in ORDER) and a player.
        self.row, self.col = 0, 0
        #: The last key's sentence, and whether it refused something.
        self.message: str | None = None
        self.refused = False
        #: Why the file found at start could not be used (shown until the sheet is saved).
        self.notice: str | None = None
        #: Save at once when shown (a new sheet: its names are kept even if nothing follows).
        self.first_save = False
        self._clearing = False
        #: The cell whose digits are being typed and the count they made so far
        #: ((scoring, place, player), count): a second digit adds to it.
        self.typing: tuple[tuple[int, int, int], int] | None = None
        #: Where the cursor was in each scoring left (`[`, `]` come back there).
        self._cursors: dict[int, tuple[int, int]] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="sheet-box"):
            yield Static("", id="sheet-title", markup=False)
            yield Static("", id="sheet-tabs", markup=False)
            yield Static("", id="sheet-note", markup=False)
            with Center():
                yield SheetGrid(self, id="sheet-grid")
            yield Static("", id="sheet-message", markup=False)
            yield Static("", id="sheet-hint", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        if self.first_save:
            self._save()
        self.refresh_sheet()

    # --- drawing -----------------------------------------------------------------------------

    def refresh_sheet(self) -> None:
        sheet = self.sheet
        self.query_one("#sheet-title", Static).update(Text(t("sheet.title"), "bold"))
        self.query_one("#sheet-tabs", Static).update(self._tabs())
        note = t("sheet.note")
        if sheet.players <= 3:
            note += " " + t(f"sheet.reduced_{sheet.players}")
        self.query_one("#sheet-note", Static).update(Text(note))
        self.query_one(SheetGrid).refresh(layout=True)
        # One line or two: why saving fails, else what the last key did, else why the file
        # found could not be used, else what the board still lacks (the King, Grandes).
        message = self.query_one("#sheet-message", Static)
        problem = self.file.problem or (None if self.message else self.notice)
        if problem:
            text, kind = problem, "-refused"
        elif self.message:
            text, kind = self.message, "-refused" if self.refused else "-done"
        else:
            text, kind = "\n".join(sheet.missing(sheet.current)), "-missing"
        message.update(Text(text))
        for name in ("-refused", "-done", "-missing"):
            message.set_class(name == kind, name)
        hint = t("sheet.hint") + "\n" + t("sheet.kept", path=printable(str(self.file.path)))
        self.query_one("#sheet-hint", Static).update(Text(hint))

    def _tabs(self) -> Text:
        tabs = Text()
        for k in range(SCORINGS):
            label = f" {t(f'sheet.scoring_{k + 1}')} · {t('sheet.after_round', round=_ROUNDS[k])} "
            if k:
                tabs.append("│", "dim")
            tabs.append(label, "bold reverse" if k == self.sheet.current else "dim")
        return tabs

    def _say(self, message: str | None, refused: bool = False) -> None:
        self.message, self.refused = message, refused
        if refused:
            self.app.bell()

    def _save(self) -> None:
        kept = self.file.save(self.sheet)
        if kept is not None:
            self.notice = None
            self._say(t("sheet.kept_aside", aside=printable(kept.name)))
        elif self.file.problem is None:
            self.notice = None

    def _edit(self, edit: Any, *args: Any) -> bool:
        """Apply an edit of the sheet and save it; a refused edit is said and changes
        nothing."""
        try:
            edit(*args)
        except SheetError as exc:
            self._say(str(exc), refused=True)
            return False
        self._save()
        return True

    # --- where the cursor is -----------------------------------------------------------------

    @property
    def place(self) -> str:
        return ORDER[self.row]

    def _advance(self, delta: int) -> None:
        """On to the next cell in reading order (player by player, place by place)."""
        n = self.sheet.players
        index = self.row * n + self.col + delta
        index = max(0, min(index, len(ORDER) * n - 1))
        self.row, self.col = divmod(index, n)

    def action_move(self, dx: int, dy: int) -> None:
        self._say(None)
        self.row = max(0, min(len(ORDER) - 1, self.row + dy))
        self.col = max(0, min(self.sheet.players - 1, self.col + dx))
        self.refresh_sheet()

    def action_step(self, delta: int) -> None:
        self._say(None)
        self._advance(delta)
        self.refresh_sheet()

    def action_next_place(self) -> None:
        self._say(None)
        if self.typing is not None:  # Enter keeps the digit typed and moves on, as one does
            self.typing = None
            self._advance(1)
        else:
            self.row, self.col = min(self.row + 1, len(ORDER) - 1), 0
        self.refresh_sheet()

    # --- counts ------------------------------------------------------------------------------

    def _count(self) -> int:
        return self.sheet.scorings[self.sheet.current].counts[self.place][self.col]

    def _cell(self) -> tuple[int, int, int]:
        return self.sheet.current, self.row, self.col

    def action_count(self, digit: int) -> None:
        """A digit: the count of the cursor's cell, built digit by digit (`typed_count`)."""
        self._say(None)
        typing, self.typing = self.typing, None
        before = typing[1] if typing is not None and typing[0] == self._cell() else None
        try:
            count, complete = typed_count(before, digit)
        except SheetError as exc:
            self._say(str(exc), refused=True)
            self.typing = typing  # the digit typed before still waits for Enter or Tab
            self.refresh_sheet()
            return
        if not self._edit(self.sheet.set_count, self.sheet.current, self.place, self.col, count):
            self.typing = typing  # refused: as before it
        else:
            if complete:
                self._advance(1)
            else:
                self.typing = (self._cell(), count)
                low, high = count * 10, min(count * 10 + 9, IN_PLAY)
                key = "sheet.typing" if high > low else "sheet.typing_one"
                self._say(t(key, n=count, low=low, high=high))
        self.refresh_sheet()

    def action_nudge(self, delta: int) -> None:
        self._say(None)
        count = max(0, self._count() + delta)
        self._edit(self.sheet.set_count, self.sheet.current, self.place, self.col, count)
        self.refresh_sheet()

    def action_erase(self) -> None:
        """Back to the count typed last, and clear it (the one being typed: this one)."""
        self._say(None)
        typing, self.typing = self.typing, None
        if typing is None or typing[0] != self._cell():
            self._advance(-1)
        self._edit(self.sheet.set_count, self.sheet.current, self.place, self.col, 0)
        self.refresh_sheet()

    def action_clear_cell(self) -> None:
        self._say(None)
        self._edit(self.sheet.set_count, self.sheet.current, self.place, self.col, 0)
        self.refresh_sheet()

    # --- the King, the Grandes, the scoreboards ----------------------------------------------

    def action_king(self) -> None:
        self._say(None)
        if self._edit(self.sheet.set_king, self.sheet.current, self.place):
            self._say(t("sheet.king_here", region=region(self.place)))
        self.refresh_sheet()

    def action_grande(self) -> None:
        self._say(None)
        sheet, seat = self.sheet, self.col
        if self._edit(sheet.set_home, sheet.current, seat, self.place):
            self._say(t("sheet.home_here", name=sheet.names[seat], region=region(self.place)))
        self.refresh_sheet()

    def action_scoreboard(self) -> None:
        self._say(None)
        board = self.sheet.next_scoreboard(self.sheet.current, self.place)
        self._save()
        if board is None:
            self._say(t("sheet.board_none", place=region(self.place)))
        else:
            self._say(t("sheet.board_here", board=board, place=region(self.place)))
        self.refresh_sheet()

    # --- scorings, names, a new game ---------------------------------------------------------

    def action_scoring(self, delta: int) -> None:
        self._say(None)
        sheet = self.sheet
        target = sheet.current + delta
        if 0 <= target < SCORINGS:
            self._cursors[sheet.current] = (self.row, self.col)
            sheet.go_to(target)
            self.row, self.col = self._cursors.get(target, (0, 0))
            if sheet.copy_forward(target):
                self._say(t("sheet.copied"))
            self._save()
        self.refresh_sheet()

    def action_names(self) -> None:
        self._say(None)

        def named(sheet: object) -> None:
            if isinstance(sheet, Sheet):
                self.col = min(self.col, sheet.players - 1)
                self._save()
            self.refresh_sheet()

        self.app.push_screen(NamesScreen(self.sheet), named)

    def action_clear(self) -> None:
        if not self._clearing:
            self._clearing = True
            self._say(t("sheet.clear_confirm"))
            self.refresh_sheet()
            return
        self._say(None)
        self.sheet.clear()
        self.row = self.col = 0
        self._save()
        self._say(t("sheet.cleared"))
        self.refresh_sheet()

    def on_key(self, event: events.Key) -> None:
        # Esc after the first `c` calls the new game off, and stays.
        if event.key == "escape" and self._clearing:
            event.stop()
            self._clearing = False
            self._say(t("sheet.clear_kept"))
            self.refresh_sheet()
            return
        # Any key but a second `c` calls a new game off.
        if event.key != "c" and event.character != "ㅊ":
            self._clearing = False
        # Any key but a digit, Enter and Backspace leaves the count being typed as it is.
        if not (event.character or "").isdecimal() and event.key not in ("enter", "backspace"):
            self.typing = None
        letter = JAMO.get(event.character or "")
        if letter is not None:
            event.stop()
            actions = {"k": self.action_king, "g": self.action_grande, "m": self.action_scoreboard}
            actions.get(letter, self.action_names if letter == "n" else self.action_clear)()

    def action_close(self) -> None:
        if self.standalone:
            self.app.exit()
        else:
            self.app.pop_screen()


# --- the names ---------------------------------------------------------------------------------


class NamesScreen(StyledOnce, FormNavigation):
    """The players' names, 2-5 in the sheet's column order: a new sheet, or new names for
    `sheet`. Returns the sheet (None: Esc); names it refuses are said and stay to be mended."""

    CSS_PATH = "sheet.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "keys.back", id="names_back"),
        Binding("ctrl+s", "done", "sheet.names_ok", id="names_ok"),
    ]

    def __init__(self, sheet: Sheet | None = None, *, notice: str | None = None) -> None:
        super().__init__()
        self.sheet = sheet
        self.notice = notice

    def _start_names(self) -> list[str]:
        if self.sheet is not None:
            names = list(self.sheet.names)
        else:
            settings = el_app(self).settings
            names = [s.name for s in seat_rows(settings.players, MAX_PLAYERS) if s.name]
        return names + [""] * (MAX_PLAYERS - len(names))

    def compose(self) -> ComposeResult:
        with Vertical(id="names-box"):
            yield Static(t("sheet.names_title"), id="names-title", markup=False)
            yield Static(t("sheet.names_note"), id="names-note", markup=False)
            for i, name in enumerate(self._start_names()):
                with Horizontal(classes="names-row"):
                    yield Label(t("new.player_n", n=i + 1), classes="names-label", markup=False)
                    yield FormInput(
                        name, placeholder=t("new.name_placeholder"), id=f"sheet-name-{i}"
                    )
            yield Static(Text(self.notice or ""), id="names-error", markup=False)
            yield Button(t("sheet.names_ok"), variant="primary", id="names-ok", compact=True)
        yield KeyBar()

    def grid(self) -> list[list[str]]:
        return [[f"sheet-name-{i}"] for i in range(MAX_PLAYERS)] + [["names-ok"]]

    def tab_order(self) -> list[str]:
        return [row[0] for row in self.grid()]

    def on_mount(self) -> None:
        self.query_one("#sheet-name-0", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_done()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_done()

    def action_done(self) -> None:
        typed = [self.query_one(f"#sheet-name-{i}", Input).value for i in range(MAX_PLAYERS)]
        try:
            if self.sheet is None:
                sheet = Sheet.new(typed)
            else:
                sheet = self.sheet
                sheet.rename(typed)
        except SheetError as exc:
            self.query_one("#names-error", Static).update(Text(str(exc)))
            self.app.bell()
            return
        self.dismiss(sheet)

    def action_back(self) -> None:
        self.dismiss(None)
