"""The confirm step on the game screen: a turn's last choice is held until its player ends
the turn (`el_grande.flow.confirm`). It stands in the decision prompt's place: who, what is
held (the narrator's lines for what the board shows, else the prompt's words for the
choice), and the keys: T ends the turn, U takes the
choice back, Enter ends it too once the keyboard has been quiet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from el_grande.app.present import chip, choice_label, decision_what
from el_grande.flow.scenes import Confirm
from el_grande.session import Seating
from el_grande.text import t

if TYPE_CHECKING:
    from textual.widget import Widget


class ConfirmBar(Static):
    DEFAULT_CSS = """
    ConfirmBar {
        display: none;
        height: auto;
        border: heavy $warning;
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]

    @classmethod
    def of(cls, column: Widget) -> ConfirmBar:
        """The bar at the end of `column` (the game screen's right column, under the prompt),
        mounted there the first time it is asked for: not in a new game's first frame."""
        for bar in column.query_children(cls):
            return bar
        bar = cls(id="confirm")
        column.mount(bar)
        return bar

    def show(self, scene: Confirm, seating: Seating) -> None:
        self.update(confirm_text(scene, seating))
        self.display = True

    def hide(self) -> None:
        if self.display:
            self.update("")
            self.display = False


def confirm_text(scene: Confirm, seating: Seating) -> Text:
    """The bar's lines: the title with the player's chip, the held choice, what waits, the
    keys, and whether Enter counts yet."""
    out = Text()
    out.append_text(chip(seating, scene.seat, " "))
    out.append(" ")
    out.append(t(f"confirm.title_{scene.then}", name=seating.name(scene.seat)), style="bold")
    # The narrator's words for what the board shows, else the prompt's for the choice.
    label = choice_label(scene.choice, scene.decision, seating)
    what = decision_what(scene.decision, seating)
    held = " ".join(scene.told) or t("confirm.held_choice", choice=label, what=what)
    out.append("\n" + t("confirm.held", choice=held))
    out.append("\n" + t("confirm.nothing_yet"), style="dim")
    keys = "confirm.keys_turn" if scene.then == "turn" else "confirm.keys_play"
    out.append("\n" + t(keys), style="bold")
    enter = t("confirm.enter_ready") if scene.ready else t("confirm.enter_wait")
    out.append("\n" + enter, style="dim")
    return out
