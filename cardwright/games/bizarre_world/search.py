"""Bizarre World's hooks for the search agent (:mod:`cardwright.agents.ismcts`).

Speed duels are short (about 55 decisions between heuristic players), but rollouts played to
the end with the heuristic for both seats judge a position by how the heuristic would go on,
and their outcome is noisy; rollouts cut after 20 decisions (about one turn each) and scored by
an evaluation (a race: life against the attack each side's creatures can make, plus resources
and cards in hand) won more from the second seat and are cheaper, so the default budget is
1,000 iterations (about one second per decision on one core, see ``docs/benchmarks.md``).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .generator import card_def
from .state import BWState

if TYPE_CHECKING:
    from .game import BizarreWorld


def _side(s: BWState, seat: int, ruleset: str) -> tuple[float, float, float]:
    """(attack the seat's creatures can make, resources, cards in hand)."""
    attack = 0.0
    produce = 0.0
    cards = s.cards
    for cid in s.zones[f"play:{seat}"]:
        d = card_def(cards[cid].defn, ruleset)
        noun = d.noun
        attack += max(noun.attack, noun.alt_attack)
        produce += d.of.amount
    resources = len(s.zones[f"resources:{seat}"]) + produce
    return attack, resources, float(len(s.zones[f"hand:{seat}"]))


def evaluate(game: BizarreWorld, s: BWState) -> list[float]:
    """Each seat's chance of winning, estimated from a race: the life each side has left
    against the attack the other side's creatures can make next turn, plus a little for
    resources and cards in hand (a logistic of the difference)."""
    ruleset = s.config["ruleset"]
    a0, r0, h0 = _side(s, 0, ruleset)
    a1, r1, h1 = _side(s, 1, ruleset)
    life0, life1 = max(s.life[0], 0), max(s.life[1], 0)
    # turns each side needs to finish the other at its present attack
    t0 = life1 / max(a0 + s.attack[0], 0.5)
    t1 = life0 / max(a1 + s.attack[1], 0.5)
    x = 0.6 * (min(t1, 6.0) - min(t0, 6.0)) + 0.15 * (r0 - r1) + 0.1 * (h0 - h1)
    x += 0.1 * (life0 - life1)
    if s.active == 0:  # the seat to move strikes first
        x += 0.2
    else:
        x -= 0.2
    p0 = 1.0 / (1.0 + math.exp(-x))
    return [p0, 1.0 - p0]


#: rollouts cut after 20 decisions (about one turn each side), then the evaluation
HOOKS: dict[str, Any] = {"iterations": 1000, "evaluate": evaluate, "depth": 20}
