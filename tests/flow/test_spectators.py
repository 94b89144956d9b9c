"""Whole games for every audience, through the real director (flow/director.py): each seat at
a screen of its own (flow/own_screen.py) with a scripted player, and a spectator
(flow/spectate.py) watching, all hearing one director through a broadcast. No curtain ever
shows; a seat's screen holds its own view or public ones; a spectator's holds public views
only, at every position of 50 seeded games with a hidden Castillo; and through the
non-interference harness (tests/noninterference.py) a spectator beside a hot-seat table is
shown nothing of a hidden Castillo's split."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from el_grande.core import Choice, Decision, Game, PublicView, View
from el_grande.flow.broadcast import Broadcast
from el_grande.flow.clock import ManualClock
from el_grande.flow.confirm import ConfirmTurns
from el_grande.flow.director import Director
from el_grande.flow.feature import Features, Options
from el_grande.flow.own_screen import OwnScreen
from el_grande.flow.scenes import (
    Confirm,
    GameOver,
    Prompt,
    SeatScene,
    Showing,
    SpectatorScene,
    Watching,
)
from el_grande.flow.spectate import Spectate
from el_grande.flow.thinker import thinker_on
from el_grande.session import GameSession, Seating
from el_grande.setup import GameSetup, SeatSetup, default_seats
from tests.noninterference import CASTILLO, DISK, FlowSide, build, run_flow, scene_text

from .table import NAMES, SECRET_CARDS

#: Seconds between a display's steps: nobody at a screen of their own steps the table's
#: display, the director paces it.
PACE = 1.0
GAMES = 50


def _views(scene: object) -> list[View]:
    """Every view a scene holds (its fields)."""
    return [
        value
        for f in dataclasses.fields(scene)  # type: ignore[arg-type]
        if isinstance(value := getattr(scene, f.name), View)
    ]


@dataclass
class Played:
    """A whole game at screens of their own: what each seat's screen and the spectator were
    shown, in order, and the answers each seat's script gave."""

    session: GameSession
    seats: dict[int, list[SeatScene]] = field(default_factory=dict)
    spectator: list[SpectatorScene] = field(default_factory=list)
    refused: int = 0
    answers: Counter[int] = field(default_factory=Counter)


def play(
    seed: int,
    players: int,
    *,
    bots: tuple[int, ...] = (),
    confirm: bool = False,
    screens: bool = True,
    rounds: int = 9,
) -> Played:
    """One seeded game with a hidden Castillo: a scripted player at each person's own screen
    (secret cards preferred now and then, to reach secret steps), a computer player (random)
    in each seat of `bots`, a spectator watching; displays paced by the director. Without
    `screens` the scripts answer the director straight away (only the spectator watches)."""
    seats = tuple(
        SeatSetup(s.name, s.colour, "bot:random" if i in bots else "human")
        for i, s in enumerate(default_seats(NAMES[:players]))
    )
    session = GameSession.new(GameSetup(seats, seed=seed, castillo="hidden", rounds=rounds))
    clock = ManualClock()
    features = Features([ConfirmTurns(session)])
    options = Options(bot_delay=0.0, auto_advance=PACE, confirm=confirm)
    features.configure(options)
    director = Director(session, clock, thinker_on(clock), features, options)
    played = Played(session)
    people = [s for s in range(players) if s not in bots]
    own = {s: OwnScreen(s, session, director.answer) for s in people} if screens else {}
    for seat, screen in own.items():
        played.seats[seat] = []
        screen.listen(played.seats[seat].append)
    spectator = Spectate(session.current.public)
    spectator.listen(played.spectator.append)
    director.attach(Broadcast(director.go_on, [*own.values(), spectator]))
    scripts = {s: random.Random(f"{seed}/{s}") for s in people}
    director.start()
    for _ in range(5000):
        clock.run_due()
        d = session.decision
        if d is None and not director.showing:
            break
        if director.showing or d is None or d.player in bots:
            clock.advance(PACE)  # the display's next step, a computer player's pace
            continue
        if not screens:
            choice = _pick(scripts[d.player], d)
            if session.held is not None:
                session.confirm()
            else:
                assert director.answer(choice) is None
            continue
        screen = own[d.player]
        scene = screen.scene
        others = [s for s in own.values() if s is not screen]
        if isinstance(scene, Confirm):
            assert all(o.end_turn() is not None for o in others)  # never another's turn
            assert screen.end_turn() is None
            continue
        assert isinstance(scene, Prompt) and scene.decision is d, scene
        choice = _pick(scripts[d.player], d)
        for other in others:  # a key typed at another seat's screen answers nothing
            assert other.answer(choice) is not None
            played.refused += 1
        assert screen.answer(choice) is None
        played.answers[d.player] += 1
    else:
        raise AssertionError(f"seed {seed}: the game never ended")
    return played


def _pick(script: random.Random, d: Decision) -> Choice:
    """A scripted player's answer: a secret card half the time it can (to reach secret
    steps), else any legal choice."""
    choice = next((c for c in d.choices if c.arg in SECRET_CARDS), None)
    if choice is None or script.random() < 0.5:
        choice = script.choice(d.choices)
    return choice


def _check_seat(seat: int, scenes: list[SeatScene]) -> None:
    for scene in scenes:
        assert isinstance(scene, Prompt | Watching | Showing | Confirm | GameOver), scene
        for view in _views(scene):
            assert view.seat in (None, seat), f"seat {seat} was shown seat {view.seat}'s view"
        if isinstance(scene, Prompt):
            assert scene.seat == seat and scene.view.seat == seat and not scene.quiet
        if isinstance(scene, Watching):
            assert scene.view.seat == seat  # its own counts on the board meanwhile


def _check_spectator(scenes: list[SpectatorScene]) -> Counter[str]:
    kinds: Counter[str] = Counter()
    for scene in scenes:
        kinds[type(scene).__name__] += 1
        for view in _views(scene):
            assert type(view) is PublicView and view.seat is None, scene
            assert all(p.castillo is None and p.province is None for p in view.players)
            assert view.my_secret is None
            assert view.decision is None or view.decision.choices is None
        if isinstance(scene, Watching) and scene.choice is not None:
            assert scene.bot and scene.view.decision is not None
            assert not scene.view.decision.secret
    return kinds


def _config(i: int) -> dict[str, object]:
    """Game `i` of the 50: in every sixth game every seat a person at a screen of their own
    (3, 4 or 5 players); in the others (3 or 4 players) one or two computer players (random)
    and the persons' scripts answering the director straight away; the spectator watches
    every game; 9 rounds or 6 (R-R6: every scoring too); confirm my turn on some."""
    everybody = i % 6 == 0
    players = 3 + (i // 6) % 3 if everybody else (4 if i % 6 == 3 else 3)
    bots = () if everybody else ((i % players,) if i % 2 else (0, players - 1))
    return {
        "players": players,
        "bots": bots,
        "confirm": i % 4 == 1 or i % 12 == 6,
        "rounds": 9 if i % 5 == 0 else 6,
        "screens": everybody,
    }


@pytest.fixture(scope="module")
def games() -> list[Played]:
    """The 50 seeded games with a hidden Castillo, played once for the tests below."""
    return [play(1000 + i, **_config(i)) for i in range(GAMES)]  # type: ignore[arg-type]


def test_each_seat_plays_whole_games_at_its_own_screen_with_no_curtain(
    games: list[Played],
) -> None:
    """Whole seeded games, one scripted player per seat at a screen of its own (a third of
    the games; computer players in some seats of the others): its prompts at once on its
    own view (its hidden Castillo count on it), the others' turns watched on its own view
    too, no take-over, no curtain; another seat's key answers nothing, nor ends its turn;
    the game is the one its answers make."""
    held = everybody = 0
    for played in games:
        session = played.session
        assert session.decision is None
        everybody += bool(played.seats)
        for seat, scenes in played.seats.items():
            _check_seat(seat, scenes)
            assert isinstance(scenes[-1], GameOver)
            assert sum(isinstance(s, Prompt) for s in scenes) >= played.answers[seat] > 0
            held += sum(isinstance(s, Confirm) for s in scenes)
        persons = sum(played.answers.values())
        assert persons == sum(1 for s, _ in _deciders(session) if s in played.seats)
        assert played.refused == persons * (len(played.seats) - 1)
        replayed = Game.replay(session.game.record())
        assert replayed.scores == session.game.scores and replayed.over
    assert everybody >= 8 and held > 5, (everybody, held)


def _deciders(session: GameSession) -> list[tuple[int, str]]:
    """Who made each choice of the game, and the choice."""
    record = session.game.record()
    game = Game.replay({**record, "choices": []})
    out = []
    for text in session.game.history:
        d = game.decision
        assert d is not None
        out.append((d.player, text))
        game.apply(game.parse(text))
    return out


def test_the_same_seed_and_answers_make_the_same_game_at_screens_of_their_own(
    games: list[Played],
) -> None:
    again = play(1000 + 4, **_config(4))  # type: ignore[arg-type]
    first = games[4]
    assert again.session.game.history == first.session.game.history
    assert again.seats == first.seats and again.spectator == first.spectator


def test_a_spectator_is_shown_public_views_only_in_50_games_with_a_hidden_castillo(
    games: list[Played],
) -> None:
    """Every scene a spectator is shown, at every position of the 50 seeded games with a
    hidden Castillo: public views only — no seat's view, no hidden count, no secret choice,
    no decision's choices."""
    kinds: Counter[str] = Counter()
    for played in games:
        kinds += _check_spectator(played.spectator)
        assert isinstance(played.spectator[-1], GameOver)
    assert kinds["Watching"] > 1000 and kinds["Showing"] > 100, kinds


def test_the_spectators_check_can_fail() -> None:
    """The check above finds a seat's view in a spectator's scene (as if a policy put one
    there: the type forbids it, this is the value's check)."""
    game = Game.new(["Ana", "Ben", "Cy"], seed=1)
    leaked: SpectatorScene = Watching(0, game.view(0))  # type: ignore[arg-type]
    with pytest.raises(AssertionError):
        _check_spectator([leaked])


# --- through the non-interference harness ------------------------------------------------------


class SpectatorText:
    """A renderer for one run: everything the spectator beside the table has been shown so
    far, as the screen would word it (`scene_text`: the board, its tooltips, a display's
    steps). Each scene is worded once, not again at every later position: `scene_text` reads
    the scene and the seating only (all is worded anew if the seating changes)."""

    __name__ = "spectator_text"

    def __init__(self) -> None:
        #: Per side (by id, the side kept), the seating and each scene's words so far.
        self._worded: dict[int, tuple[FlowSide, Seating, list[str]]] = {}

    def __call__(self, side: FlowSide, who: object) -> str:
        del who  # a spectator is its own audience, the same at every position
        shown = side.spectator
        assert shown is not None, "the run watches with a spectator"
        seating = side.session.seating
        kept = self._worded.get(id(side))
        if kept is None or kept[0] is not side or kept[1] != seating:
            kept = self._worded[id(side)] = (side, seating, [])
        worded = kept[2]
        worded += ("\n".join(scene_text(scene, side.session)) for scene in shown[len(worded) :])
        return "\n".join(worded)


def test_a_spectator_beside_the_table_is_shown_nothing_of_a_hidden_castillo() -> None:
    """Two games that differ only in how a hidden Castillo splits between two players: a
    spectator watching beside the hot-seat table is shown the very same scenes in both,
    position by position, until the Castillo's counts are told."""
    positions, ends = 0, Counter[str]()
    for i in range(4):
        twins = build(CASTILLO, 1500 + i, 3 + i % 2, bots=(1,) if i % 2 else ())
        run = run_flow(twins, i, spectator=True, renderers=(SpectatorText(),))
        positions += run.positions
        ends[run.ended.split(" by ")[0]] += 1
    assert positions >= 40, positions
    assert set(ends) <= {"revealed", "over", "diverged"}, ends


def test_a_spectator_beside_the_table_is_shown_nothing_of_a_secret_disk() -> None:
    """Two games that differ only in the region a person set their secret disk to: the
    spectator is shown the very same scenes in both until the disks are revealed."""
    ends = Counter[str]()
    for i in range(4):
        twins = build(DISK, 1600 + i, 3 + i % 3, bots=(2,) if i % 2 else ())
        run = run_flow(twins, i, spectator=True, renderers=(SpectatorText(),))
        ends[run.ended.split(" by ")[0]] += 1
    assert ends["revealed"] >= 2 and set(ends) <= {"revealed", "over", "diverged"}, ends


def test_the_harness_finds_a_spectator_shown_a_seats_view() -> None:
    """A planted leak: a spectator shown the view of one of the two seats whose Castillo
    counts differ is caught at once."""
    twins = build(CASTILLO, 1500, 3)
    privy = min(twins.privy)

    spectator_text = SpectatorText()

    def leaky(side: FlowSide, who: object) -> str:
        own = side.session.game.view(privy)
        return spectator_text(side, who) + repr(own)

    with pytest.raises(AssertionError, match="castillo leak"):
        run_flow(twins, 0, spectator=True, renderers=(leaky,))
