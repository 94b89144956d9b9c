"""The table clock of a hosted table (el_grande/net/table_clock.py, its part in
el_grande/net/table.py) on the injected manual clock, through the table's connections only:
each decision's own time, then the reserve, which pays what a decision took beyond its own;
out of time the Hard player decides that one decision (the hands say so) or a computer player
takes the seat until its person says they are back; a held turn out of time ends as it
stands; taking a held turn back does not start its clock again; nothing runs during a
display; what the clock keeps survives the host's restart, and a hand-edited clock file is
refused. No sleeps: time is `ManualClock.advance`."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

import pytest

from el_grande.bots.drive import Budget, Driver
from el_grande.flow.scenes import Confirm, Prompt
from el_grande.hands import kind_at
from el_grande.names import printable
from el_grande.net.protocol import PROTOCOL, ClockMessage, Note, dump
from el_grande.net.remote import RemoteState
from el_grande.net.table import HostSettings
from el_grande.net.table_clock import (
    NOTE_BACK,
    NOTE_OUT_COMPUTER,
    NOTE_OUT_HARD,
    NOTE_OUT_HELD,
    ClockError,
    ClockKept,
    ClockRules,
    TableClock,
    clock_path,
    clock_text,
    read_clock,
    write_clock,
)
from el_grande.text import t

from .scripted import Hosted, Screen, picker, session_of

SEED = 604_318_552_917
MOVE, RESERVE = 20.0, 30.0


def _hosted(
    out: str = "hard", *, players: int = 2, bots: Any = (), confirm: bool = False, **kw: Any
) -> tuple[Hosted, list[ClockKept]]:
    kept: list[ClockKept] = []
    rules = ClockRules(MOVE, RESERVE, out)
    wait = kw.pop("display_wait", 8.0)
    settings = HostSettings(bot_delay=0.0, confirm=confirm, clock=rules, display_wait=wait)
    session = session_of(kw.pop("seed", SEED), players, bots=bots, rounds=6)
    hosted = Hosted(session, settings, bots=Driver(Budget.playouts(6)), keep=kept.append, **kw)
    return hosted, kept


def _to_prompt(hosted: Hosted, screens: list[Screen], seat: int, pick: Any) -> None:
    """Play on (the others answering at once) until `seat`'s prompt is on show."""

    def there() -> bool:
        screen = screens[seat]
        return isinstance(screen.scene, Prompt) and screen.display is None

    hosted.drive([s for s in screens if s.seat != seat], pick, until=there)


def _two_at_ben_s_prompt(out: str, rng: int) -> tuple[Hosted, list[ClockKept], list[Screen], Any]:
    """A table of Ana and Ben, each at a screen, played on to Ben's prompt."""
    hosted, kept = _hosted(out)
    screens = [hosted.screen(0), hosted.screen(1)]
    pick = picker(random.Random(rng))
    hosted.start()
    _to_prompt(hosted, screens, 1, pick)
    return hosted, kept, screens, pick


def _last_clock(screen: Screen) -> ClockMessage:
    assert screen.clocks, "the screen was told the clock"
    return screen.clocks[-1]


def test_a_decision_has_its_own_time_and_the_reserve_pays_what_it_took_beyond() -> None:
    hosted, kept = _hosted()
    screens = [hosted.screen(0), hosted.screen(1)]
    watcher = hosted.screen(None)
    pick = picker(random.Random(3))
    hosted.start()
    session = hosted.session
    seat = session.decision.player  # type: ignore[union-attr]
    shown = _last_clock(watcher)  # every screen is told, the watchers too
    assert (shown.running, shown.move, shown.paused) == (seat, MOVE, False)
    assert shown.reserves == [RESERVE, RESERVE]
    hosted.clock.advance(MOVE - 1)  # within its own time: the reserve is untouched
    assert screens[seat].act(pick)
    hosted.clock.run_due()
    assert hosted.table.time is not None
    assert hosted.table.time.clock.reserves == [RESERVE, RESERVE]
    other = session.decision.player  # type: ignore[union-attr]
    _to_prompt(hosted, screens, other, pick)
    hosted.clock.advance(MOVE + 5)  # five seconds beyond: off the reserve, when answered
    assert screens[other].act(pick)
    hosted.clock.run_due()
    reserves = [RESERVE, RESERVE]
    reserves[other] -= 5
    assert hosted.table.time.clock.reserves == reserves
    assert kept[-1].reserves == tuple(reserves)  # kept for a restart as it changed
    assert _last_clock(screens[seat]).reserves == reserves
    assert not any(s.notes for s in screens)  # nobody ran out


def test_out_of_time_the_hard_player_decides_that_one_decision() -> None:
    hosted, kept, screens, pick = _two_at_ben_s_prompt("hard", 5)
    session = hosted.session
    moves = len(session.game.history)
    hosted.clock.advance(MOVE + RESERVE - 0.5)
    assert len(session.game.history) == moves and session.kind(1) == "human"  # not yet
    hosted.clock.advance(0.5)  # its own time and its reserve spent
    hosted.clock.run_due()
    # While the Hard player thought, the lent decision was kept (a restart lends it again);
    # once decided, it is lent no more.
    assert (1, "human", moves) in [k.lent for k in kept] and kept[-1].lent is None
    assert len(session.game.history) == moves + 1  # decided, by the Hard player
    assert kind_at(session.hands(1), moves) == "bot:strong"  # and the record says so
    assert session.kind(1) == "human" and session.lent is None  # the seat is theirs again
    for screen in screens:
        assert [(n.key, n.fields) for n in screen.notes] == [
            (NOTE_OUT_HARD, {"name": "Ben", "seat": "1"})
        ]
        assert screen.seating.kinds[1] == "human"
    assert hosted.table.time is not None and hosted.table.time.clock.reserves[1] == 0.0
    # With no reserve left, Ben's next decision has its own time only.
    _to_prompt(hosted, screens, 1, pick)
    at = len(session.game.history)
    assert _last_clock(screens[0]).running == 1 and _last_clock(screens[0]).reserves[1] == 0
    hosted.clock.advance(MOVE)
    hosted.clock.run_due()
    assert len(session.game.history) == at + 1 and kind_at(session.hands(1), at) == "bot:strong"
    assert len(screens[0].notes) == 2


def test_out_of_time_a_computer_player_has_the_seat_until_its_person_is_back() -> None:
    hosted, kept = _hosted("computer", players=3, bots=[2])
    screens = [hosted.screen(0), hosted.screen(1)]
    watcher = hosted.screen(None)
    pick = picker(random.Random(7))
    hosted.start()
    session = hosted.session
    _to_prompt(hosted, screens, 0, pick)
    hosted.clock.advance(MOVE + RESERVE)
    hosted.clock.run_due()
    assert session.kind(0) == "bot:greedy"  # the table's computer player (`gone_level`)
    assert [n.key for n in screens[1].notes] == [NOTE_OUT_COMPUTER]
    assert _last_clock(screens[1]).away == [0] and kept[-1].away == (0,)
    moves = len(session.game.history)
    # The game goes on without Ana; her screen, still connected, watches.
    hosted.drive(screens[1:], pick, until=lambda: len(session.game.history) > moves + 6)
    assert session.kind(0) == "bot:greedy"
    watcher.send(t="back")
    assert watcher.refused[-1].sentence == t("net.watching")
    screens[1].send(t="back")  # Ben's seat is his: nothing to give back
    assert screens[1].refused[-1].sentence == t("clock.not_away")
    hosted.drive(screens[1:], pick, until=lambda: hosted.table.director.showing is False)
    screens[0].send(t="back")
    hosted.clock.run_due()
    assert session.kind(0) == "human"
    assert [n.key for n in screens[1].notes] == [NOTE_OUT_COMPUTER, NOTE_BACK]
    assert _last_clock(screens[1]).away == [] and kept[-1].away == ()
    hosted.drive(screens, pick, until=lambda: len(session.game.history) > moves + 20)
    assert session.kind(0) == "human"


def test_a_held_turn_out_of_time_ends_as_it_stands_and_taking_it_back_keeps_its_clock() -> None:
    hosted, _ = _hosted("hard", confirm=True, players=3, bots=[2])
    screens = [hosted.screen(0), hosted.screen(1)]
    session = hosted.session
    pick = picker(random.Random(11))
    hosted.start()
    # Play on until one of the people's turns is held for its confirmation.
    hosted.drive(screens, pick, until=lambda: session.held is not None)
    d = session.decision
    assert d is not None
    seat, held, moves = d.player, session.held, len(session.game.history)
    screen = screens[seat]
    assert isinstance(screen.scene, Confirm)
    run = hosted.table.time.clock.running  # type: ignore[union-attr]
    assert run is not None and (run.seat, run.moves) == (seat, moves)
    hosted.clock.advance(7.0)
    screen.send(t="take_back", id=screen.decision)
    hosted.clock.run_due()
    assert isinstance(screen.scene, Prompt)
    # The same decision: its clock goes on from where it was, not from its own time again.
    assert hosted.table.time.clock.shown().move == pytest.approx(MOVE - 7.0)  # type: ignore[union-attr]
    screen.send(t="answer", id=screen.decision, choice=str(held))
    hosted.clock.run_due()
    assert isinstance(screen.scene, Confirm) and session.held == held
    hosted.clock.advance(MOVE - 7.0 + RESERVE)
    hosted.clock.run_due()
    assert len(session.game.history) == moves + 1  # the held choice, played as it was
    assert session.game.history[moves] == str(held)
    assert kind_at(session.hands(seat), moves) == "human"  # its own player's choice
    assert [n.key for n in screens[1 - seat].notes] == [NOTE_OUT_HELD]


def test_no_clock_runs_during_a_display_nor_for_a_computer_player() -> None:
    """A whole game whose screens answer at once but take their time over every display:
    the reserves are whole at the end and nobody ran out, though the displays took far
    longer than anybody's time; a computer player's decisions run no clock."""
    hosted, _ = _hosted("hard", players=3, bots=[2], display_wait=60.0)
    screens = [hosted.screen(0), hosted.screen(1)]
    pick = picker(random.Random(13))
    session, table = hosted.session, hosted.table
    assert table.time is not None
    hosted.start()
    taken: dict[int, float] = {}  # seconds each display was on show
    for _ in range(20_000):
        hosted.clock.run_due()
        run = table.time.clock.running
        d = session.decision
        if run is not None:
            assert d is not None and d.player == run.seat and session.kind(run.seat) == "human"
        if table.director.showing:
            assert run is None or run.since is None  # nothing runs while it is on show
            shown = screens[0].display
            if shown is not None and taken.setdefault(shown.display, 0.0) < 40.0:
                taken[shown.display] += 5.0  # every screen takes its time over each
                hosted.clock.advance(5.0)
                continue
        acted = False
        for screen in screens:
            acted = screen.act(pick) or acted
        if not acted:
            if session.decision is None and not table.director.showing:
                break
            hosted.clock.advance(0.25)
    assert session.decision is None and len(taken) >= 4
    assert sum(taken.values()) > 3 * (MOVE + RESERVE)  # more than anybody's time
    assert table.time.clock.reserves == [RESERVE] * 3
    assert not any(s.notes for s in screens)


def test_what_the_clock_keeps_survives_a_restart_of_the_host(tmp_path: Path) -> None:
    hosted, kept, screens, pick = _two_at_ben_s_prompt("computer", 17)
    session = hosted.session
    hosted.clock.advance(MOVE + 12)
    screens[1].act(pick)
    hosted.clock.run_due()
    _to_prompt(hosted, screens, 0, pick)
    hosted.clock.advance(MOVE + RESERVE)  # Ana runs out: a computer player takes her seat
    hosted.clock.run_due()
    assert session.kind(0) == "bot:greedy"
    last = kept[-1]
    assert last.reserves == (0.0, RESERVE - 12) and last.away == (0,)
    path = clock_path(tmp_path / "game.json")
    assert path.name == ".game.clock"
    write_clock(path, last)
    hosted.table.close()
    # The host again, on the same game: the clock as it was kept.
    again = Hosted(
        session,
        hosted.settings,
        bots=Driver(Budget.playouts(6)),
        kept=read_clock(path, 2),
        keep=kept.append,
    )
    again.start()
    ben = again.screen(1)
    assert _last_clock(ben).reserves == [0.0, RESERVE - 12] and _last_clock(ben).away == [0]
    assert session.kind(0) == "bot:greedy"
    ana = again.screen(0)  # Ana is back: she connects again
    again.clock.run_due()
    assert session.kind(0) == "human" and [n.key for n in ben.notes] == [NOTE_BACK]
    assert ana.notes and ana.notes[-1].key == NOTE_BACK and not ana.notes[-1].again
    late = again.screen(None)  # a screen coming in gets them all, as the log's (no news)
    assert [n.key for n in late.notes] == [NOTE_BACK] and late.notes[0].again


def test_a_decision_lent_to_the_hard_player_is_lent_again_after_a_restart() -> None:
    hosted, kept = _hosted("hard")
    session = hosted.session
    seat = session.decision.player  # type: ignore[union-attr]
    assert session.lend(seat, "bot:strong")
    assert session.lent == (seat, "human", 0)
    state = ClockKept(ClockRules(MOVE, RESERVE), (0.0, 0.0), (), session.lent)
    hosted.table.close()
    session.lent = None  # (a game loaded from its save keeps no lease: the clock file does)
    again = Hosted(session, hosted.settings, bots=Driver(Budget.playouts(6)), kept=state)
    assert session.lent == (seat, "human", 0)
    again.start()
    again.clock.run_due()
    assert len(session.game.history) == 1 and session.kind(seat) == "human"
    assert kind_at(session.hands(seat), 0) == "bot:strong"


def test_the_clock_pauses_and_goes_on_where_it_was() -> None:
    from el_grande.flow.clock import ManualClock

    clock = ManualClock()
    out: list[tuple[int, int]] = []
    kept = ClockKept.new(ClockRules(10, 5), 2)
    table = TableClock(kept, clock, lambda s, m: out.append((s, m)), lambda: None)
    table.start(1, 4)
    clock.advance(8)
    table.pause()
    clock.advance(1000)  # a display: nothing spent
    assert table.shown().move == pytest.approx(2) and table.shown().paused
    table.start(1, 4)  # the same decision on show again: on from where it was
    clock.advance(6)
    assert table.shown().move == 0 and table.shown().reserves == (5, 1)
    assert not out
    clock.advance(1)
    assert out == [(1, 4)] and table.reserves == [5, 0] and table.running is None
    table.start(0, 5)
    table.start(0, 6)  # a new decision of the same seat: its own time again
    clock.advance(9)
    assert table.shown().move == pytest.approx(1)


def test_clock_files_are_checked_never_trusted(tmp_path: Path) -> None:
    good = ClockKept(ClockRules(20, 60, "computer"), (60.0, 12.5), (1,), (0, "human", 7))
    assert ClockKept.from_json(good.to_json(), 2) == good
    data = json.loads(good.to_json())
    broken: list[Any] = [
        "not json",
        "[]",
        json.dumps({**data, "version": 9}),
        json.dumps({**data, "extra": 1}),
        json.dumps({**data, "move": 0}),
        json.dumps({**data, "move": True}),
        json.dumps({**data, "reserve": "60"}),
        json.dumps({**data, "out": "nobody"}),
        json.dumps({**data, "reserves": [60.0]}),  # another table's seats
        json.dumps({**data, "reserves": [60.0, None]}),
        json.dumps({**data, "away": [2]}),
        json.dumps({**data, "lent": [0, "human"]}),
        json.dumps({**data, "lent": [5, "human", 7]}),
        '{"version": 1, "move": NaN}',
    ]
    for text in broken:
        with pytest.raises(ClockError):
            ClockKept.from_json(text, 2)
    # A reserve longer than the rules' or below nothing is cut to what the rules allow.
    assert ClockKept.from_json(json.dumps({**data, "reserves": [999, -5]}), 2).reserves == (60, 0)
    path = tmp_path / ".game.clock"
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(ClockError):
        read_clock(path, 2)
    path.write_text("x" * 100_000)
    with pytest.raises(OSError):
        read_clock(path, 2)


def test_the_rules_are_said_in_one_sentence_and_bad_rules_are_refused() -> None:
    rules = ClockRules(20, 120, "hard")
    assert rules.sentence() == t(
        "clock.rules", move="0:20", reserve="2:00", then=t("clock.out_hard")
    )
    assert "0:30" in ClockRules(30, 0, "computer").sentence()
    for bad in ({"move": 0}, {"move": float("nan")}, {"reserve": -1}, {"move": 1e9}):
        with pytest.raises(ValueError):
            ClockRules(**{"move": 20, **bad})
    with pytest.raises(ValueError):
        ClockRules(20, 10, "later")
    shown = [clock_text(s) for s in (0, 0.2, 7, 150, 3723)]
    assert shown == ["0:00", "0:01", "0:07", "2:30", "1:02:03"]


def test_the_welcome_says_the_rules_and_a_screen_counts_down_by_itself() -> None:
    hosted, _ = _hosted("hard")
    now = [50.0]
    state = RemoteState(now=lambda: now[0])
    state.connected = True
    texts: list[str] = []
    hosted.screen(1)
    conn = hosted.table.open(texts.append, lambda: None)
    hosted.start()
    conn.receive(json.dumps({"t": "hello", "v": PROTOCOL, "code": hosted.codes.seats[0]}))
    for text in texts:
        state.feed(text)
    assert state.clock_rules == ClockRules(MOVE, RESERVE, "hard")
    shown = state.clock_now()
    assert shown is not None and shown.move == MOVE and shown.running is not None
    now[0] += 25  # five seconds into the reserve, by this screen's own clock
    shown = state.clock_now()
    assert shown is not None and shown.move == 0
    assert shown.reserves[shown.running] == pytest.approx(RESERVE - 5)  # type: ignore[index]
    # The table's notes come into the log in their places; one the table never writes does not.
    lines = len(state.log)
    state.feed(dump(Note(at=lines, key=NOTE_OUT_HARD, fields={"name": "Ana\x1b[2J"})))
    said = state.story[-1].text
    assert said == t(NOTE_OUT_HARD, name=printable("Ana\x1b[2J")) and "\x1b" not in said
    assert len(state.story) == lines + 1
    broken = state.broken
    state.feed(dump(Note(at=0, key="clock.note_nothing", fields={"name": "Ana"})))
    state.feed(dump(Note(at=0, key=NOTE_BACK, fields={"who": "Ana"})))
    assert state.broken == broken + 2 and len(state.story) == lines + 1


def test_the_clocks_wait_until_everybody_is_here_then_run_connected_or_not() -> None:
    hosted, _ = _hosted("hard", players=3, bots=[2])
    ana = hosted.screen(0)
    hosted.start()
    session, time = hosted.session, hosted.table.time
    assert time is not None
    first = session.decision.player  # type: ignore[union-attr]
    hosted.clock.advance(10 * (MOVE + RESERVE))  # Ben is not here yet: nobody's clock runs
    assert time.clock.running is None and len(session.game.history) == 0
    assert _last_clock(ana).waiting
    ben = hosted.screen(1)  # everybody is here: the clock of the decision on show starts
    assert time.clock.running is not None and time.clock.running.seat == first
    assert not _last_clock(ana).waiting and _last_clock(ben).running == first
    ben.gone()  # from now on it runs whoever is connected
    hosted.clock.advance(MOVE + RESERVE)
    hosted.clock.run_due()
    assert len(session.game.history) == 1 and kind_at(session.hands(first), 0) == "bot:strong"


def test_a_table_without_a_clock_says_so_and_sends_no_clock() -> None:
    hosted = Hosted(session_of(SEED, 2), HostSettings(bot_delay=0.0))
    screen = hosted.screen(0)
    hosted.start()
    assert hosted.table.time is None and not screen.clocks
    assert json.loads(screen.texts[0])["table"]["clock"] is None
    screen.send(t="back")
    assert screen.refused[-1].sentence == t("clock.none")


def test_the_host_s_clock_options() -> None:
    from el_grande.net_cli import _clock_of, clock_rules

    class _Session:
        seats = (1, 2, 3)

    class _Game:
        session = _Session()
        clock: ClockKept | None = None

    def args(**kw: Any) -> argparse.Namespace:
        return argparse.Namespace(**{"clock": None, "reserve": None, "out": None, **kw})

    game: Any = _Game()
    assert clock_rules(args()) is None and _clock_of(None, game) is None
    rules = clock_rules(args(clock=20))
    assert rules == ClockRules(20, 120, "hard")
    assert _clock_of(rules, game) == ClockKept(rules, (120.0,) * 3)
    for bad in (args(reserve=10), args(out="computer"), args(clock=0), args(clock=20, reserve=-1)):
        with pytest.raises(ValueError):
            clock_rules(bad)
    game.clock = ClockKept(ClockRules(20, 120), (120.0, 50.0, 0.0), (2,))
    assert _clock_of(None, game) == game.clock  # a resumed table keeps its clock
    again = _clock_of(clock_rules(args(clock=30, reserve=60, out="computer")), game)
    assert again == ClockKept(ClockRules(30, 60, "computer"), (60.0, 50.0, 0.0), (2,))


def test_a_decision_lent_counts_no_hint_at_a_table_without_hints() -> None:
    """The Hard player deciding a decision out of time is not a hint anybody asked for: at a
    competitive table (no hints) nothing is counted; handing the seat over by hand is."""
    session = session_of(SEED, 2)
    session.hints = False
    seat = session.decision.player  # type: ignore[union-attr]
    assert session.lend(seat, "bot:strong")
    assert session.hints_used == [0, 0] and session.kind(seat) == "bot:strong"
    assert not session.lend(seat, "bot:strong")  # (lent already)
    assert not session.lend(1 - seat, "bot:strong")  # not that seat's decision
    session.apply(session.decision.choices[0])  # type: ignore[union-attr]
    assert session.kind(seat) == "human" and session.lent is None
    assert session.hands(seat) == ((0, "bot:strong"), (1, "human"))
    assert session.seat_to(seat, "bot:strong") and session.hints_used[seat] > 0


def test_a_resumed_table_reads_its_clock_file_and_says_when_it_cannot(tmp_path: Path) -> None:
    from el_grande.net_cli import kept_clock

    path = tmp_path / ".game.clock"
    assert kept_clock(path, 2) == (None, None)  # never hosted with a clock: nothing to say
    kept = ClockKept(ClockRules(30, 60), (60.0, 12.0))
    write_clock(path, kept)
    assert kept_clock(path, 2) == (kept, None)
    path.write_text('{"version": 1, "move": -3}')  # hand-edited
    assert kept_clock(path, 2) == (None, t("clock.file_bad").rstrip("."))


def test_a_screen_s_story_is_written_again_when_its_notes_are() -> None:
    """A note at the log's end adds to the story; a new connection's welcome (its notes sent
    again after the log) or a note before the log's last line writes it again: the screen's
    log draws it all again then (`story_epoch`), never skipping a line."""
    from el_grande.narrate import Line

    state = RemoteState()
    welcome = {"t": "welcome", "v": PROTOCOL, "role": "seat", "seat": 0, "table": {}}
    state.feed(json.dumps({**welcome, "seating": None}))
    state.log = [Line(f"line {i}") for i in range(3)]  # (as the host's log message gives)
    epoch = state.story_epoch
    state.feed(dump(Note(at=3, key=NOTE_BACK, fields={"name": "Ana"})))
    assert state.story_epoch == epoch and [x.text for x in state.story][-1].startswith("Ana")
    state.feed(dump(Note(at=1, key=NOTE_BACK, fields={"name": "Ben"})))
    assert state.story_epoch == epoch + 1
    assert [x.text for x in state.story][1].startswith("Ben") and len(state.story) == 5
    state.feed(json.dumps({**welcome, "seating": None}))  # connected again: notes anew
    assert state.notes == [] and state.story_epoch == epoch + 2 and len(state.story) == 3


def test_a_seat_a_person_played_keeps_its_join_code() -> None:
    """`people`: the seats that have a join code when a table is hosted again — a person's,
    and one a computer player took from its person (time out, gone, the host's hand), never
    one a computer player held from the start."""
    from el_grande.net.table import people

    session = session_of(SEED, 3, bots=[2])
    assert people(session) == [True, True, False]
    session.apply(session.decision.choices[0])  # type: ignore[union-attr]
    session.seat_to(1, "bot:greedy")
    assert people(session) == [True, True, False]


def test_the_settings_rules_decide_over_those_kept() -> None:
    kept = ClockKept(ClockRules(60, 300, "computer"), (300.0, 100.0))
    hosted, _ = _hosted("hard", kept=kept)  # the host was started again with new rules
    time = hosted.table.time
    assert time is not None and time.rules == ClockRules(MOVE, RESERVE, "hard")
    assert time.clock.reserves == [RESERVE, RESERVE]  # none longer than the new reserve
