"""Non-interference at the table flow (tests/noninterference.py): for many positions of each
kind of hidden difference, everything the flow hands the screen for its audience is the same
in two games that differ only in another seat's hidden information, at every step until the
reveal — the prompt and its ⚠ marks, since-your-turn, the status line, the tooltips, the
coach's lessons and tips, the log, the curtains, banners and displays, the computer players'
turns (and their choices)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from rich.text import Text

from el_grande.core import DecisionKind, Game, View
from el_grande.core.board import CASTILLO_INDEX
from el_grande.flow import cautions
from el_grande.flow.lessons import LEARN, TIPS
from el_grande.session import GameSession, Seating
from el_grande.text import use
from tests import noninterference
from tests.noninterference import (
    CASTILLO,
    DECK,
    DISK,
    KINDS,
    Audience,
    FlowSide,
    Twins,
    build,
    flow_text,
    probe_weigh,
    run_flow,
)

#: Runs per kind: enough for at least `POSITIONS` compared screens each, 210 in all (a
#: disk's secret step is short: more runs). The stress run (`pytest -m stress`) plays ten
#: times as many, other games.
RUNS = {DISK: 18, CASTILLO: 4, DECK: 6}
POSITIONS = 70
STRESS = 10


def _config(i: int) -> dict[str, object]:
    """Run `i`'s table: 3–5 players, computer players in some seats (random or greedy),
    the ⚠ warnings weighed on half, tips or the guided game's coach on some, confirm my
    turn on some, a hidden Castillo on some, hints asked for now and then on some, strict
    hand-overs (a take-over at every change of player) on some."""
    players = 3 + i % 3
    bots = () if i % 4 == 0 else ((i % players),) if i % 4 != 3 else (1, 2)
    return {
        "players": players,
        "bots": bots,
        "level": "greedy" if i % 5 == 1 else "random",
        "warnings": i % 2 == 0,
        "coach": (None, TIPS, LEARN)[i % 3],
        "confirm": i % 4 == 1,
        "hints": i % 2 == 1,
        "hidden": i % 3 == 1,
        "strict": i % 3 == 2,
    }


@pytest.mark.parametrize("kind", KINDS)
def test_a_seat_is_shown_nothing_of_another_seats_hidden_information(
    kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _runs(kind, range(RUNS[kind]), POSITIONS, monkeypatch)


@pytest.mark.stress
@pytest.mark.parametrize("kind", KINDS)
def test_many_more_games_show_nothing_hidden(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    first = RUNS[kind]
    _runs(kind, range(first, first * (STRESS + 1)), POSITIONS * STRESS, monkeypatch)


def _runs(kind: str, runs: range, least: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cautions, "DRAWS", 1)  # weighed, by a weigher that reads all it gets
    monkeypatch.setattr(cautions, "weigh", probe_weigh)
    positions, ends, scenes = 0, Counter[str](), set[str]()
    for i in runs:
        c = _config(i)
        options: dict[str, object] = {"level": c["level"]}
        if kind != CASTILLO and c["hidden"]:
            options["castillo"] = "hidden"
        twins = build(kind, 1000 + i, c["players"], c["bots"], **options)  # type: ignore[arg-type]
        run = run_flow(
            twins,
            i,
            warnings=bool(c["warnings"]),
            confirm=bool(c["confirm"]),
            coach=c["coach"],  # type: ignore[arg-type]
            hints=bool(c["hints"]),
            strict=bool(c["strict"]),
        )
        positions += run.positions
        ends[run.ended.split(" by ")[0]] += 1
        scenes |= run.scenes
    assert positions >= least, positions
    assert set(ends) <= {"revealed", "over", "diverged"}, ends  # never the step limit
    assert ends["revealed"] >= len(runs) // 2, ends
    assert {"Prompt", "TakeOver"} <= scenes, scenes


def _truth(side: FlowSide, who: Audience) -> str:
    """A renderer that tells what nobody may see: the whole truth of the game."""
    del who
    return repr(side.session.game.snapshot())


@pytest.mark.parametrize("kind", KINDS)
def test_the_harness_finds_a_screen_that_shows_the_truth(kind: str) -> None:
    """The comparison can fail: a screen that showed the truth is caught at once, for each
    kind of hidden difference (the harness is not comparing a game with itself)."""
    twins = build(kind, 1000, 3)
    with pytest.raises(AssertionError, match=f"{kind} leak"):
        run_flow(twins, 0, renderers=(flow_text, _truth))


def test_the_harness_finds_a_tooltip_that_reads_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A planted leak in a real renderer: the player tooltip telling the true Castillo count
    (as if `app.tips` read the game, not its view) is caught in a Castillo twin."""
    twins = build(CASTILLO, 1001, 3)
    reading: list[Game] = []
    real = noninterference.player_tip

    def leaky(view: View, seat: int, seating: Seating) -> Text:
        if not reading:  # (the scenes on the way, before the first screen is rendered)
            return real(view, seat, seating)
        count = reading[-1].cab[CASTILLO_INDEX][seat]
        return Text(f"{real(view, seat, seating).plain} ({count} in the Castillo)")

    def rendered(side: FlowSide, who: Audience) -> str:
        reading.append(side.session.game)
        noninterference._TIPS.clear()  # (the cache knows nothing of the leak)
        return flow_text(side, who)

    monkeypatch.setattr(noninterference, "player_tip", leaky)
    with pytest.raises(AssertionError, match="castillo leak"):
        run_flow(twins, 0, renderers=(rendered,))


def test_a_province_running_short_is_the_rules_reveal_not_a_leak() -> None:
    """With a hidden Castillo, a player who brings more Caballeros to court than their
    province holds takes the rest from the board, in everybody's view (R-R3.1): that tells
    the table their province ran short. Twins where one opponent's province is nearly empty
    in one game and not in the other end there — the rules' reveal, told as such — with every
    screen before it identical."""
    rng = random.Random(52)
    session = noninterference._session(3, 52, castillo="hidden")

    def short(s: GameSession) -> tuple[int, int] | None:
        g, d = s.game, s.decision
        if d is None or d.kind != DecisionKind.POWER:
            return None
        pairs = [(a, b) for a in range(g.n) for b in range(g.n) if a != b]
        return next(
            ((a, b) for a, b in pairs if 1 <= g.province[a] <= min(3, g.cab[CASTILLO_INDEX][b])),
            None,
        )

    assert noninterference._play_to(session, rng, lambda s: short(s) is not None)
    found = short(session)
    assert found is not None
    a, b = found
    right = noninterference._twin(session)
    g, k = right.game, right.game.province[a]
    g.cab[CASTILLO_INDEX][a] += k  # the whole province in the Castillo, the other's out of it
    g.province[a] -= k
    g.cab[CASTILLO_INDEX][b] -= k
    g.province[b] += k
    twins = Twins(CASTILLO, session, right, frozenset({a, b}))
    noninterference._check_views(twins)
    run = run_flow(twins, 52)
    assert run.ended == "revealed by CaballerosMoved" and run.positions > 0, run


@pytest.mark.parametrize("kind", KINDS)
def test_in_korean_too(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Korean catalogue words the same screens with sentences of its own: they tell
    nothing more (a few games of each kind)."""
    use("ko")
    runs = {DISK: 4, CASTILLO: 1, DECK: 2}[kind]
    _runs(kind, range(100, 100 + runs), 10, monkeypatch)
