"""The undo rule (el_grande.core.undo): never across a reveal (R-H1: undo must not become a way
to peek), judged from the decision before, the events and the decision after, without a replay.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from el_grande.core import GENERAL, Decision, Game, Options, UndoBlock, undo_block
from el_grande.core import events as E
from el_grande.core.undo import reveals

# The event kinds a player may take back, as the rule was first written (a white list of
# strings, judged on a copy of the game one choice back): the oracle the rule must agree with.
ALLOWED = {
    "caballeros_moved",
    "action_card_taken",
    "special_announced",
    "special_skipped",
    "veto_kept",
    "king_moved",
    "grande_moved",
    "scoreboard_moved",
    "power_card_retrieved",
    "scoring_started",
    "place_scored",
    "scoring_ended",
}


def oracle(before: Game, choice: Any, after: Game) -> UndoBlock | None:
    """The replaying judge: rebuild the step on a copy of the game before it."""
    d0, d1 = before.decision, after.decision
    if after.over or d1 is None:
        return UndoBlock.OVER
    assert d0 is not None
    if d0.player != d1.player:
        return UndoBlock.OTHER_PLAYER
    if d0.secret:
        return UndoBlock.SECRET
    hidden = after.options.castillo == "hidden"
    for ev in before.clone().apply(before.parse(str(choice))):
        if ev.kind not in ALLOWED:
            return UndoBlock.REVEALED
        if ev.kind in ("scoring_started", "place_scored", "scoring_ended") and (
            ev.why == GENERAL or (ev.kind == "place_scored" and hidden and ev.place == "castillo")
        ):
            return UndoBlock.REVEALED
    return None


def _games(count: int) -> Any:
    """(before, choice, events, after) for every step of random games of every kind; the
    special action is preferred, so that every card is resolved."""
    for seed in range(count):
        options = Options(
            rounds=(9, 6)[seed % 2], veto=seed % 5 != 0, castillo=("open", "hidden")[seed % 3 == 0]
        )
        game = Game.new([f"P{k}" for k in range(2 + seed % 4)], seed=seed, options=options)
        rng = random.Random(seed)
        while (d := game.decision) is not None:
            special = [c for c in d.choices if c.verb == "special"]
            choice = special[0] if special and rng.random() < 0.7 else rng.choice(d.choices)
            before = game.clone()
            events = game.apply(choice)
            yield before, choice, events, game


def test_the_rule_agrees_with_the_replaying_judge_at_every_step() -> None:
    seen: Counter[UndoBlock | None] = Counter()
    for before, choice, events, after in _games(48):
        d0 = before.decision
        assert d0 is not None
        hidden = after.options.castillo == "hidden"
        block = undo_block(d0, events, after.decision, hidden)
        assert block == oracle(before, choice, after), (choice, events)
        seen[block] += 1
    # every answer the rule can give after a choice really came up
    assert set(seen) == {None, UndoBlock.OVER, UndoBlock.OTHER_PLAYER, UndoBlock.SECRET,
                         UndoBlock.REVEALED}  # fmt: skip
    assert seen[None] > 1000 and seen[UndoBlock.REVEALED] > 100


def _sample(cls: type, **fields: Any) -> Any:
    """An instance of an event class with placeholder fields (``fields`` override them)."""
    values = {name: fields.get(name, 0) for name in cls.__match_args__}
    return cls(**values)


REVEALING = {
    E.RoundStarted,
    E.CardsRevealed,
    E.PowerCardPlayed,
    E.TurnOrderSet,
    E.TurnStarted,
    E.TurnEnded,
    E.RoundEnded,
    E.SecretChosen,
    E.SecretsRevealed,
    E.SpecialVetoed,
    E.VetoExpired,
    E.GameOver,
}


def test_every_event_class_is_judged() -> None:
    """A new event class is a barrier until the rule lists it as harmless."""
    classes = {c for c in vars(E).values() if isinstance(c, type) and hasattr(c, "kind")}
    assert {c.kind for c in classes} <= ALLOWED | {c.kind for c in REVEALING}
    for cls in classes:
        ev = _sample(cls, why="score_fives", place="aragon")
        assert reveals(ev, castillo_hidden=True) == (cls in REVEALING), cls.__name__
    scorings = (E.ScoringStarted, E.PlaceScored, E.ScoringEnded)
    assert all(reveals(_sample(c, why=GENERAL, place="aragon"), False) for c in scorings)
    castillo = _sample(E.PlaceScored, why="score_castillo", place="castillo")
    assert reveals(castillo, castillo_hidden=True) and not reveals(castillo, castillo_hidden=False)


@pytest.mark.parametrize(
    ("before", "after", "events", "expected"),
    [
        ((0, False), None, [], UndoBlock.OVER),
        ((0, False), (1, False), [], UndoBlock.OTHER_PLAYER),
        ((0, True), (0, True), [], UndoBlock.SECRET),
        ((0, False), (0, False), [E.TurnStarted(0, 5)], UndoBlock.REVEALED),
        ((0, False), (0, False), [E.KingMoved("aragon", "galicia")], None),
    ],
)
def test_the_reasons_in_their_order(
    before: tuple[int, bool], after: tuple[int, bool] | None, events: list[Any], expected: Any
) -> None:
    def decision(seat: int, secret: bool) -> Decision:
        return Decision(seat, "disk" if secret else "placement", secret, (), {})  # type: ignore[arg-type]

    d1 = None if after is None else decision(*after)
    assert undo_block(decision(*before), events, d1, castillo_hidden=False) == expected
