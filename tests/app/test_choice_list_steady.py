"""The choice list stays where it is when cautions arrive (issue 33, item 8).

The engine's cautions (flow/cautions.py) come one to three seconds after the prompt; each used
to add a "⚠ …" line under its choice, so the list reflowed under the player's eyes, and only
3–4 of 13 power cards fitted at 120×40. Now every choice keeps the mark's two cells on its own
line from the start (the ⚠ fills them), the words go to the status line while the marked
choice is highlighted, and the list has room for all 13 power cards at 120×40 where the action
cards' whole texts leave it (they come first: tests/app/test_stream.py).
"""

from __future__ import annotations

import threading

import pytest

from el_grande.app.present import choice_label
from el_grande.app.screens.game import GameScreen
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.core import Decision
from el_grande.flow import cautions
from el_grande.flow.cautions import Caution
from el_grande.text import t, use

from .helpers import make_app, press, screen_text, settle

SIZES = [pytest.param((100, 30), id="100x30"), pytest.param((120, 40), id="120x40")]


def rows_of(app: object, scr: GameScreen, d: Decision) -> dict[str, int]:
    """The screen row each choice's label is drawn on (the ones in view)."""
    lines = screen_text(app).splitlines()  # type: ignore[arg-type]
    rows: dict[str, int] = {}
    for c in d.choices:
        label = choice_label(c, d, scr.session.seating).replace("\u00a0", " ")
        found = [i for i, line in enumerate(lines) if label in line]
        if found:
            rows[str(c)] = found[0]
    return rows


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("size", SIZES)
async def test_cautions_arrive_without_moving_the_list(
    monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], language: str
) -> None:
    use(language)
    gate = threading.Event()  # the engine answers when the test lets it

    def weigh(view: object, d: Decision, seed: int, stop: object = None) -> tuple[Caution, ...]:
        gate.wait(10)
        return (Caution(d.choices[0], 6.0), Caution(d.choices[3], 9.0))

    monkeypatch.setattr(cautions, "DRAWS", 12)
    monkeypatch.setattr(cautions, "weigh", weigh)
    app = make_app(3, seed=1)  # round 1's cards: their whole texts leave the prompt 19 rows
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        scr = app.screen
        assert isinstance(scr, GameScreen)
        d = scr.session.decision
        assert d is not None and len(d.choices) == 13  # the first power card: all 13 in hand
        before = rows_of(app, scr, d)
        assert "⚠" not in screen_text(app)
        gate.set()
        await app.workers.wait_for_complete()
        await settle(pilot)
        after = rows_of(app, scr, d)
        assert after == before  # not a choice moved
        text = screen_text(app)
        assert text.count("⚠") == 2 + 1  # two marks in the list, one on the status line
        rows = sorted(after.values())
        assert rows == list(range(rows[0], rows[0] + len(rows)))  # one line each
        if size == (120, 40) and language == "en":
            assert len(after) == 13  # every power card in view (the cards' texts whole too)
        else:  # Hangul card texts take more lines, and they come first: what the rest allows
            assert len(after) >= 8
        lines = text.splitlines()
        first, fourth = (str(d.choices[i]) for i in (0, 3))
        assert "⚠" in lines[after[first]] and "⚠" in lines[after[fourth]]
        # The highlighted choice (the first) is marked: why, in words, on the status line.
        status = str(scr.query_one("#status").render())
        assert t("caution.cost", count=6) in status
        await press(pilot, "down")
        status = str(scr.query_one("#status").render())
        assert "⚠" not in status  # off the marked choice: the status line's own words again
        options = scr.query_one(DecisionPrompt).options
        while options.highlighted != 3:
            await press(pilot, "down")
        assert t("caution.cost", count=9) in str(scr.query_one("#status").render())
