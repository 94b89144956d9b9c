"""Audiences and their policies, beat by beat (flow/audience.py, flow/own_screen.py,
flow/spectate.py): who may be handed a seat's own view, what a seat's own screen and a
spectator's screen make of each of the director's beats, and that a spectator's scene can
hold a public view only — by type (mypy refuses a seat's view there: tests/typed) and by
value."""

from __future__ import annotations

import dataclasses
import random
import re
import typing
from collections.abc import Callable
from pathlib import Path

import pytest

from el_grande import core
from el_grande.core import Choice, Game, PublicView, View
from el_grande.flow.audience import Seat, Spectator, Table, private_view
from el_grande.flow.beats import Beat, Chosen, Decide, Held, Over, Show, Thinking
from el_grande.flow.broadcast import Broadcast
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
from el_grande.narrate import ScoringStep
from el_grande.session import GameSession

from .table import held_at, humans, secret_position

ROOT = Path(__file__).resolve().parents[2]


def _public_decision(session: GameSession, seed: int = 0) -> GameSession:
    """Play on to a public decision with at least two choices (hidden Castillo counts by
    then: some Caballeros went into it)."""
    rng = random.Random(seed)
    while (d := session.decision) is not None:
        if not d.secret and len(d.choices) >= 2 and len(session.game.history) > 30:
            return session
        session.apply(rng.choice(d.choices))
    raise AssertionError("the game ended first")


# --- audiences ---------------------------------------------------------------------------------


def test_a_seats_own_view_goes_to_its_own_screen_or_its_table_never_to_a_spectator() -> None:
    session = humans(3, 5, castillo="hidden")
    own = private_view(session, Seat(1), 1)
    assert type(own) is View and own.seat == 1
    assert private_view(session, Table.of([0, 1]), 0) == session.game.view(0)
    for audience, seat in ((Seat(1), 0), (Table.of([0, 2]), 1), (Spectator(), 0)):
        with pytest.raises(ValueError, match=f"seat {seat}'s own view is not for"):
            private_view(session, audience, seat)  # type: ignore[arg-type]


def test_who_sits_in_which_audience() -> None:
    mixed = Table.of([0, 2])  # two hot seats at one keyboard beside a remote seat 1
    assert [mixed.sits(s) for s in range(3)] == [True, False, True]
    assert [Seat(1).sits(s) for s in range(3)] == [False, True, False]
    assert not any(Spectator().sits(s) for s in range(3))


def test_no_module_of_the_table_but_audience_asks_for_a_seats_view() -> None:
    """`private_view` is the one place of the table package that hands out a seat's own
    view: no other module asks the session for one (`view_for`, an update's `private`) or
    builds one from the game (`.view(seat)`)."""
    reaching = []
    for path in sorted((ROOT / "el_grande" / "flow").glob("*.py")):
        if path.name == "audience.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#")[0]
            if ".view_for(" in code or re.search(r"\.private\b(?!_)", code) or _seat_view(code):
                reaching.append(f"{path.name}:{n}: {line.strip()}")
    assert not reaching, "\n".join(reaching)


def _seat_view(code: str) -> bool:
    """`x.view(...)` with anything but None (or nothing) between the brackets."""
    at = code.find(".view(")
    while at >= 0:
        inside = code[at + len(".view(") :].split(")")[0].strip()
        if inside not in ("", "None"):
            return True
        at = code.find(".view(", at + 1)
    return False


# --- a spectator's screen ----------------------------------------------------------------------


def test_a_spectator_watches_who_decides_on_the_public_board() -> None:
    session = _public_decision(humans(3, 4, castillo="hidden"))
    d, public = session.decision, session.current.public
    assert d is not None
    spectator = Spectate(public)
    drawn: list[SpectatorScene] = []
    spectator.listen(drawn.append)
    spectator.beat(Decide(d.player, d, public))
    assert drawn == [Watching(d.player, public)]
    assert public.decision is not None and public.decision.choices is None  # never the choices
    spectator.beat(Decide(d.player, d, public))  # the same scene again: not drawn again
    spectator.beat(Chosen(d.player, public))  # no curtain: the next beat follows
    assert len(drawn) == 1


def test_a_spectator_sees_a_computer_players_public_choice_never_a_secret_one() -> None:
    session = secret_position("castillo")
    d, public = session.decision, session.current.public
    assert d is not None and d.secret
    spectator = Spectate(public)
    spectator.beat(Thinking(d.player, d, public, d.choices[0]))  # (a beat never holds one)
    assert spectator.scene == Watching(d.player, public, bot=True, choice=None)
    session = _public_decision(humans(3, 2))
    d, public = session.decision, session.current.public
    assert d is not None
    spectator.beat(Thinking(d.player, d, public, d.choices[1]))
    assert spectator.scene == Watching(d.player, public, bot=True, choice=d.choices[1])


def test_a_spectator_sees_a_held_turn_only_once_it_is_ended() -> None:
    """A turn held for its player's confirmation may still be taken back: the spectator
    watches the board as it stands, not the preview (as the spectator who came in while it
    was held does)."""
    session = _public_decision(humans(3, 6))
    d, board = session.decision, session.current.public
    assert d is not None
    preview = dataclasses.replace(board, king="galicia" if board.king != "galicia" else "aragon")
    held = Held(d.player, d, d.choices[0], preview, ("Ana moves the King.",))
    late = Spectate(board)
    late.beat(held)
    watching = Spectate(board)
    watching.beat(Decide(d.player, d, board))
    watching.beat(held)
    assert watching.scene == late.scene == Watching(d.player, board)


def test_a_spectator_watches_a_display_step_by_step_and_the_game_over() -> None:
    game = Game.new(["Ana", "Ben", "Cy"], seed=1)
    public = game.view(None)
    spectator = Spectate(public)
    steps = (ScoringStep("Galicia", ("Ana 5",), "galicia", 3),)
    spectator.beat(Show("General scoring 1 of 3", steps, 0, public, "galicia"))
    assert spectator.scene == Showing("General scoring 1 of 3", steps, 0, public, "galicia")
    spectator.beat(Over(public))
    assert spectator.scene == GameOver(public)


def test_every_view_a_spectators_scene_holds_is_typed_public() -> None:
    """The spectator's union has no field that may hold a seat's view: every field typed
    with a view is typed `PublicView` (and its `Watching` is `Watching[PublicView]`)."""
    for member in typing.get_args(SpectatorScene):
        cls, args = typing.get_origin(member) or member, typing.get_args(member)
        hints = typing.get_type_hints(cls, localns={**vars(core), "ScoringStep": ScoringStep})
        for name, hint in hints.items():
            if hint is View or (isinstance(hint, type) and issubclass(hint, View)):
                assert hint is PublicView, f"{cls.__name__}.{name}: {hint}"
            elif isinstance(hint, typing.TypeVar):
                assert args == (PublicView,), f"{cls.__name__}.{name}: {member}"
            else:
                assert "View" not in str(hint), f"{cls.__name__}.{name}: {hint}"


def test_mypy_is_set_to_refuse_a_seats_own_view_in_a_spectators_scene() -> None:
    """By type: the project's mypy run (strict; `.ci/run`) checks tests/typed/public_views.py,
    where the public views pass and every line that puts a seat's view in a spectator's scene
    or a beat carries the one error mypy must give it (an ignore no longer needed is an error
    under strict). Run in this process, mypy took 5 s from a clean clone and thawed the
    collector's frozen objects; here: that the run checks the file, and that every line
    there that hands over a seat's view (`own`) is one mypy must refuse."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "tests/typed" in config["tool"]["mypy"]["files"]
    lines = (ROOT / "tests" / "typed" / "public_views.py").read_text(encoding="utf-8")
    handed = [line for line in lines.splitlines() if re.search(r"\bown[,)]", line)]
    assert len(handed) == 6
    assert all(line.endswith("  # type: ignore[arg-type]") for line in handed), handed


# --- a seat's own screen -----------------------------------------------------------------------


def test_a_seats_own_screen_opens_its_prompt_on_its_own_view_at_once() -> None:
    session = _public_decision(humans(3, 8, castillo="hidden"))
    d, public = session.decision, session.current.public
    assert d is not None
    answered: list[Choice] = []
    mine = OwnScreen(d.player, session, lambda c: answered.append(c))
    other = OwnScreen((d.player + 1) % 3, session, lambda c: answered.append(c))
    for screen in (mine, other):
        screen.beat(Decide(d.player, d, public))
    assert isinstance(mine.scene, Prompt) and not mine.scene.quiet
    assert mine.scene.view == session.game.view(d.player)  # its own Castillo count on it
    assert mine.scene.view.players[d.player].castillo is not None
    assert other.scene == Watching(d.player, session.game.view(other.seat))
    assert other.answer(d.choices[0]) is not None  # another seat's key answers nothing
    assert mine.answer(d.choices[0]) is None and answered == [d.choices[0]]


def test_a_seats_own_screen_needs_no_curtain_for_its_secret() -> None:
    session = secret_position("castillo")
    d, public = session.decision, session.current.public
    assert d is not None and d.secret
    screen = OwnScreen(d.player, session, lambda c: None)
    screen.beat(Decide(d.player, d, public, after_secret=(d.player + 2) % 3))
    assert isinstance(screen.scene, Prompt) and screen.scene.view == session.game.view(d.player)
    before = screen.scene
    screen.beat(Chosen(d.player, public))  # the last secret of a step: nothing to lower
    assert screen.scene is before


def test_a_seats_own_screen_refuses_an_answer_once_the_decision_moved_on() -> None:
    session = _public_decision(humans(3, 9))
    d = session.decision
    assert d is not None
    answered: list[Choice] = []
    screen = OwnScreen(d.player, session, lambda c: answered.append(c))
    screen.beat(Decide(d.player, d, session.current.public))
    assert screen.answer(Choice("nonsense", 99)) is not None  # not one of its answers
    session.apply(d.choices[0])  # the decision moved on (an undo, a seat changing hands…)
    nd = session.decision
    assert nd is not None and nd.choices
    assert screen.answer(nd.choices[0]) is not None and screen.answer(d.choices[0]) is not None
    assert answered == []


def test_a_seats_own_screen_confirms_its_own_held_turn_and_watches_the_others() -> None:
    session = _public_decision(humans(3, 3))
    d, board = session.decision, session.current.public
    assert d is not None
    held = Held(d.player, d, d.choices[0], board, ("told",), "turn")
    mine, other = (
        OwnScreen(d.player, session, lambda c: None),
        OwnScreen((d.player + 1) % 3, session, lambda c: None),
    )
    mine.beat(held)
    other.beat(held)
    assert mine.scene == Confirm(d.player, d, d.choices[0], board, True, ("told",), "turn")
    assert other.scene == Watching(d.player, session.game.view(other.seat))


def test_a_seats_scenes_are_seat_scenes() -> None:
    assert set(typing.get_args(SeatScene)) >= {Prompt, Confirm, Showing, GameOver}


# --- several audiences at one table ------------------------------------------------------------


class _Heard:
    """A policy that writes down what it heard, and may answer a beat with another one."""

    def __init__(self, name: str, log: list[str], then: Callable[[Beat], None] | None = None):
        self.name, self.log, self.then = name, log, then

    def beat(self, beat: Beat) -> None:
        self.log.append(f"{self.name} {type(beat).__name__}")
        if self.then is not None:
            self.then(beat)


def test_every_audience_hears_a_beat_before_anyone_hears_the_next() -> None:
    """A beat that one policy brings about (an answer at once) waits until every policy has
    heard the beat before; after the last secret of a step the broadcast goes on by itself
    (a table of screens of their own: nobody to hide from), and never twice."""
    public = Game.new(["Ana", "Ben", "Cy"], seed=1).view(None)
    log: list[str] = []
    went_on: list[int] = []
    fan: Broadcast

    def answer_at_once(beat: Beat) -> None:
        if isinstance(beat, Chosen):
            fan.beat(Over(public))  # (as if its screen answered on the spot)

    first = _Heard("seat0", log, answer_at_once)
    fan = Broadcast(lambda: went_on.append(1), [first, _Heard("seat1", log)])
    fan.beat(Chosen(0, public))
    assert log == ["seat0 Chosen", "seat1 Chosen", "seat0 Over", "seat1 Over"]
    assert went_on == [1]


def test_a_seat_takes_back_or_ends_its_own_held_turn_and_no_other() -> None:
    session, choice = held_at(lambda d, events, after: True, players=3)
    d = session.decision
    assert d is not None
    session.hold(choice)
    held = Held(d.player, d, choice, session.current.public, (), "turn")
    mine = OwnScreen(d.player, session, lambda c: None)
    other = OwnScreen((d.player + 1) % 3, session, lambda c: None)
    for screen in (mine, other):
        screen.beat(held)
    assert other.end_turn() is not None and other.take_back() is not None
    assert session.held == choice
    assert mine.take_back() is None and session.held is None
    assert mine.scene == Prompt(d.player, d, session.game.view(d.player), cursor=choice)
    assert mine.end_turn() is not None  # nothing held any more: nothing changes
    moves = len(session.game.history)
    session.hold(choice)
    mine.beat(held)
    assert mine.end_turn() is None and len(session.game.history) == moves + 1
