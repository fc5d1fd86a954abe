"""Blue Moon's hooks for the search agent (:mod:`cardwright.agents.ismcts`): an evaluation for
rollouts cut short after about one fight.

The game is a tug of war over three dragons, so the evaluation is mostly the dragon balance,
then the cards each side has left (running out ends the game) and who leads the fight now.
"""

from __future__ import annotations

import math
from typing import Any

from .game import BlueMoon
from .state import BMState


def evaluate(g: BlueMoon, s: BMState) -> list[float]:
    """Seat 0's and seat 1's chances, from a logistic of the position's balance."""
    zones = s.zones
    cards = [len(zones[f"hand:{seat}"]) + len(zones[f"deck:{seat}"]) for seat in (0, 1)]
    x = 1.0 * (s.dragons[0] - s.dragons[1]) + 0.05 * (cards[0] - cards[1])
    if s.fight_started and s.element:
        lead = g.total_power(s, 0) - g.total_power(s, 1)
        x += 0.4 * math.tanh(lead / 3.0)
    p = 1.0 / (1.0 + math.exp(-x))
    return [p, 1.0 - p]


HOOKS: dict[str, Any] = {"evaluate": evaluate, "depth": 12, "iterations": 400}
