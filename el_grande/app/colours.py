"""How a player's colour looks on the screen, and the board's tints for the theme in use.

The colour names are `el_grande.setup.COLOURS`; here each gets a chip colour in two palettes:
"standard" and "colour-blind" (Okabe & Ito's eight colours, distinguishable under the common
colour-vision deficiencies: `el_grande.app.colour_vision` measures it, docs/app.md has the
numbers). The letter on a chip is dark or white, whichever reads better on it. The active
palette is chosen with `use_palette` (the app does, from the settings), as the language is
with `text.use`.

The map's, the cards' and the players' tints are mixed from the theme's own colours
(`tints(theme)`): a legal target is the theme's "success" colour mixed into its background, the
King's region its "warning" colour, and so on, each only as strong as the theme's text stays
readable on it (contrast at least 4.5:1 where the theme itself has that), so light and dark
themes both work.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from textual.color import Color

if TYPE_CHECKING:
    from collections.abc import Mapping

    from textual.app import App
    from textual.theme import Theme

#: Colour name -> chip background, per palette.
PALETTES: dict[str, dict[str, str]] = {
    "standard": {
        "yellow": "#e5c07b",
        "red": "#e06c75",
        "green": "#98c379",
        "blue": "#61afef",
        "purple": "#c678dd",
        "cyan": "#56b6c2",
        "orange": "#d19a66",
        "white": "#dcdfe4",
    },
    # Okabe & Ito (2008), "Color Universal Design": yellow, vermillion, bluish green, blue,
    # reddish purple, sky blue, orange, and white for the palette's black.
    "colour-blind": {
        "yellow": "#f0e442",
        "red": "#d55e00",
        "green": "#009e73",
        "blue": "#0072b2",
        "purple": "#cc79a7",
        "cyan": "#56b4e9",
        "orange": "#e69f00",
        "white": "#ffffff",
    },
}
DARK_LETTER, LIGHT_LETTER = "#1a1a1a", "#ffffff"

_palette = "standard"


def use_palette(name: str) -> None:
    """Draw chips in palette `name` from now on (an unknown name: "standard")."""
    global _palette
    _palette = name if name in PALETTES else "standard"


def palette() -> str:
    return _palette


def chip_colours(colour: str, palette_name: str | None = None) -> tuple[str, str]:
    """(background, letter) of a player's chip in the active palette (or `palette_name`)."""
    bg = PALETTES[palette_name or _palette].get(colour, "#dcdfe4")
    return bg, letter_on(bg)


def letter_on(bg: str) -> str:
    """The letter colour that reads best on `bg`: dark, or white."""
    dark = contrast(bg, DARK_LETTER)
    return DARK_LETTER if dark >= contrast(bg, LIGHT_LETTER) else LIGHT_LETTER


# --- WCAG contrast ---------------------------------------------------------------------------


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(max(0, min(255, c))):02x}" for c in rgb)


def luminance(hex_colour: str) -> float:
    """WCAG 2 relative luminance."""

    def lin(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = _rgb(hex_colour)
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def mix(a: str, b: str, amount: float) -> str:
    """`amount` of `b` mixed into `a` (0: a, 1: b)."""
    ra, rb = _rgb(a), _rgb(b)
    return _hex(tuple(x + (y - x) * amount for x, y in zip(ra, rb, strict=True)))  # type: ignore[arg-type]


# --- the board's tints -----------------------------------------------------------------------


class Tints(NamedTuple):
    """Backgrounds (and two line colours) for the map, the cards and the players (a named
    tuple: made once per theme, and cheaper to define than a dataclass at start-up)."""

    border: str  # the map's borders
    castillo: str  # the Castillo's double frame
    legal: str  # a legal target (also marked ▸)
    cursor: str  # the highlighted choice (its name also reversed)
    king: str  # the King's region (also ♔)
    lit: str  # the place being scored (also ✦)
    near: str  # next to the King or the cursor (also ◇)
    active: str  # the active player's row and card


#: Used where the theme's colours are the terminal's own (ANSI themes: nothing to mix).
FALLBACK = {
    True: Tints(
        border="#8a8f98",
        castillo="#c678dd",
        legal="#1f3d25",
        cursor="#2f6b3a",
        king="#4a3b12",
        lit="#6b5a12",
        near="#26261d",
        active="#2a2d33",
    ),
    False: Tints(
        border="#6b7078",
        castillo="#8a3fa0",
        legal="#bfe3c6",
        cursor="#8fd19e",
        king="#f1d9a8",
        lit="#e9c46a",
        near="#e6e6dc",
        active="#d2d6dc",
    ),
}

_cache: dict[str, Tints] = {}


def tints(theme: Theme, generated: Mapping[str, str] | None = None) -> Tints:
    """The tints for `theme` (computed once per theme name), mixed from `generated`, the
    colours an app generated for its styles from it (`App.theme_variables`), where those are
    the theme's own; else the theme's colours are generated here."""
    found = _cache.get(theme.name)
    if found is None:
        if generated is None or _MIXED & theme.variables.keys() or not generated.keys() >= _MIXED:
            generated = theme.to_color_system().generate()  # (a theme's own variables over them)
        found = _cache[theme.name] = _tints(theme, generated)
    return found


#: The theme's colours the tints are mixed from.
_MIXED = frozenset({"background", "foreground", "success", "warning", "primary"})


def app_tints(app: App[Any]) -> Tints:
    """The tints for the app's theme, from the colours the app generated for its styles
    rather than generating them again (a new game's first frame draws the first tints)."""
    return tints(app.current_theme, app.theme_variables)


def _tints(theme: Theme, colours: Mapping[str, str]) -> Tints:
    try:
        bg, fg = _solid(colours["background"]), _solid(colours["foreground"])
        success, warning = _solid(colours["success"]), _solid(colours["warning"])
        primary = _solid(colours["primary"])
    except ValueError:
        return FALLBACK[theme.dark]
    # Text must stay readable on every tint: nearly as readable as on the theme's own
    # background, up to 4.5:1 (WCAG AA). Where the hue itself would make the text hard to
    # read, it is first made paler (light themes) or deeper (dark themes), then weaker.
    need = min(4.5, contrast(fg, bg) * 0.85)
    toward = "#ffffff" if luminance(bg) > luminance(fg) else "#000000"

    def tint(hue: str, amount: float) -> str:
        for soften in (0.0, 0.3, 0.6):
            colour = mix(bg, mix(hue, toward, soften), amount)
            if contrast(fg, colour) >= need:
                return colour
        hue = mix(hue, toward, 0.6)
        while amount > 0.06:
            amount -= 0.02
            colour = mix(bg, hue, amount)
            if contrast(fg, colour) >= need:
                return colour
        return mix(bg, hue, 0.06)

    return Tints(
        border=mix(bg, fg, 0.5),
        castillo=primary if contrast(primary, bg) >= 2.5 else mix(bg, fg, 0.7),
        legal=tint(success, 0.25),
        cursor=tint(success, 0.5),
        king=tint(warning, 0.25),
        lit=tint(warning, 0.5),
        near=tint(fg, 0.07),
        active=tint(fg, 0.14),
    )


def _solid(value: str) -> str:
    """A theme colour as #rrggbb; ValueError for the terminal's own colours (ANSI)."""

    colour = Color.parse(value)
    if colour.ansi is not None:
        raise ValueError(value)
    return colour.hex6


#: The class of the widgets that draw with the theme's tints or the players' colours: such a
#: widget says ``DEFAULT_CLASSES = FOLLOWS_COLOURS`` and the app repaints it whenever the theme
#: or the palette changes (a watcher on the app per widget would keep each one alive for as
#: long as the app runs; a class given at construction costs no restyle, unlike `add_class`).
FOLLOWS_COLOURS = "follows-colours"


def repaint_coloured(app: App[Any]) -> None:
    """Repaint every widget that follows the colours, on every screen of the stack."""
    for screen in app.screen_stack:
        for widget in screen.query(f".{FOLLOWS_COLOURS}"):
            widget.refresh()
