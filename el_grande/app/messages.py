"""Textual messages the widgets post upwards (clicks on the board, the cards, a hand)."""

from __future__ import annotations

from textual.message import Message


class PlacePicked(Message):
    """A region or the Castillo was clicked."""

    def __init__(self, place: str) -> None:
        self.place = place
        super().__init__()


class CardPicked(Message):
    """A face-up action card was clicked."""

    def __init__(self, card: str) -> None:
        self.card = card
        super().__init__()


class PowerPicked(Message):
    """A power card in the active player's hand (or discard) was clicked."""

    def __init__(self, seat: int, value: int) -> None:
        self.seat = seat
        self.value = value
        super().__init__()
