"""What changed since a player's turn (`el_grande.flow.changes`): every kind of change between
two public views, ties, a hidden Castillo (no court or Castillo mark, no count a player cannot
see), the memory per seat, and the one summary sentence."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest

from el_grande.core import Game, Options, View
from el_grande.flow.changes import Changes, SinceMemory, changes, items, sentence_for, summary
from el_grande.text import use

NAMES = ["Ana", "Ben", "Cara"]


def public(castillo: str = "open") -> View:
    return Game.new(NAMES, seed=7, options=Options(castillo=castillo)).view(None)


def with_caballeros(view: View, place: str, counts: tuple[int, ...]) -> View:
    regions = tuple(replace(r, caballeros=counts) if r.id == place else r for r in view.regions)
    return replace(view, regions=regions)


def with_player(view: View, seat: int, **fields: object) -> View:
    players = tuple(replace(p, **fields) if p.seat == seat else p for p in view.players)  # type: ignore[arg-type]
    return replace(view, players=players)


def name(seat: int) -> str:
    return NAMES[seat]


def anything(_: str) -> bool:
    return True


def test_the_same_board_has_no_changes() -> None:
    view = public()
    found = changes(view, view, castillo_hidden=False)
    assert found == Changes() and not found
    assert sentence_for(found, NAMES, anything) is None


def test_caballeros_more_and_fewer_per_region_and_player() -> None:
    before = public()
    galicia = before.region("galicia").caballeros
    after = with_caballeros(before, "galicia", (galicia[0] + 3, galicia[1], galicia[2]))
    aragon = after.region("aragon").caballeros
    after = with_caballeros(after, "aragon", (aragon[0], aragon[1] + 1, aragon[2] - 0))
    valencia = after.region("valencia").caballeros
    assert valencia[0] >= 1  # Ana's two at the start (her Grande's region)
    after = with_caballeros(after, "valencia", (valencia[0] - 1, *valencia[1:]))
    found = changes(before, after, castillo_hidden=False)
    assert found.caballeros == (("galicia", 0, 3), ("aragon", 1, 1), ("valencia", 0, -1))
    assert found.at("galicia") == {0: 3} and found.at("castillo") == {}
    assert not (found.king or found.grandes or found.scoreboards or found.scores or found.courts)
    said = summary(found, name, anything)
    assert said == "Since your turn: Ana +3 in Galicia, Ben +1 in Aragon, Ana -1 in Valencia"


def test_the_king_a_grande_and_the_scoreboards_moved() -> None:
    before = public()
    king = before.king
    ana_home = before.player(0).home
    after = replace(before, king="granada", scoreboards=(("8/4/0", "aragon"), ("4/0/0", None)))
    after = with_player(after, 0, home="seville")
    moved = replace(after, scoreboards=(("8/4/0", "seville"), ("4/0/0", "castillo")))
    found = changes(before, after, castillo_hidden=False)
    assert found.king == (king, "granada")
    assert found.grandes == ((0, ana_home, "seville"),)
    assert found.scoreboards == (("8/4/0", None, "aragon"),)
    said = summary(found, name, anything)
    assert said == (
        "Since your turn: the King moved to Granada, Ana's Grande moved to Seville, "
        "scoreboard 8/4/0 to Aragon"
    )
    again = changes(after, moved, castillo_hidden=False)
    assert again.scoreboards == (("8/4/0", "aragon", "seville"), ("4/0/0", None, "castillo"))
    gone = changes(
        moved,
        replace(moved, scoreboards=(("8/4/0", None), ("4/0/0", "castillo"))),
        castillo_hidden=False,
    )
    assert summary(gone, name, anything) == "Since your turn: scoreboard 8/4/0 off the board"


def test_scores_courts_and_an_open_castillo() -> None:
    before = public()
    after = with_player(before, 2, score=12, court=before.player(2).court - 4, castillo=3)
    after = with_player(after, 1, court=before.player(1).court + 2)
    found = changes(before, after, castillo_hidden=False)
    assert found.scores == ((2, 12),) and found.score(2) == 12 and found.score(0) == 0
    assert found.courts == ((1, 2), (2, -4)) and found.court(2) == -4
    assert found.caballeros == (("castillo", 2, 3),) and found.at("castillo") == {2: 3}
    # The courts are left to the board's marks; the Castillo is said, being open.
    said = summary(found, name, anything)
    assert said == "Since your turn: Cara scored 12, Cara +3 in the Castillo"


def test_only_the_courts_changed_marks_the_board_and_says_nothing() -> None:
    before = public()
    after = with_player(before, 1, court=before.player(1).court + 5)
    found = changes(before, after, castillo_hidden=False)
    assert found and found.courts == ((1, 5),)
    assert summary(found, name, anything) is None


def test_ties_in_the_sentence_go_in_board_order_then_seat_order() -> None:
    before = public()
    after = with_player(with_player(before, 2, score=5), 0, score=5)
    after = with_player(after, 1, score=9)
    for place in ("granada", "galicia"):  # board order: Galicia first whatever the edit order
        counts = after.region(place).caballeros
        after = with_caballeros(after, place, (counts[0], counts[1] + 2, counts[2] + 2))
    found = changes(before, after, castillo_hidden=False)
    assert items(found, name) == [
        "Ben scored 9",
        "Ana scored 5",
        "Cara scored 5",
        "Ben +2 in Galicia",
        "Cara +2 in Galicia",
        "Ben +2 in Granada",
        "Cara +2 in Granada",
    ]
    # A bigger change goes first, whatever its place.
    counts = after.region("granada").caballeros
    bigger = with_caballeros(after, "granada", (counts[0] + 4, counts[1], counts[2]))
    assert items(changes(before, bigger, castillo_hidden=False), name)[3] == "Ana +4 in Granada"


def test_a_hidden_castillo_marks_neither_the_castillo_nor_the_courts() -> None:
    """A real game: Caballeros go from the court into a hidden Castillo and onto the board. The
    changes have no court and no Castillo, and the sentence names no number but the regions'."""
    game = Game.new(NAMES, seed=3, options=Options(castillo="hidden"))
    rng = random.Random(3)
    checked = 0
    while game.decision is not None and checked < 40:
        before = game.view(None)
        total = before.castillo_total
        d = game.decision
        game.apply(rng.choice(d.choices))
        after = game.view(None)
        found = changes(before, after, castillo_hidden=True)
        assert found.courts == () and "castillo" not in {p for p, _, _ in found.caballeros}
        if after.castillo_total != total:
            checked += 1
            said = summary(found, name, anything) or ""
            assert "Castillo" not in said
            region_counts = {str(abs(n)) for _, _, n in found.caballeros}
            scores = {str(abs(n)) for _, n in found.scores}
            assert set(re.findall(r"\d+", said.replace("8/4/0", "").replace("4/0/0", ""))) <= (
                region_counts | scores
            )
    assert checked >= 5  # Caballeros went into the Castillo often enough to tell


def test_a_hidden_castillo_keeps_a_scoreboard_out_of_the_castillos_marks() -> None:
    before = public("hidden")
    after = replace(before, scoreboards=(("8/4/0", "castillo"), ("4/0/0", None)))
    found = changes(before, after, castillo_hidden=True)
    # The scoreboard is public (no count in it): the sentence may say it.
    assert summary(found, name, anything) == "Since your turn: scoreboard 8/4/0 to the Castillo"


def test_a_long_summary_is_cut_and_says_how_many_more() -> None:
    before = public()
    after = replace(before, king="granada")
    for place in ("galicia", "aragon", "catalonia", "seville"):
        counts = after.region(place).caballeros
        after = with_caballeros(after, place, (counts[0] + 1, *counts[1:]))
    found = changes(before, after, castillo_hidden=False)
    whole = summary(found, name, anything)
    assert whole is not None and "more" not in whole
    cut = summary(found, name, lambda s: len(s) <= 70)
    assert cut == "Since your turn: the King moved to Granada, and 4 more on the board"
    assert (
        summary(found, name, lambda s: False) == "Since your turn: 5 changes, marked on the board"
    )


def test_the_summary_in_korean() -> None:
    before = public()
    counts = before.region("galicia").caballeros
    after = with_caballeros(
        replace(before, king="granada"), "galicia", (counts[0] + 3, *counts[1:])
    )
    after = with_player(after, 2, score=12)
    found = changes(before, after, castillo_hidden=False)
    use("ko")
    try:
        said = summary(found, name, anything)
    finally:
        use("en")
    assert said == "지난 차례 이후: 왕이 그라나다로 이동, Cara가 12점 득점, Ana 갈리시아 +3"


# --- the memory ------------------------------------------------------------------------------


def test_the_memory_answers_only_after_others_acted() -> None:
    views = [replace(public(), round=i + 1) for i in range(8)]
    memory = SinceMemory()
    assert memory.before(0) is None  # no decision yet
    memory.decided(0, 1, views[1])
    assert memory.before(0) is None  # the last decision was Ana's own
    memory.decided(0, 2, views[2])
    assert memory.before(0) is None
    memory.decided(1, 3, views[3])
    assert memory.before(0) is views[2]  # after Ana's latest
    assert memory.before(1) is None and memory.before(2) is None
    memory.decided(2, 4, views[4])
    assert memory.before(1) is views[3] and memory.before(0) is views[2]


def test_the_memory_rewinds_with_an_undo() -> None:
    views = [replace(public(), round=i + 1) for i in range(8)]
    memory = SinceMemory()
    memory.decided(0, 1, views[1])
    memory.decided(1, 2, views[2])
    memory.decided(1, 3, views[3])
    memory.decided(1, 4, views[4])
    memory.rewind(3)  # Ben takes back his last decision
    assert memory.before(0) is views[1] and memory.before(1) is None
    memory.rewind(1)  # … and all of his turn: Ana's was the last decision again
    assert memory.before(0) is None and memory.before(1) is None
    memory.decided(1, 2, views[5])
    assert memory.before(0) is views[1]


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_the_memory_keeps_each_seats_latest_across_runs(seat: int) -> None:
    memory = SinceMemory()
    latest: dict[int, View] = {}
    moves = 0
    for run in range(30):
        s = run % 3
        for _ in range(1 + run % 4):
            moves += 1
            latest[s] = replace(public(), round=moves % 9 + 1, round_number=moves)
            memory.decided(s, moves, latest[s])
    assert len(memory._entries) <= 3 + 4  # one per seat, and the run under way
    last_seat = 29 % 3
    expected = None if seat == last_seat else latest[seat]
    assert memory.before(seat) is expected


# --- issue 33, item 7: the Vetoes, and the player's own changes in the second person ---------


def test_a_veto_taken_and_a_veto_used_are_said() -> None:
    before = with_player(public(), 2, veto_rounds=(0,), vetoes=1)  # Cara's from round 1
    after = with_player(before, 1, veto_rounds=(1,), vetoes=1)  # Ben takes one in round 2
    after = with_player(after, 2, veto_rounds=(), vetoes=0)  # … and Cara uses hers
    found = changes(before, after, castillo_hidden=False, vetoed=((2, 0, "king"),))
    assert found.vetoes == ((1, 1),) and found.vetoed == ((2, 0, "king"),) and found
    assert summary(found, name, anything) == (
        "Since your turn: Cara vetoed Ana's “The King”, Ben took a Veto"
    )
    assert summary(found, name, anything, you=0) == (
        "Since your turn: Cara vetoed your “The King”, Ben took a Veto"
    )
    assert summary(found, name, anything, you=1) == (
        "Since your turn: Cara vetoed Ana's “The King”, you took a Veto"
    )
    assert changes(after, after, castillo_hidden=False) == Changes()  # a Veto gone: not taken


def test_the_players_own_changes_are_in_the_second_person() -> None:
    """Ben's summary at Ben's decision says "you", never "Ben" (English and Korean)."""
    before = public()
    counts = before.region("galicia").caballeros
    after = with_caballeros(before, "galicia", (counts[0], counts[1] + 2, *counts[2:]))
    after = with_player(after, 1, score=29, home="granada")
    after = with_player(after, 0, score=4)
    found = changes(before, after, castillo_hidden=False)
    assert summary(found, name, anything, you=1) == (
        "Since your turn: your Grande moved to Granada, you scored 29, Ana scored 4, "
        "you +2 in Galicia"
    )
    assert "Ben" in (summary(found, name, anything, you=0) or "")
    use("ko")
    try:
        said = summary(found, name, anything, you=1)
    finally:
        use("en")
    assert said == (
        "지난 차례 이후: 내 그란데가 그라나다로 이동, 내가 29점 득점, Ana가 4점 득점, "
        "내 카바예로 갈리시아 +2"
    )


def test_the_memory_keeps_the_vetoes_used_since_each_seats_decision() -> None:
    from el_grande.core import events as E

    views = [replace(public(), round=i + 1) for i in range(8)]
    memory = SinceMemory()
    memory.decided(0, 1, views[1])
    memory.decided(1, 2, views[2], [E.SpecialVetoed(seat=1, card="king", by=2)])
    memory.decided(2, 3, views[3])
    assert memory.vetoed_since(0) == ((2, 1, "king"),)
    assert memory.vetoed_since(1) == () and memory.vetoed_since(2) == ()
    memory.rewind(1)  # taken back: the Veto was never used
    assert memory.vetoed_since(0) == ()


def test_a_game_opened_part_way_remembers_what_following_it_would_have() -> None:
    """`SinceMemory.of` (a resumed or loaded game) builds the public board only after the
    choices it keeps: the memory is the one that followed the game choice by choice, at every
    point of whole games, the Vetoes used included."""
    rng = random.Random(5)
    vetoes = 0
    for players, seed in [(2, 0), (3, 1), (3, 2), (4, 3), (5, 4)]:
        game = Game.new(["Ana", "Ben", "Cara", "Dan", "Eve"][:players], seed=seed)
        followed = SinceMemory()
        stops = set(rng.sample(range(1, 400), 12))
        while game.decision is not None:
            d = game.decision
            events = game.apply(d.choices[rng.randrange(len(d.choices))])
            followed.decided(d.player, game.moves, game.view(None), events)
            if game.moves in stops or game.decision is None:
                assert SinceMemory.of(game) == followed, (players, seed, game.moves)
        vetoes += len(followed._vetoed)
    assert vetoes  # the Vetoes were remembered
