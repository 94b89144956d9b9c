"""The game screen: the board, the cards, the players, the log and the decision prompt.

A renderer of the table flow (`el_grande.flow.table.TableFlow`): whenever the flow's scene
changes, the screen draws the flow's frame (`el_grande.flow.scenes.Frame`: the scene, the
seating, the log window and the few facts its keys need) with one `draw(frame)` and one
`match` over every scene — a prompt, a take-over banner or curtain, a scoring display, a
computer player's turn, hints, the confirm step, game over. It reads no session. Keys mean
intents through one table (`el_grande.app.screens.game_keys`), and what an answering key or
click means is worked out by plain functions (`el_grande.app.screens.game_input`); the answer,
a take-over, a display's next step go to the flow. What comes next, hand-overs, pacing and
which lines of the log may be read are the flow's; the screen keeps only what it has on
screen (the modal it opened for the scene, the frame it drew, the status line's sentence).

The map, the cards, the players and the round track are bound to `shown` (`data_bind`).
"""

from __future__ import annotations

from dataclasses import replace as copy
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events as tevents
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import OptionList

from el_grande.app.access import el_app
from el_grande.app.closing import replace
from el_grande.app.colours import palette
from el_grande.app.messages import CardPicked, PlacePicked, PowerPicked
from el_grande.app.present import (
    seconds_text,
)
from el_grande.app.screens import game_keys as keys
from el_grande.app.screens.game_input import PromptInput
from el_grande.app.screens.game_modal import SceneModal, bot_shown, prompt_shown
from el_grande.app.screens.styled import FirstResume
from el_grande.app.shown import Shown, reseat
from el_grande.app.since import status_line
from el_grande.app.textual_compat import LaidOutOnce, forget_closed_widgets
from el_grande.app.widgets.board import MapView
from el_grande.app.widgets.cards import CardList
from el_grande.app.widgets.coach import CoachPanel
from el_grande.app.widgets.covered import Column, Row
from el_grande.app.widgets.keybar import KeyBar
from el_grande.app.widgets.log import GameLog
from el_grande.app.widgets.players import PlayersPanel
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.app.widgets.status import StatusLine
from el_grande.app.widgets.track import RoundTrack
from el_grande.core import Choice, Decision
from el_grande.flow.scenes import (
    BotTurn,
    Confirm,
    Curtain,
    Frame,
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
    from el_grande.app.widgets.confirm import ConfirmBar
    from el_grande.session import GameSession


class GameScreen(LaidOutOnce, Screen[None]):
    CSS_PATH = "game.tcss"
    #: The answers take the keys from the first frame (not the log, then the answers).
    AUTO_FOCUS = "#choices"
    BINDINGS: ClassVar[list[BindingType]] = keys.BINDINGS  # the one table of keys
    #: Its widgets cover it wholly: the screen draws nothing of its own (`widgets.covered`).
    BLANK: ClassVar[bool] = True

    #: What the board widgets draw (they are bound to it).
    # The screen draws nothing itself: its bound widgets repaint what changed (a repaint of
    # the whole screen for every highlight would redraw everything).
    shown: reactive[Shown | None] = reactive(None, repaint=False)

    _input: PromptInput  # the answering keys and clicks (on_mount)

    def __init__(self, flow: TableFlow) -> None:
        super().__init__()
        self.flow = flow
        self._frame: Frame = flow.frame  # the frame last drawn
        self._drawn: Scene | None = None  # its scene, once one was drawn
        self._scene_modal = SceneModal(self)  # the modal opened for the scene (a curtain, hints…)
        self._stop_listening: object = None
        self._prompt_palette: str | None = None  # the chips' palette the prompt was drawn in
        self._note_said = False  # the flow's opening note (a resumed game), said once
        self._footer: tuple[bool | None, ...] = ()
        self._first_resume = FirstResume(self)

    @property
    def session(self) -> GameSession:
        """The game this screen shows, handed on to the app and to the screens of the whole
        game (the game over, save as, the calculator); the screen itself draws the frame."""
        return self.flow.session

    @property
    def decision(self) -> Decision | None:
        """The decision at hand, as last drawn."""
        return self._frame.decision

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        seating = self._frame.seating
        yield RoundTrack(seating, id="track").data_bind(GameScreen.shown)
        with Row(id="main"):
            with Column(id="left"):
                yield MapView(seating, id="map").data_bind(GameScreen.shown)
                yield PlayersPanel(seating, id="players").data_bind(GameScreen.shown)
                yield CoachPanel(self.flow.coach, id="coach")
                yield GameLog(id="log")
            with Column(id="right"):
                yield CardList(seating, id="cards").data_bind(GameScreen.shown)
                yield DecisionPrompt(id="prompt", focused=True)  # AUTO_FOCUS
                if self.flow.holding:  # a game resumed on its confirm step
                    yield _new_confirm_bar()
        yield StatusLine(id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#log", GameLog).border_title = Content(t("board.log"))
        cards = self.query_one("#cards", CardList)
        cards.border_title = Content(t("board.cards_title"))
        prompt = self.query_one(DecisionPrompt)
        self._input = PromptInput(
            self.flow, lambda: self._frame, prompt, self._status, cards, self._cursor_to
        )
        prompt.options.on_highlight = self._highlighted
        prompt.options.on_nothing = self._input.nothing_chosen
        prompt.above = lambda: cards.wanted_height(self.shown)
        # The app tells the game screen when the autosave's problem changes (not a watcher on
        # the app: it would keep every finished game's screen alive).
        self.show_save_problem(el_app(self).save_problem)
        flow = self.flow
        flow.may_act = lambda: self._scene_modal.on_top
        self._stop_listening = flow.listen(lambda _scene: self.draw(flow.frame), self._notice)
        self.app.screen_change_signal.subscribe(self, self._screen_changed)
        flow.start()  # its first scene is drawn now (or once the table can act)

    def on_unmount(self) -> None:
        self.flow.close()
        forget_closed_widgets()  # this screen's widgets go with it (memory; textual_compat)

    def show_save_problem(self, problem: str | None) -> None:
        _say_save_problem(self, problem)

    def _confirm_bar(self) -> ConfirmBar:
        return _confirm_bar_of(self)

    # --- drawing the frame -----------------------------------------------------------------

    def draw(self, frame: Frame) -> None:
        """Draw the flow's frame: the seating, the status line, the log, the key bar, then the
        scene (one `match`), the opening note and the coach."""
        before, self._frame = self._frame, frame
        drawn, self._drawn = self._drawn, frame.scene
        if frame.seating is not before.seating:
            reseat(self, frame.seating)  # a seat changed hands, or a hint was counted
        self._say(status_line(frame.scene, frame.seating, self.size.width - 2))  # its padding
        log = frame.log
        self.query_one("#log", GameLog).show_story(log.lines, log.shown, log.epoch)
        prompt = self.query_one(DecisionPrompt)
        if isinstance(drawn, Confirm) and not isinstance(frame.scene, Confirm):
            self._confirm_bar().hide()
            prompt.display = True  # (before the prompt takes the focus)
        self._refresh_footer()
        match frame.scene:
            case Prompt() as scene if (
                isinstance(drawn, Prompt)
                and drawn.decision is scene.decision
                and drawn.cursor == scene.cursor
                and self._scene_modal.screen is None
            ):
                # Only the quiet moment or the cautions changed: the prompt stays as the
                # player sees it (the highlight where it is; Enter is never held back).
                if drawn.cautions != scene.cautions:
                    _, text = prompt_shown(scene, frame.seating, frame.gutter)
                    prompt.relabel(text.labels)
                    self._say_caution()  # the highlighted choice's, if it has one now
                if scene.quiet:
                    self._say(self._quiet_sentence(scene.seat))
            case Prompt() as scene:
                self._scene_modal.close()
                self._show_decision(scene)
            case TakeOver() | Curtain() | HintCurtain() as scene:
                self._show_curtain(scene)
            case Showing() as scene:
                self._show_display(scene)
            case BotTurn() as scene:
                self._scene_modal.close()
                self.shown, title, progress = bot_shown(scene, frame.seating)
                prompt.show(title, progress, [], False)
                if prompt.options.has_focus:
                    self.set_focus(None)  # keys come to the screen, which says to wait
            case Hinting() as scene:
                from el_grande.app.screens.hints import hints_for  # start-up: when asked for

                self._scene_modal.open(hints_for(scene, self.flow))
            case Confirm() as scene:
                prompt.clear()
                prompt.display = False
                self._confirm_bar().show(scene, frame.seating)
                self.shown = Shown(scene.view, to_move=scene.seat)
                self.set_focus(None)  # Enter comes to the screen (on_key), not to a list
            case GameOver() as scene:
                from el_grande.app.screens.game_over import GameOverScreen  # start-up: at the end

                self._scene_modal.close()
                self._show_public(scene.view)
                replace(self, GameOverScreen(self.session))  # never over the pause or the help
        self._say_note(frame)
        self.query_one(CoachPanel).draw()

    def _say_note(self, frame: Frame) -> None:
        """The flow's opening sentence (a resumed game), once the board shows (a take-over's
        banner covers only the prompt's column)."""
        scene = frame.scene
        board = isinstance(scene, Prompt | BotTurn) or (
            isinstance(scene, TakeOver) and not scene.curtain
        )
        if frame.note is not None and board and not self._note_said:
            self._say(frame.note)
            self._note_said = True

    def _refresh_footer(self) -> None:
        """Redraw the key bar only when what it offers changed (rebuilding it for every
        decision would make and drop its widgets hundreds of times a game)."""
        state = tuple(
            self.check_action(a, ()) for a in ("undo", "skip_ahead", "save_as", "hint", "end_turn")
        )
        if state != self._footer:
            self._footer = state
            self.refresh_bindings()

    def _show_public(self, view: object) -> None:
        """The board as everybody may see it, with no prompt (behind curtains, displays)."""
        self.query_one(DecisionPrompt).clear()
        self.shown = Shown(view)  # type: ignore[arg-type]

    def _show_decision(self, scene: Prompt) -> None:
        self.shown, text = prompt_shown(scene, self._frame.seating, self._frame.gutter)
        prompt = self.query_one(DecisionPrompt)
        prompt.show(text.title, text.progress, text.labels, scene.decision.secret, text.idle)
        if text.cursor is not None:
            self._input.highlight(text.cursor)
        prompt.options.focus()
        self._prompt_palette = palette()
        if scene.quiet:
            self._say(self._quiet_sentence(scene.seat))

    def _show_curtain(self, scene: TakeOver | Curtain | HintCurtain) -> None:
        from el_grande.app.screens.curtain import curtain_for  # start-up: later

        if not self._scene_modal.same_curtain(scene):
            self.app.clear_notifications()  # nothing said before may show on the curtain
            self._show_public(scene.view)
            self._scene_modal.open(curtain_for(scene, self.flow))

    def _show_display(self, scene: Showing) -> None:
        from el_grande.app.screens.scoring import scoring_for  # start-up: later

        self.shown = Shown(scene.view, lit=scene.lit)
        if not self._scene_modal.next_step(scene):
            self.query_one(DecisionPrompt).clear()
            self._scene_modal.open(scoring_for(scene, self.flow))

    def _screen_changed(self, _screen: Screen[Any]) -> None:
        # Something that waited for the table may go on now (after this change is done).
        self.call_later(self.flow.kick)

    def on_screen_resume(self, event: tevents.ScreenResume) -> None:
        self._first_resume(event)  # styled when mounted: not all again for the first frame
        # The settings may have changed the palette: the prompt's chips (the highlight kept)
        # or the confirm bar's chip are drawn again.
        scene = self.flow.scene
        if isinstance(scene, Confirm):
            self._confirm_bar().show(scene, self._frame.seating)
        elif self._prompt_palette != palette() and self.waiting_for_choice:
            assert isinstance(scene, Prompt)
            options = self.query_one(DecisionPrompt).options
            keep = options.highlighted
            self._show_decision(scene)
            if keep is not None and keep < options.option_count:
                options.highlighted = keep

    # --- the status line, the prompt's answers (game_input.py) ------------------------------

    @property
    def _status(self) -> StatusLine:
        return self.query_one(StatusLine)

    def _say(self, text: str) -> None:
        self._status.say(text)

    def _notice(self, text: str) -> None:
        self.notify(text, severity="warning", markup=False)

    def _quiet_sentence(self, seat: int, key: str = "handover.quiet") -> str:
        frame = self._frame
        return t(key, name=frame.seating.name(seat), seconds=seconds_text(frame.quiet))

    def dropped(self) -> None:
        """An input was dropped by the hand-over guard (the app's gate): say so, in words of
        its own (not the quiet sentence already on the line), until the keys count."""
        scene = self.flow.scene
        if isinstance(scene, Prompt) and self.app.screen is self:
            self._say(self._quiet_sentence(scene.seat, "handover.dropped"))

    def _say_caution(self) -> None:
        scene, shown = self.flow.scene, self.shown
        if isinstance(scene, Prompt):
            cursor = None if shown is None else shown.cursor
            self._status.caution(scene, cursor, self._frame.seating)

    @property
    def waiting_for_choice(self) -> bool:
        """True when a human's prompt is up and takes input (no curtain, scoring, computer
        player or wait for quiet) and nothing covers it."""
        return self.flow.at_prompt and self.app.screen is self

    @property
    def bot_playing(self) -> bool:
        """True while a computer player has the current decision."""
        return self.flow.bot_playing

    def _cursor_to(self, choice: Choice | None) -> None:
        """Mirror the highlighted choice on the map, the cards and the hand (display only)."""
        if self.shown is not None and self.shown.cursor != choice:
            self.shown = copy(self.shown, cursor=choice)

    def _highlighted(self, option_id: str | None) -> None:
        if isinstance(self.flow.scene, Prompt):
            self._input.highlighted(option_id)
            self._say_caution()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._input.selected(event.option.id)

    def action_pick_place(self, key: str) -> None:
        self._input.place_key(key)

    def action_pick_card(self, key: str) -> None:
        self._input.card_key(key)

    def on_place_picked(self, message: PlacePicked) -> None:
        self._input.place_click(message.place)

    def on_card_picked(self, message: CardPicked) -> None:
        self._input.card_click(message.card)

    def on_power_picked(self, message: PowerPicked) -> None:
        self._input.power_click(message.value, message.seat)

    # --- the other keys (game_keys.py) -----------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return keys.offered(action, self.flow, self._frame)

    def on_key(self, event: tevents.Key) -> None:
        flow = self.flow
        intent = keys.raw_intent(event.key, self._frame, flow.bot_playing, flow.can_undo)
        if intent is None:
            return
        event.stop()
        if intent == "confirm":
            self._status.refuse(flow.end_turn(enter=True))  # only after a quiet keyboard
        elif intent == "wait_confirm":
            self._say(t("confirm.wrong_key"))
        elif intent == "busy":
            self._input.bot_busy()
        elif intent == "no_undo":
            self._status.illegal(t("undo.what"), self._frame.no_undo or "")

    def action_end_turn(self) -> None:
        why = self.flow.end_turn()
        if why is not None:
            self._say(why)

    def action_undo(self) -> None:
        why = self.flow.undo()
        if why is not None:
            self._status.illegal(t("undo.what"), why)

    def action_hint(self) -> None:
        if self.waiting_for_choice and (why := self.flow.hint()) is not None:
            self._say(why)

    def action_skip_ahead(self) -> None:
        """Computer players play without delay until the next human decision or display (at
        a table of computer players only: to the end) — not from a key typed ahead."""
        if not self._status.refuse(self.flow.typed_ahead()):
            self.flow.skip_ahead()

    def action_toggle_log(self) -> None:
        log = self.query_one("#log", GameLog)
        if log.has_focus:
            self.query_one(DecisionPrompt).options.focus()
        else:
            log.focus()

    def action_coach(self, dismiss: bool = False) -> None:
        self.query_one(CoachPanel).toggle(dismiss)

    def action_coach_page(self, by: int) -> None:
        self.query_one(CoachPanel).turn_page(by)

    def action_help(self) -> None:
        from el_grande.app.screens.help import HelpScreen  # start-up: when asked for

        self.app.push_screen(HelpScreen())

    def action_preview(self) -> None:
        """The scoring calculator, from what the board shows now (the chooser's own view
        behind their curtain: their what-if may use their hidden Castillo count)."""
        from el_grande.app.screens.calculator import CalculatorScreen  # start-up: when asked for

        if self.shown is not None:
            decision = self.decision if self.flow.at_prompt else None
            self.app.push_screen(CalculatorScreen(self.session, self.shown, decision))

    def action_settings(self) -> None:
        # Never over a secret prompt (a curtain is a screen of its own), nor typed ahead.
        if not self.flow.secret_open and not self._status.refuse(self.flow.typed_ahead()):
            el_app(self).open_settings()

    def action_save_as(self) -> None:
        from el_grande.app.screens.save_as import SaveAsScreen  # start-up: the saves (pydantic)

        if self.flow.secret_open or self._status.refuse(self.flow.typed_ahead()):
            return  # never over a secret prompt, nor typed ahead

        def saved(message: str | None) -> None:
            if message:
                self.notify(message, markup=False)

        self.app.push_screen(SaveAsScreen(self.session), saved)

    def action_seats(self) -> None:
        """The seat menu (seat_menu.py); a seat given away is said to the table."""
        from el_grande.app.screens.seat_menu import SeatMenu  # start-up: when asked for

        if not self._status.refuse(self.flow.why_no_seats()):
            self.app.push_screen(SeatMenu.of(self._frame), self._seat_chosen)

    def _seat_chosen(self, result: tuple[int, str] | None) -> None:
        if result is not None:
            seat, kind = result
            before = self._frame.seating.kind(seat)
            if not self._status.refuse(self.flow.give_seat(seat, kind)) and before != kind:
                from el_grande.app.screens.seat_menu import said

                now = self.flow.frame
                self.notify(said(now.seating, now.hints, seat), markup=False)


# --- what a new game's first frame does without (start-up) ------------------------------------
# A widget class costs Textual about 1.5 M instructions to define (0.1 % of a new game's first
# frame): the save problem's banner and the confirm bar, which most first frames do not show,
# are defined (their modules imported) when first needed.


def _say_save_problem(screen: GameScreen, problem: str | None) -> None:
    """The autosave's problem on the banner (None: hidden), the banner mounted with the first."""
    if problem or screen.query_children("#save-problem"):
        from el_grande.app.widgets.save_problem import SaveProblem

        SaveProblem.say(screen, problem, before="#track")


def _new_confirm_bar() -> ConfirmBar:
    """The confirm bar of a game resumed on its confirm step (composed with the screen)."""
    from el_grande.app.widgets.confirm import ConfirmBar

    return ConfirmBar(id="confirm")


def _confirm_bar_of(screen: GameScreen) -> ConfirmBar:
    """The confirm bar under the prompt, mounted when a turn is first held."""
    from el_grande.app.widgets.confirm import ConfirmBar

    return ConfirmBar.of(screen.query_one("#right"))
