"""The round track (scoring rounds marked ★) and who must do what now."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from el_grande.app.present import chip
from el_grande.app.widgets.painted import Painted
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.app.session import GameSession
    from el_grande.core import View


class RoundTrack(Painted):
    def show(self, view: View, session: GameSession, doing: str) -> None:
        line = Text()
        line.append(f" {t('board.track')} ", style="bold")
        for r in range(1, 10):
            played = r in view.rounds
            mark = "★" if r in view.scoring_rounds else " "
            cell = f"{r}{mark}"
            if r == view.round:
                style = "bold reverse"
            elif not played:
                style = "dim strike"
            elif r < view.round:
                style = "dim"
            else:
                style = ""
            line.append(cell, style=style)
            line.append(" ")
        line.append("│ ", style="dim")
        if view.rounds != tuple(range(1, 10)):
            line.append(t("board.round_short", round=view.round, played=view.round_number))
        else:
            line.append(t("board.round", round=view.round))
        d = view.decision
        if d is not None and doing:
            line.append(" │ ", style="dim")
            line.append_text(chip(session, d.player, " "))
            line.append(f" {session.name(d.player)}: {doing}", style="bold")
        self.paint(line)
