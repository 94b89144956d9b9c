"""GameSession: the one object in the app that owns the `Game` and calls `game.apply`.

Screens ask it for views and decisions and hand it choices; it turns the core's events into
public log lines and keeps a tally of every scoring for the scoring table and the game-over
screen. Other parts of the project (saving, undo) subscribe with `listeners`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from rich.text import Text

from el_grande.app.setup import COLOURS, GameSetup, SeatSetup, bot_level, letters_for
from el_grande.core import Choice, Decision, Event, Game, Options, visible_to
from el_grande.core import events as E
from el_grande.names import printable


@dataclass
class ScoringRecord:
    """One scoring (general or by an action card) as it happened."""

    why: str  # "general" or the action card id
    round: int
    index: int  # 1-3 for general scorings, else 0
    points: tuple[int, ...]
    totals_after: tuple[int, ...]


@dataclass
class GameSession:
    game: Game
    seats: tuple[SeatSetup, ...]
    letters: list[str] = field(default_factory=list)
    log: list[Text] = field(default_factory=list)
    scorings: list[ScoringRecord] = field(default_factory=list)
    #: Called after every applied choice with (session, choice, public events).
    listeners: list[Callable[[GameSession, Choice, list[Event]], None]] = field(
        default_factory=list
    )
    setup: GameSetup | None = None

    def __post_init__(self) -> None:
        if not self.letters:
            self.letters = letters_for([s.name for s in self.seats])
        self._totals = [0] * len(self.seats)
        self._round = 1

    @classmethod
    def new(cls, setup: GameSetup) -> GameSession:
        setup = setup.resolved()
        game = Game.new(
            setup.names,
            seed=setup.seed,
            options=Options(rounds=setup.rounds, veto=setup.veto, castillo=setup.castillo),
            start_player=setup.start_player,
        )
        session = cls(game=game, seats=setup.seats, setup=setup)
        session.log_events(session.opening_events())
        return session

    @classmethod
    def from_game(cls, game: Game, seats: tuple[SeatSetup, ...] | None = None) -> GameSession:
        """Wrap a game rebuilt elsewhere (resume, replay)."""
        if seats is None:
            names = [p.name for p in game.view(None).players]
            seats = tuple(SeatSetup(n, COLOURS[i % len(COLOURS)]) for i, n in enumerate(names))
        session = cls(game=game, seats=seats)
        session._round = game.view(None).round
        return session

    # --- what the screen reads ------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        return self.game.decision

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def castillo_hidden(self) -> bool:
        return dict(self.game.view(None).options).get("castillo") == "hidden"

    def name(self, seat: int) -> str:
        """The name as shown: every place that shows a name asks here. Names are checked
        where they come in (`el_grande.names`); `printable` is the last line of defence."""
        return printable(self.seats[seat].name)

    def colour(self, seat: int) -> str:
        return self.seats[seat].colour

    def bot_level(self, seat: int) -> str | None:
        """The level of the computer player in `seat` ("greedy"...), None for a human."""
        return bot_level(self.seats[seat].kind)

    @property
    def has_bots(self) -> bool:
        return any(bot_level(s.kind) for s in self.seats)

    def opening_events(self) -> list[Event]:
        """Events describing the state at the start (the core emits none before the first
        decision, so the log begins with the round and the face-up cards)."""
        v = self.game.view(None)
        out: list[Event] = [E.RoundStarted(v.round, v.round_number, len(v.rounds), v.start_player)]
        out.append(E.CardsRevealed(tuple(v.face_up)))
        return out

    # --- the one place that changes the game -----------------------------------------------

    def apply(self, choice: Choice) -> list[Event]:
        """Apply `choice` (raises IllegalChoice, changing nothing); returns public events."""
        events = [visible_to(e, None) for e in self.game.apply(choice)]
        self.log_events(events)
        for listener in self.listeners:
            listener(self, choice, events)
        return events

    def log_events(self, events: list[Event]) -> None:
        from el_grande.app.present import describe

        for ev in events:
            if type(ev) is E.RoundStarted:
                self._round = ev.round
            elif type(ev) is E.ScoringEnded:
                for s, p in enumerate(ev.points):
                    self._totals[s] += p
                general = ev.why == "general"
                index = sum(1 for r in self.scorings if r.why == "general") + 1 if general else 0
                self.scorings.append(
                    ScoringRecord(ev.why, self._round, index, ev.points, tuple(self._totals))
                )
            line = describe(ev, self)
            if line is not None:
                self.log.append(line)
