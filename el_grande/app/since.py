"""What changed since a player's turn, on screen: the marks the board widgets draw and the
summary on the status line (the changes themselves: `el_grande.flow.changes`).

Marks read without colour: ▲ came, ▼ went. "A3▲2" is player A's 3 Caballeros, 2 more than
at A's… the viewer's previous decision; "♔▲" the King came (where it left, no ♔: the
board shows the King only where it is); "⌂A▲" A's Grande
came; a scoreboard's values "▣8/4/0▲"; "12▲" a score that rose, "5▼" a court that shrank.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len

from el_grande.flow.changes import Changes, sentence_for
from el_grande.flow.scenes import Prompt, Scene

if TYPE_CHECKING:
    from el_grande.session import Seating

CAME, WENT = "▲", "▼"


def delta(n: int) -> str:
    """A count's change: "▲2", "▼1", "" for none."""
    return f"{CAME}{n}" if n > 0 else f"{WENT}{-n}" if n < 0 else ""


def sign(n: int) -> str:
    """A change without its size: "▲", "▼" or ""."""
    return CAME if n > 0 else WENT if n < 0 else ""


def moved(place: str, move: tuple[str | None, str | None] | None) -> str:
    """▲ if what moved (from, to) came to `place`, ▼ if it left it, else ""."""
    if move is None or move[0] == move[1]:
        return ""
    return CAME if move[1] == place else WENT if move[0] == place else ""


def king_mark(since: Changes | None, place: str) -> str:
    return "" if since is None else moved(place, since.king)


def board_mark(since: Changes | None, place: str) -> str:
    """▲ / ▼ after the values of `place` where a mobile scoreboard came or went."""
    if since is None:
        return ""
    return next((m for _, a, b in since.scoreboards if (m := moved(place, (a, b)))), "")


def grande_marks(since: Changes | None, place: str) -> tuple[dict[int, str], tuple[int, ...]]:
    """Per seat whose Grande came to `place`, ▲; and the seats whose Grande left it."""
    if since is None:
        return {}, ()
    came = {s: CAME for s, _, b in since.grandes if b == place}
    went = tuple(s for s, a, _ in since.grandes if a == place)
    return came, went


def status_line(scene: Scene, seating: Seating, width: int) -> str:
    """A prompt's "Since your turn: …" sentence, cut to `width` cells; "" for any other scene,
    a prompt with nothing changed, or while the keyboard must be quiet (the status line says
    that then)."""
    if not isinstance(scene, Prompt) or scene.quiet:
        return ""
    names = [seating.name(s) for s in range(seating.count)]
    return sentence_for(scene.since, names, lambda s: cell_len(s) <= width, scene.seat) or ""
