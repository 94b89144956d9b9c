"""The game screen: the board, the cards, the players, the log and the decision prompt.

Everything on it is redrawn from `session.game.view(...)` and the current decision; the
screen keeps only *where it is in the flow* (which curtain is up, the scoring events still to
show, the computer player's turn in progress). Only `_apply_choice` hands a choice to the
session: a human's through `_choose`, a bot's through `_bot_apply`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events as tevents
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.worker import Worker, WorkerState

from el_grande.app.messages import CardPicked, PlacePicked, PowerPicked
from el_grande.app.present import (
    card_of,
    chip,
    choice_label,
    decision_progress,
    decision_what,
    place_of,
    power_of,
    secret_what,
)
from el_grande.app.screens.curtain import CurtainScreen
from el_grande.app.widgets.board import KEY_PLACES, MapView
from el_grande.app.widgets.cards import CardRow
from el_grande.app.widgets.players import PlayersPanel, players_header
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.app.widgets.track import RoundTrack
from el_grande.core import NEIGHBOURS, Choice, Decision, IllegalChoice
from el_grande.core import events as E
from el_grande.text import card_name, region, t

if TYPE_CHECKING:
    from el_grande.app.session import GameSession
    from el_grande.bots import Bot
    from el_grande.core import Event, View


@dataclass
class BotTurn:
    """A computer player's decision in progress: asked at `moves` choices into the game."""

    seat: int
    decision: Decision
    moves: int
    started: float
    choice: Choice | None = None
    timer: Timer | None = None
    #: The choice came while another screen (help, preview...) was on top: apply on return.
    deferred: bool = False


#: Events that open the step-by-step scoring display.
_SHOW_EVENTS = (E.SecretsRevealed, E.ScoringStarted)


class GameScreen(Screen[None]):
    CSS_PATH = [
        "game.tcss",
        "../widgets/board.tcss",
        "../widgets/cards.tcss",
        "../widgets/players.tcss",
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help", id="help"),
        Binding("p", "preview", "Points if scored now", id="preview"),
        Binding("l", "toggle_log", "Log", id="log"),
        Binding("u", "undo", "Undo", id="undo"),  # offered only when allowed: check_action
        Binding("s", "save_as", "Save as", id="save_as"),
        # Offered only in games with computer players (check_action).
        Binding("f", "skip_ahead", "Skip ahead", id="skip_ahead"),
        *[Binding(k, f"pick_place('{k}')", show=False) for k in "0123456789"],
        *[Binding(k, f"pick_card('{k}')", show=False) for k in "abcde"],
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        #: The seat for whom the curtain was lowered for the current secret decision.
        self._unlocked: int | None = None
        #: Scorings/reveals not yet shown step by step (one list of events per display).
        self._to_show: list[list[Event]] = []
        #: A scoring that has started but not ended yet (general scoring: disks still to come).
        self._open_batch: list[Event] | None = None
        self._logged = 0
        self._modal = False
        #: The computer player's decision in progress, if any (see "computer players" below).
        self._bot: BotTurn | None = None
        self._bot_worker: Worker[Choice] | None = None
        #: Skip ahead: bots play without delay until a human decides or a scoring is shown.
        self._skipping = False

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield RoundTrack(id="track")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield MapView(id="map")
                yield Static(players_header(), id="players-header", markup=False)
                yield PlayersPanel(len(self.session.seats), id="players")
                yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
            with Vertical(id="right"):
                yield CardRow(id="cards")
                yield DecisionPrompt(id="prompt")
        yield Static("", id="status", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).border_title = Content(t("board.log"))
        self.query_one("#cards", CardRow).border_title = Content(t("board.cards_title"))
        self._sync_log()
        self.advance()

    # --- the flow --------------------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        return self.session.decision

    @property
    def waiting_for_choice(self) -> bool:
        """True when the prompt for a human's decision is up (no curtain, no scoring, no
        computer player choosing)."""
        return (
            self.decision is not None
            and not self._modal
            and self._bot is None
            and self.app.screen is self
        )

    @property
    def bot_playing(self) -> bool:
        """True while a computer player has the current decision."""
        return self._bot is not None

    def advance(self) -> None:
        """Show what comes next: pending scoring steps, a curtain, the game over, a prompt."""
        self.refresh_bindings()  # undo may have become (un)available
        if self._to_show:
            from el_grande.app.screens.scoring import ScoringScreen

            self._skipping = False  # skipping ahead stops at every scoring display
            shown = self._to_show.pop(0)
            self._show_public()
            self._open_modal(ScoringScreen(self.session, shown, self.mark_place))
            return
        d = self.decision
        if d is None:
            from el_grande.app.screens.game_over import GameOverScreen

            self._show_public()
            self.app.switch_screen(GameOverScreen(self.session))
            return
        if self.session.bot_level(d.player) is not None:
            self._start_bot(d)
            return
        self._skipping = False  # a human decides: skipping ahead ends here
        if d.secret and self._unlocked != d.player:
            name = self.session.name(d.player)
            self._raise_curtain(
                t("curtain.to", name=name),
                t("curtain.why", name=name, what=secret_what(d)),
                unlock=d.player,
            )
            return
        self._show_decision(d)

    def _open_modal(self, screen: Screen[None], after: object = None) -> None:
        self._modal = True

        def done(_: object) -> None:
            self._modal = False
            if callable(after):
                after()
            if not self._to_show:
                self._sync_log()
            self.advance()

        self.app.push_screen(screen, done)

    def _raise_curtain(self, headline: str, detail: str, unlock: int | None) -> None:
        """Cover the board. `unlock`: the seat whose secret prompt is behind the curtain (it
        then takes that curtain's letter to lower it); None: nothing secret behind it."""
        guard = self.app.input_guard  # type: ignore[attr-defined]
        guard.close()  # until the curtain is up: nothing typed ahead acts (app/guard.py)
        self.app.clear_notifications()
        self.query_one("#status", Static).update("")
        self.query_one(DecisionPrompt).clear()
        self._show_public()
        letter = None
        if unlock is not None:
            from el_grande.app.screens.curtain import draw_letter

            letter = draw_letter(self.app.curtain_letters, self._last_letter)  # type: ignore[attr-defined]
            self._last_letter = letter

        def lowered() -> None:
            self._unlocked = unlock

        curtain = CurtainScreen(
            headline,
            detail,
            letter=letter,
            owner=None if unlock is None else self.session.name(unlock),
            guard_seconds=guard.seconds,
        )
        self._open_modal(curtain, after=lowered)

    _last_letter: str | None = None

    def _choose(self, choice: Choice) -> None:
        """A human's answer (keys, clicks) for the current decision."""
        if self._bot_busy():
            return
        self._apply_choice(choice)

    def _apply_choice(self, choice: Choice) -> None:
        """Hand `choice` to the session (a human's or a computer player's), then go on."""
        d = self.decision
        if d is None or self._modal:
            return
        if choice not in d.choices:
            self._illegal(choice_label(choice, d, self.session), t("why.not_legal"))
            return
        was_secret = d.secret
        if was_secret:
            # Wipe the secret prompt before anything else can paint.
            self.query_one(DecisionPrompt).clear()
        try:
            events = self.session.apply(choice)
        except IllegalChoice as exc:  # the core is the judge; nothing changed
            self._illegal(choice_label(choice, d, self.session), str(exc))
            return
        self.query_one("#status", Static).update("")
        showable, self._open_batch = self._showable(events, self._open_batch)
        self._to_show += showable
        if not self._to_show:
            # With a scoring to show, the log waits so it does not give the points away.
            self._sync_log()
        if was_secret:
            self._unlocked = None
            nd = self.decision
            name = self.session.name(d.player)
            if self.session.bot_level(d.player) is not None or (
                nd is not None and nd.secret and self.session.bot_level(nd.player) is not None
            ):
                # A computer player's secret needs nobody to look away; after a human's, the
                # board goes public at once while a computer player chooses next (the next
                # human gets their curtain when their turn comes).
                self._show_public()
                self.advance()
                return
            if nd is not None and nd.secret:
                nxt = self.session.name(nd.player)
                self._raise_curtain(
                    t("curtain.back", name=name) + " " + t("curtain.to", name=nxt),
                    t("curtain.why", name=nxt, what=secret_what(nd)),
                    unlock=nd.player,
                )
            else:
                self._raise_curtain(
                    t("curtain.back_all"), t("curtain.back", name=name), unlock=None
                )
            return
        self.advance()

    @staticmethod
    def _showable(
        events: list[Event], open_batch: list[Event] | None = None
    ) -> tuple[list[list[Event]], list[Event] | None]:
        """Split events into displays: each reveal and each scoring gets its own (a reveal and
        the scoring around it stay together). A scoring not yet ended (a general scoring
        waiting for the disks) is handed back as the open batch, to be continued."""
        batches: list[list[Event]] = []
        current = open_batch
        scoring_open = open_batch is not None
        for ev in events:
            kind = type(ev)
            new = current is None or (kind is E.SecretsRevealed and not scoring_open)
            if new and isinstance(ev, _SHOW_EVENTS):
                current = []
                batches.append(current)
            elif current is None and kind is E.PlaceScored:
                # A scoring whose start came before this screen opened (a resumed game).
                current = []
                batches.append(current)
                scoring_open = True
            if current is None:
                continue
            if current is open_batch and not batches:
                batches.append(current)
            current.append(ev)
            if kind is E.ScoringStarted:
                scoring_open = True
            elif kind is E.ScoringEnded:
                current, scoring_open = None, False
        if current is not None and scoring_open:
            batches.remove(current)
            return batches, current
        return batches, None

    # --- drawing ---------------------------------------------------------------------------

    def _legal_sets(
        self, d: Decision | None
    ) -> tuple[frozenset[str], frozenset[str], frozenset[int]]:
        if d is None:
            return frozenset(), frozenset(), frozenset()
        places = frozenset(p for c in d.choices if (p := place_of(c)))
        cards = frozenset(c for ch in d.choices if (c := card_of(ch)))
        powers = frozenset(v for c in d.choices if (v := power_of(c)) is not None)
        return places, cards, powers

    def _show_public(self) -> None:
        """The board as everybody may see it, with no prompt (behind curtains and scorings)."""
        self.query_one(DecisionPrompt).clear()
        view = self.session.game.view(None)
        self._draw_board(view, None)

    def mark_place(self, place: str | None) -> None:
        """Light up the place being scored (the scoring display calls this step by step)."""
        for box in self.query(".place"):
            box.set_class(getattr(box, "place", None) == place, "-scoring")

    def _show_decision(self, d: Decision) -> None:
        seat = d.player if d.secret else None
        view = self.session.game.view(seat)
        self._draw_board(view, d)
        labels = [(str(c), choice_label(c, d, self.session)) for c in d.choices]
        title = Text()
        if d.secret:
            title.append(
                t("prompt.secret", name=self.session.name(d.player)) + "\n", style="bold reverse"
            )
        title.append_text(chip(self.session, d.player, " "))
        title.append(f" {self.session.name(d.player)}: ", style="bold")
        title.append(decision_what(d, self.session))
        places, cards, _ = self._legal_sets(d)
        hint = t("prompt.keys_map") if places else t("prompt.keys_cards") if cards else ""
        progress = decision_progress(d, self.session)
        if hint:
            progress = f"{progress}\n{hint}" if progress else hint
        self.query_one(DecisionPrompt).show(title, progress, labels, d.secret)
        self.query_one(DecisionPrompt).options.focus()
        self._cursor_to(d.choices[0] if d.choices else None)

    def _draw_board(self, view: View, d: Decision | None, marks: bool = True) -> None:
        """`marks`: light up the legal places, cards and power cards (not for a bot)."""
        places, cards, powers = self._legal_sets(d if marks else None)
        hidden = self.session.castillo_hidden
        self.query_one(MapView).show(view, self.session, places, None, hidden)
        self.query_one(CardRow).show(view, self.session, cards, None)
        self.query_one(PlayersPanel).show(
            view, self.session, d.player if d else None, powers if d else frozenset()
        )
        doing = decision_what(d, self.session) if d and (marks or not d.secret) else ""
        self.query_one(RoundTrack).show(view, self.session, doing)

    def _sync_log(self) -> None:
        log = self.query_one("#log", RichLog)
        lines = self.session.log
        for line in lines[self._logged :]:
            log.write(line)
        self._logged = len(lines)

    def _cursor_to(self, choice: Choice | None) -> None:
        """Mirror the highlighted choice on the map / card row / hand (display only)."""
        place = place_of(choice) if choice else None
        card = card_of(choice) if choice else None
        power = power_of(choice) if choice else None
        for box in self.query(".place"):
            box.set_class(getattr(box, "place", None) == place, "-cursor")
        for box in self.query(".card"):
            on = card is not None and getattr(box, "card", None) == card
            box.set_class(on, "-cursor")
            if on:
                box.scroll_visible(animate=False)
        if power is not None or self._last_power is not None:
            d = self.decision
            if d is not None:
                bot = self._bot is not None
                seat = d.player if d.secret and not bot else None  # a bot's view stays its own
                _, _, powers = self._legal_sets(None if bot else d)
                self.query_one(PlayersPanel).show(
                    self.session.game.view(seat), self.session, d.player, powers, power
                )
        self._last_power = power

    _last_power: int | None = None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        d = self.decision
        if d is None or event.option.id is None or self._modal:
            return
        choice = self._choice_by_id(event.option.id)
        self._cursor_to(choice)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is None:
            return
        choice = self._choice_by_id(event.option.id)
        if choice is not None:
            self._choose(choice)

    def _choice_by_id(self, oid: str) -> Choice | None:
        d = self.decision
        if d is None:
            return None
        return next((c for c in d.choices if str(c) == oid), None)

    def _highlight(self, choice: Choice) -> None:
        ol = self.query_one(DecisionPrompt).options
        ol.highlighted = ol.get_option_index(str(choice))

    def _illegal(self, what: str, why: str) -> None:
        self.query_one("#status", Static).update(t("prompt.illegal", what=what, why=why))
        self.app.bell()

    # --- input: map, cards, hand -----------------------------------------------------------

    def _why_not_place(self, place: str, d: Decision) -> str:
        if not any(place_of(c) for c in d.choices):
            return t("why.not_region_now")
        view = self.session.game.view(d.player if d.secret else None)
        if place == view.king:
            return t("why.king_region")
        if d.kind == "placement" and place != "castillo" and place not in NEIGHBOURS[view.king]:
            return t("why.not_adjacent")
        if place == "castillo" and d.kind in ("move_from", "recall", "return_one", "angry_king"):
            return t("why.castillo_source")
        return t("why.not_legal")

    def _place_choice(self, place: str) -> Choice | None:
        d = self.decision
        if d is None:
            return None
        return next((c for c in d.choices if place_of(c) == place), None)

    def action_pick_place(self, key: str) -> None:
        d = self.decision
        if d is None or self._modal or self._bot_busy():
            return
        place = KEY_PLACES[key]
        choice = self._place_choice(place)
        if choice is None:
            self._illegal(region(place), self._why_not_place(place, d))
            return
        self.query_one("#status", Static).update("")
        self._highlight(choice)

    def on_place_picked(self, message: PlacePicked) -> None:
        d = self.decision
        if d is None or self._modal or self._bot_busy():
            return
        choice = self._place_choice(message.place)
        if choice is None:
            self._illegal(region(message.place), self._why_not_place(message.place, d))
            return
        self._choose(choice)

    def _card_choice(self, card: str) -> Choice | None:
        d = self.decision
        if d is None:
            return None
        return next((c for c in d.choices if card_of(c) == card), None)

    def _why_not_card(self, card: str | None) -> str:
        d = self.decision
        if card is None:
            return t("why.no_card")
        if d is None or not any(card_of(c) for c in d.choices):
            return t("why.not_card_now")
        return t("why.card_taken")

    def action_pick_card(self, key: str) -> None:
        if self.decision is None or self._modal or self._bot_busy():
            return
        card = self.query_one(CardRow).card_at(key)
        choice = self._card_choice(card) if card else None
        if choice is None:
            self._illegal(card_name(card) if card else key, self._why_not_card(card))
            return
        self.query_one("#status", Static).update("")
        self._highlight(choice)

    def on_card_picked(self, message: CardPicked) -> None:
        if self.decision is None or self._modal or self._bot_busy():
            return
        choice = self._card_choice(message.card)
        if choice is None:
            self._illegal(card_name(message.card), self._why_not_card(message.card))
            return
        self._choose(choice)

    def on_power_picked(self, message: PowerPicked) -> None:
        d = self.decision
        if d is None or self._modal or self._bot_busy():
            return
        choice = next(
            (c for c in d.choices if power_of(c) == message.value and d.player == message.seat),
            None,
        )
        if choice is None:
            self._illegal(str(message.value), t("why.not_legal"))
            return
        self._choose(choice)

    # --- computer players ------------------------------------------------------------------
    #
    # A bot is asked off the UI thread (a worker) with only its seat's view and the decision;
    # its answer goes through `_apply_choice` like a human's. Each decision shows for at least
    # `app.bot_delay` seconds (and at least as long as the bot thinks); a public choice is
    # shown highlighted for the second half of that time. A secret one shows nothing.
    # An answer is used only if the game is still where it was asked (`_bot_current`).

    @property
    def bot_delay(self) -> float:
        return float(getattr(self.app, "bot_delay", 0.8))

    def _bot_for(self, seat: int) -> Bot:
        """A bot for `seat`, seeded by the game's seed, the seat and the moves so far: the
        same position gets the same answer, also after a resume or an undo."""
        from el_grande.bots import make_bot

        level = self.session.bot_level(seat)
        assert level is not None
        game = self.session.game
        seed = random.Random(f"{game.record()['seed']}/{seat}/{len(game.history)}")
        return make_bot(level, seed=seed.randrange(2**31))

    def _start_bot(self, d: Decision) -> None:
        turn = BotTurn(d.player, d, len(self.session.game.history), time.monotonic())
        self._bot = turn
        self.refresh_bindings()
        self._show_bot_turn(d)
        if len(d.choices) == 1:  # forced: nothing to think about (as in `bots.play`)
            turn.choice = d.choices[0]
            self._bot_ready(turn)
            return
        bot = self._bot_for(d.player)
        view = self.session.game.view(d.player)  # built here: the thread never sees the Game
        self._bot_worker = self.run_worker(
            lambda: bot.choose(view, d),
            name=f"bot {d.player}",
            group="bot",
            exclusive=True,
            thread=True,
            exit_on_error=False,
        )

    def _bot_current(self, turn: BotTurn) -> bool:
        """Whether `turn` still is the decision at hand (not undone, replaced or closed)."""
        return (
            self._bot is turn
            and self.is_attached
            and len(self.session.game.history) == turn.moves
            and self.decision is not None
            and self.decision.player == turn.seat
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker is not self._bot_worker or event.state not in (
            WorkerState.SUCCESS,
            WorkerState.ERROR,
        ):
            return  # a stale or cancelled worker: its answer is dropped
        self._bot_worker = None
        turn = self._bot
        if turn is None or not self._bot_current(turn):
            return
        if event.state is WorkerState.SUCCESS and worker.result in turn.decision.choices:
            turn.choice = worker.result
        else:  # a bot must never stop the game (no word of what it played: maybe a secret)
            turn.choice = random.choice(turn.decision.choices)
            self.notify(
                t("bot.failed", name=self.session.name(turn.seat)),
                severity="warning",
                markup=False,
            )
        self._bot_ready(turn)

    def _bot_ready(self, turn: BotTurn) -> None:
        """The bot has answered: show it (public choices), then apply it at the pace."""
        delay = 0.0 if self._skipping else self.bot_delay
        left = delay - (time.monotonic() - turn.started)
        if turn.decision.secret or left <= 0:
            self._bot_wait(turn, left, lambda: self._bot_apply(turn))
            return

        def show() -> None:
            if self._bot_current(turn) and turn.choice is not None:
                self._show_bot_choice(turn)
                self._bot_wait(turn, delay / 2, lambda: self._bot_apply(turn))

        self._bot_wait(turn, left - delay / 2, show)

    def _bot_wait(self, turn: BotTurn, seconds: float, then: Callable[[], None]) -> None:
        """Run `then` after `seconds` (on the next turn of the message loop if none: never
        recursively, so a run of forced bot decisions cannot grow the stack)."""
        if seconds <= 0:
            turn.timer = None
            self.call_later(then)
        else:
            turn.timer = self.set_timer(seconds, then)

    def _bot_apply(self, turn: BotTurn) -> None:
        if not self._bot_current(turn) or turn.choice is None:
            return
        if self.app.screen is not self:  # help, preview, save as...: go on when it closes
            turn.deferred = True
            return
        self._cursor_to(None)  # while still the bot's turn: drawn from the public view
        self._bot = None
        self._apply_choice(turn.choice)
        if self._bot is None:
            self.refresh_bindings()

    def on_screen_resume(self) -> None:
        turn = self._bot
        if turn is not None and turn.deferred:
            turn.deferred = False
            self._bot_apply(turn)

    def _bot_title(self, seat: int) -> Text:
        title = Text()
        title.append_text(chip(self.session, seat, " "))
        title.append(" ")
        return title

    def _show_bot_turn(self, d: Decision) -> None:
        """The public board and "X is thinking…" (or "X is choosing in secret…" and nothing
        else: no choices, no highlights, not even what the choice is about)."""
        self.query_one("#status", Static).update("")
        self._cursor_to(None)
        self._draw_board(self.session.game.view(None), d, marks=False)
        name, level = self.session.name(d.player), self.session.bot_level(d.player)
        title = self._bot_title(d.player)
        if d.secret:
            title.append(t("bot.secret", name=name), style="bold")
            progress = ""
        else:
            title.append(t("bot.thinking", name=name, level=level), style="bold")
            title.append("\n" + decision_what(d, self.session))
            progress = decision_progress(d, self.session)
        prompt = self.query_one(DecisionPrompt)
        prompt.show(title, progress, [], False)
        if prompt.options.has_focus:
            self.set_focus(None)  # keys come to the screen, which says to wait

    def _show_bot_choice(self, turn: BotTurn) -> None:
        """A public choice, shown for a moment before it is applied."""
        d, choice = turn.decision, turn.choice
        assert choice is not None and not d.secret
        label = choice_label(choice, d, self.session)
        name, level = self.session.name(d.player), self.session.bot_level(d.player)
        title = self._bot_title(d.player)
        title.append(t("bot.chooses", name=name, level=level, choice=label), style="bold")
        title.append("\n" + decision_what(d, self.session))
        self.query_one(DecisionPrompt).show(title, decision_progress(d, self.session), [], False)
        self._cursor_to(choice)

    def _bot_busy(self) -> bool:
        """True (and says so on the status line) while a computer player has the decision."""
        if self._bot is None:
            return False
        self.query_one("#status", Static).update(
            t("bot.busy", name=self.session.name(self._bot.seat))
        )
        return True

    def on_key(self, event: tevents.Key) -> None:
        if self._bot is not None and event.key in ("enter", "space", "up", "down"):
            event.stop()
            self._bot_busy()

    def action_skip_ahead(self) -> None:
        """Bots play without delay until the next human decision or scoring display."""
        if not self.session.has_bots:
            return
        self._skipping = True
        turn = self._bot
        if turn is not None and turn.choice is not None and turn.timer is not None:
            # Waiting only for the pace (not for the bot's thinking): play it now.
            turn.timer.stop()
            turn.timer = None
            self._bot_apply(turn)

    # --- other keys ------------------------------------------------------------------------

    def action_help(self) -> None:
        from el_grande.app.screens.help import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_preview(self) -> None:
        from el_grande.app.screens.scoring import PreviewScreen

        self.app.push_screen(PreviewScreen(self.session))

    def action_toggle_log(self) -> None:
        log = self.query_one("#log", RichLog)
        if log.has_focus:
            self.query_one(DecisionPrompt).options.focus()
        else:
            log.focus()

    # --- undo (el_grande/persist/undo.py: never across a reveal) ---------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            if not self.session.game.history:
                return False  # nothing to undo (and no save machinery to load before frame 1)
            from el_grande.persist.hooks import can_undo_session

            return not self._modal and self._bot is None and can_undo_session(self.session)
        if action == "skip_ahead":
            if not self.session.has_bots:
                return False  # not offered in all-human games
            return True if self._bot is not None else None  # dimmed at a human's prompt
        if action == "save_as":
            return not (self.decision is not None and self.decision.secret)
        return True

    def action_undo(self) -> None:
        from el_grande.persist.hooks import undo_session

        if self._modal or self._bot is not None:
            return
        session = undo_session(self.session)
        if session is not None:
            self.app.open_game(session)  # type: ignore[attr-defined]

    def action_save_as(self) -> None:
        from el_grande.persist.save_screen import SaveAsScreen

        if self._modal or (self.decision is not None and self.decision.secret):
            return  # never over a secret prompt

        def saved(message: str | None) -> None:
            if message:
                self.notify(message, markup=False)

        self.app.push_screen(SaveAsScreen(self.session), saved)
