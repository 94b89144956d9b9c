"""Games through the UI: keys only (2 players from the title, its end by the table flow; 5
players whole in the stress run), and the mouse for placements."""

from __future__ import annotations

import pytest

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.game import GameScreen
from el_grande.app.screens.game_over import GameOverScreen
from el_grande.app.screens.scoring import ScoringScreen
from el_grande.app.screens.title import TitleScreen
from el_grande.app.widgets.board import MapView
from el_grande.app.widgets.cards import CardList
from el_grande.app.widgets.players import PlayersPanel
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.core import Game
from el_grande.flow.scenes import GameOver, Scene, Showing
from el_grande.session import GameSession

from .helpers import (
    SIZE,
    game_screen,
    next_key,
    pick_first,
    pick_varied,
    play,
    played_on,
    press,
    settle,
)


async def tab_to(pilot, widget_id: str) -> None:  # type: ignore[no-untyped-def]
    """Press Tab until the widget with `widget_id` has the focus (as a player would)."""
    for _ in range(40):
        focused = pilot.app.focused
        if focused is not None and focused.id == widget_id:
            return
        await press(pilot, "tab")
    raise AssertionError(f"Tab never reached #{widget_id}")


def _finished_like_core(game: Game) -> None:
    """The game ended, and replaying its choices in a bare core gives the same result."""
    assert game.over
    again = Game.replay(game.record())
    assert again.scores == game.scores and again.winners == game.winners


def _over_on_screen(app: ElGrandeApp) -> None:
    """The app's game ended like the core's, and game over is drawn."""
    assert isinstance(app.screen, GameOverScreen)
    _finished_like_core(app.screen.session.game)
    text = " ".join(str(w) for w in app.screen.query("Static").results())
    assert text  # rendered


@pytest.mark.frames  # drawn frame by frame, as in a terminal
async def test_two_players_from_title_by_keys_and_on_to_game_over() -> None:
    """Title -> new game form (2 players, short game, seed typed in) -> the game by keys,
    every choice by number keys, card letters, arrows and Enter, every scoring display by Esc
    and Enter, through the first general scoring (the power cards, the action cards, turns,
    placements, the courts, the court card and the King; a card's scoring and the general
    one); the rest of the game is played on by the table flow the screen drives
    (`played_on`: the scenes the screen would be handed, its two displays and game over), and
    it ends as the core replays it. (The later decisions by keys: the disks and curtains in
    test_secrets.py, moves, regions and scorings in test_korean.py's walks; games by keys to
    game over: test_korean.py's last scoring, test_timers.py, test_hints.py; game over's
    pages: test_game_over.py.)"""
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await press(pilot, "enter")  # "New game"
        await pilot.pause()
        # Keys only: Tab to the third name and clear it, Tab on to the seed and type 11.
        form = app.screen
        await tab_to(pilot, "name-2")
        for key in ("home", "ctrl+k"):
            await press(pilot, key)
        await tab_to(pilot, "rounds")
        for key in ("enter", "down", "enter"):  # the short game: 6 rounds
            await press(pilot, key)
        await tab_to(pilot, "seed")
        for key in ("1", "1"):
            await press(pilot, key)
        assert form.query_one("#seed").value == "11"  # type: ignore[attr-defined]
        await press(pilot, "ctrl+s")
        await pilot.pause()
        scr = app.screen
        assert isinstance(scr, GameScreen)
        session = scr.session
        assert len(session.seats) == 2
        assert session.game.view(None).rounds == (2, 3, 5, 6, 8, 9)
        # Esc takes each scoring display to its last step, Enter closes it (a display's
        # steps one by one: test_stream.py, test_scoring_first_step.py, the snapshots).
        displays = 0
        while not session.general_scorings or isinstance(app.screen, ScoringScreen):
            await play(pilot, pick_varied, until=lambda a: isinstance(a.screen, ScoringScreen))
            assert isinstance(app.screen, ScoringScreen)
            displays += 1
            await press(pilot, "escape")
            assert app.screen.index == len(app.screen.steps) - 1
            await press(pilot, "enter")
        assert displays >= 1 and session.general_scorings == 1
        record = session.game.record()
    # On to game over, as the screen would be handed it.
    on = GameSession.from_record(record, session.seats)
    shown: list[Showing] = []

    def over(scene: Scene) -> bool:
        if isinstance(scene, Showing) and (not shown or scene.steps is not shown[-1].steps):
            shown.append(scene)
        return isinstance(scene, GameOver)

    played_on(on, over)
    assert on.general_scorings == 3 and len(shown) >= 2  # the second and third at least
    _finished_like_core(on.game)


@pytest.mark.stress  # a whole game by keys; the 2-player one covers this code path
async def test_five_players_short_game_with_keys() -> None:
    """5 players, 6-round game, Enter on the first legal choice every time."""
    from .helpers import make_app

    app = make_app(5, seed=3, rounds=6)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play(pilot, pick_first)
        _over_on_screen(app)


@pytest.mark.frames  # a click lands where a frame drew the card
async def test_mouse_placements_and_cards() -> None:
    """A 3-player game answered with clicks from its start until the first player's turn has
    placed twice: the power cards on the hand, the action card on the card row, each
    placement on the map."""
    from .helpers import make_app

    app = make_app(3, seed=5)
    clicked_places: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(400):
            scr = game_screen(app)
            if scr is None:
                await press(pilot, next_key(app))
                continue
            game = scr.session.game
            if len(clicked_places) >= 2:
                break
            d = scr.decision
            assert d is not None
            before = len(game.history)
            verbs = {c.verb for c in d.choices}
            if d.kind == "power":
                value = int(d.choices[-1].arg)  # type: ignore[arg-type]
                panel = scr.query_one(PlayersPanel)
                await pilot.click(panel, offset=panel.point_of(d.player, value))
            elif d.kind == "action_card":
                card = str(d.choices[0].arg)
                cards = scr.query_one(CardList)
                line = cards.line_of(card)
                assert line is not None, "every card's name is on screen"
                await pilot.click(cards, offset=(4, line))
            elif d.kind == "placement" and "place" in verbs:
                place = next(str(c.arg) for c in d.choices if c.verb == "place")
                board = scr.query_one(MapView)
                await pilot.click(board, offset=board.point_of(place))
                clicked_places.append(place)
            else:
                await press(pilot, "enter")
                continue
            # Until every screen and widget has handled the click's messages (a pause alone
            # can return before the answer reached the game on a busy machine).
            await settle(pilot)
            assert len(game.history) == before + 1, f"the click did not answer {d.kind}"
        assert clicked_places, "no placement was made by mouse"
        history = scr.session.game.history
        for place in clicked_places:
            assert f"place {place}" in history


async def test_illegal_key_explains_and_changes_nothing() -> None:
    """A region key while an action card is being chosen says why on the status line; the
    game is unchanged and the highlight is gone (tests/app/test_refused_keys.py)."""
    from .helpers import app_at

    app = app_at(3, 7, lambda s: s.decision.kind == "action_card")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = game_screen(app)
        assert scr is not None
        before = list(scr.session.game.history)
        await press(pilot, "3")  # a region while a card is being chosen
        status = str(scr.query_one("#status").render())
        assert "not possible now" in status and "no region is being chosen now" in status
        assert list(scr.session.game.history) == before
        # Nothing is highlighted: the next Enter takes no card the player did not choose.
        assert scr.query_one(DecisionPrompt).options.highlighted is None


async def test_a_card_key_reads_a_card_while_no_card_is_chosen() -> None:
    """During the power-card choice a–e open a card's full text (and fold it again); the
    game is unchanged."""
    from el_grande.app.widgets.cards import CardList
    from el_grande.text import card_text

    from .helpers import make_app

    app = make_app(5, seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = game_screen(app)
        assert scr is not None
        cards = scr.query_one(CardList)
        card = cards.card_at("d")
        assert card is not None
        first_words = " ".join(card_text(card).split()[:3])
        await press(pilot, "d")
        await pilot.pause()
        assert cards.reading == 3 and first_words in cards.render().plain.replace("\n", " ")
        assert "shown in full" in str(scr.query_one("#status").render())
        await press(pilot, "d")
        assert cards.reading is None
        assert scr.session.game.history == ()


async def test_power_cards_by_number_keys() -> None:
    """1–9 highlight power cards 1–9, 0 then 0–3 highlight 10–13; Enter plays the highlighted
    card; a value someone already played this round says so and changes nothing."""
    from .helpers import make_app

    app = make_app(3, seed=7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scr = game_screen(app)
        assert scr is not None and scr.decision is not None
        first = scr.decision.player
        options = scr.query_one(DecisionPrompt).options

        def highlighted() -> str:
            assert options.highlighted is not None
            return str(options.get_option_at_index(options.highlighted).id)

        await press(pilot, "7")
        assert highlighted() == "power 7"
        await press(pilot, "0")
        assert "10, 11, 12 or 13" in str(scr.query_one("#status").render())
        await press(pilot, "2")
        assert highlighted() == "power 12"
        await press(pilot, "enter")
        assert scr.session.game.history == ("power 12",)
        nxt = game_screen(app)
        assert nxt is not None and nxt.decision is not None and nxt.decision.player != first
        await press(pilot, "0")
        await press(pilot, "2")  # 12 is taken this round
        status = str(scr.query_one("#status").render())
        assert "Power card 12 is not possible now" in status
        assert scr.session.game.history == ("power 12",)
