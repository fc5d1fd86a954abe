"""``cardwright bench``: the cost of one step and one copy, measured on one core.

Random self-play without logging (what simulations and search do), then, on a mid-game state,
the time to clone it, to round-trip it through JSON, to hash it and to build a seat's view.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from cardwright.agents import RandomAgent
from cardwright.core.state import State, clone, from_json, state_hash, to_json
from cardwright.games import get_game


def _per_call_us(fn: Callable[[], object], repeat: int) -> float:
    """The median of five timed batches, in microseconds per call."""
    samples = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            fn()
        samples.append((time.perf_counter() - start) / repeat * 1e6)
    return statistics.median(samples)


def mid_game_state(game_id: str, seed: int, config: dict[str, Any] | None = None) -> State:
    """A state halfway through a random game (by decision count), logging off."""
    game = get_game(game_id)
    state = game.new_state(config, seed, log=False)
    agent = RandomAgent(seed)
    trace = []
    while state.decision is not None:
        trace.append(agent.choose(game, state, state.decision.seat))
        game.apply(state, trace[-1])
    state = game.new_state(config, seed, log=False)
    for choice in trace[: len(trace) // 2]:
        game.apply(state, choice)
    return state


def run_bench(
    game_id: str, *, seconds: float = 5.0, seed: int = 0, config: dict[str, Any] | None = None
) -> dict[str, Any]:
    game = get_game(game_id)
    decisions = games = 0
    start = time.perf_counter()
    i = 0
    while time.perf_counter() - start < seconds:
        state = game.new_state(config, seed + i, log=False)
        agent = RandomAgent(seed + i)
        while state.decision is not None:
            game.apply(state, agent.choose(game, state, state.decision.seat))
        decisions += state.decisions
        games += 1
        i += 1
    elapsed = time.perf_counter() - start
    mid = mid_game_state(game_id, seed, config)
    data = to_json(mid)
    cls = type(mid)
    return {
        "game": game_id,
        "seconds": round(elapsed, 3),
        "games": games,
        "decisions": decisions,
        "decisions_per_second": round(decisions / elapsed, 1),
        "games_per_second": round(games / elapsed, 2),
        "mean_decisions_per_game": round(decisions / games, 1),
        "clone_us": round(_per_call_us(lambda: clone(mid), 2000), 2),
        "json_roundtrip_us": round(_per_call_us(lambda: from_json(cls, to_json(mid)), 1000), 2),
        "hash_us": round(_per_call_us(lambda: state_hash(mid), 2000), 2),
        "view_us": round(_per_call_us(lambda: game.view(mid, 0), 1000), 2),
        "mid_game_json_bytes": len(data),
    }
