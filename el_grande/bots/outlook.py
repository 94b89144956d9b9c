"""The Hard player's value of where its play-outs end: each seat's estimated final points.

A play-out of the Hard player (`bots.strong.rollout`) ends where the next round starts, before
its power cards are chosen. `model.evaluate` values such a position by hand-set weights (a
place's points now, times how often it will be scored again; 0.9 a Caballero in court, 0.35 in
the province); `outlook` by weights fitted on where games went from such positions: for every
seat, its points scored plus

    sum(coefficient * feature)   over `FEATURES`

with one set of coefficients for each player count and round (`COEFFICIENTS`). The features
(`features`) are the seat's points if every region were scored now (`model.points_by_place`,
with the King's and home bonuses), the Castillo's, its Caballeros in court, in the regions and
in the Castillo (those in the province are what is left of its 30), the mean of the power
cards still in its hand, and whether it chooses its power card first this round. All of them
are public, or drawn by the determinization the play-out ran on (a hidden Castillo's split):
the value reads nothing a seat's search may not.

`bots.fit_outlook` fits the coefficients (least squares, on each seat's points to come less the
others' mean: the value is for comparing seats, and what all seats gain alike cancels) on games
of Medium players; `python -m el_grande.bots.fit_outlook PLAYERS 1500` prints a player count's
rows again, as they are below.

What the fit found (4 players): early in the game a Caballero in a region is worth about three
points more than one in the province, whatever majority it holds now, and one in court about
one; a point of majority now, about a third of a point (the majorities change hands); the
Castillo's Caballeros, 2 to 4 points each before a scoring. With 2 players, choosing the power
card first costs about 10 points over a game (the other player answers it) and a hand of
higher cards is worth more (the turns to come). docs/bots.md says what it changed.
"""

from __future__ import annotations

from el_grande.bots.model import evaluate, points_by_place
from el_grande.core import ROUND_TRACKS, Game, Phase
from el_grande.core.board import CASTILLO_INDEX

__all__ = ["COEFFICIENTS", "FEATURES", "features", "outlook", "rehanded"]

#: What `features` gives for a seat, in order: points of the regions and of the Castillo if
#: scored now, Caballeros in court, in the regions and in the Castillo, the mean power card in
#: hand, 1.0 for the seat that chooses its power card first.
FEATURES = ("regions", "castillo", "court", "board", "castle", "hand", "first")

_POWER = Phase.POWER
_HAND = FEATURES.index("hand")

#: Per player count, per round (the round-track number of the round about to start): the
#: coefficients of `FEATURES`. Fitted by `fit` (see the module's docstring).
COEFFICIENTS: dict[int, dict[int, tuple[float, ...]]] = {
    2: {
        2: (1.34, 0.23, 3.42, 3.10, 10.44, 0.20, -13.16),
        3: (1.22, 1.99, 2.32, 1.58, 3.24, 8.80, -10.00),
        4: (0.60, 0.00, 2.15, 2.01, 0.00, 8.91, -7.51),
        5: (0.78, 0.56, 1.54, 0.76, 3.20, 5.41, -8.85),
        6: (1.01, 0.56, 0.32, -1.15, 2.39, 4.67, -8.55),
        7: (0.47, 0.00, 1.53, -0.23, 0.00, 2.89, -0.62),
        8: (0.48, 0.92, 1.23, -0.29, -0.02, 1.72, -1.37),
        9: (0.60, 0.68, 0.67, -0.85, -0.00, 0.16, 2.61),
    },
    3: {
        2: (0.31, 0.03, 0.05, 1.50, 4.38, -6.58, -2.62),
        3: (0.49, 0.63, -0.04, 1.18, 2.82, -2.84, -0.11),
        4: (0.00, 0.00, 0.18, 0.66, 0.00, -1.39, 1.25),
        5: (0.47, -0.11, 0.49, 0.38, 3.24, -0.98, -1.67),
        6: (0.66, -0.12, 0.48, 0.15, 3.39, -0.38, -2.34),
        7: (0.31, 0.00, 0.72, -0.20, 0.00, 0.16, -0.18),
        8: (0.53, 0.50, 0.79, -0.31, 0.81, 0.12, -0.14),
        9: (0.58, 0.58, 0.63, -0.18, 1.08, 0.06, -0.30),
    },
    4: {
        2: (0.32, 0.44, 0.97, 3.08, 3.21, 0.65, -1.37),
        3: (0.31, 0.06, 0.73, 2.82, 4.36, 0.37, -0.18),
        4: (-0.23, 0.00, 0.53, 1.89, 0.00, 1.78, 0.34),
        5: (0.44, -0.60, 0.43, 0.85, 4.51, -1.05, -0.97),
        6: (0.61, 0.08, 0.30, 0.62, 2.92, -1.25, -0.70),
        7: (0.37, 0.00, 0.30, 0.08, 0.00, -0.56, 0.48),
        8: (0.58, 0.15, 0.40, -0.02, 1.33, -0.18, 0.51),
        9: (0.60, 0.06, 0.50, 0.11, 1.58, 0.08, 0.51),
    },
    5: {
        2: (0.23, -0.25, -0.09, 2.14, 4.62, 0.45, 5.60),
        3: (0.41, -0.40, 0.56, 2.52, 5.66, 8.13, -4.49),
        4: (-0.03, 0.00, 0.26, 1.63, 0.00, 4.69, 0.68),
        5: (0.42, -0.86, 0.30, 1.17, 5.35, 2.79, -1.53),
        6: (0.57, 0.09, 0.31, 1.03, 3.32, 1.03, -1.30),
        7: (0.34, 0.00, 0.30, 0.44, 0.00, 0.11, -0.21),
        8: (0.57, 0.17, 0.36, 0.28, 1.25, -0.01, 0.11),
        9: (0.59, 0.34, 0.42, 0.28, 1.26, 0.19, 1.57),
    },
}


def features(game: Game, seat: int) -> tuple[float, ...]:
    """`FEATURES` of `seat` in `game`."""
    return _features(game, points_by_place(game), seat)


def _features(game: Game, points: list[tuple[float, ...] | None], seat: int) -> tuple[float, ...]:
    """`features(game, seat)`, the places' points (`points_by_place(game)`) given."""
    regions = 0.0
    for p in range(CASTILLO_INDEX):
        got = points[p]
        if got is not None:
            regions += got[seat]
    castillo = points[CASTILLO_INDEX]
    cab = game.cab
    return (
        regions,
        castillo[seat] if castillo is not None else 0.0,
        float(game.court[seat]),
        float(sum(cab[p][seat] for p in range(CASTILLO_INDEX))),
        float(cab[CASTILLO_INDEX][seat]),
        _mean(game.hand[seat]),
        1.0 if game.start_player == seat else 0.0,
    )


def outlook(game: Game) -> list[float]:
    """Estimated final points per seat: at a round's start (before its power cards), the
    points scored plus the fitted terms (`COEFFICIENTS`); anywhere else, or without
    coefficients for the game's player count and round (the first round's start, where no
    play-out ends), `model.evaluate` (exact once the game is over)."""
    if game.over or game.phase != _POWER:
        return evaluate(game)
    coefficients = COEFFICIENTS.get(game.n, {}).get(game.round)
    if coefficients is None:
        return evaluate(game)
    points = points_by_place(game)
    return [
        score + sum(c * x for c, x in zip(coefficients, _features(game, points, s)))
        for s, score in enumerate(game.score)
    ]


def rehanded(values: list[float], game: Game, seat: int, held: int) -> list[float]:
    """`values`, the `outlook` of where a play-out from `game` ended (`game`: this round's
    power cards all chosen; the end: the next round's start, or the game's end after its last
    round), with `seat` holding the power cards `held` (a bitmask) there, for the hand it
    holds in `game` instead: the seat's hand term changed. Nothing in the round changes a
    hand once its power cards are chosen (unless the action card that takes one back is out:
    `strong.alike_cards`), so this is what a play-out of the other hand gives (`strong.Alike`
    shares one play-out between two cards that bring as many Caballeros)."""
    track = ROUND_TRACKS[game.options.rounds]
    if game.round_i + 1 >= len(track):
        return values  # the game's end: the points scored, no hand
    coefficients = COEFFICIENTS.get(game.n, {}).get(track[game.round_i + 1])
    if coefficients is None:
        return values
    changed = values[:]
    changed[seat] += coefficients[_HAND] * (_mean(game.hand[seat]) - _mean(held))
    return changed


def _mean(mask: int) -> float:
    """The mean of the power cards in `mask` (a bit a card value; 0.0 for none)."""
    hand = [v for v in range(1, 14) if mask >> v & 1]
    return sum(hand) / len(hand) if hand else 0.0
