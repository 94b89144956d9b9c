"""The game screen's helpers for what it draws: the one modal it opens for the flow's scene (a
curtain, a scoring display, the hints), and what the board shows at a prompt and at a
computer player's turn (plain functions)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from el_grande.app.closing import close
from el_grande.app.present import PromptText, bot_text, decision_what, prompt_text
from el_grande.app.shown import Legal, Shown
from el_grande.flow.scenes import Curtain

if TYPE_CHECKING:
    from rich.text import Text
    from textual.screen import Screen

    from el_grande.flow.scenes import BotTurn, HintCurtain, Prompt, Showing, TakeOver
    from el_grande.session import Seating


class SceneModal:
    """The modal the game screen opened for the flow's scene, if any: one at a time, closed
    when the next scene needs none or another (it is on top: the flow does not move while
    another screen covers the table; if one did, it closes when uncovered)."""

    def __init__(self, table: Screen[Any]) -> None:
        self.table = table
        self.screen: Screen[Any] | None = None

    def close(self) -> None:
        screen, self.screen = self.screen, None
        if screen is not None:
            close(screen)  # once, and only itself (app/closing.py)

    def open(self, screen: Screen[Any]) -> None:
        self.close()
        self.screen = screen
        self.table.app.push_screen(screen)

    @property
    def on_top(self) -> bool:
        """Whether the table can act: nothing but the table or this modal on top of it."""
        top = self.table.app.screen
        return self.table.is_attached and (top is self.table or top is self.screen)

    def same_curtain(self, scene: TakeOver | Curtain | HintCurtain) -> bool:
        """When the curtain on show is this scene's (only its readiness changed), it shows
        the readiness: True then."""
        from el_grande.app.screens.curtain import CurtainScreen  # start-up: later

        current = self.screen
        letter = None if isinstance(scene, Curtain) else scene.letter
        if isinstance(current, CurtainScreen) and current.letter == letter:
            current.show_ready(scene.ready)
            return True
        return False

    def next_step(self, scene: Showing) -> bool:
        """When the display on show is this scene's, it shows the scene's step: True then."""
        from el_grande.app.screens.scoring import ScoringScreen  # start-up: later

        if isinstance(self.screen, ScoringScreen):
            self.screen.show(scene)
            return True
        return False


def prompt_shown(scene: Prompt, seating: Seating, gutter: bool) -> tuple[Shown, PromptText]:
    """What the board and the prompt show for a person's decision (`gutter`: each choice
    keeps room for a caution's mark)."""
    d, view = scene.decision, scene.view
    text = prompt_text(d, view, seating, scene.cursor, scene.cautions, gutter)
    doing = decision_what(d, seating)
    shown = Shown(
        view,
        to_move=d.player,
        doing=doing,
        legal=Legal.of(d),
        cursor=text.cursor,
        since=scene.since,
    )
    return shown, text


def bot_shown(scene: BotTurn, seating: Seating) -> tuple[Shown, Text, str]:
    """The public board and what the computer player does (a secret: nothing but that it
    chooses; a public choice is shown for a moment before it is applied), and the prompt's
    title and progress line."""
    d = scene.decision
    doing = "" if d.secret else decision_what(d, seating)
    cursor = None if d.secret else scene.choice
    title, progress = bot_text(d, scene.choice, scene.view, seating)
    return Shown(scene.view, to_move=d.player, doing=doing, cursor=cursor), title, progress
