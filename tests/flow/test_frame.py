"""The table's frame (`TableFlow.frame`, `el_grande.flow.scenes.Frame`): the scene and what a
screen draws around it, so that the game screen reads no session."""

from __future__ import annotations

from el_grande.flow.scenes import BotTurn, Prompt
from el_grande.session import GameSession
from el_grande.setup import GameSetup, SeatSetup

from .table import Table, humans


def test_the_frame_carries_the_scene_the_seating_and_the_log_window() -> None:
    session = humans(3, 7)
    table = Table(session)
    frame = table.flow.frame
    assert frame.scene is table.scene and isinstance(frame.scene, Prompt)
    assert frame.seating is session.seating and frame.decision is session.decision
    assert frame.active == session.current.public.active
    assert (frame.log.shown, frame.log.epoch) == (len(session.log), 0)
    assert list(frame.log.lines[: frame.log.shown]) == list(session.log)
    assert frame.hints and not frame.gutter and not frame.bots and frame.note is None
    assert frame.quiet == table.flow.guard.quiet


def test_the_frame_says_why_undo_is_refused_and_follows_an_undo() -> None:
    session = humans(3, 7)
    table = Table(session)
    flow = table.flow
    assert flow.frame.no_undo == session.why_no_undo() != ""  # nothing of hers to take back
    for _ in range(4):
        table.quietly("enter")
    while not flow.can_undo:
        table.quietly("enter")
    assert flow.frame.no_undo is None
    assert flow.undo() is None
    frame = flow.frame
    assert frame.log.epoch == 1 and frame.log.shown == len(session.log)  # written again


def test_the_frame_of_a_table_with_a_computer_player() -> None:
    seats = (SeatSetup("Ana", "yellow", "human"), SeatSetup("Ben", "red", "bot:random"))
    session = GameSession.new(GameSetup(seats, seed=3, hints=False))
    table = Table(session, warnings=True)
    flow, frames = table.flow, []
    flow.listen(lambda scene: frames.append(flow.frame) if isinstance(scene, BotTurn) else None)
    for _ in range(12):
        if frames:
            break
        table.quietly("enter")
    frame = frames[0]
    assert frame.bots and not frame.hints and not frame.gutter  # no cautions without hints
    assert frame.decision is not None and frame.seating.bot_level(frame.decision.player)
