"""What changed since your turn, in the app: at a player's decision after the others acted the
board marks the changed places (▲ came, ▼ went) and the status line sums them up; the marks go
with the decision; a hidden Castillo is never marked, nor the courts; the setting turns it off."""

from __future__ import annotations

from textual.widgets import Static

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.game import GameScreen
from el_grande.app.since import delta
from el_grande.app.widgets.board import CASTILLO_CELLS, MapView
from el_grande.app.widgets.players import LEAD, PlayersPanel, columns
from el_grande.core import Game
from el_grande.flow.changes import changes
from el_grande.flow.scenes import Prompt
from el_grande.session import GameSession
from el_grande.settings.values import Settings

from .helpers import SIZE, play, press, screen_text, session_at, settle


def at_marks(players: int, seed: int, moves: int, **options: object) -> GameSession:
    """A game some `moves` in, at a human's decision after others acted whose changes since
    their previous decision include Caballeros (the app, opening there, marks them at once:
    the flow's memory is rebuilt from the record)."""
    seen: list[int] = []  # who decided at each move so far

    def stop(s: GameSession) -> bool:
        d = s.decision
        assert d is not None
        if len(s.game.history) >= moves and seen and seen[-1] != d.player and d.player in seen:
            record = s.game.record()
            then = len(seen) - seen[::-1].index(d.player)  # after their latest choice
            before = Game.replay(record, upto=then).view(None)
            found = changes(before, s.current.public, castillo_hidden=s.castillo_hidden)
            if found.caballeros:
                return True
        seen.append(d.player)
        return False

    return session_at(players, seed, stop, **options)


def marked(app: ElGrandeApp) -> bool:
    """A human's prompt with changes since their turn is up (and takes input)."""
    scr = app.screen
    return (
        isinstance(scr, GameScreen)
        and scr.waiting_for_choice
        and isinstance(scr.flow.scene, Prompt)
        and scr.flow.scene.since is not None
        and bool(scr.flow.scene.since.caballeros)
    )


def status(app: ElGrandeApp) -> str:
    return str(app.screen.query_one("#status", Static).render())


def castillo_text(app: ElGrandeApp) -> str:
    """What the map draws in the Castillo's box, as on the terminal."""
    board = app.screen.query_one(MapView)
    xs, ys = board._bounds()
    c0, r0, w, h = CASTILLO_CELLS
    lines = screen_text(app).splitlines()
    x, y = board.region.x, board.region.y
    rows = lines[y + ys[r0] + 2 : y + ys[r0 + h] + 1]
    return "\n".join(row[x + xs[c0] : x + xs[c0 + w] - 1] for row in rows)


def court_cells(app: ElGrandeApp) -> list[str]:
    """The court column of every player's row, as drawn."""
    panel = app.screen.query_one(PlayersPanel)
    cols = columns()
    start = LEAD + panel.name_cells() + cols[0][1] + 1
    rows = str(panel.render()).splitlines()[1:]
    return [row[start : start + cols[1][1]] for row in rows]


async def test_the_board_marks_what_changed_and_the_status_line_says_it() -> None:
    app = ElGrandeApp(session=at_marks(3, 7, 20), curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play(pilot, until=marked)  # through a take-over, if one comes first
        scr = app.screen
        assert isinstance(scr, GameScreen) and isinstance(scr.flow.scene, Prompt)
        since = scr.flow.scene.since
        assert since is not None and scr.shown is not None and scr.shown.since is since
        said = status(app)
        line = app.screen.query_one("#status", Static)
        assert said.startswith("Since your turn: ") and len(said) <= line.content_size.width
        text = screen_text(app)
        view = scr.shown.view
        letters = scr.session.letters
        chips = [
            f"{letters[seat]}{view.region(place).caballeros[seat]}{delta(n)}"
            for place, seat, n in since.caballeros
            if place != "castillo"
        ]
        assert any(c in text for c in chips), (chips, text)
        # The decision is made: its marks go with it (seen at the player's own next one).
        for _ in range(20):
            scene = scr.flow.scene
            assert isinstance(scene, Prompt)
            seat = scene.seat
            await press(pilot, "enter")
            await settle(pilot)
            now = scr.flow.scene
            if scr.waiting_for_choice and isinstance(now, Prompt) and now.seat == seat:
                assert now.since is None and scr.shown is not None and scr.shown.since is None
                assert not any(m in screen_text(app) for m in "▲▼")
                assert not status(app).startswith("Since your turn")
                return
            await play(pilot, until=marked)
    raise AssertionError("no player decided twice running after a marked prompt")


async def test_a_hidden_castillo_and_the_courts_are_never_marked() -> None:
    session = at_marks(3, 5, 20, castillo="hidden")
    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        seen = 0
        for _ in range(3):
            await play(pilot, until=marked)
            assert not any(m in castillo_text(app) for m in "▲▼"), castillo_text(app)
            assert not any(m in cell for cell in court_cells(app) for m in "▲▼")
            assert "Castillo" not in status(app)
            seen += 1
            await press(pilot, "enter")
            await settle(pilot)
        assert seen == 3


async def test_an_open_castillos_court_is_marked() -> None:
    """The check above could pass by marking nothing: with the Castillo open, a court that
    changed is marked in the same column."""
    app = ElGrandeApp(session=at_marks(3, 7, 20), curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(20):
            await play(pilot, until=marked)
            scr = app.screen
            assert isinstance(scr, GameScreen) and isinstance(scr.flow.scene, Prompt)
            since = scr.flow.scene.since
            assert since is not None
            if since.courts:
                cells = court_cells(app)
                for seat, n in since.courts:
                    assert ("▲" if n > 0 else "▼") in cells[seat]
                return
            await press(pilot, "enter")
            await settle(pilot)
    raise AssertionError("no court changed")


async def test_the_setting_off_marks_nothing() -> None:
    """The same opening position as above (marked with the setting on), and a few after it."""
    app = ElGrandeApp(session=at_marks(3, 7, 20), curtain_seed=0)
    app.settings = Settings(since_your_turn=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        prompts = 0

        def look(scr: GameScreen, _d: object) -> None:
            nonlocal prompts
            prompts += 1
            scene = scr.flow.scene
            assert isinstance(scene, Prompt) and scene.since is None
            assert not status(app).startswith("Since your turn")

        await play(pilot, at_prompt=look, until=lambda a: prompts >= 8)  # type: ignore[arg-type]
        assert not any(m in screen_text(app) for m in "▲▼")


def test_the_king_is_drawn_only_where_it_is() -> None:
    """Issue 33, item 7: after the King moved, the region it left has no ♔ (it used to keep
    "♔▼" until the decision); the region it came to has "♔▲"."""
    from dataclasses import replace

    from el_grande.app.shown import Shown
    from el_grande.session import Seating
    from el_grande.setup import default_seats

    before = Game.new(["Ana", "Ben", "Cy"], seed=7).view(None)
    left = before.king
    regions = tuple(replace(r, king=r.id == "granada") for r in before.regions)
    after = replace(before, king="granada", regions=regions)
    shown = Shown(after, since=changes(before, after, castillo_hidden=False))
    board = MapView(Seating.of(default_seats(["Ana", "Ben", "Cy"])))

    def drawn(place: str) -> str:
        return "\n".join(
            line.plain for line in board._region_lines(shown, place, (20, 4), {}, set(), False)
        )

    assert "♔" not in drawn(left)
    assert "♔▲" in drawn("granada")
