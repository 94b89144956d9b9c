"""The game screen's keys that open another screen over the table: help, the scoring
calculator, the settings and save as (a part of `GameScreen`; its bindings are there)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from el_grande.app.access import el_app

if TYPE_CHECKING:
    from textual.screen import Screen

    from el_grande.app.shown import Shown
    from el_grande.flow.table import TableFlow
    from el_grande.session import GameSession

    _Base = Screen[None]
else:
    _Base = object


class TableKeys(_Base):
    """Help (`?`), the scoring calculator (`p`), the settings (`o`) and save as (`s`)."""

    flow: TableFlow
    session: GameSession
    shown: Shown | None

    if TYPE_CHECKING:

        def _say(self, text: str) -> None: ...  # the game screen's (AnswerInput)

    def _typed_ahead(self) -> bool:
        """True (and says why) when a key that changes something came while a computer
        player decides, without a quiet keyboard before it (`TableFlow.typed_ahead`)."""
        why = self.flow.typed_ahead()
        if why is not None:
            self._say(why)
            self.app.bell()
        return why is not None

    def action_help(self) -> None:
        from el_grande.app.screens.help import HelpScreen  # start-up: when asked for

        self.app.push_screen(HelpScreen())

    def action_preview(self) -> None:
        """The scoring calculator, from what the board shows now (the chooser's own view
        behind their curtain: their what-if may use their hidden Castillo count)."""
        from el_grande.app.screens.calculator import CalculatorScreen  # start-up: when asked for

        shown = self.shown
        if shown is None:
            return
        decision = self.session.decision if self.flow.at_prompt else None
        self.app.push_screen(CalculatorScreen(self.session, shown, decision))

    def action_settings(self) -> None:
        if self.flow.secret_open:
            return  # never over a secret prompt (a curtain is a screen of its own)
        if self._typed_ahead():
            return
        el_app(self).open_settings()

    def action_save_as(self) -> None:
        from el_grande.app.screens.save_as import SaveAsScreen  # start-up: the saves (pydantic)

        if self.flow.secret_open:
            return  # never over a secret prompt
        if self._typed_ahead():
            return

        def saved(message: str | None) -> None:
            if message:
                self.notify(message, markup=False)

        self.app.push_screen(SaveAsScreen(self.session), saved)
