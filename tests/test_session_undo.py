"""Undo in the session: the core's rule judged once per choice (no replay to draw a footer),
an undo is one replay, and the story goes back exactly to where it stood."""

from __future__ import annotations

import random

import pytest

from el_grande.core import Game
from el_grande.persist.undo import undo_check
from el_grande.session import GameSession
from el_grande.setup import GameSetup, SeatSetup, default_seats

NAMES = ["Ana", "Ben", "Cy", "Dee"]


def _session(players: int, seed: int, **options: object) -> GameSession:
    setup = GameSetup(default_seats(NAMES[:players]), seed=seed, **options)  # type: ignore[arg-type]
    return GameSession.new(setup)


@pytest.mark.parametrize(("players", "castillo"), [(2, "open"), (3, "hidden"), (4, "open")])
def test_the_update_says_what_the_replaying_rule_says_at_every_step(
    players: int, castillo: str
) -> None:
    for seed in range(3):
        session = _session(players, seed, castillo=castillo, rounds=6)
        rng = random.Random(seed)
        while (d := session.decision) is not None:
            session.apply(rng.choice(d.choices))
            allowed, why = undo_check(session.game)  # the game alone: one replay (the oracle)
            assert session.can_undo() == allowed
            assert session.why_no_undo() == why


def test_no_replay_after_a_choice_and_one_per_undo(monkeypatch: pytest.MonkeyPatch) -> None:
    replays = 0
    real = Game.replay.__func__  # type: ignore[attr-defined]

    def counted(cls, record, upto=None):  # type: ignore[no-untyped-def]
        nonlocal replays
        replays += 1
        return real(cls, record, upto)

    monkeypatch.setattr(Game, "replay", classmethod(counted))
    session = _session(3, 5, rounds=6)
    rng = random.Random(5)
    undos = 0
    while (d := session.decision) is not None:
        if session.can_undo() and rng.random() < 0.3:
            assert session.undo()
            undos += 1
            continue
        session.apply(rng.choice(d.choices))
        session.can_undo()
        session.why_no_undo()
    assert undos > 20
    assert replays == undos  # none for a choice or a footer, one for each undo


def test_an_undo_puts_the_story_back_as_it_stood() -> None:
    session = _session(3, 11, castillo="hidden")
    rng = random.Random(11)
    checked = 0
    while (d := session.decision) is not None and checked < 40:
        if session.can_undo():
            session.undo()
            fresh = GameSession.from_record(session.game.record(), session.seats)
            assert [line.text for line in session.log] == [line.text for line in fresh.log]
            assert session.scorings == fresh.scorings
            assert session.general_scorings == fresh.general_scorings
            checked += 1
            # and the story goes on the same way from there
            choice = session.decision.choices[-1]  # type: ignore[union-attr]
            session.apply(choice)
            fresh.apply(choice)
            assert session.current.lines == fresh.current.lines
            continue
        session.apply(rng.choice(d.choices))
    assert checked == 40


def test_a_hidden_castillo_placement_undone_and_made_again_is_told_again() -> None:
    """The story after an undo is the story as it stood: placing into a hidden Castillo again
    says what the first placing said (the undone one's hidden move was once remembered as
    told, and the second was not told at all)."""
    checked = 0
    for seed in range(3):
        session = _session(3, seed, castillo="hidden")
        rng = random.Random(seed)
        while (d := session.decision) is not None:
            castillo = [c for c in d.choices if c.verb == "place" and c.arg == "castillo"]
            if castillo:
                session.apply(castillo[0])
                told = [line.text for line in session.current.lines]
                if session.can_undo():
                    assert session.undo()
                    session.apply(castillo[0])
                    assert [line.text for line in session.current.lines] == told, seed
                    checked += 1
                continue
            session.apply(rng.choice(d.choices))
    assert checked > 50


def test_a_computer_players_decision_cannot_be_undone() -> None:
    seats = (SeatSetup("Ana", "yellow"), SeatSetup("Ben", "red", "bot:greedy"))
    session = GameSession.new(GameSetup(seats, seed=3))
    rng = random.Random(3)
    seen = 0
    while (d := session.decision) is not None:
        if session.bot_level(d.player) is not None:
            assert not session.can_undo() and session.current.undo == "bot"
            assert session.why_no_undo() == "a computer player is choosing"
            assert not session.undo()
            seen += 1
        session.apply(rng.choice(d.choices))
    assert seen > 50


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 11), (4, 8)])
def test_a_session_rebuilt_from_its_record_has_the_update_it_had(players: int, seed: int) -> None:
    """`from_record` (resume, load, undo) makes no update for the choices before the last:
    the last's, which the screen opens on (its `before` the view before it), is the one the
    session that played the game had, and so are its undo, log and scorings."""
    session = _session(players, seed, castillo="hidden")
    rng = random.Random(seed)
    cut = 0
    while (d := session.decision) is not None:
        session.apply(rng.choice(d.choices))
        if len(session.game.history) >= cut:
            cut += rng.randint(1, 40)
            fresh = GameSession.from_record(session.game.record(), session.seats)
            assert fresh.current == session.current
            assert fresh.can_undo() == session.can_undo()
            assert [line.text for line in fresh.log] == [line.text for line in session.log]
            assert fresh.scorings == session.scorings
    assert cut > 100
