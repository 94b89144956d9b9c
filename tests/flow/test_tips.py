"""Tips the first time in a normal game (el_grande/flow/lessons.py, `tips` mode): the setting
with 0, 2 and 3 games finished on this machine, the count of finished games
(el_grande/persist/played.py), and what a tip may say (public things only)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from el_grande.flow.lessons import BY_ID, CARD_TIP, TIPS, Coach, tips_on
from el_grande.flow.scenes import Prompt
from el_grande.persist import played
from el_grande.persist.autosave import attach_autosave
from el_grande.session import GameSession
from el_grande.settings.values import TIPS_GAMES
from el_grande.setup import GameSetup, SeatSetup, bot_kind, default_seats

from .test_guided import first_choice, flow_for, play


@pytest.mark.parametrize(
    ("setting", "finished", "on"),
    [
        ("auto", 0, True),
        ("auto", 2, True),
        ("auto", 3, False),
        ("auto", 7, False),
        ("on", 3, True),
        ("off", 0, False),
    ],
)
def test_tips_are_on_until_three_games_are_finished(setting: str, finished: int, on: bool) -> None:
    assert TIPS_GAMES == 3
    assert tips_on(setting, finished, TIPS_GAMES) is on


def test_finished_games_are_counted_once_each_in_the_data_folder(tmp_path: Path) -> None:
    assert played.finished_games(tmp_path) == 0
    played.game_finished("a", tmp_path)
    played.game_finished("a", tmp_path)  # its end saved again: still one game
    played.game_finished("b", tmp_path)
    assert played.finished_games(tmp_path) == 2
    assert played.finished_path(tmp_path).parent == tmp_path
    for n in range(20):
        played.game_finished(f"g{n}", tmp_path)
    assert played.finished_games(tmp_path) == played.KEEP  # the file stays small


@pytest.mark.parametrize("text", ["{", "[1, 2]", '{"finished": 3}', "\udcff", ""])
def test_an_unreadable_count_counts_no_game_and_is_written_anew(tmp_path: Path, text: str) -> None:
    path = played.finished_path(tmp_path)
    path.write_text(text, errors="surrogateescape")
    assert played.finished_games(tmp_path) == 0
    played.game_finished("a", tmp_path)
    assert played.finished_games(tmp_path) == 1


def test_a_count_that_cannot_be_written_stops_nothing(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    played.game_finished("a", tmp_path / "file")  # its folder is a file: logged, not raised
    assert played.finished_games(tmp_path / "file") == 0


def _session(kinds: tuple[str, ...], seed: int = 4, **options: object) -> GameSession:
    colours = ("yellow", "red", "green")
    seats = tuple(SeatSetup(n, c, k) for n, c, k in zip(("Ana", "Ben", "Cy"), colours, kinds))
    return GameSession.new(GameSetup(seats, seed=seed, **options))  # type: ignore[arg-type]


def test_a_finished_game_with_a_person_counts_and_one_of_computers_does_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path))
    for kinds in (("human", bot_kind("random")), (bot_kind("random"), bot_kind("random"))):
        session = _session(kinds, rounds=6)  # (a whole game, the shorter: its end is counted)
        listener = attach_autosave(session)
        flow, clock = flow_for(session)
        flow.start()
        play(flow, clock, first_choice)
        listener.close()
    assert played.finished_games() == 1


def _tipped(castillo: str = "open") -> GameSession:
    session = GameSession.new(
        GameSetup(default_seats(["Ana", "Ben", "Cy"]), seed=11, castillo=castillo)
    )
    session.coach = TIPS
    return session


def test_a_tip_speaks_of_a_card_the_first_time_it_is_face_up_and_never_twice() -> None:
    session = _tipped()
    flow, clock = flow_for(session)
    seen_face_up: set[str] = set()

    def watch(scene: object) -> None:
        if isinstance(scene, Prompt):
            seen_face_up.update(session.current.public.face_up)

    flow.listen(watch)
    flow.start()
    play(flow, clock, first_choice)
    met = session.lessons
    assert len(met) == len(set(met))  # each tip once
    cards = [m[len(CARD_TIP) :] for m in met if m.startswith(CARD_TIP)]
    assert cards and set(cards) <= seen_face_up
    assert {m for m in met if not m.startswith(CARD_TIP)} <= set(BY_ID)
    assert "power" in met and "general" in met


def test_tips_read_only_the_public_board() -> None:
    """With a hidden Castillo every tip comes from public things: the lesson ids and the
    cards face up, whatever a player's own view behind their curtain holds."""
    session = _tipped("hidden")
    coach = Coach.of(session)
    assert coach is not None
    flow, clock = flow_for(session)
    flow.start()
    play(flow, clock, first_choice, until=lambda: session.game.view(None).round_number > 3)
    public = session.current.public
    revealed = {card for stack in public.revealed for card in stack} | {"king"}
    for met in session.lessons:
        assert met in BY_ID or met[len(CARD_TIP) :] in revealed


def test_no_tip_at_a_computer_players_turn() -> None:
    session = _session(("human", bot_kind("greedy")), seed=9)
    session.coach = TIPS
    flow, clock = flow_for(session)
    flow.start()
    coach = flow.coach
    assert coach is not None
    from el_grande.flow.scenes import BotTurn

    met_at_bot: list[str] = []

    def watch(scene: object) -> None:
        if isinstance(scene, BotTurn) and coach.met and coach.met[-1] not in seen:
            met_at_bot.append(coach.met[-1])
        seen.update(coach.met)

    seen: set[str] = set(coach.met)  # met at the first prompt, before the watch began
    flow.listen(watch)
    play(flow, clock, first_choice, until=lambda: len(session.game.history) > 60)
    assert met_at_bot == []


def test_a_dismissed_tip_comes_back_with_the_next_one() -> None:
    session = _tipped()
    flow, clock = flow_for(session)
    flow.start()
    coach = flow.coach
    assert coach is not None and coach.current == "power"
    coach.toggle()
    assert coach.hidden
    rng = random.Random(1)
    play(flow, clock, lambda s, p: rng.choice(p.decision.choices), until=lambda: len(coach.met) > 1)
    assert not coach.hidden and coach.current == coach.met[-1] != "power"
