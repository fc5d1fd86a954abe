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


def _self_play(
    game_id: str, seconds: float, seed: int, config: dict[str, Any] | None
) -> tuple[int, int, float]:
    """Random games from ``seed`` on, for about ``seconds``: (decisions, games, elapsed)."""
    game = get_game(game_id)
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_state(config, seed + games, log=False)
        agent = RandomAgent(seed + games)
        while state.decision is not None:
            game.apply(state, agent.choose(game, state, state.decision.seat))
        decisions += state.decisions
        games += 1
    return decisions, games, time.perf_counter() - start


def run_bench(
    game_id: str,
    *,
    seconds: float = 5.0,
    seed: int = 0,
    config: dict[str, Any] | None = None,
    rounds: int = 3,
) -> dict[str, Any]:
    """Self-play in ``rounds`` rounds of about ``seconds`` each, every round playing the same
    games from ``seed`` on: the rate reported is the median round's, so a shared or throttled
    machine shows up as a spread (``decisions_per_second_range``) rather than a wrong figure."""
    game = get_game(game_id)
    runs = [_self_play(game_id, seconds, seed, config) for _ in range(max(1, rounds))]
    rates = sorted(d / e for d, _, e in runs)
    decisions = sum(d for d, _, _ in runs)
    games = sum(g for _, g, _ in runs)
    elapsed = sum(e for _, _, e in runs)
    median = statistics.median(rates)
    mid = mid_game_state(game_id, seed, config)
    data = to_json(mid)
    cls = type(mid)
    return {
        "game": game_id,
        "seconds": round(elapsed, 3),
        "games": games,
        "decisions": decisions,
        "rounds": len(runs),
        "decisions_per_second": round(median, 1),
        "decisions_per_second_range": [round(rates[0], 1), round(rates[-1], 1)],
        "games_per_second": round(games / elapsed, 2),
        "mean_decisions_per_game": round(decisions / games, 1),
        "clone_us": round(_per_call_us(lambda: clone(mid), 2000), 2),
        "json_roundtrip_us": round(_per_call_us(lambda: from_json(cls, to_json(mid)), 1000), 2),
        "hash_us": round(_per_call_us(lambda: state_hash(mid), 2000), 2),
        "view_us": round(_per_call_us(lambda: game.view(mid, 0), 1000), 2),
        "mid_game_json_bytes": len(data),
    }
