"""Hints (`el_grande.bots.hints.analyse`): the strong bot's top three for one seat's decision,
from that seat's view alone, within a budget and stoppable. Capped by play-outs, never by the
clock, so every result here is the same on any machine."""

from __future__ import annotations

import random

import pytest

from el_grande.bots.hints import SEARCH_SHARE, Hint, analyse
from el_grande.bots.strong import StrongBot
from el_grande.core import Decision, Game, Options, View
from el_grande.text import EN

pytestmark = pytest.mark.filterwarnings("error::el_grande.bots.base.BotFallbackWarning")

NAMES = ["Ana", "Ben", "Cy", "Dee"]


def _game_at(kind: str, seed: int, castillo: str = "open") -> Game:
    game = Game.new(NAMES, seed=seed, options=Options(castillo=castillo))
    rng = random.Random(seed)
    while game.round < 2 or game.decision.kind != kind:  # type: ignore[union-attr]
        game.apply(rng.choice(game.decision.choices))  # type: ignore[union-attr]
    return game


def _at(kind: str, seed: int = 3) -> tuple[View, Decision]:
    game = _game_at(kind, seed)
    d = game.decision
    assert d is not None
    return game.view(d.player), d


def _check_hints(hints: list[Hint], d: Decision) -> None:
    assert 1 <= len(hints) <= 3
    assert len({h.choice for h in hints}) == len(hints)
    for h in hints:
        assert h.choice in d.choices
        assert h.reason_key in EN, h.reason_key
        assert h.reason_text(NAMES)  # every field the sentence needs is there
        assert h.playouts >= 1 or len(d.choices) == 1


@pytest.mark.parametrize("kind", ["power", "action_card", "turn", "placement", "king"])
def test_up_to_three_legal_hints_with_a_reason(kind: str) -> None:
    view, d = _at(kind)
    hints = analyse(view, d, budget=1e9, iterations=2 * len(d.choices), seed=1)
    _check_hints(hints, d)
    if len(d.choices) >= 3:
        assert len(hints) == 3


def test_the_first_hint_is_what_the_strong_bot_plays_and_gains_are_relative() -> None:
    for kind in ("power", "action_card", "turn"):
        view, d = _at(kind, seed=8)
        cap = 3 * len(d.choices)
        hints = analyse(view, d, budget=1e9, iterations=cap, seed=4)
        bot = StrongBot(seed=4, iterations=cap, time_budget=1e9)
        assert hints[0].choice == bot.choose(view, d)
        found = bot.last_search
        assert found is not None
        margins = []
        for c in found.candidates:
            points = [p / found.visits[c] for p in found.points[c]]
            margins.append(points[d.player] - max(p for s, p in enumerate(points) if s != d.player))
        average = sum(margins) / len(margins)
        for h in hints:
            assert h.gain == pytest.approx(h.margin - average)
        means = [found.mean(h.choice) for h in hints]
        assert means == sorted(means, reverse=True)  # ranked as the bot ranks


def test_a_forced_decision_has_one_hint() -> None:
    view, d = _at("action_card")
    forced = Decision(d.player, d.kind, d.secret, d.choices[:1], d.context)
    [hint] = analyse(view, forced, budget=1e9, iterations=5)
    assert hint.choice == d.choices[0] and hint.gain == 0.0 and hint.playouts == 0
    assert hint.reason_text(NAMES) == "The only legal choice."


def test_hints_depend_only_on_the_seats_view() -> None:
    """R-H2: the same hints whatever another seat's unrevealed secret disk and whatever the
    order of the unrevealed action cards."""
    checked = 0
    for seed in range(60):
        game = _game_at("disk", seed, castillo="hidden")
        d = game.decision
        assert d is not None
        if len(d.choices) < 2:
            continue
        # Another seat answers its disk first, in two different ways...
        a, b = game.clone(), game.clone()
        a.apply(d.choices[0])
        b.apply(d.choices[-1])
        da = a.decision
        if da is None or da.kind != "disk" or da.player == d.player or len(da.choices) < 2:
            continue
        # ...and the unrevealed action cards lie in another order in one of the games.
        b.stacks = tuple(
            st[: b.round_i + 1] + tuple(reversed(st[b.round_i + 1 :])) for st in b.stacks
        )
        assert a.stacks != b.stacks and a.secrets != b.secrets
        seat = da.player
        va, vb = a.view(seat), b.view(seat)
        assert va == vb
        ha = analyse(va, da, budget=1e9, iterations=3 * len(da.choices), seed=7)
        hb = analyse(vb, b.decision, budget=1e9, iterations=3 * len(da.choices), seed=7)  # type: ignore[arg-type]
        assert ha == hb
        checked += 1
        if checked == 2:
            return
    pytest.fail("no secret step with two seats to ask was found")


def test_the_view_must_be_the_deciding_seats() -> None:
    game = _game_at("action_card", 3)
    d = game.decision
    assert d is not None
    with pytest.raises(ValueError, match="deciding seat"):
        analyse(game.view((d.player + 1) % 4), d, budget=1e9, iterations=4)


def test_cancelling_stops_it_promptly(monkeypatch: pytest.MonkeyPatch) -> None:
    """`cancelled` is asked between small steps; once it says yes, no engine step follows."""
    view, d = _at("power")
    steps = 0
    original = Game.apply_trusted

    def counting(self: Game, choice: object) -> object:
        nonlocal steps
        steps += 1
        return original(self, choice)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "apply_trusted", counting)
    asked = 0
    steps_when_cancelled = -1

    def cancelled() -> bool:
        nonlocal asked, steps_when_cancelled
        asked += 1
        if asked == 50:
            steps_when_cancelled = steps
        return asked >= 50

    hints = analyse(view, d, budget=1e9, seed=1, cancelled=cancelled)
    assert asked == 50  # it stopped at the first yes
    assert steps == steps_when_cancelled  # and did nothing more
    assert len(hints) <= 3
    assert all(h.choice in d.choices for h in hints)

    never = analyse(view, d, budget=1e9, iterations=len(d.choices), seed=1, cancelled=lambda: False)
    assert len(never) == min(3, len(d.choices))


def test_it_keeps_to_its_budget_on_a_fake_clock() -> None:
    view, d = _at("power")
    readings = 0

    def clock() -> float:
        nonlocal readings
        readings += 1
        return float(readings)  # one second per reading

    assert analyse(view, d, budget=0.5, clock=clock) == []  # no time for anything
    readings = 0
    hints = analyse(view, d, budget=1000.0, clock=clock)
    assert readings == 1001 and hints  # the budget ran out (and the clock was read no more)
    assert all(h.choice in d.choices for h in hints)
    # The search has its share of the budget; the reasons, the rest (here, time to spare).
    readings = 0
    hints = analyse(view, d, budget=3000.0, clock=clock)
    assert SEARCH_SHARE * 3000 < readings < 3001 and len(hints) == 3
    assert all(h.reason_key.startswith("bots.why.power") for h in hints)
