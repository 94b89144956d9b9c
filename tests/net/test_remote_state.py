"""A screen's state at a hosted table (el_grande/net/remote.py): what the host's messages
leave in a `RemoteState` (the real table's, over a `LocalLink`, and messages built from real
flow objects with the codec), what the screen's intents send (named by the ids the host gave,
nothing while there is no connection or nothing to answer), messages that do not parse
dropped and counted, and a `LocalLink` that says hello first, reconnects and hears `bye`."""

from __future__ import annotations

import json
import random
from typing import Any

from el_grande.core import PublicView
from el_grande.flow.scenes import Confirm, GameOver, Prompt, Watching
from el_grande.narrate import Line, Tone
from el_grande.net import protocol as P
from el_grande.net.codec import encode
from el_grande.net.remote import LocalLink, RemoteState
from el_grande.net.table import HostSettings

from .scripted import Hosted, picker, session_of

SEED = 518_203_774_160


class Out:
    """A link that keeps what the state sends (parsed as the host would)."""

    def __init__(self) -> None:
        self.sent: list[Any] = []

    def send(self, text: str) -> None:
        self.sent.append(P.parse_client(text))


def _hosted(players: int = 2, **settings: Any) -> Hosted:
    return Hosted(session_of(SEED, players, rounds=6), HostSettings(bot_delay=0.2, **settings))


def _welcomed(seat: int | None = 0) -> tuple[RemoteState, Out]:
    """A state told what a seat's screen is told at its hello, by hand, from a real session
    (and the link it sends on)."""
    session = session_of(SEED, 2, rounds=6)
    out = Out()
    state = RemoteState(out)
    state.set_connected(True)
    welcome = P.Welcome(
        v=P.PROTOCOL,
        role="seat" if seat is not None else "spectator",
        seat=seat,
        seating=encode(session.seating),
        table={"hints": True, "confirm": False, "castillo": "open", "rounds": 6, "veto": True},
    )
    state.feed(P.dump(welcome))
    return state, out


def test_the_tables_messages_leave_what_a_seats_screen_draws() -> None:
    """Over a LocalLink to the real table: the welcome, the log, who is here, this seat's own
    prompt with its decision id; answers named by that id move the game on; a display is
    kept until this screen has seen it; the other seat's decisions are watched by kind."""
    hosted = _hosted(2)
    link = LocalLink(hosted.table, hosted.codes.seats[0] or "")
    other = hosted.screen(1)
    hosted.start()
    state = link.state
    told: list[Any] = []
    state.listen(lambda s: told.append(s.scene))
    assert state.role == "seat" and state.seat == 0 and state.connected
    assert state.seating == hosted.session.seating
    assert state.table["players"] == 2 and state.table["rounds"] == 6
    assert state.presence == (True, True) and state.watchers == 0
    assert state.log == list(hosted.session.log[: hosted.table.director.log_shown])
    pick = picker(random.Random(4))
    answered = displays = watched = 0
    for _ in range(3000):
        hosted.clock.run_due()
        if isinstance(state.scene, GameOver) and state.display is None:
            break
        if state.display is not None:
            assert hosted.table.director.showing  # the host waits for this screen
            displays += 1
            state.seen()
            assert state.display is None
            continue
        scene = state.scene
        if isinstance(scene, Prompt) and state.decision_id == hosted.table.decision_ids[0]:
            assert scene.decision.player == 0 and scene.view.seat == 0
            assert state.answer(pick(scene.decision))
            answered += 1
            continue
        if isinstance(scene, Watching):
            watched += 1
            d = scene.view.decision
            assert d is None or d.player != 0 and not d.choices
        if not other.act(pick):
            hosted.clock.advance(0.5)
    assert isinstance(state.scene, GameOver) and hosted.session.decision is None
    assert answered > 30 and displays > 4 and watched > 0
    assert state.refusals == 0 and state.broken == 0
    assert state.log == list(hosted.session.log[: hosted.table.director.log_shown])
    assert len(told) > answered


def test_a_spectators_state_holds_public_views_and_sends_no_answer() -> None:
    hosted = _hosted(3)
    out = Out()
    state = RemoteState(out)
    link = LocalLink(hosted.table, hosted.codes.watch, state)
    screens = [hosted.screen(s) for s in range(3)]
    hosted.start()
    scenes: list[Any] = []
    state.listen(lambda s: scenes.append(s.scene))
    pick = picker(random.Random(2))
    hosted.drive(screens, pick, until=lambda: len(hosted.session.game.history) > 40)
    assert state.role == "spectator" and state.seat is None and state.watchers == 1
    assert state.decision_id is None
    assert not state.answer(hosted.session.decision.choices[0])  # type: ignore[union-attr]
    assert not state.end_turn() and not state.take_back() and not state.hint()
    views = [s.view for s in scenes if s is not None]
    assert views and all(type(v) is PublicView for v in views)
    assert link.state is state


def test_intents_name_the_hosts_ids_and_wait_for_a_connection() -> None:
    state, out = _welcomed(0)
    hosted = _hosted(2)
    hosted.start()
    d = hosted.session.decision
    assert d is not None
    scene = hosted.table.screens[d.player].scene  # (a real prompt, encoded as the host does)
    assert isinstance(scene, Prompt)
    choice = scene.decision.choices[0]
    assert not state.answer(choice)  # nothing to answer yet
    state.feed(P.dump(P.SceneMessage(n=1, id=7, scene=encode(scene))))
    assert state.scene == scene and state.decision_id == 7 and state.scene_count == 1
    assert state.answer(choice) and state.hint()
    assert out.sent == [P.Answer(id=7, choice=str(choice)), P.HintAsk(id=7)]
    state.set_connected(False)
    assert not state.answer(choice) and not state.hint() and len(out.sent) == 2
    state.set_connected(True)
    held = Confirm(0, scene.decision, choice, hosted.session.current.public, ready=True)
    state.feed(P.dump(P.SceneMessage(n=2, id=8, scene=encode(held))))
    assert state.end_turn() and state.take_back()
    assert out.sent[2:] == [P.EndTurn(id=8), P.TakeBack(id=8)]
    over = GameOver(hosted.session.current.public)
    state.feed(P.dump(P.SceneMessage(n=3, id=None, scene=encode(over))))
    assert state.decision_id is None and not state.answer(choice)
    assert state.review() and out.sent[-1] == P.ReviewAsk()


def test_a_display_is_kept_until_seen_and_the_host_told_once() -> None:
    hosted = _hosted(2)
    screens = [hosted.screen(0), hosted.screen(1)]
    hosted.start()
    hosted.drive(screens, picker(random.Random(1)), until=lambda: screens[0].display is not None)
    message = screens[0].display
    assert message is not None
    state, out = _welcomed(0)
    state.feed(P.dump(message))
    display = state.display
    assert display is not None and display.id == message.display
    assert len(display.steps) == len(display.views) == len(message.steps) > 0
    assert all(type(v) is PublicView for v in display.views)
    state.feed(P.dump(P.Presence(connected=[True, False], watchers=3)))
    assert state.display is display  # (other messages leave it)
    state.seen()
    state.seen()
    assert state.display is None and out.sent == [P.Seen(display=message.display)]


def test_the_log_follows_its_epochs_and_the_hints_and_refusals_are_kept() -> None:
    state, _out = _welcomed(0)
    lines = [Line(f"line {i}", Tone.PLAIN) for i in range(5)]
    enc = [encode(line) for line in lines]
    state.feed(P.dump(P.LogMessage(epoch=0, start=0, lines=enc[:3])))
    state.feed(P.dump(P.LogMessage(epoch=0, start=3, lines=enc[3:])))
    assert state.log == lines
    state.feed(P.dump(P.LogMessage(epoch=0, start=0, lines=enc)))  # (a reconnect: all again)
    assert state.log == lines
    state.feed(P.dump(P.LogMessage(epoch=1, start=0, lines=enc[:2])))  # written again
    assert state.log == lines[:2] and state.log_epoch == 1
    state.feed(P.dump(P.Hints(id=4, advice=[P.Hint(choice="place aragon", text="Why.")])))
    assert state.hints_for == 4 and [(a.choice, a.text) for a in state.hints or ()] == [
        ("place aragon", "Why.")
    ]
    state.feed(P.dump(P.Refused(sentence="That decision has moved on.", id=4)))
    state.feed(P.dump(P.Refused(sentence="Again.", id=None)))
    assert state.refusals == 2 and state.refused == "Again." and state.refused_id is None
    state.feed(P.dump(P.Report(text="# Review", complete=False)))
    assert state.report == "# Review" and state.report_complete is False
    state.feed(P.dump(P.Bye(sentence="The table is closed.")))
    assert state.bye == "The table is closed."


def test_what_does_not_parse_is_dropped_and_counted() -> None:
    state, _out = _welcomed(0)
    calls: list[int] = []
    stop = state.listen(lambda s: calls.append(s.broken))
    before = (state.role, state.seat, state.seating, state.log, state.scene)
    for text in (
        "not json",
        b'{"t":"presence","connected":[],"watchers":0}',
        json.dumps({"t": "scene", "n": 1, "id": None, "scene": {"$": "Nothing"}}),
        json.dumps({"t": "scene", "n": 1, "id": None, "scene": {"$": "Prompt"}}),
        json.dumps({"t": "welcome", "v": 1, "role": "host", "seat": 0, "seating": 1, "table": {}}),
        json.dumps({"t": "log", "epoch": 0, "start": 0, "lines": [{"$": "Line"}]}),
        json.dumps({"t": "presence", "connected": [True], "watchers": -1}),
        json.dumps({"t": "boom"}),
        "[" * 100_000,
    ):
        state.feed(text)
    assert state.broken == 9 and calls == []
    assert (state.role, state.seat, state.seating, state.log, state.scene) == before
    stop()
    state.feed(P.dump(P.Presence(connected=[True], watchers=0)))
    assert calls == [] and state.presence == (True,)


def test_a_local_link_says_hello_first_reconnects_and_hears_bye() -> None:
    hosted = _hosted(2)
    hosted.start()
    link = LocalLink(hosted.table, hosted.codes.seats[1] or "")
    state = link.state
    assert state.role == "seat" and state.seat == 1 and hosted.table.presence == (False, True)
    decision = state.decision_id
    link.close()
    assert not state.connected and hosted.table.presence == (False, False)
    assert not state.answer(hosted.session.decision.choices[0])  # type: ignore[union-attr]
    link.open()
    assert state.connected and hosted.table.presence == (False, True)
    assert state.decision_id == hosted.table.decision_ids[1]
    assert decision is None or state.decision_id == decision

    wrong = LocalLink(hosted.table, "0000-0000-0000")
    assert wrong.state.bye is not None and not wrong.state.connected
    assert wrong.state.role is None

    hosted.table.close()
    assert state.bye is not None and not state.connected
    late = LocalLink(hosted.table, hosted.codes.seats[0] or "")
    assert late.state.bye is not None and not late.state.connected
