"""The review of a finished game in the app (from game over, `v`, and from a finished game in
the resume list, `v`): the Hard player's verdict on every decision of one player
(`el_grande.review`), stepped decision by decision on the board as that player saw it.

Three steps on one screen: choose the player (the first person at the table highlighted; `a`
lists the computer players too), the review running in a thread with its progress (Esc stops
it and shows what is done; the screen never waits on it), then the verdicts: ←/→ one decision,
Home/End, `m` / `M` the next / previous of the five biggest mistakes, `r` reveals everything
(the game is over) and hides it again.

Before the reveal the board is the player's own view at that decision (`game.view(seat)`):
another player's hidden Castillo count, an unrevealed disk, the cards not yet turned up are
not on screen. The panel beside it says what was chosen, the best choice, its cost ("about N
points"), the reason in the hints' words, the round-by-round summary and the five biggest
mistakes, all about the reviewed player's own decisions.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from el_grande.app.closing import close
from el_grande.app.present import choice_label, decision_what
from el_grande.app.screens.styled import StyledOnce
from el_grande.app.shown import Shown
from el_grande.app.textual_compat import forget_closed_widgets
from el_grande.app.widgets.board import MapView
from el_grande.app.widgets.cards import CardList
from el_grande.app.widgets.keybar import KeyBar
from el_grande.app.widgets.players import PlayersPanel
from el_grande.app.widgets.track import RoundTrack
from el_grande.bots.hints import reason_text
from el_grande.names import printable
from el_grande.review import Review, Seats, Verdict, review
from el_grande.review_report import about, about_points, signed, summary
from el_grande.text import carry, t

if TYPE_CHECKING:
    from el_grande.setup import SeatSetup

#: Runs a review: (record, seats, seat, everyone, progress, cancelled) -> Review. Tests hand
#: the screen a small one (few draws, or verdicts made up) to stay fast and deterministic.
Runner = Callable[
    [dict[str, Any], Seats, int, bool, Callable[[int, int], None], Callable[[], bool]], Review
]


def full_review(
    record: dict[str, Any],
    seats: Seats,
    seat: int,
    everyone: bool,
    progress: Callable[[int, int], None],
    cancelled: Callable[[], bool],
) -> Review:
    """The review `el-grande review` makes (its default settings: capped by play-outs, so the
    same game gives the same review), in this thread: worker processes cannot be started from
    under Textual (its redirected standard streams: "bad value(s) in fds_to_keep")."""
    return review(
        record, seats, only=[seat], everyone=everyone, progress=progress, cancelled=cancelled
    )


#: The screen's letter keys with the Korean input method on (2-beolsik), as their actions.
HANGUL_KEYS = {
    "ㅁ": "everyone",
    "ㅡ": "mistake(1)",
    "ㄱ": "reveal",
    "ㄴ": "choose",
    "ㅂ": "close",
}


class ReviewScreen(StyledOnce, Screen[None]):
    """Review one player's decisions in `record` (a finished game's core record)."""

    CSS_PATH = ["game.tcss", "review_screen.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l", "step(1)", "replay.next", id="review_next", priority=True),
        Binding("left,h", "step(-1)", "replay.back", id="review_back", priority=True),
        Binding("home", "jump(0)", "replay.start", id="review_start", priority=True),
        Binding("end", "jump(1)", "replay.end", id="review_end", priority=True),
        Binding("m", "mistake(1)", "review.key_mistake", id="review_mistake"),
        Binding(
            "M", "mistake(-1)", "review.key_mistake_back", id="review_mistake_back", show=False
        ),
        Binding("r", "reveal", "review.key_reveal", id="review_reveal"),
        Binding("s", "choose", "review.key_seat", id="review_seat"),
        Binding("a", "everyone", "review.key_all", id="review_all"),
        Binding("escape,q", "close", "keys.close", id="review_close"),
    ]

    shown: reactive[Shown | None] = reactive(None, repaint=False)

    def __init__(
        self,
        record: dict[str, Any],
        seats: Sequence[SeatSetup],
        title: str | None = None,
        runner: Runner | None = None,
    ) -> None:
        super().__init__()
        from el_grande.persist.replay import ReplayModel
        from el_grande.session import Seating

        self.record = record
        self.seating = Seating.of(tuple(seats))
        self.kinds = Seats.of_seats(seats)
        self.runner: Runner = runner or full_review
        self.heading = printable(title) if title else None
        self.model = ReplayModel(record, reveal=True)
        people = [s for s in range(self.seating.count) if self.kinds.has_person(s)]
        #: Whether the computer players are offered too (always when nobody else played).
        self.everyone = not people
        self.seat: int | None = None  # the player reviewed (None: being chosen)
        self.result: Review | None = None
        self.verdicts: list[Verdict] = []
        self.at = 0  # the verdict shown
        self.revealed = False
        self.phase = "choose"  # "choose", "running", "review"
        self._stop = threading.Event()
        self._worker: Worker[Review] | None = None

    # ---------------------------------------------------------------- layout

    def compose(self) -> ComposeResult:
        with Vertical(id="review-start"):
            yield Static(t("review.app_choose"), id="review-start-title", markup=False)
            yield OptionList(id="review-seats", markup=False)
            yield ProgressBar(id="review-progress", show_eta=False)
            yield Static("", id="review-start-note", markup=False)
        yield RoundTrack(self.seating, id="track").data_bind(ReviewScreen.shown)
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield MapView(self.seating, id="map").data_bind(ReviewScreen.shown)
                yield PlayersPanel(self.seating, id="players").data_bind(ReviewScreen.shown)
            with VerticalScroll(id="review-panel"):
                yield Static("", id="review-verdict", markup=False)
                yield Static("", id="review-summary", markup=False)
                yield Static("", id="review-mistakes", markup=False)
                yield Static("", id="review-rounds", markup=False)
                yield CardList(self.seating, id="cards").data_bind(ReviewScreen.shown)
        yield Static("", id="review-status", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self._choosing()

    def on_unmount(self) -> None:
        self._stop.set()  # a review still running stops soon after
        forget_closed_widgets()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("step", "jump", "mistake", "reveal", "choose"):
            return self.phase == "review"
        if action == "everyone":
            kinds = range(self.seating.count)
            mixed = len({self.kinds.has_person(s) for s in kinds}) == 2
            return self.phase == "choose" and mixed
        return True

    def _phase(self, phase: str) -> None:
        self.phase = phase
        reviewing = phase == "review"
        self.query_one("#review-start").display = not reviewing
        for part in ("#track", "#main", "#review-status"):
            self.query_one(part).display = reviewing
        self.query_one("#review-seats").display = phase == "choose"
        self.query_one("#review-progress").display = phase == "running"
        self.refresh_bindings()

    # ---------------------------------------------------------------- choosing the player

    def _choosing(self) -> None:
        self._phase("choose")
        seats = self.query_one("#review-seats", OptionList)
        seats.clear_options()
        first = None
        for s in range(self.seating.count):
            person = self.kinds.has_person(s)
            if not (person or self.everyone):
                continue
            label = (
                self.seating.name(s)
                if person
                else t("review.app_computer", name=self.seating.name(s))
            )
            seats.add_option(Option(Text(label), id=str(s)))
            if first is None or (s == self.seat):
                first = seats.option_count - 1
        if first is not None:
            seats.highlighted = first
        seats.focus()
        if not self.check_action("everyone", ()):
            key = "review.app_choose_note_one"  # people only, or computer players only
        else:
            key = "review.app_choose_note_all" if self.everyone else "review.app_choose_note"
        self._note(t(key))
        self.query_one("#review-start-title", Static).update(Text(t("review.app_choose")))

    def _note(self, text: str) -> None:
        self.query_one("#review-start-note", Static).update(Text(text))

    def action_everyone(self) -> None:
        self.everyone = not self.everyone
        self._choosing()

    def action_choose(self) -> None:
        self._choosing()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.phase == "choose" and event.option.id is not None:
            self.start(int(event.option.id))

    # ---------------------------------------------------------------- running the review

    def start(self, seat: int) -> None:
        """Review `seat`'s decisions in a thread (its computer decisions too, for a computer
        player)."""
        self.seat = seat
        self._stop = threading.Event()
        self._phase("running")
        name = self.seating.name(seat)
        self.query_one("#review-start-title", Static).update(
            Text(t("review.app_running", name=name))
        )
        self._note(t("review.app_running_note"))
        bar = self.query_one("#review-progress", ProgressBar)
        bar.update(total=None, progress=0)
        record, kinds, stop, run = self.record, self.kinds, self._stop, self.runner
        everyone = not kinds.has_person(seat)

        def progress(done: int, total: int) -> None:
            if not stop.is_set():
                self.app.call_from_thread(bar.update, total=total, progress=done)

        def work() -> Review:
            return run(record, kinds, seat, everyone, progress, stop.is_set)

        self._worker = self.run_worker(carry(work), thread=True, exit_on_error=False, name="review")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self._worker or not self.is_attached:
            return
        if event.state is WorkerState.SUCCESS and event.worker.result is not None:
            self._reviewed(event.worker.result)
        elif event.state is WorkerState.ERROR:
            self._choosing()
            self._note(t("review.app_failed", why=printable(str(event.worker.error))))
            self.app.bell()

    def _reviewed(self, result: Review) -> None:
        assert self.seat is not None
        self.result = result
        self.verdicts = result.of(self.seat)
        if not self.verdicts:
            self._choosing()
            key = "review.app_stopped_empty" if not result.complete else "review.nothing"
            self._note(t(key, name=self.seating.name(self.seat)))
            return
        self.at = 0
        self.revealed = False
        self._phase("review")
        self._show_summary()
        self.show_verdict()

    # ---------------------------------------------------------------- the verdicts

    def _names(self) -> list[str]:
        return [self.seating.name(s) for s in range(self.seating.count)]

    def said(self, v: Verdict, choice: Any) -> str:
        assert v.decision is not None
        return choice_label(choice, v.decision, self.seating)

    def _show_summary(self) -> None:
        result, seat = self.result, self.seat
        assert result is not None and seat is not None
        names = self._names()
        lines = [Text(t("review.summary"), style="bold"), Text(summary(result, seat, names))]
        if not result.complete:
            lines.append(Text(t("review.stopped"), style="italic"))
        self.query_one("#review-summary", Static).update(Text("\n").join(lines))

        mistakes = [v for v in result.mistakes(seat) if round(v.cost) >= 1]
        rows = [Text(t("review.mistakes"), style="bold")]
        if not mistakes:
            rows.append(Text(t("review.no_mistakes")))
        for k, v in enumerate(mistakes, 1):
            line = t(
                "review.app_mistake",
                k=k,
                round=v.round,
                choice=self.said(v, v.choice),
                best=self.said(v, v.best),
                cost=about(v.cost),
            )
            rows.append(Text(line))
        self.query_one("#review-mistakes", Static).update(Text("\n").join(rows))

        rounds = [Text(t("review.rounds"), style="bold")]
        for r in result.rounds(seat):
            biggest = (
                t(
                    "review.biggest",
                    choice=self.said(r.biggest, r.biggest.choice),
                    cost=about(r.biggest.cost),
                )
                if r.biggest is not None and round(r.biggest.cost) >= 1
                else t("review.none")
            )
            rounds.append(
                Text(
                    t(
                        "review.app_round",
                        round=r.round,
                        count=r.decisions,
                        cost=about(r.cost),
                        biggest=biggest,
                        margin=signed(r.margin),
                    )
                )
            )
        # What the rounds' (and the verdicts') margins measure from: 0, level with the best other.
        rounds += [Text(""), Text(t("review.margin_scale", name=names[seat]), style="dim")]
        self.query_one("#review-rounds", Static).update(Text("\n").join(rounds))

    def show_verdict(self) -> None:
        """The board at the decision shown (the player's own view, or everything revealed)
        and the verdict on it."""
        from el_grande.persist.replay import revealed_view

        v = self.verdicts[self.at]
        game = self.model.game if self.model.goto(v.index) == v.index else None
        assert game is not None
        view = revealed_view(game) if self.revealed else game.view(v.seat)
        assert v.decision is not None
        doing = decision_what(v.decision, self.seating)
        self.shown = Shown(view, to_move=v.seat, doing=doing, cursor=v.choice)

        names = self._names()
        head = Text(
            t("review.app_decision", n=self.at + 1, of=len(self.verdicts), round=v.round),
            style="bold",
        )
        lines = [head, Text(doing)]
        lines.append(Text(t("review.app_chose", choice=self.said(v, v.choice))))
        if v.best == v.choice:
            lines.append(Text(t("review.app_was_best"), style="bold"))
        else:
            key = "review.app_best" if round(v.cost) >= 1 else "review.app_as_good"
            best = t(key, best=self.said(v, v.best), cost=about_points(v.cost))
            lines.append(Text(best, style="bold" if round(v.cost) >= 1 else ""))
        why = reason_text(v.reason_key, v.reason, names, v.decision)
        lines.append(Text(why, style="italic"))
        outlook = t("review.app_outlook", score=round(v.score), margin=signed(v.margin))
        lines.append(Text(outlook, style="dim"))
        self.query_one("#review-verdict", Static).update(Text("\n").join(lines))
        self.query_one("#review-status", Static).update(self.status_text())

    def status_text(self) -> Text:
        assert self.seat is not None
        name = self.seating.name(self.seat)
        who = (
            t("review.app_revealed", name=name)
            if self.revealed
            else t("review.app_own_view", name=name)
        )
        head = t("review.app_where", name=name)
        if self.heading:
            head = t("join.parts").join((self.heading, head))
        return Text(t("join.parts").join((head, who)))

    # ---------------------------------------------------------------- keys

    def _goto(self, at: int) -> None:
        at = max(0, min(at, len(self.verdicts) - 1))
        if at != self.at:
            self.at = at
            self.show_verdict()

    def action_step(self, delta: int) -> None:
        self._goto(self.at + delta)

    def action_jump(self, end: int) -> None:
        self._goto(len(self.verdicts) - 1 if end else 0)

    def action_mistake(self, step: int) -> None:
        """The next (or previous) of the five biggest mistakes in the game's order, round."""
        assert self.result is not None and self.seat is not None
        big = {v.index for v in self.result.mistakes(self.seat) if round(v.cost) >= 1}
        places = [k for k, v in enumerate(self.verdicts) if v.index in big]
        if not places:
            self.notify(t("review.no_mistakes"), markup=False)
            return
        if step > 0:
            later = [k for k in places if k > self.at]
            self._goto(later[0] if later else places[0])
        else:
            earlier = [k for k in places if k < self.at]
            self._goto(earlier[-1] if earlier else places[-1])

    def action_reveal(self) -> None:
        self.revealed = not self.revealed
        self.show_verdict()

    def action_close(self) -> None:
        if self.phase == "running":
            self._stop.set()  # the worker returns what it has; shown when it ends
            self._note(t("review.app_stopping"))
            return
        close(self)  # once, and only this screen (app/closing.py)

    async def on_key(self, event: events.Key) -> None:
        action = HANGUL_KEYS.get(event.character or "")
        if action is not None:
            event.stop()
            name = action.split("(")[0]
            if self.check_action(name, ()):
                await self.run_action(action)
