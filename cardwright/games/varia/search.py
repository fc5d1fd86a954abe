"""Varia's hooks for the search agent (:mod:`cardwright.agents.ismcts`): an evaluation for
rollouts cut short after about a turn.

A seat loses when its health reaches 0, so the evaluation is a logistic of the health
difference, scaled by the health left (a 5-point lead matters more when both are low), with a
little weight for the cards each side holds.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .state import VariaState

if TYPE_CHECKING:
    from .game import Varia


def evaluate(game: Varia, s: VariaState) -> list[float]:
    h0, h1 = (max(0, h) for h in s.health)
    hands = [len(s.zones[f"hand:{seat}"]) for seat in (0, 1)]
    x = 4.0 * (h0 - h1) / (h0 + h1 + 10.0) + 0.05 * (hands[0] - hands[1])
    p = 1.0 / (1.0 + math.exp(-x))
    return [p, 1.0 - p]


HOOKS: dict[str, Any] = {"evaluate": evaluate, "depth": 16, "iterations": 300}
