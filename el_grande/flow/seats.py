"""Seats change hands at the table: a seat is given to a computer player, or taken back, in
the middle of a game (the seat menu, `r`; docs/app.md, "Seats change hands").

When it may happen (`why_not`): at a person's open prompt once its hand-over wait is over, or
while a computer player chooses a public decision — never while a secret decision is pending
(a secret prompt, its curtain, a computer player's secret), over a take-over, a curtain or a
hint, during a scoring or reveal display (a moment of the whole table: right after it), nor
once the game is over. A table of computer players only may be left to play: somebody can
still watch it and take a seat back at any computer player's decision.

What it does (`give`): the session records the seat's new hand from the decision at hand on
and publishes a `reseated` update. A computer player thinking for that seat is stopped (its
search cancelled, its answer dropped); if the decision at hand changes hands, what comes next
is worked out again — a computer player's turn starts at once, or the prompt opens for the
person with the usual hand-over wait (the menu counts as an answer by nobody in particular:
the next person's prompt waits for a quiet keyboard, or for a take-over where one is due).
Otherwise the scene stays as it is, drawn again with the new seating.

Plain Python, as the rest of the flow: tested with the manual clock and a thinker of the
test's own (tests/flow/test_seats.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from el_grande.bots.registry import LEVELS
from el_grande.flow.handover import NOBODY
from el_grande.hands import BOT_PREFIX, HUMAN
from el_grande.text import t

if TYPE_CHECKING:  # (the table imports this module)
    from el_grande.flow.scenes import Prompt
    from el_grande.flow.table import TableFlow

#: Who "answered" when the seat menu changed who plays the decision at hand: nobody's seat,
#: so the next person's prompt waits as after another player's answer.
MENU = NOBODY


def kinds() -> tuple[str, ...]:
    """Who may take a seat: a person, or a computer player of each level of the one registry
    (weakest first)."""
    return (HUMAN, *(f"{BOT_PREFIX}{lv.id}" for lv in LEVELS))


def why_not(flow: TableFlow) -> str | None:
    """Why seats may not change hands now (one sentence), or None when they may."""
    if flow.session.decision is None:
        return t("seats.over")
    if flow.secret_open:
        return t("seats.not_secret")
    if flow.showing:
        return t("seats.not_display")
    if flow.session.held is not None:  # the Confirm scene: the turn is its player's to end
        return t("seats.not_held")
    if flow.bot_playing or flow.at_prompt:
        return None
    return t("seats.not_now")  # a take-over, a curtain, a hint, a wait for a quiet keyboard


def why_not_open(flow: TableFlow) -> str | None:
    """Why the seat menu may not open now: `why_not`, or its key came without a quiet
    keyboard while a computer player decides (`TableFlow.typed_ahead`: a hand typing ahead
    from the last prompt never opens it). The menu's own keys act at once: it was opened on
    purpose."""
    return why_not(flow) or flow.typed_ahead()


def give(flow: TableFlow, seat: int, kind: str) -> str | None:
    """Give `seat` to `kind` (`kinds()`): None when done (or nothing to do), else why not,
    changing nothing."""
    why = why_not(flow)
    if why is not None:
        return why
    session = flow.session
    if not 0 <= seat < len(session.seats) or kind not in kinds():
        return t("seats.unknown")
    if session.kind(seat) == kind:
        return None
    task = flow._bot
    if task is not None and task.seat == seat:
        flow._drop_bot()  # its search is cancelled; an answer still on its way is dropped
    session.seat_to(seat, kind)  # publishes a `reseated` update: `reseated` below
    return None


def reseated(flow: TableFlow, prompt: Prompt | None) -> None:
    """The session's seating changed (a `reseated` update; `prompt`: the scene, when it is a
    person's prompt): go on from the decision at hand."""
    d = flow.session.decision
    if flow._bot is not None or (
        prompt is not None and prompt.decision is d and not flow.is_bot(prompt.seat)
    ):
        # Another seat changed hands: the computer player at the decision thinks on, or the
        # person at the prompt keeps it (the highlight where it is); drawn with the new seating.
        flow._set(flow.scene)
        return
    flow._drop_weighing()
    flow.handovers.answered(MENU)
    flow._advance()  # a computer player's turn at once, or the prompt after a quiet moment
