"""Cardwright's public library API: the names a script imports (``docs/api.md``).

Everything here is stable: a name keeps its meaning and signature across releases, and a
change that breaks one is announced in ``docs/api.md``. The modules these names come from
(:mod:`cardwright.core`, :mod:`cardwright.sim`, :mod:`cardwright.agents`) are internals a
script should not need; what is not named here may move.

    >>> from cardwright.api import get_game, play_game
    >>> outcome, _ = play_game("bizarre-world", None, seed=1, agents=["random", "random"])
    >>> outcome.decisions > 0
    True
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from cardwright.agents import Agent, RandomAgent, make_agent
from cardwright.agents.specs import AgentSpec, describe_agents, parse_spec, split_agents
from cardwright.analysis.stats import summarize, wilson_interval
from cardwright.core.errors import (
    CardwrightError,
    ConfigError,
    DataError,
    EngineError,
    IllegalChoice,
)
from cardwright.core.game import Game
from cardwright.core.state import Decision, LogEvent, Option, Result, State, clone, state_hash
from cardwright.core.views import determinize
from cardwright.games import get_game, playable_games
from cardwright.sim.records import (
    GameRecord,
    Replayed,
    check_replay,
    load_record,
    replay,
    save_record,
)
from cardwright.sim.runner import Batch, GameOutcome, play_game, simulate
from cardwright.sim.store import load_game, open_store, simulate_into

try:
    __version__ = version("cardwright")
except PackageNotFoundError:  # pragma: no cover (a bare source tree, not installed)
    __version__ = "0+unknown"


__all__ = [
    "Agent",
    "AgentSpec",
    "Batch",
    "CardwrightError",
    "ConfigError",
    "DataError",
    "Decision",
    "EngineError",
    "Game",
    "GameOutcome",
    "GameRecord",
    "IllegalChoice",
    "LogEvent",
    "Option",
    "RandomAgent",
    "Replayed",
    "Result",
    "State",
    "__version__",
    "check_replay",
    "clone",
    "describe_agents",
    "determinize",
    "get_game",
    "load_game",
    "load_record",
    "make_agent",
    "open_store",
    "parse_spec",
    "play_game",
    "playable_games",
    "replay",
    "save_record",
    "simulate",
    "simulate_into",
    "split_agents",
    "state_hash",
    "summarize",
    "wilson_interval",
]
