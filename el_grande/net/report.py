"""The review of one seat's decisions, for that seat's screen across the wire.

The review runs at the host, which holds the finished game's record (`el_grande.review`, the
Hard player weighing each decision the person made, with `el-grande review`'s settings: capped
by play-outs, so the same game gives the same review); only its report for that seat — the
Markdown `el-grande review` prints — crosses the wire (`protocol.Report`). A review is of a
finished game only: before the end, a seat's decisions would be weighed against what the
others still hide.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from el_grande.review import Review, Seats
    from el_grande.session import GameSession

#: Runs the review of `seat` (the record, its seats): the real one, or a small one in tests.
Runner = Callable[[dict[str, Any], "Seats", int], "Review"]


def full_review(record: dict[str, Any], seats: Seats, seat: int) -> Review:
    """`el-grande review`'s review of `seat`'s decisions (in this thread: the host runs it
    through its thinker, off the event loop)."""
    from el_grande.review import review  # (the review's machinery, when a review runs)

    return review(record, seats, only=[seat])


def seat_report(session: GameSession, seat: int, run: Runner = full_review) -> tuple[str, bool]:
    """The review of `seat`'s decisions in the finished game of `session`, as Markdown, and
    whether every decision was weighed. `ValueError` before the game is over."""
    from el_grande.review import Seats
    from el_grande.review_report import render

    if session.decision is not None:
        raise ValueError("a review is of a finished game")
    record = session.game.record()
    done = run(record, Seats.of_seats(session.seats), seat)
    return render(done, record, seat), done.complete
