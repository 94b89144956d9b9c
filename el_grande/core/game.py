"""The rules engine: the whole base game of El Grande as a deterministic state machine.

Design (read this before changing anything):

* The state is plain data (``state.py`` lists every field once): lists of ints
  (``cab[place][seat]``), bitmasks for power-card hands, tuples for the action-card stacks.
  ``clone()``, generated from that list, copies a few small lists.
* Control flow is an explicit stack of frames (small tuples ``(name, *fields)``, named and
  typed in ``frames.py``). ``_run`` looks at the top frame: its *step* function either does
  automatic work (popping / pushing frames) and returns ``None``, or returns the
  :class:`Decision` the game waits for. ``apply`` validates the choice against that decision
  *before* touching anything, then hands it to the frame's *answer* function and runs on to the
  next decision. Because frames are immutable tuples in a list, a clone is a shallow list copy,
  and there are no generators or closures to copy.
* The steps and answers live with their rules: the round and the turn in ``rounds.py``, each
  family of action cards in its own module (``intrigue``, ``returns``, ``scorings``, ``disks``,
  ``pieces``).
* Randomness is used only at setup (R-S6); afterwards the game is a pure function of the
  choices.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, overload

from . import determinize, disks, intrigue, pieces, returns, rounds, scorings
from .board import CASTILLO_INDEX, NUM_REGIONS, REGIONS
from .cards import stack_cards
from .choices import Choice, IllegalChoice, parse_notation
from .decision import Decision
from .kinds import Castillo, DecisionKind, Phase
from .options import ROUND_TRACKS, SCORING_ROUNDS, Options
from .state import FIELDS, State, cloner
from .view import PublicView, View, build_view

if TYPE_CHECKING:
    from . import events as E
    from .frames import Op
    from .state import Answer, Step

__all__ = ["ROUND_TRACKS", "SCORING_ROUNDS", "Decision", "Game", "Options"]

_FULL_HAND = sum(1 << v for v in range(1, 14))
_DEFAULT_OPTIONS = Options()  # immutable: every game without options of its own shares it
_RECORD_FORMAT = "el-grande-record"
_RECORD_VERSION = 1


def _seed_ok(seed: object) -> bool:
    return (isinstance(seed, int) and not isinstance(seed, bool)) or isinstance(seed, str)


class Game(State):
    """One game of El Grande. Create with :meth:`new` or :meth:`replay`.

    The public surface is ``decision``, ``apply``, ``parse``, ``over``, ``scores``,
    ``winners``, ``view``, ``snapshot``, ``record``, ``replay`` and ``clone``; see
    ``docs/core-api.md``. The fields are :class:`~el_grande.core.state.State`'s.
    """

    __slots__ = FIELDS

    clone = cloner()
    """An independent copy sharing no mutable state (cheap: a few small list copies)."""

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        names: Sequence[str],
        seed: int | str = 0,
        options: Options | None = None,
        start_player: int | None = None,
    ) -> Game:
        """Set up a new game (R-S) for 2-5 players named ``names`` (seat order = clockwise).

        Every random element comes from ``seed`` (R-S6). ``start_player`` overrides the
        round-1 start player drawn from the seed (R-S5).
        """
        names = tuple(names)
        if not 2 <= len(names) <= 5:
            raise ValueError(f"El Grande takes 2 to 5 players, not {len(names)}")
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise ValueError(f"every player needs a name, got {name!r}")
        if len(set(names)) != len(names):
            raise ValueError("player names must differ")
        if not _seed_ok(seed):
            raise ValueError(f"the seed must be a whole number or text, not {seed!r}")
        options = options if options is not None else _DEFAULT_OPTIONS
        if not isinstance(options, Options):
            raise ValueError("options must be an Options value")
        n = len(names)
        if start_player is not None and (
            not isinstance(start_player, int) or not 0 <= start_player < n
        ):
            raise ValueError(f"start_player must be a seat from 0 to {n - 1}")

        rng = random.Random(seed)
        region_cards = list(range(NUM_REGIONS))
        rng.shuffle(region_cards)  # R-S1, R-S2
        stacks = []
        for stack in (1, 2, 3, 4):  # R-S4
            cards = stack_cards(stack, veto=options.veto)
            rng.shuffle(cards)
            stacks.append(tuple(cards))
        drawn_start = rng.randrange(n)  # always drawn, so the seed's stream never depends on it
        first = drawn_start if start_player is None else start_player
        homes = region_cards[1 : 1 + n]
        cab = [[0] * n for _ in range(NUM_REGIONS + 1)]
        for seat, home in enumerate(homes):
            cab[home][seat] = 2  # R-S2

        g = cls._assemble(
            names=names,
            n=n,
            options=options,
            seed=seed,
            first_player=first,
            _rounds=ROUND_TRACKS[options.rounds],
            _hidden=options.castillo == Castillo.HIDDEN,
            round_i=-1,
            phase=Phase.SETUP,
            over=False,
            king=region_cards[0],
            cab=cab,
            court=[7] * n,  # R-S3
            province=[21] * n,
            score=[0] * n,
            home=homes,
            hand=[_FULL_HAND] * n,
            discard=[0] * n,
            played=[0] * n,
            vetoes=[()] * n,
            boards=[-1, -1],
            stacks=tuple(stacks),
            face_up=[],
            taken=[],
            start_player=first,
            order=(),
            active=-1,
            card=None,
            placed=False,
            special_done=False,
            secrets=[],
            _stack=[("game",)],
            _history=[],
            _notation=[],
            decision=None,
            _events=[],
            opening_events=(),
        )
        g._run()
        g.opening_events = tuple(g._events)
        return g

    @classmethod
    def from_view(cls, view: View, rng: random.Random | None = None) -> Game:
        """A full game consistent with ``view`` (a seat's view), its unknowns sampled.

        For search bots (R-H2): the unrevealed action cards are shuffled, the other seats'
        unrevealed secret choices drawn from their legal options, and with a hidden Castillo the
        other seats' reserves split at random between Castillo and province. The result's
        ``view(view.seat)`` equals ``view``; it has no record worth replaying.
        """
        fields = determinize.fields_from_view(view, rng if rng is not None else random.Random())
        g = cls._assemble(**fields)
        g._run()
        return g

    def position(self) -> tuple[object, ...]:
        """A hashable value that two games share exactly when they stand at the same point:
        the same board, courts, provinces, scores, hands, round, turn, cards and step under
        way (the secret choices made included). It leaves out the history, the seed and the
        order of the action cards not yet turned up, so two games with the same position and
        options play on alike, choice for choice, until the next cards are turned up. For
        search code that remembers what it found from a position (a bot's memo). One flat
        tuple (the lists of varying length counted first), so that it is cheap to forget."""
        cab, options = self.cab, self.options  # cab: always the ten places' rows
        return (
            options.rounds,  # the options' values, not the value: its hash is Python code
            options.veto,
            options.castillo,
            self.round_i,
            self.phase,
            self.king,
            *cab[0],  # the ten places' rows written out: half the cost of chaining them
            *cab[1],
            *cab[2],
            *cab[3],
            *cab[4],
            *cab[5],
            *cab[6],
            *cab[7],
            *cab[8],
            *cab[9],
            *self.court,
            *self.province,
            *self.score,
            *self.home,
            *self.hand,
            *self.discard,
            *self.played,
            *self.vetoes,
            *self.boards,
            len(self.face_up),
            *self.face_up,
            len(self.taken),
            *self.taken,
            self.start_player,
            self.order,
            self.active,
            self.card,
            self.placed,
            self.special_done,
            len(self.secrets),
            *self.secrets,
            *self._stack,
        )

    # ------------------------------------------------------------------ public API

    @property
    def scores(self) -> list[int]:
        """Points per seat."""
        return self.score[:]

    @property
    def history(self) -> tuple[str, ...]:
        """Notations of every choice applied so far."""
        return tuple(self._notes())

    @property
    def moves(self) -> int:
        """How many choices have been applied so far (``len(history)``, without formatting it)."""
        return len(self._history)

    def parse(self, text: str) -> Choice:
        """Turn notation (``str(choice)``) into a legal choice of the current decision.

        Raises :class:`IllegalChoice` if the text is no choice or not legal now.
        """
        choice = parse_notation(text)
        d = self.decision
        if d is None:
            raise IllegalChoice(f"{text!r}: the game is over")
        if choice not in d.choices:
            raise IllegalChoice(self._why_illegal(choice, d))
        return choice

    def apply(self, choice: Choice | str) -> list[E.Event]:
        """Apply one legal choice of the current decision and return what happened.

        An illegal choice raises :class:`IllegalChoice` (a ``ValueError``) and changes nothing.
        A string is parsed as notation first.
        """
        if isinstance(choice, str):
            choice = self.parse(choice)
        d = self.decision
        if d is None:
            raise IllegalChoice(f"{choice}: the game is over")
        if choice not in d.choices:
            if not isinstance(choice, tuple):
                raise IllegalChoice(f"a choice must be a Choice, not {type(choice).__name__}")
            raise IllegalChoice(self._why_illegal(choice, d))
        return self.apply_trusted(choice)

    def apply_trusted(self, choice: Choice) -> list[E.Event]:
        """:meth:`apply` without its checks, for search play-outs on games of their own.

        ``choice`` must be one of ``self.decision.choices`` (take it from there); nothing
        checks it, and anything else may corrupt the game. The result is the same as
        :meth:`apply` with the same choice: same events, same history, same game.
        """
        evs: list[E.Event] = []
        self._events = evs
        stack = self._stack
        frame = stack[-1]
        _ANSWERS[frame[0]](self, frame, choice)
        self._history.append(choice)
        while stack:  # _run, written out: the hot path of every search
            frame = stack[-1]
            d = _STEPS[frame[0]](self, frame)
            if d is not None:
                self.decision = d  # type: ignore[misc]
                return evs
        self.decision = None  # type: ignore[misc]
        return evs

    def record(self) -> dict[str, Any]:
        """The game record: JSON-able, enough for :meth:`replay` to rebuild this game."""
        return {
            "format": _RECORD_FORMAT,
            "version": _RECORD_VERSION,
            "players": list(self.names),
            "seed": self.seed,
            "options": self.options.to_dict(),
            "start_player": self.first_player,
            "choices": self._notes()[:],
        }

    @classmethod
    def replay(cls, record: Any, upto: int | None = None) -> Game:
        """Rebuild a game from :meth:`record` (also after a JSON round trip).

        Every choice is validated; a bad record raises ``ValueError`` (an illegal choice
        raises :class:`IllegalChoice`) saying what is wrong and where. ``upto`` stops after
        that many choices.
        """
        if not isinstance(record, dict):
            raise ValueError("a game record must be an object")
        if record.get("format", _RECORD_FORMAT) != _RECORD_FORMAT:
            raise ValueError(f"not a game record (format {record.get('format')!r})")
        version = record.get("version", _RECORD_VERSION)
        if version != _RECORD_VERSION:
            raise ValueError(f"record version {version!r} is not supported (expected 1)")
        for key in ("players", "seed", "choices"):
            if key not in record:
                raise ValueError(f"the record has no {key!r}")
        players, choices = record["players"], record["choices"]
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise ValueError("'players' must be a list of names")
        if not isinstance(choices, list) or not all(isinstance(c, str) for c in choices):
            raise ValueError("'choices' must be a list of notations")
        options = Options.from_dict(record.get("options", {}))
        game = cls.new(players, record["seed"], options, record.get("start_player"))
        todo = choices if upto is None else choices[:upto]
        for i, text in enumerate(todo):
            try:
                game.apply(game.parse(text))
            except IllegalChoice as exc:
                raise IllegalChoice(f"choice {i + 1} ({text!r}): {exc}") from None
        return game

    @overload
    def view(self, seat: None = None) -> PublicView: ...
    @overload
    def view(self, seat: int) -> View: ...
    @overload
    def view(self, seat: int | None) -> View: ...
    def view(self, seat: int | None = None) -> View:
        """What ``seat`` may know (``None``: what everybody may know, a `PublicView`: the
        one way to make one), as plain data (R-H2)."""
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.n):
            raise ValueError(f"no seat {seat!r} in a {self.n}-player game")
        return build_view(self, seat)

    def snapshot(self) -> dict[str, Any]:
        """The full truth as a JSON-able dict (for tools and tests; never show it to a player)."""
        n = self.n
        d = self.decision
        return {
            "round": self.round,
            "phase": self.phase,
            "over": self.over,
            "king": REGIONS[self.king],
            "start_player": self.start_player,
            "players": [
                {
                    "name": self.names[s],
                    "score": self.score[s],
                    "court": self.court[s],
                    "province": self.province[s],
                    "castillo": self.cab[CASTILLO_INDEX][s],
                    "home": REGIONS[self.home[s]],
                    "hand": _values(self.hand[s]),
                    "discard": _values(self.discard[s]),
                    "veto": bool(self.vetoes[s]),
                }
                for s in range(n)
            ],
            "regions": {
                REGIONS[r]: {"caballeros": self.cab[r][:], "scoreboard": self._board_on(r)}
                for r in range(NUM_REGIONS)
            },
            "castillo_scoreboard": self._board_on(CASTILLO_INDEX),
            "face_up": self.face_up[:],
            "turn_order": list(self.order),
            "active": self.active,
            "action_card": self.card,
            "played": self.played[:],
            "vetoes": [list(v) for v in self.vetoes],
            "secrets": [[s, r] for s, r in self.secrets],
            "decks": [list(st[self.round_i + 1 :]) for st in self.stacks],
            "decision": None
            if d is None
            else {
                "player": d.player,
                "kind": d.kind,
                "secret": d.secret,
                "choices": [str(c) for c in d.choices],
            },
        }

    def __repr__(self) -> str:
        state = "over" if self.over else f"round {self.round}, {self.phase}"
        return f"<Game {', '.join(self.names)}: {state}, {len(self._history)} choices>"

    # ------------------------------------------------------------------ helpers

    def _notes(self) -> list[str]:
        """The notation of every choice so far (formatted once, when first asked for)."""
        notes, done = self._notation, len(self._notation)
        if done < len(self._history):
            notes.extend(map(str, self._history[done:]))
        return notes

    def _why_illegal(self, choice: Any, d: Decision) -> str:
        legal = ", ".join(str(c) for c in d.choices[:12])
        if len(d.choices) > 12:
            legal += f", ... ({len(d.choices)} in all)"
        reason = ""
        if d.kind == DecisionKind.POWER and isinstance(choice, tuple) and choice[:1] == ("power",):
            value = choice[1] if len(choice) > 1 else None
            by = [s for s in range(self.n) if s != d.player and self.played[s] == value]
            if by:
                reason = f" ({value} was already played by {self.names[by[0]]} this round)"
            elif isinstance(value, int) and 1 <= value <= 13:
                reason = f" ({self.names[d.player]} no longer holds {value})"
        text = str(choice) if isinstance(choice, Choice) else repr(choice)
        return (
            f"{text!r} is not legal now{reason}: {self.names[d.player]} must answer "
            f"'{d.kind}'; legal: {legal}"
        )

    def _run(self) -> None:
        """Run the frames to the next decision (or the end of the game)."""
        stack = self._stack
        while stack:
            frame = stack[-1]
            d = _STEPS[frame[0]](self, frame)
            if d is not None:
                self.decision = d  # type: ignore[misc]
                return
        self.decision = None  # type: ignore[misc]


def _values(mask: int) -> list[int]:
    return [v for v in range(1, 14) if mask >> v & 1]


def _merged(tables: Sequence[dict[Op, Any]]) -> dict[Op, Any]:
    merged: dict[Op, Any] = {}
    for table in tables:
        assert not merged.keys() & table.keys(), "a frame belongs to one module"
        merged.update(table)
    return merged


_MODULES = (rounds, intrigue, returns, scorings, disks, pieces)
#: Every frame's step and answer, by the frame's name.
_STEPS: dict[Op, Step] = _merged([m.STEPS for m in _MODULES])
_ANSWERS: dict[Op, Answer] = _merged([m.ANSWERS for m in _MODULES])
