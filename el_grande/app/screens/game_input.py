"""The game screen's answering keys and clicks: the choice list (↑↓ Enter, a click), the
map's number keys, the cards' letters, power cards by number, "bring to court" by count, and
clicks on a region, a card or a power card.

What each means is worked out without a screen (`Answering`; which choice is
`el_grande.app.answers`'): an `Outcome` — highlight a choice (Enter plays it), play it (a
click), refuse the key with the reason (the highlight goes), or say a sentence. `PromptInput`,
the game screen's helper, applies it to the prompt and the status line; the answer goes to the
table flow (`TableFlow.answer`), which judges whether it may act.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import field
from typing import TYPE_CHECKING, Protocol

from el_grande.app import answers
from el_grande.app.present import choice_label
from el_grande.app.shown import card_of
from el_grande.app.widgets.board import KEY_PLACES
from el_grande.core import Choice, Decision, DecisionKind
from el_grande.flow.scenes import BotTurn, Prompt
from el_grande.records import record
from el_grande.text import card_name, region, t

if TYPE_CHECKING:
    from el_grande.app.widgets.cards import CardList
    from el_grande.app.widgets.prompt import DecisionPrompt
    from el_grande.app.widgets.status import StatusLine
    from el_grande.session import Seating


class Answers(Protocol):
    """Where the prompt's answers go: the hot-seat table's flow (`TableFlow`), or a seat's
    connection to a hosted table (`el_grande.app.screens.remote_game`)."""

    @property
    def scene(self) -> object: ...

    @property
    def bot_playing(self) -> bool: ...

    def answer(self, choice: Choice) -> str | None: ...


class Drawn(Protocol):
    """What the screen last drew, as far as its answering keys go (`Frame` is one)."""

    @property
    def scene(self) -> object: ...

    @property
    def decision(self) -> Decision | None: ...

    @property
    def seating(self) -> Seating: ...


@record
class Highlight:
    """Highlight `choice` at the prompt (Enter plays it)."""

    choice: Choice


@record
class Play:
    """Answer with `choice` (a click on what it means)."""

    choice: Choice


@record
class Refuse:
    """The key means no legal choice: said why (`what`: what it meant). `keep`: the highlight
    stays (a count too high); otherwise it goes, so the next Enter plays nothing the player did
    not choose (issue 33: `1` refused, then Enter, played card 2)."""

    what: str
    why: str
    keep: bool = False


@record
class Say:
    """A sentence on the status line, nothing else (the first `0` of a power card's 10–13)."""

    text: str


Outcome = Highlight | Play | Refuse | Say


@record(frozen=False)
class Answering:
    """The answering keys' one piece of memory: a `0` typed for a power card of 10–13."""

    tens: bool = False

    def place_key(self, d: Decision, key: str, king: str) -> Outcome:
        """A digit: a region of the map (its number), a power card, or a count to bring
        (`king`: where the king stands, which a region's refusal may name)."""
        if d.kind == DecisionKind.POWER:
            return self._power_key(d, key)
        if d.kind in answers.COUNTS:
            return count_key(d, int(key))
        place = KEY_PLACES[key]
        return self.place(d, place, king, Highlight)

    def place(self, d: Decision, place: str, king: str, then: type[Highlight | Play]) -> Outcome:
        """A region's key or click: `then` its choice, or why there is none."""
        choice = answers.place_choice(d, place)
        if choice is None:
            return self.refuse(region(place), answers.why_not_place(d, place, king))
        return then(choice)

    def _power_key(self, d: Decision, key: str) -> Outcome:
        """Power cards by number: 1–9 pick 1–9; 0 then a digit picks 10–13 (0 0 = 10,
        0 1 = 11, 0 2 = 12, 0 3 = 13); the highlighted card is played with Enter."""
        pending, self.tens = self.tens, False
        if key == "0" and not pending:
            self.tens = True
            return Say(t("prompt.power_tens"))
        value = 10 + int(key) if pending else int(key)
        choice = answers.power_choice(d, value)
        if choice is None:
            return self.refuse(t("choice.power_short", n=value), t("why.power_taken"))
        return Highlight(choice)

    def card(
        self, d: Decision, card: str | None, key: str, then: type[Highlight | Play]
    ) -> Outcome:
        """An action card's letter or click: `then` its choice, or why not."""
        choice = answers.card_choice(d, card) if card else None
        if choice is None:
            return self.refuse(card_name(card) if card else key, answers.why_not_card(d, card))
        return then(choice)

    def power_click(self, d: Decision, value: int, seat: int) -> Outcome:
        choice = answers.power_choice(d, value, seat)
        if choice is None:
            return self.refuse(str(value), t("why.not_legal"))
        return Play(choice)

    def refuse(self, what: str, why: str) -> Refuse:
        self.tens = False
        return Refuse(what, why)


def count_key(d: Decision, n: int) -> Outcome:
    """A digit at "bring to court": the choice bringing that many, highlighted (Enter plays
    it), or why there is none."""
    choice = answers.count_choice(d, n)
    if choice is None:
        most = max(c.arg for c in d.choices if isinstance(c.arg, int))
        return Refuse(t("choice.court", n=n), t("why.court_most", n=most), keep=True)
    return Highlight(choice)


@record(frozen=False)
class PromptInput:
    """The game screen's answering keys and clicks, applied (a helper of the screen, which
    passes each of them on): `frame` gives the frame last drawn, `cursor_to` mirrors the
    highlighted choice on the map, the cards and the hand."""

    flow: Answers
    frame: Callable[[], Drawn]
    prompt: DecisionPrompt
    status: StatusLine
    cards: CardList
    cursor_to: Callable[[Choice | None], None]
    answering: Answering = field(default_factory=Answering)

    @property
    def decision(self) -> Decision | None:
        return self.frame().decision

    def highlighted(self, option_id: str | None) -> None:
        """The prompt's highlight moved (called at once by the choice list); None: nothing is
        highlighted (a refused key), and nothing is on the map, the cards or the hand."""
        if isinstance(self.flow.scene, Prompt):
            self.cursor_to(None if option_id is None else answers.by_id(self.decision, option_id))

    def highlight(self, choice: Choice) -> None:
        ol = self.prompt.options
        ol.highlighted = ol.get_option_index(str(choice))

    def nothing_chosen(self) -> None:
        """Enter with nothing highlighted: nothing is played; the status line says so."""
        if isinstance(self.flow.scene, Prompt) and not self.bot_busy():
            self.status.refuse(t("prompt.choose_first"))

    def selected(self, option_id: str | None) -> None:
        """A choice of the list taken (Enter, a click)."""
        choice = None if option_id is None else answers.by_id(self.decision, option_id)
        if choice is not None:
            self.choose(choice)

    def choose(self, choice: Choice) -> None:
        """A human's answer (keys, clicks) for the current decision."""
        d = self.decision
        if self.bot_busy() or d is None or not isinstance(self.flow.scene, Prompt):
            return
        if d.secret:
            self.prompt.clear()  # wipe the secret prompt before anything
        why = self.flow.answer(choice)
        if why is not None:
            self.status.illegal(choice_label(choice, d, self.frame().seating), why)

    def bot_busy(self) -> bool:
        """True (and says so on the status line) while a computer player has the decision."""
        if not self.flow.bot_playing:
            return False
        d = self.decision
        if d is not None:
            self.status.say(t("bot.busy", name=self.frame().seating.name(d.player)))
        return True

    def _open(self, busy: bool = True) -> Decision | None:
        """The decision a key or click may answer now (None: a curtain, display or wait; or,
        `busy`, a computer player's, which the status line says)."""
        d, scene = self.decision, self.frame().scene
        if d is None or not isinstance(scene, Prompt | BotTurn):
            return None
        return None if busy and self.bot_busy() else d

    @property
    def _king(self) -> str:
        scene = self.frame().scene
        return scene.view.king if isinstance(scene, Prompt | BotTurn) else ""

    def apply(self, outcome: Outcome) -> None:
        match outcome:
            case Highlight(choice):
                self.status.say("")
                self.highlight(choice)
            case Play(choice):
                self.choose(choice)
            case Refuse(what, why, keep):
                if not keep:
                    self.prompt.unhighlight()
                self.status.illegal(what, why)
            case Say(text):
                self.status.say(text)

    def place_key(self, key: str) -> None:
        if (d := self._open()) is not None:
            self.apply(self.answering.place_key(d, key, self._king))

    def place_click(self, place: str) -> None:
        if (d := self._open()) is not None:
            self.apply(self.answering.place(d, place, self._king, Play))

    def card_key(self, key: str) -> None:
        d = self._open(busy=False)
        if d is None:
            return
        card = self.cards.card_at(key)
        if card is not None and not any(card_of(c) for c in d.choices):
            # No card is being chosen: the key opens (or folds) that card's full text.
            slot = "abcde".index(key)
            self.cards.reading = None if self.cards.reading == slot else slot
            reading = self.cards.reading is not None
            self.status.say(t("prompt.reading", card=card_name(card)) if reading else "")
        elif not self.bot_busy():
            self.apply(self.answering.card(d, card, key, Highlight))

    def card_click(self, card: str) -> None:
        if (d := self._open()) is not None:
            self.apply(self.answering.card(d, card, card, Play))

    def power_click(self, value: int, seat: int) -> None:
        if (d := self._open()) is not None:
            self.apply(self.answering.power_click(d, value, seat))
