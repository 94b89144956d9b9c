"""A save never outgrows its own format (issue 26, item 4): what play grows (hints counted,
lessons and tips met, seats changing hands, held choices) stays within what the loader reads,
and what is written is read back by the same model before it replaces the file."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from el_grande.core.cards import CARD_STACK
from el_grande.flow.clock import ManualClock
from el_grande.flow.handover import Input
from el_grande.flow.lessons import LESSONS, TIPS
from el_grande.flow.scenes import (
    Confirm,
    Curtain,
    GameOver,
    HintCurtain,
    Hinting,
    Prompt,
    Showing,
    TakeOver,
)
from el_grande.flow.table import TableFlow
from el_grande.limits import CARD_TIP, LESSON_IDS, MAX_HINTS, coach_problem, known_ids, saturated
from el_grande.persist.autosave import attach_autosave, seats_of, setups_of
from el_grande.persist.errors import SaveFileError
from el_grande.persist.model import MAX_SAVE_NAME_CELLS, SaveFile, parse_save
from el_grande.persist.store import (
    Autosaver,
    Unloadable,
    held_of,
    load_game,
    load_save,
    record_of,
    save_from_game,
    saves_dir,
    write_save,
)
from el_grande.session import GameSession
from el_grande.setup import GameSetup, SeatSetup, bot_kind

KNOWN = sorted(known_ids(CARD_STACK))


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    # Hundreds of autosaves: what is written matters here, not that it reaches the disk
    # (tests/persist/test_persist_kill.py proves that).
    monkeypatch.setattr(os, "fsync", lambda fd: None)


def test_the_lessons_a_save_may_keep_are_the_coachs_own() -> None:
    ids = [lesson.id for lesson in LESSONS]  # (in any order: the order is the coach's)
    assert sorted(ids) == sorted(LESSON_IDS) and len(set(LESSON_IDS)) == len(LESSON_IDS)
    assert coach_problem([*LESSON_IDS, CARD_TIP + "veto"], CARD_STACK) is None
    assert coach_problem(["power", "power"], CARD_STACK) == (
        "entry 2 is a lesson or tip met before (entries are met once each)"
    )
    assert coach_problem(["power", "card:nope"], CARD_STACK) == (
        "entry 2 is not a lesson or tip El Grande knows"
    )
    assert saturated(0) == 1
    assert saturated(MAX_HINTS - 1) == MAX_HINTS
    assert saturated(MAX_HINTS) == MAX_HINTS


def _saved_text(**fields: object) -> str:
    session = GameSession.new(GameSetup((SeatSetup("Ana", "red"), SeatSetup("Ben", "blue"))))
    save = save_from_game(session.game, seats=seats_of(session.seats))
    return save.model_copy(update=fields).to_json()


@pytest.mark.parametrize(
    ("fields", "where"),
    [
        ({"lessons": [f"x{n}" for n in range(200)]}, "at lessons"),  # the old loader took these
        ({"lessons": ["power", "court", "power"]}, "entry 3 is a lesson or tip met before"),
        ({"lessons": ["card:no_such_card"]}, "entry 1 is not a lesson or tip"),
        ({"hints_used": [MAX_HINTS + 1, 0]}, "at hints_used[0]"),
    ],
)
def test_a_save_past_what_play_can_reach_is_refused_in_one_sentence(
    fields: dict[str, object], where: str
) -> None:
    with pytest.raises(SaveFileError) as caught:
        parse_save(_saved_text(**fields), "x.json")
    message = str(caught.value)
    assert message.startswith("x.json does not match the save format") and where in message
    assert message.count(".") == 2 and "\n" not in message  # x.json, and the one full stop


def test_a_save_at_every_limit_loads() -> None:
    save = parse_save(
        _saved_text(
            hints_used=[MAX_HINTS, MAX_HINTS], lessons=KNOWN, name="W" * MAX_SAVE_NAME_CELLS
        )
    )
    assert save.hints_used == [MAX_HINTS, MAX_HINTS] and save.lessons == KNOWN


def test_a_save_that_would_not_load_again_is_not_written_and_the_last_one_stays(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.json"
    good = parse_save(_saved_text())
    write_save(good, path)
    before = path.read_text()
    bad = good.model_copy(update={"hints_used": [MAX_HINTS + 1, 0]})  # no check on a copy
    with pytest.raises(Unloadable) as caught:
        write_save(bad, path)
    assert "would not load it again" in str(caught.value.strerror)
    assert "hints_used[0]" in str(caught.value.strerror)
    assert path.read_text() == before
    assert list(tmp_path.iterdir()) == [path]  # no temp file left either


def _at_limits(rng: random.Random) -> SaveFile:
    """A save of a game some way in, at the format's limits: every hint count at its cap, all
    lessons and tips met but a few (a tips game), the longest name, hints on or off."""
    kinds = ["human", "human", rng.choice(["human", bot_kind("random")])]
    seats = tuple(
        SeatSetup(n, c, k) for n, c, k in zip(("Ana", "Ben", "Cy"), ("red", "blue", "green"), kinds)
    )
    session = GameSession.new(GameSetup(seats, seed=rng.randrange(10**6)))
    for _ in range(rng.randrange(0, 60)):
        d = session.decision
        assert d is not None
        session.apply(rng.choice(d.choices))
    save = save_from_game(session.game, seats=seats_of(session.seats))
    save.hints = rng.random() < 0.5
    save.hints_used = [MAX_HINTS] * 3
    save.coach = TIPS
    save.lessons = rng.sample(KNOWN, len(KNOWN) - rng.randrange(0, 6))
    save.name = "W" * MAX_SAVE_NAME_CELLS
    return save


def _resume(save: SaveFile) -> tuple[GameSession, TableFlow, ManualClock, Path]:
    """Open the save as the app does (`GameSave.session_for`, app/game_save.py), on a flow."""
    path = saves_dir() / f"{save.game_id}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(save.to_json(), encoding="utf-8")
    loaded, _ = load_game(path)
    saver = Autosaver.resume(loaded)
    session = GameSession.from_record(
        record_of(loaded),
        setups_of(loaded),
        hints=loaded.hints,
        hints_used=loaded.hints_used,
        coach=loaded.coach,
        lessons=loaded.lessons,
    )
    session.held = held_of(loaded, session.game)
    listener = attach_autosave(session, saver)
    listener.save(session.game)
    clock = ManualClock()
    flow = TableFlow(
        session,
        clock,
        bot_delay=0.0,
        quiet=0.0,
        take_over_seconds=0.0,
        letters=random.Random(1),
        confirm=True,
    )
    flow.start()
    return session, flow, clock, saver.path


def _act(flow: TableFlow, clock: ManualClock, rng: random.Random) -> str:
    """One thing a player may do now, picked at random; what it was."""
    clock.advance(0.5)
    scene = flow.scene
    flow.input(Input.KEY, clock.now())  # the key that does it (after a quiet keyboard)
    if isinstance(scene, (TakeOver, HintCurtain)):
        flow.take_over(scene.letter)
        return "take over"
    if isinstance(scene, Curtain):
        flow.lower()
        return "curtain"
    if isinstance(scene, Showing):
        flow.step()
        return "step"
    if isinstance(scene, Hinting):
        flow.hint_shown()
        flow.hint_closed()
        return "hint"
    if isinstance(scene, Confirm):
        if rng.random() < 0.3:
            flow.undo()
            return "take back"
        flow.end_turn()
        return "confirm"
    if isinstance(scene, Prompt):
        roll = rng.random()
        if roll < 0.15:
            flow.hint()
            return "ask hint"
        if roll < 0.25:
            flow.undo()
            return "undo"
        if roll < 0.32:
            seat = rng.randrange(len(flow.session.seats))
            kind = rng.choice(["human", bot_kind("random"), bot_kind("strong")])
            flow.give_seat(seat, kind)
            if kind == bot_kind("strong"):  # (it counts as a hint without hints; it thinks
                flow.give_seat(seat, "human")  # long: taken back before it plays)
            return "seat"
        flow.answer(rng.choice(scene.decision.choices))
        return "answer"
    return "wait"


@pytest.mark.parametrize("seed", range(6))
def test_from_a_save_at_every_limit_play_goes_on_and_the_autosave_always_loads(
    seed: int,
) -> None:
    rng = random.Random(seed)
    session, flow, clock, path = _resume(_at_limits(rng))
    done: dict[str, int] = {}
    for _ in range(160):
        if isinstance(flow.scene, GameOver):
            break
        what = _act(flow, clock, rng)
        done[what] = done.get(what, 0) + 1
        if what in ("wait", "step", "curtain", "take over"):
            continue
        saved, game = load_game(path)  # raises if the autosave would not load
        assert saved.hints_used == session.hints_used
        assert all(n <= MAX_HINTS for n in saved.hints_used)
        assert saved.lessons == session.lessons
        assert len(set(saved.lessons)) == len(saved.lessons)
        assert game.record()["choices"] == session.game.record()["choices"]
        assert saved.held == (None if session.held is None else str(session.held))
    flow.close()
    assert done.get("hint", 0) + done.get("answer", 0) > 0


def test_a_hint_at_the_cap_counts_nothing_and_the_game_still_saves() -> None:
    rng = random.Random(3)
    save = _at_limits(rng)
    save.hints = True
    session, flow, clock, path = _resume(save)
    for _ in range(200):
        if isinstance(flow.scene, Prompt):
            break
        _act(flow, clock, rng)
    assert isinstance(flow.scene, Prompt)
    seat = flow.scene.seat
    flow.hint()
    while not isinstance(flow.scene, Hinting):
        _act(flow, clock, rng)
    flow.hint_shown()
    assert session.hints_used[seat] == MAX_HINTS
    assert load_save(path).hints_used[seat] == MAX_HINTS
    flow.close()


def test_an_autosave_that_would_not_load_again_is_reported_and_the_game_goes_on() -> None:
    """A bug that pushes a save past its format is said on the table (the autosave's problem
    line) and the last good save stays; the game is not lost."""
    session, flow, clock, path = _resume(_at_limits(random.Random(5)))
    before = path.read_bytes()
    listener = next(iter(s for s in session.subscribers if hasattr(s, "problem")))
    session.hints_used[0] = MAX_HINTS + 1  # what no play can do any more: a bug, on purpose
    listener.save(session.game)
    assert listener.problem is not None
    assert listener.problem.startswith(f"Autosave failed: cannot write {path}: El Grande would")
    assert "hints_used[0]" in listener.problem and listener.problem.endswith("is kept.")
    assert path.read_bytes() == before and load_game(path)
    session.hints_used[0] = MAX_HINTS  # fixed: the next save works and the line goes
    listener.save(session.game)
    assert listener.problem is None and load_save(path).hints_used[0] == MAX_HINTS
    flow.close()


def test_a_save_bigger_than_the_reader_reads_is_not_written(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    save = parse_save(_saved_text())
    big = save.model_copy(update={"choices": ["x" * 1000] * 1100})  # past 1 MiB
    with pytest.raises(Unloadable, match="is too big to be a save file"):
        write_save(big, path)
    assert not path.exists()
