"""A seat's own screen at a hosted table (or a spectator's): the game screen across the wire.

It draws what its connection has been told (`el_grande.net.remote.RemoteState`) with the
hot-seat screen's widgets — the map, the cards, the players, the round track, the log, the
prompt and its answering keys and clicks (`game_input.PromptInput`) — and sends what its
player does as the protocol's messages. It reads no session: the game is at the host.

A private screen: nobody else looks, so there is no curtain; the seat's own secrets (its
secret disk, a hidden Castillo count) show on its own view. While another seat decides, the
prompt says who and what kind of decision, and no key answers anything. A scoring or reveal
display is stepped at this screen's own pace (Enter, space; Esc to its end), and the host is
told once it is seen. At the end: the final scores, and `v` for the review of this seat's
decisions (worked out at the host, for this seat only). Who is connected shows on the log's
edge; a lost connection on a banner until it is back; a seat that changed hands in a toast.
On the host's own screen (`host --here`: its `desk`), `r` opens the seat menu and `c` shows
the join codes again (`host_desk`).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace as copy
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widgets import Markdown, OptionList, Static
from textual.widgets.option_list import Option

from el_grande.app.closing import close, closing
from el_grande.app.messages import CardPicked, PlacePicked, PowerPicked
from el_grande.app.present import bot_text, chip, decision_what
from el_grande.app.screens.game_input import PromptInput
from el_grande.app.screens.game_modal import prompt_shown
from el_grande.app.screens.host_desk import CodesScreen
from el_grande.app.screens.scoring import ScoringScreen
from el_grande.app.screens.seat_menu import SeatMenu, said
from el_grande.app.screens.styled import StyledOnce
from el_grande.app.shown import Shown, reseat
from el_grande.app.textual_compat import forget_closed_widgets
from el_grande.app.widgets.board import MapView
from el_grande.app.widgets.cards import CardList
from el_grande.app.widgets.clock_bar import ClockBar
from el_grande.app.widgets.confirm import ConfirmBar
from el_grande.app.widgets.covered import Column, Row
from el_grande.app.widgets.keybar import KeyBar
from el_grande.app.widgets.log import GameLog
from el_grande.app.widgets.players import PlayersPanel
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.app.widgets.status import StatusLine
from el_grande.app.widgets.track import RoundTrack
from el_grande.core import Choice, Decision
from el_grande.flow.scenes import Confirm, GameOver, Prompt, Showing, Watching
from el_grande.names import printable
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.app.screens.host_desk import Desk
    from el_grande.core import View
    from el_grande.net.remote import Display, RemoteState
    from el_grande.session import Seating


def stand_in(view: View) -> Decision | None:
    """The decision at hand as a watching screen may know it: who, what kind, its context —
    never its choices (a seat's choices can tell its hidden counts)."""
    d = view.decision
    if d is None:
        return None
    return Decision(d.player, d.kind, d.secret, (), dict(d.context))


def presence_text(seating: Seating, connected: tuple[bool, ...], watchers: int) -> str:
    """Who is at the table: ● a seat with a screen connected, ○ a person's seat without one
    (a computer player's seat has no screen)."""
    parts = []
    for seat in range(seating.count):
        if seating.bot_level(seat) is not None:
            continue
        here = seat < len(connected) and connected[seat]
        parts.append(("● " if here else "○ ") + seating.name(seat))
    if watchers:
        parts.append(t("remote.watchers", n=watchers))
    return "  ".join(parts)


def _away(screen: RemoteGameScreen) -> list[int]:
    """The seats this screen says "I'm back" for (`i`): its own, if a computer player took it
    when its time ran out; on the public board of a keyboard of several seats (`Keyboard`),
    each of the keyboard's seats taken so."""
    state = screen.state
    if state.role == "seat":
        return [state.seat] if state.away and state.seat is not None else []
    keyboard, clock = getattr(screen.app, "keyboard", None), state.clock
    if keyboard is None or clock is None:
        return []
    return [seat for seat in keyboard.seats if seat in clock.away]


def _banner_text(screen: RemoteGameScreen) -> str:
    """The banner's sentence: the host's bye, a lost connection, or seats a computer player
    took when their time ran out (`i` gives them back); "" for none."""
    state = screen.state
    if state.bye is not None:
        return state.bye
    if not state.connected:
        return t("remote.lost")
    away = _away(screen)
    if not away:
        return ""
    if state.role == "seat":
        return t("clock.away_banner")
    names = t("join.list").join(screen.seating.name(seat) for seat in away)
    return t("clock.away_banner_seats", names=names)


@dataclass(frozen=True, slots=True)
class _Drawn:
    """What the answering keys read of the screen (`game_input.Drawn`)."""

    scene: object
    decision: Decision | None
    seating: Seating


class _Answers:
    """Where the prompt's answers go: the seat's connection, once per decision (a second
    Enter before the host's next scene sends nothing)."""

    def __init__(self, screen: RemoteGameScreen) -> None:
        self.screen = screen
        self.sent: int | None = None  # the decision id last answered

    @property
    def scene(self) -> object:
        state = self.screen.state
        return None if state.display is not None else state.scene

    bot_playing = False

    def answer(self, choice: Choice) -> str | None:
        state = self.screen.state
        decision = state.decision_id
        if decision is None or not isinstance(state.scene, Prompt) or state.display is not None:
            return t("why.not_now")
        if not state.connected:
            return t("remote.offline")
        if self.sent == decision:
            return None  # (sent already: the host's answer is on its way)
        # Marked before it goes: an in-process host (`LocalLink`) answers from inside `send`,
        # its next scene (or its refusal) drawn before `answer` returns.
        self.sent, scenes, refusals = decision, state.scene_count, state.refusals
        if not state.answer(choice):
            self.sent = None
            return t("remote.offline")
        if state.scene_count == scenes and state.refusals == refusals:
            self.screen.answered(choice)  # (nothing back yet: the prompt waits for the host)
        return None


class _Pacer:
    """The scoring and reveal displays, stepped at this screen's own pace: the host is told
    once the last step is seen (`RemoteState.seen`)."""

    def __init__(self, screen: RemoteGameScreen) -> None:
        self.screen = screen
        self.display: Display | None = None  # the display on show, and its step
        self.step = 0
        self.scoring: ScoringScreen | None = None

    def _showing(self, display: Display, index: int) -> Showing:
        step = display.steps[index]
        return Showing(
            display.heading, display.steps, index, display.views[index], step.place, display.events
        )

    def show(self, display: Display) -> None:
        screen = self.screen
        if self.display is not None and self.display.id == display.id:
            return  # (on show: its step is this screen's)
        if not display.steps:
            self.close()
            screen.state.seen()
            return
        self.display, self.step = display, 0
        scene = self._showing(display, 0)
        screen.shown = Shown(scene.view, lit=scene.lit)
        screen.query_one(DecisionPrompt).clear()
        if self.scoring is not None and not closing(self.scoring):
            # Another display before this screen saw the last one (the host waits so long
            # only): the same modal shows it (it may not even be mounted yet).
            self.scoring.show(scene)
            return
        self.scoring = ScoringScreen(
            scene,
            chip=lambda seat: chip(screen.seating, seat),
            name=screen.seating.name,
            on_next=lambda: self.step_to(self.step + 1),
            on_last=self.last_step,
            on_run_to_end=self.last_step,
        )
        screen.app.push_screen(self.scoring)

    def step_to(self, index: int) -> None:
        display = self.display
        if display is None or self.scoring is None:
            return
        if self.step >= len(display.steps) - 1:
            self.screen.state.seen()  # the last step's Enter: seen; the state tells the screen
            return
        self.step = min(index, len(display.steps) - 1)
        scene = self._showing(display, self.step)
        self.screen.shown = Shown(scene.view, lit=scene.lit)
        self.scoring.show(scene)

    def last_step(self) -> None:
        if self.display is not None:
            self.step_to(len(self.display.steps) - 1)

    def close(self) -> None:
        scoring, self.scoring, self.display = self.scoring, None, None
        if scoring is not None:
            close(scoring)  # (once, and only itself: app/closing.py)
            self.screen._status.say(t("remote.display_seen"))  # (until the host's next scene)


class RemoteGameScreen(StyledOnce, Screen[None]):
    """One seat's screen at a hosted table (`state.role` "seat"), or a spectator's."""

    CSS_PATH = "game.tcss"
    AUTO_FOCUS = "#choices"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", "keys.hint", id="hint"),
        Binding("l", "toggle_log", "keys.log", id="log"),
        Binding("t", "end_turn", "keys.end_turn", id="end_turn"),
        Binding("u", "take_back", "remote.key_take_back", id="take_back"),
        Binding("v", "review", "over.key_review", id="review"),
        Binding("r", "seats", "keys.seats", id="seats"),  # the host's screen only (its desk)
        Binding("c", "codes", "remote.key_codes", id="codes"),  # the host's screen only
        Binding("i", "back", "clock.key_back", id="back"),  # a seat the clock gave away
        Binding("q", "app.quit", "remote.key_leave", id="leave"),
        *(Binding(k, f"pick_place('{k}')", show=False) for k in "0123456789"),
        *(Binding(k, f"pick_card('{k}')", show=False) for k in "abcde"),
    ]

    shown: reactive[Shown | None] = reactive(None, repaint=False)

    def __init__(
        self, state: RemoteState, *, displays: bool = True, desk: Desk | None = None
    ) -> None:
        super().__init__()
        self.state = state
        #: This screen steps the displays (at a keyboard of several seats, the public one does).
        self.displays = displays
        #: The host's controls, on the host's own screen only (`host_desk`).
        self.desk = desk
        assert state.seating is not None, "the screen opens once the host has welcomed it"
        self.seating: Seating = state.seating
        self._answers = _Answers(self)
        self._drawn: Any = None  # the scene last drawn
        self._pace = _Pacer(self)
        self._stop: Any = None
        self._refusals = state.refusals  # the host's refusals shown so far
        self._welcomes = state.welcomes
        self._asked_hints: int | None = None
        self._asked_review = False
        self._notes = 0  # the table's notes said so far (each in a toast too)

    # --- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        seating = self.seating
        yield Static("", id="save-problem", markup=False)  # the connection's banner
        yield RoundTrack(seating, id="track").data_bind(RemoteGameScreen.shown)
        with Row(id="main"):  # they draw nothing of their own (`covered`); the screen does
            with Column(id="left"):
                yield MapView(seating, id="map").data_bind(RemoteGameScreen.shown)
                yield PlayersPanel(seating, id="players").data_bind(RemoteGameScreen.shown)
                yield GameLog(id="log")
            with Column(id="right"):
                yield CardList(seating, id="cards").data_bind(RemoteGameScreen.shown)
                yield ClockBar(self.state, id="clock")
                yield DecisionPrompt(id="prompt")
                yield ConfirmBar(id="confirm")
        yield StatusLine(id="status")
        yield KeyBar()

    def on_mount(self) -> None:
        cards = self.query_one("#cards", CardList)
        cards.border_title = Content(t("board.cards_title"))
        prompt = self.query_one(DecisionPrompt)
        self._input = PromptInput(
            self._answers, self._now, prompt, self.query_one(StatusLine), cards, self._cursor_to
        )
        prompt.options.on_highlight = self._highlighted
        prompt.options.on_nothing = self._input.nothing_chosen
        prompt.above = lambda: cards.wanted_height(self.shown)
        self._stop = self.state.listen(self._told)
        self.draw()

    def on_unmount(self) -> None:
        if self._stop is not None:
            self._stop()
        forget_closed_widgets()

    # --- drawing -----------------------------------------------------------------------------

    def _now(self) -> _Drawn:
        scene = self._answers.scene
        d = scene.decision if isinstance(scene, Prompt) else None
        return _Drawn(scene, d, self.seating)

    @property
    def _status(self) -> StatusLine:
        return self.query_one(StatusLine)

    _draw_pending = False

    def _told(self, _state: object) -> None:
        """The connection was told something: drawn in the screen's own turn (the websocket
        client feeds the state from its own task, outside the app's context; a burst of
        messages is drawn once, as it stands after the last)."""
        if not self._draw_pending:
            self._draw_pending = True
            self.call_later(self._draw_told)

    def _draw_told(self) -> None:
        self._draw_pending = False
        if self.is_mounted:
            self.draw()

    def draw(self) -> None:
        """Draw what the connection has been told: the banner, who is here, the log, then a
        display under way or the scene."""
        state = self.state
        if state.seating is not None and state.seating is not self.seating:
            before, self.seating = self.seating, state.seating
            reseat(self, state.seating)
            self._say_hands(before, state.seating)
        if state.welcomes != self._welcomes:  # a new connection: no answer is on its way
            self._welcomes, self._answers.sent, self._drawn = state.welcomes, None, None
        self._banner()
        self.query_one(ClockBar).show(self.seating)
        story = state.story
        log = self.query_one("#log", GameLog)
        log.show_story(story, len(story), state.story_epoch)
        for note in state.news[self._notes :]:
            self.notify(note.text, markup=False, timeout=8)
        self._notes = len(state.news)
        log.border_title = Content(
            t("board.log") + "  " + presence_text(self.seating, state.presence, state.watchers)
        )
        self._show_hints()
        self._show_report()
        if state.display is not None:
            if self.displays:  # (else stepped on the public screen)
                self._pace.show(state.display)
            self._drawn = None  # the scene is drawn again once the display is seen
            return
        self._pace.close()
        refused = self._refused()
        if refused and state.refused_id is not None and state.refused_id == self._answers.sent:
            self._answers.sent = None  # the host took nothing: the prompt is open again
            self._drawn = None
        self._draw_scene(state.scene)
        if refused and state.refused is not None:
            self._status.refuse(state.refused)

    def _say_hands(self, before: Seating, now: Seating) -> None:
        """Seats that changed hands (the host's seat menu, a person gone too long, back
        again) are said on the screen showing (once: at a keyboard of several seats, the
        screen in view)."""
        if self not in self.app.screen_stack:
            return
        hints = bool(self.state.table.get("hints"))
        for seat in range(min(before.count, now.count)):
            if before.kind(seat) != now.kind(seat) and not self.state.hushed(seat):
                self.notify(said(now, hints, seat), markup=False)

    def _refused(self) -> bool:
        """Whether the host refused something since the screen last looked."""
        new, self._refusals = self.state.refusals != self._refusals, self.state.refusals
        return new

    def _draw_scene(self, scene: object) -> None:
        if scene is self._drawn:
            return
        before, self._drawn = self._drawn, scene
        prompt, bar = self.query_one(DecisionPrompt), self.query_one(ConfirmBar)
        if isinstance(before, Confirm) and not isinstance(scene, Confirm):
            bar.hide()
            prompt.display = True
        match scene:
            case Prompt():
                self.shown, text = prompt_shown(scene, self.seating, False)
                if self._answers.sent == self.state.decision_id:  # (answered: drawn again)
                    self.answered(None)
                else:
                    self._answers.sent = None
                    prompt.show(
                        text.title, text.progress, text.labels, scene.decision.secret, text.idle
                    )
                    if text.cursor is not None:
                        self._input.highlight(text.cursor)
                    prompt.options.focus()
                    self._status.say(t("remote.your_turn"))
            case Watching():
                self._watch(scene)
            case Confirm():
                prompt.clear()
                prompt.display = False
                bar.show(scene, self.seating)
                self.shown = Shown(scene.view, to_move=scene.seat)
                self.set_focus(None)
            case GameOver():
                self._over(scene)
        self.refresh_bindings()

    def _banner(self) -> None:
        text = _banner_text(self)
        banner = self.query_one("#save-problem", Static)
        banner.update(Text(printable(text)))
        banner.display = bool(text)

    def _watch(self, scene: Watching[Any]) -> None:
        """Somebody else decides: who, and what kind of decision (a computer player's public
        choice too); no key answers anything meanwhile."""
        prompt = self.query_one(DecisionPrompt)
        d = stand_in(scene.view)
        seating = self.seating
        if d is None:
            self.shown = Shown(scene.view)
            prompt.clear()
            return
        if scene.bot:
            title, progress = bot_text(d, scene.choice, scene.view, seating)
        else:
            title = Text()
            title.append_text(chip(seating, d.player, " "))
            title.append(" ")
            key = "remote.secret" if d.secret else "remote.deciding"
            title.append(t(key, name=seating.name(d.player)), style="bold")
            progress = "" if d.secret else decision_what(d, seating)
        doing = "" if d.secret else decision_what(d, seating)
        cursor = None if d.secret else scene.choice
        self.shown = Shown(scene.view, to_move=d.player, doing=doing, cursor=cursor)
        prompt.show(title, progress, [], False)
        if prompt.options.has_focus:
            self.set_focus(None)
        self._status.say("")

    def _over(self, scene: GameOver) -> None:
        view = scene.view
        self.shown = Shown(view)
        order = sorted(range(len(view.players)), key=lambda s: -view.players[s].score)
        title = Text(t("over.title"), style="bold")
        lines = [
            t("remote.final", name=self.seating.name(s), points=view.players[s].score)
            for s in order
        ]
        self.query_one(DecisionPrompt).show(title, "\n".join(lines), [], False)
        self.set_focus(None)
        seat = self.state.role == "seat"
        self._status.say(t("remote.over_keys" if seat else "remote.over_watching"))

    # --- the answering keys and clicks --------------------------------------------------------

    def answered(self, choice: Choice | None) -> None:
        """An answer went to the host: the prompt waits for the host's next scene."""
        self.query_one(DecisionPrompt).clear()
        self._status.say(t("remote.sent"))

    def _cursor_to(self, choice: Choice | None) -> None:
        if self.shown is not None and self.shown.cursor != choice:
            self.shown = copy(self.shown, cursor=choice)

    def _highlighted(self, option_id: str | None) -> None:
        if isinstance(self._answers.scene, Prompt):
            self._input.highlighted(option_id)

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

    # --- the other keys -----------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        scene, state = self._answers.scene, self.state
        if action in ("end_turn", "take_back"):
            return isinstance(scene, Confirm)
        if action == "hint":
            return isinstance(scene, Prompt) and bool(state.table.get("hints"))
        if action == "review":
            return isinstance(scene, GameOver) and state.role == "seat"
        if action == "seats":
            return self.desk is not None and not isinstance(scene, GameOver)
        if action == "codes":
            return self.desk is not None
        if action == "back":
            return bool(_away(self))
        return True

    def on_key(self, event: Any) -> None:
        scene = self._answers.scene
        if event.key == "enter" and isinstance(scene, Confirm):
            event.stop()
            if scene.ready:  # (as at the hot seat: once the keyboard has been quiet)
                self.action_end_turn()

    def action_end_turn(self) -> None:
        if isinstance(self._answers.scene, Confirm) and self.state.end_turn():
            self._status.say(t("remote.sent"))

    def action_take_back(self) -> None:
        if isinstance(self._answers.scene, Confirm) and self.state.take_back():
            self._status.say(t("remote.sent"))

    def action_hint(self) -> None:
        state = self.state
        if not isinstance(self._answers.scene, Prompt) or not state.table.get("hints"):
            return
        if state.hint():
            self._asked_hints = state.decision_id
            self._status.say(t("remote.hints_asked"))

    def action_review(self) -> None:
        if isinstance(self._answers.scene, GameOver) and self.state.review():
            self._asked_review = True
            self._status.say(t("remote.review_asked"))

    def action_seats(self) -> None:
        """The host's seat menu: who plays each seat, from the decision at hand on."""
        if self.desk is None or isinstance(self._answers.scene, GameOver):
            return
        self.app.push_screen(
            SeatMenu(self.seating, self._turn_seat(), self.desk.offered), self._seat_chosen
        )

    def _seat_chosen(self, result: tuple[int, str] | None) -> None:
        if result is not None and self.desk is not None:
            seat, kind = result
            why = self.desk.give_seat(seat, kind)
            if why is not None:
                self._status.refuse(why)
            elif self.state.display is not None:
                self._status.say(t("remote.seat_after_display"))

    def _turn_seat(self) -> int | None:
        """The seat whose decision is at hand, as this screen knows it."""
        scene = self.state.scene
        if isinstance(scene, Prompt):
            return scene.decision.player
        if isinstance(scene, Confirm):
            return scene.seat
        view = getattr(scene, "view", None)
        d = None if view is None else view.decision
        return None if d is None else d.player

    def action_back(self) -> None:
        """The person is back: the computer player gives the seat (or seats) back."""
        keyboard = getattr(self.app, "keyboard", None)
        seats = {} if keyboard is None else keyboard.seats
        for seat in _away(self):
            if seats.get(seat, self.state).back():
                self._status.say(t("remote.sent"))

    def action_codes(self) -> None:
        if self.desk is not None:
            self.app.push_screen(CodesScreen(self.desk))

    def action_toggle_log(self) -> None:
        log = self.query_one("#log", GameLog)
        if log.has_focus:
            self.query_one(DecisionPrompt).options.focus()
        else:
            log.focus()

    def _show_hints(self) -> None:
        state = self.state
        asked = self._asked_hints
        if asked is None or state.hints is None or state.hints_for != asked:
            return
        self._asked_hints = None
        if state.decision_id != asked or not isinstance(state.scene, Prompt):
            return  # (the decision moved on meanwhile)
        self._status.say("")
        options = [(a.choice, a.text) for a in state.hints]
        self.app.push_screen(AdviceScreen(options), self._advice_taken)

    def _advice_taken(self, notation: str | None) -> None:
        scene = self._answers.scene
        if notation is None or not isinstance(scene, Prompt):
            return
        choice = next((c for c in scene.decision.choices if str(c) == notation), None)
        if choice is not None:
            self._input.highlight(choice)

    def _show_report(self) -> None:
        if self._asked_review and self.state.report is not None:
            self._asked_review = False
            self._status.say("")
            self.app.push_screen(ReportScreen(self.state.report))


class AdviceScreen(StyledOnce, ModalScreen[str | None]):
    """The Hard player's hints for this seat's decision: Enter highlights one at the prompt
    (it plays nothing), Esc closes."""

    DEFAULT_CSS = """
    AdviceScreen { align: center middle; }
    AdviceScreen > Vertical { width: 70; height: auto; border: round $accent; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss_none", "keys.close")]

    def __init__(self, advice: list[tuple[str, str]]) -> None:
        super().__init__()
        self.advice = advice

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(t("remote.hints_title"), markup=False)
            yield OptionList(
                *(Option(Text(printable(text)), id=choice) for choice, text in self.advice)
            )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class ReportScreen(StyledOnce, ModalScreen[None]):
    """The review of this seat's decisions, as the host worked it out (Markdown)."""

    DEFAULT_CSS = """
    ReportScreen { align: center middle; }
    ReportScreen > VerticalScroll { width: 90%; height: 90%; border: round $accent; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", "keys.close", priority=True)
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Markdown(self.text)
