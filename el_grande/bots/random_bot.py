"""`random`: a uniformly random legal choice, reproducible from its seed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from el_grande.bots.base import register, seeded_rng

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, View


@register("random")
class RandomBot:
    """Picks uniformly among the legal choices; the same seed gives the same picks."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = seeded_rng(seed)

    def choose(self, view: View, decision: Decision) -> Choice:
        return self.rng.choice(decision.choices)
