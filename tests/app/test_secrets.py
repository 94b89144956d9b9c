"""R-H1 / R-H2 through the screen: at every secret prompt nothing shows another player's
secret choice, and every curtain hides the whole board — on the terminal, for every kind of
secret step of one game. Whole games, every secret prompt and curtain of them, are played at
the table without a screen: tests/flow/test_secrets.py."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.curtain import CurtainScreen
from el_grande.app.screens.game import GameScreen
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.core import REGIONS, Decision
from el_grande.text import region

from .helpers import SIZE, app_at, pick_varied, play, press, screen_text


def _fresh_texts(app: ElGrandeApp, scr: GameScreen, log_from: int) -> list[str]:
    """What appeared since this secret step began: the log lines, the status line and every
    notification."""
    texts = [line.text for line in scr.session.log[log_from:]]
    texts += [str(n.message) for n in app._notifications]  # type: ignore[attr-defined]
    texts.append(str(scr.query_one("#status").render()))
    return texts


async def _look_at_secrets(
    app: ElGrandeApp, until: Callable[[ElGrandeApp], bool] | None = None
) -> tuple[int, int, bool]:
    """Play `app` by keys (`pick_varied`) until game over or `until`: at each secret prompt
    look at everything on the terminal for the others' choices, and at every curtain for the
    board. The secret prompts and the curtains looked at, and whether the game was over (its
    last decision made: the last scoring's display may still be on screen)."""
    prompts = 0
    curtains = 0
    step_log_start: dict[str, int] = {}

    def at_prompt(scr: GameScreen, d: Decision) -> None:
        nonlocal prompts
        truth = scr.session.game.snapshot()
        if not d.secret:
            step_log_start.clear()
            return
        prompts += 1
        purpose = d.context["purpose"]
        start = step_log_start.setdefault(purpose, len(scr.session.log))
        others = [(s, r) for s, r in truth["secrets"] if s != d.player]
        fresh = _fresh_texts(app, scr, start)
        screen = screen_text(app)
        earlier = "\n".join(line.text for line in scr.session.log[:start])
        for seat, place in others:
            name, where = scr.session.name(seat), region(place)
            for text in fresh:
                assert f"→ {where}" not in text, f"{name}'s disk ({where}) is visible: {text}"
            # On the terminal, such a pair may only come from an earlier, revealed step.
            pair = f"{name} → {where}"
            assert screen.count(pair) <= earlier.count(pair), f"{pair} is on screen"
        # The log of this secret step only says who has chosen, never where.
        for line in scr.session.log[start:]:
            assert not any(region(r) in line.text for r in REGIONS), line.text
        # The screen is drawn from the chooser's own view: others' Castillo counts stay "?".
        shown = scr.shown
        assert shown is not None and shown.view == scr.session.game.view(d.player)
        for p in shown.view.players:
            if p.seat != d.player:
                assert p.castillo is None
        # Only the chooser's own legal choices are offered.
        options = scr.query_one(DecisionPrompt).options
        assert options.option_count == len(d.choices)

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()

        async def pick(pilot, scr, d):  # type: ignore[no-untyped-def]
            await pick_varied(pilot, scr, d)

        # Also look at every curtain while playing: it must hide the board completely.
        original = press

        async def press_and_check(pilot, key):  # type: ignore[no-untyped-def]
            nonlocal curtains
            if isinstance(app.screen, CurtainScreen) and not app.screen.banner:
                curtains += 1  # (a take-over banner shows the board: nothing secret behind)
                text = screen_text(app)
                assert not any(region(r) in text for r in REGIONS), "the curtain shows the board"
            await original(pilot, key)

        import tests.app.helpers as helpers

        helpers.press = press_and_check  # type: ignore[assignment]
        try:
            await play(pilot, pick, at_prompt=at_prompt, until=until)
        finally:
            helpers.press = original  # type: ignore[assignment]
        over = app.table is not None and app.table.session.game.over
    return prompts, curtains, over


async def test_no_secret_choice_is_visible_before_the_reveal() -> None:
    """3 players, Castillo hidden, a short game with general-scoring disks, an eviction and
    score_by_disk: at each secret prompt look at everything for the others' choices. Through
    the terminal: every kind of secret step of the game, each from a resumed position a
    little before it to a little after its reveal (`session_at` answers as `pick_varied`
    does): score_by_disk (moves 18–20), the first scoring's Castillo (40–42), the eviction
    (123), and the last scoring's Castillo (134–136) to the game's end; the whole game, every
    secret prompt and curtain of it and of more games, at the table: tests/flow/test_secrets.py."""
    options: dict[str, Any] = {"castillo": "hidden", "rounds": 6}

    def past(moves: int) -> Callable[[ElGrandeApp], bool]:
        def there(a: ElGrandeApp) -> bool:
            scr = a.screen
            return isinstance(scr, GameScreen) and len(scr.session.game.history) >= moves

        return there

    def at(moves: int) -> ElGrandeApp:
        return app_at(3, 25, lambda s: len(s.game.history) >= moves, **options)

    by_disk = await _look_at_secrets(at(16), until=past(21))
    first = await _look_at_secrets(at(38), until=past(43))  # its Castillo answered by all
    eviction = await _look_at_secrets(at(121), until=past(125))

    def over(a: ElGrandeApp) -> bool:  # (the last scoring's display steps reveal nothing)
        return a.table is not None and a.table.session.game.over

    last = await _look_at_secrets(at(132), until=over)
    assert last[2], "the game was played to its end"
    parts = (by_disk, first, eviction, last)
    prompts = sum(part[0] for part in parts)
    curtains = sum(part[1] for part in parts)
    assert all(part[0] for part in parts), "each part has secret prompts"
    assert prompts >= 10, "the scripted game should contain many secret prompts"
    assert curtains >= prompts


async def test_curtain_is_opaque_in_ansi_mode() -> None:
    """ModalScreen is see-through in ANSI mode unless the curtain sets its own background."""
    from .helpers import session_at

    session = session_at(3, 7, lambda s: s.decision is not None and s.decision.secret)
    app = ElGrandeApp(session=session, ansi_color=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await pilot.pause()
        text = screen_text(app)
        assert "Pass the keyboard to" in text
        assert app.screen.styles.background.a == 1.0, "the curtain must be opaque"
        assert not any(region(r) in text for r in REGIONS), "the board shows through"
