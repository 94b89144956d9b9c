"""Seat kinds (el_grande/setup.py): one member per way to play a seat, equal to the string
save files hold."""

from __future__ import annotations

import json

from el_grande.bots.registry import level_ids
from el_grande.setup import KINDS, SeatKind, SeatSetup, bot_kind, bot_level


def test_a_kind_for_a_human_and_for_every_bot_level() -> None:
    assert set(SeatKind) == {SeatKind.HUMAN} | {bot_kind(level) for level in level_ids()}
    assert set(KINDS) == set(SeatKind)
    for level in level_ids():
        assert bot_level(SeatKind(bot_kind(level))) == level
    assert bot_level(SeatKind.HUMAN) is None


def test_members_are_the_saved_strings() -> None:
    assert SeatKind.GREEDY == "bot:greedy" and json.dumps(SeatKind.HUMAN) == '"human"'
    assert SeatSetup("Ana", "red").kind == "human"
    assert bot_level("bot:someone-elses") is None  # a kind from elsewhere: a human plays it
