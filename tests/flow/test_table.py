"""The table's flow, state by state, without a screen (`el_grande.flow.table`).

Each scene the table can show — a prompt, a take-over banner or curtain, the curtain after the
last secret, a scoring display, a computer player's turn, hints behind a curtain, game over —
and the flow's other duties: pacing on an injected clock, skipping ahead, waiting while
another screen covers the table, undo, the log the table may read.
"""

from __future__ import annotations

import random
from dataclasses import replace

from el_grande.core import Choice, DecisionKind
from el_grande.flow.clock import ManualClock
from el_grande.flow.handover import Input, Wait
from el_grande.flow.scenes import (
    BotTurn,
    Curtain,
    GameOver,
    HintCurtain,
    Hinting,
    Prompt,
    Showing,
    TakeOver,
)
from el_grande.flow.table import TableFlow
from el_grande.session import GameSession
from el_grande.setup import GameSetup, SeatSetup

from .import_steps import imported
from .table import PLACE_KEYS, Table, humans, secret_position


def seated(*kinds: str, seed: int = 7, **options: object) -> GameSession:
    names = ["Ana", "Ben", "Cy", "Dee", "Eve"]
    colours = ["yellow", "red", "green", "blue", "purple"]
    seats = tuple(SeatSetup(names[i], colours[i], k) for i, k in enumerate(kinds))
    return GameSession.new(GameSetup(seats, seed=seed, **options))  # type: ignore[arg-type]


def test_the_flow_imports_no_textual_rich_or_pydantic() -> None:
    """`el_grande.flow.table`, `handover` and `display` in a fresh process (the first step
    of `import_steps`)."""
    assert imported()["flow"] == []


def test_no_module_of_the_flow_imports_the_table_above_it_not_even_for_types() -> None:
    """The facade is the top of the table's package: the features, the director and the
    policies import nothing above them, also under `TYPE_CHECKING` (the circle table → seats
    → table went; `lint-imports` reads only the imports that run)."""
    import ast
    from pathlib import Path

    import el_grande.flow

    found = []
    for path in Path(el_grande.flow.__file__).parent.glob("*.py"):
        if path.stem == "table":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "el_grande.flow.table":
                found.append(path.name)
            elif isinstance(node, ast.ImportFrom) and node.module == "el_grande.flow":
                found += [path.name for a in node.names if a.name == "table"]
    assert found == []


def test_a_new_game_opens_on_the_first_players_prompt_at_once() -> None:
    table = Table(humans(3, 7))
    scene = table.scene
    assert isinstance(scene, Prompt) and not scene.quiet and table.flow.at_prompt
    assert scene.decision is table.session.decision


def test_a_change_of_player_is_a_quiet_prompt_until_the_keyboard_is_quiet() -> None:
    table = Table(humans(3, 7))
    table.key("enter")
    scene = table.scene
    assert isinstance(scene, Prompt) and scene.quiet and not table.flow.at_prompt
    assert table.flow.answer(scene.decision.choices[0]) is not None  # refused, nothing changed
    assert len(table.session.game.history) == 1
    table.at(table.clock.now() + table.quiet)
    assert isinstance(table.scene, Prompt) and not table.scene.quiet  # shown as ready


def test_a_secret_decision_is_a_curtain_its_owner_takes_over() -> None:
    table = Table(secret_position("castillo"))
    scene = table.scene
    assert isinstance(scene, TakeOver) and scene.curtain and scene.decision.secret
    assert not scene.ready
    assert scene.view is table.session.current.public  # behind the curtain: the public board
    table.at(table.clock.now() + table.take_over)
    assert isinstance(table.scene, TakeOver) and table.scene.ready
    table.key("q")  # a wrong letter: nothing, and the wait starts again
    assert isinstance(table.scene, TakeOver) and not table.scene.ready
    table.quietly(scene.letter.lower())
    prompt = table.scene
    assert isinstance(prompt, Prompt) and prompt.decision.secret
    assert prompt.view is table.session.current.private  # the owner's own view, behind it


def test_after_one_secret_the_next_players_curtain_says_who_has_chosen() -> None:
    table = Table(secret_position("castillo"))
    table.quietly(table.letter.lower())  # type: ignore[union-attr]
    owner = table.scene.seat  # type: ignore[union-attr]
    table.key("enter")
    scene = table.scene
    assert isinstance(scene, TakeOver) and scene.curtain and scene.after == owner
    assert scene.seat != owner and scene.letter != table.scenes[0].letter  # type: ignore[union-attr]


def test_after_the_last_secret_a_plain_curtain_then_the_display_then_a_banner() -> None:
    table = Table(secret_position("castillo", last=True))
    table.quietly(table.letter.lower())  # type: ignore[union-attr]
    owner = table.scene.seat  # type: ignore[union-attr]
    shown = table.flow.log_shown
    table.key("enter")
    curtain = table.scene
    assert isinstance(curtain, Curtain) and curtain.after == owner and not curtain.ready
    assert table.flow.log_shown == shown  # the scoring's lines wait for its display
    table.key("enter", table.clock.now() + 0.3)  # too soon: stays
    assert isinstance(table.scene, Curtain)
    table.quietly("enter")
    display = table.scene
    assert isinstance(display, Showing) and display.index == 0
    assert display.view.round == table.session.current.before.round  # the board as it was
    table.key("escape")  # to the last step
    assert isinstance(table.scene, Showing) and table.scene.last
    assert table.scene.step.totals  # the totals of the scoring
    table.key("enter")
    banner = table.scene
    assert isinstance(banner, TakeOver) and not banner.curtain  # a banner over the board
    assert banner.seat != owner
    assert table.flow.log_shown == len(table.session.log)  # the story may be read now


def test_a_display_paces_itself_and_waits_under_another_screen() -> None:
    table = Table(secret_position("castillo", last=True))
    table.flow.configure(replace(table.flow.options, auto_advance=2.0))
    covered = False
    table.flow.may_act = lambda: not covered
    table.quietly(table.letter.lower())  # type: ignore[union-attr]
    table.key("enter")
    table.quietly("enter")
    assert isinstance(table.scene, Showing) and table.scene.index == 0
    table.at(table.clock.now() + 2.0)
    assert isinstance(table.scene, Showing) and table.scene.index == 1
    covered = True  # help, the calculator, or the too-small pause opened
    table.at(table.clock.now() + 10.0)
    assert table.scene.index == 1  # type: ignore[union-attr]
    covered = False
    table.flow.kick()
    assert table.scene.index == 2  # type: ignore[union-attr]


def test_a_computer_players_turn_keeps_its_pace_and_shows_a_public_choice() -> None:
    session = seated("bot:greedy", "human", seed=4, start_player=0)
    clock = ManualClock()
    flow = TableFlow(session, clock, bot_delay=1.0, letters=random.Random(1))
    scenes: list[object] = []
    flow.listen(scenes.append)
    flow.start()
    scene = flow.scene
    assert isinstance(scene, BotTurn) and scene.choice is None and flow.bot_playing
    clock.run_due()  # the bot has answered at once: its choice shows for the second half
    clock.advance(0.5)
    shown = flow.scene
    assert isinstance(shown, BotTurn) and shown.choice in shown.decision.choices
    assert session.game.history == ()
    clock.advance(0.5)
    assert len(session.game.history) == 1
    assert isinstance(flow.scene, Prompt | BotTurn)


def test_a_computer_players_secret_shows_nothing_and_raises_no_curtain() -> None:
    session = seated("bot:random", "bot:random", "human", seed=25, rounds=6, castillo="hidden")
    table = Table(session)
    for _ in range(5000):
        scene = table.scene
        if session.decision is None:
            break
        if isinstance(scene, BotTurn):
            table.at(table.clock.now() + 0.1)
        elif isinstance(scene, TakeOver):
            table.quietly(scene.letter.lower())
        else:
            table.quietly("enter")
    assert session.decision is None
    secret = [s for s in table.scenes if isinstance(s, BotTurn) and s.decision.secret]
    assert len(secret) > 3
    for scene in secret:
        assert scene.choice is None  # never shown, not even as a highlight
        assert scene.view.seat is None  # the public board
    for scene in table.scenes:
        if isinstance(scene, TakeOver):
            assert not table.flow.is_bot(scene.seat)  # no curtain for a computer player


def test_a_failing_computer_player_plays_a_legal_choice_and_says_so() -> None:
    session = seated("bot:greedy", "human", seed=4, start_player=0)
    clock = ManualClock()

    def broken(task, done):  # type: ignore[no-untyped-def]
        return clock.call_later(0, lambda: done(RuntimeError("boom")))

    flow = TableFlow(session, clock, thinker=broken, bot_delay=0.0)
    notices: list[str] = []
    flow.listen(lambda scene: None, notices.append)
    flow.start()
    clock.advance(0.1)
    assert len(session.game.history) == 1 and len(notices) == 1 and "Ana" in notices[0]


def test_a_stale_answer_is_dropped_and_closing_cancels_the_search() -> None:
    session = seated("bot:greedy", "human", seed=4, start_player=0)
    clock = ManualClock()
    answers: list[object] = []
    cancelled: list[bool] = []

    def held(task, done):  # type: ignore[no-untyped-def]
        answers.append(done)
        return lambda: cancelled.append(True)

    flow = TableFlow(session, clock, thinker=held, bot_delay=0.0)
    flow.start()
    flow.close()
    assert cancelled == [True]
    answers[0](session.decision.choices[0])  # type: ignore[operator,union-attr]
    clock.advance(1)
    assert session.game.history == ()


def test_skip_ahead_plays_the_bots_at_once_and_a_bots_only_table_runs_to_the_end() -> None:
    session = seated("bot:random", "bot:random", seed=3, rounds=6)
    clock = ManualClock()
    flow = TableFlow(session, clock, bot_delay=60.0)
    flow.start()
    assert flow.display_pace == 120.0  # nobody to step the displays: the bots' pace
    clock.run_due()
    clock.advance(flow.quiet)
    flow.input(Input.KEY, clock.now())  # `f`, after a quiet keyboard
    assert flow.skip_ahead() and flow.run_to_end
    for _ in range(5000):
        if isinstance(flow.scene, GameOver):
            break
        clock.advance(0.01)
    assert isinstance(flow.scene, GameOver) and session.decision is None
    assert flow.log_shown == len(session.log)
    assert not TableFlow(humans(2, 1), ManualClock()).skip_ahead()  # no bots: nothing


def test_a_bots_answer_waits_while_another_screen_covers_the_table() -> None:
    session = seated("bot:greedy", "human", seed=4, start_player=0)
    clock = ManualClock()
    covered = False
    flow = TableFlow(session, clock, bot_delay=0.0)
    flow.may_act = lambda: not covered
    flow.start()
    covered = True  # the help opens while the bot thinks
    clock.advance(1)
    assert session.game.history == ()  # answered, but not applied under the help
    covered = False
    flow.kick()
    assert len(session.game.history) == 1


def test_hints_open_behind_their_players_curtain_when_the_castillo_is_hidden() -> None:
    session = humans(3, 25, castillo="hidden")
    table = Table(session)
    scene = table.scene
    assert isinstance(scene, Prompt) and not scene.decision.secret
    assert table.flow.hint() is None
    curtain = table.scene
    assert isinstance(curtain, HintCurtain) and curtain.seat == scene.seat
    table.key("enter", table.clock.now() + 5)  # typed ahead: not its letter
    assert isinstance(table.scene, HintCurtain)
    table.quietly(curtain.letter.lower())
    hinting = table.scene
    assert isinstance(hinting, Hinting) and hinting.own.seat == scene.seat
    table.flow.hint_shown()
    assert session.hints_used[scene.seat] == 1
    pick = scene.decision.choices[-1]
    table.flow.hint_closed(pick)
    back = table.scene
    assert isinstance(back, Prompt) and back.cursor == pick and table.flow.at_prompt


def test_hints_are_refused_at_a_table_without_them() -> None:
    session = GameSession.new(GameSetup(humans(2, 1).seats, seed=1, hints=False))
    table = Table(session)
    assert table.flow.hint() == "Hints are off at this table."
    assert isinstance(table.scene, Prompt)


def test_undo_rewrites_the_log_and_keeps_the_player() -> None:
    session = humans(3, 7)
    table = Table(session)
    for _ in range(4):  # into Ana's turn: her power card, the others', then her placements
        table.quietly("enter")
    flow = table.flow
    seat = table.scene.seat  # type: ignore[union-attr]
    while not flow.can_undo:
        table.quietly("enter")
        seat = table.scene.seat  # type: ignore[union-attr]
    epoch, moves = flow.log_epoch, len(session.game.history)
    assert flow.undo() is None
    assert flow.log_epoch == epoch + 1 and len(session.game.history) == moves - 1
    scene = table.scene
    assert isinstance(scene, Prompt) and scene.seat == seat and flow.at_prompt
    assert flow.log_shown == len(session.log)


def test_a_resumed_game_opens_after_its_last_scoring_and_says_which() -> None:
    """Resuming does not play the last scoring's display again (it looked like a second
    scoring): the table opens on the position after it, with one sentence that names it."""
    played = secret_position("castillo", last=True)
    played.apply(played.decision.choices[0])  # type: ignore[union-attr]
    resumed = GameSession.from_record(played.game.record(), played.seats)
    table = Table(resumed)
    # The next player takes over as after the display live (issue 26: a pending display).
    scene = table.scene
    assert isinstance(scene, TakeOver) and not scene.curtain
    assert table.flow.opening_note == (
        "The game goes on after general scoring 1 of 3: its points are in the log."
    )
    assert table.flow.log_shown == len(resumed.log)  # the log keeps the scoring
    table.quietly(scene.letter.lower())
    assert isinstance(table.scene, Prompt)


def test_a_resumed_game_at_a_scorings_disks_still_shows_that_scoring() -> None:
    """A general scoring under way (its disks to come) when the game was left: the display
    comes when the disks are chosen, with the board as it stood when the scoring began."""
    played = secret_position("castillo", last=True)
    resumed = GameSession.from_record(played.game.record(), played.seats)
    table = Table(resumed)
    assert table.flow.opening_note is None
    table.quietly(table.letter.lower())  # type: ignore[union-attr]
    table.key("enter")
    table.quietly("enter")  # the plain curtain
    display = table.scene
    assert isinstance(display, Showing) and "General scoring" in display.heading


def test_bring_to_court_opens_on_the_most_the_province_can_supply() -> None:
    """An Enter from habit brings the most the power card allows without recalling any
    Caballeros from the board (it used to open on "Bring 0 to court")."""
    from el_grande.core import DecisionKind

    table = Table(humans(3, 7))
    for _ in range(12):
        scene = table.scene
        if isinstance(scene, Prompt) and scene.decision.kind == DecisionKind.COURT:
            break
        table.quietly("enter")
    scene = table.scene
    assert isinstance(scene, Prompt) and scene.decision.kind == DecisionKind.COURT
    province = scene.view.players[scene.seat].province
    allowed = scene.decision.context["allowed"]
    assert scene.cursor is not None and scene.cursor.arg == min(allowed, province) > 0


def test_the_game_over() -> None:
    session = seated("bot:random", "bot:random", seed=5, rounds=6)
    while session.decision is not None:
        session.apply(session.decision.choices[0])
    table = Table(session)
    assert isinstance(table.scene, GameOver | Showing)
    while isinstance(table.scene, Showing):
        table.flow.step()
    assert isinstance(table.scene, GameOver)
    assert table.flow.guard.wait is Wait.NONE


def test_answers_that_are_not_legal_change_nothing() -> None:
    table = Table(humans(2, 1))
    assert table.flow.answer(Choice("power", 99)) == "not one of the legal choices"
    assert table.session.game.history == ()


# --- the driver's keys are the game screen's ---------------------------------------------------


def test_the_drivers_number_keys_are_the_game_screens() -> None:
    """Every digit highlights at a placement prompt, in the driver, the choice the game screen's
    own answering keys highlight (`app.screens.game_input.Answering.place_key`): 1–9 the regions
    in board order (Granada on 9; no Asturias in El Grande), 0 the Castillo. A map of the
    driver's own (once built from the core's order of places) cannot drift from the screen's:
    each key is played on both, on every placement prompt of a few games, until every one has
    highlighted a choice."""
    from el_grande.app.screens.game_input import Answering, Highlight, Refuse

    assert sorted(PLACE_KEYS) == [str(n) for n in range(10)]
    assert PLACE_KEYS["9"] == "granada" and PLACE_KEYS["2"] == "basque_country"
    highlighted: set[str] = set()
    for seed in range(40):
        session = humans(3, seed)
        rng = random.Random(seed)
        while (d := session.decision) is not None and len(highlighted) < 10:
            if d.kind == DecisionKind.PLACEMENT:
                king = session.game.view(d.player).king
                table = Table(session)
                while not isinstance(table.scene, Prompt):  # a take-over first: its letter
                    table.quietly(table.letter or "enter")
                table.settle()
                for key in PLACE_KEYS:
                    before = table.cursor = len(d.choices) - 1  # a refused key moves nothing
                    table.key(key)
                    outcome = Answering().place_key(d, key, king)
                    if isinstance(outcome, Highlight):
                        assert d.choices[table.cursor] == outcome.choice, (seed, key)
                        highlighted.add(key)
                    else:
                        assert isinstance(outcome, Refuse) and table.cursor == before, (seed, key)
                table.flow.close()
            session.apply(rng.choice(d.choices))
        if len(highlighted) == 10:
            return
    raise AssertionError(f"keys never compared at a legal place: {set(PLACE_KEYS) - highlighted}")


def test_a_number_key_highlights_its_region_at_a_placement_prompt() -> None:
    for seed in range(200):
        session = humans(3, seed)
        rng = random.Random(seed)
        while (d := session.decision) is not None:
            places = [c.arg for c in d.choices]
            if d.kind == DecisionKind.PLACEMENT and "granada" in places[1:]:
                table = Table(session)
                table.settle()
                table.key("9")
                assert table.cursor == places.index("granada")
                key = next(k for k, p in PLACE_KEYS.items() if p in places and p != "granada")
                table.key(key)
                assert places[table.cursor] == PLACE_KEYS[key]
                return
            session.apply(rng.choice(d.choices))
    raise AssertionError("no placement with Granada among its choices")
