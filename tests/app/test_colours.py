"""Player colours and the board's tints: the colour-blind palette stays distinguishable under
the simulated colour-vision deficiencies, every chip's letter reads on its colour, and every
theme's text reads on the tints; legal targets are marked by more than colour."""

from __future__ import annotations

import pytest
from textual.theme import BUILTIN_THEMES

from el_grande.app.colour_vision import (
    VISIONS,
    closest_pair,
    delta_e76,
    delta_e2000,
    lab,
    linear_rgb,
    simulate,
)
from el_grande.app.colours import PALETTES, chip_colours, contrast, tints
from el_grande.setup import COLOURS

#: The least CIEDE2000 difference between any two colours of the colour-blind palette, under
#: normal vision and simulated protanopia, deuteranopia and tritanopia (measured: 10.9 at the
#: worst, tritanopia purple/orange; the standard palette: 1.9, protanopia yellow/green).
MIN_DELTA_E = 10.0


@pytest.mark.parametrize("vision", VISIONS)
def test_the_colour_blind_palette_stays_apart_under_every_simulation(vision: str) -> None:
    difference, a, b = closest_pair(PALETTES["colour-blind"], vision)
    assert difference >= MIN_DELTA_E, f"{a}/{b} only ΔE2000 {difference:.1f} ({vision})"


def test_the_standard_palette_is_what_the_issue_measured() -> None:
    """Yellow and green are ΔE 3.3 apart under protanopia (CIE76; 1.9 in CIEDE2000): the
    reason for the colour-blind palette. Also checks the simulation is the usual one."""
    colours = PALETTES["standard"]
    seen = [lab(simulate(linear_rgb(colours[c]), "protanopia")) for c in ("yellow", "green")]
    assert round(delta_e76(*seen), 1) == 3.3
    assert set(closest_pair(colours, "protanopia")[1:]) == {"green", "yellow"}
    assert closest_pair(colours, "protanopia")[0] < MIN_DELTA_E


@pytest.mark.parametrize(
    ("lab1", "lab2", "expected"),
    [  # Sharma, Wu & Dalal (2005), test data pairs 1, 7, 17 and 24
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ],
)
def test_ciede2000_matches_the_published_test_data(
    lab1: tuple[float, float, float], lab2: tuple[float, float, float], expected: float
) -> None:
    assert delta_e2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)


@pytest.mark.parametrize("palette", PALETTES)
def test_every_chip_letter_reads_on_its_colour(palette: str) -> None:
    assert set(PALETTES[palette]) == set(COLOURS)
    for colour in COLOURS:
        bg, fg = chip_colours(colour, palette)
        assert contrast(bg, fg) >= 4.5, (palette, colour)


@pytest.mark.parametrize("name", sorted(BUILTIN_THEMES))
def test_every_theme_s_text_reads_on_the_board_s_tints(name: str) -> None:
    from textual.color import Color

    theme = BUILTIN_THEMES[name]
    colours = theme.to_color_system().generate()
    fg, bg = Color.parse(colours["foreground"]), Color.parse(colours["background"])
    tn = tints(theme)
    if fg.ansi is not None:  # the terminal's own colours: fixed tints for dark or light
        return
    fg_hex, bg_hex = fg.hex6, bg.hex6
    need = min(4.5, contrast(fg_hex, bg_hex) * 0.85)
    for what in ("legal", "cursor", "king", "lit", "near", "active"):
        colour = getattr(tn, what)
        assert contrast(fg_hex, colour) >= need - 0.01, (name, what, colour)
    assert tn.legal.lower() != bg_hex.lower() and tn.king.lower() != bg_hex.lower()


def test_the_light_and_dark_default_themes_get_tints_of_their_own() -> None:
    dark, light = tints(BUILTIN_THEMES["textual-dark"]), tints(BUILTIN_THEMES["textual-light"])
    assert dark != light
    # A light theme's tints are light: dark text stays readable on them.
    assert contrast(light.legal, "#1f1f1f") > 7 and contrast(light.cursor, "#1f1f1f") > 7


async def test_the_app_s_tints_are_the_theme_s_for_every_theme(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`app_tints` mixes the colours the app generated for its styles: the same tints as
    `tints(theme)` generating them again, in every theme. (On the title screen: the colours
    are the app's, and a theme restyles every widget on screen, a game's many more.)"""
    from el_grande.app import colours
    from el_grande.app.app import ElGrandeApp
    from el_grande.app.colours import app_tints

    from .helpers import SIZE

    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        for name in sorted(BUILTIN_THEMES):
            app.theme = name
            await pilot.pause()
            monkeypatch.setattr(colours, "_cache", {})
            from_app = app_tints(app)
            monkeypatch.setattr(colours, "_cache", {})
            assert from_app == tints(BUILTIN_THEMES[name]), name


async def test_the_highlighted_choice_is_bold_also_when_the_list_is_not_focused() -> None:
    """With the log focused (`l`), the option list's highlight is not a background colour
    only: the highlighted choice stays bold (the map and the cards mark it too)."""
    from el_grande.app.widgets.prompt import DecisionPrompt

    from .helpers import SIZE, make_app, press

    app = make_app(2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        options = app.screen.query_one(DecisionPrompt).options
        assert options.has_focus
        assert options.get_component_rich_style("option-list--option-highlighted").bold
        await press(pilot, "l")
        assert not options.has_focus
        assert options.get_component_rich_style("option-list--option-highlighted").bold


def test_the_settings_know_textual_s_themes() -> None:
    """The settings list the themes by name without importing Textual; when Textual's
    built-in themes change, this fails and `settings.values.THEMES` is mended."""
    from el_grande.settings.values import THEMES

    assert list(THEMES) == sorted(BUILTIN_THEMES)
