"""The guided first game (el_grande/flow/guided.py) played through headless, flow-level: the
scripted computer players, the lessons it reaches, its save and resume."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from el_grande.bots import make_bot
from el_grande.core import Choice, Decision, DecisionKind, View
from el_grande.core import events as E
from el_grande.flow import guided
from el_grande.flow.clock import ManualClock
from el_grande.flow.guided import SCRIPT, Scripted, guided_session
from el_grande.flow.handover import Input
from el_grande.flow.lessons import BY_ID, LEARN, LESSONS, Coach, Due
from el_grande.flow.scenes import Curtain, GameOver, Prompt, Showing, TakeOver
from el_grande.flow.table import TableFlow
from el_grande.persist.autosave import AutosaveListener, attach_autosave, setups_of
from el_grande.persist.model import parse_save
from el_grande.persist.store import load_save, record_of
from el_grande.session import GameSession, Update
from el_grande.text import use

K = DecisionKind

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
    assert session.subscriber(AutosaveListener) is listener and listener.saver is not None
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

    def write_save(save: object, path: object, game: object = None) -> None:
        written.append(save.to_json())  # type: ignore[attr-defined]
        real(save, path, game)  # type: ignore[arg-type]

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
    bot = make_bot(guided.LEVEL, seed=1)  # the script plays the computer players, then it
    assert isinstance(again.features.bot(1, bot), Scripted)
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


# --- when each lesson came: (moment, lesson, why), checked against the rules ----------------


@dataclass(frozen=True)
class Seen:
    """A moment of the guided game as the test saw it (its own record, not the coach's): a
    person's decision (`kind`, its choices, the public board, the public events since the
    person's previous decision) or a display's step; and the lesson that came then."""

    n: int
    kind: DecisionKind | None
    args: frozenset[str]
    purpose: object
    view: View
    since: tuple[E.Event, ...]
    scene: Showing | None
    due: Due | None


BASIC = {
    K.POWER: "power",
    K.COURT: "court",
    K.RECALL: "court",
    K.ACTION_CARD: "action_card",
    K.TURN: "turn",
    K.PLACEMENT: "king",
}
ON_BOARD: dict[str, type] = {
    "card_king": E.KingMoved,
    "card_scoreboard": E.ScoreboardMoved,
    "card_grande": E.GrandeMoved,
    "card_hand": E.PowerCardRetrieved,
}


def rule_happens(lesson: str, at: Seen) -> bool:
    """The rules' own account of when each lesson's rule happens (RULES.md), from what the
    test saw: the person's decision, the public events since their previous one, a scoring
    step."""
    cards = BY_ID[lesson].cards
    if at.scene is not None:  # a display's step
        step = at.scene.step
        played = at.scene.events[: step.upto]
        why = next((str(e.why) for e in at.scene.events if isinstance(e, E.ScoringStarted)), None)
        scored = [e for e in played if isinstance(e, E.PlaceScored) and e.place == step.place]
        awards = {str(a.reason) for a in scored[-1].awards} if scored else set()
        boards = {place for _, place in at.scene.view.scoreboards}
        return {
            "general": why == "general",
            "tie": "tie" in awards,  # R-K2
            "king_bonus": "king_bonus" in awards,  # R-K5
            "home_bonus": "home_bonus" in awards,  # R-K6
            "disk": any(
                isinstance(e, E.SecretsRevealed) and e.purpose == "castillo" for e in played
            ),  # R-G3
            "card_scoreboard": why in cards or bool(scored and scored[-1].place in boards),
        }.get(lesson, why in cards)
    vetoed = {(e.seat, e.card) for e in at.since if isinstance(e, E.SpecialVetoed)}
    done = {
        e.card
        for e in at.since
        if isinstance(e, E.SpecialAnnounced) and (e.seat, e.card) not in vetoed
    }
    own = at.view.action_card in cards and at.kind not in (*BASIC, K.VETO, K.DISK)
    match lesson:
        case _ if BASIC.get(at.kind) == lesson:  # type: ignore[arg-type]
            return True
        case "castillo":  # R-B5: Caballeros may go into it, or went in
            return (
                at.kind in (K.PLACEMENT, K.PLACE_ANY, K.MOVE_TO) and "castillo" in at.args
            ) or any(isinstance(e, E.CaballerosMoved) and e.dst == "castillo" for e in at.since)
        case "veto":  # R-V2: a Veto may be used, or was
            return at.kind == K.VETO or bool(vetoed)
        case "disk":  # R-G1
            return at.kind == K.DISK and at.purpose == "castillo"
    event = ON_BOARD.get(lesson)
    return bool(
        done & cards
        or own
        or (at.kind == K.DISK and at.purpose in cards)
        or (event is not None and any(isinstance(e, event) for e in at.since))
    )


def watched_game(human: Human, lang: str = "en") -> tuple[GameSession, list[Seen], list[E.Event]]:
    """A guided game played to its end (the scripted computer players, `human` for the
    person), every moment the coach saw recorded with the lesson that came then, and every
    event published."""
    use(lang)
    try:
        session = guided_session()
        since: list[E.Event] = []
        session.subscribe(lambda update: since.extend(update.events))
        events = events_of(session)
        flow, clock = flow_for(session)
        coach = flow.coach
        assert coach is not None
        seen: list[Seen] = []
        see = coach.see

        def watch(
            scene: Prompt | Showing, public: View, is_bot: Callable[[int], bool]
        ) -> Due | None:
            before = coach.moments
            due = see(scene, public, is_bot)
            if coach.moments == before:
                return due  # not a moment (a computer player's, or the same one again)
            if isinstance(scene, Showing):
                seen.append(
                    Seen(coach.moments, None, frozenset(), None, scene.view, (), scene, due)
                )
            else:
                d = scene.decision
                args = frozenset(str(c.arg) for c in d.choices if c.arg is not None)
                purpose = d.context.get("purpose")
                seen.append(
                    Seen(coach.moments, d.kind, args, purpose, public, tuple(since), None, due)
                )
                since.clear()
            return due

        coach.see = watch  # type: ignore[method-assign]
        flow.start()
        play(flow, clock, human)
        assert session.game.over
        return session, seen, events
    finally:
        use("en")


def check_timing(seen: list[Seen]) -> list[tuple[int, str, str]]:
    """Every lesson came when its rule happened, or waited its turn; at most one new lesson
    a moment. Returns (moment, lesson, why) for each lesson, in the order they came."""
    came = [(at.n, at.due) for at in seen if at.due is not None]
    assert len({n for n, _ in came}) == len(came)  # one new lesson a moment at most
    by_n = {at.n: at for at in seen}
    told = {n for n, _ in came}
    listed = []
    for n, due in came:
        assert due is not None
        if due.id.startswith("card:"):
            continue
        lesson = BY_ID[due.id]
        assert rule_happens(due.id, by_n[due.at]), (due, by_n[due.at])  # it happened then
        for m in range(due.at, n):  # it waited: every moment in between spoke of another
            # lesson, or was the same kind of decision again (the next Caballero placed),
            # or (a lesson of a decision that comes back) its rule did not happen again,
            # or (a decision's lesson) it was a display's step
            at = by_n[m]
            assert (
                m in told
                or (at.kind is not None and m - 1 in by_n and by_n[m - 1].kind == at.kind)
                or (lesson.again and not rule_happens(due.id, at))
                or (at.scene is not None and not due.scoring)
            ), (due, m)
        assert lesson.again is False or rule_happens(due.id, by_n[n])
        listed.append((n, due.id, due.why))
    return listed


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_lesson_comes_when_its_rule_happens_one_at_a_time(lang: str) -> None:
    """The guided game played to its end in each language by a player who plays like the
    Medium bot: every lesson comes, each at a moment its rule happens (or waiting its turn
    right after), never two at one moment, none at the next Caballero placed."""
    session, seen, events = watched_game(greedy_human, lang)
    listed = check_timing(seen)
    assert sorted(id for _, id, _ in listed) == sorted(lesson.id for lesson in LESSONS), listed
    assert session.lessons == [id for _, id, _ in listed]  # met in that order, and saved so
    # The script made its rules happen: a Veto used on the player, Caballeros in the
    # Castillo at the first general scoring, the cards it plays done.
    vetoes = [e for e in events if isinstance(e, E.SpecialVetoed)]
    assert vetoes and vetoes[0].by == 1 and vetoes[0].seat == 0
    castillo = next(
        e
        for e in events
        if isinstance(e, E.PlaceScored) and e.place == "castillo" and e.why == "general"
    )
    assert castillo.counts[2] > 0  # the second computer player filled it
    done = {(e.seat, e.card) for e in events if isinstance(e, E.SpecialAnnounced)}
    assert {(2, "grande"), (1, "return_one_each"), (2, "power_cards")} <= done
    # Round 1 teaches its turn, not the whole game (it was 10 of the 20, one a key).
    first_round = [at for at in seen if at.view.round_number == 1 and at.due is not None]
    assert len(first_round) <= 7, [at.due for at in first_round]
    # Placing Caballeros one key at a time: the lesson of the first stays on show.
    runs = [b for a, b in zip(seen, seen[1:]) if a.kind == b.kind == K.PLACEMENT]
    assert runs and all(at.due is None for at in runs)
    # The Veto came at the person's first decision after their special action was vetoed.
    vetoed = next(at for at in seen if any(isinstance(e, E.SpecialVetoed) for e in at.since))
    assert vetoed.due is not None and vetoed.due.id == "veto"
    # The mobile scoreboard laid in round 1 is taught in round 1.
    board = next(at for at in seen if at.due is not None and at.due.id == "card_scoreboard")
    assert board.view.round_number == 1


def test_a_player_who_takes_every_first_choice_meets_every_lesson_on_time() -> None:
    """The script never stops the game, and the other way of playing meets every lesson too."""
    _session, seen, _events = watched_game(first_choice)
    listed = check_timing(seen)
    assert sorted(id for _, id, _ in listed) == sorted(lesson.id for lesson in LESSONS), listed
