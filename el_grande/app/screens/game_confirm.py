"""The game screen's confirm step (a part of `GameScreen`): the bar in the prompt's place
while a turn's last choice is held (`el_grande.flow.confirm`), `t` to end the turn, Enter
once the keyboard has been quiet, and a sentence for a key that would answer a prompt. Undo
(`u`) is the screen's own: at the confirm step the flow takes the held choice back."""

from __future__ import annotations

from textual import events as tevents

from el_grande.app.screens.game_input import AnswerInput
from el_grande.app.shown import Shown
from el_grande.app.widgets.confirm import ConfirmBar
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.flow.scenes import Confirm, Prompt, Scene
from el_grande.text import t

#: Keys that would answer a prompt: at the confirm step they say what the step waits for.
_ANSWER_KEYS = frozenset("0123456789abcde") | {"space", "up", "down"}


class ConfirmInput(AnswerInput):
    """The confirm step's bar and keys (the game screen's `t` binding calls `end_turn`)."""

    _confirming = False

    def confirm_bar(self) -> ConfirmBar:
        return ConfirmBar(id="confirm")

    def on_mount(self) -> None:
        # (After the screen's own on_mount, which started the flow: its scene is drawn now.)
        self.flow.listen(self._draw_confirm)
        self._draw_confirm(self.flow.scene)

    def _draw_confirm(self, scene: Scene) -> None:
        """The bar for a Confirm scene (the prompt hidden, the board the preview), else the
        prompt back in its place."""
        bar = self.query_one(ConfirmBar)
        prompt = self.query_one(DecisionPrompt)
        confirming, self._confirming = self._confirming, isinstance(scene, Confirm)
        if isinstance(scene, Confirm):
            prompt.clear()
            prompt.display = False
            bar.show(scene, self.session.seating)
            self.shown = Shown(scene.view, to_move=scene.seat)
            self.set_focus(None)  # Enter comes to the screen (on_key), not to a list
        elif confirming:
            bar.hide()
            prompt.display = True
            if isinstance(scene, Prompt):
                prompt.options.focus()  # (it could not take the focus while hidden)
        if confirming != self._confirming:
            self.refresh_bindings()  # `t` is offered only at the confirm step

    def on_screen_resume(self, event: tevents.ScreenResume) -> None:
        # (The screen's own handler runs too.) The settings may have changed the palette: the
        # bar's chip is drawn again.
        scene = self.flow.scene
        if isinstance(scene, Confirm):
            self.query_one(ConfirmBar).show(scene, self.session.seating)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "end_turn":
            return isinstance(self.flow.scene, Confirm)
        return super().check_action(action, parameters)

    def action_end_turn(self) -> None:
        why = self.flow.end_turn()
        if why is not None:
            self._say(why)

    def on_key(self, event: tevents.Key) -> None:
        if not isinstance(self.flow.scene, Confirm):
            return
        if event.key == "enter":
            event.stop()
            why = self.flow.end_turn(enter=True)  # only after a quiet keyboard
            if why is not None:
                self._say(why)
        elif event.key in _ANSWER_KEYS:
            event.stop()
            self._say(t("confirm.wrong_key"))
