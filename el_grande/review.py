"""A review of a finished game: the Hard player's verdict on every decision of a person, from
that person's own view at that moment (docs/bots.md, "Reviews").

    from el_grande.review import Seats, review

    result = review(record, Seats.of(["human", "bot:greedy", "human"]), progress=print)
    for v in result.mistakes(0):
        print(v.index, v.choice, v.best, f"about {v.cost:.0f} points")

A decision's analysis is handed what its player could know then, and nothing else: the seat's
view and the decision (`Task`). Everything unknown (another seat's unrevealed secret, a hidden
Castillo's split, the order of the cards not yet turned up) is drawn as the Hard player draws
it, from a generator seeded with that public information alone (the review's seed, the seat,
the decision's index and the view), never with the game's seed. Each choice is played out to
the start of the next round with the greedy rule and valued with `bots.model.evaluate` (not
the Hard player's `bots.outlook`: the review's scale of a lead was calibrated with it); the
choice's margin is the seat's estimated final points minus the best other seat's. The search
is capped by play-outs, never by the clock, so the same record gives the same review on any
machine, in one process or several.

Who played a seat at a decision is `Seats.kind(seat, index)`: a seat may change hands during a
game (`el_grande.hands`), and only a person's decisions are reviewed (unless `everyone`).

Plain Python (core, text, narrate and bots; no app, no rich, no pydantic): a screen drives it
with `review(..., progress=..., cancelled=...)` from a worker thread, or analyses one decision
at a time with `analyse(task)`.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import TYPE_CHECKING, Any

from el_grande.bots.greedy import Memo, greedy_choice
from el_grande.bots.model import determinize, evaluate
from el_grande.bots.reasons import DRAWS as REASON_DRAWS
from el_grande.bots.reasons import Endings, explain, play_on
from el_grande.bots.strong import (
    Alike,
    Deadline,
    OutOfTime,
    alike_cards,
    drawn,
    hides_something,
    play_out,
)
from el_grande.core import Game
from el_grande.hands import Hand, Hands, hands_of, kind_at

if TYPE_CHECKING:
    from el_grande.core import Choice, Decision, View

__all__ = [
    "RoundSummary",
    "Review",
    "Seats",
    "Settings",
    "Task",
    "Cost",
    "Verdict",
    "analyse",
    "costs",
    "review",
    "tasks",
]

HUMAN = "human"

#: The most draws of the unknowns a decision (`Settings.draws`, `el-grande review --draws`):
#: 64 times the default; a decision's play-outs grow with it (`--draws 10**20` ran for ever).
MAX_DRAWS = 4096


@dataclass(frozen=True)
class Seats:
    """Who played each seat of a game: a seat kind (`"human"`, `"bot:strong"`…) per seat, and
    each seat's hands when seats changed hands during the game (`el_grande.hands`).

    `kind(seat, index)` says who played `seat`'s decision number `index` (0-based, in the
    record's choices): the hand that decision falls in ("from decision N, played by …"), or the
    seat's kind when it never changed hands. Everything else reads it through here."""

    kinds: tuple[str, ...]
    hands: tuple[Hands, ...] = ()

    @classmethod
    def of(cls, kinds: Sequence[str], hands: Sequence[Sequence[Hand]] = ()) -> Seats:
        return cls(tuple(kinds), tuple(tuple(h) for h in hands))

    @classmethod
    def of_seats(cls, seats: Sequence[Any]) -> Seats:
        """From a table's seats (`SeatSetup`: a kind and who played it when)."""
        kinds = [s.kind for s in seats]
        return cls.of(kinds, [hands_of(s.kind, getattr(s, "played_by", ())) for s in seats])

    def kind(self, seat: int, index: int) -> str:
        if self.hands and self.hands[seat]:
            return kind_at(self.hands[seat], index)
        return self.kinds[seat]

    def person(self, seat: int, index: int) -> bool:
        """Whether a person (not a computer player) made `seat`'s decision `index`."""
        return self.kind(seat, index) == HUMAN

    def has_person(self, seat: int) -> bool:
        """Whether a person played `seat` at any time of the game."""
        hands = self.hands[seat] if self.hands and self.hands[seat] else ((0, self.kinds[seat]),)
        return any(kind == HUMAN for _, kind in hands)


@dataclass(frozen=True)
class Settings:
    """How hard the review looks (the defaults are what `el-grande review` uses).

    For every decision: one determinization when the seat's view hides nothing a play-out can
    reach (then that one is exact), else `draws` of them, every legal choice played out on
    each (a choice clearly worse than the best is dropped after `min_draws`, and every
    `batch` draws after: see `analyse`; a draw seen before reuses its play-outs). `seed`
    mixes into every decision's generator: another seed gives another sample of the unknowns,
    not another game. `rounds`: how far a play-out goes: to the start of the next round (1,
    the review's), or through it too (2: the warnings' of `el_grande.flow.cautions`; the next
    round's cards are unknown, so every draw differs, and the spread of a choice's cost over
    the draws says how sure it is). `scale`: how much of a lead the estimate where the
    play-outs end shows between two choices is still there at the end of the game, on
    average (measured: docs/bots.md); 1 where the play-outs end with the game.
    """

    draws: int = 64
    min_draws: int = 16
    batch: int = 8
    seed: int = 0
    scale: float = 0.45
    rounds: int = 1


@dataclass(frozen=True)
class Cost:
    """What a choice would give away against the best one (`costs`), in final points, and its
    standard error over the draws it was weighed on (0 with one draw: nothing hidden)."""

    cost: float
    se: float = 0.0


@dataclass(frozen=True)
class Task:
    """One decision to analyse: everything its player could know then, and nothing else."""

    index: int  # the decision's index in the record's choices
    seat: int
    round: int  # the round-track number it was made in
    view: View  # the seat's own view at the decision
    decision: Decision
    choice: Choice  # what was chosen
    #: The index of the game's previous decision with a choice, anyone's (-1: none): when it
    #: is this seat's own, nobody chose in between (the steps of a turn, forced ones skipped).
    after: int = -1


@dataclass(frozen=True)
class Verdict:
    """The Hard player's verdict on one decision.

    `margin` and `score`: the seat's expected final margin (its points minus the best other
    seat's) and final points after the choice made, as it could estimate them then (the mean
    over the draws of the end-of-round estimate). `best`: the choice with the best expected
    margin (the choice made when it is the best); `best_margin` its expected final margin:
    `margin` plus its lead at the end of the round scaled to the end of the game
    (`Settings.scale`). `gap = best_margin - margin`; `cost` is what the decision gave away:
    `gap`, less what was still to be had later in the same turn when nobody else chose in
    between (`still`: see `_given_away`), never below 0.
    `reason_key` / `reason`: why `best` is good, in the hints' words (a `bots.hint.*` key and
    its fields: `place` a place id, `seat` a seat). `draws`: determinizations looked at;
    `playouts`: play-outs played for it (a draw seen before reuses its play-outs).
    """

    index: int
    seat: int
    round: int
    kind: str
    choices: int  # legal choices
    choice: Choice
    best: Choice
    margin: float
    score: float
    best_margin: float
    gap: float
    cost: float
    lead: float  # the best choice's lead over the greedy rule's own choice (`analyse`)
    reason_key: str
    reason: dict[str, Any] = field(default_factory=dict)
    draws: int = 0
    playouts: int = 0
    still: float | None = None  # what the next decision still offered (`Review`): its lead
    after: int = -1  # the task's `after`
    #: The decision itself, for words about its choices (not compared).
    decision: Decision | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class RoundSummary:
    """One round of one seat's review."""

    round: int
    decisions: int
    cost: float
    biggest: Verdict | None  # its costliest decision (None if every one cost nothing)
    margin: float  # the expected final margin after the seat's last decision of the round


@dataclass(frozen=True)
class Review:
    """The verdicts on the reviewed seats' decisions, in the order of the game."""

    players: tuple[str, ...]
    seats: tuple[int, ...]  # the reviewed seats
    verdicts: tuple[Verdict, ...]
    scores: tuple[int, ...]  # the final scores
    settings: Settings
    complete: bool = True  # False: cancelled before every decision was analysed
    total: int = 0  # the decisions it was to analyse (`verdicts` holds them all when complete)

    def of(self, seat: int) -> list[Verdict]:
        return [v for v in self.verdicts if v.seat == seat]

    def cost(self, seat: int) -> float:
        """The seat's summed costs: about what its decisions lost against the best ones."""
        return sum(v.cost for v in self.of(seat))

    def mistakes(self, seat: int, count: int = 5) -> list[Verdict]:
        """The seat's `count` costliest decisions (of those that cost anything), costliest
        first; on equal costs the earlier decision first."""
        costly = [v for v in self.of(seat) if v.cost > 0]
        return sorted(costly, key=lambda v: (-v.cost, v.index))[:count]

    def rounds(self, seat: int) -> list[RoundSummary]:
        out = []
        verdicts = self.of(seat)
        for rnd in sorted({v.round for v in verdicts}):
            these = [v for v in verdicts if v.round == rnd]
            worst = max(these, key=lambda v: (v.cost, -v.index))
            out.append(
                RoundSummary(
                    rnd,
                    len(these),
                    sum(v.cost for v in these),
                    worst if worst.cost > 0 else None,
                    these[-1].margin,
                )
            )
        return out

    def behind(self, seat: int) -> int:
        """How far the seat finished behind the best other seat (0 if it won)."""
        others = [s for t, s in enumerate(self.scores) if t != seat]
        return max(0, max(others) - self.scores[seat])


# --- the walk: what each decision's player could know ----------------------------------------


def tasks(record: dict[str, Any], wanted: Callable[[int, int], bool]) -> Iterator[Task]:
    """The decisions of `record` to analyse: those with more than one legal choice whose
    seat and index `wanted(seat, index)` accepts, each with its seat's own view.

    The only reads of the game are the deciding seat's view (for a wanted decision), the
    decision and the round: never another seat's view, never `snapshot()`.
    """
    game = Game.replay(record, upto=0)
    after = -1
    for i, text in enumerate(record["choices"]):
        d = game.decision
        if d is None:
            raise ValueError(f"the record goes on after the game is over (choice {i + 1})")
        choice = game.parse(text)
        if len(d.choices) > 1:
            if wanted(d.player, i):
                yield Task(i, d.player, game.round, game.view(d.player), d, choice, after)
            after = i
        game.apply(choice)


def public_seed(settings: Settings, task: Task) -> int:
    """The seed of a decision's generator, from what its player could know: the review's
    seed, the seat, the decision's index and the seat's view (never the game's seed)."""
    text = repr((settings.seed, task.seat, task.index, task.view))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


# --- one decision ---------------------------------------------------------------------------


def analyse(
    task: Task,
    settings: Settings = Settings(),
    memo: Memo | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Verdict:
    """The Hard player's verdict on one decision, from the task's view alone (R-H2).

    Every legal choice is played out on each draw (common draws: the choices are compared on
    the same unknowns): one draw when the view hides nothing a play-out reaches, else
    `settings.draws` of them. After `min_draws` draws, and every `batch` after that, a choice
    other than the one made is dropped when it is behind the best by more than two points
    and by more than five standard errors. On every draw the greedy rule's own choice (what a
    play-out from the decision before would have taken here) is played out too: the best
    choice's lead over it (`lead`) says what this decision still offered to a play-out that
    came to it. `memo` saves work (the same verdict with or without it); `cancelled` is
    polled between small steps and raises `OutOfTime` once it says yes.
    """
    view, d, seat = task.view, task.decision, task.seat
    if view.seat != seat or d.player != seat:
        raise ValueError("a decision is analysed from its own seat's view")
    if task.choice not in d.choices:
        raise ValueError(f"{task.choice} is not one of the decision's choices")
    rng = random.Random(public_seed(settings, task))
    w = _weigh(view, d, rng, settings, task.choice, memo, cancelled)
    live, margins, points, follow = w.live, w.margins, w.points, w.follow
    scale, draws, playouts = w.scale, w.draws, w.playouts
    check = Deadline(_never, 1.0, cancelled)
    best = _best(live, margins)
    made = task.choice
    margin = _mean(margins[made])
    lead = max(0.0, scale * _paired(margins[best], follow)[0])
    best_margin = margin + scale * (_mean(margins[best]) - margin) if best != made else margin
    # Why the best rather than the choice made (the best made: rather than the runner-up).
    compared = made if best != made else _best([c for c in d.choices if c != best], margins)
    key, fields = explain(Endings(w.bases, check, memo), seat, best, compared)
    return Verdict(
        index=task.index,
        seat=seat,
        round=task.round,
        kind=str(d.kind),
        choices=len(d.choices),
        choice=made,
        best=best,
        margin=margin,
        score=points[made] / len(margins[made]),
        best_margin=best_margin,
        gap=max(0.0, best_margin - margin),
        cost=max(0.0, best_margin - margin),
        lead=lead,
        reason_key=key,
        reason=fields,
        draws=draws,
        playouts=playouts,
        after=task.after,
        decision=d,
    )


@dataclass
class _Weighed:
    """Every legal choice played out on the same draws (`_weigh`)."""

    live: list[Choice]  # the choices not dropped
    margins: dict[Choice, list[float]]  # per choice, its margin on each draw it was played
    points: dict[Choice, float]  # per choice, the seat's points summed over its draws
    follow: list[float]  # per draw, the margin of the greedy rule's own choice
    bases: list[Game]  # the first draws, as drawn, for the reasons (`bots.reasons`)
    scale: float
    draws: int
    playouts: int


def _weigh(
    view: View,
    d: Decision,
    rng: random.Random,
    settings: Settings,
    keep: Choice | None,
    memo: Memo | None,
    cancelled: Callable[[], bool] | None,
    lead: bool = True,
) -> _Weighed:
    """The draws and play-outs of `analyse` (see there); `keep` is never dropped. With `lead`,
    the greedy rule's own choice is played out on every draw too (for `analyse`'s lead)."""
    seat = d.player
    rounds = settings.rounds
    to_the_end = view.round_number + rounds > len(view.rounds)  # the play-outs end the game
    scale = 1.0 if to_the_end else settings.scale
    check = Deadline(_never, 1.0, cancelled)
    alike = Alike(seat) if rounds == 1 and alike_cards(d, view) else None
    live = list(d.choices)
    margins: dict[Choice, list[float]] = {c: [] for c in live}
    points: dict[Choice, float] = dict.fromkeys(live, 0.0)
    follow: list[float] | None = [] if lead else None  # per draw, the greedy rule's margin
    known: dict[tuple[object, ...], dict[Choice, list[float]]] = {}
    bases: list[Game] = []
    draws = playouts = 0
    # Play-outs through the next round reach its cards, still to be drawn: every draw differs.
    hidden = hides_something(view) or (rounds > 1 and view.round_number < len(view.rounds))
    wanted = settings.draws if hidden else 1

    def played_out(base: Game, played: dict[Choice, list[float]], c: Choice) -> list[float]:
        nonlocal playouts
        values = played.get(c)
        if values is None:
            if rounds == 1:
                values = play_out(base, c, alike, check, memo, evaluate)
            else:
                values = _play_rounds(base, c, rounds, check, memo)
            played[c] = values
            playouts += 1
        return values

    while draws < wanted:
        check()
        base = determinize(view, rng)
        if len(bases) < REASON_DRAWS:
            bases.append(base.clone())
        if memo is not None:
            memo.at(base)
        # A draw seen before plays out alike (the play-outs reach no card still to come).
        played = known.setdefault(drawn(base) if rounds == 1 else (draws,), {})
        for c in live:
            values = played_out(base, played, c)
            margins[c].append(_margin(values, seat))
            points[c] += values[seat]
        if follow is not None:
            greedy = played.get(_GREEDY)
            if greedy is None:
                choice = greedy_choice(base, seat, check, memo)
                greedy = played[_GREEDY] = played_out(base, played, choice)
            follow.append(_margin(greedy, seat))
        draws += 1
        if draws >= settings.min_draws and (draws - settings.min_draws) % settings.batch == 0:
            best = _best(live, margins)
            for c in list(live):
                if c not in (best, keep):
                    gap, se = _paired(margins[best], margins[c])
                    if gap * scale > 2.0 and gap > 5 * se:
                        live.remove(c)
    return _Weighed(live, margins, points, follow or [], bases, scale, draws, playouts)


def _play_rounds(
    base: Game, choice: Choice, rounds: int, check: Deadline, memo: Memo | None
) -> list[float]:
    """`choice` applied to a copy of `base` and played on with the greedy rule through
    `rounds` round ends (`bots.reasons.play_on`, round after round), valued there with
    `model.evaluate`."""
    h = base.clone()
    h.apply_trusted(choice)
    for k in range(rounds):
        play_on(h, check, memo, base.round_i + k)
    return evaluate(h)


def costs(
    view: View,
    decision: Decision,
    settings: Settings,
    seed: int,
    cancelled: Callable[[], bool] | None = None,
) -> dict[Choice, Cost]:
    """What each legal choice of `decision` would give away against the best one, in final
    points, and its standard error, judged from `view` (the deciding seat's own) as `analyse`
    judges the choice made: the same draws, play-outs and scale, from a generator seeded
    with `seed`; both from the same draws (the differences between the choice's and the
    best's margins, draw by draw). A choice dropped as clearly worse is compared on the draws
    it was played on. Raises `OutOfTime` once `cancelled()` says yes (polled between small
    steps)."""
    if view.seat != decision.player:
        raise ValueError("a decision is weighed from its own seat's view")
    memo = Memo()  # (the same costs without it: less work)
    w = _weigh(view, decision, random.Random(seed), settings, None, memo, cancelled, lead=False)
    best = _best(w.live, w.margins)
    out = {}
    for c in decision.choices:
        ours = w.margins[c]
        gap, se = _paired(w.margins[best][: len(ours)], ours) if c != best else (0.0, 0.0)
        out[c] = Cost(max(0.0, w.scale * gap), w.scale * se)
    return out


#: Where a draw keeps the play-out of the greedy rule's own choice (not a `Choice`).
_GREEDY: Any = ("greedy",)


def _never() -> float:
    return 0.0


def _margin(values: list[float], seat: int) -> float:
    return values[seat] - max(v for s, v in enumerate(values) if s != seat)


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs)


def _best(live: list[Choice], margins: dict[Choice, list[float]]) -> Choice:
    """The live choice with the best mean margin (the earlier one in the decision on a tie,
    to a billionth of a point)."""
    best, top = live[0], _mean(margins[live[0]])
    for c in live[1:]:
        m = _mean(margins[c])
        if m > top + 1e-9:
            best, top = c, m
    return best


def _paired(a: list[float], b: list[float]) -> tuple[float, float]:
    """The mean of `a - b` draw by draw, and its standard error."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    k = len(diffs)
    mean = sum(diffs) / k
    if k < 2:
        return mean, 0.0
    var = sum((x - mean) ** 2 for x in diffs) / (k - 1)
    return mean, math.sqrt(var / k)


# --- the whole game -------------------------------------------------------------------------


def review(
    record: dict[str, Any],
    seats: Seats,
    *,
    only: Sequence[int] | None = None,
    everyone: bool = False,
    settings: Settings = Settings(),
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Review:
    """Review a finished game's record.

    Reviewed: the decisions of the seats in `only` (all seats if None) that a person made
    (`seats.person`), or every decision of those seats with `everyone`. `jobs` processes
    share the decisions (1: all in this one; the verdicts are the same either way).
    `progress(done, total)` is called as decisions are analysed (in the calling thread);
    `cancelled()` is polled in between (and, with `jobs=1`, between small steps): once it
    says yes the review stops and returns what it has, with `complete=False`.
    """
    final = Game.replay(record)
    if not final.over:
        raise ValueError("the game is not finished: a review is of a finished game")
    chosen = set(range(len(seats.kinds)) if only is None else only)

    def wanted(seat: int, index: int) -> bool:
        return seat in chosen and (everyone or seats.person(seat, index))

    todo = list(tasks(record, wanted))
    total = len(todo)
    if progress is not None:
        progress(0, total)
    if jobs <= 1 or total < 2:
        verdicts, complete = _here(todo, settings, progress, cancelled)
    else:
        verdicts, complete = _elsewhere(todo, settings, jobs, progress, cancelled)
    verdicts = _given_away(sorted(verdicts, key=lambda v: v.index))
    return Review(
        players=tuple(record["players"]),
        seats=tuple(sorted(chosen)),
        verdicts=tuple(verdicts),
        scores=tuple(final.scores),
        settings=settings,
        complete=complete,
        total=total,
    )


def _given_away(verdicts: list[Verdict]) -> list[Verdict]:
    """Each decision's cost: what it gave away. When the same seat decides again at once
    (the game's next decision with a choice is theirs, in the same round: a turn's steps, with
    any forced step between them), what its best choice offered may still be there; then only
    the part that is no longer there counts, so a turn's steps do not each count the same
    missed chance. What is still there (`still`): the next step's lead over the greedy rule's
    own choice (paired on its draws), or what a later step of the same turn offered over the
    choice made (a chance two steps on, such as a destination after "whose Caballero", which
    the next step's one-step look-ahead cannot see), whichever is more. Else the whole gap
    counts."""
    out = list(verdicts)
    for k, v in enumerate(verdicts):
        turn: list[Verdict] = []  # the seat's later steps of the same turn, in order
        for nxt in verdicts[k + 1 :]:
            last = turn[-1] if turn else v
            if nxt.after != last.index or nxt.seat != v.seat or nxt.round != v.round:
                break
            turn.append(nxt)
        if turn:
            still = max([turn[0].lead] + [w.best_margin - v.margin for w in turn[1:]])
            out[k] = replace(v, cost=max(0.0, v.gap - still), still=still)
    return out


def _here(
    todo: list[Task],
    settings: Settings,
    progress: Callable[[int, int], None] | None,
    cancelled: Callable[[], bool] | None,
) -> tuple[list[Verdict], bool]:
    memos: dict[int, Memo] = {}
    verdicts: list[Verdict] = []
    for task in todo:
        if cancelled is not None and cancelled():
            return verdicts, False
        try:
            verdicts.append(analyse(task, settings, memos.setdefault(task.seat, Memo()), cancelled))
        except OutOfTime:
            return verdicts, False
        if progress is not None:
            progress(len(verdicts), len(todo))
    return verdicts, True


# In a worker process: a memo per seat.
_WORKER: dict[str, Any] = {}


def _start_worker() -> None:
    _WORKER["memos"] = {}


def _work(chunk: list[Task], settings: Settings) -> list[Verdict]:
    memos: dict[int, Memo] = _WORKER["memos"]
    return [analyse(task, settings, memos.setdefault(task.seat, Memo())) for task in chunk]


def _elsewhere(
    todo: list[Task],
    settings: Settings,
    jobs: int,
    progress: Callable[[int, int], None] | None,
    cancelled: Callable[[], bool] | None,
) -> tuple[list[Verdict], bool]:
    """The decisions shared among `jobs` processes, in runs of consecutive decisions (a
    worker's memo serves a run: its positions follow each other). Once `cancelled()` says
    yes (asked every tenth of a second), what is queued is dropped and the running workers
    are terminated (`el_grande.workers`): the review stops at once with what it has."""
    from el_grande.workers import Workers  # start-up: only a review with jobs > 1

    size = max(1, min(4, len(todo) // (jobs * 4)))
    chunks = [todo[i : i + size] for i in range(0, len(todo), size)]
    verdicts: list[Verdict] = []
    with Workers(min(jobs, len(chunks)), _start_worker) as workers:
        for got in workers.map(partial(_work, settings=settings), chunks, cancelled):
            verdicts.extend(got)
            if progress is not None:
                progress(len(verdicts), len(todo))
    return verdicts, len(verdicts) == len(todo)
