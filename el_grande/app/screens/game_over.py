"""Game over tells the story: the result (winners, final scores, points by scoring, hints),
the final board, the last general scoring place by place, a chart and a table of the scores
round by round, and per player the regions won, the Castillo's results, the special scorings
and the power cards played. Pages (tabs) with ←/→, each scrolling where it does not fit.

The numbers are the epilogue's (`el_grande.epilogue`), read from the one story.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static, TabbedContent, TabPane

from el_grande.app.access import el_app
from el_grande.app.present import chip, winners_text
from el_grande.app.screens.styled import StyledOnce
from el_grande.app.shown import Shown
from el_grande.app.widgets.board import MapView
from el_grande.app.widgets.chart import score_chart
from el_grande.app.widgets.coach import summary_text
from el_grande.app.widgets.keybar import KeyBar
from el_grande.app.widgets.players import PlayersPanel
from el_grande.core import AwardReason
from el_grande.core import events as E
from el_grande.epilogue import Epilogue, Scoring, winners_of
from el_grande.flow.lessons import LEARN
from el_grande.hands import ever_person, table_lines
from el_grande.persist.replay import revealed_view
from el_grande.setup import GameSetup, rematch
from el_grande.text import card_name, region, t

if TYPE_CHECKING:
    from el_grande.session import GameSession, Seating


def breakdown(session: GameSession) -> list[tuple[str, list[int]]]:
    """Rows of (label, points per seat): special scorings between general ones, then each
    general scoring."""
    n = len(session.seats)
    rows: list[tuple[str, list[int]]] = []
    special = [0] * n
    first_round = 1
    last_round = 1
    for rec in session.scorings:
        last_round = rec.round
        if rec.why == "general":
            if any(special):
                rows.append((t("over.specials", a=first_round, b=rec.round), special))
            special = [0] * n
            rows.append((t("over.general", n=rec.index), list(rec.points)))
            first_round = rec.round + 1
        else:
            special = [a + b for a, b in zip(special, rec.points, strict=True)]
    if any(special):
        rows.append((t("over.specials", a=first_round, b=last_round), special))
    return rows


def _player_head(seating: Seating, seat: int) -> Text:
    return Text.assemble(chip(seating, seat), " ", seating.name(seat))


def bonus_marks(place: E.PlaceScored, seat: int) -> str:
    """The +2 bonuses `seat` scored in `place`, marked as the scoring sheet marks them: ♔ the
    King's bonus, ⌂ the home (Grande) bonus (R-K5, R-K6)."""
    reasons = {a.reason for a in place.awards if a.seat == seat}
    return ("♔" if AwardReason.KING_BONUS in reasons else "") + (
        "⌂" if AwardReason.HOME_BONUS in reasons else ""
    )


def place_table(scoring: Scoring, seating: Seating) -> Table:
    """One scoring, place by place: values, then each player's Caballeros → points (★ won)."""
    table = Table(pad_edge=False, show_edge=False)
    table.add_column(t("over.col_place"))
    table.add_column(t("over.col_values"))
    for seat in range(seating.count):
        table.add_column(_player_head(seating, seat), justify="right")
    for place in scoring.places:
        won = winners_of(place)
        cells = [
            Text(
                t("over.cell", count=place.counts[s], points=place.points[s])
                + bonus_marks(place, s)
                + (" ★" if s in won else "  ")
            )
            for s in range(seating.count)
        ]
        values = "/".join(map(str, place.values))
        table.add_row(region(place.place), values, *cells)
    table.add_row(
        Text(t("over.total"), style="bold"),
        "",
        *[Text(str(p) + "  ", style="bold") for p in scoring.record.points],
    )
    return table


def by_round_table(epilogue: Epilogue, seating: Seating) -> Table:
    """Every player's total after each round (the chart's numbers)."""
    table = Table(pad_edge=False, show_edge=False)
    table.add_column(t("over.round_col"))
    rows = epilogue.by_round()
    for r in range(len(rows)):
        table.add_column(str(r + 1), justify="right")
    for seat in range(seating.count):
        table.add_row(_player_head(seating, seat), *[str(row[seat]) for row in rows])
    return table


def player_story(epilogue: Epilogue, seating: Seating, seat: int) -> RenderableType:
    """One player's game: regions won, the Castillo, special scorings, power cards."""
    none = t("over.none")
    join = t("join.list")
    won = t("join.parts").join(
        t("over.won_in", n=n, places=join.join(region(p) for p in places) or none)
        for n, places in epilogue.regions_won(seat)
    )
    castillo = t("join.parts").join(
        t(
            "over.castillo_in",
            n=n,
            count=count,
            rank=t(f"calc.rank_{rank}") if rank else t("over.rank_none"),
            points=points,
            region=region(to) if to else none,
        )
        if count
        else t("over.castillo_empty", n=n)
        for n, count, rank, points, to in epilogue.castillo(seat)
    )
    specials = join.join(
        t("over.special_in", round=rnd, card=card_name(card), count=points)
        for rnd, card, points in epilogue.specials(seat)
    )
    powers = " ".join(map(str, epilogue.powers[seat]))
    head = Text.assemble(
        chip(seating, seat),
        " ",
        (t("over.player_head", name=seating.name(seat), points=epilogue.scores[seat]), "bold"),
    )
    lines = [
        t("over.won", scorings=won or none),
        t("over.castillo", scorings=castillo or none),
        t("over.specials_of", list=specials or none),
        t("over.powers", cards=powers or none),
    ]
    return Group(head, Padding(Text("\n".join(lines)), (0, 0, 0, 2)))


class GameOverScreen(StyledOnce, Screen[None]):
    CSS_PATH = "game_over.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "left", "page(-1)", "over.key_tabs", id="over_prev", key_display="←→", priority=True
        ),
        Binding("right", "page(1)", "over.key_tabs", id="over_next", show=False, priority=True),
        Binding("m", "rematch", "over.key_rematch"),  # the same table, a new seed
        Binding("n", "new_game", "over.key_new"),  # the form, filled in with this table
        Binding("t", "title", "over.key_title"),
        Binding("r", "replay", "over.key_replay"),
        Binding("v", "review", "over.key_review"),
        Binding("s", "save_as", "keys.save_as", id="save_as"),  # (its short label: keybar)
        Binding("q", "app.quit", "keys.quit"),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.epilogue = Epilogue.of(session.game.record())

    def compose(self) -> ComposeResult:
        seating = self.session.seating
        with TabbedContent(id="over-tabs"):
            with TabPane(t("over.tab_result"), id="result"), VerticalScroll():
                yield Static(t("over.title"), id="over-title", markup=False)
                winners = winners_text(self.session.game.winners, seating)
                yield Static(winners, id="over-winners", markup=False)
                yield Static(self._result(), id="over-table", markup=False)
                hints = self._hints_line()
                if hints is not None:  # a table of computer players only: nobody to count
                    yield Static(hints, id="over-hints", markup=False)
                hands = self._hands_lines()
                if hands is not None:  # seats that changed hands: who played which decisions
                    yield Static(hands, id="over-hands", markup=False)
                yield Static(t("over.keys"), id="over-keys", markup=False)
            if self.session.coach == LEARN:  # the guided game: what it taught (opens here)
                with TabPane(t("learn.summary_title"), id="lessons"), VerticalScroll():
                    yield Static(summary_text(self.session.lessons), id="over-lessons")
            with TabPane(t("over.tab_board"), id="board"), VerticalScroll():
                yield MapView(seating, id="over-map")
                yield PlayersPanel(seating, id="over-players")
            with TabPane(t("over.tab_scoring"), id="scoring"), VerticalScroll():
                yield Static(self._last_scoring(), id="over-scoring", markup=False)
            with TabPane(t("over.tab_chart"), id="chart"), VerticalScroll():
                yield Static(self._chart(), id="over-chart", markup=False)
            with TabPane(t("over.tab_players"), id="players"), VerticalScroll():
                yield Static(self._players(), id="over-story", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        game = self.session.game
        final = Shown(revealed_view(game) if game.over else self.epilogue.final)
        self.query_one(MapView).shown = final
        self.query_one(PlayersPanel).shown = final
        if self.session.coach == LEARN:
            self.query_one(TabbedContent).active = "lessons"

    # --- the pages -----------------------------------------------------------------------

    def _result(self) -> RenderableType:
        seating = self.session.seating
        scores = self.epilogue.scores
        winners = self.epilogue.winners
        ranking = sorted(range(len(scores)), key=lambda s: -scores[s])
        final = Table(box=None, pad_edge=False, show_header=False)
        final.add_column("")
        final.add_column("", justify="right")
        for seat in ranking:
            name = Text.assemble(
                chip(seating, seat),
                " ",
                (seating.name(seat), "bold" if seat in winners else ""),
                " ★" if seat in winners else "",
            )
            final.add_row(name, Text(str(scores[seat]), style="bold"))
        table = Table(pad_edge=False, show_edge=False)
        table.add_column(t("over.breakdown"))
        for seat in range(len(scores)):
            table.add_column(_player_head(seating, seat), justify="right")
        for label, points in breakdown(self.session):
            table.add_row(label, *[str(p) for p in points])
        table.add_row(Text(t("over.total"), style="bold"), *[str(s) for s in scores])
        return Group(Text(t("over.final"), style="bold"), final, Text(""), table)

    def _last_scoring(self) -> RenderableType:
        last = self.epilogue.last_general
        if last is None:
            return Text(t("over.no_scoring"))
        head = t("over.last_scoring", n=last.record.index, round=last.record.round)
        table = place_table(last, self.session.seating)
        legend = Text(t("over.bonus_legend"), style="dim")
        return Group(Text(head, style="bold"), Text(""), table, Text(""), legend)

    def _chart(self) -> RenderableType:
        seating = self.session.seating
        legend = Text("  ").join(_player_head(seating, s) for s in range(seating.count))
        return Group(
            Text(t("over.chart_title"), style="bold"),
            Text(""),
            score_chart(self.epilogue.by_round(), seating),
            Text(""),
            legend,
            Text(""),
            by_round_table(self.epilogue, seating),
        )

    def _players(self) -> RenderableType:
        seating = self.session.seating
        blocks: list[RenderableType] = []
        for seat in range(seating.count):
            blocks += [player_story(self.epilogue, seating, seat), Text("")]
        return Group(*blocks[:-1])

    def _hints_line(self) -> Text | None:
        """How many hints each person at the table used (computer players take none; at a
        table without hints, a seat handed to the Hard player counts one)."""
        session = self.session
        people = [s for s in range(len(session.seats)) if ever_person(session.hands(s))]
        if not people:
            return None
        used = session.hints_used

        def counts(seats: list[int]) -> str:
            return t("join.list").join(
                t("over.hint_count", name=session.name(s), count=used[s] if s < len(used) else 0)
                for s in seats
            )

        if not session.hints:
            counted = [s for s in people if s < len(used) and used[s]]
            if counted:
                return Text(t("over.hard_counted", counts=counts(counted)), style="dim")
            return Text(t("over.no_hints"), style="dim")
        return Text(t("over.hints", counts=counts(people)), style="dim")

    def _hands_lines(self) -> Text | None:
        """Who played which decisions, for the seats that changed hands."""
        session = self.session
        seats = range(len(session.seats))
        names = [session.name(s) for s in seats]
        total = len(session.game.history)
        lines = table_lines(names, [session.hands(s) for s in seats], total)
        return Text("\n".join(lines), style="dim") if lines else None

    # --- keys ----------------------------------------------------------------------------

    def action_page(self, step: int) -> None:
        """The next or previous page, round the pages this game has (the guided game's
        *What you learned* too)."""
        tabs = self.query_one(TabbedContent)
        pages = [pane.id for pane in tabs.query(TabPane) if pane.id is not None]
        at = pages.index(tabs.active) if tabs.active in pages else 0
        tabs.active = pages[(at + step) % len(pages)]

    def _again(self) -> GameSetup:
        """This table again: the same players, seats, kinds, options and hints."""
        session = self.session
        options = session.game.options
        return rematch(
            session.seats,
            rounds=options.rounds,
            veto=options.veto,
            castillo=str(options.castillo),
            hints=session.hints,
        )

    def action_rematch(self) -> None:
        el_app(self).start_game(self._again())

    def action_new_game(self) -> None:
        el_app(self).new_game_form(self._again())

    def action_title(self) -> None:
        el_app(self).show_title()

    def action_replay(self) -> None:
        from el_grande.app.screens.replay import ReplayScreen  # start-up: when asked for

        self.app.push_screen(ReplayScreen(self.session.game.record(), self.session.seats))

    def action_review(self) -> None:
        from el_grande.app.screens.review_screen import ReviewScreen  # start-up: when asked for

        self.app.push_screen(ReviewScreen(self.session.game.record(), self.session.seats))

    def action_save_as(self) -> None:
        from el_grande.app.screens.save_as import SaveAsScreen  # start-up: when asked for

        def saved(message: str | None) -> None:
            if message:
                self.notify(message, markup=False)

        self.app.push_screen(SaveAsScreen(self.session), saved)
