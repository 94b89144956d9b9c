"""Keys and clicks that answer the game screen's prompt: the choice list (↑↓ Enter, a click),
the map's number keys, the cards' letters, power cards by number, and clicks on a region, a
card or a power card. Which choice each means is `el_grande.app.answers`'; the answer goes to
the table flow (`TableFlow.answer`), which judges whether it may act.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events as tevents
from textual.widgets import OptionList, Static

from el_grande.app import answers
from el_grande.app.messages import CardPicked, PlacePicked, PowerPicked
from el_grande.app.present import caution_line, choice_label
from el_grande.app.shown import Shown, card_of
from el_grande.app.since import status_line
from el_grande.app.widgets.board import KEY_PLACES
from el_grande.app.widgets.cards import CardList
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.core import Choice, Decision, DecisionKind
from el_grande.flow.scenes import BotTurn, Prompt
from el_grande.flow.table import TableFlow
from el_grande.text import card_name, region, t

if TYPE_CHECKING:
    from textual.screen import Screen

    from el_grande.session import GameSession

    _Base = Screen[None]
else:
    _Base = object


class AnswerInput(_Base):
    """The game screen's answering keys and clicks (a part of `GameScreen`)."""

    flow: TableFlow
    session: GameSession
    shown: Shown | None
    _power_tens: bool = False
    #: The caution the status line says for the highlighted choice (None: it says another thing).
    _caution_said: str | None = None

    @property
    def decision(self) -> Decision | None:
        return self.session.decision

    def _cursor_to(self, choice: Choice | None) -> None:
        """Mirror the highlighted choice on the map, the cards and the hand (display only)."""
        if self.shown is not None and self.shown.cursor != choice:
            self.shown = replace(self.shown, cursor=choice)

    def _highlighted(self, option_id: str | None) -> None:
        """The prompt's highlight moved (called at once by the choice list); None: nothing
        is highlighted (a refused key), and nothing is on the map, the cards or the hand."""
        if not isinstance(self.flow.scene, Prompt):
            return
        self._cursor_to(None if option_id is None else answers.by_id(self.decision, option_id))
        self._say_caution()

    def _say_caution(self) -> None:
        """The highlighted choice's caution in words on the status line (the list shows only
        its ⚠, on the choice's own line); off a marked choice, the scene's own line again."""
        scene, shown = self.flow.scene, self.shown
        if not isinstance(scene, Prompt):
            return
        cursor = None if shown is None else shown.cursor
        mark = next((c for c in scene.cautions if c.choice == cursor), None)
        if mark is not None and cursor is not None:
            said = caution_line(cursor, scene.decision, self.session.seating, mark)
            if said != self._caution_said:
                self._say(said)
                self._caution_said = said
        elif self._caution_said is not None:
            self._say(status_line(scene, self.session.seating, self.size.width - 2))

    def _nothing_chosen(self) -> None:
        """Enter with nothing highlighted: nothing is played; the status line says so."""
        if isinstance(self.flow.scene, Prompt) and not self._bot_busy():
            self._say(t("prompt.choose_first"))
            self.app.bell()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is None:
            return
        choice = answers.by_id(self.decision, event.option.id)
        if choice is not None:
            self._choose(choice)

    def _highlight(self, choice: Choice) -> None:
        ol = self.query_one(DecisionPrompt).options
        ol.highlighted = ol.get_option_index(str(choice))

    def _illegal(self, what: str, why: str) -> None:
        self._say(t("prompt.illegal", what=what, why=why))
        self.app.bell()

    def _refused(self, what: str, why: str) -> None:
        """A key or click that means no legal choice: said why, and the highlight goes, so
        the next Enter plays nothing the player did not choose (issue 33: `1` refused, then
        Enter, played card 2)."""
        self._power_tens = False
        self.query_one(DecisionPrompt).unhighlight()
        self._illegal(what, why)

    def _say(self, text: str) -> None:
        self._caution_said = None
        self.query_one("#status", Static).update(Text(text))

    # --- answers -----------------------------------------------------------------------------

    def _choose(self, choice: Choice) -> None:
        """A human's answer (keys, clicks) for the current decision."""
        if self._bot_busy():
            return
        d = self.decision
        if d is None or not isinstance(self.flow.scene, Prompt):
            return
        if d.secret:
            self.query_one(DecisionPrompt).clear()  # wipe the secret prompt before anything
        why = self.flow.answer(choice)
        if why is not None:
            self._illegal(choice_label(choice, d, self.session.seating), why)

    def _bot_busy(self) -> bool:
        """True (and says so on the status line) while a computer player has the decision."""
        if not self.flow.bot_playing:
            return False
        d = self.decision
        if d is not None:
            self._say(t("bot.busy", name=self.session.name(d.player)))
        return True

    def _answering(self) -> Decision | None:
        """The decision a key or click may answer now (None: a curtain, display or wait)."""
        d = self.decision
        if d is None or not isinstance(self.flow.scene, (Prompt, BotTurn)):
            return None
        return d

    def on_key(self, event: tevents.Key) -> None:
        if self.flow.bot_playing and event.key in ("enter", "space", "up", "down"):
            event.stop()
            self._bot_busy()
        elif event.key == "u" and not self.check_action("undo", ()):
            # Undo is offered in the footer only when it works; pressed anyway, it says why.
            event.stop()
            if isinstance(self.flow.scene, Prompt):
                self._illegal(t("undo.what"), self.session.why_no_undo())

    # --- input: map, cards, hand -----------------------------------------------------------

    def action_pick_place(self, key: str) -> None:
        d = self._answering()
        if d is None or self._bot_busy():
            return
        if d.kind == DecisionKind.POWER:
            self._pick_power_key(key)
            return
        if d.kind in answers.COUNTS:
            self._pick_count(d, int(key))
            return
        self._point(d, answers.place_choice(d, KEY_PLACES[key]), KEY_PLACES[key])

    def _point(self, d: Decision, choice: Choice | None, place: str) -> None:
        """Highlight the choice a region's key means, or say why it means none."""
        if choice is None:
            king = self.session.current.public.king
            self._refused(region(place), answers.why_not_place(d, place, king))
            return
        self._say("")
        self._highlight(choice)

    def _pick_power_key(self, key: str) -> None:
        """Power cards by number: 1–9 pick 1–9; 0 then a digit picks 10–13 (0 0 = 10, 0 1 = 11,
        0 2 = 12, 0 3 = 13); the highlighted card is played with Enter."""
        d = self.decision
        assert d is not None
        pending, self._power_tens = self._power_tens, False
        if key == "0" and not pending:
            self._power_tens = True
            self._say(t("prompt.power_tens"))
            return
        value = 10 + int(key) if pending else int(key)
        choice = answers.power_choice(d, value)
        if choice is None:
            self._refused(t("choice.power_short", n=value), t("why.power_taken"))
            return
        self._say("")
        self._highlight(choice)

    def _pick_count(self, d: Decision, n: int) -> None:
        """A digit at "bring to court": the choice bringing that many, highlighted (Enter
        plays it), or why there is none."""
        choice = answers.count_choice(d, n)
        if choice is None:
            most = max(c.arg for c in d.choices if isinstance(c.arg, int))
            self._illegal(t("choice.court", n=n), t("why.court_most", n=most))
            return
        self._say("")
        self._highlight(choice)

    def on_place_picked(self, message: PlacePicked) -> None:
        d = self._answering()
        if d is None or self._bot_busy():
            return
        choice = answers.place_choice(d, message.place)
        if choice is None:
            self._point(d, None, message.place)
        else:
            self._choose(choice)

    def action_pick_card(self, key: str) -> None:
        d = self._answering()
        if d is None:
            return
        cards = self.query_one(CardList)
        card = cards.card_at(key)
        if card is not None and not any(card_of(c) for c in d.choices):
            # No card is being chosen: the key opens (or folds) that card's full text.
            slot = "abcde".index(key)
            cards.reading = None if cards.reading == slot else slot
            reading = cards.reading is not None
            self._say(t("prompt.reading", card=card_name(card)) if reading else "")
            return
        if self._bot_busy():
            return
        choice = answers.card_choice(d, card) if card else None
        if choice is None:
            self._refused(card_name(card) if card else key, answers.why_not_card(d, card))
            return
        self._say("")
        self._highlight(choice)

    def on_card_picked(self, message: CardPicked) -> None:
        d = self._answering()
        if d is None or self._bot_busy():
            return
        choice = answers.card_choice(d, message.card)
        if choice is None:
            self._refused(card_name(message.card), answers.why_not_card(d, message.card))
            return
        self._choose(choice)

    def on_power_picked(self, message: PowerPicked) -> None:
        d = self._answering()
        if d is None or self._bot_busy():
            return
        choice = answers.power_choice(d, message.value, message.seat)
        if choice is None:
            self._refused(str(message.value), t("why.not_legal"))
            return
        self._choose(choice)
