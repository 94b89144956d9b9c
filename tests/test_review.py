"""The review engine (`el_grande.review`): the Hard player's verdict on a person's decisions,
from that person's own view only, capped by play-outs (never the clock), the same every time."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from el_grande.bots import make_bot, play_game
from el_grande.bots.greedy import Memo
from el_grande.core import Game, Options
from el_grande.review import Review, Seats, Settings, Task, analyse, review, tasks

pytestmark = pytest.mark.filterwarnings("error::el_grande.bots.base.BotFallbackWarning")

FEW = Settings(draws=4, min_draws=2, batch=2)
TWO = Settings(draws=2, min_draws=2, batch=2)  # still more than one draw of the unknowns


def finished(seed: int, names: tuple[str, ...] = ("Ana", "Ben"), **options: Any) -> Game:
    game = Game.new(list(names), seed=seed, options=Options(rounds=6, **options))
    play_game(game, [make_bot("greedy", seed=seed + s) for s in range(len(names))])
    return game


@pytest.fixture(scope="module")
def open_game() -> Game:
    return finished(3)


@pytest.fixture(scope="module")
def open_review(open_game: Game) -> Review:
    return review(open_game.record(), Seats.of(["human", "bot:greedy"]), settings=FEW)


def test_a_persons_decisions_are_reviewed_from_their_own_view(
    open_game: Game, open_review: Review
) -> None:
    record, result = open_game.record(), open_review
    assert result.complete and result.seats == (0, 1) and result.scores == tuple(open_game.scores)
    replay = Game.replay(record, upto=0)
    expected, choosing = [], []  # the person's decisions with a choice; anyone's
    for i, text in enumerate(record["choices"]):
        d = replay.decision
        assert d is not None
        if len(d.choices) > 1:
            choosing.append(i)
            if d.player == 0:
                expected.append(i)
        replay.apply(text)
    assert [v.index for v in result.verdicts] == expected  # the person's, none of the bot's
    for v in result.verdicts:
        assert v.decision is not None and v.choice in v.decision.choices
        assert v.best in v.decision.choices
        assert v.cost >= 0 and v.gap == pytest.approx(max(0.0, v.best_margin - v.margin))
        assert v.cost <= v.gap + 1e-9
        assert (v.cost == 0) or v.best != v.choice
        assert v.draws >= 1 and v.playouts >= 1
    # A turn's steps: what was still to be had later in the turn is not counted as lost (a
    # forced step between two steps changes nothing; another player's choice ends the turn).
    verdicts = list(result.verdicts)
    chained = 0
    for k, v in enumerate(verdicts):
        turn = []
        for nxt in verdicts[k + 1 :]:
            prev = turn[-1] if turn else v
            if choosing[choosing.index(prev.index) + 1] != nxt.index or nxt.round != v.round:
                break
            turn.append(nxt)
        if turn:
            still = max([turn[0].lead] + [w.best_margin - v.margin for w in turn[1:]])
            assert v.still == pytest.approx(still)
            assert v.cost == pytest.approx(max(0.0, v.gap - still))
            chained += 1
        else:
            assert v.still is None and v.cost == v.gap
    assert chained > 10
    assert result.cost(0) == pytest.approx(sum(v.cost for v in result.verdicts))
    mistakes = result.mistakes(0)
    assert len(mistakes) <= 5 and [m.cost for m in mistakes] == sorted(
        (m.cost for m in mistakes), reverse=True
    )
    assert sum(r.decisions for r in result.rounds(0)) == len(result.verdicts)
    bots = list(tasks(record, lambda seat, i: seat == 1))
    assert bots and all(t.seat == 1 and t.view.seat == 1 for t in bots)  # --all: theirs too


def test_a_chance_still_open_later_in_the_turn_counts_once_where_it_is_lost() -> None:
    """An intrigue: whose Caballero (10), where to (12, after a forced step 11), whose (13),
    where to (14). Moving to Granada was worth 9 at 12 and still at 14 (not at 13, whose
    look-ahead sees only who moves): 12 gave nothing away, 14 did. Ben's choice at 15 ends
    the turn, so 16 counts whole."""
    from el_grande.core import Choice
    from el_grande.review import Verdict, _given_away

    def v(index: int, after: int, gap: float, lead: float, margin: float, seat: int = 0) -> Verdict:
        made = Choice("to", "castillo")
        return Verdict(
            index,
            seat,
            9,
            "move_to",
            3,
            made,
            made,
            margin,
            0.0,
            margin + gap,
            gap,
            gap,
            lead,
            "bots.hint.outlook",
            after=after,
        )

    got = _given_away(
        [
            v(10, 9, gap=0.0, lead=0.0, margin=-5.0),
            v(12, 10, gap=9.0, lead=0.0, margin=-5.0),
            v(13, 12, gap=0.0, lead=0.0, margin=-5.0),
            v(14, 13, gap=9.0, lead=0.0, margin=-5.0),
            v(16, 15, gap=2.0, lead=1.0, margin=-14.0),
        ]
    )
    assert [round(x.cost, 6) for x in got] == [0.0, 0.0, 0.0, 9.0, 2.0]
    assert [x.still for x in got] == [9.0, 9.0, 0.0, None, None]


@pytest.fixture(scope="module")
def hidden_review() -> tuple[dict[str, Any], Review, set[int | None]]:
    """A hidden-Castillo game's review of seat 1, made in this process with every view read
    recorded (only seat 1's may be) and the snapshot forbidden: the seats' views it read."""
    record = finished(5, castillo="hidden").record()
    reviewed = 1
    view = Game.view
    read: set[int | None] = set()

    def own_view_only(self: Game, seat: int | None = None) -> Any:
        read.add(seat)
        if seat != reviewed:
            raise AssertionError(f"read the view of seat {seat}")
        return view(self, seat)

    def no_snapshot(self: Game) -> Any:
        raise AssertionError("read the snapshot")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Game, "view", own_view_only)
        patch.setattr(Game, "snapshot", no_snapshot)
        result = review(record, Seats.of(["human"] * 2), only=[reviewed], settings=FEW)
    return record, result, read


def test_the_same_record_gives_the_same_review_in_one_process_or_two(
    hidden_review: tuple[dict[str, Any], Review, set[int | None]],
) -> None:
    """In two processes, the second half of the game's decisions (a person played seat 1 from
    there on: half the work, still many runs of decisions for the two workers): the verdicts
    of those decisions in the whole review made in this process (a decision's cost reads only
    the later steps of its turn, so the earlier decisions change none of them)."""
    record, one, _read = hidden_review
    back = one.verdicts[len(one.verdicts) // 2].index
    later = tuple(v for v in one.verdicts if v.index >= back)
    seats = Seats.of(["human", "human"], [((0, "human"),), ((0, "bot:greedy"), (back, "human"))])
    progress: list[tuple[int, int]] = []
    two = review(
        record, seats, only=[1], settings=FEW, jobs=2, progress=lambda *p: progress.append(p)
    )
    assert two.verdicts == later and two.complete and len(later) > 20
    assert any(v.draws > 1 for v in later)  # the hidden Castillo is drawn
    assert progress[0] == (0, len(later)) and progress[-1] == (len(later),) * 2


def test_a_review_reads_no_other_seats_view_and_no_snapshot(
    hidden_review: tuple[dict[str, Any], Review, set[int | None]],
) -> None:
    _record, result, read = hidden_review
    assert result.verdicts and read == {1}


def test_with_nothing_hidden_one_draw_is_the_answer_whatever_the_seed(
    open_game: Game, open_review: Review
) -> None:
    exact = 0
    # Seed 0's verdicts: the review's (`FEW`), as `analyse` gave them, before the review
    # counted each turn's costs once (`cost`, `still`).
    reviewed = {v.index: replace(v, cost=v.gap, still=None) for v in open_review.verdicts}
    memo = Memo()  # for seed 1's decisions, as a review keeps (the same verdicts: less work)
    for task in tasks(open_game.record(), lambda seat, i: seat == 0):
        a = reviewed[task.index]
        b = analyse(task, replace(FEW, seed=1), memo)
        if a.draws == 1:  # nothing hidden: the same verdict
            assert a == b
            exact += 1
        else:
            assert a.kind == "disk"  # another seat's disk was set: it is drawn
        if exact == 12:
            return
    pytest.fail("too few decisions with nothing hidden")


def _twins(seed: int) -> tuple[Game, Game]:
    """Two games that seat 0 cannot tell apart: the others' hidden Castillo splits differ,
    and so does the order of every stack's cards not yet turned up."""
    for attempt in range(seed, seed + 50):
        game = Game.new(["Ana", "Ben", "Cy"], seed=attempt, options=Options(castillo="hidden"))
        rng = random.Random(attempt)
        # Provinces large enough that a Caballero more or fewer changes no court choice.
        while (
            game.round < 2
            or game.cab[9][1] < 1
            or min(game.province[1:]) < 8
            or any(game.played)  # a round's first power card: the whole round to compare
            or game.decision.kind != "power"  # type: ignore[union-attr]
        ):
            d = game.decision
            assert d is not None
            game.apply(rng.choice(d.choices))
            if game.round > 4:
                break
        else:
            b = game.clone()
            b.cab[9][1] -= 1  # Ben: one Caballero fewer in the Castillo, one more at home
            b.province[1] += 1
            b.cab[9][2] += 1  # Cy: the other way round
            b.province[2] -= 1
            b.stacks = tuple(
                st[: b.round_i + 1] + tuple(reversed(st[b.round_i + 1 :])) for st in b.stacks
            )
            assert game.view(0) == b.view(0) and game.view(1) != b.view(1)
            return game, b
    raise AssertionError("no position with Caballeros in Ben's Castillo and Cy's province")


def test_games_that_differ_only_in_what_a_player_cannot_see_get_the_same_review() -> None:
    """R-H2: another seat's hidden Castillo split and the order of the cards not yet turned up
    change nothing in a player's review, up to the moment they show."""
    a, b = _twins(11)
    bots = [make_bot("greedy", seed=s) for s in range(3)]
    memos = Memo(), Memo()  # one for each game's decisions, as a review keeps (less work)
    compared = 0
    while (d := a.decision) is not None and a.view(0) == b.view(0) and a.decision == b.decision:
        if d.player == 0 and len(d.choices) > 1:
            choice = bots[0].choose(a.view(0), d)
            i = len(a.history)
            ta = Task(i, 0, a.round, a.view(0), d, choice)
            tb = Task(i, 0, b.round, b.view(0), b.decision, choice)  # type: ignore[arg-type]
            assert analyse(ta, TWO, memos[0]) == analyse(tb, TWO, memos[1])
            compared += 1
            if compared == 6:
                return
        else:
            choice = (
                d.choices[0] if len(d.choices) == 1 else bots[d.player].choose(a.view(d.player), d)
            )
        a.apply(choice)
        b.apply(choice)
    pytest.fail(f"the games could be told apart after {compared} decisions")


def test_another_seats_unrevealed_disk_changes_nothing_in_a_players_review() -> None:
    """R-H2: Ben sets his secret disk one way or another; Ana, choosing hers next in the same
    secret step, gets the same verdict either way (the disks show only once all are set)."""
    game = Game.new(["Ana", "Ben", "Cy"], seed=2)
    bots = [make_bot("greedy", seed=s) for s in range(3)]
    while (d := game.decision) is not None:
        if d.kind == "disk" and d.player != 0 and len(d.choices) > 1:
            a, b = game.clone(), game.clone()
            a.apply(d.choices[0])
            b.apply(d.choices[-1])
            while (da := a.decision) is not None and da.kind == "disk" and da.player != 0:
                choice = bots[da.player].choose(a.view(da.player), da)
                a.apply(choice)
                b.apply(choice)
            if da is not None and da.kind == "disk" and len(da.choices) > 1:
                assert a.view(0) == b.view(0) and a.secrets != b.secrets
                i = len(a.history)
                choice = bots[0].choose(a.view(0), da)
                ta = Task(i, 0, a.round, a.view(0), da, choice)
                tb = Task(i, 0, b.round, b.view(0), b.decision, choice)  # type: ignore[arg-type]
                va = analyse(ta, FEW)
                assert va.draws > 1  # Ben's disk is drawn, not read
                assert va == analyse(tb, FEW)
                return
        game.apply(bots[d.player].choose(game.view(d.player), d))
    pytest.fail("no secret step with Ana choosing after another seat")


def test_a_different_game_seed_with_the_same_view_gives_the_same_verdict(
    open_game: Game, open_review: Review
) -> None:
    """The first decision the review of `open_game` analysed, analysed again from the view of
    a game of another seed: its verdict, as `analyse` gave it (before the review counted each
    turn's costs once)."""
    game = open_game.record()
    [first, *_] = tasks(game, lambda seat, i: seat == 0)
    other = Game.replay(game, upto=first.index)
    other.seed = "another seed entirely"
    assert other.view(0) == first.view
    again = replace(first, view=other.view(0))
    reviewed = open_review.verdicts[0]
    assert reviewed.index == first.index
    assert analyse(again, FEW) == replace(reviewed, cost=reviewed.gap, still=None)


def test_cancelling_stops_the_review_with_what_it_has(open_game: Game) -> None:
    record = open_game.record()
    done: list[int] = []
    result = review(
        record,
        Seats.of(["human", "human"]),
        settings=FEW,
        progress=lambda k, total: done.append(k),
        cancelled=lambda: len(done) > 3,
    )
    assert not result.complete and len(result.verdicts) == 3


def test_an_unfinished_game_is_not_reviewed() -> None:
    game = Game.new(["Ana", "Ben"], seed=1)
    game.apply(game.decision.choices[0])  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="not finished"):
        review(game.record(), Seats.of(["human", "human"]))


def test_a_seat_is_played_by_whoever_the_seats_say() -> None:
    seats = Seats.of(["human", "bot:strong"])
    assert seats.person(0, 10) and not seats.person(1, 10)
    assert seats.kind(1, 0) == "bot:strong"


def test_a_seat_that_changed_hands_is_reviewed_only_where_a_person_played_it(
    open_game: Game,
) -> None:
    """Decisions a computer player made for a seat (from decision N, played by …) are skipped;
    the person's before and after are reviewed."""
    record = open_game.record()
    total = len(record["choices"])
    lent, back = total // 3, 2 * total // 3
    hands = ((0, "human"), (lent, "bot:strong"), (back, "human"))
    seats = Seats.of(["human", "human"], [hands, ((0, "human"),)])
    assert seats.person(0, lent - 1) and not seats.person(0, lent) and seats.person(0, back)
    assert seats.has_person(0) and not Seats.of(["bot:greedy"]).has_person(0)
    indices = [task.index for task in tasks(record, lambda s, i: s == 0 and seats.person(s, i))]
    assert indices and all(i < lent or i >= back for i in indices)
    assert any(i >= back for i in indices) and any(i < lent for i in indices)
    everyone = [task.index for task in tasks(record, lambda s, i: s == 0)]
    assert any(lent <= i < back for i in everyone)  # there were the computer's decisions
