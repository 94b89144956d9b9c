"""The table's rough edges that live in its flow (issue 18): what a resumed or finished game
opens on, a scoring step that names every player with Caballeros there, a choice that would
do nothing, and "Bring to court" opening on a useful answer."""

from __future__ import annotations

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.curtain import CurtainScreen
from el_grande.app.screens.game import GameScreen
from el_grande.app.screens.game_over import GameOverScreen
from el_grande.app.widgets.prompt import DecisionPrompt
from el_grande.core import DecisionKind
from el_grande.core import events as E
from el_grande.core.events import Award
from el_grande.core.kinds import AwardReason
from el_grande.flow.display import Display
from el_grande.session import GameSession

from .helpers import NAMES, SIZE, next_key, press, screen_text, session_at, settle


def test_a_scoring_step_names_players_a_tie_left_without_points() -> None:
    """Ana and Ben tie for 2nd (they score the 3rd place value), Cy is 4th: the step shows
    all four, Cy and Dee with nothing (the calculator shows them as "=3rd"/"4th" too)."""
    ev = E.PlaceScored(
        place="aragon",
        counts=(2, 2, 1, 3),
        values=(5, 4, 1),
        awards=(
            Award(3, 5, AwardReason.RANK, 1),
            Award(0, 1, AwardReason.TIE, 3),
            Award(1, 1, AwardReason.TIE, 3),
        ),
        points=(1, 1, 0, 5),
        why="general",
    )
    from el_grande.core import Game

    start = Game.new(NAMES[:4], seed=1).view(None)
    (step,) = Display([ev], start).steps(lambda seat: NAMES[seat])
    lines = [line.text for line in step.lines]
    assert "Dee +5  (1st)" in lines and "Ana +1  (tie, 3rd)" in lines
    assert "Cy +0  (4th)" in lines  # with Caballeros there, and nothing for them


async def test_a_resumed_game_opens_on_the_board_and_says_which_scoring_ended() -> None:
    def after_first_scoring(s: GameSession) -> bool:
        return bool(s.scorings) and s.scorings[-1].why == "general"

    played = session_at(3, 7, after_first_scoring)
    resumed = GameSession.from_record(played.game.record(), played.seats)
    app = ElGrandeApp(session=resumed, curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        # No second scoring display: the board, and the next player takes over as after the
        # display live (a banner over the prompt's column; issue 26).
        assert isinstance(app.screen, CurtainScreen) and app.screen.banner
        assert "The game goes on after general scoring 1 of 3" in " ".join(screen_text(app).split())
        await press(pilot, next_key(app))
        assert isinstance(app.screen, GameScreen)


async def test_a_finished_game_opens_on_game_over() -> None:
    finished = session_at(2, 3, lambda s: False, rounds=6)
    assert finished.decision is None
    again = GameSession.from_record(finished.game.record(), finished.seats)
    app = ElGrandeApp(session=again, curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)


async def test_placing_from_an_empty_court_is_shown_and_explained_not_offered() -> None:
    def empty_court_turn(s: GameSession) -> bool:
        d = s.decision
        if d is None or not any(c.verb == "place" and c.arg is None for c in d.choices):
            return False
        return s.current.public.players[d.player].court == 0

    session = None
    for seed in range(200):
        session = session_at(3, seed, empty_court_turn)
        if session.decision is not None:
            break
    assert session is not None and session.decision is not None
    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        scr = app.screen
        assert isinstance(scr, GameScreen)
        options = scr.query_one(DecisionPrompt).options
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        place = next(i for i, label in enumerate(labels) if "Place Caballeros now" in label)
        assert "your court is empty" in labels[place]
        assert options.get_option_at_index(place).disabled
        assert options.highlighted != place  # the prompt opens on a choice that does something


async def test_bring_to_court_opens_on_the_most_the_province_supplies() -> None:
    def at_court(s: GameSession) -> bool:
        d = s.decision
        return d is not None and d.kind == DecisionKind.COURT

    session = session_at(3, 7, at_court)
    d = session.decision
    assert d is not None
    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        scr = app.screen
        assert isinstance(scr, GameScreen)
        options = scr.query_one(DecisionPrompt).options
        chosen = options.get_option_at_index(options.highlighted or 0).id
        most = min(d.context["allowed"], session.current.public.players[d.player].province or 0)
        assert chosen == f"court {most}" and most > 0


async def test_a_scoring_steps_count_never_breaks_before_its_last_number() -> None:
    """ "Galicia is scored · step 4 of 13" used to end a line with "of" and put "13" alone on
    the next, in the display's narrow column at 100×30."""
    from el_grande.app.screens.scoring import ScoringScreen

    def general(s: GameSession) -> bool:
        d = s.decision
        return d is not None and d.secret and d.context.get("purpose") == "castillo"

    played = session_at(3, 7, general)
    app = ElGrandeApp(session=played, curtain_seed=0)
    from .helpers import next_key, press

    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for _ in range(200):
            if isinstance(app.screen, ScoringScreen):
                break
            scr = app.screen
            if isinstance(scr, GameScreen) and scr.waiting_for_choice:
                await press(pilot, "enter")
            else:
                await press(pilot, next_key(app))
        scoring = app.screen
        assert isinstance(scoring, ScoringScreen)
        step = scoring.query_one("#scoring-step")
        for _ in range(len(scoring.steps) - 1):
            await pilot.pause()
            rows = screen_text(app).splitlines()[step.region.y : step.region.bottom]
            for row in rows:
                inside = row[step.region.x : step.region.right].rstrip()
                assert not inside.endswith((" of", "step")), inside
            await press(pilot, "enter")
