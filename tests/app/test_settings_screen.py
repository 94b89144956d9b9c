"""The settings screen (title screen and `o` in a game), a broken settings file's notice, and the
new-game form that starts from the settings' players, fits 100×30 and moves like a table."""

from __future__ import annotations

from pathlib import Path

from rich.cells import cell_len
from textual.widgets import Input, Select

from el_grande.app import colours
from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.curtain import CurtainScreen
from el_grande.app.screens.game import GameScreen
from el_grande.app.screens.new_game import NewGameScreen
from el_grande.app.screens.settings import SettingsScreen
from el_grande.app.screens.title import TitleScreen
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.settings import DEFAULTS, Loaded, PlayerDefault, Settings, load
from el_grande.text import t

from .helpers import SIZE, make_app, next_key, press, screen_text, session_at, settle


async def open_settings_from_title(pilot) -> SettingsScreen:  # type: ignore[no-untyped-def]
    await pilot.pause()
    assert isinstance(pilot.app.screen, TitleScreen)
    for key in ("down", "down", "down", "enter"):  # New, Resume, Rules, Settings
        await press(pilot, key)
    screen = pilot.app.screen
    assert isinstance(screen, SettingsScreen)
    return screen


async def type_into(pilot, text: str) -> None:  # type: ignore[no-untyped-def]
    """Replace the focused text field's content, by keys (Home, then Ctrl+K clears the
    field to its end: two keys, not a backspace a character)."""
    await press(pilot, "home")
    await press(pilot, "ctrl+k")
    assert pilot.app.focused.value == ""
    for ch in text:
        await press(pilot, ch)


def words(app: ElGrandeApp) -> str:
    """The screen's text as words (frames and line ends taken out: paths change the wrap)."""
    return " ".join(screen_text(app).translate(str.maketrans("║│", "  ")).split())


def focused_id(app: ElGrandeApp) -> str | None:
    return app.focused.id if app.focused is not None else None


async def test_a_broken_settings_file_is_said_once_on_the_title_and_left_alone(
    config_dir: Path,
) -> None:
    path = config_dir / "settings.toml"
    path.write_text('theme = "textual-light"\nbot_delay = "slow"\n', encoding="utf-8")
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        notice = app.screen.query_one("#title-notice")
        said = str(notice.content)  # type: ignore[attr-defined]
        assert "are not used" in said and "bot_delay must be" in said
        assert notice.display and notice.region.height > 0 and notice.region.bottom < SIZE[1]
        assert "The defaults apply" in words(app)
        assert app.theme == "textual-dark" and app.bot_delay == DEFAULTS.bot_delay
        app.show_title()  # back on the title screen: said once only
        await settle(pilot)
        assert not app.screen.query_one("#title-notice").display
        assert "The defaults apply" not in words(app)
        # The settings screen says what saving will do; Esc leaves the file as it is.
        for key in ("down", "down", "down", "enter"):
            await press(pilot, key)
        said = str(app.screen.query_one("#settings-error").content)  # type: ignore[attr-defined]
        assert "bot_delay must be" in said and said.endswith("Saving here replaces the file.")
        await press(pilot, "escape")
        assert path.read_text(encoding="utf-8") == 'theme = "textual-light"\nbot_delay = "slow"\n'
        for key in ("enter",):  # the menu kept its place: Settings again
            await press(pilot, key)
        assert isinstance(app.screen, SettingsScreen)
        await press(pilot, "ctrl+s")  # a deliberate save replaces it
        assert load().problem is None and app.settings_unused is None


async def test_o_opens_the_settings_in_a_game_and_changes_the_chips_at_once() -> None:
    app = make_app(2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen) and game.waiting_for_choice
        assert game.check_action("settings", ()) is True
        await press(pilot, "down")
        highlighted = game.query_one(DecisionPrompt).options.highlighted
        await press(pilot, "o")
        assert isinstance(app.screen, SettingsScreen)
        app.screen.query_one("#palette", Select).focus()
        for key in ("enter", "down", "enter"):
            await press(pilot, key)
        await press(pilot, "ctrl+s")
        await settle(pilot)
        assert app.screen is game and game.waiting_for_choice
        title = game.query_one("#prompt-title").content  # type: ignore[attr-defined]
        styles = " ".join(str(span.style) for span in title.spans)
        bg, _ = colours.chip_colours(game.session.colour(game.decision.player), "colour-blind")
        assert bg in styles  # the prompt's chip is drawn in the new palette
        assert game.query_one(DecisionPrompt).options.highlighted == highlighted


async def test_o_never_acts_on_a_curtain_or_a_secret_prompt() -> None:
    from .test_snapshots import _first_disk

    app = ElGrandeApp(session=session_at(3, 7, _first_disk), curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await press(pilot, "o")
        assert isinstance(app.screen, CurtainScreen)  # the curtain stays, nothing opens
        await press(pilot, next_key(app))
        game = app.screen
        assert isinstance(game, GameScreen) and game.decision is not None
        assert game.decision.secret and game.waiting_for_choice
        assert game.check_action("settings", ()) is False  # not in the footer either
        await press(pilot, "o")
        assert app.screen is game
        assert not any(isinstance(s, SettingsScreen) for s in app.screen_stack)


# --- the new-game form ---------------------------------------------------------------------


def _fits(app: ElGrandeApp, ids: list[str]) -> None:
    width, height = app.size
    for widget_id in ids:
        region = app.screen.query_one(f"#{widget_id}").region
        assert region.width > 0 and region.height > 0, widget_id
        assert region.right <= width and region.bottom <= height - 1, widget_id  # the footer


async def test_the_new_game_form_starts_from_the_settings_fits_and_moves_like_a_table() -> None:
    """One visit to the new-game form (opening it is what costs; the first part moves no
    focus):

    - it starts from the settings' players (names, colours, kinds; the first colour nobody
      has for the fifth seat), every field and button is on screen at 100×30 above the
      footer, an empty name's placeholder is not cut off, and the setup it builds has the
      settings' kinds;
    - Tab's order (the names, then the options, then the colours and kinds seat by seat),
      the arrows' moves (up and down keep the column, a closed list stays closed) and Enter
      (opens a list, toggles the switch);
    - then (from the first name again) the highlighted row's label follows Tab."""
    players = (
        PlayerDefault("Zoë", "blue", "greedy"),
        PlayerDefault("Yann", "yellow"),
        PlayerDefault("Xu", "red", "strong"),
        PlayerDefault("Wim", "green"),
    )
    app = ElGrandeApp(settings=Loaded(Settings(players=players), Path("unused")))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await press(pilot, "enter")  # New game
        form = app.screen
        assert isinstance(form, NewGameScreen)
        values = [
            (
                form.query_one(f"#name-{i}", Input).value,
                form.query_one(f"#colour-{i}", Select).value,
                form.query_one(f"#kind-{i}", Select).value,
            )
            for i in range(5)
        ]
        assert values == [
            ("Zoë", "blue", "bot:greedy"),
            ("Yann", "yellow", "human"),
            ("Xu", "red", "bot:strong"),
            ("Wim", "green", "human"),
            ("", "purple", "human"),  # the first colour nobody has
        ]
        ids = [f"{w}-{i}" for i in range(5) for w in ("name", "colour", "kind")]
        _fits(app, [*ids, "rounds", "veto", "castillo", "seed", "start", "begin", "back"])
        name = form.query_one("#name-4", Input)
        assert name.content_size.width >= cell_len(t("new.name_placeholder"))  # not cut off
        result = form.build_setup()
        assert not isinstance(result, str)
        assert [s.kind for s in result.seats] == ["bot:greedy", "human", "bot:strong", "human"]

        # Tab's order, the arrows, Enter.
        assert focused_id(app) == "name-0"
        order = []
        for _ in range(11):
            await press(pilot, "tab")
            order.append(focused_id(app))
        assert order == [
            *(f"name-{i}" for i in range(1, 5)),
            "rounds",
            "veto",
            "castillo",  # 7 Tabs (it was 17)
            "seed",
            "start",
            "begin",
            "back",
        ]
        await press(pilot, "tab")
        assert focused_id(app) == "colour-0"  # then the colours and kinds, seat by seat
        await press(pilot, "shift+tab")
        assert focused_id(app) == "back"
        # Arrows: up and down keep the column, a closed list stays closed.
        app.screen.query_one("#colour-1").focus()
        await press(pilot, "down")
        assert focused_id(app) == "colour-2"
        assert not app.screen.query_one("#colour-2", Select).expanded
        await press(pilot, "left")
        assert focused_id(app) == "name-2"
        await press(pilot, "up")
        assert focused_id(app) == "name-1"
        app.screen.query_one("#kind-4").focus()
        await press(pilot, "down")
        assert focused_id(app) == "rounds"
        await press(pilot, "down")
        assert focused_id(app) == "veto"
        await press(pilot, "enter")  # Enter opens a list, toggles the switch
        assert app.screen.query_one("#veto").value is False  # type: ignore[attr-defined]

        # The row label follows Tab (it stayed on the first row).
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#name-0").focus()
        await _labels_follow_the_focus(pilot, screen, 9)


#: Every setting of the settings screen, in its order on screen (one row each).
SETTINGS_ROWS = [
    "language",
    "theme",
    "palette",
    "bot_delay",
    "auto_advance",
    "strict_handovers",
    "warnings",
    "tips",
    "since_your_turn",
    "confirm_turn",
]


async def test_the_scoring_pace_is_the_settings_or_the_bots_at_a_table_without_humans() -> None:
    """`auto_advance` from the settings for every game; a table of computer players only
    (nobody to press Enter) goes on at the bots' pace, and that pace does not stick to the
    next game (it used to). The rule is the table flow's (`TableFlow.display_pace`); the
    app's games follow the settings saved."""
    from el_grande.session import GameSession
    from el_grande.setup import GameSetup, SeatSetup

    def table(*kinds: str) -> GameSession:
        names = ["Ana", "Ben", "Cy"]
        seats = tuple(SeatSetup(n, c, k) for n, c, k in zip(names, ("red", "blue", "green"), kinds))
        return GameSession.new(GameSetup(seats, seed=1))

    bots = table("bot:random", "bot:random", "bot:random")
    people = table("human", "bot:random", "human")
    app = ElGrandeApp(bot_delay=0.8)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(bots)
        assert app.table is not None and app.table.display_pace == 1.6
        await pilot.pause()
        app.open_game(people)
        assert app.table is not None and app.table.display_pace is None
        await pilot.pause()
        app.apply_settings(Settings(bot_delay=0.1, auto_advance=3.0))
        assert app.table is not None and app.table.display_pace == 3.0
        app.open_game(bots)
        assert app.table is not None and app.table.display_pace == 3.0
        await pilot.pause()


async def _labels_follow_the_focus(pilot, screen, steps: int) -> None:  # type: ignore[no-untyped-def]
    """Tab `steps` times; after each, exactly the focused field's row label is reversed, and
    no row was restyled (the label is lit by a class: Textual restyled both rows the focus
    left and came to, every widget in them, at every move while `:focus-within` lit it)."""
    from collections.abc import Iterable

    from textual.containers import Horizontal
    from textual.css.stylesheet import Stylesheet
    from textual.dom import DOMNode
    from textual.widgets import Label

    restyled: list[DOMNode] = []
    update_nodes = Stylesheet.update_nodes

    def record(self: Stylesheet, nodes: Iterable[DOMNode], animate: bool = False) -> None:
        batch = list(nodes)
        restyled.extend(batch)
        update_nodes(self, batch, animate)

    seen = set()
    for _ in range(steps):
        Stylesheet.update_nodes = record  # type: ignore[method-assign]
        try:
            await press(pilot, "tab")
        finally:
            Stylesheet.update_nodes = update_nodes  # type: ignore[method-assign]
        rows = [n for n in restyled if n.has_class("opt-row") or n.has_class("seat-row")]
        assert rows == [], "a move of the focus restyles no row"
        await pilot.pause()
        focused = screen.focused
        assert focused is not None
        row = next((a for a in focused.ancestors if isinstance(a, Horizontal)), None)
        lit = [
            label
            for label in screen.query(Label)
            if (label.has_class("opt-label") or label.has_class("seat-label"))
            and label.styles.text_style.reverse
        ]
        if row is None or not any(
            lab.parent is row for lab in screen.query(".opt-label, .seat-label")
        ):
            assert lit == [], "a label stays lit with the focus on a button"
            continue
        assert len(lit) == 1 and lit[0].parent is row, (focused.id, [x.parent for x in lit])
        seen.add(row)
    assert len(seen) >= 5


async def test_the_settings_screen_fits_says_bad_values_esc_undoes_and_save_keeps_all(
    config_dir: Path,
) -> None:
    """Two visits to the settings screen in one app (its start is shared; each part leaves
    nothing the next one reads but the focus, which each part sets itself). The first:

    - all ten settings (each row's label and field), the palette's swatches, the five seats
      and the buttons are on screen at 100×30, above the footer;
    - the highlighted row's label follows Tab (it stayed on the first row);
    - a bad value is said and nothing is saved;
    - Esc puts the theme back (changed at once, before any saving) and writes nothing.

    The second (the title's menu kept its place: Enter opens the settings again): the theme
    and the palette change at once, before saving; every setting and the first seat are
    changed by keys (the arrows move from field to field, Right at the end of a name goes on
    to its colour), nothing is written before Ctrl+S, which saves them all and goes back to
    the title; the app then goes by what was saved."""
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings_from_title(pilot)
        # It fits 100×30.
        rows = list(screen.query(".opt-row"))
        fields = [w.id for row in rows for w in row.children if w.id and w.id != "swatches"]
        assert fields == SETTINGS_ROWS  # every row of the screen is checked below
        for row in rows:
            for widget in row.children:  # the label, the field (and a unit) of each row
                region = widget.region
                assert region.width > 0 and region.height > 0, widget
                assert region.right <= app.size.width, widget
                assert region.bottom <= app.size.height - 1, widget  # the footer
        ids = [f"{w}-{i}" for i in range(5) for w in ("name", "colour", "kind")]
        _fits(app, [*SETTINGS_ROWS, *ids, "save", "cancel", "swatches"])

        # The row label follows Tab.
        assert focused_id(app) == "language"
        await _labels_follow_the_focus(pilot, screen, 9)

        # A bad value is said; nothing is saved.
        screen.query_one("#bot_delay", Input).focus()
        await type_into(pilot, "99")
        await press(pilot, "ctrl+s")
        assert app.screen is screen
        assert "0 to 10" in screen_text(app)
        await type_into(pilot, "1")
        screen.query_one("#name-1", Input).focus()
        await type_into(pilot, "ana")  # the same name as player 1
        await press(pilot, "ctrl+s")
        assert app.screen is screen and "Two players are called" in screen_text(app)
        assert not (config_dir / "settings.toml").exists()

        # Esc puts the theme back and writes nothing.
        screen.query_one("#language").focus()
        await press(pilot, "tab")
        assert focused_id(app) == "theme"
        for key in ("enter", "down", "enter"):
            await press(pilot, key)
        assert app.theme == "textual-light"
        await press(pilot, "escape")
        assert isinstance(app.screen, TitleScreen)
        assert app.theme == "textual-dark" and app.palette == "standard"
        assert not (config_dir / "settings.toml").exists()

        # The second visit: every setting changed and saved.
        await press(pilot, "enter")
        assert isinstance(app.screen, SettingsScreen)
        assert focused_id(app) == "language"
        await press(pilot, "tab")
        assert focused_id(app) == "theme"
        for key in ("enter", "down", "enter"):  # textual-dark -> textual-light
            await press(pilot, key)
        assert app.theme == "textual-light"  # at once, before saving
        assert app.current_theme.dark is False
        await press(pilot, "down")
        assert focused_id(app) == "palette"
        for key in ("enter", "down", "enter"):
            await press(pilot, key)
        assert app.palette == "colour-blind" and colours.palette() == "colour-blind"
        await press(pilot, "down")
        assert focused_id(app) == "bot_delay"
        await type_into(pilot, "0.2")
        for key in ("down", "enter", "down", "down", "enter"):  # auto_advance: after 2 s
            await press(pilot, key)
        await press(pilot, "down")
        assert focused_id(app) == "strict_handovers"
        for key in ("enter", "down", "enter"):  # strict hand-overs: on
            await press(pilot, key)
        await press(pilot, "down")
        assert focused_id(app) == "warnings"
        await press(pilot, "down")
        assert focused_id(app) == "tips"
        for key in ("enter", "down", "down", "enter"):  # tips: off
            await press(pilot, key)
        await press(pilot, "down")
        assert focused_id(app) == "since_your_turn"
        for key in ("enter", "down", "enter"):  # what changed since your turn: off
            await press(pilot, key)
        await press(pilot, "down")
        assert focused_id(app) == "confirm_turn"
        for key in ("enter", "down", "enter"):  # confirm my turn: on (not "auto")
            await press(pilot, key)
        await press(pilot, "down")
        assert focused_id(app) == "name-0"
        await type_into(pilot, "Zoe")
        await press(pilot, "right")  # at the end of the name: on to the colour
        assert focused_id(app) == "colour-0"
        await press(pilot, "right")
        assert focused_id(app) == "kind-0"
        for key in ("enter", "down", "down", "enter"):  # computer: medium
            await press(pilot, key)
        assert not (config_dir / "settings.toml").exists()  # nothing written before Save
        await press(pilot, "ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        loaded = load()
        assert loaded.problem is None
        assert loaded.settings == Settings(
            theme="textual-light",
            palette="colour-blind",
            bot_delay=0.2,
            auto_advance=2.0,
            strict_handovers=True,
            tips="off",
            since_your_turn=False,
            confirm_turn=True,
            players=(
                PlayerDefault("Zoe", "yellow", "greedy"),
                PlayerDefault("Ben", "red"),
                PlayerDefault("Cy", "green"),
            ),
        )
        assert app.settings == loaded.settings
        assert (app.bot_delay, app.auto_advance) == (0.2, 2.0)
