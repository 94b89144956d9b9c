"""One director, several audiences: every beat to every policy, in order (plain Python).

A director hands its beats to one policy (`Director.attach`). A table with more than one
audience — a seat's own screen for each remote seat, a spectator beside the hot-seat table —
attaches a `Broadcast` of their policies instead. Each beat reaches every policy before the
next beat does: a beat that a policy's answer brings about while the others have not heard
the one before (an answer at a prompt, a curtain lowered at once) waits for them.

After the last secret choice of a step (`Chosen`) the director waits to be told to go on: the
shared table's policy (`curtain`: the hot-seat one) tells it once its curtain is lowered;
with no shared table nobody needs to look away, and the broadcast goes on at once.
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
    """The policies of one table's audiences, as one policy. `go_on`: the director's (what
    comes after a `Chosen` beat); `curtain`: the shared table's policy, which calls `go_on`
    itself after a `Chosen` (None: no shared table, the broadcast does)."""

    def __init__(
        self,
        go_on: Callable[[], None],
        policies: Sequence[Hears] = (),
        curtain: Hears | None = None,
    ) -> None:
        self._go_on = go_on
        self.curtain = curtain
        self.policies: list[Hears] = [*policies, *([curtain] if curtain is not None else [])]
        self._waiting: list[Beat] = []
        self._telling = False

    def add(self, policy: Hears) -> Callable[[], None]:
        """Another audience from the next beat on (a spectator coming in); returns a function
        that takes it away."""
        self.policies.insert(len(self.policies) - (self.curtain is not None), policy)
        return lambda: self.policies.remove(policy) if policy in self.policies else None

    def beat(self, beat: Beat) -> None:
        self._waiting.append(beat)
        if self._telling:
            return  # (told once every policy has heard the beat before)
        self._telling = True
        try:
            while self._waiting:
                told = self._waiting.pop(0)
                for policy in tuple(self.policies):
                    policy.beat(told)
                if isinstance(told, Chosen) and self.curtain is None:
                    self._go_on()
        finally:
            self._telling = False
