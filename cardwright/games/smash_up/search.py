"""Smash Up's hooks for the search agent (:mod:`cardwright.agents.ismcts`): an evaluation for
rollouts cut short after about a turn.

Each player's prospects are their victory points plus, for every base in play, the points of
the place their power there would take, weighted by how close the base is to scoring, less
half a point for every Madness card they own (in a game with the Madness deck the game's end
takes 1 VP for every two, and a tie goes to the fewer); the chances are a softmax of those
prospects, sharper as the leader nears the points that win.
"""

from __future__ import annotations

import math
from typing import Any

from . import madness
from .game import SmashUp
from .scoring import places
from .state import SUState

#: what one Madness card a player owns costs them in prospects (1 VP for every two at the end)
MADNESS_COST = 0.5


def prospects(g: SmashUp, s: SUState) -> list[float]:
    """Victory points plus the expected points of the bases in play, less what the Madness
    cards each player owns will cost them at the end."""
    value = [float(v) for v in s.vp]
    if madness.in_game(s):
        for seat in range(len(value)):
            value[seat] -= MADNESS_COST * madness.madness_owned(s, seat)
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
