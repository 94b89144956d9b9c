"""The review across the wire (el_grande/net/report.py): one seat's report of a finished game,
as `el-grande review` renders it, and none before the end."""

from __future__ import annotations

import pytest

from el_grande.net.report import seat_report
from el_grande.review import Review, Settings, review
from el_grande.session import GameSession
from el_grande.setup import GameSetup, default_seats
from tests.flow.test_spectators import play


def _small(record, seats, seat):  # type: ignore[no-untyped-def]
    return review(record, seats, only=[seat], settings=Settings(draws=2, min_draws=1, batch=1))


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

    seat_report(finished, 0, runner)
    assert seen == [0]
