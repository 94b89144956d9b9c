"""The hand-over guard and rule on their own (`el_grande.flow.handover`): silence, not time."""

from __future__ import annotations

import pytest

from el_grande.flow.clock import ManualClock
from el_grande.flow.handover import (
    QUIET,
    TAKE_OVER,
    HandOverGuard,
    HandOvers,
    Input,
    Wait,
    letter_matches,
)


def guard() -> tuple[HandOverGuard, ManualClock, list[bool]]:
    clock = ManualClock()
    seen: list[bool] = []
    return HandOverGuard(clock, on_ready=seen.append), clock, seen


def test_the_quiet_times_are_the_documented_ones() -> None:
    # Longer than a double click and than a steady Enter; a take-over longer than the
    # slowest typing ahead measured (a key every 2 s).
    assert QUIET >= 1.2 and TAKE_OVER > 2.0


def test_no_wait_admits_everything() -> None:
    g, clock, _ = guard()
    assert all(g.admits(Input.KEY, clock.now() + i * 0.001) for i in range(10))


@pytest.mark.parametrize("wait", [Wait.QUIET, Wait.TAKE_OVER])
def test_a_stream_faster_than_the_wait_never_gets_through(wait: Wait) -> None:
    g, clock, _ = guard()
    g.begin(wait)
    needed = g.needed
    stamp = clock.now()
    for gap in (0.01, 0.1, 0.5, needed * 0.9, needed - 0.01) * 20:
        stamp += gap
        clock.advance(gap)
        assert not g.admits(Input.KEY, stamp)


def test_a_quiet_wait_ends_with_the_first_input_after_silence() -> None:
    g, clock, seen = guard()
    g.begin(Wait.QUIET)
    assert not g.ready and seen == [False]
    clock.advance(QUIET)  # the guard looks again when the silence is long enough
    assert g.ready and seen == [False, True]
    assert g.admits(Input.KEY, clock.now())
    assert g.wait is Wait.NONE  # the player has taken the keyboard: keys act at once now
    assert g.admits(Input.KEY, clock.now() + 0.01)


def test_any_input_restarts_the_wait_and_says_so() -> None:
    g, clock, seen = guard()
    g.begin(Wait.TAKE_OVER)
    clock.advance(TAKE_OVER - 0.1)
    assert not g.admits(Input.PASTE, clock.now())  # a paste counts as input too
    clock.advance(0.2)
    assert not g.ready  # the wait started again at the paste
    clock.advance(TAKE_OVER)
    assert g.ready and seen[-1] is True
    assert not g.admits(Input.PRESS, clock.now() - 0.5)  # handled late: its own stamp counts
    assert not g.ready and seen[-1] is False


def test_input_typed_before_the_wait_began_never_ends_it() -> None:
    g, clock, _ = guard()
    clock.advance(30)  # a long silence, then a key typed just before the hand-over…
    typed = clock.now() - 0.01
    g.begin(Wait.QUIET)
    assert not g.admits(Input.KEY, typed)  # …handled after it: dropped


def test_a_take_over_stays_until_it_is_ended_and_a_click_is_one_input() -> None:
    g, clock, seen = guard()
    g.begin(Wait.TAKE_OVER)
    clock.advance(TAKE_OVER)
    assert g.admits(Input.KEY, clock.now()) and g.counted  # the flow judges the letter
    assert g.wait is Wait.TAKE_OVER  # a wrong letter does not end it…
    clock.advance(0.3)
    assert not g.admits(Input.KEY, clock.now())  # …and restarted the silence
    clock.advance(TAKE_OVER)
    assert g.admits(Input.PRESS, clock.now())
    assert seen[-1] is True  # the button stays armed (shown ready) while it is pressed
    assert g.admits(Input.RELEASE, clock.now() + 0.08) and g.counted  # its release: one click
    g.end()
    assert g.wait is Wait.NONE and g.ready


def test_a_release_alone_is_input_like_any_other() -> None:
    g, clock, _ = guard()
    g.begin(Wait.TAKE_OVER)
    assert not g.admits(Input.PRESS, clock.now())  # dropped: its release is dropped too
    assert not g.admits(Input.RELEASE, clock.now() + 0.05)


def test_letters_in_either_case_and_as_the_korean_keyboards_jamo() -> None:
    assert letter_matches("K", "k") and letter_matches("K", "K") and letter_matches("K", "ㅏ")
    assert not letter_matches("K", "") and not letter_matches("K", "\r")
    assert not letter_matches("K", "j") and not letter_matches(None, "k")


def test_the_rule_which_wait_each_decision_gets() -> None:
    rule = HandOvers()
    assert rule.wait_for(0) is Wait.NONE  # the game has just been opened
    assert rule.wait_for(0, secret=True) is Wait.TAKE_OVER
    rule.answered(0)
    assert rule.wait_for(0) is Wait.NONE  # one's own consecutive decisions: not slowed
    assert rule.wait_for(1) is Wait.QUIET  # an ordinary change of player
    assert rule.wait_for(1, secret=True) is Wait.TAKE_OVER
    rule.showed()  # a display, a reveal or a curtain
    assert rule.wait_for(0) is Wait.QUIET  # the same player after a display: a quiet moment
    assert rule.wait_for(1) is Wait.TAKE_OVER
    rule.answered(1)
    assert rule.wait_for(2) is Wait.QUIET
    strict = HandOvers(strict=True)
    strict.answered(0)
    assert strict.wait_for(1) is Wait.TAKE_OVER and strict.wait_for(0) is Wait.NONE
