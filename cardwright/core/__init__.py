"""The game-agnostic rules core. It imports no game."""

from .effects import Modifier, Permission, allowed, compute
from .errors import CardwrightError, ConfigError, DataError, EngineError, IllegalChoice
from .game import AFTER, BEFORE, WHEN, Game
from .rng import LocalRng
from .rules import Rule, RulesIndex
from .state import (
    Card,
    Decision,
    LogEvent,
    Option,
    Result,
    State,
    Trigger,
    clone,
    from_json,
    state_hash,
    to_json,
)

__all__ = [
    "AFTER",
    "BEFORE",
    "WHEN",
    "Card",
    "CardwrightError",
    "ConfigError",
    "DataError",
    "Decision",
    "EngineError",
    "Game",
    "IllegalChoice",
    "LocalRng",
    "LogEvent",
    "Modifier",
    "Option",
    "Permission",
    "Result",
    "Rule",
    "RulesIndex",
    "State",
    "Trigger",
    "allowed",
    "clone",
    "compute",
    "from_json",
    "state_hash",
    "to_json",
]
