"""Reasons (`el_grande.bots.reasons`, issue 31 item 3): every hint's and every review verdict's
reason names what the advised choice changes that the compared one does not, with the numbers
of the analysis, and never a place neither choice touched.

Checked over many positions (seeded games of 2 to 5 players, open and hidden Castillo, every
decision kind), each reason against the two choices played out again here with the search's
own play-out (`strong.rollout`, not the reasons' code) from the same draws of the seat's view:
a place named is one whose Caballeros, King, Grande, scoreboard or scoring differ between the
two continuations in some draw, and every number in the reason is the mean over the draws of
what those continuations show. Capped play-outs: the same on any machine, and cheap.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import Any

import pytest

from el_grande.bots.greedy import greedy_choice
from el_grande.bots.hints import analyse, reason_text
from el_grande.bots.model import determinize
from el_grande.bots.reasons import DRAWS
from el_grande.bots.strong import hides_something, rollout
from el_grande.core import (
    CASTILLO_INDEX,
    PLACES,
    POWER_CABALLEROS,
    SCOREBOARD_IDS,
    SCOREBOARDS,
    VALUES,
    Choice,
    DecisionKind,
    Game,
    Options,
    View,
    rank_positions,
    score_place,
)
from el_grande.review import Settings, Task, public_seed
from el_grande.review import analyse as review_decision
from el_grande.text import EN, use

pytestmark = pytest.mark.filterwarnings("error::el_grande.bots.base.BotFallbackWarning")

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve"]
PLACE_KEYS = {
    "bots.why.place",
    "bots.why.place_rank",
    "bots.why.rival",
    "bots.why.caballeros",
    "bots.why.rival_caballeros",
    "bots.why.king",
}


@cache
def positions() -> list[tuple[Game, int]]:
    """The first position of every decision kind in random games of 2 to 5 players (every
    other one with a hidden Castillo), and one more of each game: (game, seed)."""
    found: list[tuple[Game, int]] = []
    kinds: set[str] = set()
    for seed in range(60):
        if seed >= 8 and kinds == set(DecisionKind):
            break
        players = 2 + seed % 4
        options = Options(castillo="hidden" if seed % 2 else "open")
        game = Game.new(NAMES[:players], seed=seed, options=options)
        rng = random.Random(seed)
        taken = 0
        while (d := game.decision) is not None:
            if len(d.choices) > 1 and (d.kind not in kinds or (taken < 1 and rng.random() < 0.02)):
                kinds.add(d.kind)
                taken += 1
                found.append((game.clone(), seed))
            # Always the most to court: the province runs short (recall) in time.
            court = d.kind == DecisionKind.COURT
            game.apply(d.choices[-1] if court else rng.choice(d.choices))
    assert kinds == set(DecisionKind)  # every kind met
    assert {g.n for g, _ in found} == {2, 3, 4, 5}
    return found


def scoring(game: Game, p: int) -> tuple[int, ...]:
    """What a scoring of place `p` would give each seat now (as the game scores it)."""
    row = game.cab[p]
    if not any(row):
        return (0,) * game.n
    at = [b for b, where in enumerate(game.boards) if where == p]
    values = SCOREBOARDS[SCOREBOARD_IDS[at[0]]] if at else VALUES[PLACES[p]]
    if p == CASTILLO_INDEX:
        return score_place(row, values, game.n)[0]
    homes = [h == p for h in game.home]
    return score_place(row, values, game.n, king=game.king == p, homes=homes)[0]


_PLAYED: dict[tuple[int, Choice], tuple[Game, tuple[int, ...], Game]] = {}


def played_out(base: Game, choice: Choice) -> tuple[Game, tuple[int, ...]]:
    """`choice` played out from `base` with the search's play-out, and the power cards of the
    round once every seat played one (the play-out goes on past them). Kept while `base`
    lives (three hints compare with the same first one)."""
    known = _PLAYED.get((id(base), choice))
    if known is not None and known[2] is base:
        return known[0], known[1]
    h = base.clone()
    h.apply_trusted(choice)
    while not all(h.played) and (d := h.decision) is not None and d.kind == DecisionKind.POWER:
        if h.round_i != base.round_i:  # the choice ended the round: the next one's are not
            break
        h.apply_trusted(greedy_choice(h, d.player))
    played = tuple(h.played)
    rollout(h, start=base.round_i)
    _PLAYED[(id(base), choice)] = (h, played, base)
    return h, played


def mean(xs: list[int]) -> int | float:
    r = round(sum(xs) / len(xs), 1)
    return int(r) if r == int(r) else r


def touched(a: Game, b: Game, p: int) -> bool:
    """Whether place `p` differs between two continuations: its Caballeros, the King or a
    Grande there, a scoreboard on it, or what a scoring of it gives."""
    return (
        a.cab[p] != b.cab[p]
        or (a.king == p) != (b.king == p)
        or [h == p for h in a.home] != [h == p for h in b.home]
        or [x == p for x in a.boards] != [x == p for x in b.boards]
        or scoring(a, p) != scoring(b, p)
    )


def check_reason(
    key: str, fields: dict[str, Any], bases: list[Game], seat: int, advised: Choice
) -> str:
    """The reason's claims, checked against the two choices played out from `bases` here;
    returns its key."""
    assert key in EN, key
    compared = fields.get("other")
    if key.startswith("bots.why.power"):
        compared = Choice("power", fields["other_card"])
        assert fields["card"] == advised.arg
    assert isinstance(compared, Choice) and compared != advised
    ends = [(played_out(b, advised), played_out(b, compared)) for b in bases]
    a_end = [e[0][0] for e in ends]
    b_end = [e[1][0] for e in ends]
    if key in PLACE_KEYS:
        p = PLACES.index(fields["place"])
        assert any(touched(x, y, p) for x, y in zip(a_end, b_end)), (key, fields)
        who = fields.get("seat", seat)
        if key == "bots.why.king":
            kings_a, kings_b = Counter(x.king for x in a_end), Counter(y.king for y in b_end)
            assert kings_a[p] == max(kings_a.values())
            assert kings_b[PLACES.index(fields["other_place"])] == max(kings_b.values())
        elif key.endswith("caballeros"):
            assert fields["count"] == mean([x.cab[p][who] for x in a_end])
            assert fields["other_count"] == mean([y.cab[p][who] for y in b_end])
        else:
            assert fields["count"] == mean([scoring(x, p)[who] for x in a_end])
            assert fields["other_count"] == mean([scoring(y, p)[who] for y in b_end])
        if key == "bots.why.place_rank":
            ranks_a = Counter(rank_positions(x.cab[p])[seat][0] for x in a_end)
            ranks_b = Counter(rank_positions(y.cab[p])[seat][0] for y in b_end)
            assert ranks_a[fields["rank"]] == max(ranks_a.values())
            assert ranks_b[fields["other_rank"]] == max(ranks_b.values())
            assert fields["rank"] != fields["other_rank"]
    elif key in ("bots.why.scored", "bots.why.rival_scored"):
        who = fields.get("seat", seat)
        assert fields["count"] == mean([x.score[who] - b.score[who] for x, b in zip(a_end, bases)])
        other = mean([y.score[who] - b.score[who] for y, b in zip(b_end, bases)])
        assert fields["other_count"] == other
    elif key == "bots.why.court":
        assert fields["count"] == mean([x.court[seat] for x in a_end])
        assert fields["other_count"] == mean([y.court[seat] for y in b_end])
    elif key == "bots.why.same":
        for x, y in zip(a_end, b_end):
            assert x.cab == y.cab and x.king == y.king
            assert x.score == y.score and x.court[seat] == y.court[seat]
    elif key.startswith("bots.why.power"):
        check_power(key, fields, bases, seat, advised, compared, ends)
    else:
        raise AssertionError(f"a reason of no known kind: {key}")
    return key


def check_power(
    key: str,
    fields: dict[str, Any],
    bases: list[Game],
    seat: int,
    advised: Choice,
    compared: Choice,
    ends: list[Any],
) -> None:
    """A power card's reason: whom it places the seat before or after (in most draws), the
    Caballeros each card brings (no more than the province holds), what it comes to by the
    round's end (when that speaks for it), the card kept."""
    card, other = int(advised.arg), int(compared.arg)  # type: ignore[arg-type]
    base = bases[0]

    def ahead(k: int) -> set[int]:
        votes = Counter(
            o for e in ends for o in range(base.n) if o != seat and e[k][1][seat] > e[k][1][o]
        )
        return {o for o, v in votes.items() if 2 * v > len(ends)}

    gained, lost = ahead(0) - ahead(1), ahead(1) - ahead(0)
    if key == "bots.why.power_before":
        assert set(fields["seats"]) == gained and gained and card > other
    elif key == "bots.why.power_after":
        assert set(fields["seats"]) == lost and lost and not gained and card < other
    else:
        assert key == "bots.why.power_order" and not gained and not lost
    more = dict(fields["more"])
    # What the card comes to by the round's end, when that speaks for it: checked as any reason.
    told = [(k, f) for k, f in fields["more"] if not k.startswith("bots.why.power")]
    assert len(told) <= 1
    for k, f in told:
        assert f["other"] == compared and is_favoured(k, f) and k != "bots.why.king"
        check_reason(k, f, bases, seat, advised)
    brings = min(POWER_CABALLEROS[card], base.province[seat])
    other_brings = min(POWER_CABALLEROS[other], base.province[seat])
    if brings != other_brings:
        assert more["bots.why.power_court"] == {"count": brings, "other_count": other_brings}
    else:
        assert more["bots.why.power_court_same"] == {"count": brings}
    keeps = more.get("bots.why.power_keeps") or more.get("bots.why.power_keeps_hand")
    if base.round_i + 1 < (len(base.view(seat).rounds)):
        assert keeps is not None and keeps["card"] == other
        assert keeps["brings"] == POWER_CABALLEROS[other]
        left = [v for v in range(13, 0, -1) if base.hand[seat] >> v & 1 and v != card]
        assert keeps.get("cards", left) == left and other in left
    else:
        assert keeps is None  # no later round to keep a card for


def hint_draws(view: View, seed: int) -> list[Game]:
    rng = random.Random(seed)
    return [determinize(view, rng) for _ in range(DRAWS if hides_something(view) else 1)]


def test_every_hints_reason_names_what_its_choice_changes_with_the_analysis_numbers() -> None:
    keys: Counter[str] = Counter()
    favoured = 0
    for game, seed in positions():
        d = game.decision
        assert d is not None
        view = game.view(d.player)
        hints = analyse(view, d, budget=1e9, iterations=min(len(d.choices), 4), seed=seed)
        assert hints
        bases = hint_draws(view, seed)
        for i, h in enumerate(hints):
            compared = h.reason.get("other")
            if h.reason_key.startswith("bots.why.power"):
                compared = Choice("power", h.reason["other_card"])
            # The first hint against the second; every other against the first.
            assert compared == hints[1 if i == 0 and len(hints) > 1 else 0].choice
            keys[check_reason(h.reason_key, h.reason, bases, d.player, h.choice)] += 1
            assert h.reason_text(NAMES, d) and reason_text(h.reason_key, h.reason, NAMES)
        favoured += is_favoured(hints[0].reason_key, hints[0].reason)
    main = {"bots.why.place", "bots.why.rival", "bots.why.rival_scored", "bots.why.court"}
    assert set(keys) >= main | {"bots.why.power_before", "bots.why.power_after"}, keys
    assert favoured >= 0.9 * len(positions())  # the first hint's reason speaks for it


def is_favoured(key: str, fields: dict[str, Any]) -> bool:
    """Whether a reason speaks for its choice: more for the seat, less for another seat (a
    power card's and an equal's always do)."""
    if key.startswith("bots.why.power") or key in ("bots.why.same", "bots.why.king"):
        return True
    if key in ("bots.why.place_rank",):
        return bool(fields["rank"] < fields["other_rank"])
    ours = "seat" not in fields
    return bool((fields["count"] > fields["other_count"]) == ours)


def test_every_review_reason_names_what_the_best_choice_changes_against_the_one_made() -> None:
    settings = Settings(draws=2, min_draws=2, batch=2)
    checked: Counter[str] = Counter()
    favoured = 0
    for game, _ in positions()[::3]:
        d = game.decision
        assert d is not None
        made = d.choices[-1]
        task = Task(game.moves, d.player, game.round, game.view(d.player), d, made)
        v = review_decision(task, settings)
        view = task.view
        rng = random.Random(public_seed(settings, task))
        wanted = settings.draws if hides_something(view) else 1
        bases = [determinize(view, rng) for _ in range(min(wanted, DRAWS))]
        compared = v.reason.get("other")
        if v.reason_key.startswith("bots.why.power"):
            compared = Choice("power", v.reason["other_card"])
        assert compared == (v.choice if v.best != v.choice else compared)
        assert compared != v.best
        checked[check_reason(v.reason_key, v.reason, bases, v.seat, v.best)] += 1
        favoured += is_favoured(v.reason_key, v.reason)
    assert sum(checked.values()) >= 8
    assert favoured >= 0.9 * sum(checked.values())


def test_reasons_read_in_both_languages() -> None:
    game, seed = positions()[0]  # a power card
    d = game.decision
    assert d is not None and d.kind == DecisionKind.POWER
    hints = analyse(game.view(d.player), d, budget=1e9, iterations=4, seed=seed)
    english = hints[0].reason_text(NAMES, d)
    use("ko")  # (the test's language is English again after it)
    korean = hints[0].reason_text(NAMES, d)
    assert korean != english and any("\uac00" <= c <= "\ud7a3" for c in korean)
    for claim in (hints[0].reason["card"], hints[0].reason["other_card"]):
        assert str(claim) in english and str(claim) in korean
