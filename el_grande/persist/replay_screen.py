"""The replay viewer: a finished or saved game, step by step, both ways.

The board is drawn with the game screen's own widgets from the view at each position; the
log shows the story up to that point.  A finished game shows every secret (hidden Castillo
counts are put back into the view); an unfinished one — a running game's autosave — shows
what every player may see, as the table saw it (`ReplayModel.reveal`).
"""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, RichLog, Static

from el_grande.names import printable
from el_grande.persist.replay import ReplayModel, revealed_view

if TYPE_CHECKING:
    from el_grande.app.session import GameSession
    from el_grande.app.setup import SeatSetup

_APP = Path(__file__).resolve().parent.parent / "app"

__all__ = ["ReplayApp", "ReplayScreen", "revealed_view"]


class ReplayScreen(Screen[None]):
    """Step through `record` (the core's game record)."""

    CSS_PATH: ClassVar[list[str | PurePath]] = [
        _APP / "screens" / "game.tcss",
        _APP / "widgets" / "board.tcss",
        _APP / "widgets" / "cards.tcss",
        _APP / "widgets" / "players.tcss",
        Path(__file__).with_name("replay_screen.tcss"),
    ]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l", "step(1)", "Next", id="replay_next", priority=True),
        Binding("left,h", "step(-1)", "Back", id="replay_back", priority=True),
        Binding("pagedown,n", "round(1)", "Next round", id="replay_next_round", priority=True),
        Binding("pageup,p", "round(-1)", "Round back", id="replay_prev_round", priority=True),
        Binding("home", "jump(0)", "Start", id="replay_start", priority=True),
        Binding("end", "jump(1)", "End", id="replay_end", priority=True),
        Binding("escape,q", "close", "Close", id="replay_close"),
    ]

    def __init__(
        self,
        record: dict[str, Any],
        seats: tuple[SeatSetup, ...] | None = None,
        title: str | None = None,
        reveal: bool | None = None,
    ) -> None:
        """`reveal`: show every secret; by default only if the game is over (see
        `ReplayModel`)."""
        super().__init__()
        from el_grande.app.session import GameSession

        self.model = ReplayModel(record, reveal)
        self.session: GameSession = GameSession.from_game(self.model.game.clone(), seats)
        self.heading = printable(title or ", ".join(self.model.names))
        self._logged = 0
        self._lines, self._lines_at = self._story()

    def _story(self) -> tuple[list[Any], list[int]]:
        """The log lines, as the game screen writes them, and how many lead to each position
        (every event whole with `reveal`, else as the table saw it)."""
        from el_grande.app.present import describe

        shown = self.model.shown
        lines: list[Any] = [
            x for ev in self.model.opening if (x := describe(shown(ev), self.session))
        ]
        at = [len(lines)]
        for step in self.model.steps:
            lines.extend(x for ev in step.events if (x := describe(shown(ev), self.session)))
            at.append(len(lines))
        return lines, at

    def compose(self) -> ComposeResult:
        from el_grande.app.widgets.board import MapView
        from el_grande.app.widgets.cards import CardRow
        from el_grande.app.widgets.players import PlayersPanel, players_header
        from el_grande.app.widgets.track import RoundTrack

        yield RoundTrack(id="track")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield MapView(id="map")
                yield Static(players_header(), id="players-header")
                yield PlayersPanel(len(self.model.names), id="players")
            with Vertical(id="right"):
                yield CardRow(id="cards")
                yield RichLog(
                    id="replay-log", wrap=True, markup=False, auto_scroll=True, min_width=20
                )
        yield Static("", id="replay-status", markup=False)  # names are text, not markup
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#replay-log", RichLog).border_title = "What happened"
        self.query_one("#cards").border_title = "Action cards"
        self.refresh_position()

    # ---------------------------------------------------------------- drawing

    def refresh_position(self, appended: bool = False) -> None:
        from el_grande.app.widgets.board import MapView
        from el_grande.app.widgets.cards import CardRow
        from el_grande.app.widgets.players import PlayersPanel
        from el_grande.app.widgets.track import RoundTrack

        m = self.model
        self.session.game = m.game
        view = m.view()
        nxt = m.next_step
        hidden = not m.reveal and self.session.castillo_hidden
        self.query_one(MapView).show(view, self.session, frozenset(), None, hidden)
        self.query_one(CardRow).show(view, self.session, frozenset(), None)
        self.query_one(PlayersPanel).show(view, self.session, nxt.player if nxt else None)
        doing = f"replay: next {nxt.kind.replace('_', ' ')}" if nxt else "replay: the end"
        self.query_one(RoundTrack).show(view, self.session, doing)
        log = self.query_one("#replay-log", RichLog)
        lines = self._lines[: self._lines_at[m.pos]]
        if appended and self._logged <= len(lines):
            new = lines[self._logged :]
        else:
            log.clear()
            new = lines
        for line in new:
            log.write(line)
        self._logged = len(lines)
        self.query_one("#replay-status", Static).update(self.status_text())

    def status_text(self) -> str:
        """Where we are, and the next decision as the game screen would word it."""
        m = self.model
        head = f"{self.heading} — decision {m.pos} of {m.length}, round {m.round}"
        nxt = m.next_step
        if nxt is None:
            return f"{head} · the end of the record"
        d = m.game.decision
        what, label = nxt.kind, m.next_label()
        if d is not None:
            try:
                from el_grande.app.present import choice_label, decision_what

                what = decision_what(d, self.session)
                if label is not None:
                    label = choice_label(
                        d.choices[d.choices.index(m.game.parse(nxt.choice))], d, self.session
                    )
            except Exception:  # wording is a nicety; the notation is always right
                pass
        secret = " (secret)" if nxt.secret else ""
        answer = "" if label is None else f" → {label}"  # a secret kept: no answer shown
        return f"{head}\nnext: {printable(m.names[nxt.player])}{secret}: {what}{answer}"

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
        if len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        else:
            self.app.exit()


class ReplayApp(App[None]):
    """`el-grande replay FILE`: the viewer on its own."""

    CSS_PATH = _APP / "app.tcss"
    TITLE = "El Grande — replay"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True, id="quit"),
    ]

    def __init__(
        self,
        record: dict[str, Any],
        seats: tuple[SeatSetup, ...] | None = None,
        title: str | None = None,
        reveal: bool | None = None,
    ) -> None:
        super().__init__()
        self.record = record
        self.seats = seats
        self.heading = title
        self.reveal = reveal

    def on_mount(self) -> None:
        self.push_screen(ReplayScreen(self.record, self.seats, self.heading, self.reveal))
