"""Reasons for advice: what the advised choice changes that another choice does not, with the
numbers (docs/bots.md, "Hints": the reasons).

A reason sets two choices of one decision side by side: the advised one and the one it is
compared with (a hint's runner-up, or the first hint for the others; the choice a reviewed
player made). Both are played on the same determinizations of the deciding seat's view
(`draws`), each applied and played on with the greedy rule to the start of the next round,
as the search's play-outs are (`Ending`: what a continuation ends with). What the two ends do
differently, averaged over the draws, is all a reason may say:

- a place: what a scoring of it would give the seat there and then, and its rank there, or
  what it would give another seat;
- the points the seat, or another seat, scores before the round ends;
- the Caballeros the seat has in court when the round ends;
- where no scoring changes: the Caballeros a place holds, where the King stands;
- for a power card: whom the seat places before or after this round, the Caballeros the card
  brings to court, what that comes to by the round's end (one of the above, when it speaks
  for the card), and the card kept for later rounds (with the Caballeros it brings).

A place's numbers differ only where the two continuations leave different Caballeros, King,
Grande or scoreboard there, so a reason never names a place neither choice touched. The
difference worth most to the seat is named (`explain`): a reason is one sentence, a power
card's up to four.

Fields (as `bots.hints.reason_text` reads them): `place` / `other_place` a place id, `seat` a
seat, `seats` a list of seats, `other` the compared choice, `rank` / `other_rank` a rank (1 =
1st), `cards` a list of power cards, `more` further sentences (key, fields).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from el_grande.bots.greedy import Memo, greedy_choice
from el_grande.bots.model import determinize
from el_grande.bots.strong import drawn, hides_something
from el_grande.core import (
    CASTILLO_INDEX,
    PLACES,
    POWER_CABALLEROS,
    ROUND_TRACKS,
    SCOREBOARD_IDS,
    SCOREBOARDS,
    VALUES,
    DecisionKind,
    rank_positions,
    score_place,
)

if TYPE_CHECKING:
    from el_grande.core import Choice, Game, View

__all__ = ["DRAWS", "Ending", "Endings", "draws", "ending", "explain", "play_on"]

#: The most draws of the unknowns a reason is worked out on (one when nothing hidden is
#: reached by a play-out: then one is exact).
DRAWS = 4
#: The longest continuation, in decisions (a round of five players is about 70).
STEPS = 160
#: What another seat's point there counts for against one of the seat's own, in choosing what
#: a reason says (the seat's own gains first).
RIVAL = 0.8
#: What a Caballero in court at the round's end counts for (`model.Weights.court`, about).
COURT = 0.9
#: What one more Caballero in a place counts for where no scoring changes (a firmer hold).
HOLD = 0.1
#: A power card's reason lists the hand left when it holds at most so many cards.
HAND = 6
#: Below this (in points, averaged over the draws) two continuations do not differ.
EPS = 0.05

_POWER = DecisionKind.POWER


class Ending:
    """What a continuation ends with, as a reason reads it: per place, each seat's Caballeros
    there (`cab`), what a scoring of it would give each seat there and then (`points`) and
    each seat's rank there (`ranks`, 0: no Caballero there); the King's region (`king`); the
    points each seat scored since the decision (`scored`); the Caballeros in court (`court`);
    and this round's power cards once every seat had played one (`played`; None if the
    continuation never got there)."""

    __slots__ = ("cab", "court", "king", "played", "points", "ranks", "scored")

    def __init__(self, game: Game, before: Game, played: tuple[int, ...] | None) -> None:
        n = game.n
        self.cab = [tuple(row) for row in game.cab]
        self.king = game.king
        self.points = [_scoring(game, p) for p in range(len(PLACES))]
        self.ranks = [
            tuple(pos for pos, _ in rank_positions(row)) if any(row) else (0,) * n
            for row in game.cab
        ]
        self.scored = [a - b for a, b in zip(game.score, before.score, strict=True)]
        self.court = list(game.court)
        self.played = played


def _scoring(game: Game, p: int) -> tuple[int, ...]:
    """What a scoring of place `p` would give each seat in `game` now, with the King's and
    home bonuses (R-K2 to R-K7)."""
    row = game.cab[p]
    if not any(row):
        return (0,) * game.n
    values = VALUES[PLACES[p]]
    for b, at in enumerate(game.boards):
        if at == p:
            values = SCOREBOARDS[SCOREBOARD_IDS[b]]
    if p == CASTILLO_INDEX:
        return score_place(row, values, game.n)[0]
    homes = [h == p for h in game.home]
    return score_place(row, values, game.n, king=game.king == p, homes=homes)[0]


def play_on(
    game: Game,
    check: Callable[[], None] | None = None,
    memo: Memo | None = None,
    start: int | None = None,
) -> tuple[int, ...] | None:
    """Play `game` on (in place) with the greedy rule for every seat to the start of the round
    after round `start` (a round index; default the game's current one: give the decision's,
    as the search's play-outs do, so that a choice which ended the round plays no further),
    or to the end of the game; return round `start`'s power cards once every seat had played
    one (None if that was not seen). `memo` saves work (the same play with or without it)."""
    start = game.round_i if start is None else start
    played = tuple(game.played) if all(game.played) else None
    for _ in range(STEPS):
        d = game.decision
        if d is None or (game.round_i != start and d.kind == _POWER):
            break
        if check is not None:
            check()
        choices = d.choices
        c = choices[0] if len(choices) == 1 else greedy_choice(game, d.player, check, memo)
        game.apply_trusted(c)
        if played is None and game.round_i == start and all(game.played):
            played = tuple(game.played)
    return played


def ending(
    base: Game, choice: Choice, check: Callable[[], None] | None = None, memo: Memo | None = None
) -> Ending:
    """`choice` applied to a copy of `base` (a determinization at the decision) and played on
    (`play_on`): what it ends with. `check` is called before every step."""
    if check is not None:
        check()
    h = base.clone()
    h.apply_trusted(choice)
    played = play_on(h, check, memo, base.round_i)
    return Ending(h, base, played)


def draws(view: View, rng: random.Random, most: int = DRAWS) -> list[Game]:
    """The determinizations a reason is worked out on: one when the view hides nothing a
    play-out reaches (it is exact), else `most`."""
    return [determinize(view, rng) for _ in range(most if hides_something(view) else 1)]


class Endings:
    """Continuations of a decision's choices on some determinizations (`bases`), worked out
    when first asked for and kept (the reasons of three hints share them; two draws alike in
    what a play-out can show, `strong.drawn`, share them too). `check` is called before every
    step; `memo` (the seat's: see `greedy.Memo`) saves work."""

    def __init__(
        self,
        bases: Sequence[Game],
        check: Callable[[], None] | None = None,
        memo: Memo | None = None,
    ) -> None:
        self.bases = list(bases)
        self.check = check
        self.memo = memo
        self.drawn = [drawn(b) for b in self.bases]
        self.known: dict[tuple[tuple[object, ...], Choice], Ending] = {}

    def of(self, i: int, choice: Choice) -> Ending:
        key = (self.drawn[i], choice)
        got = self.known.get(key)
        if got is None:
            got = self.known[key] = ending(self.bases[i], choice, self.check, self.memo)
        return got


def explain(
    endings: Endings, seat: int, advised: Choice, compared: Choice, count: int | None = None
) -> tuple[str, dict[str, Any]]:
    """Why `advised` rather than `compared` (choices of the decision at `endings`' bases, made
    by `seat`): a catalogue key and its fields (see the module's docstring), from the first
    `count` bases (all by default)."""
    bases = endings.bases[: count if count is not None else len(endings.bases)]
    base = bases[0]
    d = base.decision
    assert d is not None and d.player == seat
    a = [endings.of(i, advised) for i in range(len(bases))]
    b = [endings.of(i, compared) for i in range(len(bases))]
    _, key, fields = _headline(seat, compared, a, b)
    if d.kind == _POWER:
        return _power(base, seat, advised, compared, a, b, (key, fields))
    return key, fields


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs)


def number(x: float) -> int | float:
    """A number as a reason shows it: to a tenth, and whole when it is."""
    r = round(x, 1)
    return int(r) if r == int(r) else r


def _mode(values: Sequence[int], order: Callable[[int], int] = int) -> int:
    """The most common value (of the most common, the first in `order`)."""
    counts = Counter(values)
    top = max(counts.values())
    return min((v for v, k in counts.items() if k == top), key=order)


def _order(rank: int) -> int:
    """A rank for comparing: 0 (no Caballero there) after every other."""
    return rank or len(PLACES)


def _headline(
    seat: int, compared: Choice, a: list[Ending], b: list[Ending]
) -> tuple[float, str, dict[str, Any]]:
    """The difference between the two continuations worth most to `seat`, with its worth: a
    place (what a scoring would give the seat there, or another seat), the points scored by
    the round's end (the seat's or another's), the seat's court; where no scoring changes,
    the Caballeros a place holds, the King. When nothing favours the advised choice, the
    biggest difference the other way (why a runner-up is behind: a worth below 0)."""
    n = len(a[0].court)
    facts: list[tuple[float, str, dict[str, Any]]] = []

    def fact(worth: float, key: str, fields: dict[str, Any]) -> None:
        facts.append((worth, key, fields))

    for p in range(len(PLACES)):
        mine_a = _mean([e.points[p][seat] for e in a])
        mine_b = _mean([e.points[p][seat] for e in b])
        rank_a = _mode([e.ranks[p][seat] for e in a], _order)  # the better of equals
        rank_b = _mode([e.ranks[p][seat] for e in b], _order)
        if abs(mine_a - mine_b) >= EPS or rank_a != rank_b:
            fields = {"place": PLACES[p], "count": number(mine_a), "other_count": number(mine_b)}
            key = "bots.why.place"
            if rank_a and rank_b and rank_a != rank_b:
                fields |= {"rank": rank_a, "other_rank": rank_b}
                key = "bots.why.place_rank"
            # A better rank for the same points still counts a little (the next scoring).
            fact(mine_a - mine_b + 0.01 * (_order(rank_b) - _order(rank_a)), key, fields)
        for other in range(n):
            if other != seat:
                theirs_a = _mean([e.points[p][other] for e in a])
                theirs_b = _mean([e.points[p][other] for e in b])
                if abs(theirs_a - theirs_b) >= EPS:
                    fields = {"place": PLACES[p], "seat": other}
                    fields |= {"count": number(theirs_a), "other_count": number(theirs_b)}
                    fact(RIVAL * (theirs_b - theirs_a), "bots.why.rival", fields)
    for other in range(n):
        scored_a = _mean([e.scored[other] for e in a])
        scored_b = _mean([e.scored[other] for e in b])
        if abs(scored_a - scored_b) >= EPS:
            fields = {"count": number(scored_a), "other_count": number(scored_b)}
            if other == seat:
                fact(scored_a - scored_b, "bots.why.scored", fields)
            else:
                fact(
                    RIVAL * (scored_b - scored_a), "bots.why.rival_scored", fields | {"seat": other}
                )
    court_a = _mean([e.court[seat] for e in a])
    court_b = _mean([e.court[seat] for e in b])
    if abs(court_a - court_b) >= EPS:
        fields = {"count": number(court_a), "other_count": number(court_b)}
        fact(COURT * (court_a - court_b), "bots.why.court", fields)
    # Where no scoring would change: the Caballeros a place holds, and the King.
    for p in range(len(PLACES)):
        for who in range(n):
            here_a = _mean([e.cab[p][who] for e in a])
            here_b = _mean([e.cab[p][who] for e in b])
            if abs(here_a - here_b) >= EPS:
                fields = {"place": PLACES[p], "count": number(here_a)}
                fields["other_count"] = number(here_b)
                if who == seat:
                    fact(HOLD * (here_a - here_b), "bots.why.caballeros", fields)
                else:
                    fields["seat"] = who
                    fact(RIVAL * HOLD * (here_b - here_a), "bots.why.rival_caballeros", fields)
    king_a, king_b = _mode([e.king for e in a]), _mode([e.king for e in b])
    if king_a != king_b:
        fields = {"place": PLACES[king_a], "other_place": PLACES[king_b]}
        fact(EPS, "bots.why.king", fields)
    if not facts:
        return 0.0, "bots.why.same", {"other": compared}
    worth, key, fields = max(facts, key=lambda f: f[0])  # the first of equals: board order
    if worth < EPS:
        worth, key, fields = max(facts, key=lambda f: abs(f[0]))
    return worth, key, {**fields, "other": compared}


def _favours(key: str, fields: dict[str, Any]) -> bool:
    """Whether a difference (`_headline`'s) speaks for the advised choice: more for the seat,
    less for another seat (the King's place is neither)."""
    if key == "bots.why.king":
        return False
    if key == "bots.why.place_rank":
        return bool(fields["rank"] < fields["other_rank"])
    return bool((fields["count"] > fields["other_count"]) == ("seat" not in fields))


def _power(
    base: Game,
    seat: int,
    advised: Choice,
    compared: Choice,
    a: list[Ending],
    b: list[Ending],
    headline: tuple[str, dict[str, Any]],
) -> tuple[str, dict[str, Any]]:
    """A power card against another: whom the seat places before or after this round (in
    most draws: the cards still to come are the play-outs'), the Caballeros each brings to
    court, what that comes to by the round's end (the `headline`, when it favours the card),
    and the card kept for later rounds."""
    card, other = int(advised.arg), int(compared.arg)  # type: ignore[arg-type]
    n = base.n

    def ahead(ends: list[Ending]) -> set[int]:
        """The seats the seat places before in most draws."""
        votes = Counter(
            o
            for e in ends
            if e.played is not None
            for o in range(n)
            if o != seat and e.played[seat] > e.played[o]
        )
        return {o for o, k in votes.items() if 2 * k > len(ends)}

    before_a, before_b = ahead(a), ahead(b)
    cards: dict[str, Any] = {"card": card, "other_card": other}
    sentences: list[tuple[str, dict[str, Any]]]
    if before_a - before_b:
        sentences = [("bots.why.power_before", {"seats": sorted(before_a - before_b), **cards})]
    elif before_b - before_a:
        sentences = [("bots.why.power_after", {"seats": sorted(before_b - before_a), **cards})]
    else:
        sentences = [("bots.why.power_order", cards)]
    province = base.province[seat]
    brings, other_brings = (min(POWER_CABALLEROS[v], province) for v in (card, other))
    if brings != other_brings:
        court = {"count": brings, "other_count": other_brings}
        sentences.append(("bots.why.power_court", court))
    else:
        sentences.append(("bots.why.power_court_same", {"count": brings}))
    if headline[0] != "bots.why.same" and _favours(*headline):
        sentences.append(headline)
    rounds = len(ROUND_TRACKS[base.options.rounds]) - base.round_i - 1
    if rounds:  # a later round to play the card kept in
        left = [v for v in range(13, 0, -1) if base.hand[seat] >> v & 1 and v != card]
        keeps = {"card": other, "brings": POWER_CABALLEROS[other], "count": rounds}
        if len(left) <= HAND:
            sentences.append(("bots.why.power_keeps_hand", keeps | {"cards": left}))
        else:
            sentences.append(("bots.why.power_keeps", keeps))
    (key, fields), *more = sentences
    return key, {**fields, "more": more}
