"""The hosted table (el_grande/net/table.py) through its connections, with no socket: scripted
screens play seeded games to the end (2-5 seats, hidden Castillo, Veto, confirm my turn,
computer players among them), each seat shown only its own view or public ones and a
watcher public ones only; and every message a screen may send at the wrong moment — before
its hello, with a bad code, a wrong id, another seat's decision, a resent answer — refused
and changing nothing; screens that reconnect mid-decision and mid-display; a display waiting
for the seats' screens (not for the watchers'), at most so long; a seat whose person is gone
handed to a computer player and back; hints and the review for that seat only."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from el_grande.core import Game, PublicView
from el_grande.flow.scenes import Confirm, GameOver, Prompt, Showing, Watching
from el_grande.net.codec import decode, encode
from el_grande.net.protocol import PROTOCOL, DisplayMessage, SceneMessage, dump
from el_grande.net.table import HostSettings, scene_text
from el_grande.review import Settings, review
from el_grande.session import GameSession
from el_grande.text import t
from tests.flow.test_spectators import _check_seat, _check_spectator, _deciders

from .scripted import Hosted, Screen, picker, session_of

#: Seeds of twelve digits and more: a message holding one would be found by its text.
SEEDS = (318_604_552_917, 770_413_960_238, 902_117_345_806, 4_410_932_875_163)


def _scenes(screen: Screen) -> list[Any]:
    return [s for s in screen.scenes if not isinstance(s, DisplayMessage)]


def _check_displays(sent: list[Any], hidden: bool) -> int:
    """Every display a screen was sent: public views only, one per step."""
    shown = 0
    for m in sent:
        if isinstance(m, DisplayMessage):
            shown += 1
            views = [decode(v) for v in m.views]
            assert len(views) == len(m.steps) > 0
            for view in views:
                assert type(view) is PublicView and view.seat is None
                assert not hidden or all(
                    p.castillo is None and p.province is None for p in view.players
                )
    return shown


def _check_watcher(scenes: list[Any], hidden: bool) -> Counter[str]:
    """A watcher's scenes: public views only (`_check_spectator` where the Castillo is
    hidden; where it is open its counts are public)."""
    if hidden:
        return _check_spectator(scenes)
    for scene in scenes:
        view = scene.view
        assert type(view) is PublicView and view.seat is None and view.my_secret is None
        assert view.decision is None or view.decision.choices is None
    return Counter(type(s).__name__ for s in scenes)


CONFIGS = [
    # players, computer players, options, settings
    (2, {}, {"castillo": "open"}, HostSettings(bot_delay=0.0)),
    (3, {2: "greedy"}, {"castillo": "hidden", "rounds": 6}, HostSettings(0.4, confirm=True)),
    (4, {1: "random"}, {"castillo": "hidden", "veto": False, "rounds": 6}, HostSettings()),
    (5, {0: "greedy", 3: "random"}, {"castillo": "hidden", "rounds": 6}, HostSettings()),
]


@pytest.mark.parametrize(("i", "config"), list(enumerate(CONFIGS)))
def test_scripted_screens_play_whole_games_across_the_wire(i: int, config: Any) -> None:
    """A seeded game to its end through the table's connections only: each person's seat a
    scripted screen, a watcher beside them. Each seat is shown its own view or public ones
    (its prompts at once, on its own view), the watcher public ones only, the displays
    public, the log whole and in order; no answer refused; the game the answers made; no
    message holds the seed."""
    players, bots, options, settings = config
    seed = SEEDS[i]
    hosted = Hosted(session_of(seed, players, bots, **options), settings)
    people = [s for s in range(players) if s not in bots]
    seats = {s: hosted.screen(s) for s in people}
    watcher = hosted.screen(None)
    screens = [*seats.values(), watcher]
    hosted.start().drive(screens, picker(random.Random(seed)))

    session = hosted.session
    assert session.decision is None
    deciders = [s for s, _ in _deciders(session)]
    shown = {id(screen): screen.scenes for screen in screens}  # (decoded once)
    for seat, screen in seats.items():
        assert screen.role == "seat" and screen.seat == seat and not screen.refused
        scenes = [s for s in shown[id(screen)] if not isinstance(s, DisplayMessage)]
        _check_seat(seat, scenes)
        assert isinstance(scenes[-1], GameOver)
        assert screen.log == session.log and screen.seating == session.seating
        # A prompt for each of its seat's choices (and a held turn's Confirm after some).
        assert sum(isinstance(s, Prompt) for s in scenes) == deciders.count(seat)
        assert len(screen.answered) == sum(isinstance(s, Prompt | Confirm) for s in scenes)
        assert any(isinstance(s, Watching) and s.seat != seat for s in scenes)
        if settings.confirm:
            assert any(isinstance(s, Confirm) for s in scenes)
    assert watcher.role == "spectator" and watcher.seat is None
    hidden = options["castillo"] == "hidden"
    watched = [s for s in shown[id(watcher)] if not isinstance(s, DisplayMessage)]
    kinds = _check_watcher(watched, hidden)
    assert kinds["Watching"] > 50 and isinstance(watcher.scene, GameOver)
    assert watcher.log == session.log
    assert all(m["id"] is None for m in watcher.messages if m["t"] == "scene")
    for screen in screens:
        assert _check_displays(shown[id(screen)], hidden) > 3
        assert screen.presence is not None and screen.presence.connected == [
            s in seats for s in range(players)
        ]
        assert screen.presence.watchers == 1
        assert all(str(session.game.seed) not in text for text in screen.texts)
        assert all(len(text) < 2**22 for text in screen.texts)
    replayed = Game.replay(session.game.record())
    assert replayed.scores == session.game.scores and replayed.over


def test_a_table_of_computer_players_is_watched_to_its_end() -> None:
    """No seat has a code (computer players only): watchers see the whole game, its
    displays waiting for nobody."""
    hosted = Hosted(session_of(SEEDS[2], 2, bots=[0, 1], rounds=6), HostSettings(0.3))
    assert hosted.codes.seats == (None, None)
    watchers = [hosted.screen(None), hosted.screen(None)]
    hosted.start().drive(watchers, picker(random.Random(16)))
    shown = [[m for m in w.messages if m["t"] in ("scene", "display")] for w in watchers]
    assert shown[0] == shown[1]  # one spectator policy: the same for every watcher
    assert isinstance(watchers[0].scene, GameOver) and watchers[0].log == hosted.session.log
    assert watchers[0].presence is not None and watchers[0].presence.watchers == 2
    assert _check_displays(watchers[0].sent, False) > 3


def _at_prompt(hosted: Hosted, screens: list[Screen], seat: int, pick: Any) -> None:
    """Play on until `seat`'s screen shows its prompt."""

    def there() -> bool:
        screen = next(s for s in screens if s.seat == seat and s.role == "seat")
        return isinstance(screen.scene, Prompt) and screen.display is None

    hosted.drive([s for s in screens if s.seat != seat], pick, until=there)


def test_the_scene_message_built_around_a_scene_encoded_once_is_what_dump_writes() -> None:
    hosted = Hosted(session_of(SEEDS[0], 3))
    screen = hosted.screen(0)
    hosted.start()
    data = json.dumps(encode(screen.scene), separators=(",", ":"), ensure_ascii=False)
    for n, decision in ((1, 5), (12, None)):
        built = scene_text(n, decision, data)
        message = SceneMessage(n=n, id=decision, scene=json.loads(data))
        assert built == dump(message)
    assert screen.texts[-1] == scene_text(1, screen.decision, data)


# --- before the hello, codes, versions ---------------------------------------------------------


def test_before_its_hello_a_screen_is_sent_nothing_and_anything_else_closes_it() -> None:
    hosted = Hosted(session_of(SEEDS[0], 3))
    hosted.start()
    quiet = hosted.screen(0, hello=False)
    assert quiet.texts == [] and hosted.table.connections == 1
    early = hosted.screen(0, hello=False)
    early.send(t="answer", id=1, choice="done")
    assert early.closed and early.bye == t("net.hello_first") and len(early.texts) == 1
    junk = hosted.screen(0, hello=False)
    assert junk.conn is not None
    junk.conn.receive("{not json")
    assert junk.closed and junk.bye == t("net.bad_json")
    assert hosted.table.connections == 1 and hosted.table.presence == (False, False, False)
    history = list(hosted.session.game.history)
    assert list(hosted.session.game.history) == history


def test_a_bad_code_or_another_version_is_told_bye_and_closed() -> None:
    hosted = Hosted(session_of(SEEDS[0], 3, bots=[2]))
    hosted.start()
    bad = Screen(hosted.table, "7KQM-4XP2-R9TB").connect()
    assert bad.closed and bad.bye == t("net.no_code") and bad.role is None
    assert "7KQM" not in bad.texts[0]  # (a code said is never said back)
    assert bad.conn is not None and bad.conn.bad_code
    assert len(bad.texts) == 1  # the bye, nothing of the table
    code = hosted.codes.seats[0]
    assert code is not None
    old = Screen(hosted.table, code).connect(hello=False)
    old.send(t="hello", v=PROTOCOL + 1, code=code)
    assert old.closed and old.bye == t("net.version", v=PROTOCOL)
    assert old.conn is not None and not old.conn.bad_code
    typed = Screen(hosted.table, code.lower().replace("-", " ").replace("0", "o")).connect()
    assert typed.role == "seat" and typed.seat == 0
    again = len(typed.texts)
    typed.send(t="hello", v=PROTOCOL, code=code)
    assert typed.refused[-1].sentence == t("net.hello_again") and len(typed.texts) == again + 1
    assert hosted.table.presence == (True, False, False)


def test_a_scene_is_encoded_once_per_seat_whatever_its_number_of_screens(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from el_grande.net import table as hosted_table

    hosted = Hosted(session_of(SEEDS[0], 2), HostSettings(bot_delay=0.0))
    screens = [hosted.screen(0), hosted.screen(0), hosted.screen(0), hosted.screen(1)]
    hosted.start()
    encoded: list[object] = []
    real = hosted_table.encode

    def counting(value: object) -> object:
        encoded.append(value)
        return real(value)

    monkeypatch.setattr(hosted_table, "encode", counting)
    asker = next(s for s in screens if isinstance(s.scene, Prompt))
    before = [len(s.sent) for s in screens]
    asker.send(t="answer", id=asker.decision, choice=str(asker.scene.decision.choices[0]))
    scenes = [v for v in encoded if isinstance(v, Prompt | Watching | Confirm)]
    new = [len(s.sent) - n for s, n in zip(screens, before, strict=True)]
    assert new[0] == new[1] == new[2] > 0 and new[3] > 0
    # Once per seat's new scene, not per screen; and the watchers' (kept for one coming in).
    watched = [v for v in scenes if isinstance(v.view, PublicView)]
    assert len(watched) == 1 and len(scenes) == new[0] + new[3] + 1
    assert screens[0].texts == screens[1].texts == screens[2].texts


def test_a_table_opened_again_on_a_game_part_way_goes_on_with_the_same_codes() -> None:
    """`host --resume`: the game's record opened as a new session, a new table with the same
    codes; the screens come back with them and play on to the end."""
    first = Hosted(session_of(SEEDS[3], 3, bots=[1], rounds=6), HostSettings(bot_delay=0.0))
    screens = [first.screen(0), first.screen(2)]
    pick = picker(random.Random(17))
    first.start().drive(screens, pick, until=lambda: len(first.session.game.history) > 70)
    record, seats = first.session.game.record(), first.session.seats
    first.table.close()
    assert all(s.closed for s in screens)
    session = GameSession.from_record(record, seats)
    again = Hosted(session, HostSettings(bot_delay=0.0))
    assert again.codes == first.codes  # (the same seeded source: as read from the file)
    back = [again.screen(0), again.screen(2)]
    again.start()
    assert back[0].log == session.log[: again.table.director.log_shown]
    again.drive(back, pick)
    assert all(isinstance(s.scene, GameOver) and not s.refused for s in back)
    assert list(session.game.history[: len(record["choices"])]) == list(record["choices"])


def test_a_welcome_brings_the_whole_state_at_once() -> None:
    hosted = Hosted(session_of(SEEDS[1], 3, castillo="hidden"))
    screens = [hosted.screen(0), hosted.screen(1), hosted.screen(2)]
    pick = picker(random.Random(1))
    hosted.start().drive(screens, pick, until=lambda: len(hosted.session.game.history) > 40)
    late = hosted.screen(None)
    kinds = [m["t"] for m in late.messages]
    assert kinds[:3] == ["welcome", "log", "presence"] and kinds[3] in ("scene", "display")
    welcome = late.messages[0]
    assert welcome["role"] == "spectator" and welcome["seat"] is None
    assert welcome["table"] == {
        "hints": True,
        "confirm": False,
        "castillo": "hidden",
        "rounds": 9,
        "veto": True,
        "players": 3,
        "clock": None,  # (no table clock: el_grande/net/table_clock.py)
    }
    assert late.log == hosted.session.log[: hosted.table.director.log_shown]
    assert late.presence is not None and late.presence.connected == [True, True, True]
    assert screens[0].presence is not None and screens[0].presence.watchers == 1


# --- answers: ids, other seats, resent -------------------------------------------------------


def test_wrong_ids_other_seats_choices_and_resent_answers_change_nothing() -> None:
    hosted = Hosted(session_of(SEEDS[2], 3))
    screens = [hosted.screen(0), hosted.screen(1), hosted.screen(2), hosted.screen(None)]
    pick = picker(random.Random(2))
    hosted.start()
    _at_prompt(hosted, screens, 1, pick)
    me, other, watcher = screens[1], screens[0], screens[3]
    assert isinstance(me.scene, Prompt) and me.decision is not None
    d, history = me.decision, list(hosted.session.game.history)
    choice = str(me.scene.decision.choices[0])

    me.send(t="answer", id=d + 1, choice=choice)  # not its decision's id
    assert me.refused[-1].sentence == t("net.moved_on") and me.refused[-1].id == d + 1
    other.send(t="answer", id=d, choice=choice)  # another seat's decision, by its id
    assert other.refused[-1].sentence == t("net.moved_on")
    other.send(t="end_turn", id=d)
    other.send(t="take_back", id=d)
    assert len(other.refused) == 3
    watcher.send(t="answer", id=d, choice=choice)
    assert watcher.refused[-1].sentence == t("net.watching")
    me.send(t="answer", id=d, choice="place atlantis")  # no choice of the decision's
    assert me.refused[-1].sentence == t("net.not_choice")
    me.send(t="end_turn", id=d)  # no held turn on show
    assert me.refused[-1].sentence == t("net.moved_on")
    me.send(t="answer", id="7", choice=choice)  # malformed: refused, not closed
    assert me.refused[-1].sentence == t("net.bad_message") and not me.closed
    assert list(hosted.session.game.history) == history and me.decision == d

    me.send(t="answer", id=d, choice=choice)
    assert list(hosted.session.game.history) == [*history, choice]
    me.send(t="answer", id=d, choice=choice)  # resent: applied once
    assert me.refused[-1].sentence == t("net.moved_on")
    assert list(hosted.session.game.history) == [*history, choice]


def test_a_held_turn_is_ended_or_taken_back_by_its_id_only() -> None:
    hosted = Hosted(session_of(SEEDS[3], 2), HostSettings(bot_delay=0.0, confirm=True))
    screens = [hosted.screen(0), hosted.screen(1)]
    pick = picker(random.Random(3))
    hosted.start()
    hosted.drive(screens, pick, until=lambda: hosted.session.held is not None)
    holder = next(s for s in screens if isinstance(s.scene, Confirm))
    other = next(s for s in screens if s is not holder)
    d = holder.decision
    assert d is not None and d - 1 in holder.answered  # its answer held: a new id
    other.send(t="end_turn", id=d)
    assert other.refused[-1].sentence == t("net.moved_on") and hosted.session.held is not None
    held = hosted.session.held
    holder.send(t="take_back", id=d)
    assert isinstance(holder.scene, Prompt) and hosted.session.held is None
    assert holder.decision is not None and holder.decision > d  # a new id for the prompt
    holder.send(t="end_turn", id=d)
    assert holder.refused[-1].sentence == t("net.moved_on")
    holder.send(t="answer", id=holder.decision, choice=str(held))
    assert isinstance(holder.scene, Confirm) and hosted.session.held == held
    moves = len(hosted.session.game.history)
    holder.send(t="end_turn", id=holder.decision)
    assert len(hosted.session.game.history) == moves + 1


# --- several screens, reconnecting -------------------------------------------------------------


def test_two_screens_of_one_seat_are_shown_the_same_and_either_answers() -> None:
    hosted = Hosted(session_of(SEEDS[0], 2))
    first, second, other = hosted.screen(0), hosted.screen(0), hosted.screen(1)
    pick = picker(random.Random(4))
    hosted.start()
    hosted.drive([first, other], pick, until=lambda: len(hosted.session.game.history) > 30)
    assert first.texts == second.texts
    assert hosted.table.presence == (True, True)
    second.gone()
    assert hosted.table.presence == (True, True)  # at least one screen of the seat
    hosted.drive([first, other], pick, until=lambda: len(hosted.session.game.history) > 40)
    first.gone()
    assert hosted.table.presence == (False, True)
    assert other.presence is not None and other.presence.connected == [False, True]


def test_a_screen_that_reconnects_mid_decision_gets_its_view_and_its_pending_decision() -> None:
    hosted = Hosted(session_of(SEEDS[1], 3, castillo="hidden"))
    screens = [hosted.screen(0), hosted.screen(1), hosted.screen(2)]
    pick = picker(random.Random(5))
    hosted.start()
    hosted.drive(screens, pick, until=lambda: len(hosted.session.game.history) > 40)
    _at_prompt(hosted, screens, 2, pick)
    left = screens[2]
    d, scene = left.decision, left.scene
    left.gone()
    assert hosted.table.presence == (True, True, False)
    back = hosted.screen(2)
    assert back.scene == scene and back.decision == d and back.n == 1
    assert isinstance(back.scene, Prompt) and back.scene.view.seat == 2
    assert back.log == hosted.session.log[: hosted.table.director.log_shown]
    assert back.presence is not None and back.presence.connected == [True, True, True]
    moves = len(hosted.session.game.history)
    back.send(t="answer", id=d, choice=str(pick(back.scene.decision)))
    assert len(hosted.session.game.history) == moves + 1
    screens[2] = back
    hosted.drive(screens, pick, until=lambda: len(back.answered) > 3)
    assert not back.refused


def test_a_display_waits_for_the_seats_screens_and_a_reconnected_one_gets_it_again() -> None:
    hosted = Hosted(session_of(SEEDS[2], 2), HostSettings(bot_delay=0.0, display_wait=8.0))
    screens = [hosted.screen(0), hosted.screen(1)]
    watcher = hosted.screen(None)
    pick = picker(random.Random(6))
    hosted.start()
    hosted.drive(screens, pick, until=lambda: screens[0].display is not None)
    table = hosted.table
    display = screens[0].display
    assert display is not None and table.director.showing
    assert screens[1].display == display and watcher.display == display
    assert watcher.texts[-1] == screens[0].texts[-1]  # one message, the same for all
    watcher.send(t="seen", display=display.display)
    hosted.clock.run_due()
    assert table.director.showing  # a watcher is not waited for
    screens[0].gone()
    back = hosted.screen(0)
    assert back.display == display  # the display under way, whole
    screens[1].send(t="seen", display=display.display)
    hosted.clock.run_due()
    assert table.director.showing  # the new screen has not shown it yet
    back.send(t="seen", display=display.display - 1)  # (an older display: nothing)
    hosted.clock.run_due()
    assert table.director.showing
    back.send(t="seen", display=display.display)
    hosted.clock.run_due()
    after = screens[1].display  # (None: the game went on; else the next display)
    assert after is None or after.display > display.display


def test_a_displays_views_are_the_boards_of_its_steps() -> None:
    """`Director.display_views()`: each step's board, as its `Show` beat carries it (the
    table shows a display's first step and jumps to its last once it has been seen)."""
    hosted = Hosted(session_of(SEEDS[1], 3, castillo="hidden"), HostSettings(bot_delay=0.0))
    screens = [hosted.screen(0), hosted.screen(1), hosted.screen(2)]
    shows: list[Showing] = []
    hosted.table.director.watch(
        lambda beat: shows.append(beat) if isinstance(beat, Showing) else None
    )
    hosted.start()
    director = hosted.table.director
    enough = lambda: sum(b.index == 0 for b in shows) >= 4 and not director.showing  # noqa: E731
    hosted.drive(screens, picker(random.Random(14)), until=enough)
    sent = [m for m in screens[0].sent if isinstance(m, DisplayMessage)]
    firsts = [b for b in shows if b.index == 0]
    assert len(sent) == len(firsts) > 2
    for message, first in zip(sent, firsts, strict=False):
        views = [decode(v) for v in message.views]
        assert views[0] == first.view and message.heading == first.heading
        assert [decode(step) for step in message.steps] == list(first.steps)
        lasts = [b for b in shows if b.steps == first.steps and b.last]
        assert lasts and views[-1] == lasts[0].view


def test_a_display_nobody_says_seen_to_goes_on_after_its_time() -> None:
    wait = 5.0
    hosted = Hosted(session_of(SEEDS[3], 2), HostSettings(bot_delay=0.0, display_wait=wait))
    screens = [hosted.screen(0), hosted.screen(1)]
    pick = picker(random.Random(7))
    hosted.start()
    hosted.drive(screens, pick, until=lambda: screens[0].display is not None)
    display = screens[0].display
    assert display is not None
    hosted.clock.advance(wait * len(display.steps) - 0.1)
    assert hosted.table.director.showing
    hosted.clock.advance(0.2)
    assert screens[0].display is None or screens[0].display.display != display.display


def test_a_display_with_no_seat_connected_goes_on_at_once() -> None:
    hosted = Hosted(session_of(SEEDS[0], 2), HostSettings(bot_delay=0.0))
    screens = [hosted.screen(0), hosted.screen(1)]
    pick = picker(random.Random(8))
    hosted.start()
    hosted.drive(screens, pick, until=lambda: screens[0].display is not None)
    for screen in screens:
        screen.gone()
    hosted.clock.run_due()
    assert not hosted.table.director.showing


# --- seats come and go -------------------------------------------------------------------------


def test_a_seat_gone_too_long_goes_to_a_computer_player_and_back_when_its_person_is() -> None:
    settings = HostSettings(bot_delay=0.2, gone_after=30.0, gone_level="bot:random")
    hosted = Hosted(session_of(SEEDS[1], 3, bots=[2]), settings)
    screens = [hosted.screen(0), hosted.screen(1)]
    pick = picker(random.Random(9))
    hosted.start()
    _at_prompt(hosted, screens, 1, pick)
    session = hosted.session
    screens[1].gone()
    assert screens[0].presence is not None and screens[0].presence.connected == [True, False, False]
    hosted.clock.advance(29.0)
    assert session.kind(1) == "human"
    hosted.clock.advance(2.0)
    assert session.kind(1) == "bot:random"
    assert screens[0].seating.kinds[1] == "bot:random"  # told to everybody
    moves = len(session.game.history)
    # The game goes on without its person: the computer player plays seat 1.
    hosted.drive(
        [screens[0]], pick, until=lambda: sum(1 for s, _ in _deciders(session) if s == 1) > 5
    )
    assert len(session.game.history) > moves
    back = hosted.screen(1)
    hosted.clock.run_due()
    assert session.kind(1) == "human" and screens[0].seating.kinds[1] == "human"
    screens[1] = back
    hosted.drive(screens, pick, until=lambda: len(back.answered) > 3)
    assert session.kind(1) == "human" and not back.refused


@pytest.mark.parametrize("at", ["held", "secret"])
def test_a_seat_gone_at_its_held_turn_or_its_secret_prompt_goes_on_without_it(at: str) -> None:
    """Nobody waits for a person who is gone: their held turn (not ended) or their secret
    decision goes to the computer player with the seat."""
    settings = HostSettings(bot_delay=0.0, gone_after=5.0, confirm=True)
    hosted = Hosted(session_of(SEEDS[1], 3, bots=[2], rounds=6), settings)
    screens = [hosted.screen(0), hosted.screen(1)]
    session = hosted.session
    pick = picker(random.Random(19))

    def there() -> bool:
        d = session.decision
        if d is None or d.player != 1 or screens[1].decision is None:
            return False
        return session.held is not None if at == "held" else d.secret

    hosted.start()
    hosted.drive(screens, pick, until=there)
    moves = len(session.game.history)
    screens[1].gone()
    hosted.clock.advance(4.0)
    assert session.kind(1) == "human" and len(session.game.history) == moves  # (waiting)
    hosted.clock.advance(2.0)
    assert session.kind(1) == "bot:greedy" and session.held is None
    hosted.drive(screens[:1], pick, until=lambda: len(session.game.history) > moves + 5)
    assert _deciders(session)[moves][0] == 1  # its decision, played by the computer player


def test_a_seat_goes_to_a_computer_players_level_only() -> None:
    for level in ("human", "bot:nobody", "greedy"):
        with pytest.raises(ValueError):
            HostSettings(gone_level=level)
    assert HostSettings(gone_level="bot:strong").gone_level == "bot:strong"


def test_a_person_back_before_gone_after_keeps_the_seat() -> None:
    hosted = Hosted(session_of(SEEDS[2], 2), HostSettings(bot_delay=0.0, gone_after=10.0))
    screens = [hosted.screen(0), hosted.screen(1)]
    hosted.start()
    screens[1].gone()
    hosted.clock.advance(9.0)
    screens[1] = hosted.screen(1)
    hosted.clock.advance(60.0)
    assert hosted.session.kind(1) == "human"


def test_the_host_gives_seats_by_hand_and_never_during_a_display() -> None:
    hosted = Hosted(session_of(SEEDS[3], 3, bots=[2], rounds=6), HostSettings(bot_delay=0.0))
    screens = [hosted.screen(0), hosted.screen(1)]
    pick = picker(random.Random(10))
    table, session = hosted.table, hosted.session
    hosted.start()
    assert table.give_seat(2, "human") == t("net.no_human", seat=3)
    assert table.give_seat(5, "bot:greedy") == t("seats.unknown")
    assert table.give_seat(0, "bot:nobody") == t("seats.unknown")
    hosted.drive(screens, pick, until=lambda: screens[0].display is not None)
    assert table.give_seat(0, "bot:greedy") is None
    assert session.kind(0) == "human"  # right after the display
    for screen in screens:
        screen.act(pick)
    hosted.clock.run_due()
    hosted.clock.run_due()
    assert not table.director.showing and session.kind(0) == "bot:greedy"
    hosted.drive(screens, pick)
    assert table.give_seat(1, "bot:greedy") == t("seats.over")


# --- hints and the review ----------------------------------------------------------------------


def test_hints_go_to_that_seat_only_and_are_counted_once() -> None:
    settings = HostSettings(bot_delay=0.0, hint_iterations=12, hint_budget=30.0)
    hosted = Hosted(session_of(SEEDS[0], 3, castillo="hidden"), settings)
    screens = [hosted.screen(0), hosted.screen(1), hosted.screen(2), hosted.screen(None)]
    pick = picker(random.Random(11))
    hosted.start()
    hosted.drive(screens, pick, until=lambda: len(hosted.session.game.history) > 20)
    _at_prompt(hosted, screens, 0, pick)
    me = screens[0]
    d = me.decision
    assert d is not None and isinstance(me.scene, Prompt)
    me.send(t="hint", id=d)
    me.send(t="hint", id=d)  # (under way: one answer)
    hosted.clock.run_due()
    assert len(me.hints) == 1 and me.hints[0].id == d and me.hints[0].advice
    legal = {str(c) for c in me.scene.decision.choices}
    assert all(h.choice in legal and h.text for h in me.hints[0].advice)
    assert hosted.session.hints_used == [1, 0, 0]
    for other in screens[1:]:
        assert not any(m["t"] == "hints" for m in other.messages)
        assert other.seating.hints_used == (1, 0, 0)  # the count is the table's
    me.send(t="hint", id=d)  # asked again: the same hints, not counted again
    assert len(me.hints) == 2 and me.hints[1] == me.hints[0]
    assert hosted.session.hints_used == [1, 0, 0]
    me.send(t="hint", id=d - 1)
    assert me.refused[-1].sentence == t("net.moved_on")
    screens[3].send(t="hint", id=d)
    assert screens[3].refused[-1].sentence == t("net.watching")
    screens[1].send(t="hint", id=d)
    assert screens[1].refused[-1].sentence == t("net.moved_on")


def test_no_hints_at_a_table_without_them() -> None:
    hosted = Hosted(session_of(SEEDS[1], 2, hints=False), HostSettings(bot_delay=0.0))
    screens = [hosted.screen(0), hosted.screen(1)]
    hosted.start()
    asker = next(s for s in screens if isinstance(s.scene, Prompt))
    asker.send(t="hint", id=asker.decision)
    hosted.clock.run_due()
    assert asker.refused[-1].sentence == t("hint.off") and not asker.hints
    assert hosted.session.hints_used == [0, 0]


def _small(record: Any, seats: Any, seat: int) -> Any:
    """A small review: its first few decisions only (not complete)."""
    done = [0]

    def progress(count: int, total: int) -> None:
        done[0] = count

    small = Settings(draws=2, min_draws=1, batch=1)
    enough = lambda: done[0] >= 3  # noqa: E731
    return review(record, seats, only=[seat], settings=small, progress=progress, cancelled=enough)


def test_the_review_comes_after_the_end_for_that_seat_only() -> None:
    hosted = Hosted(session_of(SEEDS[2], 2, rounds=6), HostSettings(bot_delay=0.0), review=_small)
    screens = [hosted.screen(0), hosted.screen(1), hosted.screen(None)]
    pick = picker(random.Random(12))
    hosted.start()
    screens[0].send(t="review")
    assert screens[0].refused[-1].sentence == t("net.review_not_over")
    hosted.drive(screens, pick)
    screens[1].send(t="review")
    screens[2].send(t="review")
    hosted.clock.run_due()
    assert len(screens[1].reports) == 1 and not screens[1].reports[0].complete
    assert hosted.session.seats[1].name in screens[1].reports[0].text.splitlines()[0]
    assert not screens[0].reports and not screens[2].reports
    assert screens[2].refused[-1].sentence == t("net.watching")


def test_each_run_of_a_host_numbers_its_decisions_from_a_new_start() -> None:
    """A host resumed after a crash numbers its decisions from a new random start: an answer
    sent to the run before (a screen that has not heard the new welcome yet) is refused and
    changes nothing; never taken for the decision of the same number in this run."""
    runs = [Hosted(session_of(SEEDS[1], 2), ids=None) for _ in range(2)]
    both = [[run.screen(0), run.screen(1)] for run in runs]
    for run in runs:
        run.start()
    seat = runs[0].session.decision.player  # type: ignore[union-attr]
    screens = [pair[seat] for pair in both]
    first, second = (s.decision for s in screens)
    assert first is not None and second is not None and first != second
    assert screens[0].scene == screens[1].scene  # the same game, the same decision
    choice = screens[0].scene.decision.choices[0]
    before = len(runs[1].session.game.history)
    screens[1].send(t="answer", id=first, choice=str(choice))
    runs[1].clock.run_due()
    assert screens[1].refused[-1].sentence == t("net.moved_on")
    assert len(runs[1].session.game.history) == before and screens[1].decision == second


# --- transports ----------------------------------------------------------------------------------


def test_a_screen_that_answers_from_inside_send_waits_for_the_others_to_hear_the_beat() -> None:
    """An in-process transport may hand an answer back while the table is still sending:
    it is taken on the clock's next turn, after every screen has been sent the beat."""
    hosted = Hosted(session_of(SEEDS[3], 3), HostSettings(bot_delay=0.0))
    pick = picker(random.Random(13))
    game = hosted.session.game
    screens: list[Screen] = []

    class Eager(Screen):
        def _got(self, text: str) -> None:
            super()._got(text)
            if len(game.history) < 40:
                self.act(pick)

    for seat in range(3):
        code = hosted.codes.seats[seat]
        assert code is not None
        screens.append(Eager(hosted.table, code).connect())
    hosted.table.start()
    assert any(s.answered for s in screens) and not game.history  # (answered, not yet taken)
    hosted.clock.run_due()
    assert len(game.history) >= 40
    for seat, screen in enumerate(screens):
        _check_seat(seat, _scenes(screen))
        assert not screen.refused and len(screen.answered) > 5


def test_a_send_that_fails_is_a_connection_gone() -> None:
    """A transport whose send raises (its socket went away in the middle of a beat): the
    connection is gone, the table and the other screens go on."""
    hosted = Hosted(session_of(SEEDS[0], 2), HostSettings(bot_delay=0.0))

    class Broken(Screen):
        def _got(self, text: str) -> None:
            if self.role is not None and json.loads(text)["t"] == "scene":
                raise ConnectionResetError("gone")
            super()._got(text)

    good = hosted.screen(0)
    code = hosted.codes.seats[1]
    assert code is not None
    failing = Broken(hosted.table, code).connect()
    assert hosted.table.presence == (True, True)
    hosted.start()
    hosted.clock.run_due()
    assert hosted.table.presence == (True, False) and failing.closed
    assert good.presence is not None and good.presence.connected == [True, False]
    assert isinstance(good.scene, Prompt | Watching)


def test_a_closed_table_says_bye_to_everybody() -> None:
    hosted = Hosted(session_of(SEEDS[1], 2))
    screens = [hosted.screen(0), hosted.screen(None)]
    hosted.start()
    hosted.table.close()
    assert all(s.closed and s.bye == t("net.closed") for s in screens)
    late = hosted.screen(1)
    assert late.closed and late.bye == t("net.closed") and hosted.table.connections == 0
