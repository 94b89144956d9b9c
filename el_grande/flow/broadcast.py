"""A table of screens of their own: one director's beats to every seat's screen (plain Python).

A director hands its beats to one policy (`Director.attach`); a spectator beside a table only
looks (`Director.watch`). A table where every person sits at a screen of their own — each a
seat's own screen (`el_grande.flow.own_screen`), a remote seat later, and spectators — has no
shared screen to be that policy: a `Broadcast` of their policies is. Each beat reaches every
policy before the next beat does: a beat that a policy's answer brings about while the others
have not heard the one before (an answer given on the spot) waits for them. After the last
secret choice of a step (`Chosen`) nobody needs to look away: the broadcast tells the
director to go on at once (a shared table's policy would lower its curtain first).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from el_grande.flow.beats import Chosen

if TYPE_CHECKING:
    from el_grande.flow.beats import Beat


class Hears(Protocol):
    """A policy: it hears the director's beats."""

    def beat(self, beat: Beat) -> None: ...


class Broadcast:
    """The policies of a table of screens of their own, as the director's one policy.
    `go_on`: the director's (what comes after a `Chosen` beat)."""

    def __init__(self, go_on: Callable[[], None], policies: Sequence[Hears]) -> None:
        self._go_on = go_on
        self.policies = tuple(policies)
        self._waiting: list[Beat] = []
        self._telling = False

    def beat(self, beat: Beat) -> None:
        self._waiting.append(beat)
        if self._telling:
            return  # (told once every policy has heard the beat before)
        self._telling = True
        try:
            while self._waiting:
                told = self._waiting.pop(0)
                for policy in self.policies:
                    policy.beat(told)
                if isinstance(told, Chosen):
                    self._go_on()
        finally:
            self._telling = False
