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


AgentFactory = Callable[[str, int, dict[str, object]], Agent]


def _heuristic(game_id: str, seed: int, params: dict[str, object]) -> Agent:
    """The game's own rule-based player (named in the game registry)."""
    from cardwright.games import GAMES

    entry = GAMES.get(game_id)
    cls = entry.tool("heuristic") if entry is not None else None
    if cls is None:
        raise ConfigError(f"no heuristic agent for {game_id} yet; agents: random, ismcts")
    agent: Agent = cls(seed)
    return agent


def _ismcts(game_id: str, seed: int, params: dict[str, object]) -> Agent:
    """Information-set MCTS (:mod:`cardwright.agents.ismcts`) with the spec's parameters."""
    from .ismcts import ISMCTSAgent, SearchConfig

    return ISMCTSAgent(game_id, seed, SearchConfig(**params))  # type: ignore[arg-type]


AGENTS: dict[str, AgentFactory] = {
    "random": lambda game_id, seed, params: RandomAgent(seed),
    "heuristic": _heuristic,
    "ismcts": _ismcts,
}


def make_agent(spec: str, game_id: str, seed: int) -> Agent:
    """An agent by spec (``random``, ``heuristic``, ``ismcts:iterations=400`` ...: see
    :mod:`cardwright.agents.specs`), seeded. A bad spec is a one-line ``ConfigError``."""
    from .specs import parse_spec

    parsed = parse_spec(spec)
    return AGENTS[parsed.name](game_id, seed, parsed.params)
