"""Game over tells the story: pages for the result, the final board, the last general
scoring place by place, the scores by round (a chart and a table) and each player's game."""

from __future__ import annotations

import re

from el_grande.app.screens.game_over import GameOverScreen
from el_grande.core import Game
from el_grande.persist.export import export_text
from el_grande.text import region
from tests.app.helpers import SIZE, screen_text, session_at, settle


async def test_the_pages_of_game_over_at_100x30() -> None:
    from el_grande.app.app import ElGrandeApp

    session = session_at(3, 14, lambda s: False)
    assert session.game.over
    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)  # a finished game opens on it
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        ep = screen.epilogue
        text = screen_text(app)
        assert "Game over" in text and "Points by scoring" in text
        await pilot.press("right")
        await settle(pilot)  # the final board: the map and the players
        text = screen_text(app)
        assert region("granada", short=True) in text or region("granada") in text
        await pilot.press("right")
        await settle(pilot)  # the last general scoring, place by place
        text = screen_text(app)
        last = ep.last_general
        assert last is not None and f"General scoring 3 (round {last.record.round})" in text
        for place in last.places:
            counts = [f"{c} → {p}" for c, p in zip(place.counts, place.points, strict=True)]
            row = next(
                ln for ln in text.splitlines() if ln.lstrip().startswith(region(place.place))
            )
            assert re.findall(r"\d+ → \d+", row) == counts
        await pilot.press("right")
        await settle(pilot)  # the chart and the table of scores by round
        text = screen_text(app)
        lines = text.splitlines()
        for seat in range(3):
            row = next(ln for ln in lines if ln.strip().startswith(f"{'ABC'[seat]} ") and "│" in ln)
            numbers = [int(n) for n in re.findall(r"\d+", row)]
            assert numbers == [totals[seat] for totals in ep.by_round()]
        chart = [line for line in lines if "┤" in line or "│" in line and "┃" not in line]
        assert any("A" in line for line in chart) and "└" in text
        await pilot.press("right")
        await settle(pilot)  # each player's game
        text = " ".join(screen_text(app).split())
        assert "Regions won: scoring 1:" in text and "Power cards played:" in text
        await pilot.press("right")
        await settle(pilot)  # round again to the result
        assert "Points by scoring" in screen_text(app)


def test_the_markdown_export_has_a_table_per_scoring_and_the_score_by_round() -> None:
    session = session_at(3, 14, lambda s: False, names=["An*a", "B|en", "Cy"])
    game: Game = session.game
    md = export_text(game.record(), "md")
    assert md.count("\n### ") == len(session.scorings)
    assert "### general scoring 3, round 9" in md
    tables = re.findall(r"\n\| place \| values \| (.*) \|\n", md)
    assert tables and set(tables) == {r"An\*a | B\|en | Cy"}  # names escaped, cells intact
    by_round = md.split("## Score by round\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert by_round[0] == "| round | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 |"
    for seat, line in enumerate(by_round[2:]):
        assert line.rstrip(" |").endswith(f"| {game.scores[seat]}")
    assert "## Score by round" not in export_text(game.record(), "text")  # Markdown's alone


async def test_game_over_says_who_played_which_decisions_and_counts_the_hard_player() -> None:
    """At a table without hints, a seat handed to the Hard player counts as a hint for it, and
    the seats that changed hands say who played which decisions."""
    from el_grande.app.app import ElGrandeApp

    session = session_at(3, 14, lambda s: len(s.game.history) == 40, hints=False)
    session.seat_to(1, "bot:strong")
    while session.decision is not None:
        session.apply(session.decision.choices[0])
    total = len(session.game.history)
    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)  # a finished game opens on it
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "counted as a hint: Ben 1" in text
        assert "Seats that changed hands:" in text
        assert f"Ben: decisions 1–40 by Ben, decisions 41–{total} by the Hard player." in text
