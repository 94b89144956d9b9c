"""The round track (as long as this game: 9 or 6 rounds, general scorings marked ★) and who
must do what now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from el_grande.app.colours import FOLLOWS_COLOURS
from el_grande.app.present import chip
from el_grande.app.shown import Shown, differs
from el_grande.names import fit
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.session import GameSession


class RoundTrack(Widget):
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

    def __init__(self, session: GameSession, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.session = session

    def render(self) -> Text:
        shown = self.shown
        if shown is None:
            return Text("")
        view = shown.view
        line = Text(no_wrap=True, overflow="ellipsis", end="")
        line.append(f" {t('board.track')} ", style="bold")
        # The rounds this game plays, counted as played (a 6-round game shows 1–6).
        for number, track in enumerate(view.rounds, start=1):
            mark = "★" if track in view.scoring_rounds else " "
            if track == view.round:
                style = "bold reverse"
            elif number < view.round_number:
                style = "dim"
            else:
                style = ""
            line.append(f"{number}{mark}", style=style)
            line.append(" ")
        line.append("│ ", style="dim")
        line.append(t("board.round", number=view.round_number, of=len(view.rounds)))
        if shown.to_move is not None and shown.doing:
            line.append(" │ ", style="dim")
            line.append_text(chip(self.session, shown.to_move, " "))
            doing = t("prompt.title", name=self.session.name(shown.to_move), what=shown.doing)
            room = self.size.width - cell_len(line.plain) - 1  # cut by terminal cells, with "…"
            line.append(f" {fit(doing, room)}", style="bold")
        return line
