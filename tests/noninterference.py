"""Non-interference: what a seat is shown never depends on another seat's hidden information.

Two games ("twins") are built identical except for one hidden thing of another seat — an
unrevealed secret disk, how a hidden Castillo splits between two opponents, the order of the
action cards not yet turned up — and played on with the same answers. At every step until the
reveal, whatever the audience of the screen (the seat on turn behind its curtain, else the
whole table) is shown must be identical in both: a difference is a leak.

The parts:

* `Twins` and its builders (`disk_twins`, `castillo_twins`, `deck_twins`): the pair, and
  `privy`, the seats that may legitimately see the difference (whose own thing it is). The
  Castillo and deck twins are built from a seat's view with the bots' determinization
  (`el_grande.core.determinize`): the twin takes the sampled value of that one hidden thing
  and keeps everything else, and every other seat's view is checked equal.
* `Renderer`: a function from a side (whatever shows the game: a table flow, an app, later a
  network connection) and an `Audience` to comparable text. `flow_text` renders everything
  the table flow hands the screen; the app level (tests/app/test_noninterference.py) renders
  the terminal's text and the widgets' tooltips; a wire renderer would render the messages
  sent to one seat. `differences` compares two sides with any number of renderers.
* `run_flow`: drives two table flows (tests/flow/table.py) on their manual clocks and
  compares only when nothing is running — the warnings weighed, the computer players done,
  the keyboard's quiet time over — never at a wall-clock moment.
"""

from __future__ import annotations

import copy
import random
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar
from unittest.mock import patch

from el_grande.app.present import bot_text, caution_text, prompt_text, secret_what
from el_grande.app.since import status_line
from el_grande.app.tips import card_tip, player_tip, region_tip
from el_grande.core import PLACES, Choice, Decision, Event, View
from el_grande.core import events as E
from el_grande.core.board import CASTILLO_INDEX
from el_grande.core.determinize import fields_from_view
from el_grande.flow.cautions import Caution
from el_grande.flow.changes import SinceMemory, items
from el_grande.flow.handover import Input
from el_grande.flow.lessons import CARD_TIP
from el_grande.flow.scenes import (
    BotTurn,
    Confirm,
    Curtain,
    GameOver,
    HintCurtain,
    Hinting,
    Prompt,
    Scene,
    Showing,
    SpectatorScene,
    TakeOver,
)
from el_grande.flow.spectate import Spectate
from el_grande.session import GameSession, Seating, Update
from el_grande.setup import GameSetup, SeatSetup, default_seats
from el_grande.text import card_name, t

from .flow.table import NAMES, SECRET_CARDS, Table

#: Who looks at the screen: a seat (alone, behind its curtain) or None (the whole table).
Audience = int | None
Side = TypeVar("Side")
#: A side and an audience to comparable text: what that audience is shown.
Renderer = Callable[[Side, Audience], str]

DISK, CASTILLO, DECK = "disk", "castillo", "deck"
KINDS = (DISK, CASTILLO, DECK)


# --- the pair ----------------------------------------------------------------------------------


@dataclass
class Twins:
    """Two sessions identical but for one hidden thing; `privy`: the seats whose thing it is.
    `split`: for a secret disk still to be chosen, the seat and its answer in each twin (the
    difference is made through the table, at that seat's prompt)."""

    kind: str
    left: GameSession
    right: GameSession
    privy: frozenset[int]
    split: tuple[int, Choice, Choice] | None = None

    def boards_agree(self) -> bool:
        """The public boards are the same (the session's, built once per choice)."""
        return self.left.current.public == self.right.current.public


def _seats(players: int, bots: Sequence[int], level: str) -> tuple[SeatSetup, ...]:
    seats = default_seats(NAMES[:players])
    return tuple(
        SeatSetup(s.name, s.colour, f"bot:{level}" if i in bots else "human")
        for i, s in enumerate(seats)
    )


def _session(
    players: int, seed: int, bots: Sequence[int] = (), level: str = "random", **options: object
) -> GameSession:
    setup = GameSetup(_seats(players, bots, level), seed=seed, **options)  # type: ignore[arg-type]
    return GameSession.new(setup)


def _play_to(session: GameSession, rng: random.Random, stop: Callable[[GameSession], bool]) -> bool:
    """Play varied legal choices (secret cards preferred, to reach secret steps) until
    `stop`; False if the game ended first."""
    while (d := session.decision) is not None:
        if stop(session):
            return True
        pick = next((c for c in d.choices if c.verb == "card" and c.arg in SECRET_CARDS), None)
        session.apply(pick if pick is not None and rng.random() < 0.7 else rng.choice(d.choices))
    return False


def _twin(session: GameSession) -> GameSession:
    """An independent copy of `session` (game, story, undo marks): nobody subscribed yet."""
    assert not session.subscribers
    # What is immutable is shared (the log's lines, the scorings, the undo marks, the last
    # update): copying a long story line by line would cost more than the whole run.
    kept: list[object] = [*session.story.log, *session.story.scorings, *session._marks]
    kept.append(session.current)
    memo: dict[int, object] = {id(x): x for x in kept}
    return copy.deepcopy(session, memo)


def disk_twins(seed: int, players: int = 3, bots: Sequence[int] = (), **options: object) -> Twins:
    """At a secret step that a human and at least one more seat still have to answer: the
    human sets their disk to one region in one twin, another region in the other."""
    rng = random.Random(seed)
    for attempt in range(40):
        session = _session(players, seed * 100 + attempt, bots, **options)

        def at_shared_secret(s: GameSession) -> bool:
            d = s.decision
            return (
                d is not None
                and d.secret
                and len(d.choices) >= 2
                and s.bot_level(d.player) is None
                and len(s.game._stack[-1][2]) >= 2  # another seat chooses after this one
            )

        if _play_to(session, rng, at_shared_secret):
            d = session.decision
            assert d is not None
            first, second = rng.sample(list(d.choices), 2)
            return Twins(
                DISK, session, _twin(session), frozenset({d.player}), (d.player, first, second)
            )
    raise AssertionError(f"seed {seed}: no shared secret step")


def castillo_twins(
    seed: int, players: int = 3, bots: Sequence[int] = (), **options: object
) -> Twins:
    """A hidden Castillo holding Caballeros of two opponents of some seat: in the twin, the
    split between those two is the one the determinization drew from that seat's view (a
    different one), everything else as it is."""
    rng = random.Random(seed)
    for attempt in range(40):
        session = _session(players, seed * 100 + attempt, bots, castillo="hidden", **options)
        stop_after = rng.randrange(40, 400)

        def split_apart(s: GameSession, stop_after: int = stop_after) -> bool:
            cab = s.game.cab[CASTILLO_INDEX]
            return len(s.game.history) >= stop_after and sum(1 for c in cab if c) >= 2

        if not _play_to(session, rng, split_apart):
            continue
        game = session.game
        d = game.decision
        assert d is not None
        seats = [s for s in range(game.n) if game.cab[CASTILLO_INDEX][s]]
        a, b = rng.sample(seats, 2)
        watcher = next(s for s in range(game.n) if s not in (a, b)) if game.n > 2 else None
        if watcher is None:
            continue
        for draw in range(30):
            sample = fields_from_view(game.view(watcher), random.Random(draw))
            moved = sample["cab"][CASTILLO_INDEX][a] - game.cab[CASTILLO_INDEX][a]
            right = _twin(session)
            g = right.game
            g.cab[CASTILLO_INDEX][a] += moved
            g.province[a] -= moved
            g.cab[CASTILLO_INDEX][b] -= moved
            g.province[b] += moved
            counts = (g.cab[CASTILLO_INDEX][a], g.cab[CASTILLO_INDEX][b], *g.province)
            if moved == 0 or min(counts) < 0:
                continue
            twins = Twins(CASTILLO, session, right, frozenset({a, b}))
            _check_views(twins)
            return twins
    raise AssertionError(f"seed {seed}: no Castillo shared by two opponents")


def deck_twins(seed: int, players: int = 3, bots: Sequence[int] = (), **options: object) -> Twins:
    """Some way into a game, the action cards not yet turned up in another order: the order
    the determinization draws from the view of the seat on turn."""
    rng = random.Random(seed)
    for attempt in range(40):
        session = _session(players, seed * 100 + attempt, bots, **options)
        stop_after = rng.randrange(0, 250)
        if not _play_to(session, rng, lambda s, at=stop_after: len(s.game.history) >= at):
            continue
        game = session.game
        if game.round_i >= len(game.stacks[0]) - 1:
            continue  # the last round: nothing left to turn up
        d = game.decision
        assert d is not None
        for draw in range(10):
            stacks = fields_from_view(game.view(d.player), random.Random(draw))["stacks"]
            if stacks != game.stacks:
                right = _twin(session)
                right.game.stacks = stacks
                twins = Twins(DECK, session, right, frozenset())
                _check_views(twins)
                return twins
    raise AssertionError(f"seed {seed}: no deck left to shuffle")


def _check_views(twins: Twins) -> None:
    """The twins differ in the truth, and in no view but the privy seats'."""
    left, right = twins.left.game, twins.right.game
    assert left.snapshot() != right.snapshot(), "the twins are the same game"
    for seat in [None, *range(left.n)]:
        if seat not in twins.privy:
            assert left.view(seat) == right.view(seat), f"seat {seat}'s view differs"


def build(kind: str, seed: int, players: int, bots: Sequence[int] = (), **options: object) -> Twins:
    builder = {DISK: disk_twins, CASTILLO: castillo_twins, DECK: deck_twins}[kind]
    return builder(seed, players, bots, **options)


# --- renderers ---------------------------------------------------------------------------------


def audience(scene: Scene) -> Audience:
    """Who the screen shows `scene` to: the seat behind its own curtain (a secret prompt, its
    hints), else the whole table (in hot-seat play everyone sees a public prompt)."""
    match scene:
        case Prompt() if scene.decision.secret:
            return scene.seat
        case HintCurtain() | Hinting():
            return scene.seat
    return None


def _plain(text: object) -> str:
    return str(getattr(text, "plain", text))


def scene_text(scene: Scene, session: GameSession) -> list[str]:
    """The scene as the screen would word it (prompt, ⚠ marks, since-your-turn, status line,
    curtain, banner, display, computer player's turn), and the board it is drawn from."""
    seating = session.seating
    out = [type(scene).__name__]
    match scene:
        case Prompt():
            words = prompt_text(scene.decision, scene.view, seating, scene.cursor, scene.cautions)
            out += [_plain(words.title), words.progress, str(words.cursor), str(scene.quiet)]
            out += [f"{key}: {label}" for key, label in words.labels]
            out += [f"⚠ {c.choice}: {caution_text(c)}" for c in scene.cautions]
            if scene.since is not None:
                out += [repr(scene.since), *items(scene.since, seating.name)]
            out += [status_line(scene, seating, width) for width in (60, 100, 200)]
        case TakeOver():
            out += [str(scene.seat), scene.letter, str(scene.curtain), str(scene.ready)]
            out += [str(scene.after), secret_what(scene.decision) if scene.curtain else ""]
        case Curtain():
            out += [str(scene.after), str(scene.ready)]
        case Showing():
            out += [scene.heading, str(scene.index), str(scene.lit), repr(scene.steps)]
            out += [repr(scene.events)]
        case BotTurn():
            title, progress = bot_text(scene.decision, scene.choice, scene.view, seating)
            out += [_plain(title), progress]
        case HintCurtain():
            out += [str(scene.seat), scene.letter, str(scene.ready)]
        case Hinting():
            out += [str(scene.seat), repr(scene.own), str(scene.seed)]
        case Confirm():
            out += [str(scene.seat), str(scene.choice), str(scene.ready), scene.then]
            out += list(scene.told)
    board = repr(scene.view)
    out.append(board)
    out += _tips(scene.view, board, seating)
    return out


_TIPS: dict[tuple[str, Seating], list[str]] = {}


def _tips(view: View, board: str, seating: Seating) -> list[str]:
    """The board's tooltips (`app.tips`: every place, every player, every face-up card), once
    per board and seating (they are pure functions of those: a cache, not a shortcut)."""
    key = (board, seating)
    if key not in _TIPS:
        if len(_TIPS) > 2000:
            _TIPS.clear()
        tips = [_plain(region_tip(view, place, seating)) for place in PLACES]
        tips += [_plain(player_tip(view, seat, seating)) for seat in range(seating.count)]
        tips += [_plain(card_tip(card)) for card in view.face_up]
        _TIPS[key] = tips
    return _TIPS[key]


@dataclass
class FlowSide:
    """One twin at the table: the flow on its manual clock, the passing notices, and every
    choice played with the view its chooser decided from (`moves[i]` from `views[i]`)."""

    table: Table
    notices: list[str] = field(default_factory=list)
    moves: list[tuple[int | None, Choice | None]] = field(default_factory=list)
    views: list[View | None] = field(default_factory=list)
    #: Everything the table was told happened (the public events of every update).
    told: list[Event] = field(default_factory=list)
    #: The move that made the difference (a secret disk set apart at the table), if any.
    split_at: int | None = None
    #: Every scene a spectator beside the table was shown, if one watches (`run_flow`'s
    #: `spectator`: el_grande.flow.spectate).
    spectator: list[SpectatorScene] | None = None

    @property
    def session(self) -> GameSession:
        return self.table.session


def flow_text(side: FlowSide, who: Audience) -> str:
    """Everything the table flow hands the screen for `who`: the scene (see `scene_text`),
    the log lines the table may read, the coach's lesson or tip, the notices, what the footer
    offers (undo, seats, hints) and the resumed game's note."""
    flow, session = side.table.flow, side.session
    out = scene_text(flow.scene, session)
    out += [line.text for line in session.log[: flow.log_shown]]
    coach = flow.coach
    if coach is not None:
        out += [str(coach.current), str(coach.hidden), ",".join(coach.met)]
        lesson = coach.lesson
        if lesson is not None:
            out += [t(lesson.title_key), *(t(k) for k in lesson.sentence_keys)]
        elif coach.current is not None and coach.current.startswith(CARD_TIP):
            out.append(card_name(coach.current.removeprefix(CARD_TIP)))
    out += side.notices
    out += [
        f"undo {flow.can_undo} {session.why_no_undo()}",
        f"seats {flow.why_no_seats()}",
        f"at_prompt {flow.at_prompt} secret_open {flow.secret_open} waiting {flow.waiting}",
        f"note {flow.opening_note}",
    ]
    del who  # the scene already is what `who` sees: the flow hands one screen
    return "\n".join(out)


def differences(
    left: Side, right: Side, who: Audience, renderers: Sequence[Renderer[Side]]
) -> list[str]:
    """The renderers' outputs that differ between the two sides, for `who`, each as the
    first differing line of both (empty: nothing differs)."""
    found = []
    for render in renderers:
        a, b = render(left, who), render(right, who)
        if a != b:
            la, lb = a.splitlines(), b.splitlines()
            at = next((i for i, (x, y) in enumerate(zip(la, lb, strict=False)) if x != y), None)
            at = min(len(la), len(lb)) if at is None else at
            first = la[at] if at < len(la) else "<end>"
            second = lb[at] if at < len(lb) else "<end>"
            found.append(f"{getattr(render, '__name__', render)} line {at}: {first!r} ≠ {second!r}")
    return found


# --- a weigher that reads everything it is given -----------------------------------------------


def probe_weigh(
    view: View, d: Decision, seed: int, cancelled: Callable[[], bool] | None = None
) -> tuple[Caution, ...]:
    """Stands in for `cautions.weigh` (its play-outs cost ~0.3 s a decision at one draw): marks
    choices by a checksum of everything the flow hands the weighing — the view, the decision,
    the seed — so any difference in what it is given shows as different ⚠ marks. The engine
    itself reads only those (`el_grande.review.costs`: draws from the view, with the seed)."""
    del cancelled
    base = zlib.crc32(f"{view!r}|{d!r}|{seed}".encode())
    return tuple(
        Caution(c, 4.0 + (base + i) % 7)
        for i, c in enumerate(d.choices)
        if zlib.crc32(f"{base}|{c}".encode()) % 3 == 0
    )


# --- the flow-level run ------------------------------------------------------------------------


@dataclass
class Run:
    """What one run compared: positions (settled screens), and how it ended."""

    positions: int = 0
    ended: str = ""
    scenes: set[str] = field(default_factory=set)


def _decider_view(session: GameSession) -> View | None:
    """The view a computer player decides from next (None: a person decides, or nobody)."""
    d = session.decision
    if d is None or session.bot_level(d.player) is None:
        return None
    return session.game.view(d.player)


def _side(
    session: GameSession,
    warnings: bool,
    confirm: bool,
    strict: bool = False,
    spectator: bool = False,
) -> FlowSide:
    views = [_decider_view(session)]
    moves: list[tuple[int | None, Choice | None]] = []
    told: list[Event] = []

    def played(update: Update) -> None:
        told.extend(update.events)
        if update.choice is not None:
            moves.append((update.chooser, update.choice))
            views.append(_decider_view(session))

    session.subscribe(played)
    watching: list[SpectatorScene] | None = [] if spectator else None
    watchers: tuple[Spectate, ...] = ()
    if watching is not None:
        watchers = (Spectate(session.current.public),)
        watchers[0].listen(watching.append)
    table = Table(session, warnings=warnings, confirm=confirm, strict=strict, watchers=watchers)
    side = FlowSide(table, moves=moves, views=views, told=told, spectator=watching)
    table.flow.listen(lambda _scene: None, side.notices.append)
    return side


def settle(side: FlowSide) -> None:
    """Let the table's clock run until nothing is left to run: the computer players have
    played, the engine has weighed the warnings, every quiet time is over."""
    table = side.table
    step = max(table.quiet, table.take_over) + 0.1
    for _ in range(10_000):
        if not table.clock.pending and not table.flow.weighing and not table.flow.bot_playing:
            return
        table.clock.advance(step)
    raise AssertionError("the table never settled")


#: At a prompt: ask for hints (`h`) instead of answering.
HINT = "hint"


def _act(side: FlowSide, choice: Choice | str | None) -> None:
    """One deliberate input at a settled table: the answer `choice` at a prompt (or `HINT`),
    the letter at a take-over, Enter elsewhere, `t` at a held turn; hints on show are read
    and closed."""
    table = side.table
    scene = table.scene
    table.at(table.clock.now() + table.take_over + 0.1)
    match scene:
        case Prompt():
            assert choice is not None
            assert table.flow.input(Input.KEY, table.clock.now())
            if choice == HINT:
                assert table.flow.hint() is None
            else:
                assert isinstance(choice, Choice) and table.flow.answer(choice) is None
            table.clock.run_due()
        case Hinting():
            table.flow.hint_shown()  # the hints screen was drawn: counted, saved
            table.flow.hint_closed()
        case TakeOver() | HintCurtain():
            table.key(scene.letter)
        case Confirm():
            table.key("t")
        case _:
            table.key("enter")


def run_flow(
    twins: Twins,
    seed: int,
    *,
    warnings: bool = False,
    confirm: bool = False,
    coach: str | None = None,
    hints: bool = False,
    strict: bool = False,
    spectator: bool = False,
    renderers: Sequence[Renderer[FlowSide]] = (flow_text,),
    limit: int = 400,
) -> Run:
    """Play both twins at their tables with the same answers until the reveal (the public
    views part), comparing the settled screen at every step; raises AssertionError on a leak.
    `spectator`: a spectator watches beside each table (`FlowSide.spectator`)."""
    rng = random.Random(seed)
    for session in (twins.left, twins.right):
        session.coach = coach
    # Both tables open part-way: each rebuilds "since your turn" from the game's record
    # (`SinceMemory.of`), the same record in both twins — built once, copied for the other.
    memory = SinceMemory.of(twins.left.game)
    with patch.object(SinceMemory, "of", lambda game: copy.deepcopy(memory)):
        left = _side(twins.left, warnings, confirm, strict, spectator)
        right = _side(twins.right, warnings, confirm, strict, spectator)
    run = Run()
    split = twins.split
    seen = [0, 0]  # the scenes each table showed up to the last comparison
    for _ in range(limit):
        settle(left)
        settle(right)
        if not twins.boards_agree() or left.told != right.told:
            run.ended = _revealed(twins, left, right)
            return run
        # Every scene that passed on the way (a computer player's turn, a banner) as well.
        passed = [_passing(side, twins.privy, at) for side, at in zip((left, right), seen)]
        assert passed[0] == passed[1], (
            f"{twins.kind}: the scenes on the way differ: " + _first_diff(passed[0], passed[1])
        )
        seen = [len(left.table.scenes), len(right.table.scenes)]
        scene = left.table.scene
        who = audience(scene)
        if who not in twins.privy:
            found = differences(left, right, who, renderers)
            assert not found, f"{twins.kind} leak to {who} at {type(scene).__name__}: {found}"
            run.positions += 1
            run.scenes.add(type(scene).__name__)
        if isinstance(scene, GameOver):
            run.ended = "over"
            return run
        choices: tuple[Choice | str | None, Choice | str | None] = (None, None)
        if isinstance(scene, Prompt) and hints and rng.random() < 0.1:
            choices = (HINT, HINT)  # its player asks for hints first
        elif isinstance(scene, Prompt):
            d, other = scene.decision, right.table.scene
            if split is not None and d.player == split[0] and d.secret:
                choices, split = (split[1], split[2]), None
                left.split_at = len(left.moves)
            else:
                pick = d.choices[rng.randrange(len(d.choices))]
                if not isinstance(other, Prompt) or pick not in other.decision.choices:
                    assert scene.seat in twins.privy, "the twins' decisions differ"
                    run.ended = "diverged"  # a privy seat's own choices: not a leak
                    return run
                choices = (pick, pick)
        _act(left, choices[0])
        _act(right, choices[1])
        settle(left)
        settle(right)
        _bots_agree(twins, left, right)
    run.ended = "limit"
    return run


def _passing(side: FlowSide, privy: frozenset[int], since: int) -> list[list[str]]:
    scenes = side.table.scenes[since:]
    return [scene_text(s, side.session) for s in scenes if audience(s) not in privy]


def _castillo_told(e: Event, privy: frozenset[int]) -> bool:
    """The Castillo scored (its counts), emptied (Caballeros leaving it), or a privy seat
    bringing more Caballeros to court than its province held: the rest come from the board,
    in everybody's view (R-R3.1), which tells the province ran short — the rules' reveal."""
    if isinstance(e, E.PlaceScored):
        return e.place == "castillo"
    if isinstance(e, E.CaballerosMoved):
        short = e.src == "province" and e.dst == "court" and e.whose in privy
        return e.src == "castillo" or short
    return False


#: What may first tell the hidden thing to the table, by kind (the event and the privy
#: seats): the disks revealed; the Castillo's counts (above); the next cards turned up.
REVEALS: dict[str, Callable[[Event, frozenset[int]], bool]] = {
    DISK: lambda e, _privy: isinstance(e, E.SecretsRevealed),
    CASTILLO: _castillo_told,
    DECK: lambda e, _privy: isinstance(e, E.CardsRevealed | E.RoundStarted),
}


def _revealed(twins: Twins, left: FlowSide, right: FlowSide) -> str:
    """How the run ended: the public board or the table's story parted. Only at one of the
    kind's reveals, or after a privy seat chose otherwise (a computer player that knows its
    own hidden count): anything else is a leak (a log line, an event told that should not)."""
    for i, (x, y) in enumerate(zip(left.moves, right.moves, strict=False)):
        if x != y and i != left.split_at:
            assert x[0] in twins.privy, f"{twins.kind}: seat {x[0]} chose {x[1]} / {y[1]}"
            return "diverged"
    a, b = left.told, right.told
    at = next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    first = (a[at:] or b[at:])[:1]
    assert first, f"{twins.kind}: the public board parted with nothing told"
    event = first[0]
    told = REVEALS[twins.kind](event, twins.privy)
    assert told, f"{twins.kind} leak: the table was told {event!r}"
    return f"revealed by {type(event).__name__}"


def _bots_agree(twins: Twins, left: FlowSide, right: FlowSide) -> None:
    """Every computer player chose alike in both twins wherever it decided from the same
    view (a bot reads only its own view: R-H2); the first difference ends the check (a privy
    seat went its own way, or the reveal: the public views tell)."""
    for i, (a, b) in enumerate(zip(left.moves, right.moves, strict=False)):
        if a != b:
            seat = a[0]
            same = left.views[i] == right.views[i]
            bot = left.views[i] is not None
            assert not (same and bot), f"{twins.kind}: seat {seat}'s bot chose {a[1]} / {b[1]}"
            return


def _first_diff(a: list[list[str]], b: list[list[str]]) -> str:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            j = next((k for k, (p, q) in enumerate(zip(x, y, strict=False)) if p != q), None)
            if j is None:
                return f"scene {i}: {x[0]} ≠ {y[0]}"
            return f"scene {i} ({x[0]}), line {j}: {x[j]!r} ≠ {y[j]!r}"
    return f"{len(a)} scenes ≠ {len(b)} scenes"
