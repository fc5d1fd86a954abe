"""Win rates with confidence intervals, and the summary of a batch."""

from __future__ import annotations

import math
from typing import Any

from cardwright.sim.runner import Batch


def wilson_interval(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
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
