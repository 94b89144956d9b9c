"""The scoring calculator (`p`): a general scoring now, place by place, from the core's
`score_table`; with the highlighted choice applied during one's own decision; never another
player's secret (issue 9 C)."""

from __future__ import annotations

from el_grande.app.screens.calculator import CalculatorScreen
from el_grande.app.screens.game import GameScreen
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.core import score_table
from el_grande.text import region

from .helpers import SIZE, app_at, next_key, press, screen_text, settle


def _placing(session) -> bool:  # type: ignore[no-untyped-def]
    d = session.decision
    return (
        d is not None
        and d.kind == "placement"
        and session.current.public.round >= 2
        and sum(c.verb == "place" for c in d.choices) >= 3
    )


def _game(app) -> GameScreen:  # type: ignore[no-untyped-def]
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))


async def test_p_shows_every_place_and_the_totals_from_the_core_and_what_if_applies() -> None:
    """`p` shows every place and the totals of the core's `score_table`; Esc, then in the
    same game (the calculator only looked), `w` applies the highlighted placement."""
    app = app_at(3, 5, _placing)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = _game(app)
        await press(pilot, "p")
        assert isinstance(app.screen, CalculatorScreen)
        text = screen_text(app)
        table = score_table(game.session.current.public)
        for row in table.places:
            assert region(row.place, short=True) in text
        lines = text.splitlines()
        for label, values in (
            ("score now", table.before),
            ("would gain", [f"+{x}" for x in table.gain]),
            ("would have", table.after),
        ):
            line = next(x for x in lines if label in x)
            assert [str(v) for v in values] == line.split(label)[1].split()[: len(values)]
        await press(pilot, "escape")
        assert isinstance(app.screen, GameScreen)

        # What if: the highlighted placement applied.
        d = game.decision
        assert d is not None
        target = next(str(c.arg) for c in reversed(d.choices) if c.verb == "place")
        from el_grande.app.widgets.board import PLACE_KEYS

        await press(pilot, PLACE_KEYS[target])  # highlight a place on the prompt
        await press(pilot, "p")
        calc = app.screen
        assert isinstance(calc, CalculatorScreen) and calc.what_if == ("place", (d.player, target))
        now = calc.table()
        await press(pilot, "w")
        changed = calc.table()
        expected = score_table(game.session.current.public, place=(d.player, target))
        assert changed == expected and changed != now
        row = next(r for r in changed.places if r.place == target)
        assert row.changed
        assert "What if: one more of your Caballeros in" in screen_text(app)
        await press(pilot, "w")
        assert calc.table() == now
        await press(pilot, "escape")
        # The decision is untouched: the what-if was only a look.
        assert game.decision == d


def _castillo_disk_hidden(session) -> bool:  # type: ignore[no-untyped-def]
    d = session.decision
    return (
        d is not None
        and d.kind == "disk"
        and d.context.get("purpose") == "castillo"
        and (session.game.view(d.player).players[d.player].castillo or 0) > 0
    )


async def test_at_ones_own_disk_the_what_if_marches_ones_hidden_castillo_and_nothing_else() -> None:
    """Behind the chooser's curtain the calculator uses their own view: their hidden Castillo
    count, nobody else's, and their march as the what-if; before the curtain is lowered `p`
    cannot even be pressed (the curtain takes every key)."""
    app = app_at(3, 25, _castillo_disk_hidden, castillo="hidden", rounds=6)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = _game(app)
        d = game.decision
        assert d is not None
        await press(pilot, "p")  # on the curtain: nothing opens
        assert not isinstance(app.screen, CalculatorScreen)
        await press(pilot, next_key(app))  # the owner lifts their curtain
        await press(pilot, "p")
        calc = app.screen
        assert isinstance(calc, CalculatorScreen)
        mine = calc.shown.view
        assert mine.seat == d.player
        assert [p.castillo is None for p in mine.players] == [
            s != d.player for s in range(len(mine.players))
        ]
        assert calc.what_if is not None and calc.what_if[0] == "march"
        castillo = calc.table().places[0]
        assert castillo.points is None  # the others' counts are hidden: never guessed
        assert castillo.counts[d.player] == mine.players[d.player].castillo
        await press(pilot, "w")
        dest = calc.what_if[1][1]
        assert calc.table() == score_table(mine, march=(d.player, dest))
        text = screen_text(app)
        assert "What if: your Castillo Caballeros march to" in text
        await press(pilot, "escape")


async def test_w_with_nothing_to_try_says_why() -> None:
    """`w` did nothing, silently, when the highlighted choice was no placement (or no choice
    of one's own was on): now it says why, and the table stays as it is."""
    # A power card to play: no placement to try.
    app = app_at(3, 5, lambda s: s.decision.kind == "power" and s.current.public.round >= 2)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "p")
        calc = app.screen
        assert isinstance(calc, CalculatorScreen) and calc.what_if is None
        before = screen_text(app)
        assert "placement, or your Castillo disk" not in before
        await press(pilot, "w")
        text = screen_text(app)
        assert "w tries a placement, or your Castillo disk" in " ".join(text.split())
        assert not calc.applied

    # Placing, with the cursor on "Done" (no Caballero placed by it).
    def placing_with_done(s) -> bool:  # type: ignore[no-untyped-def]
        d = s.decision
        return d.kind == "placement" and any(c.verb != "place" for c in d.choices)

    app = app_at(3, 5, placing_with_done)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        game = _game(app)
        d = game.decision
        assert d is not None
        options = game.query_one(DecisionPrompt).options
        options.highlighted = next(i for i, c in enumerate(d.choices) if c.verb != "place")
        await settle(pilot)
        await press(pilot, "p")
        await press(pilot, "w")
        text = " ".join(screen_text(app).split())
        assert "The highlighted choice places no Caballero" in text
