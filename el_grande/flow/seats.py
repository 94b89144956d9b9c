"""Seats change hands at the table: a seat is given to a computer player, or taken back, in
the middle of a game (the seat menu, `r`; docs/app.md, "Seats change hands").

When it may happen (`why_not`): at a person's open prompt once its hand-over wait is over, or
while a computer player chooses a public decision — never while a secret decision is pending
(a secret prompt, its curtain, a computer player's secret), over a take-over, a curtain or a
hint, during a scoring or reveal display (a moment of the whole table: right after it), nor
once the game is over. A table of computer players only may be left to play: somebody can
still watch it and take a seat back at any computer player's decision.

What it does (`give`): a computer player thinking for that seat is stopped (its search
cancelled, its answer dropped), and the session records the seat's new hand from the decision
at hand on and publishes a `reseated` update. The director (`el_grande.flow.director`) goes on
from there: if the decision at hand changes hands, what comes next is worked out again — a
computer player's turn starts at once, or the prompt opens for the person with the usual
hand-over wait (the hot-seat policy counts the menu as an answer by nobody in particular: the
next person's prompt waits for a quiet keyboard, or for a take-over where one is due).
Otherwise the scene stays as it is, drawn again with the new seating.

`Seats` is a feature of the table (`el_grande.flow.feature`): it asks the table only what the
`Stage` protocol offers. Tested alone (tests/flow/test_features.py) and at the table, with the
manual clock and a thinker of the test's own (tests/flow/test_seats.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from el_grande.bots.registry import LEVELS
from el_grande.flow.feature import Feature
from el_grande.hands import BOT_PREFIX, HUMAN
from el_grande.text import t

if TYPE_CHECKING:
    from el_grande.flow.feature import Stage


def kinds() -> tuple[str, ...]:
    """Who may take a seat: a person, or a computer player of each level of the one registry
    (weakest first)."""
    return (HUMAN, *(f"{BOT_PREFIX}{lv.id}" for lv in LEVELS))


class Seats(Feature):
    """Seats changing hands at the table (see the module docstring)."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage

    def why_not(self) -> str | None:
        """Why seats may not change hands now (one sentence), or None when they may."""
        stage = self.stage
        if stage.session.decision is None:
            return t("seats.over")
        if stage.secret_open:
            return t("seats.not_secret")
        if stage.showing:
            return t("seats.not_display")
        if stage.session.held is not None:  # the Confirm scene: the turn is its player's to end
            return t("seats.not_held")
        if stage.bot_playing or stage.at_prompt:
            return None
        return t("seats.not_now")  # a take-over, a curtain, a hint, a wait for a quiet keyboard

    def why_not_open(self) -> str | None:
        """Why the seat menu may not open now: `why_not`, or its key came without a quiet
        keyboard while a computer player decides (`Stage.typed_ahead`: a hand typing ahead
        from the last prompt never opens it). The menu's own keys act at once: it was opened
        on purpose."""
        return self.why_not() or self.stage.typed_ahead()

    def give(self, seat: int, kind: str) -> str | None:
        """Give `seat` to `kind` (`kinds()`): None when done (or nothing to do), else why not,
        changing nothing."""
        why = self.why_not()
        if why is not None:
            return why
        session = self.stage.session
        if not 0 <= seat < len(session.seats) or kind not in kinds():
            return t("seats.unknown")
        if session.kind(seat) == kind:
            return None
        self.stage.drop_bot(seat)  # its search is cancelled; an answer on its way is dropped
        session.seat_to(seat, kind)  # publishes a `reseated` update: the director goes on
        return None
