"""Seats change hands in the save file (format 4, `played_by`): kept, loaded, an old save as
"played by its kind from decision 0", a hand-edited history refused in a sentence; the
command line's `resume --bots` / `--human` and `load --bots`; the export says who played
which decisions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from persist_helpers import random_game

from el_grande.cli import main as cli_main
from el_grande.hands import handed, hands_text, kind_at, problem, table_lines
from el_grande.persist import load_game, load_save
from el_grande.persist.autosave import attach_autosave, setups_of
from el_grande.persist.errors import SaveFileError
from el_grande.persist.export import export_text
from el_grande.persist.model import parse_save
from el_grande.persist.store import Autosaver, record_of
from el_grande.session import GameSession
from el_grande.setup import GameSetup, default_seats
from el_grande.text import t, use

FIXTURES = Path(__file__).parent / "fixtures"


def session_of(seed: int = 5, hints: bool = True) -> GameSession:
    names = ["Ana", "Ben", "Cy"]
    return GameSession.new(GameSetup(default_seats(names), seed=seed, hints=hints))


def play(session: GameSession, n: int) -> None:
    for _ in range(n):
        session.apply(session.decision.choices[0])  # type: ignore[union-attr]


# --- the hands themselves ---------------------------------------------------------------------


def test_hands_begin_at_the_decision_at_hand_and_an_undo_moves_a_later_one_back() -> None:
    start = ((0, "human"),)
    assert handed(start, 40, "bot:strong") == ((0, "human"), (40, "bot:strong"))
    given = handed(start, 40, "bot:strong")
    assert handed(given, 40, "human") == start  # taken back before it played: no hand
    assert handed(given, 55, "human") == ((0, "human"), (40, "bot:strong"), (55, "human"))
    assert handed(given, 39, "bot:strong") == ((0, "human"), (39, "bot:strong"))  # an undo
    assert handed(start, 0, "bot:greedy") == ((0, "bot:greedy"),)
    assert kind_at(given, 39) == "human" and kind_at(given, 40) == "bot:strong"


def test_a_history_breaking_the_rules_is_named() -> None:
    assert problem(((0, "human"), (40, "bot:strong")), "bot:strong", 90) is None
    assert problem(((3, "human"),), "human") == "the first hand must be from decision 0"
    assert "follow each other" in str(problem(((0, "human"), (0, "bot:strong")), "bot:strong"))
    assert "two hands in a row" in str(problem(((0, "human"), (5, "human")), "human"))
    assert "the seat's kind" in str(problem(((0, "human"), (5, "bot:strong")), "human"))
    assert "after the 4 choices" in str(problem(((0, "human"), (5, "bot:strong")), "bot:strong", 4))


def test_who_played_which_decisions_in_words_in_english_and_korean() -> None:
    hands = ((0, "human"), (40, "bot:strong"))
    assert hands_text("Ben", hands, 90) == (
        "Ben: decisions 1–40 by Ben, decisions 41–90 by the Hard player."
    )
    assert hands_text("Ben", hands, 40) == (
        "Ben: decisions 1–40 by Ben, from decision 41 on by the Hard player."
    )
    assert table_lines(["Ana", "Ben"], [((0, "human"),), hands], 90)[0] == t("hands.head")
    assert table_lines(["Ana"], [((0, "human"),)], 90) == []  # nobody changed hands
    use("ko")
    assert hands_text("벤", hands, 90) == "벤: 결정 1–40번은 벤, 결정 41–90번은 어려움 컴퓨터."


# --- the session and the save -----------------------------------------------------------------


def test_the_save_keeps_who_played_each_seat_and_loads_it_again(home: Path) -> None:
    session = session_of()
    listener = attach_autosave(session)
    play(session, 10)
    session.seat_to(1, "bot:greedy")
    play(session, 5)
    session.seat_to(1, "human")
    session.seat_to(2, "bot:strong")
    saved = load_save(listener.saver.path)
    assert saved.version == 4
    assert saved.seats[1].kind == "human" and saved.seats[2].kind == "bot:strong"
    assert saved.seat_hands[1] == ((0, "human"), (10, "bot:greedy"), (15, "human"))
    assert saved.seat_hands[2] == ((0, "human"), (15, "bot:strong"))
    assert saved.seat_hands[0] == ((0, "human"),) and saved.seats[0].played_by is None
    text = listener.saver.path.read_text()
    assert '"played_by": [{"from": 0, "kind": "human"}, {"from": 10, "kind": "bot:greedy"}' in text
    assert text.count("played_by") == 2  # a seat that never changed hands: as before
    again = GameSession.from_record(record_of(saved), setups_of(saved))
    assert again.hands(1) == session.hands(1) and again.kind(2) == "bot:strong"
    assert again.game.snapshot() == session.game.snapshot()  # the same game


def test_an_undo_moves_a_hand_begun_later_back_to_where_the_game_is(home: Path) -> None:
    session = session_of(7)
    listener = attach_autosave(session)
    while not session.can_undo():
        play(session, 1)
    moves = len(session.game.history)
    other = (session.decision.player + 1) % 3  # type: ignore[union-attr]
    session.seat_to(other, "bot:greedy")
    assert session.undo()
    assert session.hands(other) == ((0, "human"), (moves - 1, "bot:greedy"))
    load_save(listener.saver.path)  # the autosave after the undo is a save that loads


def test_an_old_save_is_played_by_its_kinds_from_the_first_decision() -> None:
    for path in sorted(FIXTURES.glob("*.json")):
        save, _game = load_game(path)
        assert all(s.played_by is None for s in save.seats)
        assert save.seat_hands == [((0, s.kind),) for s in save.seats]


@pytest.mark.parametrize(
    ("played_by", "why"),
    [
        ([{"from": 2, "kind": "human"}], "played_by: the first hand must be from decision 0"),
        (
            [{"from": 0, "kind": "human"}, {"from": 0, "kind": "bot:greedy"}],
            "the hands must follow each other",
        ),
        ([{"from": 0, "kind": "human"}, {"from": 4, "kind": "human"}], "two hands in a row"),
        ([{"from": 0, "kind": "human"}, {"from": 4, "kind": "bot:greedy"}], "the seat's kind"),
        ([{"from": 0, "kind": "human"}, {"from": "4", "kind": "bot:greedy"}], "valid integer"),
        ([{"from": 0, "kind": "hu man"}], "should match pattern"),
        ([{"at": 0, "kind": "human"}], "from: field required"),
    ],
)
def test_a_hand_edited_history_is_refused_in_a_sentence(
    tmp_path: Path, played_by: list[object], why: str
) -> None:
    save = Autosaver.start(random_game(3, upto=12, players=3)).file
    data = json.loads(save.to_json())
    data["seats"][1]["played_by"] = played_by
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    with pytest.raises(SaveFileError) as err:
        load_game(path)
    assert "seats[1]" in str(err.value) and why in str(err.value), str(err.value)
    assert path.read_bytes() == before  # nothing changed


def test_a_hand_after_the_choices_made_is_refused(tmp_path: Path) -> None:
    save = Autosaver.start(random_game(3, upto=12, players=3)).file
    data = json.loads(save.to_json())
    data["seats"][0]["kind"] = "bot:greedy"
    data["seats"][0]["played_by"] = [
        {"from": 0, "kind": "human"},
        {"from": 13, "kind": "bot:greedy"},
    ]
    with pytest.raises(SaveFileError) as err:
        parse_save(json.dumps(data), "g.json")
    assert str(err.value) == (
        "g.json does not match the save format at the top level: seats[0].played_by (Ana): a "
        "hand begins at decision 13, after the 12 choices made."
    )


def test_hints_off_handing_a_seat_to_the_hard_player_counts_as_a_hint(home: Path) -> None:
    session = session_of(hints=False)
    listener = attach_autosave(session)
    play(session, 3)
    session.seat_to(0, "bot:greedy")
    assert session.hints_used == [0, 0, 0]  # the Medium player gives no hint
    session.seat_to(0, "bot:strong")
    session.seat_to(1, "bot:strong")
    assert session.hints_used == [1, 1, 0]
    session.seat_to(0, "bot:strong")  # already: nothing more
    assert session.hints_used == [1, 1, 0]
    assert load_save(listener.saver.path).hints_used == [1, 1, 0]
    helped = session_of(hints=True)
    helped.seat_to(0, "bot:strong")
    assert helped.hints_used == [0, 0, 0]  # hints on: nothing to count


# --- the export ---------------------------------------------------------------------------------


def test_the_export_says_who_played_which_decisions(home: Path) -> None:
    session = session_of()
    play(session, 10)
    session.seat_to(1, "bot:strong")
    play(session, 4)
    save = Autosaver.start(session.game, [s for s in _seats(session)]).file
    text = export_text(record_of(save), reveal=False, hands=save.seat_hands)
    assert "Seats that changed hands:" in text
    assert "  Ben: decisions 1–10 by Ben, decisions 11–14 by the Hard player." in text
    md = export_text(record_of(save), "md", reveal=False, hands=save.seat_hands)
    assert "- Ben: decisions 1–10 by Ben, decisions 11–14 by the Hard player." in md
    plain = export_text(record_of(save), reveal=False)
    assert "changed hands" not in plain


def _seats(session: GameSession) -> list[object]:
    from el_grande.persist.autosave import seats_of

    return list(seats_of(session.seats))


# --- the command line ---------------------------------------------------------------------------


@pytest.fixture
def launched(home: Path, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, object]]:
    from el_grande import commands

    seen: list[tuple[str, object]] = []

    def launch(save: object, reseat: object = None) -> int:
        seen.append((save.game_id, reseat))  # type: ignore[attr-defined]
        return 0

    monkeypatch.setattr(commands, "_launch", launch)
    saver = Autosaver.start(random_game(8, upto=15, players=3))
    saver.close()
    return seen


def test_resume_and_load_give_seats_to_computer_players_and_back(
    launched: list[tuple[str, object]], home: Path, tmp_path: Path
) -> None:
    assert cli_main(["resume", "--bots", "Ben=greedy", "--bots", "Cy=strong"]) == 0
    assert launched[-1][1] == {1: "bot:greedy", 2: "bot:strong"}
    assert cli_main(["resume", "--bots", "ben=Greedy,Cy=random", "--human", "Ana"]) == 0
    assert launched[-1][1] == {1: "bot:greedy", 2: "bot:random", 0: "human"}
    assert cli_main(["resume", "--human", "Ana,Ben"]) == 0
    assert launched[-1][1] == {0: "human", 1: "human"}
    (path,) = (home / "saves").glob("*.json")
    assert cli_main(["load", str(path), "--bots", "Cy=strong"]) == 0
    assert launched[-1][1] == {2: "bot:strong"}


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--bots", "Zed=greedy"], "--bots: no player called 'Zed' (players: Ana, Ben, Cy)"),
        (["--bots", "Ben=genius"], "--bots: unknown level 'genius' for Ben"),
        (["--bots", "Ben"], "--bots takes NAME=LEVEL pairs"),
        (["--bots", "Ben=greedy,Ben=strong"], "--bots: Ben is given twice"),
        (["--human", "Zed"], "--human: no player called 'Zed' (players: Ana, Ben, Cy)"),
        (["--bots", "Ben=greedy", "--human", "Ben"], "--human: Ben is given twice"),
    ],
)
def test_a_bad_name_or_level_is_a_sentence_and_changes_nothing(
    launched: list[tuple[str, object]],
    home: Path,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    said: str,
) -> None:
    (path,) = (home / "saves").glob("*.json")
    before = path.read_bytes()
    for command in (["resume"], ["load", str(path)]):
        assert cli_main([*command, *args]) == 2
        err = capsys.readouterr().err
        assert err.startswith("el-grande: ") and said in err and err.count("\n") == 1
    assert launched == [] and path.read_bytes() == before


def test_seat_flags_are_refused_with_the_commands_that_open_no_game(
    launched: list[tuple[str, object]], home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (path,) = (home / "saves").glob("*.json")
    assert cli_main(["resume", "--list", "--bots", "Ben=greedy"]) == 2
    assert cli_main(["load", str(path), "--check", "--human", "Ben"]) == 2
    err = capsys.readouterr().err
    assert "--bots cannot be used with --list, --delete, --name" in err
    assert "--human cannot be used with --check" in err
    assert launched == []


def test_a_resumed_game_opens_with_its_seats_given(home: Path) -> None:
    """`--bots` / `--human` as the app takes the game: the seats change hands from the next
    decision, and the autosave keeps it."""
    from el_grande.app.app import ElGrandeApp

    saver = Autosaver.start(random_game(8, upto=15, players=3))
    saver.close()
    save = load_save(saver.path)
    app = ElGrandeApp(saved=save, reseat={1: "bot:greedy", 0: "human"})
    app.take_saved()
    session = app._session
    assert session is not None and session.kind(1) == "bot:greedy"
    assert session.hands(1) == ((0, "human"), (15, "bot:greedy"))
    assert load_save(saver.path).seat_hands[1] == ((0, "human"), (15, "bot:greedy"))
    app.saves.leave()  # the game's lock let go


def test_the_seats_of_a_finished_game_stay_as_they_were(
    launched: list[tuple[str, object]],
    home: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from el_grande.persist import save_as

    path = tmp_path / "over.json"
    save_as(random_game(4, players=3), path)  # played to its end
    assert load_save(path).finished
    assert cli_main(["load", str(path), "--bots", "Ben=greedy"]) == 2
    assert t("seats.over") in capsys.readouterr().err and launched == []
