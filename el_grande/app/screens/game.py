"""The game screen: the board, the cards, the players, the log and the decision prompt.

It is a subscriber of the session's stream (`el_grande.session`): every choice — a human's
from a key or a click, a computer player's from its thread — goes to `session.apply`, and
the session's one `Update` per choice comes back to `_published`. The screen never asks the
game for a view: it sets `shown` (the `Shown` value) from the update's views, and the map,
the cards, the players and the round track are bound to it (`data_bind`).

What the screen keeps is only *where it is in the flow*: which curtain is up, the scoring
displays still to show (with the board as it stood when each began), the computer player's
turn in progress.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events as tevents
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import OptionList, RichLog, Static
from textual.worker import Worker, WorkerState

from el_grande.app.colours import palette
from el_grande.app.messages import CardPicked, PlacePicked, PowerPicked
from el_grande.app.present import (
    chip,
    choice_label,
    decision_progress,
    decision_what,
    line_text,
    secret_what,
    styled,
)
from el_grande.app.screens.styled import StyledOnce
from el_grande.app.shown import Legal, Shown, card_of, place_of, power_of, step_view
from el_grande.app.widgets.board import KEY_PLACES, MapView
from el_grande.app.widgets.cards import CardList
from el_grande.app.widgets.keybar import KeyBar
from el_grande.app.widgets.players import PlayersPanel
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.app.widgets.track import RoundTrack
from el_grande.core import NEIGHBOURS, Choice, Decision, DecisionKind, IllegalChoice
from el_grande.core import events as E
from el_grande.text import card_name, region, t

if TYPE_CHECKING:
    from el_grande.bots import Bot
    from el_grande.core import Event, View
    from el_grande.session import GameSession, Update


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


@dataclass
class Display:
    """A scoring or reveal still to show step by step, and the board as it stood when it
    began (so the display plays its events out on the board)."""

    events: list[Event]
    start: View


#: Events that open the step-by-step scoring display.
_SHOW_EVENTS = (E.SecretsRevealed, E.ScoringStarted)


def split_displays(
    events: tuple[Event, ...] | list[Event], open_batch: list[Event] | None = None
) -> tuple[list[tuple[int, list[Event]]], list[Event] | None]:
    """Split events into displays: each reveal and each scoring gets its own (a reveal and the
    scoring around it stay together). Each display comes with the index in `events` where it
    begins. A scoring not yet ended (a general scoring waiting for the disks) is handed back
    as the open batch, to be continued by the next events."""
    batches: list[tuple[int, list[Event]]] = []
    current = open_batch
    scoring_open = open_batch is not None
    for i, ev in enumerate(events):
        # A display begins at a reveal or a scoring, unless a scoring is under way (a general
        # scoring's disks are revealed inside it). A reveal before a scoring (a disk card in
        # the round's last turn) is a display of its own, shown before the scoring goes on.
        new = current is None or not scoring_open
        if new and isinstance(ev, _SHOW_EVENTS):
            current = []
            batches.append((i, current))
        elif current is None and isinstance(ev, E.PlaceScored):
            # A scoring whose start came before this screen opened (a resumed game).
            current = []
            batches.append((i, current))
            scoring_open = True
        if current is None:
            continue
        if current is open_batch and not batches:
            batches.append((0, current))
        current.append(ev)
        if isinstance(ev, E.ScoringStarted):
            scoring_open = True
        elif isinstance(ev, E.ScoringEnded):
            current, scoring_open = None, False
    if current is not None and scoring_open:
        batches = [(i, b) for i, b in batches if b is not current]
        return batches, current
    return batches, None


class GameScreen(StyledOnce, Screen[None]):
    CSS_PATH = "game.tcss"
    #: The answers take the keys from the first frame (not the log, then the answers).
    AUTO_FOCUS = "#choices"
    # Descriptions are catalogue keys: the app shows them in the active language (app.py).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "keys.help", id="help"),
        Binding("p", "preview", "keys.preview", id="preview"),
        Binding("h", "hint", "keys.hint", id="hint"),  # a human's decision, hints on
        Binding("l", "toggle_log", "keys.log", id="log"),
        Binding("u", "undo", "keys.undo", id="undo"),  # offered only when allowed
        Binding("s", "save_as", "keys.save_as", id="save_as"),
        Binding("o", "settings", "keys.settings", id="settings"),  # never on a secret
        # Offered only in games with computer players (check_action).
        Binding("f", "skip_ahead", "keys.skip", id="skip_ahead"),
        *[Binding(k, f"pick_place('{k}')", show=False) for k in "0123456789"],
        *[Binding(k, f"pick_card('{k}')", show=False) for k in "abcde"],
    ]

    #: What the board widgets draw (they are bound to it).
    # The screen draws nothing itself: its bound widgets repaint what changed (a repaint of
    # the whole screen for every highlight would redraw everything).
    shown: reactive[Shown | None] = reactive(None, repaint=False)

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        #: The seat for whom the curtain was lowered for the current secret decision.
        self._unlocked: int | None = None
        #: Scorings/reveals not yet shown step by step.
        self._to_show: list[Display] = []
        #: A scoring that has started but not ended yet (general scoring: disks still to come).
        self._open: Display | None = None
        #: Log lines held back while a scoring is still to be shown (they would tell it).
        self._held: list[Text] = []
        self._modal = False
        #: The computer player's decision in progress, if any (see "computer players" below).
        self._bot: BotTurn | None = None
        self._bot_worker: Worker[Choice] | None = None
        #: Skip ahead: bots play without delay until a human decides or a scoring is shown.
        self._skipping = False
        self._unsubscribe: Callable[[], None] | None = None
        self._last_letter: str | None = None
        #: The chips' palette when the prompt was drawn (redrawn when it changed).
        self._prompt_palette: str | None = None

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        session = self.session
        yield Static("", id="save-problem", markup=False)
        yield RoundTrack(session, id="track").data_bind(GameScreen.shown)
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield MapView(session, id="map").data_bind(GameScreen.shown)
                yield PlayersPanel(session, id="players").data_bind(GameScreen.shown)
                yield RichLog(id="log", wrap=True, markup=False, auto_scroll=True, min_width=20)
            with Vertical(id="right"):
                yield CardList(session, id="cards").data_bind(GameScreen.shown)
                yield DecisionPrompt(id="prompt")
        yield Static("", id="status", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).border_title = Content(t("board.log"))
        self.query_one("#cards", CardList).border_title = Content(t("board.cards_title"))
        current = self.session.current
        # A resumed game whose last choice scored: that display is shown (again).
        self._queue_displays(current)
        log = self.query_one("#log", RichLog)
        lines = self.session.log
        keep = len(lines) - (len(current.lines) if self._to_show else 0)
        for line in lines[:keep]:
            log.write(line_text(line))
        self._held = [line_text(line) for line in lines[keep:]]
        self._board = current.public if not self._to_show else self._to_show[0].start
        self._unsubscribe = self.session.subscribe(self._published)
        self.query_one(DecisionPrompt).options.on_highlight = self._highlighted
        # The app tells the game screen when the autosave's problem changes (not a watcher on
        # the app: it would keep every finished game's screen alive).
        self.show_save_problem(getattr(self.app, "save_problem", None))
        self.advance()

    def on_unmount(self) -> None:
        from el_grande.app.caches import forget_closed_widgets

        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        forget_closed_widgets()  # this screen's widgets go with it (memory; app/caches.py)

    def show_save_problem(self, problem: str | None) -> None:
        banner = self.query_one("#save-problem", Static)
        banner.update(Text(problem or ""))
        banner.display = bool(problem)

    # --- the stream ------------------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        return self.session.decision

    def _queue_displays(self, update: Update) -> None:
        """Put the scorings and reveals in `update` on the list of displays to show, each
        with the board as it stood when it began."""
        batches, still_open = split_displays(
            update.events, self._open.events if self._open else None
        )
        for start, events in batches:
            if self._open is not None and events is self._open.events:
                self._to_show.append(self._open)
                self._open = None
            else:
                before = step_view(update.before, update.events[:start])
                self._to_show.append(Display(events, before))
        if still_open is not None and self._open is None:
            opened_at = next(i for i, e in enumerate(update.events) if e is still_open[0])
            self._open = Display(still_open, step_view(update.before, update.events[:opened_at]))

    def _published(self, update: Update) -> None:
        """The session published a choice: log it, queue its displays, go on."""
        self.query_one("#status", Static).update("")
        if update.undone:
            self._undone(update)
            return
        had_displays = bool(self._to_show)
        self._queue_displays(update)
        lines = [line_text(line) for line in update.lines]
        if self._to_show:
            self._held += lines  # with a scoring to show, the log waits: it would tell it
        else:
            self._write_log(lines)
        if not self._to_show:
            self._board = update.public
        elif not had_displays:
            self._board = self._to_show[0].start
        if update.secret and update.chooser is not None:
            self._after_secret(update)
            return
        self.advance()

    def _write_log(self, lines: list[Text]) -> None:
        log = self.query_one("#log", RichLog)
        for line in lines:
            log.write(line)

    def _undone(self, update: Update) -> None:
        """An undo: the game is back where the player's turn was; redraw everything, keeping
        the log as it stood before the undone choices."""
        self._to_show, self._open, self._held = [], None, []
        self._unlocked = None
        log = self.query_one("#log", RichLog)
        y = log.scroll_y
        log.clear()
        self._write_log([line_text(line) for line in self.session.log])
        log.scroll_to(y=min(y, log.max_scroll_y), animate=False)
        self._board = update.public
        self.advance()

    def _after_secret(self, update: Update) -> None:
        """A secret answer: the next curtain is up before anything else can be seen or typed."""
        self._unlocked = None
        seat = update.chooser
        assert seat is not None
        nd = update.decision
        name = self.session.name(seat)
        if self.session.bot_level(seat) is not None or (
            nd is not None and nd.secret and self.session.bot_level(nd.player) is not None
        ):
            # A computer player's secret needs nobody to look away; after a human's, the board
            # goes public at once while a computer player chooses next (the next human gets
            # their curtain when their turn comes).
            self._show_public()
            self.advance()
            return
        if nd is not None and nd.secret and not self._to_show:
            nxt = self.session.name(nd.player)
            self._raise_curtain(
                t("curtain.back_to", name=name, next=nxt),
                t("curtain.why", name=nxt, what=secret_what(nd)),
                unlock=nd.player,
            )
        else:
            self._raise_curtain(t("curtain.back_all"), t("curtain.back", name=name), unlock=None)

    # --- the flow --------------------------------------------------------------------------

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
        self._refresh_footer()  # undo may have become (un)available
        if self._to_show:
            self._show_display(self._to_show.pop(0))
            return
        self._board = self.session.current.public
        d = self.decision
        if d is None:
            from el_grande.app.closing import replace
            from el_grande.app.screens.game_over import GameOverScreen

            self._show_public()
            replace(self, GameOverScreen(self.session))  # never over the pause or the help
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

    _footer: tuple[bool | None, ...] | None = None

    def _refresh_footer(self) -> None:
        """Redraw the footer's keys only when what they offer changed (rebuilding it for every
        decision would make and drop its widgets hundreds of times a game)."""
        state = tuple(self.check_action(a, ()) for a in ("undo", "skip_ahead", "save_as", "hint"))
        if state != self._footer:
            self._footer = state
            self.refresh_bindings()

    def _show_display(self, display: Display) -> None:
        from el_grande.app.screens.scoring import ScoringScreen

        if getattr(self.app, "run_to_end", False):
            # Watching computer players run to the end: no display is shown at all.
            self._board = self.session.current.public
            if not self._to_show:
                self._write_log(self._held)
                self._held = []
            self.call_later(self.advance)
            return

        self._skipping = self._skipping and getattr(self.app, "run_to_end", False)
        self._board = display.start
        self._show_public(to_move=None)

        def step(upto: int, place: str | None) -> None:
            view = step_view(display.start, display.events[:upto])
            self.shown = Shown(view, lit=place)

        def done() -> None:
            if not self._to_show:
                self._write_log(self._held)
                self._held = []

        screen = ScoringScreen(self.session, display.events, step, display.start.king)
        self._open_modal(screen, after=done)

    def _open_modal(self, screen: Screen[None], after: Callable[[], None] | None = None) -> None:
        self._modal = True

        def closed(_: object) -> None:
            self._modal = False
            if after is not None:
                after()
            self.advance()

        self.app.push_screen(screen, closed)

    def _raise_curtain(self, headline: str, detail: str, unlock: int | None) -> None:
        """Cover the board. `unlock`: the seat whose secret prompt is behind the curtain (it
        then takes that curtain's letter to lower it); None: nothing secret behind it."""
        guard = self.app.input_guard  # type: ignore[attr-defined]
        guard.close()  # until the curtain is up: nothing typed ahead acts (app/guard.py)
        self.app.clear_notifications()
        self.query_one("#status", Static).update("")
        self._show_public()
        # Imported when the first curtain rises, not at start-up.
        from el_grande.app.screens.curtain import CurtainScreen, draw_letter

        letter = None
        if unlock is not None:
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

    def _choose(self, choice: Choice) -> None:
        """A human's answer (keys, clicks) for the current decision."""
        if self._bot_busy():
            return
        self._apply_choice(choice)

    def _apply_choice(self, choice: Choice) -> None:
        """Hand `choice` to the session (a human's or a computer player's); the session's
        update comes back to `_published`."""
        d = self.decision
        if d is None or self._modal:
            return
        if choice not in d.choices:
            self._illegal(choice_label(choice, d, self.session), t("why.not_legal"))
            return
        if d.secret:
            self.query_one(DecisionPrompt).clear()  # wipe the secret prompt before anything
        try:
            self.session.apply(choice)
        except IllegalChoice as exc:  # the core is the judge; nothing changed
            self._illegal(choice_label(choice, d, self.session), str(exc))

    # --- drawing ---------------------------------------------------------------------------

    def _show_public(self, to_move: int | None = None) -> None:
        """The board as everybody may see it, with no prompt (behind curtains, displays)."""
        self.query_one(DecisionPrompt).clear()
        self.shown = Shown(self._board, to_move=to_move)

    def _show_decision(self, d: Decision) -> None:
        update = self.session.current
        view = update.private if d.secret and update.private is not None else update.public
        legal = Legal.of(d)
        self.shown = Shown(
            view,
            to_move=d.player,
            doing=decision_what(d, self.session),
            legal=legal,
            cursor=d.choices[0] if d.choices else None,
        )
        labels = [(str(c), choice_label(c, d, self.session)) for c in d.choices]
        title = Text()
        if d.secret:
            title.append(
                t("prompt.secret", name=self.session.name(d.player)) + "\n", style="bold reverse"
            )
        title.append_text(chip(self.session, d.player, " "))
        heading = styled(
            "prompt.title",
            {"what": "not bold"},
            style="bold",
            name=self.session.name(d.player),
            what=decision_what(d, self.session),
        )
        heading.pad_left(1)
        title.append_text(heading)
        hint = (
            t("prompt.keys_map")
            if legal.places
            else t("prompt.keys_cards")
            if legal.cards
            else t("prompt.keys_power")
            if legal.powers and d.kind == DecisionKind.POWER
            else ""
        )
        progress = decision_progress(d, self.session, view)
        if hint:
            progress = f"{progress}\n{hint}" if progress else hint
        prompt = self.query_one(DecisionPrompt)
        prompt.show(title, progress, labels, d.secret)
        prompt.options.focus()
        self._prompt_palette = palette()

    def _cursor_to(self, choice: Choice | None) -> None:
        """Mirror the highlighted choice on the map, the cards and the hand (display only)."""
        if self.shown is not None and self.shown.cursor != choice:
            self.shown = replace(self.shown, cursor=choice)

    def _highlighted(self, option_id: str | None) -> None:
        """The prompt's highlight moved (called at once by the choice list)."""
        if self.decision is None or option_id is None or self._modal or self._bot:
            return
        self._cursor_to(self._choice_by_id(option_id))

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
        self.query_one("#status", Static).update(Text(t("prompt.illegal", what=what, why=why)))
        self.app.bell()

    def _say(self, text: str) -> None:
        self.query_one("#status", Static).update(Text(text))

    # --- input: map, cards, hand -----------------------------------------------------------

    def _why_not_place(self, place: str, d: Decision) -> str:
        if not any(place_of(c) for c in d.choices):
            return t("why.not_region_now")
        king = self.session.current.public.king
        if place == king:
            return t("why.king_region")
        if (
            d.kind == DecisionKind.PLACEMENT
            and place != "castillo"
            and place not in NEIGHBOURS[king]
        ):
            return t("why.not_adjacent")
        if place == "castillo" and d.kind in (
            DecisionKind.MOVE_FROM,
            DecisionKind.RECALL,
            DecisionKind.RETURN_ONE,
            DecisionKind.ANGRY_KING,
        ):
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
        if d.kind == DecisionKind.POWER:
            self._pick_power_key(key)
            return
        place = KEY_PLACES[key]
        choice = self._place_choice(place)
        if choice is None:
            self._illegal(region(place), self._why_not_place(place, d))
            return
        self._say("")
        self._highlight(choice)

    def _pick_power_key(self, key: str) -> None:
        """Power cards by number: 1–9 pick 1–9; 0 then a digit picks 10–13 (0 0 = 10, 0 1 = 11,
        0 2 = 12, 0 3 = 13); the highlighted card is played with Enter."""
        d = self.decision
        assert d is not None
        pending = self._power_tens
        self._power_tens = False
        if key == "0" and not pending:
            self._power_tens = True
            self._say(t("prompt.power_tens"))
            return
        value = 10 + int(key) if pending else int(key)
        choice = next((c for c in d.choices if power_of(c) == value), None)
        if choice is None:
            self._illegal(t("choice.power_short", n=value), t("why.power_taken"))
            return
        self._say("")
        self._highlight(choice)

    _power_tens = False

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
        if self.decision is None or self._modal:
            return
        cards = self.query_one(CardList)
        card = cards.card_at(key)
        if card is not None and not any(card_of(c) for c in self.decision.choices):
            # No card is being chosen: the key opens (or folds) that card's full text.
            slot = "abcde".index(key)
            cards.reading = None if cards.reading == slot else slot
            self._say(
                t("prompt.reading", card=card_name(card)) if cards.reading is not None else ""
            )
            return
        if self._bot_busy():
            return
        choice = self._card_choice(card) if card else None
        if choice is None:
            self._illegal(card_name(card) if card else key, self._why_not_card(card))
            return
        self._say("")
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
        turn = BotTurn(d.player, d, self.session.current.moves, time.monotonic())
        self._bot = turn
        self._refresh_footer()
        self._show_bot_turn(d)
        if len(d.choices) == 1:  # forced: nothing to think about (as in `bots.play`)
            turn.choice = d.choices[0]
            self._bot_ready(turn)
            return
        bot = self._bot_for(d.player)
        # Built here (the thread never sees the Game), and only for a bot that reads it.
        from el_grande.bots.base import needs_view

        view = self.session.view_for(d.player) if needs_view(bot) else None
        self._bot_worker = self.run_worker(
            lambda: bot.choose(view, d),  # type: ignore[arg-type]  # None: a bot that never reads it
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
            and self.session.current.moves == turn.moves
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
        if self.app.screen is not self:  # help, preview, save as, paused…: go on on return
            turn.deferred = True
            return
        self._bot = None
        self._apply_choice(turn.choice)
        if self._bot is None:
            self._refresh_footer()

    def on_screen_resume(self, event: tevents.ScreenResume) -> None:
        # (StyledOnce's handler runs too: Textual calls each class's own.)
        turn = self._bot
        if turn is not None and turn.deferred:
            turn.deferred = False
            self._bot_apply(turn)
        d = self.decision
        if self._prompt_palette != palette() and self.waiting_for_choice and d is not None:
            # The palette changed in the settings: the prompt's chip too, the highlight kept.
            options = self.query_one(DecisionPrompt).options
            keep = options.highlighted
            self._show_decision(d)
            if keep is not None and keep < options.option_count:
                options.highlighted = keep

    def _bot_title(self, seat: int) -> Text:
        title = Text()
        title.append_text(chip(self.session, seat, " "))
        title.append(" ")
        return title

    def _show_bot_turn(self, d: Decision) -> None:
        """The public board and "X is thinking…" (or "X is choosing in secret…" and nothing
        else: no choices, no highlights, not even what the choice is about)."""
        self._say("")
        name, level = self.session.name(d.player), self.session.bot_label(d.player)
        doing = "" if d.secret else decision_what(d, self.session)
        self.shown = Shown(self.session.current.public, to_move=d.player, doing=doing)
        title = self._bot_title(d.player)
        if d.secret:
            title.append(t("bot.secret", name=name), style="bold")
            progress = ""
        else:
            title.append(t("bot.thinking", name=name, level=level), style="bold")
            title.append("\n" + decision_what(d, self.session))
            progress = decision_progress(d, self.session, self.session.current.public)
        prompt = self.query_one(DecisionPrompt)
        prompt.show(title, progress, [], False)
        if prompt.options.has_focus:
            self.set_focus(None)  # keys come to the screen, which says to wait

    def _show_bot_choice(self, turn: BotTurn) -> None:
        """A public choice, shown for a moment before it is applied."""
        d, choice = turn.decision, turn.choice
        assert choice is not None and not d.secret
        label = choice_label(choice, d, self.session)
        name, level = self.session.name(d.player), self.session.bot_label(d.player)
        title = self._bot_title(d.player)
        title.append(t("bot.chooses", name=name, level=level, choice=label), style="bold")
        title.append("\n" + decision_what(d, self.session))
        progress = decision_progress(d, self.session, self.session.current.public)
        self.query_one(DecisionPrompt).show(title, progress, [], False)
        self._cursor_to(choice)

    def _bot_busy(self) -> bool:
        """True (and says so on the status line) while a computer player has the decision."""
        if self._bot is None:
            return False
        self._say(t("bot.busy", name=self.session.name(self._bot.seat)))
        return True

    def on_key(self, event: tevents.Key) -> None:
        if self._bot is not None and event.key in ("enter", "space", "up", "down"):
            event.stop()
            self._bot_busy()
        elif event.key == "u" and not self._modal and not self.check_action("undo", ()):
            # Undo is offered in the footer only when it works; pressed anyway, it says why.
            event.stop()
            self._illegal(t("undo.what"), self.session.why_no_undo())

    def action_skip_ahead(self) -> None:
        """Bots play without delay until the next human decision or scoring display (in a
        game of computer players only, to the end: `app.run_to_end`)."""
        if not self.session.has_bots:
            return
        self._skipping = True
        if not any(self.session.bot_level(s) is None for s in range(len(self.session.seats))):
            self.app.run_to_end = True  # type: ignore[attr-defined]
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
        """The scoring calculator, from what the board shows now (the chooser's own view
        behind their curtain: their what-if may use their hidden Castillo count)."""
        from el_grande.app.screens.calculator import CalculatorScreen

        shown = self.shown
        if shown is None:
            return
        decision = None if self._bot is not None or self._modal else self.decision
        self.app.push_screen(CalculatorScreen(self.session, shown, decision))

    def action_toggle_log(self) -> None:
        log = self.query_one("#log", RichLog)
        if log.has_focus:
            self.query_one(DecisionPrompt).options.focus()
        else:
            log.focus()

    # --- hints (the strong bot's top three, for the deciding player's eyes) ----------------

    def action_hint(self) -> None:
        d = self.decision
        if d is None or not self.waiting_for_choice:
            return
        if not self.session.hints:
            self._say(t("hint.off"))
            return
        seat = d.player
        if d.secret or not self.session.castillo_hidden:
            self._open_hint(d)  # behind their own curtain already, or nothing of theirs hidden
            return
        # A hidden Castillo: the hint could give the player's own count away.
        guard = self.app.input_guard  # type: ignore[attr-defined]
        guard.close()
        from el_grande.app.screens.curtain import CurtainScreen, draw_letter

        letter = draw_letter(self.app.curtain_letters, self._last_letter)  # type: ignore[attr-defined]
        self._last_letter = letter
        name = self.session.name(seat)
        curtain = CurtainScreen(
            t("hint.curtain", name=name),
            t("hint.curtain_why", name=name),
            letter=letter,
            owner=name,
            guard_seconds=guard.seconds,
        )
        self._modal = True

        def lowered(_: object) -> None:
            self._modal = False
            if self.decision == d:
                self._open_hint(d)

        self.app.push_screen(curtain, lowered)

    def _open_hint(self, d: Decision) -> None:
        from el_grande.app.screens.hints import HintScreen

        seat = d.player
        seed = random.Random(
            f"{self.session.game.record()['seed']}/{seat}/{self.session.current.moves}/hint"
        )
        screen = HintScreen(
            self.session, self.session.view_for(seat), d, seed=seed.randrange(2**31)
        )
        self._modal = True

        def closed(choice: Choice | None) -> None:
            self._modal = False
            if self.decision != d:
                return
            self._show_decision(d)
            if choice is not None:
                self._highlight(choice)
            self._save_hints()

        self.app.push_screen(screen, closed)

    def _save_hints(self) -> None:
        """The hint count is saved at once (not only with the next decision)."""
        from el_grande.persist.autosave import autosaver_of

        listener = autosaver_of(self.session) if self.session.subscribers else None
        if listener is not None:
            listener.save(self.session.game)

    # --- undo (never across a reveal: el_grande/persist/undo.py) --------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            if self._modal or self._bot is not None:
                return False
            return self.session.can_undo()
        if action == "skip_ahead":
            if not self.session.has_bots:
                return False  # not offered in all-human games
            return True if self._bot is not None else None  # dimmed at a human's prompt
        if action in ("save_as", "settings"):
            return not (self.decision is not None and self.decision.secret)
        if action == "hint":
            return self.session.hints and self.waiting_for_choice
        return True

    def action_undo(self) -> None:
        if self._modal or self._bot is not None:
            return
        if not self.session.undo():
            self._illegal(t("undo.what"), self.session.why_no_undo())

    def action_settings(self) -> None:
        if self._modal or (self.decision is not None and self.decision.secret):
            return  # never over a secret prompt (a curtain is a screen of its own)
        self.app.open_settings()  # type: ignore[attr-defined]

    def action_save_as(self) -> None:
        from el_grande.app.screens.save_as import SaveAsScreen

        if self._modal or (self.decision is not None and self.decision.secret):
            return  # never over a secret prompt

        def saved(message: str | None) -> None:
            if message:
                self.notify(message, markup=False)

        self.app.push_screen(SaveAsScreen(self.session), saved)
