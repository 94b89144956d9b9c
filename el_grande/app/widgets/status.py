"""The game screen's status line: one sentence at a time (text, never markup) — what the scene
waits for, why a key did nothing, the highlighted choice's caution."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widgets import Static

from el_grande.app.present import caution_line
from el_grande.app.since import status_line
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.core import Choice
    from el_grande.flow.scenes import Prompt
    from el_grande.session import Seating


class StatusLine(Static):
    def __init__(self, **kwargs: object) -> None:
        super().__init__("", markup=False, **kwargs)  # type: ignore[arg-type]
        #: The caution said for the highlighted choice (None: the line says another thing).
        self.caution_said: str | None = None

    def say(self, text: str) -> None:
        self.caution_said = None
        self.update(Text(text))

    def refuse(self, why: str | None) -> bool:
        """Say why a key does nothing, with a bell, if it does nothing: True then."""
        if why is not None:
            self.say(why)
            self.app.bell()
        return why is not None

    def illegal(self, what: str, why: str) -> None:
        """A key, click or answer that means nothing legal: what it meant, and why not."""
        self.refuse(t("prompt.illegal", what=what, why=why))

    def caution(self, scene: Prompt, cursor: Choice | None, seating: Seating) -> None:
        """The highlighted choice's caution in words (the list shows only its ⚠, on the
        choice's own line); off a marked choice, the scene's own line again."""
        mark = next((c for c in scene.cautions if c.choice == cursor), None)
        if mark is not None and cursor is not None:
            said = caution_line(cursor, scene.decision, seating, mark)
            if said != self.caution_said:
                self.say(said)
                self.caution_said = said
        elif self.caution_said is not None:
            self.say(status_line(scene, seating, self.screen.size.width - 2))  # its padding
