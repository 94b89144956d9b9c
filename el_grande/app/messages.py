"""Textual messages the widgets post upwards (clicks on the board, the cards, a hand)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message


@dataclass
class PlacePicked(Message):
    """A region or the Castillo was clicked."""

    place: str


@dataclass
class CardPicked(Message):
    """A face-up action card was clicked."""

    card: str


@dataclass
class PowerPicked(Message):
    """A power card in the active player's hand (or discard) was clicked."""

    seat: int
    value: int
