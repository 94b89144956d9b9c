"""The features' protocol: what the director and the policies call on a feature, and what a
feature may call on the table (docs/app.md, "The table's flow").

A feature is one thing the table does besides playing the game: confirm my turn
(`el_grande.flow.confirm`), the cautions on likely mistakes (`el_grande.flow.cautions`), what
changed since your turn (`el_grande.flow.changes`), the coach and the guided game
(`el_grande.flow.lessons`, `el_grande.flow.guided`), seats changing hands
(`el_grande.flow.seats`). Each is registered once (`TableFlow`: `features_for`) and each is
tested alone against this protocol (tests/flow/test_features.py): it hears the session's
updates, may keep a person's answer (a held turn), may have a beat of its own for the
decision at hand, may mark a person's prompt, sees every scene drawn, may wrap a computer
player, and is told the table's options and its closing. Every hook has a default that does
nothing, so a feature defines only the hooks it uses.

A feature never reaches into another module's state: what it may ask of the table is the
`Stage` below (the facade, `el_grande.flow.table.TableFlow`, is one).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol, TypeVar

from el_grande.records import record

if TYPE_CHECKING:
    from el_grande.bots.base import Bot
    from el_grande.core import Choice, Decision
    from el_grande.flow.beats import Beat
    from el_grande.flow.scenes import Prompt, Scene
    from el_grande.flow.thinker import Thinker
    from el_grande.session import GameSession, Update


@record
class Options:
    """How a table plays (the settings; `TableFlow.configure` changes them during a game).

    `bot_delay`: seconds each computer player's decision stays on screen at least;
    `auto_advance`: seconds between the steps of a display (None: each waits for a step);
    `strict`: a take-over at every change of player; `warnings`: cautions on likely mistakes
    at the prompt (only at a table with hints on); `confirm`: confirm my turn (a turn's last
    choice is held until its player ends the turn; the app resolves the setting's "auto");
    `since_your_turn`: mark what changed since the player's previous decision."""

    bot_delay: float = 0.8
    auto_advance: float | None = None
    strict: bool = False
    warnings: bool = False
    confirm: bool = False
    since_your_turn: bool = True


class Stage(Protocol):
    """What a feature may ask of the table (and nothing else)."""

    @property
    def session(self) -> GameSession: ...

    @property
    def thinker(self) -> Thinker: ...

    @property
    def scene(self) -> Scene: ...

    def is_bot(self, seat: int) -> bool: ...

    def refresh(self, decision: Decision) -> None:
        """A feature has news for `decision`'s prompt: if that prompt is on show, the
        features mark it again and it is drawn again if anything changed."""
        ...

    @property
    def at_prompt(self) -> bool: ...

    @property
    def showing(self) -> bool: ...

    @property
    def secret_open(self) -> bool: ...

    @property
    def bot_playing(self) -> bool: ...

    def typed_ahead(self) -> str | None: ...

    def drop_bot(self, seat: int) -> None:
        """A computer player thinking for `seat` stops (its answer is dropped)."""
        ...


class Feature(Protocol):
    """One feature of the table (the module docstring). Subclass it and define the hooks the
    feature uses; the others do nothing."""

    def configure(self, options: Options) -> None:
        """The table's options, at the start and whenever they change."""
        return None

    def opened(self) -> None:
        """The table opens on the session's latest position (a resumed game too)."""
        return None

    def heard(self, update: Update) -> None:
        """Every update the session publishes, before the director acts on it."""
        return None

    def answer(self, decision: Decision, choice: Choice) -> Beat | None:
        """A person answered `decision` with the legal `choice`: the beat to show instead of
        applying it (a held turn), or None (it is applied)."""
        return None

    def pending(self, decision: Decision) -> Beat | None:
        """A beat of the feature's own for a person's `decision` before it opens (a resumed
        game's held turn), or None."""
        return None

    def prompt(self, prompt: Prompt) -> Prompt:
        """A person's prompt about to be drawn: the same prompt, or one with marks of the
        feature's (cautions, what changed since)."""
        return prompt

    def shown(self, scene: Scene) -> None:
        """The table shows `scene` (before the screens draw it)."""
        return None

    def bot(self, seat: int, bot: Bot) -> Bot:
        """The computer player that decides for `seat`: `bot`, or one that wraps it."""
        return bot

    def close(self) -> None:
        """The table is closed: stop what is under way."""
        return None


F = TypeVar("F", bound=Feature)


class Features:
    """The features of one table, each registered once, in the order they are asked."""

    def __init__(self, features: Iterable[Feature] = ()) -> None:
        self.all: tuple[Feature, ...] = tuple(features)
        kinds = [type(f) for f in self.all]
        assert len(set(kinds)) == len(kinds), "a feature is registered once"

    def find(self, kind: type[F]) -> F | None:
        """The registered feature of `kind`, if any."""
        return next((f for f in self.all if isinstance(f, kind)), None)

    def configure(self, options: Options) -> None:
        for f in self.all:
            f.configure(options)

    def opened(self) -> None:
        for f in self.all:
            f.opened()

    def heard(self, update: Update) -> None:
        for f in self.all:
            f.heard(update)

    def answer(self, decision: Decision, choice: Choice) -> Beat | None:
        for f in self.all:
            beat = f.answer(decision, choice)
            if beat is not None:
                return beat
        return None

    def pending(self, decision: Decision) -> Beat | None:
        for f in self.all:
            beat = f.pending(decision)
            if beat is not None:
                return beat
        return None

    def prompt(self, prompt: Prompt) -> Prompt:
        for f in self.all:
            prompt = f.prompt(prompt)
        return prompt

    def shown(self, scene: Scene) -> None:
        for f in self.all:
            f.shown(scene)

    def bot(self, seat: int, bot: Bot) -> Bot:
        for f in self.all:
            bot = f.bot(seat, bot)
        return bot

    def close(self) -> None:
        for f in self.all:
            f.close()
