"""Munchkin's hooks for the search agent (:mod:`cardwright.agents.ismcts`): an evaluation for
rollouts cut short after about two turns.

Heuristic games last about 1,000 decisions, so rollouts to the end would cost 60 ms each; the
search instead plays ``depth`` decisions and scores the table. The first to Level 10 wins, so
each player's prospects are its level, plus a little for the combat strength its equipment
gives and the cards it holds (what wins the next fights); the chances are a softmax of those
prospects, sharper as the leader nears Level 10 (a level is worth more then).
"""

from __future__ import annotations

import math
from typing import Any

from . import board
from .game import Munchkin
from .state import MKState


def prospects(g: Munchkin, s: MKState) -> list[float]:
    """Per seat: level + 0.15 x equipment bonus + 0.1 x cards in hand."""
    zones = s.zones
    value = []
    for seat, level in enumerate(s.level):
        items = sum(
            board.item_bonus(g, s, item)
            for item in s.equipped
            if board.holder(s, item) == seat and board.usable(g, s, seat, item)
        )
        held = len(zones[f"hand.door:{seat}"]) + len(zones[f"hand.treasure:{seat}"])
        value.append(level + 0.15 * items + 0.1 * held)
    return value


def evaluate(g: Munchkin, s: MKState) -> list[float]:
    value = prospects(g, s)
    top = max(value)
    temperature = 0.6 + 0.25 * max(0.0, board.MAX_LEVEL - top)
    weights = [math.exp((v - top) / temperature) for v in value]
    total = sum(weights)
    return [w / total for w in weights]


HOOKS: dict[str, Any] = {"evaluate": evaluate, "depth": 24, "iterations": 200}
