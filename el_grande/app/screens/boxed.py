"""A dialog over the table: one box in the middle of the dimmed screen (save as, the seat
menu). A subclass puts its contents in a container of class `box` and sets its width."""

from __future__ import annotations

from typing import TypeVar

from textual.screen import ModalScreen

from el_grande.app.screens.styled import StyledOnce

R = TypeVar("R")


class BoxedModal(StyledOnce, ModalScreen[R]):
    DEFAULT_CSS = """
    BoxedModal {
        align: center middle;
        background: $background 60%;
        &:ansi { background: ansi_black; }
    }
    BoxedModal > .box {
        max-width: 95%;
        height: auto;
        border: round $accent;
        padding: 1 2;
        background: $surface;
        &:ansi { background: ansi_black; }
    }
    """
