"""Smash Up's hooks for the search agent (:mod:`cardwright.agents.ismcts`): an evaluation for
rollouts cut short after about a turn.

Each player's prospects are their victory points plus, for every base in play, the points of
the place their power there would take, weighted by how close the base is to scoring; the
chances are a softmax of those prospects, sharper as the leader nears the points that win.
"""

from __future__ import annotations

import math
from typing import Any

from .game import SmashUp
from .scoring import places
from .state import SUState


def prospects(g: SmashUp, s: SUState) -> list[float]:
    """Victory points plus the expected points of the bases in play."""
    value = [float(v) for v in s.vp]
    for bid in s.zones["bases"]:
        placed, powers = places(g, s, bid)
        if not placed:
            continue
        closeness = min(1.0, sum(powers.values()) / max(1, g.breakpoint(s, bid)))
        vp = g.base_def(s, bid).vp
        for seat, place in placed.items():
            value[seat] += vp[place - 1] * closeness * closeness
    return value


def evaluate(g: SmashUp, s: SUState) -> list[float]:
    value = prospects(g, s)
    to_win = float(s.config.get("vp_to_win", 15))
    temperature = 1.5 + 0.2 * max(0.0, to_win - max(value))
    top = max(value)
    weights = [math.exp((v - top) / temperature) for v in value]
    total = sum(weights)
    return [w / total for w in weights]


HOOKS: dict[str, Any] = {"evaluate": evaluate, "depth": 20, "iterations": 200}
