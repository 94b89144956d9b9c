"""Undo: the current player's own decisions within their turn, never across a reveal
(R-H1: undo must not become a way to peek)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from persist_helpers import new_game

from el_grande.core import Game, Options
from el_grande.persist import can_undo, undo, undo_check

# Written as a black list here (the code keeps a white list), so the two must agree.
REVEALS = {
    "round_started",  # a new round: action cards turned up
    "cards_revealed",
    "power_card_played",
    "turn_order_set",
    "turn_started",
    "turn_ended",
    "round_ended",
    "secret_chosen",
    "secrets_revealed",
    "special_vetoed",
    "veto_expired",
    "game_over",
}


def undo_turn(game: Game) -> Game | None:
    """Undo as far back as allowed (to the start of the player's turn step), or None."""
    out = None
    while (g := undo(out or game)) is not None:
        out = g
    return out


def positions(seed: int, **kw: Any) -> Iterator[tuple[Game, Game, str, list[Any]]]:
    """(game before, game after, choice, events) for every decision of a random game."""
    game = new_game(seed, **kw)
    rng = random.Random(seed)
    while not game.over:
        d = game.decision
        assert d is not None
        before = game.clone()
        choice = rng.choice(d.choices)
        events = game.apply(choice)
        yield before, game.clone(), str(choice), events


def barrier(before: Game, after: Game, events: list[Any]) -> str | None:
    d0, d1 = before.decision, after.decision
    if d1 is None:
        return "over"
    assert d0 is not None
    if d0.player != d1.player:
        return "other player"
    if d0.secret:
        return "secret"
    for ev in events:
        if ev.kind in REVEALS:
            return ev.kind
        if getattr(ev, "why", None) == "general":
            return "general scoring"
        if (
            ev.kind == "place_scored"
            and ev.place == "castillo"
            and after.options.castillo == ("hidden")
        ):
            return "hidden castillo scored"
    return None


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_undo_allowed_exactly_when_nothing_was_revealed(seed: int) -> None:
    allowed = refused = 0
    for before, after, _choice, events in positions(seed, options=Options(castillo="hidden")):
        why = barrier(before, after, events)
        assert can_undo(after) == (why is None), (why, events, before.decision, after.decision)
        if why is None:
            allowed += 1
            back = undo(after)
            assert back is not None
            assert back.snapshot() == before.snapshot()
            assert back.decision == before.decision
        else:
            refused += 1
            assert undo(after) is None
    assert allowed > 10 and refused > 10  # both branches really ran


def test_never_at_the_start_nor_after_the_end() -> None:
    game = new_game(7, players=3)
    assert undo_check(game) == (False, "there is nothing of yours to take back yet")
    *_, (_b, after, _c, _e) = positions(7, players=3)
    assert after.over and not can_undo(after)


def test_power_phase_never_undoable() -> None:
    """Power cards are played one after another by different players (R-P1)."""
    for before, after, _c, _e in positions(8, players=4):
        if before.decision.kind == "power":  # type: ignore[union-attr]
            assert not can_undo(after)
        if after.view(None).round > 2:
            break


def test_undo_walks_back_to_the_last_barrier_and_stops() -> None:
    """Repeated undo goes back step by step through the player's own decisions (court,
    card, place/special, placements...) and stops at the first barrier: at the latest the
    start of the turn."""
    checked = 0
    trail: list[tuple[Game, str | None]] = []  # (game after step, barrier of that step)
    for before, after, _c, events in positions(5, players=3):
        trail.append((after, barrier(before, after, events)))
        d = after.decision
        if d is not None and d.kind == "placement" and trail[-1][1] is None:
            k = len(trail) - 1
            while trail[k][1] is None:
                k -= 1
            expected = trail[k][0]
            back = undo_turn(after)
            assert back is not None
            assert back.snapshot() == expected.snapshot()
            assert back.history == expected.history
            assert not can_undo(back)
            checked += 1
    assert checked >= 5


def test_never_back_across_a_veto_question() -> None:
    """R-V3: once a Veto holder was asked, the announcing player cannot undo back past it."""
    found = 0
    for seed in range(60):
        asked_at: int | None = None
        for before, after, _c, _e in positions(seed, players=3):
            d0 = before.decision
            assert d0 is not None
            if d0.kind == "veto":
                asked_at = len(after.history)
                assert not can_undo(after)
                assert "another player" in undo_check(after)[1]
            elif asked_at is not None and after.decision is not None:
                if d0.kind == "turn" or any(e.kind == "turn_started" for e in _e):
                    asked_at = None  # the turn moved on
                    continue
                back = undo_turn(after)
                if back is not None:
                    assert len(back.history) >= asked_at
                    found += 1
        if found >= 3:
            break
    assert found >= 3


def test_refused_after_secrets() -> None:
    found = 0
    for seed in range(10):
        for before, after, _c, events in positions(seed, options=Options(rounds=6)):
            if before.decision.secret:  # type: ignore[union-attr]
                assert not can_undo(after)
                found += 1
            if any(e.kind == "secrets_revealed" for e in events):
                assert not can_undo(after)
        if found >= 5:
            break
    assert found >= 5


def test_refused_at_first_decision_of_a_round() -> None:
    for _before, after, _c, events in positions(9, players=2):
        if any(e.kind == "cards_revealed" for e in events):
            assert not can_undo(after)
            _ok, why = undo_check(after)
            assert why


def test_hidden_castillo_scoring_is_a_barrier() -> None:
    """With castillo="hidden", scoring the Castillo by an action card shows its counts."""
    for seed in range(300):
        for before, after, _c, events in positions(seed, options=Options(castillo="hidden")):
            scored = [e for e in events if e.kind == "place_scored" and e.place == "castillo"]
            if (
                scored
                and scored[0].why != "general"
                and after.decision is not None
                and after.decision.player == before.decision.player  # type: ignore[union-attr]
            ):
                assert not can_undo(after)
                return
    pytest.fail("no special Castillo scoring found in these seeds: widen the search")


def test_undo_check_applies_the_core_rule_at_every_step() -> None:
    """`undo_check` (one replay, cached) says what `core.undo_block` says of the same step,
    and words it from the catalogue."""
    from el_grande.core import undo_block
    from el_grande.text import t

    reasons = set()
    for seed in (3, 6):
        options = Options(castillo="hidden" if seed == 3 else "open")
        for before, after, _c, events in positions(seed, options=options):
            d0 = before.decision
            assert d0 is not None
            block = undo_block(d0, events, after.decision, options.castillo == "hidden")
            expected = (True, "") if block is None else (False, t(f"undo.{block}"))
            assert undo_check(after) == expected
            reasons.add(block)
    assert len(reasons) >= 4


def test_a_cached_answer_is_worded_in_the_language_asked_in() -> None:
    """The cache keeps the reason, not the sentence: switching the language between two
    questions about the same position gives each its own language."""
    from el_grande.text import use

    game = new_game(7, players=3)
    game.apply(game.decision.choices[0])  # type: ignore[union-attr]  # a power card: refused
    english = undo_check(game)
    try:
        use("ko")
        korean = undo_check(game)
    finally:
        use("en")
    assert english == (False, "the last decision was another player's")
    assert korean[0] is False and korean[1] != english[1] and korean[1]
    assert undo_check(game) == english


def test_save_export_undo_need_no_textual() -> None:
    """Saving, loading, undo, export and the replay model work without the TUI: `persist`,
    its `export`, `replay`, `autosave` and `undo`, and the session, in a fresh process (after
    the flow: the second step of tests/flow/import_steps.py)."""
    from tests.flow.import_steps import imported

    assert imported()["saves"] == []


def test_every_reason_is_in_both_catalogues() -> None:
    from el_grande.core import UndoBlock
    from el_grande.text import EN
    from el_grande.text_ko import KO

    for block in UndoBlock:
        assert f"undo.{block}" in EN and f"undo.{block}" in KO, block
