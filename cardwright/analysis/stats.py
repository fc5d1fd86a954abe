"""Win rates with confidence intervals, the differences between two of them, and the summary
of a batch.

Every interval here is a 95% interval by default (``z`` or ``level`` changes it):
:func:`wilson_interval` for one proportion, :func:`newcombe_interval` for the difference of two
independent proportions (Newcombe's hybrid score interval, his method 10, built from the two
Wilson intervals), :func:`welch_interval` for the difference of two means (Welch's t interval).
"""

from __future__ import annotations

import math
from typing import Any

from cardwright.sim.runner import Batch

#: The standard normal quantile of a two-sided 95% interval.
Z95 = 1.959964


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion (draws count as half a win).

    >>> lo, hi = wilson_interval(50, 100); round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def newcombe_interval(
    wins1: float, n1: int, wins2: float, n2: int, z: float = Z95
) -> tuple[float, float, float]:
    """``p1 - p2`` and its interval by Newcombe's hybrid score method (method 10 of Newcombe,
    *Interval estimation for the difference between independent proportions*, Statistics in
    Medicine 17, 1998), from the Wilson intervals of the two proportions. It stays inside
    [-1, 1] and behaves at 0 and 1, where the textbook Wald interval does not. NaNs when either
    side has no games.
    """
    if n1 <= 0 or n2 <= 0:
        return (math.nan, math.nan, math.nan)
    p1, p2 = wins1 / n1, wins2 / n2
    l1, u1 = wilson_interval(wins1, n1, z)
    l2, u2 = wilson_interval(wins2, n2, z)
    d = p1 - p2
    return (d, d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2))


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz's method)."""
    tiny = 1e-300

    def step(coefficient: float, c: float, d: float) -> tuple[float, float]:
        d = 1 + coefficient * d
        c = 1 + coefficient / c
        return (c if abs(c) > tiny else tiny), 1 / (d if abs(d) > tiny else tiny)

    _, d = step(-(a + b) * x / (a + 1), 1.0, 1.0)
    c, h = 1.0, d
    for m in range(1, 300):
        even = m * (b - m) * x / ((a - 1 + 2 * m) * (a + 2 * m))
        c, d = step(even, c, d)
        h *= d * c
        odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 1 + 2 * m))
        c, d = step(odd, c, d)
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return h


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom (any real ``df`` > 0)."""
    tail = 0.5 * _incomplete_beta(df / 2, 0.5, df / (df + t * t))
    return 1 - tail if t >= 0 else tail


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (bisection on
    :func:`t_cdf`; ``df`` may be fractional, as Welch's is)."""
    if not 0 < p < 1 or df <= 0:
        raise ValueError(f"t_quantile needs 0 < p < 1 and df > 0, not p={p}, df={df}")
    if p < 0.5:
        return -t_quantile(1 - p, df)
    lo, hi = 0.0, 1.0
    while t_cdf(hi, df) < p:
        lo, hi = hi, hi * 2
    for _ in range(200):
        mid = (lo + hi) / 2
        if t_cdf(mid, df) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-12 * max(1.0, hi):
            break
    return (lo + hi) / 2


def welch_interval(
    mean1: float, var1: float, n1: int, mean2: float, var2: float, n2: int, level: float = 0.95
) -> tuple[float, float, float]:
    """``mean1 - mean2`` and Welch's t interval (sample variances ``var1``, ``var2``; the
    Welch-Satterthwaite degrees of freedom). NaNs when either side has fewer than two values.
    """
    if n1 < 2 or n2 < 2:
        return (math.nan, math.nan, math.nan)
    d = mean1 - mean2
    a, b = var1 / n1, var2 / n2
    se = math.sqrt(a + b)
    if se == 0:
        return (d, d, d)
    df = (a + b) ** 2 / (a * a / (n1 - 1) + b * b / (n2 - 1))
    half = t_quantile(0.5 + level / 2, df) * se
    return (d, d - half, d + half)


def summarize(batch: Batch, *, timing: bool = False) -> dict[str, Any]:
    """A JSON-ready summary. Without ``timing`` it is byte-for-byte reproducible."""
    n = len(batch.outcomes)
    per_seat = []
    for seat in range(batch.players):
        wins = sum(1 for o in batch.outcomes if o.winners == (seat,))
        draws = sum(1 for o in batch.outcomes if not o.winners)
        score = wins + 0.5 * draws
        lo, hi = wilson_interval(score, n)
        per_seat.append(
            {
                "seat": seat,
                "agent": batch.agents[seat],
                "wins": wins,
                "win_rate": round(wins / n, 4) if n else 0.0,
                "score_rate": round(score / n, 4) if n else 0.0,
                "ci95": [round(lo, 4), round(hi, 4)],
            }
        )
    per_agent: dict[str, dict[str, Any]] = {}
    for name in dict.fromkeys(batch.agents):
        seats = [i for i, a in enumerate(batch.agents) if a == name]
        games = n * len(seats)
        wins = sum(1 for o in batch.outcomes for s in seats if o.winners == (s,))
        lo, hi = wilson_interval(wins, games)
        per_agent[name] = {
            "seats": seats,
            "wins": wins,
            "win_rate": round(wins / games, 4) if games else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
        }
    decisions = sum(o.decisions for o in batch.outcomes)
    summary: dict[str, Any] = {
        "game": batch.game,
        "games": n,
        "seed": batch.seed,
        "agents": batch.agents,
        "config": batch.config,
        "draws": sum(1 for o in batch.outcomes if not o.winners),
        "seats": per_seat,
        "by_agent": per_agent,
        "mean_turns": round(sum(o.turns for o in batch.outcomes) / n, 3) if n else 0.0,
        "mean_decisions": round(decisions / n, 3) if n else 0.0,
    }
    if timing:
        seconds = sum(o.seconds for o in batch.outcomes)
        summary["cpu_seconds"] = round(seconds, 3)
        summary["decisions_per_second"] = round(decisions / seconds, 1) if seconds else 0.0
    return summary
