"""`random`: a uniformly random legal choice, reproducible from its seed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from el_grande.bots.base import seeded_rng
from el_grande.bots.registry import level

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, View


class RandomBot:
    """Picks uniformly among the legal choices; the same seed gives the same picks."""

    name = "random"
    needs_view = level("random").needs_view

    def __init__(self, seed: int | None = None) -> None:
        self.rng = seeded_rng(seed)

    def choose(self, view: View | None, decision: Decision) -> Choice:
        # The view is never read (needs_view is false: play_game hands it None).
        return self.rng.choice(decision.choices)
