"""The map: nine regions laid out like Spain, neighbours touching, plus the Castillo.

Grid of 8 columns x 4 rows (Portugal's corner holds the Castillo, apart from the regions):

    Galicia Galicia Basque  Basque  Aragon  Aragon  Catalon Catalon
    OldCas  OldCas  OldCas  OldCas  Aragon  Aragon  Catalon Catalon
    Castil  NewCas  NewCas  NewCas  NewCas  Valenc  Valenc  Valenc
    Castil  Sevill  Sevill  Granad  Granad  Granad  Granad  (sea)

Each box touches exactly its neighbours of R-B1 (15 borders). Boxes render from a `View`;
they keep nothing between renders.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid
from textual.content import Content
from textual.widgets import Static

from el_grande.app.messages import PlacePicked
from el_grande.app.present import chip
from el_grande.app.widgets.painted import Painted
from el_grande.text import region as region_name
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.app.session import GameSession
    from el_grande.core import View

#: Grid order (row-major, spans in the .tcss); the number key picking each place.
MAP_ORDER = (
    "galicia",
    "basque_country",
    "aragon",
    "catalonia",
    "old_castile",
    "castillo",
    "new_castile",
    "valencia",
    "seville",
    "granada",
)
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


class PlaceBox(Painted):
    """One region (or the Castillo) on the map; clicking it posts PlacePicked."""

    def __init__(self, place: str) -> None:
        super().__init__("", id=f"place-{place}", classes="place")
        self.place = place

    def on_click(self) -> None:
        self.post_message(PlacePicked(self.place))


class MapView(Grid):
    """The board. `show()` redraws it from a view; `legal`/`cursor` mark a pending choice."""

    def compose(self) -> ComposeResult:
        for place in MAP_ORDER:
            yield PlaceBox(place)
            if place == "granada":
                yield Static("", id="sea", classes="filler", markup=False)

    def show(
        self,
        view: View,
        session: GameSession,
        legal: frozenset[str] = frozenset(),
        cursor: str | None = None,
        castillo_hidden: bool = False,
    ) -> None:
        choosing = bool(legal)
        homes: dict[str, list[int]] = {}
        for p in view.players:
            homes.setdefault(p.home, []).append(p.seat)
        for r in view.regions:
            box = self.query_one(f"#place-{r.id}", PlaceBox)
            # Narrow boxes: the name (♔ for the King) on top, the key and the values below.
            box.border_title = Content(("♔" if r.king else "") + region_name(r.id, short=True))
            vals = "/".join(map(str, r.values))
            box.border_subtitle = Content(
                f"#{PLACE_KEYS[r.id]} " + (f"▣{vals}" if r.scoreboard else vals)
            )
            body = Text()
            for seat, count in enumerate(r.caballeros):
                if count:
                    body.append_text(chip(session, seat, str(count)))
                    body.append(" ")
            grandes = homes.get(r.id, [])
            if grandes:
                body.append("\n")
                for seat in grandes:
                    body.append("⌂")
                    body.append_text(chip(session, seat))
                    body.append(" ")
            box.paint(body)
            box.set_class(r.king, "-king")
            box.set_class(r.adjacent_to_king, "-near-king")
            box.set_class(r.id in legal, "-legal")
            box.set_class(choosing and r.id not in legal, "-dim")
            box.set_class(cursor == r.id, "-cursor")
        box = self.query_one("#place-castillo", PlaceBox)
        box.border_title = Content(t("board.castillo"))
        board = view.castillo_scoreboard
        box.border_subtitle = Content("#0 " + (f"▣{board}" if board else "5/3/1"))
        body = Text()
        if castillo_hidden:
            body.append(t("board.castillo_total", n=view.castillo_total))
            own = view.seat
            if own is not None and view.players[own].castillo:
                body.append("\n")
                body.append_text(chip(session, own, str(view.players[own].castillo)))
        else:
            for p in view.players:
                if p.castillo:
                    body.append_text(chip(session, p.seat, str(p.castillo)))
                    body.append(" ")
        box.paint(body)
        box.set_class("castillo" in legal, "-legal")
        box.set_class(choosing and "castillo" not in legal, "-dim")
        box.set_class(cursor == "castillo", "-cursor")
