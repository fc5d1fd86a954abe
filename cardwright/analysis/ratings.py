"""Ratings from who won: the Bradley–Terry model, generalised to games of more than two
players as Luce's choice model.

Each agent ``i`` has a strength ``exp(theta_i)``; in a game between the seated agents ``S`` the
chance that ``i`` wins is ``exp(theta_i) / sum(exp(theta_j) for j in S)``. With two players this
is Bradley–Terry. A game's outcome is a share of the win for each seated agent (1 for the
winner; a win shared by k players or a draw among all of them is split evenly), which keeps
the likelihood proper for draws and shared wins.

The fit is Newton's method on the log-likelihood plus a weak normal prior (standard deviation
:data:`PRIOR_SD` on the natural-log scale, about 700 Elo), which keeps the rating of an agent
that never lost (or never won) finite. The 95% intervals come from the curvature at the optimum
(the inverse of the observed information). Ratings are reported on the Elo scale
(``400 / ln 10`` per unit of ``theta``) and centred on the mean of the agents; the interval of
each is that of its difference from the mean.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

PRIOR_SD = 4.0
ELO = 400.0 / math.log(10.0)
Z95 = 1.959964


@dataclass(frozen=True)
class Rating:
    """An agent's rating (Elo scale, mean of the agents = 0) with its 95% interval."""

    elo: float
    low: float
    high: float


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix x = vector`` (small, symmetric positive definite) by elimination."""
    n = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / lead
                row, top = a[r], a[col]
                for c in range(col, n + 1):
                    row[c] -= f * top[c]
    return [a[i][n] / a[i][i] for i in range(n)]


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    n = len(matrix)
    columns = [_solve(matrix, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[columns[c][r] for c in range(n)] for r in range(n)]


def fit(
    agents: int, games: Sequence[tuple[Sequence[int], Sequence[float]]]
) -> tuple[list[float], list[list[float]]]:
    """The strengths ``theta`` and their covariance from ``games``: each the seated agents
    and each one's share of the win (the shares add up to 1)."""
    theta = [0.0] * agents
    precision = 1.0 / (PRIOR_SD * PRIOR_SD)
    info: list[list[float]] = []
    for _ in range(200):
        grad = [-t * precision for t in theta]
        info = [[precision if r == c else 0.0 for c in range(agents)] for r in range(agents)]
        for seated, shares in games:
            weights = [math.exp(theta[i]) for i in seated]
            total = sum(weights)
            probs = [w / total for w in weights]
            for a, i in enumerate(seated):
                grad[i] += shares[a] - probs[a]
                row = info[i]
                for b, j in enumerate(seated):
                    row[j] += (probs[a] if a == b else 0.0) - probs[a] * probs[b]
        step = _solve(info, grad)
        theta = [t + s for t, s in zip(theta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-10:
            break
    return theta, _inverse(info)


def ratings(agents: int, games: Sequence[tuple[Sequence[int], Sequence[float]]]) -> list[Rating]:
    """Each agent's Elo-scale rating, centred on the agents' mean, with a 95% interval.

    >>> r = ratings(2, [([0, 1], [1.0, 0.0])] * 30 + [([0, 1], [0.0, 1.0])] * 10)
    >>> round(r[0].elo - r[1].elo)
    190
    """
    if agents == 0:
        return []
    theta, cov = fit(agents, games)
    mean = sum(theta) / agents
    out = []
    for i in range(agents):
        # the variance of theta_i - mean(theta): e' C e with e = unit_i - 1/n
        e = [(1.0 if j == i else 0.0) - 1.0 / agents for j in range(agents)]
        var = sum(e[r] * cov[r][c] * e[c] for r in range(agents) for c in range(agents))
        half = Z95 * math.sqrt(max(var, 0.0))
        centre = theta[i] - mean
        out.append(Rating(centre * ELO, (centre - half) * ELO, (centre + half) * ELO))
    return out
