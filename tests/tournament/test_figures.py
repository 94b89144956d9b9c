"""The report's arithmetic against values worked out by hand: Wilson intervals, a mean's
interval, Bradley–Terry ratings (with the prior of one drawn comparison between every two
entrants) and their intervals clustered by deal."""

from __future__ import annotations

import math
import random

import pytest

from el_grande.tournament.figures import ELO, Z95, bradley_terry, mean_interval, wilson


def test_wilson_intervals() -> None:
    assert wilson(8, 10) == pytest.approx((0.4901625, 0.9433178), abs=1e-6)
    assert wilson(50, 100) == pytest.approx((0.4038315, 0.5961685), abs=1e-6)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775328, abs=1e-6)
    assert wilson(10, 10) == pytest.approx((0.7224672, 1.0), abs=1e-6)
    assert wilson(0, 0) == (0.0, 0.0)
    assert wilson(0, 30_000)[0] == 0.0 and wilson(30_000, 30_000)[1] == 1.0  # exactly


def test_a_mean_and_its_interval() -> None:
    mean, low, high = mean_interval([3, 5, 7])
    assert mean == 5.0
    assert (low, high) == pytest.approx((5 - Z95 * 2 / math.sqrt(3), 5 + Z95 * 2 / math.sqrt(3)))
    assert mean_interval([4]) == (4.0, None, None)  # one value: no spread to tell from
    assert mean_interval([]) == (0.0, None, None)


def test_two_entrants_by_hand() -> None:
    """A ahead in 3 of 4 deals (one comparison each): with the prior's drawn comparison,
    π_A / π_B = 3.5 / 1.5. The clustered variance of d = θ_A − θ_B: p = 0.7, information
    5·p·(1 − p) = 1.05, scores 0.3, 0.3, 0.3, −0.7 (Σ² = 0.76) times 4/3 for 4 deals."""
    deals = [[(0, 1, 1.0)], [(0, 1, 1.0)], [(1, 0, 0.0)], [(0, 1, 0.0)]]
    rated = bradley_terry(2, deals)
    difference = 400 * math.log10(3.5 / 1.5)
    assert rated.elo == pytest.approx([difference / 2, -difference / 2], abs=1e-9)
    se = math.sqrt(4 / 3 * 0.76) / 1.05 * ELO
    d, low, high = rated.difference(0, 1)
    assert d == pytest.approx(difference, abs=1e-9)
    assert (low, high) == pytest.approx((d - Z95 * se, d + Z95 * se), abs=1e-6)
    assert rated.elo_low[0] == pytest.approx(difference / 2 - Z95 * se / 2, abs=1e-6)
    assert rated.elo_high[1] == pytest.approx(-difference / 2 + Z95 * se / 2, abs=1e-6)


def test_a_cycle_and_draws_rate_everybody_alike() -> None:
    cycle = [[(0, 1, 1.0)], [(0, 1, 1.0)], [(0, 1, 0.0)]]  # A beats B 2:1
    cycle += [[(1, 2, 1.0)], [(1, 2, 1.0)], [(1, 2, 0.0)]]  # B beats C 2:1
    cycle += [[(2, 0, 1.0)], [(2, 0, 1.0)], [(2, 0, 0.0)]]  # C beats A 2:1
    assert bradley_terry(3, cycle).elo == pytest.approx([0, 0, 0], abs=1e-9)
    draws = bradley_terry(2, [[(0, 1, 0.5)], [(1, 0, 0.5)]])
    assert draws.elo == pytest.approx([0, 0], abs=1e-9)


def test_a_clean_sweep_is_finite_and_one_deal_has_no_interval() -> None:
    sweep = bradley_terry(2, [[(0, 1, 1.0)] * 3 for _ in range(10)])
    assert sweep.elo[0] == pytest.approx(200 * math.log10(30.5 / 0.5), abs=1e-9)
    one = bradley_terry(2, [[(0, 1, 1.0), (0, 1, 0.0)]])
    assert one.elo_low == [None, None] and one.difference(0, 1)[1] is None


def test_the_fit_is_the_likelihood_s_maximum() -> None:
    """Three entrants, uneven results: the gradient of the log likelihood (with the prior)
    is zero at the fitted strengths."""
    rng = random.Random(5)
    truth = [0.0, 0.8, -0.5]
    deals = []
    for _ in range(60):
        deal = []
        for i, j in ((0, 1), (1, 2), (0, 2)):
            p = 1 / (1 + math.exp(truth[j] - truth[i]))
            deal.append((i, j, 1.0 if rng.random() < p else 0.0))
        deals.append(deal)
    theta = [e / ELO for e in bradley_terry(3, deals).elo]
    gradient = [0.0, 0.0, 0.0]
    pairs = [pair for deal in deals for pair in deal]
    pairs += [(i, j, 0.5) for i in range(3) for j in range(i + 1, 3)]  # the prior
    for i, j, s in pairs:
        r = s - 1 / (1 + math.exp(theta[j] - theta[i]))
        gradient[i] += r
        gradient[j] -= r
    assert gradient == pytest.approx([0, 0, 0], abs=1e-8)
    assert theta[1] > theta[0] > theta[2]
