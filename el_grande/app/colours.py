"""How a player's colour looks on the screen (the colour names themselves are in
`el_grande.setup`)."""

from __future__ import annotations

#: Colour name -> (background, foreground) used for a player's chips on the board.
COLOUR_STYLES: dict[str, tuple[str, str]] = {
    "yellow": ("#e5c07b", "#1a1a1a"),
    "red": ("#e06c75", "#1a1a1a"),
    "green": ("#98c379", "#1a1a1a"),
    "blue": ("#61afef", "#1a1a1a"),
    "purple": ("#c678dd", "#1a1a1a"),
    "cyan": ("#56b6c2", "#1a1a1a"),
    "orange": ("#d19a66", "#1a1a1a"),
    "white": ("#dcdfe4", "#1a1a1a"),
}
