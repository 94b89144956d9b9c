"""The tournament report's arithmetic (standard library only): a share's Wilson interval, a
mean's interval, and Bradley–Terry ratings with intervals clustered by deal.

    wilson(8, 10)                    # (0.490, 0.943): 95 %
    mean_interval([3, 5, 7])         # (5.0, 2.74, 7.26)
    rated = bradley_terry(2, [[(0, 1, 1.0)], [(0, 1, 0.0)], ...])   # one list of pairs a deal
    rated.elo[0], rated.elo_low[0], rated.elo_high[0]

**Bradley–Terry**: every two seats of a game held by different entrants are one comparison
(the better score wins it, equal scores draw: half each); entrant i beats j with probability
π_i / (π_i + π_j). The strengths are the maximum of the likelihood (Hunter's MM algorithm)
with one drawn comparison between every two entrants added (a prior: an entrant that won
every comparison still gets a finite rating), shown on the Elo scale (400·log10 π, the
entrants' mean at 0: a difference of 200 is a 76 % chance to outscore). The interval is
±1.96 standard errors from the sandwich estimator clustered by deal: the comparisons of one
game, and the games of one deal (the same cards in every rotation), are not independent,
so the deals are the independent draws.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Z95", "Ratings", "bradley_terry", "mean_interval", "wilson"]

#: The normal distribution's 97.5 % quantile: a two-sided 95 % interval is ±Z95 errors.
Z95 = 1.959963984540054
#: Rating points (Elo's scale) of one unit of log strength.
ELO = 400.0 / math.log(10.0)

#: One comparison: entrant `i`, entrant `j`, i's result (1 ahead, 0.5 even, 0 behind).
Pair = tuple[int, int, float]


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of `successes` in `trials` (0, 0: no trials)."""
    if trials <= 0:
        return 0.0, 0.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    low = 0.0 if successes <= 0 else max(0.0, (centre - spread) / scale)
    high = 1.0 if successes >= trials else min(1.0, (centre + spread) / scale)
    return low, high


def mean_interval(
    values: Sequence[float], z: float = Z95
) -> tuple[float, float | None, float | None]:
    """The mean of `values` and its normal 95 % interval (mean ± z·s/√n, s the sample
    standard deviation); None, None with fewer than two values (no spread to tell from)."""
    n = len(values)
    if n == 0:
        return 0.0, None, None
    mean = math.fsum(values) / n
    if n < 2:
        return mean, None, None
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return mean, mean - half, mean + half


@dataclass(frozen=True)
class Ratings:
    """Bradley–Terry ratings on the Elo scale (the mean at 0) with ±1.96 standard errors
    (None: too few deals to tell), and the covariance of the log strengths (`covariance`)."""

    elo: list[float]
    elo_low: list[float | None]
    elo_high: list[float | None]
    covariance: list[list[float]] | None

    def difference(self, i: int, j: int) -> tuple[float, float | None, float | None]:
        """i's rating minus j's, with its interval."""
        d = self.elo[i] - self.elo[j]
        if self.covariance is None:
            return d, None, None
        v = self.covariance
        se = math.sqrt(max(0.0, v[i][i] + v[j][j] - 2 * v[i][j])) * ELO
        return d, d - Z95 * se, d + Z95 * se


def bradley_terry(entrants: int, deals: Sequence[Sequence[Pair]], prior: float = 1.0) -> Ratings:
    """Bradley–Terry ratings of `entrants` from the comparisons of every deal (`deals`: one
    list of pairs a deal), with `prior` drawn comparisons between every two entrants."""
    k = entrants
    wins = [0.0] * k
    count = [[0.0] * k for _ in range(k)]
    for deal in deals:
        for i, j, s in deal:
            wins[i] += s
            wins[j] += 1 - s
            count[i][j] += 1
            count[j][i] += 1
    for i in range(k):
        for j in range(k):
            if i != j:
                count[i][j] += prior
        wins[i] += prior * (k - 1) / 2
    theta = _fit(wins, count)
    covariance = _covariance(theta, count, deals)
    mean = math.fsum(theta) / k
    elo = [(t - mean) * ELO for t in theta]
    if covariance is None:
        return Ratings(elo, [None] * k, [None] * k, None)
    half = [Z95 * math.sqrt(max(0.0, covariance[i][i])) * ELO for i in range(k)]
    return Ratings(
        elo,
        [e - h for e, h in zip(elo, half, strict=True)],
        [e + h for e, h in zip(elo, half, strict=True)],
        covariance,
    )


def _fit(wins: list[float], count: list[list[float]]) -> list[float]:
    """The log strengths that maximise the likelihood (Hunter 2004, the MM algorithm),
    their mean at 0."""
    k = len(wins)
    strength = [1.0] * k
    for _ in range(100_000):
        new = []
        for i in range(k):
            denominator = math.fsum(
                count[i][j] / (strength[i] + strength[j]) for j in range(k) if j != i
            )
            new.append(wins[i] / denominator if denominator > 0 else strength[i])
        centre = math.exp(math.fsum(math.log(s) for s in new) / k)
        new = [s / centre for s in new]
        moved = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if moved < 1e-13:
            break
    return [math.log(s) for s in strength]


def _covariance(
    theta: list[float], count: list[list[float]], deals: Sequence[Sequence[Pair]]
) -> list[list[float]] | None:
    """The sandwich covariance of the log strengths, clustered by deal, relative to the
    entrants' mean: H⁻¹ (C/(C−1) Σ g gᵀ) H⁻¹ with the last entrant's strength held (the
    scale has no origin), then centred. None with fewer than two deals."""
    k = len(theta)
    clusters = [d for d in deals if d]
    if len(clusters) < 2:
        return None

    def p(i: int, j: int) -> float:
        return 1.0 / (1.0 + math.exp(theta[j] - theta[i]))

    information = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j:
                w = count[i][j] * p(i, j) * p(j, i)
                information[i][i] += w
                information[i][j] -= w
    meat = [[0.0] * k for _ in range(k)]
    for deal in clusters:
        g = [0.0] * k
        for i, j, s in deal:
            r = s - p(i, j)
            g[i] += r
            g[j] -= r
        for a in range(k):
            for b in range(k):
                meat[a][b] += g[a] * g[b]
    factor = len(clusters) / (len(clusters) - 1)
    m = k - 1
    inverse = _inverse([row[:m] for row in information[:m]])
    if inverse is None:
        return None
    held = [[factor * meat[a][b] for b in range(m)] for a in range(m)]
    inner = _product(_product(inverse, held), inverse)
    full = [[inner[a][b] if a < m and b < m else 0.0 for b in range(k)] for a in range(k)]
    centre = [[(1.0 if a == b else 0.0) - 1.0 / k for b in range(k)] for a in range(k)]
    return _product(_product(centre, full), centre)


def _product(a: list[list[float]], b: list[list[float]]) -> list[list[float]]:
    return [
        [math.fsum(a[r][x] * b[x][c] for x in range(len(b))) for c in range(len(b[0]))]
        for r in range(len(a))
    ]


def _inverse(matrix: list[list[float]]) -> list[list[float]] | None:
    """Gauss–Jordan with partial pivoting; None for a singular matrix."""
    n = len(matrix)
    work = [row[:] + [1.0 if r == c else 0.0 for c in range(n)] for r, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(work[r][col]))
        if abs(work[pivot][col]) < 1e-300:
            return None
        work[col], work[pivot] = work[pivot], work[col]
        lead = work[col][col]
        work[col] = [x / lead for x in work[col]]
        for r in range(n):
            if r != col and work[r][col]:
                f = work[r][col]
                work[r] = [x - f * y for x, y in zip(work[r], work[col], strict=True)]
    return [row[n:] for row in work]
