"""Confirm my turn (`el_grande.flow.confirm`), state by state, without a screen: which choice
is held, what the board shows meanwhile, `t` and Enter, undo from the held choice, the
hand-overs that follow, a held choice in the save, and the setting off.

The positions are found by playing seeded games with seeded random answers until a human's
answer would be held in the way a test needs (same seed, same answers: the same game)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from el_grande.core import Choice, Decision, DecisionKind, Event, UndoBlock, undo_block
from el_grande.core import events as E
from el_grande.flow.confirm import confirm_on
from el_grande.flow.handover import HandOvers, Wait
from el_grande.flow.scenes import Confirm, GameOver, Prompt, Showing, TakeOver
from el_grande.persist.autosave import attach_autosave, setups_of
from el_grande.persist.errors import SaveFileError
from el_grande.persist.store import held_of, load_game, record_of
from el_grande.session import GameSession
from el_grande.text import t as t_

from .table import Table, Want, held_at, humans, turn_ends


def held(want: Want = turn_ends, **table: object) -> Table:
    """A table at the Confirm scene of such a held answer (the quiet times of the game)."""
    session, choice = held_at(want, **table.pop("options", {}))  # type: ignore[arg-type]
    t = Table(session, confirm=True, **table)  # type: ignore[arg-type]
    # (A position played to opens as a resumed game: after a quiet moment, or by the letter.)
    if isinstance(t.scene, TakeOver):
        t.quietly(t.scene.letter.lower())
    assert isinstance(t.scene, Prompt)
    t.settle()
    assert t.flow.answer(choice) is None
    assert isinstance(t.scene, Confirm) and t.scene.choice == choice
    return t


def test_a_turns_last_choice_is_held_not_applied_and_nothing_is_published() -> None:
    table = held()
    session, scene = table.session, table.scene
    assert isinstance(scene, Confirm)
    moves, log = len(session.game.history), len(session.log)
    assert session.held == scene.choice and scene.then == "turn"  # the turn ends with it
    assert session.decision is scene.decision  # still the decision it answers
    assert len(session.game.history) == moves and len(session.log) == log
    assert table.flow.log_shown == log  # no line of it to read
    assert table.flow.can_undo and not table.flow.at_prompt


def test_t_ends_the_turn_at_once_and_the_next_player_gets_the_quiet_time() -> None:
    table = held()
    scene = table.scene
    assert isinstance(scene, Confirm) and not scene.ready
    moves = len(table.session.game.history)
    table.key("t")  # at once: a deliberate key, never typed ahead by habit
    assert table.session.held is None
    assert table.session.game.history[-1] == str(scene.choice)
    assert len(table.session.game.history) == moves + 1
    nxt = table.scene
    assert isinstance(nxt, Prompt) and nxt.seat != scene.seat and nxt.quiet


def test_enter_ends_the_turn_only_after_the_quiet_time() -> None:
    table = held()
    start = table.clock.now()
    assert table.flow.end_turn(enter=True) is not None  # no input before it at all: refused
    table.key("enter", start + 0.3)  # typed ahead
    assert isinstance(table.scene, Confirm) and table.session.held is not None
    table.key("enter", start + 0.3 + table.quiet - 0.1)  # not quiet long enough since the last
    assert isinstance(table.scene, Confirm)
    table.at(table.clock.now() + table.quiet)
    scene = table.scene
    assert isinstance(scene, Confirm) and scene.ready  # shown: Enter counts now
    table.key("enter")
    assert table.session.held is None and not isinstance(table.scene, Confirm)


def test_a_wrong_key_or_answer_at_the_confirm_step_changes_nothing() -> None:
    table = held()
    scene = table.scene
    assert isinstance(scene, Confirm)
    session = table.session
    moves, log = len(session.game.history), len(session.log)
    for key in ("1", "a", "down", "space", "k", "z"):
        table.key(key)
    assert isinstance(table.scene, Confirm) and table.scene.choice == scene.choice
    assert table.flow.answer(scene.decision.choices[0]) is not None
    assert table.flow.hint() is not None
    assert session.held == scene.choice
    assert (len(session.game.history), len(session.log)) == (moves, log)


def test_undo_drops_the_held_choice_and_opens_its_prompt_on_it_then_goes_back_further() -> None:
    table = held()
    scene = table.scene
    assert isinstance(scene, Confirm)
    moves = len(table.session.game.history)
    table.key("u")
    back = table.scene
    assert isinstance(back, Prompt) and back.decision is scene.decision
    assert back.cursor == scene.choice  # the highlight on the choice taken back
    assert back.decision.choices[table.cursor] == scene.choice
    assert table.session.held is None and len(table.session.game.history) == moves
    table.key("enter")  # the same choice again: held again
    assert isinstance(table.scene, Confirm) and table.scene.choice == scene.choice
    table.key("u")
    # Further undos go back through the turn as before.
    assert table.session.can_undo()
    assert table.flow.undo() is None
    assert len(table.session.game.history) == moves - 1
    assert isinstance(table.scene, Prompt) and table.scene.seat == scene.seat


def test_the_preview_shows_the_choice_but_not_the_next_rounds_cards() -> None:
    def round_ends(d: Decision, events: list[Event], after: Decision | None) -> bool:
        return any(isinstance(e, E.CardsRevealed) for e in events)

    table = held(round_ends)
    scene = table.scene
    assert isinstance(scene, Confirm)
    before = table.session.current.public
    assert scene.view.round == before.round
    assert scene.view.face_up == before.face_up and scene.view.revealed == before.revealed
    assert [p.score for p in scene.view.players] == [p.score for p in before.players]
    table.key("t")
    after = table.session.current.public
    assert after.round != before.round  # the confirmation revealed them


def test_the_preview_plays_out_placements_but_no_general_scoring() -> None:
    def scores(d: Decision, events: list[Event], after: Decision | None) -> bool:
        moved = any(isinstance(e, E.CaballerosMoved) and e.dst not in ("court",) for e in events)
        general = any(isinstance(e, E.PlaceScored) and e.why == "general" for e in events)
        return moved and general

    table = held(scores)
    scene = table.scene
    assert isinstance(scene, Confirm)
    before = table.session.current.public
    assert [p.score for p in scene.view.players] == [p.score for p in before.players]
    placed = [r.caballeros for r in scene.view.regions] != [r.caballeros for r in before.regions]
    castillo = scene.view.castillo_total != before.castillo_total
    assert placed or castillo  # the choice itself shows


@pytest.mark.parametrize("kind", [DecisionKind.VETO, DecisionKind.ANGRY_KING])
def test_a_choice_that_asks_another_player_is_held_before_that_question(
    kind: DecisionKind,
) -> None:
    """A Veto question, the angry King's returns: another player's decision in this turn."""

    def asks(d: Decision, events: list[Event], after: Decision | None) -> bool:
        return after is not None and after.kind == kind

    table = held(asks, options={"players": 3})
    scene = table.scene
    assert isinstance(scene, Confirm) and table.session.decision is scene.decision
    assert scene.then == "other"  # not the turn's end: another player decides next
    table.key("t")
    asked = table.scene
    assert isinstance(asked, Prompt) and asked.decision.kind == kind
    assert asked.seat != scene.seat and asked.quiet  # the quiet time, no take-over
    # The answer is another player's in someone else's turn: never held.
    table.at(table.clock.now() + table.quiet)
    assert table.flow.answer(asked.decision.choices[0]) is None
    assert not isinstance(table.scene, Confirm)


def test_a_choice_that_hands_secret_disks_to_another_player_is_held_then_a_curtain() -> None:
    def disks(d: Decision, events: list[Event], after: Decision | None) -> bool:
        return after is not None and after.secret and after.player != d.player

    table = held(disks, options={"players": 3})
    scene = table.scene
    assert isinstance(scene, Confirm)
    table.key("t")
    curtain = table.scene
    assert isinstance(curtain, TakeOver) and curtain.curtain and curtain.seat != scene.seat
    # The confirmation was the deliberate act of this hand-over: the curtain still hides
    # the secret, its letter counting after the quiet time, not the take-over's.
    assert table.flow.guard.wait is Wait.QUIET


def test_without_the_confirmation_the_same_hand_over_is_a_take_over() -> None:
    def disks(d: Decision, events: list[Event], after: Decision | None) -> bool:
        return after is not None and after.secret and after.player != d.player

    session, choice = held_at(disks, players=3)
    table = Table(session, confirm=False)
    table.settle()
    table.flow.answer(choice)
    assert isinstance(table.scene, TakeOver) and table.flow.guard.wait is Wait.TAKE_OVER


def test_with_strict_hand_overs_a_confirmed_turn_still_hands_over_by_the_letter() -> None:
    """Strict means strict (issue 26): the confirmation is its own player's act, and the
    next person still takes over with their letter, as without it."""
    table = held(strict=True)
    scene = table.scene
    assert isinstance(scene, Confirm)
    table.key("t")
    nxt = table.scene
    assert isinstance(nxt, TakeOver) and nxt.seat != scene.seat and not nxt.curtain
    assert table.flow.guard.wait is Wait.TAKE_OVER
    # Enter every 1.5 s after the confirmation (slower than the quiet time): nothing answered.
    moves = len(table.session.game.history)
    for _ in range(20):
        table.key("enter", table.clock.now() + 1.5)
    assert len(table.session.game.history) == moves and isinstance(table.scene, TakeOver)
    table.quietly(table.letter.lower())  # type: ignore[union-attr]
    assert isinstance(table.scene, Prompt) and table.scene.seat == nxt.seat
    # Without the confirmation, strict hand-overs ask for the same take-over.
    session, choice = held_at(turn_ends)
    plain = Table(session, strict=True)
    plain.quietly(plain.letter.lower())  # type: ignore[union-attr]  # (opened part-way)
    plain.settle()
    plain.flow.answer(choice)
    assert isinstance(plain.scene, TakeOver) and not plain.scene.curtain


def test_with_strict_a_confirmed_turn_before_a_secret_takes_over_behind_the_curtain() -> None:
    def disks(d: Decision, events: list[Event], after: Decision | None) -> bool:
        return after is not None and after.secret and after.player != d.player

    table = held(disks, strict=True, options={"players": 3})
    table.key("t")
    curtain = table.scene
    assert isinstance(curtain, TakeOver) and curtain.curtain
    assert table.flow.guard.wait is Wait.TAKE_OVER  # not only the quiet time


def test_a_scoring_display_after_the_confirmation_plays_and_what_follows_is_unchanged() -> None:
    def general(d: Decision, events: list[Event], after: Decision | None) -> bool:
        ended = any(isinstance(e, E.ScoringEnded) and e.why == "general" for e in events)
        return ended and after is not None

    def after_display(table: Table) -> tuple[type, Wait, int | None]:
        assert isinstance(table.scene, Showing)
        while isinstance(table.scene, Showing):
            table.key("enter")
        scene = table.scene
        return type(scene), table.flow.guard.wait, getattr(scene, "seat", None)

    table = held(general)
    scene = table.scene
    assert isinstance(scene, Confirm)
    table.key("t")
    confirmed = after_display(table)
    session, choice = held_at(general)
    plain = Table(session)
    plain.settle()
    plain.flow.answer(choice)
    assert confirmed == after_display(plain)  # (the round's last player starts the next)
    assert confirmed[1] is not Wait.NONE


def test_a_two_person_game_through_its_first_scoring_with_the_confirm_step() -> None:
    """Every turn ends at its confirm step, with `t`, by keys; the first general scoring plays
    after the confirmation of the round's last turn, and the game goes on (a short game:
    rounds 2 and 3, the scoring, round 5). Moved here from the app's tests (the held choice's
    bar on the screen: tests/app/test_confirm.py)."""
    session = humans(2, 11, rounds=6)
    table = Table(session, confirm=True)
    confirms = scorings = 0
    for _ in range(3000):
        scene = table.scene
        if isinstance(scene, GameOver):
            break
        if session.current.public.round >= 5 and isinstance(scene, Prompt):
            break  # (round 5 begins with the confirmation: its display comes first)
        if isinstance(scene, Confirm):
            assert session.held == scene.choice  # what the bar shows as held
            lines = len(session.log)
            table.quietly("t")
            confirms += 1
            assert len(session.log) > lines  # published only now
            continue
        if isinstance(scene, Showing) and scene.index == 0:
            scorings += scene.heading.startswith("General")
        table.quietly(table.letter.lower() if table.letter else "enter")  # the first choice
    assert session.current.public.round == 5 and session.general_scorings == 1
    assert confirms >= 2 * 2 and scorings >= 1  # every turn of rounds 2 and 3


def test_the_take_over_after_a_display_stays_after_a_confirmation() -> None:
    handovers = HandOvers()
    handovers.answered(0)
    handovers.confirm()
    assert handovers.wait_for(1) is Wait.QUIET
    assert handovers.wait_for(1, secret=True) is Wait.QUIET  # (behind its curtain)
    handovers.showed()
    assert handovers.wait_for(1) is Wait.TAKE_OVER
    handovers.answered(1)  # the next answer ends it
    assert not handovers.confirmed


def test_a_choice_that_ends_the_game_is_held_and_the_end_comes_with_the_confirmation() -> None:
    def over(d: Decision, events: list[Event], after: Decision | None) -> bool:
        return after is None

    table = held(over, options={"rounds": 6})
    scene = table.scene
    assert isinstance(scene, Confirm) and not table.session.game.over and scene.then == "turn"
    table.key("t")
    while isinstance(table.scene, Showing):
        table.key("enter")
    assert isinstance(table.scene, GameOver) and table.session.game.over


def play_through(table: Table, seed: int, seen: Callable[[Decision, Choice, bool], None]) -> None:
    """Play the table to its end with seeded random answers (`t` at every confirm step);
    `seen(decision, choice, held)` for every answer."""
    rng = random.Random(seed)
    for _ in range(3000):
        scene = table.scene
        if isinstance(scene, Confirm):
            table.key("t")
        elif isinstance(scene, Prompt):
            choice = rng.choice(scene.decision.choices)
            table.flow.answer(choice)
            seen(scene.decision, choice, isinstance(table.scene, Confirm))
        elif isinstance(scene, TakeOver):
            table.key(scene.letter)
        elif isinstance(scene, GameOver):
            return
        else:
            table.key("enter")
        table.clock.run_due()
    raise AssertionError("the game did not end")


def test_exactly_a_turns_choices_that_undo_could_not_take_back_are_held() -> None:
    session = humans(3, 3)
    table = Table(session, confirm=True, quiet=0, take_over=0)
    held_ones: list[Choice] = []

    def seen(d: Decision, choice: Choice, held: bool) -> None:
        game = session.game.clone()
        if held:
            held_ones.append(choice)
        else:  # applied: the choice is the last one of the record
            game = type(game).replay(game.record(), upto=len(game.history) - 1)
        view = game.view(None)
        copy = game.clone()
        events = copy.apply(choice)
        block = undo_block(d, events, copy.decision, session.castillo_hidden)
        turn = not d.secret and d.kind != DecisionKind.POWER and view.active == d.player
        assert held == (
            turn and block in (UndoBlock.OTHER_PLAYER, UndoBlock.OVER, UndoBlock.REVEALED)
        )

    play_through(table, 3, seen)
    assert session.game.over and len(held_ones) > 10


def test_with_the_setting_off_no_choice_is_held() -> None:
    session = humans(3, 3)
    table = Table(session, confirm=False, quiet=0, take_over=0)
    held_ones: list[Choice] = []

    def seen(d: Decision, choice: Choice, held: bool) -> None:
        assert not held and session.held is None
        held_ones.append(choice)

    play_through(table, 3, seen)
    assert session.game.over and held_ones


def test_auto_is_on_with_two_or_more_people(monkeypatch: pytest.MonkeyPatch) -> None:
    from el_grande.flow import confirm

    monkeypatch.setattr(confirm, "AUTO_HUMANS", 2)  # (tests/conftest.py sets it off)
    assert confirm_on(None, ("human", "human"))
    assert confirm_on(None, ("human", "bot:greedy", "human"))
    assert not confirm_on(None, ("human", "bot:greedy"))
    assert not confirm_on(None, ("bot:random", "bot:greedy"))
    assert confirm_on(True, ("human", "bot:greedy")) and not confirm_on(False, ("human", "human"))


# --- the held choice in the save -------------------------------------------------------------


def test_a_held_choice_is_saved_at_once_and_a_resumed_game_opens_on_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    session, choice = held_at(turn_ends)
    listener = attach_autosave(session)
    table = Table(session, confirm=True)
    table.settle()
    table.flow.answer(choice)
    assert isinstance(table.scene, Confirm)
    assert listener.saver is not None
    path = listener.saver.path
    save, game = load_game(path)  # as if the app had been killed now
    assert save.held == str(choice) and list(game.history) == list(session.game.history)
    listener.close()

    again = GameSession.from_record(record_of(save), setups_of(save))
    again.held = held_of(save, again.game)
    resumed = Table(again, confirm=True)
    scene = resumed.scene
    assert isinstance(scene, Confirm) and scene.choice == choice
    assert scene.view == table.scene.view  # the same preview
    resumed.key("t")
    assert again.game.history[-1] == str(choice) and again.held is None

    # Undo at the resumed confirm step: the save holds nothing any more.
    table.key("u")
    assert load_game(path)[0].held is None


def test_a_resumed_held_choice_opens_even_with_the_setting_off() -> None:
    session, choice = held_at(turn_ends)
    session.held = choice
    table = Table(session, confirm=False)
    assert isinstance(table.scene, Confirm) and table.scene.choice == choice


def test_an_old_save_without_the_field_holds_nothing() -> None:
    fixtures = Path(__file__).parent.parent / "persist" / "fixtures"
    for path in sorted(fixtures.glob("v0*.json")):
        save, game = load_game(path)
        assert save.held is None and held_of(save, game) is None


def test_a_hand_edited_held_choice_that_is_not_legal_is_one_sentence(tmp_path: Path) -> None:
    session, choice = held_at(turn_ends)
    listener_home = tmp_path / "home"
    listener_home.mkdir()
    from el_grande.persist.store import save_from_game, write_save

    save = save_from_game(session.game)
    save.held = "power 99"
    path = tmp_path / "bad.json"
    write_save(save, path)
    with pytest.raises(SaveFileError) as err:
        load_game(path)
    message = str(err.value)
    assert "held for its confirmation ('power 99')" in message and message.count(".") >= 1
    assert "\n" not in message


def test_seats_do_not_change_hands_over_a_held_choice() -> None:
    """The Confirm scene is its player's: the seat menu waits for T or U, and changes
    nothing meanwhile."""
    table = held()
    kinds = table.session.seating.kinds
    assert table.flow.give_seat(0, "bot:greedy") == t_("seats.not_held")
    assert table.session.seating.kinds == kinds and table.session.held is not None
    table.key("u")  # taken back: the prompt is open again, and seats may change hands
    assert isinstance(table.scene, Prompt) and table.flow.guard.ready
    assert table.flow.seats.why_not() is None


def test_a_resumed_held_choice_goes_with_its_seat_to_a_computer_player() -> None:
    """`resume --bots Ben=…` for the seat whose choice was held: the computer player decides
    afresh (the held choice was its person's)."""
    session, choice = held_at(turn_ends)
    seat = session.decision.player  # type: ignore[union-attr]
    session.hold(choice)
    assert session.seat_to(seat, "bot:random")
    assert session.held is None
    table = Table(session, confirm=True)
    assert not isinstance(table.scene, Confirm)


def test_R_K4_the_preview_shows_a_mobile_scoreboard_just_laid() -> None:
    """A turn that ends by laying a mobile scoreboard: the preview shows it lying there, with
    its values in place of the printed ones (issue 33, item 9)."""

    def board_laid(d: Decision, events: list[Event], after: Decision | None) -> bool:
        return d.kind == DecisionKind.SCOREBOARD_TO and any(
            isinstance(e, E.ScoreboardMoved) for e in events
        )

    table = held(board_laid)
    scene = table.scene
    assert isinstance(scene, Confirm)
    before = table.session.current.public
    table.key("t")
    after = table.session.current.public
    assert after.scoreboards != before.scoreboards  # the choice laid it
    assert scene.view.scoreboards == after.scoreboards
    assert [(r.scoreboard, r.values) for r in scene.view.regions] == [
        (r.scoreboard, r.values) for r in after.regions
    ]
    assert scene.view.castillo_scoreboard == after.castillo_scoreboard
