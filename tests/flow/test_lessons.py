"""Lessons (el_grande/flow/lessons.py): their rule ids, their sentences, and each detector
firing where its rule matters and not elsewhere."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from el_grande.core import AwardReason, Choice, Decision, DecisionKind, Game, Purpose, View
from el_grande.core import events as E
from el_grande.flow.lessons import BY_ID, LEARN, LESSONS, SENTENCES, Coach, Moment, mattering
from el_grande.flow.scenes import Prompt
from el_grande.narrate import ScoringStep
from el_grande.text import t, use

#: The rule ids of the rules (the project's RULES.md, "- R-…" items), and R-A: its section
#: on the action cards, whose cards have no ids of their own.
RULE_IDS = {  # fmt: skip
    "R-C1",
    "R-C2",
    "R-C3",
    "R-C4",
    "R-C5",
    "R-B1",
    "R-B2",
    "R-B3",
    "R-B4",
    "R-B5",
    "R-P1",
    "R-P2",
    "R-P3",
    "R-P4",
    "R-S1",
    "R-S2",
    "R-S3",
    "R-S4",
    "R-S5",
    "R-S6",
    "R-R1",
    "R-R2",
    "R-R3",
    "R-R4",
    "R-R5",
    "R-R6",
    "R-K1",
    "R-K2",
    "R-K3",
    "R-K4",
    "R-K5",
    "R-K6",
    "R-K7",
    "R-G1",
    "R-G2",
    "R-G3",
    "R-G4",
    "R-V1",
    "R-V2",
    "R-V3",
    "R-V4",
    "R-V5",
    "R-E1",
    "R-O1",
    "R-O2",
    "R-O3",
    "R-H1",
    "R-H2",
    "R-A",
}
K = DecisionKind


def test_every_lesson_names_rules_that_exist() -> None:
    known = RULE_IDS
    for lesson in LESSONS:
        assert lesson.rules, lesson.id
        assert set(lesson.rules) <= known, (lesson.id, set(lesson.rules) - known)


def test_the_lessons_teach_the_rules_the_issue_names() -> None:
    """Power cards and turn order, court and province, next to the King, the Castillo, the
    Veto, the secret disk, the general scoring with ties and both bonuses."""
    taught = {rule for lesson in LESSONS for rule in lesson.rules}
    for rule in ("R-P3", "R-P4", "R-S3", "R-B4", "R-B5", "R-V2", "R-G1", "R-G3", "R-G4"):
        assert rule in taught
    for rule in ("R-K2", "R-K3", "R-K5", "R-K6", "R-K4"):
        assert rule in taught
    assert BY_ID["tie"].rules == ("R-K2",)
    assert BY_ID["king_bonus"].rules == ("R-K5",)
    assert BY_ID["home_bonus"].rules == ("R-K6",)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_every_lesson_has_a_title_and_one_to_three_sentences(lang: str) -> None:
    use(lang)
    for lesson in LESSONS:
        assert 1 <= SENTENCES[lesson.id] <= 3
        assert t(lesson.title_key).strip()
        for key in lesson.sentence_keys:
            sentence = t(key)
            assert sentence.strip() and "R-" not in sentence, key  # no rule ids on screen
        assert lesson.help in ("rules", "cards", "map")
        assert t(f"help.{lesson.help}_title")
    use("en")


def _view() -> View:
    return Game.new(["A", "B", "C"], seed=7, start_player=0).view(None)


def _at(kind: DecisionKind, cards: tuple[str, ...] = (), **kw: object) -> Moment:
    view = replace(_view(), face_up=cards, taken=(), action_card=None)
    return Moment(view, kind, **kw)  # type: ignore[arg-type]


def _step(awards: tuple[E.Award, ...], why: str = "general") -> Moment:
    scored = E.PlaceScored("aragon", (3, 3, 1), (5, 4, 0), awards, (4, 4, 0), why)
    events = (E.ScoringStarted(why, ()), scored)
    step = ScoringStep("Aragon", (), "aragon", 2)
    return Moment(_view(), step=step, events=events)


DECISIONS = [
    ("power", K.POWER),
    ("court", K.COURT),
    ("action_card", K.ACTION_CARD),
    ("turn", K.TURN),
    ("king", K.PLACEMENT),
]


@pytest.mark.parametrize(("lesson", "kind"), DECISIONS)
def test_a_decisions_lesson_fires_at_its_decision_only(lesson: str, kind: DecisionKind) -> None:
    assert lesson in mattering(_at(kind))
    for _other, other_kind in DECISIONS:
        if other_kind != kind:
            assert lesson not in mattering(_at(other_kind))
    assert lesson not in mattering(_step(()))  # a display speaks of scoring, not of this


def test_the_castillo_matters_where_a_caballero_may_go_there() -> None:
    assert "castillo" in mattering(_at(K.PLACEMENT, choices=frozenset({"aragon", "castillo"})))
    assert "castillo" in mattering(_at(K.MOVE_TO, choices=frozenset({"castillo"})))
    assert "castillo" not in mattering(_at(K.PLACEMENT, choices=frozenset({"aragon"})))
    assert "castillo" not in mattering(_at(K.COURT, choices=frozenset({"castillo"})))


CARD_LESSONS = [
    ("veto", "veto"),
    ("card_king", "royal_adviser"),
    ("card_move", "intrigue_3_any"),
    ("card_score", "score_fives"),
    ("card_return", "angry_king"),
    ("card_disk", "eviction"),
    ("card_scoreboard", "scoreboard"),
    ("card_grande", "grande"),
    ("card_hand", "power_cards"),
]


@pytest.mark.parametrize(("lesson", "card"), CARD_LESSONS)
def test_a_card_lying_on_the_table_is_not_yet_its_lesson(lesson: str, card: str) -> None:
    """A card face up, taken, or in play with its special action not done: its rule has not
    happened (the lessons used to come then, ten of them in round 1)."""
    assert lesson not in mattering(_at(K.ACTION_CARD, (card,)))
    assert lesson not in mattering(_at(K.POWER, (card,)))
    view = replace(_view(), face_up=(), taken=((1, card),), action_card=None)
    assert lesson not in mattering(Moment(view, K.TURN))
    view = replace(_view(), face_up=(), taken=(), action_card=card)
    assert lesson not in mattering(Moment(view, K.PLACEMENT))
    kept = (E.ActionCardTaken(1, card), E.VetoKept(1))  # a Veto kept is not a Veto used
    assert lesson not in mattering(_at(K.POWER, recent=kept))


@pytest.mark.parametrize(("lesson", "card"), CARD_LESSONS)
def test_a_kind_of_action_card_matters_when_its_special_action_is_done(
    lesson: str, card: str
) -> None:
    """Another player did it since the person's previous decision (announced and not
    vetoed), or the person is doing it (a decision of its special action)."""
    if lesson == "veto":
        return  # the Veto's special action only keeps one: its lesson is a Veto used
    done = (E.ActionCardTaken(1, card), E.SpecialAnnounced(1, card))
    assert lesson in mattering(_at(K.POWER, recent=done))
    vetoed = (*done, E.SpecialVetoed(1, card, 2))
    assert lesson not in mattering(_at(K.POWER, recent=vetoed))
    others = tuple(E.SpecialAnnounced(1, c) for _, c in CARD_LESSONS if c != card)
    assert lesson not in mattering(_at(K.POWER, recent=others))
    view = replace(_view(), face_up=(), taken=((0, card),), action_card=card)
    assert lesson in mattering(Moment(view, K.REGION))  # the person's own special action
    assert lesson not in mattering(Moment(view, K.PLACEMENT))  # placing is not it


@pytest.mark.parametrize(
    ("lesson", "event"),
    [
        ("card_king", E.KingMoved("aragon", "galicia")),
        ("card_scoreboard", E.ScoreboardMoved("8/4/0", None, "aragon")),
        ("card_grande", E.GrandeMoved(1, "aragon", "galicia")),
        ("card_hand", E.PowerCardRetrieved(1, 7)),
    ],
)
def test_what_a_card_did_on_the_board_is_its_lesson(lesson: str, event: E.Event) -> None:
    assert lesson in mattering(_at(K.POWER, recent=(event,)))
    assert lesson not in mattering(_at(K.POWER))


def test_the_veto_matters_when_one_is_used_or_may_be_used() -> None:
    """R-V2: the Veto's lesson comes when a veto happens (the guided game used to teach it
    two clicks before, and say nothing when it came)."""
    assert "veto" in mattering(_at(K.VETO))
    used = (E.SpecialAnnounced(0, "king"), E.SpecialVetoed(0, "king", 1))
    assert "veto" in mattering(_at(K.POWER, recent=used))
    assert "veto" not in mattering(_at(K.ACTION_CARD, ("veto",)))
    assert "veto" not in mattering(_at(K.POWER, recent=(E.VetoKept(1),)))


def test_a_mobile_scoreboard_matters_where_it_is_laid_and_where_it_scores() -> None:
    """R-K4: laid (another player, or the person's own scoreboard decisions), or a place
    it lies on is scored."""
    assert "card_scoreboard" in mattering(
        _at(K.POWER, recent=(E.ScoreboardMoved("8/4/0", None, "aragon"),))
    )
    on = replace(_view(), scoreboards=(("8/4/0", "aragon"), ("4/0/0", None)))
    moment = _step(())
    assert "card_scoreboard" not in mattering(moment)
    assert "card_scoreboard" in mattering(replace(moment, view=on))
    elsewhere = replace(_view(), scoreboards=(("8/4/0", "galicia"), ("4/0/0", None)))
    assert "card_scoreboard" not in mattering(replace(moment, view=elsewhere))


def test_the_castillo_matters_when_caballeros_go_into_it() -> None:
    went = (E.CaballerosMoved(2, "court", "castillo", 1),)
    assert "castillo" in mattering(_at(K.POWER, recent=went))
    assert "castillo" not in mattering(
        _at(K.POWER, recent=(E.CaballerosMoved(2, "court", "aragon", 1),))
    )


def test_a_scoring_cards_display_is_the_scoring_cards_lesson() -> None:
    assert "card_score" in mattering(_step((), why="score_fives"))
    assert "general" not in mattering(_step((), why="score_fives"))
    assert "card_score" not in mattering(_step(()))


def test_the_secret_disk_matters_at_a_castillo_disk_and_at_its_reveal() -> None:
    assert "disk" in mattering(_at(K.DISK, purpose=str(Purpose.CASTILLO)))
    assert "disk" not in mattering(_at(K.DISK, purpose=str(Purpose.EVICTION)))
    revealed = E.SecretsRevealed(Purpose.CASTILLO, ((0, "aragon"),))
    step = ScoringStep("march", (), None, 1)
    assert "disk" in mattering(Moment(_view(), step=step, events=(revealed,)))
    step = ScoringStep("march", (), None, 0)  # the reveal is not played out yet
    assert "disk" not in mattering(Moment(_view(), step=step, events=(revealed,)))


def test_the_general_scoring_step_by_step_ties_and_bonuses() -> None:
    plain = (E.Award(0, 5, AwardReason.RANK, 1), E.Award(1, 4, AwardReason.RANK, 2))
    assert mattering(_step(plain)) == ["general"]
    tie = (E.Award(0, 4, AwardReason.TIE, 2), E.Award(1, 4, AwardReason.TIE, 2))
    assert set(mattering(_step(tie))) == {"general", "tie"}
    king = (*plain, E.Award(0, 2, AwardReason.KING_BONUS, 0))
    assert set(mattering(_step(king))) == {"general", "king_bonus"}
    home = (*plain, E.Award(1, 2, AwardReason.HOME_BONUS, 0))
    assert set(mattering(_step(home))) == {"general", "home_bonus"}
    # A step that scores another place than the one with the bonus: not this step's.
    scored = E.PlaceScored("aragon", (3, 1, 0), (5, 4, 0), home, (5, 6, 0), "general")
    step = ScoringStep("Galicia", (), "galicia", 2)
    moment = Moment(_view(), step=step, events=(E.ScoringStarted("general", ()), scored))
    assert mattering(moment) == ["general"]


def test_every_action_card_belongs_to_exactly_one_lesson() -> None:
    from el_grande.core.cards import CARD_STACK

    owners = {
        card: [lesson.id for lesson in LESSONS if card in lesson.cards] for card in CARD_STACK
    }
    assert {card: ids for card, ids in owners.items() if len(ids) != 1} == {}


# --- the coach: one new lesson a moment, the rest waiting their turn, reading back ---------


def _prompt(kind: DecisionKind, *args: str, seat: int = 0) -> Prompt:
    choices = tuple(Choice("place", a) for a in args) or (Choice("done"),)
    return Prompt(seat, Decision(seat, kind, False, choices, {}), _view())


def _heard(coach: Coach, *events: E.Event) -> None:
    """The session published `events` (public), as the table flow tells the coach."""
    update = SimpleNamespace(events=events, undone=False, reseated=False)
    coach.heard(update)  # type: ignore[arg-type]


def _see(coach: Coach, scene: Prompt) -> str | None:
    due = coach.see(scene, scene.view, lambda _seat: False)
    return None if due is None else due.id


def test_one_new_lesson_a_decision_the_others_wait_their_turn_in_order() -> None:
    coach = Coach(LEARN, ["power", "court", "action_card", "turn"])
    # Another player moved the King and laid a scoreboard; the person places next to him.
    _heard(coach, E.KingMoved("aragon", "galicia"), E.ScoreboardMoved("8/4/0", None, "aragon"))
    assert _see(coach, _prompt(K.PLACEMENT, "castillo", "aragon")) == "king"
    assert [due.id for due in coach.waiting] == ["castillo", "card_king", "card_scoreboard"]
    # The next Caballero to place: the same decision for the coach; "king" stays on show.
    assert _see(coach, _prompt(K.PLACEMENT, "castillo", "aragon")) is None
    assert coach.current == "king"
    # The next decision: the one that waited longest. The Castillo's lesson waits for a
    # decision where it matters (a place to put Caballeros), not to speak out of place.
    assert _see(coach, _prompt(K.TURN)) == "card_king"
    assert _see(coach, _prompt(K.POWER)) == "card_scoreboard"
    assert _see(coach, _prompt(K.COURT)) is None
    assert _see(coach, _prompt(K.PLACEMENT, "castillo")) == "castillo"
    assert coach.waiting == []
    assert coach.met[4:] == ["king", "card_king", "card_scoreboard", "castillo"]


def test_a_lesson_whose_rule_happens_now_speaks_before_older_ones() -> None:
    coach = Coach(LEARN, ["power", "court", "action_card", "turn", "king"])
    _heard(coach, E.KingMoved("aragon", "galicia"))
    _see(coach, _prompt(K.POWER))
    _heard(coach, E.GrandeMoved(1, "aragon", "galicia"), E.SpecialVetoed(0, "king", 1))
    assert [d.id for d in coach.waiting] == []  # card_king spoke at the power card
    assert _see(coach, _prompt(K.COURT)) == "veto"  # LESSONS order among those happening
    assert _see(coach, _prompt(K.ACTION_CARD)) == "card_grande"


def test_what_the_coach_heard_is_read_once_and_an_undo_forgets_it() -> None:
    coach = Coach(LEARN, ["power", "court"])
    _heard(coach, E.SpecialVetoed(0, "king", 1))
    coach.heard(SimpleNamespace(events=(), undone=True, reseated=False))  # type: ignore[arg-type]
    assert _see(coach, _prompt(K.ACTION_CARD)) == "action_card"
    assert coach.waiting == []  # the undone veto did not happen
    _heard(coach, E.SpecialVetoed(0, "king", 1))
    assert _see(coach, _prompt(K.TURN)) == "turn"
    assert [d.id for d in coach.waiting] == ["veto"]
    assert _see(coach, _prompt(K.POWER)) == "veto"


def test_paging_back_and_on_through_the_lessons_met() -> None:
    coach = Coach(LEARN, [])
    assert not coach.turn_page(-1) and coach.position is None and not coach.can_page
    _see(coach, _prompt(K.POWER))
    assert not coach.can_page  # one lesson, on show
    for kind in (K.COURT, K.ACTION_CARD):
        _see(coach, _prompt(kind))
    assert coach.can_page
    assert coach.shown == "action_card" and coach.position == (3, 3)
    assert not coach.turn_page(1)  # the latest: nothing after it
    assert coach.turn_page(-1) and coach.shown == "court" and coach.position == (2, 3)
    assert coach.turn_page(-1) and coach.shown == "power" and coach.position == (1, 3)
    assert not coach.turn_page(-1) and coach.shown == "power"  # the first stays
    assert coach.current == "action_card"  # reading back changes nothing of the game's
    coach.toggle()
    assert coach.turn_page(1) and coach.shown == "court" and not coach.hidden  # it comes back
    # A new lesson shows at once, even while the player reads back.
    assert _see(coach, _prompt(K.TURN)) == "turn"
    assert coach.shown == "turn" and coach.position == (4, 4) and coach.page is None


def test_paging_after_a_resume_starts_from_the_latest_lesson_met() -> None:
    coach = Coach(LEARN, ["power", "court"])  # resumed: none speaks yet
    assert coach.shown is None and coach.position is None and coach.can_page
    assert coach.turn_page(-1) and coach.shown == "court" and coach.position == (2, 2)
    assert coach.turn_page(1) and coach.shown is None  # back to the coach's waiting line
