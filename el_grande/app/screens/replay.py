"""The replay viewer: a finished or saved game, step by step, both ways.

The board is drawn with the game screen's own widgets, bound to this screen's `shown`; the
log is the narrator's story up to the position. A finished game shows every secret (hidden
Castillo counts put back into the view); an unfinished one — a running game's autosave —
shows what every player may see, as the table saw it (`ReplayModel.reveal`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from el_grande.app.present import choice_label, decision_what, line_text
from el_grande.app.screens.styled import StyledOnce
from el_grande.app.shown import Shown
from el_grande.app.textual_compat import forget_closed_widgets
from el_grande.app.widgets.board import MapView
from el_grande.app.widgets.cards import CardList
from el_grande.app.widgets.covered import Column, Row
from el_grande.app.widgets.keybar import KeyBar
from el_grande.app.widgets.log import GameLog
from el_grande.app.widgets.players import PlayersPanel
from el_grande.app.widgets.track import RoundTrack
from el_grande.names import printable
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.setup import SeatSetup


class ReplayScreen(StyledOnce, Screen[None]):
    """Step through `record` (the core's game record)."""

    CSS_PATH = ["game.tcss", "replay.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l", "step(1)", "replay.next", id="replay_next", priority=True),
        Binding("left,h", "step(-1)", "replay.back", id="replay_back", priority=True),
        Binding(
            "pagedown,n", "round(1)", "replay.next_round", id="replay_next_round", priority=True
        ),
        Binding(
            "pageup,p", "round(-1)", "replay.prev_round", id="replay_prev_round", priority=True
        ),
        Binding("home", "jump(0)", "replay.start", id="replay_start", priority=True),
        Binding("end", "jump(1)", "replay.end", id="replay_end", priority=True),
        Binding("escape,q", "close", "keys.close", id="replay_close"),
    ]

    # The screen draws nothing itself: its bound widgets repaint what changed (a repaint of
    # the whole screen for every highlight would redraw everything).
    shown: reactive[Shown | None] = reactive(None, repaint=False)
    #: Opened on its own (`el-grande replay`): closing it ends the app.
    standalone = False

    def __init__(
        self,
        record: dict[str, Any],
        seats: tuple[SeatSetup, ...] | None = None,
        title: str | None = None,
        reveal: bool | None = None,
    ) -> None:
        """`reveal`: show every secret; by default only if the game is over (ReplayModel)."""
        super().__init__()
        from el_grande.persist.replay import ReplayModel
        from el_grande.session import Seating
        from el_grande.setup import default_seats

        self.model = ReplayModel(record, reveal)
        seats = seats or default_seats(self.model.names)
        # The table's seats (names, colours, letters) for the widgets; the game is the model's.
        self.seating = Seating.of(seats)
        self.heading = printable(title or t("join.list").join(self.model.names))
        self._logged = 0

    def compose(self) -> ComposeResult:
        yield RoundTrack(self.seating, id="track").data_bind(ReplayScreen.shown)
        # The row and columns draw nothing of their own (`covered`); the screen does: it shows
        # where the map, at its most height, leaves the left column's foot (a large window).
        with Row(id="main"):
            with Column(id="left"):
                yield MapView(self.seating, id="map").data_bind(ReplayScreen.shown)
                yield PlayersPanel(self.seating, id="players").data_bind(ReplayScreen.shown)
            with Column(id="right"):
                yield CardList(self.seating, id="cards").data_bind(ReplayScreen.shown)
                yield GameLog(id="replay-log", reading_note=None)
        yield Static("", id="replay-status", markup=False)  # names are text, not markup
        yield KeyBar()

    def on_unmount(self) -> None:
        forget_closed_widgets()  # this screen's widgets go with it (memory; textual_compat)

    def on_mount(self) -> None:
        self.query_one("#replay-log", GameLog).border_title = Content(t("board.log"))
        self.query_one("#cards").border_title = Content(t("board.cards_title"))
        self.refresh_position()

    # ---------------------------------------------------------------- drawing

    def refresh_position(self, appended: bool = False) -> None:
        m = self.model
        nxt = m.next_step
        doing = t("replay.doing_next") if nxt else t("replay.doing_end")
        self.shown = Shown(m.view(), to_move=nxt.player if nxt else None, doing=doing)
        log = self.query_one("#replay-log", GameLog)
        lines = m.log()
        if appended and self._logged <= len(lines):
            new = lines[self._logged :]
        else:
            log.clear()
            new = lines
        for line in new:
            log.write(line_text(line))
        self._logged = len(lines)
        self.query_one("#replay-status", Static).update(self.status_text())

    def status_text(self) -> Text:
        """Where we are, and the next decision as the game screen would word it (its answer
        only where it tells no secret)."""
        m = self.model
        head = t("replay.where", title=self.heading, pos=m.pos, of=m.length, round=m.round)
        nxt = m.next_step
        if nxt is None:
            return Text(t("join.parts").join((head, t("replay.at_end"))))
        d = m.game.decision
        what, label = str(nxt.kind), m.next_label()
        if d is not None:
            what = decision_what(d, self.seating)
            if label is not None:
                choice = m.game.parse(nxt.choice)
                label = choice_label(choice, d, self.seating)
        secret = t("replay.secret") if nxt.secret else ""
        # A secret kept: no answer shown.
        answer = "" if label is None else t("replay.answer", answer=label)
        return Text(
            head
            + "\n"
            + t(
                "replay.next_line",
                name=self.seating.name(nxt.player),
                secret=secret,
                what=what,
                answer=answer,
            )
        )

    # ---------------------------------------------------------------- keys

    def action_step(self, delta: int) -> None:
        before = self.model.pos
        after = self.model.goto(before + delta)
        if after != before:
            self.refresh_position(appended=after == before + 1)

    def action_round(self, delta: int) -> None:
        before = self.model.pos
        after = self.model.next_round() if delta > 0 else self.model.prev_round()
        if after != before:
            self.refresh_position(appended=after > before)

    def action_jump(self, end: int) -> None:
        before = self.model.pos
        after = self.model.end() if end else self.model.start()
        if after != before:
            self.refresh_position(appended=after > before)

    def action_close(self) -> None:
        if self.standalone:
            self.app.exit()
        else:
            self.app.pop_screen()
