"""The round track (as long as this game: 9 or 6 rounds, general scorings marked ★) and who
must do what now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive

from el_grande.app.colours import FOLLOWS_COLOURS
from el_grande.app.present import chip
from el_grande.app.shown import Shown, differs
from el_grande.app.widgets.drawn import DrawnLines
from el_grande.names import fit
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.core import View
    from el_grande.session import Seating


class RoundTrack(DrawnLines):
    DEFAULT_CLASSES = FOLLOWS_COLOURS  # repainted when the theme or palette changes
    DEFAULT_CSS = """
    RoundTrack {
        height: 1;
    }
    """

    shown: reactive[Shown | None] = reactive(None, repaint=False)

    def watch_shown(self, old: Shown | None, new: Shown | None) -> None:
        if differs(old, new, "view", "to_move", "doing"):
            self.refresh()

    def __init__(self, seating: Seating, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.seating = seating

    def lines(self) -> list[Text]:
        return [self._line()]

    def _line(self) -> Text:
        shown = self.shown
        if shown is None:
            return Text("")
        view = shown.view
        label = Text(f" {t('board.track')}", style="bold", end="")
        track = self._track(view, compact=False)
        where = Text(t("board.round", number=view.round_number, of=len(view.rounds)), end="")
        line = Text(no_wrap=True, overflow="ellipsis", end="")
        if shown.to_move is None or not shown.doing:
            line.append_text(label)
            line.append_text(track)
            line.append("│ ", style="dim")
            line.append_text(where)
            return line
        who = chip(self.seating, shown.to_move, " ")
        doing = t("prompt.title", name=self.seating.name(shown.to_move), what=shown.doing)
        # The round always shows ("Round 2 of 9", as in a bar with nobody to move); when who
        # does what would not fit whole, the track's label goes first, then the track closes
        # up, and only then is the prompt shortened (cut by terminal cells, with "…").
        width = self.size.width - 1
        need = cell_len(track.plain) + 2 + cell_len(where.plain) + 1 + 2 + cell_len(who.plain)
        if cell_len(label.plain) + need + 1 + cell_len(doing) <= width:
            line.append_text(label)
        elif need + 1 + cell_len(doing) > width:  # the track closes up ("1 2 3★4…")
            track = self._track(view, compact=True)
        line.append_text(track)
        line.append("│ ", style="dim")
        line.append_text(where)
        line.append(" ")
        line.append("│ ", style="dim")
        line.append_text(who)
        room = width - cell_len(line.plain)
        line.append(f" {fit(doing, room - 1)}", style="bold")
        return line

    @staticmethod
    def _track(view: View, *, compact: bool) -> Text:
        """The rounds this game plays, counted as played (a 6-round game shows 1–6), ★ the
        general scorings, the current one reversed; `compact`: two cells a round, not three."""
        track = Text(" ", end="")
        for number, rnd in enumerate(view.rounds, start=1):
            mark = "★" if rnd in view.scoring_rounds else " "
            if rnd == view.round:
                style = "bold reverse"
            elif number < view.round_number:
                style = "dim"
            else:
                style = ""
            if compact and mark == " ":
                track.append(str(number), style=style)
                track.append(" ")
            else:
                track.append(f"{number}{mark}", style=style)
                track.append("" if compact else " ")
        return track
