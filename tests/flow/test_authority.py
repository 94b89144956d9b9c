"""The session as the one authority (issue 27, step 1): every change to a game goes through
the session and publishes one `Update` saying what kind of change it was (`Change`), and the
autosave, one subscriber among the others, is the only writer of the save."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from el_grande.core import Choice, IllegalChoice
from el_grande.flow.guided import guided_session
from el_grande.flow.lessons import TIPS
from el_grande.flow.scenes import Confirm, Hinting, Prompt
from el_grande.persist.autosave import attach_autosave
from el_grande.persist.store import load_game
from el_grande.session import Change, GameSession, Update

from .table import Table, held_at, humans, turn_ends

FLOW = Path(__file__).resolve().parents[2] / "el_grande" / "flow"


def heard(session: GameSession) -> list[Update]:
    seen: list[Update] = []
    session.subscribe(seen.append)
    return seen


def test_every_change_publishes_exactly_one_update_of_its_kind() -> None:
    session, choice = held_at(turn_ends)
    seen = heard(session)

    def one(kind: Change) -> Update:
        assert [u.kind for u in seen] == [kind]
        update = seen.pop()
        assert update is session.current  # the latest update is the state as published
        return update

    moves = session.current.moves
    session.hold(choice)
    held = one(Change.HELD)
    assert held.choice is None and held.events == () and held.moves == moves  # nothing played
    assert session.unhold() == choice
    one(Change.UNHELD)
    session.hold(choice)
    one(Change.HELD)
    played = session.confirm()
    assert one(Change.PLAYED) is played and played.choice == choice
    assert played.moves == moves + 1 and session.held is None
    session.hint_used(0)
    assert one(Change.HINT).seating.hints_used[0] == 1
    session.met("power")
    one(Change.LESSON)
    assert session.lessons == ["power"]
    assert session.seat_to(1, "bot:greedy")
    assert one(Change.RESEATED).seating.kind(1) == "bot:greedy"
    assert session.seat_to(1, "human")
    one(Change.RESEATED)
    d = session.decision
    assert d is not None
    session.apply(d.choices[0])
    one(Change.PLAYED)
    assert session.undo()
    undone = one(Change.UNDONE)
    assert undone.undone and not undone.reseated and undone.moves == moves + 1


def test_what_changes_nothing_publishes_nothing() -> None:
    session, choice = held_at(turn_ends)
    seen = heard(session)
    assert session.unhold() is None  # nothing held
    session.met("power")
    session.met("power")  # met already
    assert session.lessons == ["power"]
    assert not session.seat_to(0, session.kind(0))  # plays it already
    session.hold(choice)
    with pytest.raises(IllegalChoice):
        session.hold(Choice("nonsense", "x"))
    assert session.held == choice  # the illegal one changed nothing
    assert [u.kind for u in seen] == [Change.LESSON, Change.HELD]
    fresh = humans(3, 5)
    assert not fresh.undo()  # nothing to take back: nothing published
    assert fresh.current.kind is Change.OPENED


def _writes(listener: object, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every write of the save file, named by the session's update that caused it."""
    saver = listener.saver  # type: ignore[attr-defined]
    assert saver is not None
    writes: list[str] = []
    real = saver.save

    def save(game: object) -> None:
        writes.append("write")
        real(game)

    monkeypatch.setattr(saver, "save", save)
    return writes


def test_the_autosave_writes_once_per_update_and_nothing_else_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A held choice, its taking back, a hint counted, a confirmed turn: each is one update,
    and each update is one write of the save (by the autosave: the flow writes nothing)."""
    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    session, choice = held_at(turn_ends)
    listener = attach_autosave(session)
    seen = heard(session)
    writes = _writes(listener, monkeypatch)
    assert listener.saver is not None
    path = listener.saver.path
    table = Table(session, confirm=True)
    table.settle()

    table.flow.answer(choice)
    assert isinstance(table.scene, Confirm)
    assert load_game(path)[0].held == str(choice)  # a kill now loses nothing
    table.key("u")  # taken back
    assert isinstance(table.scene, Prompt) and load_game(path)[0].held is None
    assert table.flow.hint() is None and isinstance(table.scene, Hinting)
    table.flow.hint_shown()
    assert load_game(path)[0].hints_used[choice_seat(session)] == 1
    table.flow.hint_closed()
    table.flow.answer(choice)
    table.key("t")  # the turn ends: the held choice is played
    assert load_game(path)[0].choices == list(session.game.history)
    kinds = [u.kind for u in seen]
    assert kinds == [Change.HELD, Change.UNHELD, Change.HINT, Change.HELD, Change.PLAYED]
    assert len(writes) == len(seen)
    listener.close()


def choice_seat(session: GameSession) -> int:
    d = session.decision
    assert d is not None
    return d.player


@pytest.mark.parametrize("coached", ["learn", "tips"])
def test_every_lesson_met_is_one_update_and_one_write(
    coached: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The coach records a lesson (or a tip) through the session: one LESSON update each, in
    the order met, and the save holds them at once."""
    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    if coached == "learn":
        session = guided_session()
    else:
        session = humans(3, 11)
        session.coach = TIPS
    listener = attach_autosave(session)
    seen = heard(session)
    writes = _writes(listener, monkeypatch)
    assert listener.saver is not None
    table = Table(session)
    rng = random.Random(3)
    for _ in range(60):
        table.settle()
        scene = table.scene
        if isinstance(scene, Prompt):
            table.flow.answer(rng.choice(scene.decision.choices))
        else:
            table.key("enter")
        lessons = [u for u in seen if u.kind is Change.LESSON]
        assert len(lessons) == len(session.lessons)
        assert load_game(listener.saver.path)[0].lessons == session.lessons
    assert len(session.lessons) >= 2
    assert len(writes) == len(seen)
    listener.close()


def test_the_flow_never_reaches_the_save() -> None:
    """No module of the table's flow imports the saves (`el_grande.persist`): the autosave,
    a subscriber of the session, is the one writer of the save."""
    reaching = []
    for path in sorted(FLOW.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            reaching += [f"{path.name}: {n}" for n in names if n.startswith("el_grande.persist")]
    assert reaching == []
