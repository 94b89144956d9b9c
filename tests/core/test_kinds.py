"""The core's StrEnums: decision kinds, secret purposes, award reasons, phases, the Castillo
option and the reasons undo is refused; and the types of choice verbs and event kinds.

Each member is its string, so notation, records, snapshots and save files do not change.
"""

from __future__ import annotations

import json
import random
import typing

from el_grande.core import (
    AwardReason,
    Castillo,
    Decision,
    DecisionKind,
    EventKind,
    Game,
    Options,
    Phase,
    Purpose,
    UndoBlock,
    Verb,
)
from el_grande.core import events as E


def _games(count: int) -> list[tuple[Game, list[tuple[Decision, list[E.Event]]]]]:
    """Random games that prefer announcing special actions (so every card is resolved) and
    bringing the most Caballeros to court."""
    out = []
    for i in range(count):
        options = Options(castillo="hidden" if i % 3 == 0 else "open", veto=i % 4 != 1)
        game = Game.new([f"P{k}" for k in range(2 + i % 4)], seed=i, options=options)
        rng = random.Random(i)
        steps = []
        while (d := game.decision) is not None:
            pick = next((c for c in d.choices if c.verb == "special"), None)
            if d.kind == "court":  # the most, so that the province runs short (recall)
                pick = d.choices[-1]
            steps.append((d, game.apply(pick or rng.choice(d.choices))))
            assert type(game.phase) is Phase
        out.append((game, steps))
    return out


def test_every_kind_purpose_reason_and_phase_the_core_builds_is_a_member() -> None:
    kinds: set[DecisionKind] = set()
    purposes: set[Purpose] = set()
    reasons: set[AwardReason] = set()
    phases: set[Phase] = set()
    verbs: set[str] = set()
    event_kinds: set[str] = set()
    for game, steps in _games(40):
        assert type(game.options.castillo) is Castillo
        for d, events in steps:
            assert type(d.kind) is DecisionKind
            kinds.add(d.kind)
            for c in d.choices:
                assert type(c.verb) is str
                verbs.add(c.verb)
            for e in events:
                event_kinds.add(e.kind)
            if "purpose" in d.context:
                assert type(d.context["purpose"]) is Purpose
            for e in events:
                match e:
                    case E.SecretChosen(purpose=p) | E.SecretsRevealed(purpose=p):
                        assert type(p) is Purpose
                        purposes.add(p)
                    case E.PlaceScored(awards=awards):
                        for a in awards:
                            assert type(a.reason) is AwardReason
                            reasons.add(a.reason)
        phases.add(game.phase)
        view = game.view(0)
        assert type(view.phase) is Phase
    assert kinds == set(DecisionKind)
    assert verbs == set(typing.get_args(Verb))
    assert event_kinds | {"special_vetoed", "veto_expired"} == set(typing.get_args(EventKind))
    assert purposes == set(Purpose)
    assert reasons == set(AwardReason)
    assert Phase.OVER in phases


def test_members_are_their_strings() -> None:
    for enum in (DecisionKind, Purpose, AwardReason, Phase, Castillo, UndoBlock):
        for member in enum:
            assert member == member.value and str(member) == member.value
            assert f"{member}" == member.value and type(str(member)) is str
            assert json.dumps(member) == json.dumps(member.value)
            assert hash(member) == hash(member.value)
    assert DecisionKind("action_card") is DecisionKind.ACTION_CARD
    assert Purpose.CASTILLO == "castillo" and AwardReason.KING_BONUS == "king_bonus"


def test_the_castillo_option_takes_the_string_and_gives_the_member() -> None:
    hidden = Options(castillo="hidden")
    assert hidden.castillo is Castillo.HIDDEN and hidden == Options(castillo=Castillo.HIDDEN)
    assert hidden.to_dict() == {"rounds": 9, "veto": True, "castillo": "hidden"}
    assert type(hidden.to_dict()["castillo"]) is str
    assert Options.from_dict(hidden.to_dict()) == hidden
    for bad in ("closed", 1, None):
        try:
            Options(castillo=bad)  # type: ignore[arg-type]
        except ValueError as exc:
            assert "castillo must be 'open' or 'hidden'" in str(exc)
        else:
            raise AssertionError(f"{bad!r} accepted")


def test_every_event_class_has_its_own_kind() -> None:
    """`EventKind` (a Literal type: the type checker refuses a comparison with a kind that does
    not exist) lists every event class's kind, each once."""
    classes = [c for c in vars(E).values() if isinstance(c, type) and hasattr(c, "kind")]
    assert sorted(c.kind for c in classes) == sorted(typing.get_args(EventKind))
    assert all(type(c.kind) is str for c in classes)


def test_records_and_snapshots_hold_plain_strings() -> None:
    game = Game.new(["Ana", "Ben", "Cy"], seed=9)
    rng = random.Random(9)
    while game.decision is not None and game.phase != Phase.SCORING:
        game.apply(rng.choice(game.decision.choices))
    snap = game.snapshot()
    again = json.loads(json.dumps(snap))
    assert again == snap and again["phase"] == "scoring"
    assert json.dumps(snap).count('"phase": "scoring"') == 1
    assert all(type(c) is str for c in game.record()["choices"])
    assert all(type(c) is str for c in game.history)
