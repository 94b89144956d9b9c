"""Replay keeps secrets until they are revealed: a running game's autosave replays as the
table saw it (view(None), events through visible_to, no secret answer in the status line);
a finished game shows everything (R-H1: no peeking through the replay)."""

from __future__ import annotations

from pathlib import Path

import pytest
from persist_helpers import random_game

from el_grande.app.app import ElGrandeApp, ReplayRequest
from el_grande.app.screens.replay import ReplayScreen
from el_grande.cli import main as cli_main
from el_grande.core import Game, Options
from el_grande.persist import save_from_game
from el_grande.persist.replay import ReplayModel

HIDDEN = Options(rounds=6, castillo="hidden")


def running_game() -> Game:
    """Unfinished, hidden Castillo, with secret decisions and moves into the Castillo."""
    game = random_game(2, upto=120, players=3, options=HIDDEN)
    assert not game.over
    return game


def secret_positions(model: ReplayModel) -> list[int]:
    return [s.index for s in model.steps if s.secret]


def hidden_move_positions(model: ReplayModel) -> list[int]:
    return [s.index for s in model.steps if any(model.shown(e) != e for e in s.events)]


def test_an_unfinished_game_replays_as_the_table_saw_it() -> None:
    game = running_game()
    model = ReplayModel(game.record())
    assert model.reveal is False
    secrets, hidden = secret_positions(model), hidden_move_positions(model)
    assert secrets and hidden
    for pos in secrets:
        model.goto(pos)
        assert model.next_step is not None and model.next_step.secret
        assert model.next_label() is None  # the answer stays behind the curtain
    for pos in hidden:
        model.goto(pos)
        assert model.next_label() is None  # "move 2 into the Castillo" would tell the count
    model.end()
    view = model.view()
    assert all(p.castillo is None for p in view.players)
    assert view == game.view(None)
    log = " ".join(line.text for line in model.log())
    assert "Caballeros in the Castillo (how many stays hidden)" in log
    everything = ReplayModel(game.record(), reveal=True)
    everything.end()
    assert all(isinstance(p.castillo, int) for p in everything.view().players)
    assert "stays hidden" not in " ".join(line.text for line in everything.log())  # counts
    everything.goto(secrets[0])
    assert everything.next_label() == everything.steps[secrets[0]].choice


def test_a_finished_game_shows_everything() -> None:
    game = random_game(2, players=3, options=HIDDEN)
    assert game.over
    model = ReplayModel(game.record())
    assert model.reveal is True
    pos = secret_positions(model)[0]
    model.goto(pos)
    assert model.next_label() == model.steps[pos].choice
    model.goto(hidden_move_positions(ReplayModel(game.record(), reveal=False))[0])
    assert isinstance(model.view().players[0].castillo, int)


def players_text(screen: ReplayScreen) -> str:
    from el_grande.app.widgets.players import PlayersPanel

    return screen.query_one(PlayersPanel).render().plain


def status(app: ElGrandeApp) -> str:
    return str(app.screen.query_one("#replay-status").render())


async def test_the_viewer_hides_an_unfinished_games_secrets() -> None:
    game = running_game()
    app = ElGrandeApp(replay=ReplayRequest(game.record(), title="running"))
    async with app.run_test(size=(140, 45)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        m = screen.model
        assert m.reveal is False
        m.goto(secret_positions(m)[0])
        screen.refresh_position()
        await pilot.pause()
        line = status(app).splitlines()[-1]
        name = m.names[m.steps[m.pos].player]
        assert line.startswith(f"next: {name} (secret): ") and "→" not in line
        m.end()
        screen.refresh_position()
        await pilot.pause()
        rows = players_text(screen)
        assert "?" in rows  # hidden Castillo counts stay hidden
        log = " ".join(line.text for line in screen.query_one("#replay-log").lines)  # type: ignore[attr-defined]
        assert "(how many stays hidden)" in log


async def test_the_viewer_shows_a_finished_games_secrets() -> None:
    game = random_game(2, players=3, options=HIDDEN)
    app = ElGrandeApp(replay=ReplayRequest(game.record()))
    async with app.run_test(size=(140, 45)) as pilot:
        screen = app.screen
        m = screen.model  # type: ignore[attr-defined]
        m.goto(secret_positions(m)[0])
        screen.refresh_position()  # type: ignore[attr-defined]
        await pilot.pause()
        assert " (secret): " in status(app) and "→" in status(app)
        m.end()
        screen.refresh_position()  # type: ignore[attr-defined]
        await pilot.pause()
        rows = players_text(screen)  # type: ignore[arg-type]
        assert "?" not in rows


@pytest.mark.usefixtures("at_a_terminal")
@pytest.mark.parametrize("finished", [False, True])
def test_the_cli_reveals_only_a_finished_game(
    finished: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = random_game(2, players=3, options=HIDDEN) if finished else running_game()
    path = tmp_path / "g.json"
    path.write_text(save_from_game(game).to_json())
    seen: list[bool | None] = []
    monkeypatch.setattr(ElGrandeApp, "run", lambda self: seen.append(self._replay.reveal))
    assert cli_main(["replay", str(path)]) == 0
    assert seen == [finished]
