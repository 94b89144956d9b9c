"""The review in the app: opened from game over and from a finished game in the resume list,
the player chosen, the review run in a thread with its progress, then stepped decision by
decision on the board as that player saw it (a key reveals everything)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from el_grande.app.app import ElGrandeApp
from el_grande.app.screens.game_over import GameOverScreen
from el_grande.app.screens.resume import ResumeScreen
from el_grande.app.screens.review_screen import ReviewScreen
from el_grande.app.screens.title import TitleScreen
from el_grande.core import Game
from el_grande.review import Review, Seats, Settings, Verdict, review, tasks
from el_grande.text import t
from tests.app.helpers import SIZE, press, screen_text, session_at, settle


def made_up(
    record: dict[str, Any],
    seats: Seats,
    seat: int,
    everyone: bool,
    progress: Callable[[int, int], None],
    cancelled: Callable[[], bool],
) -> Review:
    """Verdicts made up from the real decisions (fast, the same every time): every third
    decision cost `k % 7` points against another legal choice."""
    todo = list(tasks(record, lambda s, i: s == seat and (everyone or seats.person(s, i))))
    verdicts = []
    for k, task in enumerate(todo):
        cost = float(k % 7) if k % 3 == 0 else 0.0
        other = next(c for c in task.decision.choices if c != task.choice)
        verdicts.append(
            Verdict(
                index=task.index,
                seat=seat,
                round=task.round,
                kind=str(task.decision.kind),
                choices=len(task.decision.choices),
                choice=task.choice,
                best=other if cost else task.choice,
                margin=-cost,
                score=40.0,
                best_margin=0.0,
                gap=cost,
                cost=cost,
                lead=0.0,
                reason_key="bots.hint.outlook",
                decision=task.decision,
            )
        )
        progress(k + 1, len(todo))
    final = Game.replay(record)
    return Review(
        tuple(record["players"]), (seat,), tuple(verdicts), tuple(final.scores), Settings()
    )


async def opened(pilot: Any, runner: Any = made_up) -> ReviewScreen:
    """Press `v` on game over (the review made up), Enter on the first person."""
    assert isinstance(pilot.app.screen, GameOverScreen)
    await press(pilot, "v")
    return await chosen(pilot, runner)


async def chosen(pilot: Any, runner: Any = made_up) -> ReviewScreen:
    """At the review's chooser: Enter on the first offered (the review made up)."""
    app = pilot.app
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    screen.runner = runner
    assert screen.phase == "choose"
    await press(pilot, "enter")
    assert screen._worker is not None
    await screen._worker.wait()
    await settle(pilot)
    await pilot.pause()
    return screen


async def test_review_from_game_over_steps_jumps_to_mistakes_and_offers_computers_with_a() -> None:
    """A finished game of two people and a computer player (Ben) opens on game over; `v`
    offers the people, `a` the computer player too. Ana's review (the first offered) says
    what it shows, steps and jumps decision by decision and to the biggest mistakes, and Esc
    goes back to game over; then a second review (`v`, `a`) of the computer player's
    decisions."""
    import dataclasses

    from el_grande.session import GameSession
    from el_grande.setup import GameSetup, default_seats

    seats = list(default_seats(["Ana", "Ben", "Cy"]))
    seats[1] = dataclasses.replace(seats[1], kind="bot:greedy")
    session = GameSession.new(GameSetup(tuple(seats), seed=14))
    while session.decision is not None:
        d = session.decision
        session.apply(d.choices[(len(session.game.history) * 7 + 3) % len(d.choices)])
    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)  # a finished game opens on it
        await press(pilot, "v")
        text = screen_text(app)
        assert "Ana" in text and "Cy" in text and "Ben (computer player)" not in text
        await press(pilot, "a")
        assert "Ben (computer player)" in screen_text(app)
        screen = await chosen(pilot)
        assert screen.phase == "review" and screen.seat == 0
        verdicts = screen.verdicts
        assert verdicts and all(v.seat == 0 for v in verdicts)
        text = screen_text(app)
        assert "Decision 1 of" in text and "the board as Ana saw it" in text
        assert "The five biggest mistakes" in text
        # Under the rounds' margins, what their scale means (0: level with the best other).
        rounds = str(screen.query_one("#review-rounds", Static).content).splitlines()
        assert rounds[-2] == "" and rounds[-1].startswith(
            "The margin is Ana's expected final score minus the best other player's: 0 is level"
        )
        assert screen.shown is not None and screen.shown.view.seat == 0
        await press(pilot, "right")
        await press(pilot, "right")
        assert screen.at == 2
        v = verdicts[2]
        assert screen.model.pos == v.index  # the board before the decision was made
        assert "Decision 3 of" in screen_text(app)
        await press(pilot, "end")
        assert screen.at == len(verdicts) - 1
        await press(pilot, "right")  # nothing after the last
        assert screen.at == len(verdicts) - 1
        await press(pilot, "home")
        assert screen.at == 0
        # m: the five biggest mistakes in the game's order, round again
        assert screen.result is not None
        big = sorted(v.index for v in screen.result.mistakes(0) if round(v.cost) >= 1)
        seen = []
        for _ in range(len(big) + 1):
            await press(pilot, "m")
            seen.append(verdicts[screen.at].index)
        assert seen == big + big[:1]
        await press(pilot, "M")
        assert verdicts[screen.at].index == big[-1]
        costly = verdicts[screen.at]
        text = " ".join(screen_text(app).split())
        assert f"about {round(costly.cost)} points better" in text
        await press(pilot, "escape")
        assert isinstance(app.screen, GameOverScreen)

        # The computer player's decisions: `v`, `a`, Ben.
        await press(pilot, "v")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        text = screen_text(app)
        assert "Ana" in text and "Cy" in text and "Ben (computer player)" not in text
        await press(pilot, "a")
        assert "Ben (computer player)" in screen_text(app)
        screen.runner = made_up
        await press(pilot, "down")
        await press(pilot, "enter")
        assert screen._worker is not None
        await screen._worker.wait()
        await settle(pilot)
        assert screen.seat == 1 and screen.verdicts
        assert all(v.seat == 1 for v in screen.verdicts)


def _castillo_hidden_session() -> Any:
    return session_at(3, 5, lambda s: False, castillo="hidden")


async def test_the_board_is_the_players_own_view_until_revealed() -> None:
    session = _castillo_hidden_session()
    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)  # a finished game opens on it
        screen = await opened(pilot)

        # a decision of Ana's where another player has Caballeros in the hidden Castillo
        def hidden_count(v: Verdict) -> tuple[int, int] | None:
            screen.model.goto(v.index)
            truth = screen.model.game.snapshot()["players"]
            other = next((s for s in (1, 2) if truth[s]["castillo"] >= 2), None)
            return None if other is None else (other, truth[other]["castillo"])

        at, (other, count) = next(
            (k, found) for k, v in enumerate(screen.verdicts) if (found := hidden_count(v))
        )
        screen.at = at
        screen.show_verdict()
        await settle(pilot)
        await pilot.pause()

        shown = screen.shown
        assert shown is not None and shown.view.seat == 0
        assert shown.view.players[other].castillo is None  # the view hides it...
        rows = screen_text(app)
        name = session.name(other)
        row = next(ln for ln in rows.splitlines() if name in ln and "│" not in ln[:2])
        assert (
            "?" in row and f" {count} " not in row.split(name, 1)[1][:20]
        )  # ...so does the screen
        await press(pilot, "r")
        shown = screen.shown
        assert shown is not None and shown.view.players[other].castillo == count
        assert "everything revealed (r: Ana's own view)" in screen_text(app)
        await press(pilot, "r")
        assert screen.shown is not None and screen.shown.view.players[other].castillo is None
        assert "the board as Ana saw it" in screen_text(app)


async def test_a_real_review_runs_in_a_thread_and_esc_stops_it() -> None:
    """The screen's own runner shape with the real review (one draw, of the decisions of the
    last round only: fast); a second run is stopped at once by Esc and says so, the screen
    never waiting on it."""
    session = session_at(2, 3, lambda s: False, rounds=6)
    assert session.game.over
    # The same game, up to its last round's first decision.
    last_round = len(session_at(2, 3, lambda s: s.game.round >= 9, rounds=6).game.history)

    def tiny(record, seats, seat, everyone, progress, cancelled):  # type: ignore[no-untyped-def]
        settings = Settings(draws=1, min_draws=1, batch=1)
        # The seats as if a computer player had played them until the last round (the
        # review is of a person's decisions).
        late = Seats.of(seats.kinds, [((0, "bot:greedy"), (last_round, k)) for k in seats.kinds])
        return review(
            record,
            late,
            only=[seat],
            everyone=everyone,
            settings=settings,
            progress=progress,
            cancelled=cancelled,
        )

    app = ElGrandeApp(session=session, curtain_seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)  # a finished game opens on it
        screen = await opened(pilot, tiny)
        assert screen.phase == "review" and screen.result is not None
        assert screen.result.complete and screen.verdicts
        assert all(v.draws == 1 for v in screen.verdicts)

        gate = threading.Event()

        def waits(record, seats, seat, everyone, progress, cancelled):  # type: ignore[no-untyped-def]
            progress(0, 10)
            gate.set()
            while not cancelled():
                threading.Event().wait(0.01)
            return Review(tuple(record["players"]), (seat,), (), (0, 0), Settings(), complete=False)

        screen.runner = waits
        await press(pilot, "s")  # another player: the chooser again
        assert screen.phase == "choose"
        await press(pilot, "enter")
        assert screen.phase == "running"
        gate.wait(10)
        await settle(pilot)
        await pilot.pause()
        assert "Reviewing Ana's decisions" in screen_text(app)
        await press(pilot, "escape")
        assert screen._worker is not None
        await screen._worker.wait()
        await settle(pilot)
        await pilot.pause()
        assert screen.phase == "choose"
        assert "stopped before its first decision" in " ".join(screen_text(app).split())


async def test_review_of_a_finished_game_from_the_resume_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from el_grande.persist.store import save_from_game, saves_dir, write_save

    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    finished = session_at(3, 14, lambda s: False)
    unfinished = session_at(3, 9, lambda s: len(s.game.history) >= 40)
    write_save(save_from_game(finished.game), saves_dir() / "done.json")
    write_save(save_from_game(unfinished.game), saves_dir() / "open.json")
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        await press(pilot, "down")
        await press(pilot, "enter")
        resume = app.screen
        assert isinstance(resume, ResumeScreen)
        await press(pilot, "v")  # the unfinished game first: no review
        assert app.screen is resume
        assert str(resume.query_one("#resume-error").render()) == t("resume.not_finished")
        await press(pilot, "down")
        await press(pilot, "v")
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        screen.runner = made_up
        await press(pilot, "enter")
        assert screen._worker is not None
        await screen._worker.wait()
        await settle(pilot)
        await pilot.pause()
        assert screen.phase == "review"
        assert screen.model.record["choices"] == finished.game.record()["choices"]
        await press(pilot, "right")
        assert screen.at == 1
        await press(pilot, "escape")
        assert app.screen is resume
