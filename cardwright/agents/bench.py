"""``cardwright bench GAME --agent SPEC``: how fast a search agent thinks, on one core.

The positions are taken from heuristic self-play (every decision with more than one move, a few
spread over each game, from ``seed`` on). Each round searches them in turn, with the agent's
own budget, until about ``seconds`` have passed; the figures are the median round's: search
iterations per second, seconds per decision, and what an iteration costs (rollout decisions,
the time to deal a determinization). Times are CPU time of this process, so that a machine
shared with other work still gives the figure of one core; the wall-clock rate is reported
too (``wall_iterations_per_second``).
"""

from __future__ import annotations

import time
from typing import Any

from cardwright.core.errors import ConfigError
from cardwright.core.state import State
from cardwright.games import get_game

from . import make_agent
from .ismcts import ISMCTSAgent, Search, root_keys, search_hooks


def positions(
    game_id: str, config: dict[str, Any], seed: int, count: int = 12, games: int = 3
) -> list[State]:
    """``count`` positions with a real choice, spread over ``games`` heuristic games."""
    game = get_game(game_id)
    hooks = search_hooks(game_id)
    per_game = -(-count // games)
    found: list[State] = []
    for g in range(games):
        state = game.new_state(config, seed + g, log=False)
        players = state.num_players
        agents = [make_agent("heuristic", game_id, seed + g * 31 + i) for i in range(players)]
        trace: list[State] = []
        while state.decision is not None:
            seat = state.decision.seat
            view = game.view(state, seat)
            if len(root_keys(game, view, hooks)) > 1:
                trace.append(view)
            game.apply(state, agents[seat].choose(game, state, seat))
        step = max(1, len(trace) // (per_game + 1))
        found.extend(trace[step : step * (per_game + 1) : step][:per_game])
    return found[:count]


def run_search_bench(
    game_id: str,
    spec: str,
    *,
    seconds: float = 5.0,
    seed: int = 0,
    rounds: int = 3,
    config: dict[str, Any] | None = None,
) -> dict[str, Any]:
    game = get_game(game_id)
    agent = make_agent(spec, game_id, seed)
    if not isinstance(agent, ISMCTSAgent):
        raise ConfigError(f"bench --agent {spec!r}: only search agents (ismcts) are measured")
    cfg = game.validate_config(config)
    views = positions(game_id, cfg, seed)
    iterations, budget_seconds = agent.budget()
    runs = []
    for r in range(max(1, rounds)):
        done = searches = played = 0
        spent = wall = 0.0
        start = time.process_time()
        while searches == 0 or time.process_time() - start < seconds:
            view = views[searches % len(views)]
            search = Search(game, view, agent.config, seed + r * 1000 + searches, agent.hooks)
            result = search.run(iterations, budget_seconds)
            done += result.iterations
            played += result.rollout_decisions
            spent += result.cpu_seconds
            wall += result.seconds
            searches += 1
        per_iteration = played / max(1, done)
        runs.append((done / spent, spent / searches, done / searches, per_iteration, done / wall))
    runs.sort()
    median = runs[len(runs) // 2]
    view = views[0]
    start = time.process_time()
    for i in range(200):
        game.determinize(view, i)
    deal_us = (time.process_time() - start) / 200 * 1e6
    return {
        "game": game_id,
        "agent": spec,
        "budget": agent.budget_text(),
        "positions": len(views),
        "rounds": len(runs),
        "iterations_per_second": round(median[0], 1),
        "iterations_per_second_range": [round(runs[0][0], 1), round(runs[-1][0], 1)],
        "wall_iterations_per_second": round(median[4], 1),
        "seconds_per_decision": round(median[1], 3),
        "iterations_per_decision": round(median[2], 1),
        "rollout_decisions_per_iteration": round(median[3], 1),
        "determinize_us": round(deal_us, 1),
    }
