"""A hosted table's clock (off unless the host sets one: `HostSettings.clock`), for players
who are not in one room: thinking time for every decision and a reserve for each player.

The rules (`ClockRules`): each decision of a person's seat has `move` seconds; once they are
spent the seat's reserve runs down; what a decision took beyond its `move` comes off the
reserve when it is answered. A clock runs only while its seat's prompt or held turn is on
show — never during a scoring or reveal display (a display that begins pauses it), never
while a computer player has the seat, and not before every person's seat has had a screen
at the table (in each run of the host: a restarted host waits for everybody to be back);
from then on it runs whether its person is connected or not (`--gone-after` is for seats
whose screens are gone). A decision is the one at hand until a choice is made:
taking a held turn back opens the same decision again, on the same clock.

Out of time (`out`):

* "hard": the Hard player decides that one decision, from the seat's own view
  (`GameSession.lend`: the hands record it), and the seat is its person's again at once;
* "computer": the seat goes to a computer player (`HostSettings.gone_level`) until its
  person says they are back (`b`, the `back` message) or connects again.

A held turn out of time is ended as it stands (the choice was its player's; "computer" then
takes the seat too). Each is said in the log of every screen (`note`) and on the host's
output; the rule itself before the game (the host's output, every screen's welcome).

Every screen is sent the clock whenever it starts, stops, pauses or a reserve changes
(`ClockMessage`: the seconds left then); a screen counts down from there by itself. What the
clock must keep across a host's restart (the rules, the reserves, the seats it took) is
handed to `keep` after every change, and written beside the save (`clock_path`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from el_grande.atomic import atomic_write_text
from el_grande.files import read_regular
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.flow.clock import Cancel, Clock

__all__ = [
    "OUT_COMPUTER",
    "OUT_HARD",
    "ClockError",
    "ClockKept",
    "ClockRules",
    "TableClock",
    "clock_for",
    "clock_path",
    "clock_text",
    "read_clock",
    "spend",
    "with_rules",
    "write_clock",
]

OUT_HARD, OUT_COMPUTER = "hard", "computer"
OUTS = (OUT_HARD, OUT_COMPUTER)
#: Who decides a decision out of time under "hard".
HARD_KIND = "bot:strong"
#: No clock's time is longer (a day): a number past it is a typing slip.
LONGEST = 24 * 3600.0
VERSION = 1
#: A clock file is a few hundred bytes; anything much longer is not one.
LIMIT = 16 * 1024
#: The lines the table adds to the log (`Note`): each sentence's key, with a `name` field.
NOTE_OUT_HARD, NOTE_OUT_COMPUTER = "clock.note_out_hard", "clock.note_out_computer"
NOTE_OUT_HELD, NOTE_BACK = "clock.note_out_held", "clock.note_back"
NOTES = frozenset({NOTE_OUT_HARD, NOTE_OUT_COMPUTER, NOTE_OUT_HELD, NOTE_BACK})


class ClockError(ValueError):
    """A clock file that holds no table's clock (the message says why, in one sentence)."""


def clock_text(seconds: float) -> str:
    """Seconds as a clock shows them: "0:07", "2:30", "1:02:03" (rounded up: a clock at
    0.2 s shows 0:01, at 0 it shows 0:00)."""
    whole = max(0, math.ceil(seconds - 1e-9))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@dataclass(frozen=True, slots=True)
class ClockRules:
    """`move` seconds for each decision, then a `reserve` of seconds for each player; `out`:
    what happens when both are spent ("hard" or "computer", see the module docstring)."""

    move: float
    reserve: float = 120.0
    out: str = OUT_HARD

    def __post_init__(self) -> None:
        for name, value, least in (("move", self.move, 1.0), ("reserve", self.reserve, 0.0)):
            if not (math.isfinite(value) and least <= value <= LONGEST):
                raise ValueError(t("clock.bad_time", what=name, least=int(least)))
        if self.out not in OUTS:
            raise ValueError(t("clock.bad_out"))

    def sentence(self) -> str:
        """The rule in one sentence, as every player is told it before the game."""
        then = t(f"clock.out_{self.out}")
        if self.reserve:
            return t(
                "clock.rules",
                move=clock_text(self.move),
                reserve=clock_text(self.reserve),
                then=then,
            )
        return t("clock.rules_no_reserve", move=clock_text(self.move), then=then)

    def data(self) -> dict[str, object]:
        return {"move": self.move, "reserve": self.reserve, "out": self.out}


@dataclass(frozen=True, slots=True)
class ClockKept:
    """What a clock keeps across a host's restart: its rules, each seat's reserve left, the
    seats a computer player took when their time ran out (given back when their person is
    back), and a decision lent to the Hard player (`GameSession.lent`), if one was."""

    rules: ClockRules
    reserves: tuple[float, ...]
    away: tuple[int, ...] = ()
    lent: tuple[int, str, int] | None = None

    @classmethod
    def new(cls, rules: ClockRules, seats: int) -> ClockKept:
        return cls(rules, (rules.reserve,) * seats)

    def to_json(self) -> str:
        return json.dumps(
            {
                "version": VERSION,
                **self.rules.data(),
                "reserves": list(self.reserves),
                "away": list(self.away),
                "lent": None if self.lent is None else list(self.lent),
            }
        )

    @classmethod
    def from_json(cls, text: str, seats: int) -> ClockKept:
        """The clock of `to_json`'s text for a table of `seats` seats; `ClockError` for
        anything else (a hand-edited file is checked, never trusted)."""
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise ClockError(t("clock.file_not_json")) from None
        keys = {"version", "move", "reserve", "out", "reserves", "away", "lent"}
        if not isinstance(data, dict) or set(data) != keys:
            raise ClockError(t("clock.file_bad"))
        if data["version"] != VERSION:
            raise ClockError(t("clock.file_version"))
        try:
            rules = ClockRules(_seconds(data["move"]), _seconds(data["reserve"]), data["out"])
        except (TypeError, ValueError):
            raise ClockError(t("clock.file_bad")) from None
        reserves, away, lent = data["reserves"], data["away"], data["lent"]
        if not isinstance(reserves, list) or len(reserves) != seats:
            raise ClockError(t("clock.file_bad"))
        try:
            left = tuple(min(rules.reserve, max(0.0, _seconds(r))) for r in reserves)
        except (TypeError, ValueError):
            raise ClockError(t("clock.file_bad")) from None
        if not isinstance(away, list) or not all(_index(s, seats) for s in away):
            raise ClockError(t("clock.file_bad"))
        if lent is not None and not (
            isinstance(lent, list)
            and len(lent) == 3
            and _index(lent[0], seats)
            and isinstance(lent[1], str)
            and len(lent[1]) <= 32
            and _index(lent[2], 1 << 20)  # (the choices made: a game has a few hundred)
        ):
            raise ClockError(t("clock.file_bad"))
        kept_lent = None if lent is None else (int(lent[0]), str(lent[1]), int(lent[2]))
        return cls(rules, left, tuple(sorted(set(away))), kept_lent)


def _seconds(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError("not a number")
    if not math.isfinite(value):
        raise ValueError("not finite")
    return float(value)


def _index(value: object, below: int) -> bool:
    """Whether `value` is a whole number from 0 to `below` - 1 (a seat, a count)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < below


def clock_path(save_path: Path) -> Path:
    """Where a hosted game's clock is kept: beside its autosave, hidden (`game.json` ->
    `.game.clock`), as its codes are (`el_grande.net.codes.codes_path`)."""
    path = Path(save_path)
    return path.with_name(f".{path.stem}.clock")


def write_clock(path: Path, kept: ClockKept) -> None:
    """Write `kept` to `path` atomically (`el_grande.atomic`)."""
    atomic_write_text(Path(path), kept.to_json())


def read_clock(path: Path, seats: int) -> ClockKept:
    """The clock kept at `path`: OSError if it cannot be read, `ClockError` if it holds no
    clock of a table of `seats` seats."""
    data = read_regular(Path(path), LIMIT, follow=False)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ClockError(t("clock.file_bad")) from None
    return ClockKept.from_json(text, seats)


def spend(move: float, reserve: float, spent: float) -> tuple[float, float]:
    """A decision's own seconds left and its seat's reserve once `spent` seconds have gone:
    its own time first, then the reserve (neither below 0). The host counts so, and a screen
    counting down by itself."""
    move -= spent
    if move < 0:
        reserve, move = max(0.0, reserve + move), 0.0
    return move, reserve


def clock_for(rules: ClockRules, kept: ClockKept | None, seats: int) -> ClockKept:
    """The clock of a table of `seats` seats under `rules`: the one `kept` (a restarted
    host's), its reserves no longer than the rules' reserve; a new one if none was kept for
    so many seats."""
    if kept is None or len(kept.reserves) != seats:
        return ClockKept.new(rules, seats)
    return kept if kept.rules == rules else with_rules(kept, rules)


@dataclass
class _Running:
    """The decision whose clock runs: its seat, the choices made when it came (a decision is
    the one at hand until a choice is made), its own seconds left as of `since` (None:
    paused), and the timer that fires when its reserve is spent too."""

    seat: int
    moves: int
    move_left: float
    since: float | None
    timer: Cancel | None = None


@dataclass(frozen=True, slots=True)
class ClockShown:
    """The clock as a screen is told it: each seat's reserve left, the seat whose clock runs
    (None: none), its decision's own seconds left, whether it is paused (a display), the
    seats away, and whether the clocks wait for everybody to be here."""

    reserves: tuple[float, ...]
    running: int | None = None
    move: float = 0.0
    paused: bool = False
    away: tuple[int, ...] = ()
    waiting: bool = False


class TableClock:
    """One table's clock (see the module docstring) on the table's `Clock`. `out(seat,
    moves)` is called when a decision's time and its seat's reserve are spent; `changed()`
    after every change the screens and the file should hear of."""

    def __init__(
        self,
        kept: ClockKept,
        clock: Clock,
        out: Callable[[int, int], None],
        changed: Callable[[], None],
    ) -> None:
        self.rules = kept.rules
        self.reserves = list(kept.reserves)
        self.clock = clock
        self._out = out
        self._changed = changed
        self.running: _Running | None = None

    def kept(self, away: Sequence[int] = (), lent: tuple[int, str, int] | None = None) -> ClockKept:
        return ClockKept(self.rules, tuple(self.reserves), tuple(sorted(away)), lent)

    def shown(self, away: Sequence[int] = ()) -> ClockShown:
        """The clock now, as the screens are told it."""
        run = self.running
        reserves = list(self.reserves)
        if run is None:
            return ClockShown(tuple(reserves), away=tuple(sorted(away)))
        move, reserves[run.seat] = spend(run.move_left, reserves[run.seat], self._spent(run))
        return ClockShown(tuple(reserves), run.seat, move, run.since is None, tuple(sorted(away)))

    def _spent(self, run: _Running) -> float:
        """The seconds `run` has spent since it last started (0 while paused)."""
        return 0.0 if run.since is None else self.clock.now() - run.since

    # --- a decision's clock ------------------------------------------------------------------

    def start(self, seat: int, moves: int) -> None:
        """`seat`'s decision at `moves` choices is on show: its clock runs (on from where it
        was, if it is the decision already running; a new decision's from `move`)."""
        run = self.running
        if run is not None and run.seat == seat and run.moves == moves:
            if run.since is None:
                self.resume()
            return
        self.stop()
        self.running = _Running(seat, moves, self.rules.move, None)
        self.resume()

    def stop(self) -> None:
        """The decision on the clock is answered (or gone): what it took beyond its own time
        comes off the seat's reserve."""
        run = self.running
        if run is None:
            return
        self._settle(run)
        self.running = None
        self._changed()

    def pause(self) -> None:
        """A display: the clock waits (the seconds spent so far are counted)."""
        run = self.running
        if run is None or run.since is None:
            return
        self._settle(run)
        self._changed()

    def resume(self) -> None:
        run = self.running
        if run is None or run.since is not None:
            return
        run.since = self.clock.now()
        left = max(0.0, run.move_left) + self.reserves[run.seat]
        run.timer = self.clock.call_later(left, self._fired)
        self._changed()

    def _settle(self, run: _Running) -> None:
        """Count what `run` spent since it last started, and stop its timer."""
        if run.timer is not None:
            run.timer()
            run.timer = None
        if run.since is None:
            return
        seat = run.seat
        run.move_left, self.reserves[seat] = spend(
            run.move_left, self.reserves[seat], self._spent(run)
        )
        run.since = None

    def _fired(self) -> None:
        run = self.running
        if run is None or run.since is None:
            return
        run.timer = None
        self.reserves[run.seat] = 0.0
        self.running = None
        self._changed()
        self._out(run.seat, run.moves)

    def close(self) -> None:
        run, self.running = self.running, None
        if run is not None and run.timer is not None:
            run.timer()


def with_rules(kept: ClockKept, rules: ClockRules) -> ClockKept:
    """`kept` under new `rules`: each reserve no longer than the new one."""
    return replace(kept, rules=rules, reserves=tuple(min(r, rules.reserve) for r in kept.reserves))
