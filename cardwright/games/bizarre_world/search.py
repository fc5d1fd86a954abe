"""Bizarre World's hooks for the search agent (:mod:`cardwright.agents.ismcts`).

Speed duels are short (about 55 decisions between heuristic players, 25 left from the middle of
a game), so rollouts play to the end of the game and need no evaluation; the hooks only set
the default budget (about one second per decision on one core, see ``docs/benchmarks.md``).
"""

from __future__ import annotations

from typing import Any

HOOKS: dict[str, Any] = {"iterations": 800}
