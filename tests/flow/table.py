"""Drive a `TableFlow` as the game screen does, from keys and clicks, without a screen.

The keys do what they do on the game screen: Enter answers the highlighted choice (or steps
a display, or lowers a plain curtain), arrows move the highlight, digits and a–e highlight a
region or a card, letters take over; at a turn held for its confirmation `t` ends it, Enter
too after a quiet keyboard, `u` takes it back. Every input goes through the flow's hand-over guard
first, with the time stamp the test gives it, on a clock the test moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from el_grande.app.widgets.board import KEY_PLACES
from el_grande.core import Choice, Decision, DecisionKind, Event
from el_grande.flow.broadcast import Hears
from el_grande.flow.clock import ManualClock
from el_grande.flow.confirm import preview
from el_grande.flow.handover import QUIET, TAKE_OVER, Input
from el_grande.flow.scenes import Confirm, Curtain, HintCurtain, Prompt, Scene, Showing, TakeOver
from el_grande.flow.table import TableFlow, Thinker
from el_grande.session import GameSession
from el_grande.setup import GameSetup, default_seats

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve"]
SECRET_CARDS = {"eviction", "province_two_by_disk", "province_all_by_disk", "score_by_disk"}
#: The game screen's own number keys (key → place; `el_grande.app.widgets.board`): 1–9 the
#: regions in board order, 0 the Castillo. Imported, never rebuilt here, so that a key stream a
#: flow test plays means what it means on screen.
PLACE_KEYS = KEY_PLACES


@dataclass
class Table:
    """A flow on a manual clock, with the game screen's keymap."""

    session: GameSession
    quiet: float = QUIET
    take_over: float = TAKE_OVER
    strict: bool = False
    #: Cautions on likely mistakes, and who thinks them (None: the flow's own, on the clock).
    warnings: bool = False
    thinker: Thinker | None = None
    #: Confirm my turn: off unless a test asks (the confirm step's own tests).
    confirm: bool = False
    cursor: int = 0
    #: Every scene the table showed, in order.
    scenes: list[Scene] = field(default_factory=list)
    #: Other audiences beside the table's screen (a spectator), hearing it from its start.
    watchers: tuple[Hears, ...] = ()

    def __post_init__(self) -> None:
        self.clock = ManualClock()
        self.flow = TableFlow(
            self.session,
            self.clock,
            bot_delay=0.0,
            strict=self.strict,
            quiet=self.quiet,
            take_over_seconds=self.take_over,
            letters=random.Random(1),
            warnings=self.warnings,
            thinker=self.thinker,
            confirm=self.confirm,
        )
        self.flow.listen(self._scene)
        for watcher in self.watchers:
            self.flow.watch(watcher)
        self.flow.start()
        self.clock.run_due()

    def _scene(self, scene: Scene) -> None:
        if isinstance(scene, Prompt):  # the prompt opens on the flow's cursor, as on screen
            choices = scene.decision.choices
            self.cursor = choices.index(scene.cursor) if scene.cursor in choices else 0
        self.scenes.append(scene)

    @property
    def scene(self) -> Scene:
        return self.flow.scene

    @property
    def letter(self) -> str | None:
        """The letter a take-over on screen asks for, if any."""
        scene = self.scene
        return scene.letter if isinstance(scene, (TakeOver, HintCurtain)) else None

    def at(self, stamp: float) -> None:
        self.clock.advance(max(0.0, stamp - self.clock.now()))

    def key(self, key: str, stamp: float | None = None) -> None:
        """A key arriving at `stamp` (default: now)."""
        stamp = self.clock.now() if stamp is None else stamp
        self.at(stamp)
        if not self.flow.input(Input.KEY, stamp):
            return
        flow, scene = self.flow, self.scene
        char = key if len(key) == 1 else ""
        match scene:
            case TakeOver() | HintCurtain():
                flow.take_over(char)
            case Curtain():
                if key in ("enter", "space"):
                    flow.lower()
            case Confirm():
                if key == "t":
                    flow.end_turn()
                elif key == "enter":
                    flow.end_turn(enter=True)
                elif key == "u":
                    flow.undo()
            case Showing():
                if key in ("enter", "space"):
                    flow.step()
                elif key == "escape":
                    flow.last_step()
            case Prompt():
                choices = scene.decision.choices
                if key == "enter":
                    flow.answer(choices[self.cursor])
                elif key == "down":
                    self.cursor = min(self.cursor + 1, len(choices) - 1)
                elif key == "up":
                    self.cursor = max(self.cursor - 1, 0)
                elif key in PLACE_KEYS:
                    place = PLACE_KEYS[key]
                    hit = [i for i, c in enumerate(choices) if c.arg == place]
                    if hit:
                        self.cursor = hit[0]
        self.clock.run_due()

    def click(self, target: str, stamp: float | None = None) -> None:
        """A click (button down, then up 50 ms later) on `target`: "continue" (a curtain's
        or banner's button) or "map" (the first region the decision could be answered with)."""
        stamp = self.clock.now() if stamp is None else stamp
        self.at(stamp)
        down = self.flow.input(Input.PRESS, stamp)
        self.at(stamp + 0.05)
        up = self.flow.input(Input.RELEASE, stamp + 0.05)
        if not (down and up):
            return
        flow, scene = self.flow, self.scene
        if target == "continue":
            if isinstance(scene, (TakeOver, HintCurtain)):
                flow.take_over("", button=True)
            elif isinstance(scene, Curtain):
                flow.lower()
        elif target == "map" and isinstance(scene, Prompt):
            choices = scene.decision.choices
            on_map = [c for c in choices if c.arg in PLACE_KEYS.values()]
            if on_map:
                flow.answer(on_map[0])
        self.clock.run_due()

    def settle(self) -> None:
        """The keyboard stays quiet for the longest wait: a table opened part-way (every
        position a test plays to is a resumed game) waits for quiet before its first answer."""
        self.at(self.clock.now() + self.take_over + 0.1)

    def quietly(self, key: str) -> None:
        """A deliberate key: after a quiet keyboard for the longest wait."""
        self.at(self.clock.now() + self.take_over + 0.1)
        self.key(key)


def humans(players: int, seed: int, **options: object) -> GameSession:
    setup = GameSetup(default_seats(NAMES[:players]), seed=seed, **options)  # type: ignore[arg-type]
    return GameSession.new(setup)


def secret_position(purpose: str, castillo: str = "hidden", last: bool = False) -> GameSession:
    """A 3-human session at the first secret decision of `purpose` that at least two players
    still have to answer (`last`: answered but for the last one)."""
    for seed in range(400):
        session = humans(3, seed, castillo=castillo)
        game, rng = session.game, random.Random(seed)
        while (d := game.decision) is not None:
            if d.secret and d.context["purpose"] == purpose and len(game._stack[-1][2]) >= 2:
                while last and len(game._stack[-1][2]) > 1:
                    session.apply(game.decision.choices[0])  # type: ignore[union-attr]
                return session
            pick = next((c for c in d.choices if c.verb == "card" and c.arg in SECRET_CARDS), None)
            pick = pick or next((c for c in d.choices if c.verb == "special"), None)
            session.apply(pick or rng.choice(d.choices))
    raise AssertionError(f"no game reaches a shared {purpose} step")


Want = Callable[[Decision, list[Event], Decision | None], bool]


def held_at(want: Want, players: int = 2, **options: object) -> tuple[GameSession, Choice]:
    """A session of humans just before an answer that would be held and that `want`s: the
    decision it answers, the events it would bring and the decision after it."""
    for seed in range(300):
        session = humans(players, seed, **options)
        rng = random.Random(seed)
        while (d := session.decision) is not None:
            choice = rng.choice(d.choices)
            if preview(session, d, choice) is not None:
                copy = session.game.clone()
                events = copy.apply(choice)
                if want(d, events, copy.decision):
                    return session, choice
            session.apply(choice)
    raise AssertionError("no game reaches such a held choice")


def turn_ends(d: Decision, events: list[Event], after: Decision | None) -> bool:
    """The turn ends and the next player brings Caballeros to court (an ordinary change)."""
    return after is not None and after.player != d.player and after.kind == DecisionKind.COURT
