"""Saving inside the real app (Pilot): autosave after each decision, resume from the title
screen, undo rebuilds the session, the rebuilt log matches the live one."""

from __future__ import annotations

from pathlib import Path

from el_grande.app.app import ElGrandeApp
from el_grande.persist import list_unfinished, load_save
from el_grande.persist.autosave import attach_autosave
from el_grande.session import GameSession
from el_grande.setup import GameSetup, default_seats
from tests.app.helpers import next_key, open_resume_list, press, settle

SIZE = (140, 45)


def new_session(seed: int = 5) -> GameSession:
    return GameSession.new(GameSetup(default_seats(["Ana", "Ben", "Cy"]), seed=seed))


async def play_keys(pilot, n: int) -> None:  # type: ignore[no-untyped-def]
    for _ in range(n):
        # first legal choice, or lower a curtain (its letter) / next scoring step
        await press(pilot, next_key(pilot.app))


async def test_autosave_after_every_decision(home: Path) -> None:
    session = new_session()
    listener = attach_autosave(session)
    assert load_save(listener.saver.path).choices == []
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(session)
        await settle(pilot)
        seen = 0
        for _ in range(20):
            await press(pilot, next_key(app))
            history = list(session.game.history)
            assert load_save(listener.saver.path).choices == history
            seen = max(seen, len(history))
        assert seen >= 8
    assert [g.path for g in list_unfinished()] == [listener.saver.path]


async def test_resume_from_title_screen(home: Path) -> None:
    session = new_session(6)
    listener = attach_autosave(session)
    for _ in range(20):
        session.apply(session.decision.choices[0])  # type: ignore[union-attr]
    played = list(session.game.history)
    assert len(played) >= 10 and load_save(listener.saver.path).choices == played

    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        await open_resume_list(pilot)
        app.screen.query_one("#resume-list").highlighted = 0  # type: ignore[attr-defined]
        await press(pilot, "enter")
        assert type(app.screen).__name__ in ("GameScreen", "CurtainScreen")
        resumed = app.screen_stack[-1 if type(app.screen).__name__ == "GameScreen" else -2]
        assert list(resumed.session.game.history) == played  # type: ignore[attr-defined]
        # the live log and the rebuilt one tell the same story
        assert [t.text for t in resumed.session.log] == [  # type: ignore[attr-defined]
            t.text for t in session.log
        ]
        await play_keys(pilot, 5)
        more = list(resumed.session.game.history)  # type: ignore[attr-defined]
    assert len(more) > len(played)
    assert load_save(listener.saver.path).choices == more  # same file, same game id
    assert len(list_unfinished()) == 1


def test_undo_rewrites_autosave(home: Path) -> None:
    """Undo is an update of the session's stream like any other: the autosave (a subscriber)
    rewrites the file at once, and the log is the one a replay of the shorter game tells."""
    session = new_session(7)
    listener = attach_autosave(session)
    # play until the undo is allowed (a turn in progress)
    while not session.can_undo():
        session.apply(session.decision.choices[0])  # type: ignore[union-attr]
    history = list(session.game.history)
    assert load_save(listener.saver.path).choices == history
    assert session.undo()
    assert list(session.game.history) == history[:-1]
    assert load_save(listener.saver.path).choices == history[:-1]
    assert session.current.undone
    # the session keeps autosaving
    session.apply(session.decision.choices[-1])  # type: ignore[union-attr]
    assert load_save(listener.saver.path).choices == list(session.game.history)
    rebuilt = GameSession.from_record(session.game.record(), session.seats)
    assert [t.text for t in rebuilt.log] == [t.text for t in session.log]


async def test_load_opens_the_app_on_the_game(home: Path, tmp_path: Path) -> None:
    from el_grande.persist import load_game, save_as

    session = new_session(8)
    for _ in range(30):
        session.apply(session.decision.choices[-1])  # type: ignore[union-attr]
    path = tmp_path / "named.json"
    save_as(session.game, path)
    before = path.read_bytes()
    save, game = load_game(path)
    app = ElGrandeApp(saved=save)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screens = [type(s).__name__ for s in app.screen_stack]
        assert "GameScreen" in screens
        game_screen = next(s for s in app.screen_stack if type(s).__name__ == "GameScreen")
        assert game_screen.session.game.history == session.game.history  # type: ignore[attr-defined]
        await play_keys(pilot, 3)
    assert path.read_bytes() == before  # the named file is never written to
    autosaved = list_unfinished()
    assert len(autosaved) == 1 and autosaved[0].file.game_id == save.game_id


def game_screen(app: ElGrandeApp):  # type: ignore[no-untyped-def]
    return next(s for s in reversed(app.screen_stack) if type(s).__name__ == "GameScreen")


async def test_undo_key_only_when_allowed(home: Path) -> None:
    setup = GameSetup(default_seats(["Ana", "Ben"]), seed=11)
    app = ElGrandeApp(setup)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = game_screen(app)
        assert screen.check_action("undo", ()) is False  # nothing to undo at the start
        await press(pilot, "u")
        assert game_screen(app).session.game.history == ()
        status = str(screen.query_one("#status").render())
        assert "Undo is not possible now: there is nothing of yours to take back yet" in status
        for _ in range(60):
            screen = game_screen(app)
            if screen.check_action("undo", ()):
                break
            await press(pilot, next_key(app))
        else:
            raise AssertionError("undo never became available")
        before = list(screen.session.game.history)
        saver = next(x for x in screen.session.subscribers if hasattr(x, "saver")).saver
        assert load_save(saver.path).choices == before
        await press(pilot, "u")
        after = game_screen(app)
        assert after is screen  # the same screen, redrawn from the session's undone update
        assert list(after.session.game.history) == before[:-1]
        assert load_save(saver.path).choices == before[:-1]
        # and play goes on, autosaved into the same file
        await press(pilot, "enter")
        assert load_save(saver.path).choices == list(game_screen(app).session.game.history)


async def test_replay_from_game_over(home: Path) -> None:
    from el_grande.core import Options

    session = GameSession.new(
        GameSetup(default_seats(["Ana", "Ben"]), seed=12, rounds=6, veto=False)
    )
    while not session.game.over:
        session.apply(session.decision.choices[0])  # type: ignore[union-attr]
    assert session.game.options == Options(rounds=6, veto=False)
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(session)  # a finished game opens on game over
        await settle(pilot)
        assert type(app.screen).__name__ == "GameOverScreen"
        await press(pilot, "r")
        assert type(app.screen).__name__ == "ReplayScreen"
        model = app.screen.model  # type: ignore[attr-defined]
        assert model.length == len(session.game.history)
        for key in ("end", "left", "pageup"):
            await press(pilot, key)
        assert 0 < model.pos < model.length - 1
        await press(pilot, "q")
        assert type(app.screen).__name__ == "GameOverScreen"


def test_a_failing_disk_never_stops_the_game(
    tmp_path: Path, monkeypatch: __import__("pytest").MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the data directory should be")
    monkeypatch.setenv("EL_GRANDE_HOME", str(blocker))
    session = new_session(9)
    listener = attach_autosave(session)
    assert listener is not None
    for _ in range(5):
        session.apply(session.decision.choices[0])  # type: ignore[union-attr]
    assert len(session.game.history) == 5 and isinstance(listener.error, OSError)
    monkeypatch.setenv("EL_GRANDE_HOME", str(tmp_path / "ok"))
    listener.saver.path = tmp_path / "ok" / "saves" / listener.saver.path.name
    session.apply(session.decision.choices[0])  # type: ignore[union-attr]
    assert listener.error is None
    assert load_save(listener.saver.path).choices == list(session.game.history)


async def test_save_as_a_hostile_name_is_one_sentence_then_a_named_file_is_saved_once(
    home: Path, tmp_path: Path
) -> None:
    """A name over 255 bytes once killed the app (`Path.exists()` outside the `try`): every
    hostile name is one sentence and the game goes on; then, in the same app, a good name is
    saved, and saved again to the same name is refused (nothing is overwritten)."""
    session = new_session(11)
    attach_autosave(session)
    for _ in range(7):
        session.apply(session.decision.choices[0])  # type: ignore[union-attr]
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    names = {
        str(tmp_path / ("x" * 300)): "too long",
        str(tmp_path / "a-file" / "under-a-file.json"): "Not a directory",
        str(tmp_path / ("d/" * 3000)) + "x.json": "too long",
        str(tmp_path / "nul\x00.json"): "null",
        "~nobody-is-called-this/x.json": "home",
        "   ": "Type a file name",  # once nothing at all: Enter did nothing, said nothing
    }
    target = tmp_path / "mine.json"
    app = ElGrandeApp()
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(session)
        await settle(pilot)
        for name, why in names.items():
            await press(pilot, "s")
            assert type(app.screen).__name__ == "SaveAsScreen"
            app.screen.query_one("#save-path").value = name  # type: ignore[attr-defined]
            await press(pilot, "enter")
            assert type(app.screen).__name__ == "SaveAsScreen", name[:40]
            error = str(app.screen.query_one("#save-error").render())
            assert why.lower() in error.lower(), error
            assert error.startswith("Cannot write ") or not name.strip(), error
            await press(pilot, "escape")
        assert type(app.screen).__name__ == "GameScreen" and app.is_running
        assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "home"]
        # a good name
        await press(pilot, "s")
        assert type(app.screen).__name__ == "SaveAsScreen"
        app.screen.query_one("#save-path").value = str(target)  # type: ignore[attr-defined]
        await press(pilot, "enter")
        assert type(app.screen).__name__ == "GameScreen"
        assert load_save(target).choices == list(session.game.history)
        # a second save to the same name is refused: nothing is overwritten
        before = target.read_bytes()
        await press(pilot, "s")
        app.screen.query_one("#save-path").value = str(target)  # type: ignore[attr-defined]
        await press(pilot, "enter")
        assert type(app.screen).__name__ == "SaveAsScreen"
        assert "already exists" in str(app.screen.query_one("#save-error").render())
        await press(pilot, "escape")
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file", "home", "mine.json"]


def test_save_as_never_writes_over_a_link_or_a_fifo(home: Path, tmp_path: Path) -> None:
    import os

    from el_grande.app.screens.save_as import save_session_as

    session = new_session(12)
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "nowhere.json")
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    for path in (dangling, fifo):
        saved, message = save_session_as(session, path)
        assert not saved and message.endswith("already exists; choose another name.")
    assert dangling.is_symlink() and not (tmp_path / "nowhere.json").exists()
    assert fifo.is_fifo()
