"""The map: Spain's nine regions drawn as one map whose shared edges are the borders, and the
Castillo standing apart.

The layout is a grid of 8 columns × 4 rows (`LAYOUT`); regions touch along an edge exactly
when they are neighbours in RULES.md R-B (15 borders, a test checks it from this data), and
the Castillo sits in Portugal's corner with a gap all round, touching no region:

    Galicia Galicia Basque  Basque  Aragon  Aragon  Catalon Catalon
    OldCas  OldCas  OldCas  OldCas  Aragon  Aragon  Catalon Catalon
    ·Cast·  NewCas  NewCas  NewCas  NewCas  Valenc  Valenc  Valenc
    ·Cast·  Sevill  Sevill  Granad  Granad  Granad  Granad  (sea)

Each region shows its key (1–9; 0 the Castillo), its name, its values (▣ a mobile
scoreboard's), every player's Caballeros as chips (letter on colour, with the count: it reads
without colour), each Grande (⌂ and the letter) and the King (♔). The King's region and the
region under the cursor or the mouse show their neighbours (a tint, and before the name ◇ next
to the King, ◦ next to the cursor's or the mouse's region); legal targets of a decision carry ▸
before their key and a green tint (the theme's "success" colour: `colours.tints`), the others
are dimmed — never colour alone. At a player's decision after the others acted, what changed
since their previous one is marked ▲ (came) and ▼ (went): "A3▲2", "♔▲", "⌂A▼", "▣8/4/0▲"
(`app.since`; never in a hidden Castillo).

The widget draws from `shown` (bound to the screen's `Shown`) and keeps nothing else but
where the mouse is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.reactive import reactive

from el_grande.app.colours import FOLLOWS_COLOURS, Tints, app_tints
from el_grande.app.messages import PlacePicked
from el_grande.app.present import chip
from el_grande.app.shown import Shown, differs
from el_grande.app.since import board_mark, delta, grande_marks, king_mark
from el_grande.app.tips import region_tip, scored_values, show_tip
from el_grande.app.widgets.drawn import DrawnLines
from el_grande.core import NEIGHBOURS
from el_grande.names import fit
from el_grande.text import region as region_name
from el_grande.text import t

if TYPE_CHECKING:
    from collections.abc import Iterator

    from el_grande.core import View
    from el_grande.session import Seating

COLUMNS, ROWS = 8, 4

#: Each region's (column, row, width, height) on the grid.
LAYOUT: dict[str, tuple[int, int, int, int]] = {
    "galicia": (0, 0, 2, 1),
    "basque_country": (2, 0, 2, 1),
    "aragon": (4, 0, 2, 2),
    "catalonia": (6, 0, 2, 2),
    "old_castile": (0, 1, 4, 1),
    "new_castile": (1, 2, 4, 1),
    "valencia": (5, 2, 3, 1),
    "seville": (1, 3, 2, 1),
    "granada": (3, 3, 4, 1),
}
#: The grid cells the Castillo is drawn in (inset, so that it touches no region).
CASTILLO_CELLS = (0, 2, 1, 2)

PLACE_KEYS = {
    "galicia": "1",
    "basque_country": "2",
    "aragon": "3",
    "catalonia": "4",
    "old_castile": "5",
    "new_castile": "6",
    "valencia": "7",
    "seville": "8",
    "granada": "9",
    "castillo": "0",
}
KEY_PLACES = {v: k for k, v in PLACE_KEYS.items()}

_OWNER = {
    (c, r): place
    for place, (c0, r0, w, h) in LAYOUT.items()
    for c in range(c0, c0 + w)
    for r in range(r0, r0 + h)
}

# Box-drawing glyphs by the lines that meet in a cell: (up, down, left, right).
_JOIN = {
    (True, True, False, False): "│",
    (False, False, True, True): "─",
    (False, True, False, True): "┌",
    (False, True, True, False): "┐",
    (True, False, False, True): "└",
    (True, False, True, False): "┘",
    (True, True, False, True): "├",
    (True, True, True, False): "┤",
    (False, True, True, True): "┬",
    (True, False, True, True): "┴",
    (True, True, True, True): "┼",
    (True, False, False, False): "│",
    (False, True, False, False): "│",
    (False, False, True, False): "─",
    (False, False, False, True): "─",
}

# The tints (backgrounds) and the lines' colours come from the theme (`colours.tints`); every
# state also has a mark that reads without colour.


def neighbours_by_layout() -> set[frozenset[str]]:
    """The pairs of regions whose areas share an edge (corners do not count) in `LAYOUT`."""
    pairs: set[frozenset[str]] = set()
    for (c, r), place in _OWNER.items():
        for other in (_OWNER.get((c + 1, r)), _OWNER.get((c, r + 1))):
            if other is not None and other != place:
                pairs.add(frozenset((place, other)))
    return pairs


class MapView(DrawnLines):
    """The board, drawn from `shown`; a click on a place posts PlacePicked."""

    DEFAULT_CLASSES = FOLLOWS_COLOURS  # repainted when the theme or palette changes
    DEFAULT_CSS = """
    MapView {
        height: 2fr;
        min-height: 17;
        max-height: 30;
    }
    """

    shown: reactive[Shown | None] = reactive(None, repaint=False)
    hover: reactive[str | None] = reactive(None)

    def watch_shown(self, old: Shown | None, new: Shown | None) -> None:
        if differs(old, new, "view", "legal", "cursor_place", "lit", "since"):
            self.refresh()
        if differs(old, new, "view"):
            self._tip()

    def watch_hover(self) -> None:
        self._tip()

    def _tip(self) -> None:
        """The tooltip of the place under the mouse (`app.tips`: what the table may know)."""
        shown, place = self.shown, self.hover
        tip = (
            None if shown is None or place is None else region_tip(shown.view, place, self.seating)
        )
        show_tip(self, tip)

    def __init__(self, seating: Seating, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.seating = seating

    # --- geometry ------------------------------------------------------------------------

    def _bounds(self) -> tuple[list[int], list[int]]:
        """The x of each of the 9 vertical grid lines and the y of each of the 5 horizontal
        ones (the Castillo's column is narrower than a region's)."""
        width, height = self.size.width, self.size.height
        first = max(15, min(18, width // 5))
        rest = max(1, width - 1 - first)
        xs = [0, first] + [first + rest * i // (COLUMNS - 1) for i in range(1, COLUMNS)]
        ys = [(height - 1) * i // ROWS for i in range(ROWS + 1)]
        return xs, ys

    def place_at(self, x: int, y: int) -> str | None:
        """The place drawn at (x, y) — its inside or the border around it — or None."""
        xs, ys = self._bounds()
        col = next((i for i in range(COLUMNS) if xs[i] <= x < xs[i + 1]), None)
        row = next((i for i in range(ROWS) if ys[i] <= y < ys[i + 1]), None)
        if col is None or row is None:
            return None
        c0, r0, w, h = CASTILLO_CELLS
        if c0 <= col < c0 + w and r0 <= row < r0 + h:
            return "castillo"
        return _OWNER.get((col, row))

    def point_of(self, place: str) -> tuple[int, int]:
        """A point inside `place` on the widget (where a click picks it)."""
        xs, ys = self._bounds()
        c0, r0, _, _ = CASTILLO_CELLS if place == "castillo" else LAYOUT[place]
        return xs[c0] + 2, ys[r0] + 2

    # --- drawing -------------------------------------------------------------------------

    def lines(self) -> list[Text]:
        shown = self.shown
        width, height = self.size.width, self.size.height
        if shown is None or width < 40 or height < 9:
            return [Text("")]
        xs, ys = self._bounds()
        grid = _borders(xs, ys, width, height)
        tn = app_tints(self.app)
        border = Style(color=tn.border)
        view = shown.view
        focus = shown.cursor_place or self.hover
        near = set(NEIGHBOURS.get(view.king, ())) | set(NEIGHBOURS.get(focus or "", ()))
        choosing = bool(shown.legal.places)
        homes: dict[str, list[int]] = {}
        for p in view.players:
            homes.setdefault(p.home, []).append(p.seat)
        boxes: list[tuple[int, int, int, int, list[Text]]] = []
        for r in view.regions:
            c0, r0, w, h = LAYOUT[r.id]
            x0, x1, y0, y1 = xs[c0] + 1, xs[c0 + w], ys[r0] + 1, ys[r0 + h]
            size = (x1 - x0, y1 - y0)
            lines = self._region_lines(shown, r.id, size, homes, near, choosing)
            bg = self._tint(tn, shown, r.id, r.king, r.id in near)
            boxes.append((x0, x1, y0, y1, _fill(lines, x1 - x0, y1 - y0, bg)))
        c0, r0, w, h = CASTILLO_CELLS
        # Inset: a column and a row of sea between the Castillo and the regions around it.
        x0, x1, y0, y1 = xs[c0], xs[c0 + w] - 1, ys[r0] + 2, ys[r0 + h] + 1
        castillo = self._castillo_lines(tn, shown, x1 - x0, y1 - y0, choosing)
        boxes.append((x0, x1, y0, y1, castillo))
        out = []
        for y in range(height):
            line = Text(no_wrap=True, overflow="crop", end="")
            x = 0
            for bx0, bx1, by0, _by1, lines in sorted(b for b in boxes if b[2] <= y < b[3]):
                if bx0 > x:
                    line.append(grid[y][x:bx0], style=border)
                line.append_text(lines[y - by0])
                x = bx1
            if x < width:
                line.append(grid[y][x:width], style=border)
            out.append(line)
        return out

    @staticmethod
    def _tint(tn: Tints, shown: Shown, place: str, king: bool, near: bool) -> str | None:
        if place == shown.lit:
            return tn.lit
        if place == shown.cursor_place:
            return tn.cursor
        if place in shown.legal.places:
            return tn.legal
        if king:
            return tn.king
        return tn.near if near else None

    def _region_lines(
        self,
        shown: Shown,
        place: str,
        size: tuple[int, int],
        homes: dict[str, list[int]],
        near: set[str],
        choosing: bool,
    ) -> list[Text]:
        """The inside of one region (`size`: its cells across and its lines), line by line:
        mark, key and name (values too when they fit), values, chips, Grandes. A short cell
        (three lines at 100×30) packs them tighter until everything fits — the Grandes after
        the chips, then the values on the name line (the name cut), then the Grandes as one
        "⌂AB" — and whatever is cut, a Grande never is (they go before the chips)."""
        width, height = size
        view = shown.view
        r = view.region(place)
        legal = place in shown.legal.places
        if place == shown.lit:
            mark = "✦"  # being scored (a display plays it out)
        elif legal:
            mark = "▸"
        else:
            mark = neighbour_mark(view, place, near)
        since = shown.since
        # ♔ where the King is, and only there ("♔▲": it came); where it left, no mark.
        king = " ♔" + king_mark(since, place) if r.king else ""
        values = ("▣" if r.scoreboard else "") + "/".join(map(str, scored_values(view, place)))
        values += board_mark(since, place)
        value_style = "bold" if r.scoreboard else "dim"
        cursor = place == shown.cursor_place

        def title(cut: bool) -> tuple[Text, bool]:
            """Mark, key, name and ♔, with the values at the right when they fit (`cut`:
            the name cut to make room for them); and whether they did."""
            line = Text(mark, style="bold")
            line.append(PLACE_KEYS[place], style="bold" if legal or not choosing else "")
            line.append(" ")
            room = max(1, width - cell_len(line.plain) - cell_len(king))  # cells left
            if cut:
                room = max(1, room - 1 - cell_len(values))
            long, short = region_name(place), region_name(place, short=True)
            name = long if cell_len(long) <= room else short
            line.append(fit(name, room), style="bold reverse" if cursor else "bold")
            if king:
                line.append(king, style="bold")
            gap = width - cell_len(line.plain) - cell_len(values)
            if gap >= 1:
                line.append(" " * gap)
                line.append(values, style=value_style)
            return line, gap >= 1

        chips = self._chip_pieces(r.caballeros, since.at(place) if since else {})
        grandes = homes.get(place, [])
        came, went = grande_marks(since, place)
        seats = (*grandes, *went)

        def grande(seat: int, sign: bool = True) -> Text:
            piece = Text("⌂" if sign else "").append_text(chip(self.seating, seat))
            return piece.append(came.get(seat, "▼" if seat in went else ""), style="bold")

        apart = [grande(seat) for seat in seats]  # "⌂A ⌂B"
        first, on_title = title(cut=False)
        rest = [] if on_title else [Text(values, style=value_style)]
        loose = [Text(" " + values, style=value_style)] if rest else []  # a line of their own

        def layouts() -> Iterator[list[Text]]:
            """Each packing in turn, tighter and tighter (made only until one fits)."""
            # As wide cells have it: values (if not at the name's right), chips, Grandes.
            yield [first, *loose, *_flow(chips, width), *_flow(apart, width)]
            yield [first, *_flow([*rest, *chips, *apart], width)]
            together = [Text.assemble(*(grande(s, i == 0) for i, s in enumerate(seats)))]
            together = together[: len(seats)]
            cut, fits = title(cut=True)
            if not on_title and fits:
                yield [cut, *_flow([*chips, *apart], width)]
                yield [cut, *_flow([*chips, *together], width)]
                # Cut short: the chips, not a Grande.
                yield [cut, *_flow([*together, *chips], width)]
            else:
                yield [first, *_flow([*together, *chips, *rest], width)]

        for lines in layouts():  # the first that fits, else the tightest
            if len(lines) <= height:
                break
        if choosing and not legal:
            for line in lines:
                line.stylize("dim")
        return lines

    def _chip_pieces(self, counts: tuple[int | None, ...], since: dict[int, int]) -> list[Text]:
        """Every player's Caballeros as chips ("A3"), with how many more or fewer since the
        viewer's turn ("A3▲2", "B0▼1")."""
        return [
            Text.assemble(
                chip(self.seating, seat, str(count or 0)), (delta(since.get(seat, 0)), "bold")
            )
            for seat, count in enumerate(counts)
            if count or since.get(seat)
        ]

    def _chips(
        self, counts: tuple[int | None, ...], width: int, since: dict[int, int] | None = None
    ) -> list[Text]:
        """The chips wrapped to `width`."""
        return _flow(self._chip_pieces(counts, since or {}), width)

    def _castillo_lines(
        self, tn: Tints, shown: Shown, width: int, height: int, choosing: bool
    ) -> list[Text]:
        """The Castillo in a double frame: key, name, values, what is inside."""
        view = shown.view
        legal = "castillo" in shown.legal.places
        cursor = shown.cursor_place == "castillo"
        inner = width - 2
        body: list[Text] = []
        title = Text("✦" if shown.lit == "castillo" else "▸" if legal else " ", style="bold")
        title.append("0 ", style="bold")
        title.append(
            fit(t("board.castillo"), inner - 3), style="bold reverse" if cursor else "bold"
        )
        body.append(title)
        board = view.castillo_scoreboard
        hidden = any(p.castillo is None for p in view.players)
        came = "" if hidden else board_mark(shown.since, "castillo")  # a hidden one: no marks
        values = ("▣" if board else "") + "/".join(map(str, scored_values(view, "castillo")))
        body.append(Text(" " + values + came, style="bold" if board else "dim"))
        if hidden:  # the total, and one's own
            body.append(Text(" " + t("board.castillo_total", n=view.castillo_total)))
            own = view.seat
            if own is not None and view.players[own].castillo:
                body.append(
                    Text(" ").append_text(chip(self.seating, own, str(view.players[own].castillo)))
                )
        else:  # open: what changed since the player's turn too (`Changes` has none if hidden)
            since = shown.since.at("castillo") if shown.since else {}
            body.extend(self._chips(tuple(p.castillo for p in view.players), inner, since))
        if choosing and not legal:
            for line in body:
                line.stylize("dim")
        bg = (
            tn.lit
            if shown.lit == "castillo"
            else tn.cursor
            if cursor
            else (tn.legal if legal else None)
        )
        inside = _fill(body, inner, height - 2, bg)
        frame = Style(color=tn.castillo, bold=legal)
        lines = [Text("╔" + "═" * inner + "╗", style=frame)]
        for text in inside:
            line = Text()
            line.append("║", style=frame)  # the frame's colour is the frame's only
            line.append_text(text)
            line.append("║", style=frame)
            lines.append(line)
        lines.append(Text("╚" + "═" * inner + "╝", style=frame))
        return lines

    # --- input ---------------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        place = self.place_at(event.x, event.y)
        if place is not None:
            self.post_message(PlacePicked(place))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hover = self.place_at(event.x, event.y)

    def on_leave(self, event: events.Leave) -> None:
        self.hover = None


def neighbour_mark(view: View, place: str, near: set[str]) -> str:
    """◇ next to the King's region; ◦ next to the place under the cursor or the mouse only
    (`near`: the neighbours of both); nothing otherwise. A region next to both is the King's
    neighbour first: that is where placements go."""
    if place == view.king or place not in near:
        return " "
    return "◇" if place in NEIGHBOURS[view.king] else "◦"


def _flow(pieces: list[Text], width: int) -> list[Text]:
    """`pieces` in a row, each after a space, onto as many lines of `width` cells as needed
    (a piece wider than a line has one of its own)."""
    lines: list[Text] = []
    line = Text(" ")
    for piece in pieces:
        if cell_len(line.plain) + cell_len(piece.plain) > width and line.plain.strip():
            lines.append(line)
            line = Text(" ")
        line.append_text(piece)
        line.append(" ")
    if line.plain.strip():
        lines.append(line)
    return lines


def _fill(lines: list[Text], width: int, height: int, bg: str | None) -> list[Text]:
    """Exactly `height` lines of exactly `width` cells (cut or padded), tinted with `bg`."""
    out = []
    for i in range(height):
        line = lines[i].copy() if i < len(lines) else Text("")
        line.no_wrap, line.overflow, line.end = True, "crop", ""
        line.truncate(width, overflow="crop", pad=True)
        if bg is not None:
            line.stylize_before(f"on {bg}")  # chips keep their own colours
        out.append(line)
    return out


def _borders(xs: list[int], ys: list[int], width: int, height: int) -> list[str]:
    """The map's lines as text rows: a line wherever two places (or a place and the sea)
    meet, with the right joints where lines cross."""

    def owner(col: int, row: int) -> str | None:
        return _OWNER.get((col, row))

    def vertical(k: int, row: int) -> bool:  # on grid line x = xs[k], beside grid row `row`
        return 0 <= row < ROWS and owner(k - 1, row) != owner(k, row)

    def horizontal(k: int, col: int) -> bool:  # on grid line y = ys[k], above grid column `col`
        return 0 <= col < COLUMNS and owner(col, k - 1) != owner(col, k)

    grid = [[" "] * width for _ in range(height)]
    for k, x in enumerate(xs):
        for row in range(ROWS):
            if vertical(k, row):
                for y in range(ys[row] + 1, ys[row + 1]):
                    grid[y][x] = "│"
    for k, y in enumerate(ys):
        for col in range(COLUMNS):
            if horizontal(k, col):
                for x in range(xs[col] + 1, xs[col + 1]):
                    grid[y][x] = "─"
    for k, x in enumerate(xs):
        for m, y in enumerate(ys):
            arms = (vertical(k, m - 1), vertical(k, m), horizontal(m, k - 1), horizontal(m, k))
            grid[y][x] = _JOIN.get(arms, " ")
    return ["".join(row) for row in grid]
