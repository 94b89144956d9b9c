"""The guided first game (el_grande/flow/guided.py) played through headless, flow-level: the
scripted computer players, the lessons it reaches, its save and resume."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from el_grande.bots import make_bot
from el_grande.core import Choice, Decision
from el_grande.core import events as E
from el_grande.flow import guided
from el_grande.flow.clock import ManualClock
from el_grande.flow.guided import SCRIPT, Scripted, guided_session
from el_grande.flow.handover import Input
from el_grande.flow.lessons import LEARN, LESSONS, Coach
from el_grande.flow.table import Curtain, GameOver, Prompt, Showing, TableFlow, TakeOver
from el_grande.persist.autosave import attach_autosave, autosaver_of, setups_of
from el_grande.persist.model import parse_save
from el_grande.persist.store import load_save, record_of
from el_grande.session import GameSession, Update

Human = Callable[[GameSession, Prompt], Choice]


def greedy_human(session: GameSession, scene: Prompt) -> Choice:
    """A player who plays as the Medium computer player would, from their own view."""
    bot = make_bot("greedy", seed=len(session.game.history))
    return bot.choose(session.view_for(scene.seat), scene.decision)


def first_choice(_session: GameSession, scene: Prompt) -> Choice:
    """A player who always takes the first choice offered."""
    return scene.decision.choices[0]


def flow_for(session: GameSession) -> tuple[TableFlow, ManualClock]:
    clock = ManualClock()
    flow = TableFlow(
        session, clock, bot_delay=0.0, quiet=0.0, take_over_seconds=0.0, letters=random.Random(1)
    )
    return flow, clock


def play(
    flow: TableFlow, clock: ManualClock, human: Human, until: Callable[[], bool] | None = None
) -> None:
    """Play the table on: the human answers each prompt, takes over, lowers curtains and
    steps through displays, until the game is over (or `until()`)."""
    session = flow.session
    for _ in range(50_000):
        clock.advance(0.5)
        scene = flow.scene
        if isinstance(scene, GameOver) or (until is not None and until()):
            return
        if isinstance(scene, Prompt):
            assert flow.input(Input.KEY, clock.now())
            assert flow.answer(human(session, scene)) is None
        elif isinstance(scene, TakeOver):
            flow.input(Input.KEY, clock.now())
            assert flow.take_over(scene.letter)
        elif isinstance(scene, Curtain):
            flow.input(Input.KEY, clock.now())
            assert flow.lower()
        elif isinstance(scene, Showing):
            flow.step()
    raise AssertionError("the game did not end")


def events_of(session: GameSession) -> list[E.Event]:
    seen: list[E.Event] = []

    def keep(update: Update) -> None:
        seen.extend(update.events)

    session.subscribe(keep)
    return seen


def test_the_guided_game_is_three_players_you_first_against_two_computer_players() -> None:
    session = guided_session()
    assert session.coach == LEARN
    assert [session.bot_level(s) for s in range(3)] == [None, guided.LEVEL, guided.LEVEL]
    assert session.game.record()["seed"] == guided.SEED
    assert session.game.decision is not None and session.game.decision.player == 0


def test_the_guided_game_reaches_every_lesson() -> None:
    """Played through by a player who plays like the Medium bot: every lesson comes up,
    and the script made its rules happen (a Veto used on the player, Caballeros in the
    Castillo at the first general scoring)."""
    session = guided_session()
    seen = events_of(session)
    flow, clock = flow_for(session)
    flow.start()
    play(flow, clock, greedy_human)
    assert session.game.over
    assert [lesson.id for lesson in LESSONS if lesson.id not in session.lessons] == []
    assert session.lessons == flow.coach.met if flow.coach else False
    vetoed = [e for e in seen if isinstance(e, E.SpecialVetoed)]
    assert vetoed and vetoed[0].by == 1 and vetoed[0].seat == 0
    castillo = next(
        e
        for e in seen
        if isinstance(e, E.PlaceScored) and e.place == "castillo" and e.why == "general"
    )
    assert castillo.counts[2] > 0  # the second computer player filled it


def test_a_player_who_takes_every_first_choice_still_meets_the_main_lessons() -> None:
    session = guided_session()
    flow, clock = flow_for(session)
    flow.start()
    play(flow, clock, first_choice)
    assert session.game.over  # the script never stops the game
    main = {"power", "court", "action_card", "turn", "king", "castillo", "veto", "general"}
    assert main <= set(session.lessons)


def test_same_choices_same_guided_game() -> None:
    records = []
    for _ in range(2):
        session = guided_session()
        flow, clock = flow_for(session)
        flow.start()
        play(flow, clock, greedy_human)
        records.append((session.game.record(), list(session.lessons)))
    assert records[0] == records[1]


def _decision(game_view_kind: str) -> tuple[object, Decision]:
    session = guided_session()
    game = session.game
    while (d := game.decision) is not None and not (d.player == 1 and d.kind == game_view_kind):
        game.apply(d.choices[0])
    assert d is not None
    return game.view(1), d


def test_the_script_plays_its_choice_where_it_is_legal_and_the_bot_elsewhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    view, d = _decision("power")

    class Fixed:
        name = "fixed"

        def choose(self, _view: object, decision: Decision) -> Choice:
            return decision.choices[-1]

    bot = Scripted(Fixed(), 1)  # type: ignore[arg-type]
    legal = str(d.choices[0])
    monkeypatch.setitem(SCRIPT, (1, 1, "power"), legal)
    assert str(bot.choose(view, d)) == legal  # type: ignore[arg-type]
    monkeypatch.setitem(SCRIPT, (1, 1, "power"), "power 99")  # not legal: the bot plays
    assert bot.choose(view, d) == d.choices[-1]  # type: ignore[arg-type]
    monkeypatch.delitem(SCRIPT, (1, 1, "power"))
    assert bot.choose(view, d) == d.choices[-1]  # type: ignore[arg-type]


def test_a_lesson_speaks_once_per_moment() -> None:
    """The same prompt drawn again (its quiet moment, its cautions) meets nothing more."""
    session = guided_session()
    flow, clock = flow_for(session)
    flow.start()
    coach = flow.coach
    assert coach is not None and coach.current == "power" and coach.met == ["power"]
    scene = flow.scene
    assert isinstance(scene, Prompt)
    assert not coach.see(scene, session.current.public, flow.is_bot)
    assert coach.met == ["power"]
    coach.toggle()
    assert coach.hidden
    coach.toggle()
    assert not coach.hidden


def test_no_coach_in_a_normal_game() -> None:
    from el_grande.setup import GameSetup, default_seats

    session = GameSession.new(GameSetup(default_seats(["A", "B"]), seed=3))
    assert Coach.of(session) is None
    flow, clock = flow_for(session)
    flow.start()
    assert flow.coach is None


def test_a_guided_game_saves_and_resumes_with_its_lessons() -> None:
    session = guided_session()
    listener = attach_autosave(session)
    assert listener.saver is not None
    path = listener.saver.path
    flow, clock = flow_for(session)
    flow.start()
    play(flow, clock, greedy_human, until=lambda: "king" in session.lessons)
    met = list(session.lessons)
    assert met[-1] == "king"
    # Saved when the lesson was met (not only at the next choice).
    save = load_save(path)
    assert save.coach == LEARN and save.lessons == met
    flow.close()
    listener.close()
    resumed = GameSession.from_record(
        record_of(save), setups_of(save), coach=save.coach, lessons=save.lessons
    )
    again, clock2 = flow_for(resumed)
    again.start()
    assert again.coach is not None and again.coach.met[: len(met)] == met
    assert resumed.game.record() == session.game.record()
    play(again, clock2, greedy_human)
    assert len(again.coach.met) == len(set(again.coach.met))  # no lesson twice


def test_a_save_without_a_coach_reads_and_writes_as_before() -> None:
    from el_grande.persist.store import save_from_game
    from el_grande.setup import GameSetup, default_seats

    session = GameSession.new(GameSetup(default_seats(["A", "B"]), seed=3))
    save = save_from_game(session.game)
    text = save.to_json()
    assert '"coach"' not in text and '"lessons"' not in text
    assert parse_save(text).coach is None
    save.coach, save.lessons = "learn", ["power", "card:veto"]
    back = parse_save(save.to_json())
    assert back.coach == "learn" and back.lessons == ["power", "card:veto"]


@pytest.mark.parametrize("bad", ['"coach": "teach"', '"lessons": ["<b>"]', '"lessons": "power"'])
def test_a_hand_edited_coach_is_refused_with_a_sentence(bad: str) -> None:
    from el_grande.persist.errors import SaveFileError
    from el_grande.persist.store import save_from_game
    from el_grande.setup import GameSetup, default_seats

    session = GameSession.new(GameSetup(default_seats(["A", "B"]), seed=3))
    text = save_from_game(session.game).to_json()
    text = text.replace('  "name": null', f'  "name": null,\n  {bad}')
    with pytest.raises(SaveFileError) as caught:
        parse_save(text)
    assert "coach" in str(caught.value) or "lessons" in str(caught.value)


def test_the_autosave_of_a_normal_game_keeps_no_lessons() -> None:
    from el_grande.setup import GameSetup, default_seats

    session = GameSession.new(GameSetup(default_seats(["A", "B"]), seed=5))
    listener = attach_autosave(session)
    assert autosaver_of(session) is listener and listener.saver is not None
    text = listener.saver.path.read_text()
    assert '"coach"' not in text
    listener.close()


def test_a_guided_game_is_saved_as_guided_before_its_first_decision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 26, item 8: every file a guided game writes says it is guided, the first one too
    (a kill before the first decision used to bring back an ordinary game: no coach, no
    script); the lessons met at the first prompt are saved before anything is answered."""
    from el_grande.persist import store

    written: list[str] = []
    real = store.write_save

    def write_save(save: object, path: object) -> None:
        written.append(save.to_json())  # type: ignore[attr-defined]
        real(save, path)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "write_save", write_save)
    session = guided_session()
    listener = attach_autosave(session)
    assert listener.saver is not None and listener.problem is None
    path = listener.saver.path
    assert written and all(parse_save(text).coach == LEARN for text in written)
    assert load_save(path).coach == LEARN and load_save(path).choices == []
    flow, clock = flow_for(session)
    flow.start()
    assert isinstance(flow.scene, Prompt) and flow.scene.seat == 0  # the first decision
    save = load_save(path)
    assert save.choices == [] and session.lessons and save.lessons == session.lessons
    assert all(parse_save(text).coach == LEARN for text in written)
    flow.close()
    listener.close()
    # What a resume makes of it (`ElGrandeApp._session_for_save`): a guided game.
    resumed = GameSession.from_record(
        record_of(save), setups_of(save), coach=save.coach, lessons=save.lessons
    )
    again, _clock = flow_for(resumed)
    again.start()
    assert again.coach is not None and again.coach.met[: len(save.lessons)] == save.lessons
    assert isinstance(again._bot_for(1), Scripted)  # the script plays the computer players
    again.close()


def test_a_normal_games_first_save_keeps_its_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same first write for a normal game: hints off and tips on are there from the start."""
    from el_grande.flow.lessons import TIPS
    from el_grande.setup import GameSetup, default_seats

    session = GameSession.new(GameSetup(default_seats(["A", "B"]), seed=5, hints=False))
    session.coach = TIPS
    listener = attach_autosave(session)
    assert listener.saver is not None
    save = load_save(listener.saver.path)
    assert save.choices == [] and save.coach == TIPS and save.hints is False
    listener.close()
