"""The replay viewer's model: a finished (or saved) game, stepped decision by decision.

Position ``p`` means "the first p choices have been applied" (0 = the game as set up,
``len(steps)`` = the end).  Clones are kept every few decisions and at every round start, so
any position is a clone plus at most a handful of `apply` calls, in both directions.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Any

from el_grande.story import Step, Story, Walk

if TYPE_CHECKING:
    from el_grande.core import Game, View
    from el_grande.narrate import Line

CHECKPOINT_EVERY = 16


class ReplayModel:
    """Step through a recorded game.

    `reveal`: show every secret (hidden Castillo counts, secret disks before their reveal).
    By default only for a finished game; an unfinished one (a running game's autosave) shows
    what every player may see, events through `visible_to(ev, None)`.
    """

    def __init__(self, record: dict[str, Any], reveal: bool | None = None):
        self.record = record
        self.names: list[str] = list(record["players"])
        # One walk of the story (events whole), clones kept on the way.
        walk = Walk(record, reveal=True)
        self._checkpoints: dict[int, Game] = {0: walk.game.clone()}
        self.round_starts: list[int] = [0]  # positions where a round (or setup) begins
        self._round_at: list[int] = [walk.story.round]
        self.steps: list[Step] = []
        for step in walk:
            self.steps.append(step)
            rnd = walk.story.round
            if rnd != self._round_at[-1]:
                self.round_starts.append(len(self.steps))
                self._checkpoints[len(self.steps)] = walk.game.clone()
            elif len(self.steps) % CHECKPOINT_EVERY == 0:
                self._checkpoints[len(self.steps)] = walk.game.clone()
            self._round_at.append(rnd)
        self._final = walk.game
        self.opening: list[Any] = list(walk.opening.events)
        self.reveal: bool = self._final.over if reveal is None else reveal
        self._checkpoint_keys = sorted(self._checkpoints)
        # Sentences for the log, per position the lines that lead to it: the walk's own,
        # or (not revealing) the story told again as the table saw it.
        chapters = [walk.opening, *(step.chapter for step in self.steps)]
        if not self.reveal:
            story = Story(self.names, self._checkpoints[0].view(None).king)
            chapters = [story.tell(c.events) for c in chapters]
        self._lines: list[Line] = []
        self._lines_at: list[int] = []
        for chapter in chapters:
            self._lines.extend(chapter.lines)
            self._lines_at.append(len(self._lines))
        self.pos = 0
        self._game: Game = self._checkpoints[0].clone()

    # ---------------------------------------------------------------- queries

    def shown(self, ev: Any) -> Any:
        """`ev` as this replay may show it: whole with `reveal`, else as the table saw it."""
        if self.reveal:
            return ev
        from el_grande.core import visible_to

        return visible_to(ev, None)

    def view(self) -> Any:
        """The board at the current position as this replay may show it: everybody's view
        (`game.view(None)`), with the hidden counts put back only with `reveal`."""
        if self.reveal:
            return revealed_view(self._game)
        return self._game.view(None)

    def next_label(self) -> str | None:
        """The answer given at the next decision (its notation), or None where that would
        tell a secret: without `reveal`, a secret decision's answer, and the answer to any
        decision whose events the table saw only in part (a count into a hidden Castillo)."""
        nxt = self.next_step
        if nxt is None:
            return None
        if not self.reveal and (nxt.secret or any(self.shown(ev) != ev for ev in nxt.events)):
            return None
        return nxt.choice

    @property
    def length(self) -> int:
        return len(self.steps)

    @property
    def game(self) -> Game:
        """The game at the current position (do not apply choices to it)."""
        return self._game

    @property
    def round(self) -> int:
        """Round-track number at the current position (0 before round 1 starts)."""
        return self._round_at[self.pos]

    @property
    def last_step(self) -> Step | None:
        """The decision that led to the current position."""
        return self.steps[self.pos - 1] if self.pos else None

    @property
    def next_step(self) -> Step | None:
        """The decision taken next from here, with who took it (secret or not)."""
        return self.steps[self.pos] if self.pos < len(self.steps) else None

    def log(self) -> list[Line]:
        """The event log as it stood at the current position."""
        return self._lines[: self._lines_at[self.pos]]

    # ---------------------------------------------------------------- moving

    def goto(self, pos: int) -> int:
        pos = max(0, min(pos, len(self.steps)))
        if pos == self.pos:
            return pos
        if pos == self.pos + 1:
            g = self._game
            g.apply(g.parse(self.steps[self.pos].choice))
        else:
            base = self._checkpoint_keys[bisect_right(self._checkpoint_keys, pos) - 1]
            g = self._checkpoints[base].clone()
            for st in self.steps[base:pos]:
                g.apply(g.parse(st.choice))
            self._game = g
        self.pos = pos
        return pos

    def start(self) -> int:
        return self.goto(0)

    def end(self) -> int:
        return self.goto(len(self.steps))

    def next_round(self) -> int:
        later = [p for p in self.round_starts if p > self.pos]
        return self.goto(later[0] if later else len(self.steps))

    def prev_round(self) -> int:
        earlier = [p for p in self.round_starts if p < self.pos]
        return self.goto(earlier[-1] if earlier else 0)


def revealed_view(game: Game) -> View:
    """`game.view(None)` with every player's Castillo and province counts filled in (they
    are hidden with castillo="hidden"): for a replay that reveals everything. A plain `View`,
    not a `PublicView`: it holds what nobody at the table may know before the end."""
    import dataclasses

    from el_grande.core import View

    view = game.view(None)
    truth = game.snapshot()["players"]
    players = tuple(
        dataclasses.replace(
            p, castillo=truth[p.seat]["castillo"], province=truth[p.seat]["province"]
        )
        for p in view.players
    )
    return View(**{**vars(view), "players": players})
