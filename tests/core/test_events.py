"""Events are cheap immutable values that behave like frozen dataclasses (docs/core-api.md)."""

from __future__ import annotations

import copy
import pickle
import typing
from operator import eq, ne

import pytest

from el_grande.core import AwardReason, Purpose, visible_to
from el_grande.core import events as E

#: Field names and positional order of every event (and Award), as before they stopped being
#: dataclasses: the app, the save-file export and `match` patterns rely on them.
FIELDS: dict[type, tuple[str, ...]] = {
    E.RoundStarted: ("round", "number", "of", "start_player"),
    E.CardsRevealed: ("cards",),
    E.PowerCardPlayed: ("seat", "value"),
    E.TurnOrderSet: ("order",),
    E.TurnStarted: ("seat", "power"),
    E.CaballerosMoved: ("whose", "src", "dst", "count", "hidden"),
    E.ActionCardTaken: ("seat", "card"),
    E.SpecialAnnounced: ("seat", "card"),
    E.SpecialVetoed: ("seat", "card", "by"),
    E.SpecialSkipped: ("seat", "card"),
    E.VetoKept: ("seat",),
    E.VetoExpired: ("seat",),
    E.KingMoved: ("src", "dst"),
    E.GrandeMoved: ("seat", "src", "dst"),
    E.ScoreboardMoved: ("board", "src", "dst"),
    E.PowerCardRetrieved: ("seat", "value"),
    E.SecretChosen: ("seat", "purpose"),
    E.SecretsRevealed: ("purpose", "choices"),
    E.ScoringStarted: ("why", "places"),
    E.PlaceScored: ("place", "counts", "values", "awards", "points", "why"),
    E.ScoringEnded: ("why", "points"),
    E.TurnEnded: ("seat",),
    E.RoundEnded: ("round", "next_start_player"),
    E.GameOver: ("scores", "winners"),
    E.Award: ("seat", "points", "reason", "position"),
}


def _sample(cls: type) -> object:
    return cls(*range(len(FIELDS[cls])))


def test_every_event_keeps_its_field_names_order_and_kind() -> None:
    events = typing.get_args(E.Event)
    assert set(events) | {E.Award} == set(FIELDS)
    kinds = set()
    for cls in events:
        assert cls.__match_args__ == FIELDS[cls]
        assert isinstance(cls.kind, str) and cls.kind == _sample(cls).kind  # type: ignore[attr-defined]
        kinds.add(cls.kind)
    assert len(kinds) == len(events)  # every kind names one class
    assert E.CaballerosMoved.kind == "caballeros_moved"


def test_construction_by_position_or_keyword_with_defaults() -> None:
    a = E.CaballerosMoved(0, "province", "court", 3)
    b = E.CaballerosMoved(whose=0, src="province", dst="court", count=3, hidden=False)
    assert (
        a == b
        and a.hidden is False
        and (a.whose, a.src, a.dst, a.count) == (0, "province", "court", 3)
    )
    with pytest.raises(TypeError):
        E.CaballerosMoved(0, "province", "court")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        E.VetoKept(seat=1, colour="red")  # type: ignore[call-arg]


def test_events_are_immutable() -> None:
    e = E.CaballerosMoved(0, "province", "court", 3)
    with pytest.raises(AttributeError):
        e.count = 4  # type: ignore[misc]
    with pytest.raises(AttributeError):
        e.colour = "red"  # type: ignore[attr-defined]
    assert e.count == 3


def test_equal_only_to_the_same_event_type_with_the_same_values() -> None:
    # Both operators, both ways round (a tuple on the left asks the event first).
    assert eq(E.VetoKept(1), E.VetoKept(1)) and not ne(E.VetoKept(1), E.VetoKept(1))
    assert ne(E.VetoKept(1), E.VetoKept(2))
    assert ne(E.VetoKept(1), E.TurnEnded(1)) and not eq(E.VetoKept(1), E.TurnEnded(1))
    assert ne(E.ActionCardTaken(1, "veto"), E.SpecialAnnounced(1, "veto"))
    assert ne(E.VetoKept(1), (1,)) and ne((1,), E.VetoKept(1)) and not eq((1,), E.VetoKept(1))
    assert ne(E.CaballerosMoved(0, "a", "b", 1), (0, "a", "b", 1, False))
    with pytest.raises(TypeError):
        _ = E.VetoKept(1) < E.VetoKept(2)  # type: ignore[operator]


def test_hashable_consistently_with_equality() -> None:
    a, b = E.SecretChosen(1, Purpose.CASTILLO), E.SecretChosen(1, Purpose.CASTILLO)
    assert hash(a) == hash(b) and len({a, b, E.SecretChosen(2, Purpose.CASTILLO)}) == 2
    assert len({E.VetoKept(1), E.TurnEnded(1)}) == 2


def test_readable_repr() -> None:
    assert repr(E.CaballerosMoved(2, "court", "aragon", 1)) == (
        "CaballerosMoved(whose=2, src='court', dst='aragon', count=1, hidden=False)"
    )
    award = E.Award(0, 2, AwardReason.KING_BONUS, 0)
    assert repr(award).startswith("Award(seat=0, points=2, reason=")


def test_match_patterns_by_keyword_and_by_position() -> None:
    def describe(ev: E.Event) -> str:
        match ev:
            case E.CaballerosMoved(whose=w, src="court", dst=d, count=c):
                return f"{w} placed {c} in {d}"
            case E.KingMoved(src, dst):
                return f"king {src}->{dst}"
            case _:
                return "other"

    assert describe(E.CaballerosMoved(1, "court", "aragon", 2)) == "1 placed 2 in aragon"
    assert describe(E.CaballerosMoved(1, "province", "court", 2)) == "other"
    assert describe(E.KingMoved("aragon", "galicia")) == "king aragon->galicia"
    assert describe(E.VetoKept(1)) == "other"


def test_copy_and_pickle_keep_the_value() -> None:
    for cls in FIELDS:
        e = _sample(cls)
        assert copy.copy(e) == e and copy.deepcopy(e) == e
        again = pickle.loads(pickle.dumps(e))
        assert again == e and type(again) is cls


def test_visible_to_strips_a_hidden_castillo_count_for_everyone_but_its_owner() -> None:
    e = E.CaballerosMoved(1, "court", "castillo", 3, True)
    assert visible_to(e, 1) is e
    for seat in (0, 2, None):
        assert visible_to(e, seat) == E.CaballerosMoved(1, "court", "castillo", None, True)
    open_move = E.CaballerosMoved(1, "court", "castillo", 3)
    assert visible_to(open_move, 0) is open_move


def test_an_event_class_is_built_the_same_before_and_after_its_constructor_is_compiled() -> None:
    """An event's `__new__` is compiled the first time the class is built by calling it
    (start-up): before that, copies, pickles (`__new__` called directly) and calls are the
    same, and a wrong call raises the compiled constructor's own error."""

    @E._value
    class Fresh:
        seat: int
        card: str = "veto"

    globals()["Fresh"] = Fresh  # (pickle finds the class by its module and name)
    try:
        made = E.make(Fresh, (1, "king"))
        assert copy.copy(made) == made == pickle.loads(pickle.dumps(made))
        with pytest.raises(TypeError, match=r"Fresh.__new__\(\) missing 1 required"):
            Fresh()  # type: ignore[call-arg]
        assert Fresh(1) == Fresh(seat=1, card="veto") == E.make(Fresh, (1, "veto"))
        assert Fresh(2, "king").card == "king"
        assert Fresh.__new__.__qualname__.endswith(".Fresh.__new__")
    finally:
        del globals()["Fresh"]
