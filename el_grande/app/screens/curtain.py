"""The curtain: an opaque modal that hides the board while the keyboard changes hands (R-H1).

Two kinds (docs/app.md, "The curtain"):

- **A secret behind it** (`letter` given): only a deliberate act lowers it — the letter shown
  on it, drawn afresh for every curtain, or a click on Continue. Enter, space, arrows, digits
  and double clicks (what a hand typing ahead produces) never do.
- **Nothing secret behind it** (after the last secret choice of a step): Enter, space or
  Continue.

Either way the app's input guard (`app/guard.py`) drops every key and click that arrived before
the curtain was up or within the guard time after, and Continue stays inactive for that time.
"""

from __future__ import annotations

import random
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Center, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from el_grande.app.present import styled
from el_grande.text import t

#: Letters a curtain may ask for: none is a key of any game screen (a-e, f, l, p, s, u; n, q, r,
#: t on game over), none is easily confused (I, O).
LETTERS = "GJKMVWXYZ"

#: The Hangul jamo the same physical key types on a Korean (2-beolsik) keyboard, so a player
#: whose input method is on can still lower the curtain.
_JAMO = dict(zip(LETTERS, "ㅎㅓㅏㅡㅍㅈㅌㅛㅋ", strict=True))


def draw_letter(rng: random.Random, previous: str | None = None) -> str:
    """A letter for the next curtain, never the same as the previous one."""
    return rng.choice([c for c in LETTERS if c != previous])


class CurtainScreen(ModalScreen[None]):
    """Covers everything. Opaque in ANSI mode too (see curtain.tcss)."""

    CSS_PATH = "curtain.tcss"
    BINDINGS: ClassVar[list[BindingType]] = []  # keys are read in on_key: nothing else acts

    def __init__(
        self,
        headline: str,
        detail: str,
        *,
        letter: str | None = None,
        owner: str | None = None,
        guard_seconds: float = 0.0,
    ) -> None:
        super().__init__()
        self.headline, self.detail = headline, detail
        #: The letter that lowers this curtain (None: nothing secret behind it, Enter will do).
        self.letter = letter
        self.owner = owner
        self.guard_seconds = guard_seconds

    def compose(self) -> ComposeResult:
        with Vertical(id="curtain-box"):
            yield Static(Text(self.headline), id="curtain-headline", markup=False)
            yield Static(Text(self.detail), id="curtain-detail", markup=False)
            yield Static(self._how(), id="curtain-hint", markup=False)
            yield Static(Text(self._why()), id="curtain-why", markup=False)
            with Center():
                button = Button(
                    t("curtain.continue"), id="curtain-continue", disabled=self.guard_seconds > 0
                )
                button.can_focus = False  # Enter must never press it
                yield button
            yield Static("", id="curtain-nudge", markup=False)

    def _how(self) -> Text:
        if self.letter is None:
            return Text(t("curtain.enter_hint"))
        return styled(
            "curtain.letter",
            {"letter": "bold reverse"},
            name=self.owner or "",
            letter=f" {self.letter} ",
        )

    def _why(self) -> str:
        return t("curtain.letter_why") if self.letter is not None else t("curtain.enter_why")

    def on_mount(self) -> None:
        guard = getattr(self.app, "input_guard", None)
        if guard is not None:
            guard.open_after_guard()
        if self.guard_seconds > 0:
            self.set_timer(self.guard_seconds, self.arm)

    def arm(self) -> None:
        """The guard time is over: Continue can be clicked."""
        self.query_one("#curtain-continue", Button).disabled = False

    def matches(self, character: str | None) -> bool:
        """Whether a typed character is this curtain's letter (either case, or its jamo)."""
        if self.letter is None or not character:
            return False
        return character.upper() == self.letter or character == _JAMO.get(self.letter)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        if self.letter is None:
            if event.key in ("enter", "space"):
                self.lower()
            return
        if self.matches(event.character):
            self.lower()
        elif event.key not in ("ctrl+q", "ctrl+c"):
            nudge = Text(t("curtain.nudge", letter=self.letter, name=self.owner or ""))
            self.query_one("#curtain-nudge", Static).update(nudge)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.lower()

    def lower(self) -> None:
        self.dismiss(None)
