"""Lessons (el_grande/flow/lessons.py): their rule ids, their sentences, and each detector
firing where its rule matters and not elsewhere."""

from __future__ import annotations

from dataclasses import replace

import pytest

from el_grande.core import AwardReason, DecisionKind, Game, Purpose, View
from el_grande.core import events as E
from el_grande.flow.lessons import BY_ID, LESSONS, SENTENCES, Moment, mattering
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
def test_a_kind_of_action_card_matters_when_one_is_on_the_table(lesson: str, card: str) -> None:
    assert lesson in mattering(_at(K.ACTION_CARD, (card,)))
    assert lesson in mattering(_at(K.POWER, (card,)))
    others = tuple(c for _, c in CARD_LESSONS if c != card)
    assert lesson not in mattering(_at(K.ACTION_CARD, others))
    # Taken this round, or in play: still on the table.
    view = replace(_view(), face_up=(), taken=((1, card),), action_card=None)
    assert lesson in mattering(Moment(view, K.TURN))
    view = replace(_view(), face_up=(), taken=(), action_card=card)
    assert lesson in mattering(Moment(view, K.PLACEMENT))


def test_the_veto_matters_when_one_may_be_used() -> None:
    assert "veto" in mattering(_at(K.VETO))


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
