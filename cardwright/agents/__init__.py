"""Agents: anything that answers a decision. They see games only through the core's interfaces.

An agent gets the game, a state and its seat, and returns an option id of the pending decision.
Agents that must not cheat (humans, network clients) are given ``game.view(state, seat)``;
the built-in AIs read only what the seat may know (their own hand and public zones), which lets
simulations skip building a view for every decision.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from cardwright.core.errors import ConfigError
from cardwright.core.game import Game
from cardwright.core.rng import LocalRng
from cardwright.core.state import State


class Agent(Protocol):
    name: str

    def choose(self, game: Game, state: State, seat: int) -> str: ...


class RandomAgent:
    """Picks uniformly among the legal options, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = LocalRng(seed)

    def choose(self, game: Game, state: State, seat: int) -> str:
        assert state.decision is not None
        options = state.decision.options
        return options[self.rng.randbelow(len(options))].id


AgentFactory = Callable[[str, int], Agent]


def _heuristic(game_id: str, seed: int) -> Agent:
    """The game's own rule-based player (named in the game registry)."""
    from cardwright.games import GAMES

    entry = GAMES.get(game_id)
    cls = entry.tool("heuristic") if entry is not None else None
    if cls is None:
        raise ConfigError(f"no heuristic agent for {game_id} yet; agents: random")
    agent: Agent = cls(seed)
    return agent


AGENTS: dict[str, AgentFactory] = {
    "random": lambda game_id, seed: RandomAgent(seed),
    "heuristic": _heuristic,
}


def make_agent(name: str, game_id: str, seed: int) -> Agent:
    """An agent by name (``random`` or ``heuristic``), seeded."""
    factory = AGENTS.get(name)
    if factory is None:
        raise ConfigError(f"unknown agent {name!r}; agents: {', '.join(AGENTS)}")
    return factory(game_id, seed)
