"""R-H1 / R-H2 at the table, without a screen: through whole games played by the game screen's
keys, at every secret prompt nothing the table hands the screen — the prompt and its status
line, the log the table may read, the notices — shows another player's secret choice, and no
curtain carries the board's places.

The whole games moved here from tests/app/test_secrets.py (which keeps a run through the app of
every kind of secret step, for the terminal itself): the same game (seed 25) with the same
answers, and more games besides.
"""

from __future__ import annotations

import pytest

from el_grande.core import REGIONS, Decision, PublicView
from el_grande.flow.scenes import Curtain, Prompt, Scene, TakeOver
from el_grande.session import GameSession
from el_grande.text import region
from tests.noninterference import FlowSide, flow_text, scene_text

from .table import Table, humans

#: (seed, players): the app's former whole game first (3 players, seed 25: score_by_disk,
#: eviction, the Castillo), then games with the provinces' disks and every kind of secret step.
GAMES = [(25, 3), (18, 3), (19, 4), (19, 5)]


def varied(table: Table, d: Decision) -> None:
    """The answer tests/app/helpers.py's `pick_varied` gives — it depends on the game so far —
    by the arrow keys and Enter."""
    index = (len(table.session.game.history) * 7 + 3) % len(d.choices)
    table.settle()  # (after a change of player, keys wait for a quiet keyboard)
    for _ in range(len(d.choices)):
        if table.cursor == index:
            break
        table.key("down" if table.cursor < index else "up")
    assert table.cursor == index
    table.key("enter")


def words(scene: Scene, session: GameSession) -> list[str]:
    """What the screen says for `scene` (`scene_text`), without the board it is drawn over and
    the board's tooltips (they name every place)."""
    out = scene_text(scene, session)
    return out[: out.index(repr(scene.view))]


@pytest.mark.parametrize(("seed", "players"), GAMES)
def test_no_secret_choice_reaches_the_screen_before_the_reveal(seed: int, players: int) -> None:
    """Castillo hidden, a short game with general-scoring disks, evictions and score_by_disk:
    at each secret prompt look at everything the table hands the screen for the others'
    choices, and at every curtain for the board."""
    session = humans(players, seed, castillo="hidden", rounds=6)
    table = Table(session)
    side = FlowSide(table)
    table.flow.listen(lambda _scene: None, side.notices.append)
    prompts = curtains = 0
    step_log_start: dict[str, int] = {}
    notices_from: dict[str, int] = {}
    for _ in range(20000):
        scene = table.scene
        if session.game.over and not isinstance(scene, Prompt):
            break
        if isinstance(scene, Curtain) or (isinstance(scene, TakeOver) and scene.curtain):
            curtains += 1
            text = "\n".join(words(scene, session))
            assert not any(region(r) in text for r in REGIONS), f"the curtain names: {text}"
            assert isinstance(scene.view, PublicView)  # nobody's own view behind a curtain
        if not isinstance(scene, Prompt):
            table.quietly(table.letter.lower() if table.letter else "enter")
            continue
        d = scene.decision
        assert d == session.decision  # only the chooser's own legal choices are offered
        if not d.secret:
            step_log_start.clear()
            notices_from.clear()
            varied(table, d)
            continue
        prompts += 1
        truth = session.game.snapshot()
        purpose = d.context["purpose"]
        start = step_log_start.setdefault(purpose, len(session.log))
        first_notice = notices_from.setdefault(purpose, len(side.notices))
        others = [(s, r) for s, r in truth["secrets"] if s != d.player]
        fresh = [line.text for line in session.log[start:]]
        fresh += side.notices[first_notice:]
        fresh += words(scene, session)  # the prompt and its status line
        shown = flow_text(side, None)
        earlier = "\n".join(line.text for line in session.log[:start])
        for seat, place in others:
            name, where = session.name(seat), region(place)
            for text in fresh:
                assert f"→ {where}" not in text, f"{name}'s disk ({where}) is visible: {text}"
            pair = f"{name} → {where}"  # such a pair may only come from an earlier step
            assert shown.count(pair) <= earlier.count(pair), f"{pair} reaches the screen"
        # The log of this secret step only says who has chosen, never where.
        for line in session.log[start:]:
            assert not any(region(r) in line.text for r in REGIONS), line.text
        # The prompt is drawn from the chooser's own view: others' Castillo counts stay "?".
        assert scene.view == session.game.view(d.player)
        for p in scene.view.players:
            if p.seat != d.player:
                assert p.castillo is None
        varied(table, d)
    else:
        raise AssertionError("the game did not end")
    assert session.game.over
    assert prompts >= 13, "the scripted game should contain many secret prompts"
    assert curtains >= prompts
