"""The thinker: what runs a long piece of thinking (a computer player's choice, a decision's
cautions) off the table's thread, injected as the clock is (`el_grande.flow.clock`).

The app's thinker runs it in a worker thread; `thinker_on(clock)` thinks at once on the
table's thread and answers on the clock's next turn (tests, headless runs).
"""

from __future__ import annotations

from collections.abc import Callable

from el_grande.flow.clock import Cancel, Clock

#: What a `Thinker` is asked to run off the table's thread (a bot's choice, a decision's
#: cautions), and how it answers: with the result or the exception.
Think = Callable[[], object]
Done = Callable[[object], None]
#: Runs `think` (in a thread, in the app) and calls `done` with its answer or its exception on
#: the table's thread; returns a function that cancels it (its answer is then dropped).
Thinker = Callable[[Think, Done], Cancel]


def thinker_on(clock: Clock) -> Thinker:
    """A thinker that thinks at once, on the table's thread, and answers on the clock's next
    turn (tests, headless runs)."""

    def think(task: Think, done: Done) -> Cancel:
        def run() -> None:
            try:
                result: object = task()
            except Exception as exc:  # a bot must never stop the game
                result = exc
            done(result)

        return clock.call_later(0, run)

    return think
