"""One person at the table, the rest computer players (issue 33, item 4): nobody to hide a
secret from (computer players never see the screen) and nobody to pass the keyboard to — no
curtain, no "pass the keyboard", no "let everyone see", no take-over; the quiet time after a
display still stops the person's own Enter stream. The policy follows the table as it is
now: seats that change hands (the seat menu) turn it on and off."""

from __future__ import annotations

import random

from el_grande.core import Choice
from el_grande.flow.scenes import (
    BotTurn,
    Confirm,
    Curtain,
    HintCurtain,
    Hinting,
    Prompt,
    Scene,
    Showing,
    TakeOver,
)
from el_grande.session import GameSession
from el_grande.setup import GameSetup, SeatSetup

from .table import SECRET_CARDS, Table


def seated(*kinds: str, seed: int, **options: object) -> GameSession:
    names, colours = ["Ana", "Ben", "Cy"], ["yellow", "red", "green"]
    seats = tuple(SeatSetup(names[i], colours[i], k) for i, k in enumerate(kinds))
    return GameSession.new(GameSetup(seats, seed=seed, **options))  # type: ignore[arg-type]


def pick(scene: Prompt, rng: random.Random) -> Choice:
    """A person who plays the secret cards and fills the Castillo when they can (to meet
    secret choices soon: every general scoring asks the Castillo's Caballeros' disks)."""
    choices = scene.decision.choices
    secret = [c for c in choices if c.verb == "card" and c.arg in SECRET_CARDS]
    secret += [c for c in choices if c.verb == "place" and c.arg == "castillo"]
    return secret[0] if secret else rng.choice(choices)


def play(table: Table, seed: int, until: int, on_prompt: object = None) -> list[Prompt]:
    """Play on (the person's answers seeded, the computer players on their own) until
    `until` secret prompts of people were seen or the game ends; returns those prompts."""
    rng = random.Random(seed)
    secret: list[Prompt] = []
    for _ in range(20000):
        scene = table.scene
        if table.session.decision is None or len(secret) >= until:
            break
        if isinstance(scene, BotTurn):
            table.at(table.clock.now() + 0.1)
        elif isinstance(scene, TakeOver):
            table.quietly(scene.letter.lower())
        elif isinstance(scene, Confirm):
            table.quietly("t")
        elif isinstance(scene, Prompt):
            if on_prompt is not None:
                on_prompt(table, scene)  # type: ignore[operator]
                scene = table.scene  # type: ignore[assignment]
                if not isinstance(scene, Prompt):
                    continue
            if scene.decision.secret:
                secret.append(scene)
            table.settle()
            table.flow.answer(pick(scene, rng))
        else:
            table.quietly("enter")
    return secret


def hides(scenes: list[Scene]) -> list[Scene]:
    return [s for s in scenes if isinstance(s, (TakeOver, Curtain, HintCurtain))]


def test_one_person_chooses_every_secret_without_a_curtain() -> None:
    session = seated("bot:random", "human", "bot:random", seed=3, castillo="hidden")
    table = Table(session)
    secret = play(table, 3, until=4)
    assert len(secret) >= 4
    assert hides(table.scenes) == []  # no curtain, no take-over, no "let everyone see"
    for scene in secret:
        assert scene.seat == 1 and scene.view.seat == 1  # their own view: their hidden counts
    assert any(isinstance(s, Showing) for s in table.scenes)  # displays still come


def test_with_two_people_the_same_secrets_are_behind_curtains() -> None:
    session = seated("human", "human", "bot:random", seed=3, castillo="hidden")
    table = Table(session)
    play(table, 3, until=4)
    assert any(isinstance(s, TakeOver) and s.curtain for s in hides(table.scenes))


def test_after_a_display_the_one_person_waits_only_the_quiet_time() -> None:
    session = seated("bot:random", "human", "bot:random", seed=3)
    table = Table(session)
    rng = random.Random(3)
    for _ in range(20000):  # to the first display
        scene = table.scene
        if isinstance(scene, Showing):
            break
        if isinstance(scene, Prompt):
            table.settle()
            table.flow.answer(pick(scene, rng))
        else:
            table.at(table.clock.now() + 0.1)
    while isinstance(table.scene, Showing | BotTurn):
        if isinstance(table.scene, Showing):
            table.key("enter")  # their own Enter stream through the display
        else:
            table.at(table.clock.now() + 0.1)
    scene = table.scene
    assert isinstance(scene, Prompt) and scene.quiet  # a quiet moment, not a take-over
    moves = len(session.game.history)
    table.key("enter", table.clock.now() + 0.3)  # the stream goes on: dropped
    assert len(session.game.history) == moves


def test_hints_with_a_hidden_castillo_open_at_once_for_one_person() -> None:
    session = seated("human", "bot:random", "bot:random", seed=25, castillo="hidden")
    table = Table(session)
    scene = table.scene
    assert isinstance(scene, Prompt) and not scene.decision.secret
    assert table.flow.hint() is None
    assert isinstance(table.scene, Hinting)  # nobody else to see their own count


def test_the_policy_follows_the_seats_as_they_change_hands() -> None:
    """Ana and Ben; Ben leaves (his seat to a computer player): Ana chooses her secrets
    without a curtain; Ben comes back: the curtains come back too."""
    session = seated("human", "human", "bot:random", seed=3, castillo="hidden")
    table = Table(session)

    def leave(table: Table, scene: Prompt) -> None:
        if not scene.decision.secret and table.flow.why_no_seats() is None:
            assert table.flow.give_seat(1, "bot:random") is None

    play(table, 3, until=1, on_prompt=leave)
    assert session.kind(1) == "bot:random" and table.flow.alone
    start = len(table.scenes)
    secret = play(table, 4, until=1)  # the next general scoring's Castillo disks
    assert len(secret) >= 1 and hides(table.scenes[start:]) == []

    def back(table: Table, scene: Prompt) -> None:
        if session.kind(1) != "human" and not scene.decision.secret:
            table.settle()
            if table.flow.why_no_seats() is None:
                assert table.flow.give_seat(1, "human") is None

    start = len(table.scenes)
    play(table, 5, until=1, on_prompt=back)
    assert session.kind(1) == "human" and not table.flow.alone
    assert any(isinstance(s, TakeOver) and s.curtain for s in hides(table.scenes[start:]))
