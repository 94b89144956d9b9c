"""The curtain and the take-over banner: how the keyboard changes hands (R-H1; the rules of
when and how are the table flow's: `el_grande.flow.handover`).

One screen, three looks:

- **a curtain with a secret behind it** (`letter` given, opaque): only the letter shown on it,
  or a click on Continue, lowers it — and only once the keyboard has been quiet;
- **a take-over banner** (`banner=True`, see-through: the board stays visible): the next
  player takes over a public decision the same way;
- **a curtain with nothing secret behind it** (no `letter`): Enter, space or Continue, once the
  keyboard has been quiet.

The screen decides nothing: every key and click goes to the table flow (`on_letter`,
`on_lower`), which says whether it counted. The flow also says when the keyboard has been
quiet long enough (`show_ready`): the screen then says so and arms Continue, so the next
player is never left guessing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Center, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from el_grande.app.present import (
    decision_what,
    no_orphan,
    seconds_text,
    secret_what,
    styled,
)
from el_grande.app.screens.styled import StyledOnce
from el_grande.flow.scenes import Curtain, HintCurtain, TakeOver
from el_grande.flow.table import TableFlow
from el_grande.text import t


class CurtainScreen(StyledOnce, ModalScreen[None]):
    """Covers everything (opaque in ANSI mode too: curtain.tcss), or, as a banner, covers the
    prompt only."""

    CSS_PATH = "curtain.tcss"
    BINDINGS: ClassVar[list[BindingType]] = []  # keys are read in on_key: nothing else acts

    def __init__(
        self,
        headline: str,
        detail: str,
        *,
        letter: str | None = None,
        owner: str | None = None,
        seconds: float = 0.0,
        ready: bool = True,
        banner: bool = False,
        strict: bool = False,
        on_letter: Callable[[str], bool] | None = None,
        on_button: Callable[[], bool] | None = None,
        on_lower: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(classes="-banner" if banner else "")
        self.headline, self.detail = headline, detail
        #: The letter that lowers this curtain (None: nothing secret behind it, Enter will do).
        self.letter = letter
        self.owner = owner
        self.seconds = seconds
        self.ready = ready
        self.banner = banner
        #: Strict hand-overs: a banner says it comes at every change of player.
        self.strict = strict
        self._on_letter = on_letter or (lambda _: False)
        self._on_button = on_button or (lambda: False)
        self._on_lower = on_lower or (lambda: False)

    def compose(self) -> ComposeResult:
        with Vertical(id="curtain-box"):
            # No paragraph ends with one word alone on its line (`no_orphan`).
            yield Static(no_orphan(self.headline), id="curtain-headline", markup=False)
            yield Static(no_orphan(self.detail), id="curtain-detail", markup=False)
            yield Static(no_orphan(self._how()), id="curtain-hint", markup=False)
            yield Static(no_orphan(self._readiness()), id="curtain-ready", markup=False)
            yield Static(no_orphan(self._why()), id="curtain-why", markup=False)
            with Center():
                button = Button(
                    t("curtain.continue"), id="curtain-continue", disabled=not self.ready
                )
                button.can_focus = False  # Enter must never press it
                yield button
            yield Static("", id="curtain-nudge", markup=False)

    @property
    def key_name(self) -> str:
        return self.letter if self.letter is not None else "Enter"

    def _how(self) -> Text:
        if self.letter is None:
            return Text(t("curtain.enter_hint"))
        return styled(
            "handover.banner_letter" if self.banner else "curtain.letter",
            {"letter": "bold reverse"},
            name=self.owner or "",
            letter=f" {self.letter} ",
        )

    def _readiness(self) -> Text:
        if self.ready:
            return styled("handover.ready", {"press": "bold reverse"}, press=f" {self.key_name} ")
        return Text(t("handover.waiting", press=self.key_name, seconds=seconds_text(self.seconds)))

    def _why(self) -> str:
        seconds = seconds_text(self.seconds)
        if self.letter is None:
            return t("curtain.enter_why", seconds=seconds)
        if self.banner:
            key = "handover.banner_why_strict" if self.strict else "handover.banner_why"
            return t(key, seconds=seconds)
        return t("curtain.letter_why", seconds=seconds)

    def show_ready(self, ready: bool) -> None:
        """The flow says whether the keyboard has been quiet long enough (the key counts)."""
        self.ready = ready
        if self.is_mounted:
            self.query_one("#curtain-ready", Static).update(no_orphan(self._readiness()))
            self.query_one("#curtain-ready", Static).set_class(ready, "-ready")
            self.query_one("#curtain-continue", Button).disabled = not ready

    def on_mount(self) -> None:
        self.query_one("#curtain-ready", Static).set_class(self.ready, "-ready")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        if self.letter is None:
            if event.key in ("enter", "space"):
                self._on_lower()
            return
        if not self._on_letter(event.character or "") and event.key not in ("ctrl+q", "ctrl+c"):
            key = "handover.nudge" if self.banner else "curtain.nudge"
            nudge = Text(t(key, letter=self.letter, name=self.owner or ""))
            self.query_one("#curtain-nudge", Static).update(nudge)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if self.letter is None:
            self._on_lower()
        else:
            self._on_button()


def curtain_for(scene: TakeOver | Curtain | HintCurtain, flow: TableFlow) -> CurtainScreen:
    """The curtain or banner for one of the flow's scenes, its keys and clicks going back to
    the flow."""
    session, name = flow.session, flow.session.name
    owner: str | None
    banner = False
    if isinstance(scene, Curtain):
        headline, detail = t("curtain.back_all"), t("curtain.back", name=name(scene.after))
        owner, letter = None, None
    elif isinstance(scene, HintCurtain):
        owner, letter = name(scene.seat), scene.letter
        headline, detail = t("hint.curtain", name=owner), t("hint.curtain_why", name=owner)
    else:
        owner, letter, d = name(scene.seat), scene.letter, scene.decision
        banner = not scene.curtain
        if banner:
            headline = t("handover.banner", name=owner)
            detail = t("prompt.title", name=owner, what=decision_what(d, session.seating))
        else:
            headline = (
                t("curtain.back_to", name=name(scene.after), next=owner)
                if scene.after is not None
                else t("curtain.to", name=owner)
            )
            detail = t("curtain.why", name=owner, what=secret_what(d))
    return CurtainScreen(
        headline,
        detail,
        letter=letter,
        owner=owner,
        seconds=flow.guard.needed,
        ready=scene.ready,
        banner=banner,
        strict=flow.strict,
        on_letter=flow.take_over,
        on_button=lambda: flow.take_over("", button=True),
        on_lower=flow.lower,
    )
