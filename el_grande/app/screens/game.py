"""The game screen: the board, the cards, the players, the log and the decision prompt.

It renders the table flow (`el_grande.flow.table.TableFlow`): whenever the flow's scene
changes, the screen draws it — a prompt, a take-over banner or curtain, a scoring display, a
computer player's turn, hints, game over — and it turns keys and clicks into the flow's calls
(an answer, a take-over, a display's next step). What comes next, hand-overs, pacing and
which lines of the log may be read are the flow's; the screen keeps only what it has on
screen (the modal it opened for the scene, the lines it has written).

The map, the cards, the players and the round track are bound to `shown` (`data_bind`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events as tevents
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import RichLog, Static

from el_grande.app.access import el_app
from el_grande.app.closing import close, replace
from el_grande.app.colours import palette
from el_grande.app.present import bot_text, decision_what, prompt_text, seconds_text
from el_grande.app.screens.game_confirm import ConfirmInput
from el_grande.app.screens.game_keys import TableKeys
from el_grande.app.screens.seat_menu import SeatKeys
from el_grande.app.screens.styled import StyledOnce
from el_grande.app.shown import Legal, Shown
from el_grande.app.since import status_line
from el_grande.app.textual_compat import forget_closed_widgets
from el_grande.app.widgets.board import MapView
from el_grande.app.widgets.cards import CardList
from el_grande.app.widgets.coach import Coached, CoachPanel
from el_grande.app.widgets.keybar import KeyBar
from el_grande.app.widgets.log import GameLog
from el_grande.app.widgets.players import PlayersPanel
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.app.widgets.track import RoundTrack
from el_grande.flow.scenes import (
    BotTurn,
    Curtain,
    GameOver,
    HintCurtain,
    Hinting,
    Prompt,
    Scene,
    Showing,
    TakeOver,
)
from el_grande.flow.table import TableFlow
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.session import GameSession


class GameScreen(Coached, ConfirmInput, SeatKeys, TableKeys, StyledOnce, Screen[None]):
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
        Binding("r", "seats", "keys.seats", id="seats"),  # the seat menu (seat_menu.py)
        # Offered only in games with computer players (check_action).
        Binding("f", "skip_ahead", "keys.skip", id="skip_ahead"),
        Binding("t", "end_turn", "keys.end_turn", id="end_turn"),  # a turn held: game_confirm.py
        *[Binding(k, f"pick_place('{k}')", show=False) for k in "0123456789"],
        *[Binding(k, f"pick_card('{k}')", show=False) for k in "abcde"],
    ]

    #: What the board widgets draw (they are bound to it).
    # The screen draws nothing itself: its bound widgets repaint what changed (a repaint of
    # the whole screen for every highlight would redraw everything).
    shown: reactive[Shown | None] = reactive(None, repaint=False)

    def __init__(self, flow: TableFlow) -> None:
        super().__init__()
        self.flow = flow
        self.session: GameSession = flow.session
        #: The modal this screen opened for the flow's scene (a curtain, a display, hints).
        self._modal_screen: Screen[Any] | None = None
        self._stop_listening: object = None
        #: The chips' palette when the prompt was drawn (redrawn when it changed).
        self._prompt_palette: str | None = None
        self._power_tens = False
        self._drawn: Scene | None = None  # the scene last drawn
        self._note: str | None = None  # said on the status line once the table shows

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        session = self.session
        yield Static("", id="save-problem", markup=False)
        yield RoundTrack(session.seating, id="track").data_bind(GameScreen.shown)
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield MapView(session.seating, id="map").data_bind(GameScreen.shown)
                yield PlayersPanel(session.seating, id="players").data_bind(GameScreen.shown)
                yield CoachPanel(self.flow, id="coach")
                yield GameLog(id="log")
            with Vertical(id="right"):
                yield CardList(session.seating, id="cards").data_bind(GameScreen.shown)
                yield DecisionPrompt(id="prompt")
                yield self.confirm_bar()
        yield Static("", id="status", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).border_title = Content(t("board.log"))
        self.query_one("#cards", CardList).border_title = Content(t("board.cards_title"))
        self.query_one(DecisionPrompt).options.on_highlight = self._highlighted
        self.query_one(DecisionPrompt).options.on_nothing = self._nothing_chosen
        cards = self.query_one("#cards", CardList)
        self.query_one(DecisionPrompt).above = lambda: cards.wanted_height(self.shown)
        # The app tells the game screen when the autosave's problem changes (not a watcher on
        # the app: it would keep every finished game's screen alive).
        self.show_save_problem(el_app(self).save_problem)
        flow = self.flow
        flow.may_act = self._table_on_top
        self._stop_listening = flow.listen(self._draw_scene, self._notice)
        self.app.screen_change_signal.subscribe(self, self._screen_changed)
        flow.start()
        self._note = flow.opening_note
        self._say_note()

    def on_unmount(self) -> None:
        self.flow.close()
        forget_closed_widgets()  # this screen's widgets go with it (memory; textual_compat)

    def show_save_problem(self, problem: str | None) -> None:
        banner = self.query_one("#save-problem", Static)
        banner.update(Text(problem or ""))
        banner.display = bool(problem)

    # --- the flow's scenes -----------------------------------------------------------------

    @property
    def waiting_for_choice(self) -> bool:
        """True when a human's prompt is up and takes input (no curtain, scoring, computer
        player or wait for quiet) and nothing covers it."""
        return self.flow.at_prompt and self.app.screen is self

    @property
    def bot_playing(self) -> bool:
        """True while a computer player has the current decision."""
        return self.flow.bot_playing

    def _table_on_top(self) -> bool:
        """Whether the table can act: nothing but this screen or its own modal on top."""
        top = self.app.screen
        return self.is_attached and (top is self or top is self._modal_screen)

    def _screen_changed(self, _screen: Screen[Any]) -> None:
        # Something that waited for the table may go on now (after this change is done).
        self.call_later(self.flow.kick)

    def _draw_scene(self, scene: Scene) -> None:
        """Draw the flow's scene."""
        self._say(status_line(scene, self.session.seating, self.size.width - 2))  # its padding
        self._sync_log()
        self._refresh_footer()
        drawn, self._drawn = self._drawn, scene
        match scene:
            case Prompt() if (
                isinstance(drawn, Prompt)
                and drawn.decision is scene.decision
                and drawn.cursor == scene.cursor
                and self._modal_screen is None
            ):
                # Only the quiet moment or the cautions changed: the prompt stays as the
                # player sees it (the highlight where it is; Enter is never held back).
                if drawn.cautions != scene.cautions:
                    self._relabel(scene)
                if scene.quiet:
                    self._say(self._quiet_sentence(scene.seat))
            case Prompt():
                self._close_modal()
                self._show_decision(scene)
            case TakeOver() | Curtain() | HintCurtain():
                self._show_curtain(scene)
            case Showing():
                self._show_display(scene)
            case BotTurn():
                self._close_modal()
                self._show_bot(scene)
            case Hinting():
                self._show_hints(scene)
            case GameOver():
                from el_grande.app.screens.game_over import GameOverScreen  # start-up: at the end

                self._close_modal()
                self._show_public(scene.view)
                replace(self, GameOverScreen(self.session))  # never over the pause or the help
        self._say_note()

    def _say_note(self) -> None:
        """The flow's opening sentence (a resumed game), once the board shows (a take-over's
        banner covers only the prompt's column)."""
        scene = self.flow.scene
        board = isinstance(scene, Prompt | BotTurn) or (
            isinstance(scene, TakeOver) and not scene.curtain
        )
        if self._note is not None and board:
            self._say(self._note)
            self._note = None

    def _notice(self, text: str) -> None:
        self.notify(text, severity="warning", markup=False)

    def _sync_log(self) -> None:
        """Write the lines the flow lets the table read (all again after an undo)."""
        flow = self.flow
        self.query_one("#log", GameLog).show_story(self.session.log, flow.log_shown, flow.log_epoch)

    def _close_modal(self) -> None:
        """Take away the modal opened for the previous scene (it is on top: the flow does not
        move while another screen covers the table; if one did, it closes when uncovered)."""
        screen, self._modal_screen = self._modal_screen, None
        if screen is not None:
            close(screen)  # once, and only itself (app/closing.py)

    def _open_modal(self, screen: Screen[Any]) -> None:
        self._close_modal()
        self._modal_screen = screen
        self.app.push_screen(screen)

    def _show_curtain(self, scene: TakeOver | Curtain | HintCurtain) -> None:
        from el_grande.app.screens.curtain import CurtainScreen, curtain_for  # start-up: later

        current = self._modal_screen
        letter = None if isinstance(scene, Curtain) else scene.letter
        if isinstance(current, CurtainScreen) and current.letter == letter:
            current.show_ready(scene.ready)  # the same curtain: only its readiness changed
            return
        self.app.clear_notifications()  # nothing said before may show on the curtain
        self._show_public(scene.view)
        self._open_modal(curtain_for(scene, self.flow))

    def _show_display(self, scene: Showing) -> None:
        from el_grande.app.screens.scoring import ScoringScreen, scoring_for  # start-up: later

        self.shown = Shown(scene.view, lit=scene.lit)
        if isinstance(self._modal_screen, ScoringScreen):
            self._modal_screen.show(scene)  # the next step of the same display
            return
        self.query_one(DecisionPrompt).clear()
        self._open_modal(scoring_for(scene, self.flow))

    def _show_hints(self, scene: Hinting) -> None:
        from el_grande.app.screens.hints import hints_for  # start-up: the bots, when asked for

        self._open_modal(hints_for(scene, self.flow))

    def _refresh_footer(self) -> None:
        """Redraw the footer's keys only when what they offer changed (rebuilding it for every
        decision would make and drop its widgets hundreds of times a game)."""
        state = tuple(self.check_action(a, ()) for a in ("undo", "skip_ahead", "save_as", "hint"))
        if state != getattr(self, "_footer", None):
            self._footer = state
            self.refresh_bindings()

    # --- drawing ---------------------------------------------------------------------------

    def _show_public(self, view: object) -> None:
        """The board as everybody may see it, with no prompt (behind curtains, displays)."""
        self.query_one(DecisionPrompt).clear()
        self.shown = Shown(view)  # type: ignore[arg-type]

    def _show_decision(self, scene: Prompt) -> None:
        d, view = scene.decision, scene.view
        text = prompt_text(
            d, view, self.session.seating, scene.cursor, scene.cautions, self._gutter
        )
        self.shown = Shown(
            view,
            to_move=d.player,
            doing=decision_what(d, self.session.seating),
            legal=Legal.of(d),
            cursor=text.cursor,
            since=scene.since,
        )
        prompt = self.query_one(DecisionPrompt)
        prompt.show(text.title, text.progress, text.labels, d.secret, text.idle)
        if text.cursor is not None:
            self._highlight(text.cursor)
        prompt.options.focus()
        self._prompt_palette = palette()
        if scene.quiet:
            self._say(self._quiet_sentence(d.player))

    def _relabel(self, scene: Prompt) -> None:
        text = prompt_text(
            scene.decision,
            scene.view,
            self.session.seating,
            scene.cursor,
            scene.cautions,
            self._gutter,
        )
        self.query_one(DecisionPrompt).relabel(text.labels)
        self._say_caution()  # the highlighted choice's, if it has one now

    @property
    def _gutter(self) -> bool:
        """Whether cautions may come at a prompt (each choice keeps room for a mark)."""
        return self.flow.warnings and self.session.hints

    def _quiet_sentence(self, seat: int) -> str:
        quiet = seconds_text(self.flow.guard.quiet)
        return t("handover.quiet", name=self.session.name(seat), seconds=quiet)

    def dropped(self) -> None:
        """An input was dropped by the hand-over guard (the app's gate): say so, in words of
        its own (not the quiet sentence already on the line), until the keys count."""
        scene = self.flow.scene
        if isinstance(scene, Prompt) and self.app.screen is self:
            quiet = seconds_text(self.flow.guard.quiet)
            self._say(t("handover.dropped", name=self.session.name(scene.seat), seconds=quiet))

    def _show_bot(self, scene: BotTurn) -> None:
        """The public board and what the computer player does (a secret: nothing but that it
        chooses); a public choice is shown for a moment before it is applied."""
        d = scene.decision
        doing = "" if d.secret else decision_what(d, self.session.seating)
        cursor = None if d.secret else scene.choice
        self.shown = Shown(scene.view, to_move=d.player, doing=doing, cursor=cursor)
        title, progress = bot_text(d, scene.choice, scene.view, self.session.seating)
        prompt = self.query_one(DecisionPrompt)
        prompt.show(title, progress, [], False)
        if prompt.options.has_focus:
            self.set_focus(None)  # keys come to the screen, which says to wait

    def on_screen_resume(self, event: tevents.ScreenResume) -> None:
        # (StyledOnce's handler runs too: Textual calls each class's own.)
        scene = self.flow.scene
        if self._prompt_palette != palette() and self.waiting_for_choice:
            assert isinstance(scene, Prompt)
            # The palette changed in the settings: the prompt's chip too, the highlight kept.
            options = self.query_one(DecisionPrompt).options
            keep = options.highlighted
            self._show_decision(scene)
            if keep is not None and keep < options.option_count:
                options.highlighted = keep

    # --- other keys ------------------------------------------------------------------------

    def action_skip_ahead(self) -> None:
        """Computer players play without delay until the next human decision or display (at
        a table of computer players only: to the end) — not from a key typed ahead."""
        if not self._typed_ahead():
            self.flow.skip_ahead()

    def action_toggle_log(self) -> None:
        log = self.query_one("#log", RichLog)
        if log.has_focus:
            self.query_one(DecisionPrompt).options.focus()
        else:
            log.focus()

    def action_hint(self) -> None:
        if not self.waiting_for_choice:
            return
        why = self.flow.hint()
        if why is not None:
            self._say(why)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        flow = self.flow
        if action == "undo":
            return flow.can_undo
        if action == "skip_ahead":
            if not self.session.has_bots:
                return False  # not offered in all-human games
            return True if flow.bot_playing else None  # dimmed at a human's prompt
        if action in ("save_as", "settings"):
            return not flow.secret_open
        if action == "hint":
            return self.session.hints and flow.at_prompt
        return super().check_action(action, parameters)  # end_turn: game_confirm.py

    def action_undo(self) -> None:
        why = self.flow.undo()
        if why is not None:
            self._illegal(t("undo.what"), why)
