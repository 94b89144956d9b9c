"""Issue 33 items 5–7 on screen: a key dropped by a quiet wait says so, the game-over pages
and rematch, the key bar and the cards in Korean at 100×30."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap
from textual.screen import Screen
from textual.widgets import TabbedContent

from el_grande.app.screens.game import GameScreen
from el_grande.app.screens.game_over import GameOverScreen, bonus_marks, place_table
from el_grande.app.screens.new_game import NewGameScreen
from el_grande.app.screens.scoring import ScoringScreen
from el_grande.app.shown import Shown
from el_grande.app.widgets.cards import CardList
from el_grande.app.widgets.keybar import KeyBar
from el_grande.app.widgets.track import RoundTrack
from el_grande.core import AwardReason, Game
from el_grande.epilogue import Epilogue
from el_grande.flow.handover import QUIET
from el_grande.flow.scenes import Showing
from el_grande.names import fit_quoted
from el_grande.narrate import ScoringStep
from el_grande.session import GameSession, Seating
from el_grande.setup import GameSetup, SeatSetup, default_seats
from el_grande.text import EN, card_name, t, use

from .helpers import NAMES, press, screen_text, settle
from .test_trust import key_at, trusting_app


async def test_a_key_dropped_by_a_quiet_wait_says_so() -> None:
    """Ana plays; Ben's prompt waits for quiet and says so; a key typed on within the quiet
    time is dropped and the status line says that key did not count (it used to repeat the
    quiet sentence, already there: no feedback of its own)."""
    session = GameSession.new(GameSetup(default_seats(NAMES[:3]), seed=7))
    app, clock = trusting_app(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        key_at(app, "enter", clock.now())  # Ana plays her first power card
        await settle(pilot)
        assert len(session.game.history) == 1
        assert "that key did not count" not in " ".join(screen_text(app).split())
        clock.advance(0.1)
        key_at(app, "down", clock.now())  # too soon: dropped
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        who = session.name(session.decision.player)  # type: ignore[union-attr]
        assert f"{who}'s turn: that key did not count" in text
        assert len(session.game.history) == 1
        clock.advance(QUIET + 0.1)
        await settle(pilot)  # quiet now: the line no longer says so
        assert "that key did not count" not in " ".join(screen_text(app).split())
        assert isinstance(app.screen, GameScreen)


# --- game over (item 6) -------------------------------------------------------------------


def finished(**options: object) -> GameSession:
    seats = (
        SeatSetup("Ana", "yellow"),
        SeatSetup("Ben", "red", "bot:greedy"),
        SeatSetup("Cy", "green", "bot:random"),
    )
    session = GameSession.new(GameSetup(seats, seed=14, **options))  # type: ignore[arg-type]
    while (d := session.decision) is not None:
        session.apply(d.choices[(len(session.game.history) * 7 + 3) % len(d.choices)])
    return session


def test_the_last_scoring_marks_the_bonuses_as_the_sheet_does() -> None:
    """Issue 33, item 6: a +2 King's bonus is ♔ and a home bonus ⌂ beside the points, in the
    cell of the player who scored it (the sheet's marks); no mark without the bonus."""
    session = finished()
    last = Epilogue.of(session.game.record()).last_general
    assert last is not None
    seen = {AwardReason.KING_BONUS: 0, AwardReason.HOME_BONUS: 0}
    for place in last.places:
        for seat in range(3):
            reasons = {a.reason for a in place.awards if a.seat == seat}
            marks = bonus_marks(place, seat)
            assert ("♔" in marks) == (AwardReason.KING_BONUS in reasons)
            assert ("⌂" in marks) == (AwardReason.HOME_BONUS in reasons)
            for reason in seen:
                seen[reason] += reason in reasons
    assert all(seen.values()), seen  # the game scored both kinds of bonus
    table = Console(width=200, record=True, color_system=None)
    table.print(place_table(last, session.seating))
    rows = table.export_text()
    assert "♔" in rows and "⌂" in rows


async def test_left_and_right_reach_every_page_and_m_is_a_rematch() -> None:
    """The guided game's *What you learned* page is among the pages ←/→ go round (it was
    never reached); `m` starts the same table again (same players, colours, kinds, options
    and hints, a new seed); `n` opens the form filled in with that table."""
    from el_grande.app.app import ElGrandeApp
    from el_grande.flow.lessons import LEARN

    session = finished(rounds=6, veto=False, castillo="hidden", hints=False)
    session.coach = LEARN
    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)  # a finished game opens on it
        await settle(pilot)
        tabs = app.screen.query_one(TabbedContent)
        pages = [tabs.active]
        for _ in range(6):
            await press(pilot, "right")
            pages.append(tabs.active)
        # The guided game's game over opens on what it taught; → goes round every page.
        assert pages == ["lessons", "board", "scoring", "chart", "players", "result", "lessons"]
        await press(pilot, "left")
        assert tabs.active == "result"
        await press(pilot, "n")  # the form, filled in
        form = app.screen
        assert isinstance(form, NewGameScreen)
        result = form.build_setup()
        assert isinstance(result, GameSetup)
        assert result.seats == tuple(SeatSetup(s.name, s.colour, s.kind) for s in session.seats)
        assert (result.rounds, result.veto, result.castillo, result.hints) == (
            6,
            False,
            "hidden",
            False,
        )
        assert result.seed is None  # a new seed unless the player types one
    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)  # a finished game opens on it
        await settle(pilot)
        await press(pilot, "m")
        screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        again = screen.session
        assert again is not session and not again.game.over
        assert [(s.name, s.colour, s.kind) for s in again.seats] == [
            (s.name, s.colour, s.kind) for s in session.seats
        ]
        options = again.game.options
        assert (options.rounds, options.veto, str(options.castillo)) == (6, False, "hidden")
        assert again.hints is False and again.game.seed != session.game.seed


# --- Korean at 100×30 (item 5) ------------------------------------------------------------


def _game_keys() -> list[Binding]:
    """Every key a game screen can offer at once (a coached game with computer players, hints,
    undo and a turn held), labelled in the active language, and the app's quit."""
    merged = GameScreen._merged_bindings
    assert merged is not None
    keys = [b for bs in merged.key_to_bindings.values() for b in bs]
    out = [Binding(b.key, b.action, t(b.description), id=b.id) for b in keys if b.show]
    return out


class _GameKeys(Screen[None]):
    def __init__(self) -> None:
        super().__init__()
        self._bindings = BindingsMap(_game_keys())

    def compose(self) -> ComposeResult:
        yield KeyBar()


class _GameKeysApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        quit_key = Binding("ctrl+q", "quit", t("keys.quit"), priority=True, id="quit")
        self._bindings = BindingsMap([quit_key])

    def on_mount(self) -> None:
        self.push_screen(_GameKeys())


@pytest.mark.parametrize("lang", ["en", "ko"])
async def test_every_game_key_keeps_a_readable_label_at_100_columns(lang: str) -> None:
    """Issue 33, item 5: all the game's keys at once at 100 columns: no label cut ("정산…")
    and none lost off the edge (an `o` with no label): each is whole or its short form."""
    use(lang)
    try:
        keys = [*_game_keys(), Binding("ctrl+q", "quit", t("keys.quit"), id="quit")]
        app = _GameKeysApp()
        async with app.run_test(size=(100, 5)) as pilot:
            await pilot.pause()
            bar = app.screen.query_one(KeyBar)
            line = bar.render()
            text = line.plain
            assert line.cell_len <= 100 and "…" not in text
            assert [key for _s, _e, key in bar._spans] == [b.key.split(",")[0] for b in keys]
            for b in keys:
                short = f"keys.short.{b.id}"
                assert b.description in text or (short in EN and t(short) in text), b.id
    finally:
        use("en")


class _TrackApp(App[None]):
    def __init__(self, shown: Shown) -> None:
        super().__init__()
        self.shown = shown

    def compose(self) -> ComposeResult:
        seating = Seating.of(default_seats(["김민준", "이서연", "박지훈"]))
        track = RoundTrack(seating)
        track.shown = self.shown
        yield track


@pytest.mark.parametrize("width", [100, 120])
async def test_the_top_bar_always_shows_the_round(width: int) -> None:
    """Issue 33, item 5: a long prompt in Korean used to push "라운드 1/9" off the top bar;
    the round stays and the prompt is shortened (with "…") instead."""
    use("ko")
    try:
        view = Game.new(["김민준", "이서연", "박지훈"], seed=7).view(None)
        doing = "카바예로를 배치할 지역이나 카스티요를 고르세요 (궁정에서 최대 5개, 남은 배치 3개)"
        app = _TrackApp(Shown(view, to_move=1, doing=doing))
        async with app.run_test(size=(width, 3)) as pilot:
            await pilot.pause()
            line = app.query_one(RoundTrack).render()
            text = line.plain
            assert "라운드 1/9" in text and "이서연: 카바예로를" in text
            assert line.cell_len <= width - 1
            assert "…" in text  # the prompt gave way, not the round
    finally:
        use("en")


class _CardsApp(App[None]):
    def __init__(self, shown: Shown, seating: Seating) -> None:
        super().__init__()
        self.shown, self.seating = shown, seating

    def compose(self) -> ComposeResult:
        cards = CardList(self.seating)
        cards.styles.width = 33  # the cards' column at 100×30
        cards.shown = self.shown
        yield cards


async def test_a_taken_card_names_who_took_it_never_a_lone_letter() -> None:
    """Issue 33, item 5: at 100×30 a long card taken by 이서연 said only "B" (her chip): the
    card's name now gives way for "이서연 가져감" (or her name alone), fitted by cells."""
    use("ko")
    try:
        names = ["김민준", "이서연", "박지훈"]
        view = Game.new(names, seed=7).view(None)
        card = "intrigue_2_own_2_foreign"  # the longest name in Korean
        view = replace(view, face_up=(), taken=((1, card),), active=0)
        seating = Seating.of(default_seats(names))
        app = _CardsApp(Shown(view), seating)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            widget = app.query_one(CardList)
            head = widget.render().plain.splitlines()[0]
            assert cell_len(head) <= 33
            assert head.rstrip().endswith("이서연 가져감"), head
            assert head.startswith(" a 인트리그") and "…" in head  # its name, cut to fit
    finally:
        use("en")


def test_a_quotation_shortens_inside_its_marks() -> None:
    assert (
        fit_quoted("정산: ‘디스크: 혼자 고른 곳 정산’", 40) == "정산: ‘디스크: 혼자 고른 곳 정산’"
    )
    cut = fit_quoted("정산: ‘디스크: 혼자 고른 곳 정산’", 27)
    assert cut == "정산: ‘디스크: 혼자 고른…’" and cell_len(cut) <= 27
    assert (
        fit_quoted("Scoring: “Disk: score a region alone”", 30) == "Scoring: “Disk: score a regi…”"
    )
    assert fit_quoted("No quotes in this heading at all", 12) == "No quotes i…"


class _DisplayApp(App[None]):
    def __init__(self, screen: ScoringScreen) -> None:
        super().__init__()
        self.display_screen = screen

    def on_mount(self) -> None:
        self.push_screen(self.display_screen)


@pytest.mark.parametrize("size", [(100, 30), (120, 40)])
async def test_a_display_heading_keeps_its_closing_quote(size: tuple[int, int]) -> None:
    """Issue 33, item 5: "정산: ‘디스크: 혼자 고른 곳 정산’" in the display's box at 100×30 lost
    its closing quote; the card's name now shortens inside the quotes, on one line."""
    use("ko")
    try:
        view = Game.new(["김민준", "이서연", "박지훈"], seed=7).view(None)
        heading = t("scoring.heading_special", card=card_name("score_by_disk"))
        step = ScoringStep(title="갈리시아", lines=(), place="galicia", upto=0)
        scene = Showing(heading, (step,), 0, view, "galicia")
        noop = lambda: None  # noqa: E731
        screen = ScoringScreen(
            scene,
            chip=lambda seat: Text("ABC"[seat]),
            name=str,
            on_next=noop,
            on_last=noop,
            on_run_to_end=noop,
        )
        app = _DisplayApp(screen)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen.show(scene)  # (drawn, whatever the first frame does: another engineer's fix)
            await pilot.pause()
            title = screen.query_one("#scoring-title")
            drawn = "".join(s.text for s in title.render_line(0)).strip()
            assert drawn.startswith("정산: ‘디스크:") and drawn.endswith("’"), drawn
            assert title.size.height == 1
    finally:
        use("en")


def test_one_korean_word_for_a_turn() -> None:
    """Issue 33, item 5: "턴" and "차례" both meant a player's turn; the catalogue says 차례."""
    from el_grande.text_ko import KO

    def words(value: object) -> list[str]:
        return [value] if isinstance(value, str) else [str(v) for v in vars(value).values()]

    said = {k: w for k, v in KO.items() for w in words(v) if re.search(r"(?<!패)턴", w)}
    assert said == {}
    assert "차례" in KO["ev.turn"] and "차례" in KO["ev.order"]
