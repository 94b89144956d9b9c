"""What the board's tooltips say: a region, a card, a player — from what the whole table may
know, whatever view the board is drawn from.

The screen is seen by everybody at the table, so a tooltip never tells a hidden count: with
the Castillo hidden, every player's Castillo (and province, which would tell it) is "?" —
the player's own too, even behind their curtain, where the board draws their own view
(`public_count`). A finished game's replay, which shows every secret, shows them here too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from el_grande.app.present import Glued
from el_grande.core import NEIGHBOURS, REGIONS, SCOREBOARDS, VALUES, reduced_values
from el_grande.text import card_name, card_text, region, t

if TYPE_CHECKING:
    from textual.widget import Widget

    from el_grande.core import View
    from el_grande.session import Seating


def show_tip(widget: Widget, tip: Text | None) -> None:
    """Set `widget`'s tooltip (Textual's), wrapped only at ordinary spaces (a name and its
    count stay together: `present.Glued`); an absent one is left alone: setting it asks the
    screen for its tooltip, which a widget nobody hovers need not do at every change."""
    if tip is not None or widget.tooltip is not None:
        widget.tooltip = None if tip is None else Glued(tip)


def castillo_hidden(view: View) -> bool:
    return dict(view.options).get("castillo") == "hidden" and not view.over


def public_count(view: View, count: int | None) -> int | None:
    """A Castillo or province count as the whole table may see it: None ("?") when the
    Castillo is hidden and `view` is one player's own (their own count is theirs alone)."""
    if view.seat is not None and castillo_hidden(view):
        return None
    return count


def _shown(count: int | None) -> str:
    return "?" if count is None else str(count)


def _lead(view: View, counts: tuple[int, ...], seating: Seating) -> str:
    """Who leads in a place and by how much."""
    top = max(counts, default=0)
    if top == 0:
        return t("tip.nobody")
    leaders = [s for s, c in enumerate(counts) if c == top]
    if len(leaders) > 1:
        names = t("join.list").join(seating.name(s) for s in leaders)
        return t("tip.tie", names=names, n=top)
    rest = max((c for s, c in enumerate(counts) if s != leaders[0]), default=0)
    return t("tip.leads", name=seating.name(leaders[0]), n=top, by=top - rest)


def region_tip(view: View, place: str, seating: Seating) -> Text:
    """A region's (or the Castillo's) values, neighbours, Caballeros and who leads."""
    if place == "castillo":
        return _castillo_tip(view, seating)
    rv = view.region(place)
    values = " · ".join(map(str, scored_values(view, place)))
    lines = [t("tip.region", name=region(place), values=values)]
    if rv.king:
        lines.append(t("tip.king"))
    homes = [p.seat for p in view.players if p.home == place]
    if homes:
        names = t("join.list").join(seating.name(s) for s in homes)
        lines.append(t("tip.home", names=names))
    near = t("join.list").join(region(n) for n in sorted(NEIGHBOURS[place], key=_board_order))
    lines.append(t("tip.neighbours", names=near))
    lines.append(_counts_line(rv.caballeros, seating))
    lines.append(_lead(view, rv.caballeros, seating))
    return Text("\n".join(lines))


def _board_order(place: str) -> int:
    return REGIONS.index(place)


def _counts_line(counts: tuple[int | None, ...], seating: Seating) -> str:
    parts = (t("tip.count", name=seating.name(s), n=_shown(c)) for s, c in enumerate(counts))
    return t("tip.caballeros", counts=t("join.list").join(parts))


def scored_values(view: View, place: str) -> tuple[int, int, int]:
    """The values `place` scores in this game: its printed ones, or a mobile scoreboard's
    lying there (R-K4), reduced for 2 and 3 players (R-K3: 6/4/2 scores 6/0/0 and 6/4/0)."""
    if place == "castillo":
        board = view.castillo_scoreboard
        values = SCOREBOARDS[board] if board else VALUES["castillo"]
    else:
        values = view.region(place).values
    return reduced_values(values, view.players_count)


def _castillo_tip(view: View, seating: Seating) -> Text:
    values = " · ".join(map(str, scored_values(view, "castillo")))
    lines = [t("tip.castillo", values=values), t("tip.castillo_total", count=view.castillo_total)]
    counts = tuple(public_count(view, p.castillo) for p in view.players)
    lines.append(_counts_line(counts, seating))
    if None in counts:
        lines.append(t("tip.castillo_secret"))
    else:
        lines.append(_lead(view, tuple(c or 0 for c in counts), seating))
    return Text("\n".join(lines))


def card_tip(card: str) -> Text:
    """An action card's name and whole text."""
    return Text(f"{card_name(card)}\n{card_text(card)}")


def player_tip(view: View, seat: int, seating: Seating) -> Text:
    """A player's points, court, province and Castillo counts, home region and power cards."""
    p = view.player(seat)
    lines = [
        t("tip.player", name=seating.name(seat), score=p.score),
        t(
            "tip.player_counts",
            court=p.court,
            province=_shown(public_count(view, p.province)),
            castillo=_shown(public_count(view, p.castillo)),
        ),
        t("tip.player_home", region=region(p.home)),
        t("tip.player_hand", cards=" ".join(map(str, p.hand)) or "—"),
    ]
    if p.vetoes:
        lines.append(t("tip.player_vetoes", count=p.vetoes))
    return Text("\n".join(lines))
