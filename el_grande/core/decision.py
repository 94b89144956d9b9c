"""What the game waits for: a :class:`Decision`."""

from __future__ import annotations

from typing import Any

from .choices import Choice
from .kinds import DecisionKind

__all__ = ["Decision", "decide"]


class Decision:
    """What the game waits for: who must choose, what kind of choice, and every legal answer.

    ``context`` holds what a prompt needs (the card being resolved, progress such as
    ``{"left": 2}``, a target seat...). It never holds another seat's secret.
    """

    __slots__ = ("choices", "context", "kind", "player", "secret")

    def __init__(
        self,
        player: int,
        kind: DecisionKind,
        secret: bool,
        choices: tuple[Choice, ...],
        context: dict[str, Any],
    ) -> None:
        self.player = player
        self.kind = kind
        self.secret = secret
        self.choices = choices
        self.context = context

    def __repr__(self) -> str:
        shown = ", ".join(map(str, self.choices[:6])) + (", ..." if len(self.choices) > 6 else "")
        return (
            f"Decision(player={self.player}, kind={str(self.kind)!r}, secret={self.secret}, "
            f"choices=[{shown}], context={self.context!r})"
        )

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Decision)
            and self.player == other.player
            and self.kind == other.kind
            and self.secret == other.secret
            and self.choices == other.choices
            and self.context == other.context
        )

    __hash__ = None  # type: ignore[assignment]


_new = object.__new__


def decide(
    player: int,
    kind: DecisionKind,
    secret: bool,
    choices: tuple[Choice, ...],
    context: dict[str, Any],
) -> Decision:
    """``Decision(player, kind, secret, choices, context)``, the engine's way: its fields set
    one by one on a bare instance, without the class call's Python-level ``__init__`` (the
    engine makes one for every decision, a search millions)."""
    d = _new(Decision)
    d.player = player
    d.kind = kind
    d.secret = secret
    d.choices = choices
    d.context = context
    return d
