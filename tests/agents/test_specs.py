"""Agent specs: parsing, checking, and one-line errors."""

from __future__ import annotations

import pytest

from cardwright.agents import RandomAgent, make_agent
from cardwright.agents.ismcts import GAME_DEPTH, ISMCTSAgent, SearchConfig
from cardwright.agents.specs import parse_spec, split_agents
from cardwright.core.errors import ConfigError


def test_split_keeps_parameters_with_their_agent() -> None:
    assert split_agents("random,heuristic") == ["random", "heuristic"]
    assert split_agents("ismcts:iterations=400,rollout=random,heuristic, random") == [
        "ismcts:iterations=400,rollout=random",
        "heuristic",
        "random",
    ]
    assert split_agents("ismcts:c=1,ismcts:c=2,mode=mo") == ["ismcts:c=1", "ismcts:c=2,mode=mo"]


def test_parse_reads_and_checks_every_parameter() -> None:
    spec = parse_spec("ismcts:iterations=400,seconds=0.5,rollout=random,depth=end,c=1.2,mode=mo")
    assert spec.name == "ismcts"
    assert spec.params == {
        "iterations": 400,
        "seconds": 0.5,
        "rollout": "random",
        "depth": None,
        "c": 1.2,
        "mode": "mo",
    }
    assert parse_spec("ismcts:depth=0,workers=2").params == {"depth": 0, "workers": 2}
    assert parse_spec(" heuristic ").params == {}


def test_make_agent_builds_the_configured_agent() -> None:
    agent = make_agent("ismcts:iterations=50,rollout=random", "bizarre-world", 3)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.config == SearchConfig(iterations=50, rollout="random")
    assert agent.budget() == (50, None)
    assert "50 iterations per decision (deterministic" in agent.budget_text()
    default = make_agent("ismcts", "smash-up", 3)
    assert isinstance(default, ISMCTSAgent) and default.config.depth == GAME_DEPTH
    assert default.budget() == (default.hooks.iterations, None)
    timed = make_agent("ismcts:seconds=0.5", "blue-moon", 1)
    assert isinstance(timed, ISMCTSAgent) and "not deterministic" in timed.budget_text()
    assert isinstance(make_agent("random", "blue-moon", 1), RandomAgent)


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("genius", ["unknown agent 'genius'", "ismcts"]),
        ("ismcts:iterations=lots", ["iterations must be a whole number", "'lots'"]),
        ("ismcts:iterations=0", ["iterations must be at least 1"]),
        ("ismcts:seconds=-1", ["seconds must be a positive number"]),
        ("ismcts:seconds=nan", ["seconds must be a positive number"]),
        ("ismcts:rollout=smart", ["rollout must be one of heuristic, random"]),
        ("ismcts:depth=-2", ["depth must be at least 0 or 'end'"]),
        ("ismcts:mode=xo", ["mode must be one of so, mo"]),
        ("ismcts:c=-1", ["c must be a number of at least 0"]),
        ("ismcts:speed=9", ["no parameter 'speed'", "iterations, seconds"]),
        ("ismcts:iterations=5,iterations=6", ["iterations is given twice"]),
        ("ismcts:iterations", ["'iterations' is not KEY=VALUE"]),
        ("ismcts:", ["nothing after ':'"]),
        ("random:seed=1", ["random has no parameter 'seed'", "it takes no parameters"]),
    ],
)
def test_bad_specs_are_one_line(spec: str, words: list[str]) -> None:
    with pytest.raises(ConfigError) as caught:
        make_agent(spec, "bizarre-world", 0)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(f"agent {spec!r}")
    for word in words:
        assert word in message, message


def test_an_empty_agent_in_a_list() -> None:
    with pytest.raises(ConfigError, match="empty agent name"):
        split_agents("random,,heuristic")
