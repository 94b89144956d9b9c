"""The review across the wire (el_grande/net/report.py): one seat's report of a finished game,
as `el-grande review` renders it, and none before the end."""

from __future__ import annotations

import json

import pytest

from el_grande.net.report import seat_report
from el_grande.review import Review, Settings, review
from el_grande.session import GameSession
from el_grande.setup import GameSetup, default_seats
from tests.flow.test_spectators import play

_reviewed: dict[tuple[str, str, int], Review] = {}


def _small(record, seats, seat):  # type: ignore[no-untyped-def]
    """A small review of `seat`, made once for the same record and seats (the tests below
    ask for the same seat's review of the same finished game)."""
    key = (json.dumps(record, sort_keys=True), repr(seats), seat)
    if key not in _reviewed:
        settings = Settings(draws=2, min_draws=1, batch=1)
        _reviewed[key] = review(record, seats, only=[seat], settings=settings)
    return _reviewed[key]


@pytest.fixture(scope="module")
def finished() -> GameSession:
    return play(318_604_552_917, 2, rounds=6).session


def test_a_finished_game_gives_that_seat_its_own_report(finished: GameSession) -> None:
    text, complete = seat_report(finished, 1, _small)
    assert complete
    name = finished.seats[1].name
    assert text.startswith("# ") and name in text.splitlines()[0]


def test_no_review_before_the_end() -> None:
    session = GameSession.new(GameSetup(default_seats(["Ana", "Ben"]), seed=318_604_552_917))
    with pytest.raises(ValueError):
        seat_report(session, 0, _small)


def test_the_runner_reviews_only_that_seat(finished: GameSession) -> None:
    seen: list[int] = []

    def runner(record, seats, seat):  # type: ignore[no-untyped-def]
        seen.append(seat)
        got: Review = _small(record, seats, seat)
        assert got.seats == (seat,)
        return got

    seat_report(finished, 1, runner)
    assert seen == [1]
