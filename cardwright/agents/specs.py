"""Agent specs: how agents are named everywhere (``play --opponent``, ``simulate --agents``,
``tournament --agents``).

A spec is an agent's name, optionally followed by ``:`` and comma-separated ``key=value``
parameters: ``random``, ``heuristic``, ``ismcts``, ``ismcts:iterations=400,rollout=heuristic``.
In a list of agents the commas do double duty; a piece holding ``=`` but no ``:`` continues
the spec before it, so ``ismcts:iterations=400,rollout=random,heuristic`` is two agents.

Every mistake (an unknown agent or parameter, a bad value, a parameter given twice) is one
:class:`~cardwright.core.errors.ConfigError` line naming the spec.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from cardwright.core.errors import ConfigError


@dataclass(frozen=True)
class Param:
    """A parameter of an agent: its name, how its text is read (raising ValueError with the
    reason), and a line of help."""

    name: str
    read: Callable[[str], object]
    help: str


@dataclass(frozen=True)
class AgentKind:
    name: str
    help: str
    params: tuple[Param, ...] = ()

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)


@dataclass(frozen=True)
class AgentSpec:
    """A parsed spec: the agent's name and its parameters (read and checked)."""

    text: str
    name: str
    params: dict[str, object]


def whole(low: int) -> Callable[[str], int]:
    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"must be a whole number, got {text!r}") from None
        if value < low:
            raise ValueError(f"must be at least {low}, got {value}")
        return value

    return read


def number(low: float, *, strict: bool) -> Callable[[str], float]:
    """A finite number above ``low`` (``strict``) or at least ``low``."""
    words = "a positive number" if strict and low == 0 else f"a number of at least {low:g}"

    def read(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise ValueError(f"must be a number, got {text!r}") from None
        if not math.isfinite(value) or value < low or (strict and value == low):
            raise ValueError(f"must be {words}, got {text!r}")
        return value

    return read


def one_of(*choices: str) -> Callable[[str], str]:
    def read(text: str) -> str:
        if text not in choices:
            raise ValueError(f"must be one of {', '.join(choices)}, got {text!r}")
        return text

    return read


def yes_no(text: str) -> bool:
    if text not in ("yes", "no"):
        raise ValueError(f"must be yes or no, got {text!r}")
    return text == "yes"


def depth(text: str) -> int | None:
    """A rollout length in decisions, or ``end`` (play rollouts to the end of the game)."""
    if text == "end":
        return None
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"must be a whole number or 'end', got {text!r}") from None
    if value < 0:
        raise ValueError(f"must be at least 0 or 'end', got {value}")
    return value


ISMCTS_PARAMS = (
    Param("iterations", whole(1), "iterations per decision (default: the game's, see docs)"),
    Param("seconds", number(0, strict=True), "time per decision (not deterministic)"),
    Param("rollout", one_of("heuristic", "random"), "rollout policy (default heuristic)"),
    Param("depth", depth, "rollout decisions before the evaluation, or 'end'"),
    Param("c", number(0, strict=False), "UCB1 exploration constant (default 0.7)"),
    Param("mode", one_of("so", "mo"), "single-observer (so) or multiple-observer (mo) trees"),
    Param("workers", whole(1), "processes for root parallelism (default 1)"),
    Param("reuse", yes_no, "keep the played move's subtree for the next decision (default yes)"),
)

KINDS: dict[str, AgentKind] = {
    "random": AgentKind("random", "uniformly random legal moves"),
    "heuristic": AgentKind("heuristic", "the game's rule-based player"),
    "ismcts": AgentKind("ismcts", "information-set Monte Carlo tree search", ISMCTS_PARAMS),
}


def split_agents(text: str) -> list[str]:
    """Split a comma-separated list of specs (a piece with ``=`` but no ``:`` continues the
    spec before it).

    >>> split_agents("ismcts:iterations=400,rollout=random,heuristic")
    ['ismcts:iterations=400,rollout=random', 'heuristic']
    """
    specs: list[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if "=" in piece and ":" not in piece and specs:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    for spec in specs:
        if not spec:
            raise ConfigError(f"agents {text!r}: an empty agent name (stray comma?)")
    return specs


def parse_spec(text: str) -> AgentSpec:
    """Read and check one spec."""
    if not isinstance(text, str):
        raise ConfigError(f"agent {text!r}: an agent spec is text, such as 'random' or 'heuristic'")
    name, sep, rest = text.strip().partition(":")
    name = name.strip()
    kind = KINDS.get(name)
    if kind is None:
        raise ConfigError(f"agent {text!r}: unknown agent {name!r}; agents: {', '.join(KINDS)}")
    params: dict[str, object] = {}
    if sep and not rest.strip():
        raise ConfigError(f"agent {text!r}: nothing after ':'; write {name}:KEY=VALUE,...")
    for item in rest.split(",") if rest.strip() else []:
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key or not value:
            raise ConfigError(f"agent {text!r}: {item.strip()!r} is not KEY=VALUE")
        param = kind.param(key)
        if param is None:
            known = ", ".join(p.name for p in kind.params)
            takes = f"its parameters: {known}" if known else "it takes no parameters"
            raise ConfigError(f"agent {text!r}: {name} has no parameter {key!r}; {takes}")
        if key in params:
            raise ConfigError(f"agent {text!r}: {key} is given twice")
        try:
            params[key] = param.read(value)
        except ValueError as exc:
            raise ConfigError(f"agent {text!r}: {key} {exc}") from None
    return AgentSpec(text.strip(), name, params)


def describe_agents() -> str:
    """One line per agent and parameter, for help texts."""
    lines = []
    for kind in KINDS.values():
        lines.append(f"{kind.name}: {kind.help}")
        lines.extend(f"  {p.name}=...: {p.help}" for p in kind.params)
    return "\n".join(lines)
