"""``cardwright bench GAME --env``: environment steps per second on one core, with the
observation and the action mask of every step, beside OpenSpiel's Python games and RLCard's
environments measured the same way in the same run.

A step is what a PettingZoo agent loop does: read the acting agent's observation and mask,
pick a random legal action from the mask, step; on :func:`~cardwright.rl.aec.raw_env`, and
again through :func:`~cardwright.rl.aec.env`'s wrappers. The legal actions are the mask's
non-zero places read as booleans (``np.flatnonzero(mask.view(bool))``): numpy finds the non-zero
places of an ``int8`` array of 20,000 actions in some 70 µs and of the same bytes as booleans
in 5, and the loop measures the environment, not the agent's way of reading the mask. The
game alone (random self-play through ``game.apply``) and the full encoding and mask alone
(timed on copies of the states of those games, each read cold) are reported too. The share
of a step that the observation and the mask take is measured in the loop itself: the time
spent in ``observe`` (where the environment encodes the acting seat's observation and makes
the mask) over the loop's whole time, both in wall time of the same loop. Rates
are in CPU time of this process, so a machine shared with other work still gives one
core's figure.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from cardwright.agents import RandomAgent
from cardwright.core.state import State, clone
from cardwright.games import get_game

from .aec import env, raw_env
from .table import Table

#: OpenSpiel Python games measured beside ours (registered by importing open_spiel.python.games)
OPENSPIEL_GAMES = ("python_kuhn_poker", "python_liars_poker", "python_tic_tac_toe")
#: RLCard environments measured beside ours when RLCard is installed (the ``bench`` extra)
RLCARD_ENVS = ("leduc-holdem", "limit-holdem", "uno", "doudizhu")


def _rounds(run: Callable[[float], tuple[int, float]], seconds: float, rounds: int) -> float:
    """The median rate of ``rounds`` runs of about ``seconds`` CPU seconds each."""
    rates = []
    for _ in range(max(1, rounds)):
        steps, spent = run(seconds)
        rates.append(steps / spent)
    return statistics.median(rates)


class _EnvLoop:
    """The PettingZoo loop: each run gives (steps, CPU seconds) and keeps, in wall time of
    the same loop, the part of it spent in ``observe`` (the observation and the mask as the
    environment hands them to the agent) in :attr:`observe_share` (the median of the runs)."""

    def __init__(self, game_id: str, config: dict[str, Any], seed: int, wrapped: bool = False):
        self.env = (env if wrapped else raw_env)(game_id, **config)
        self.seed = seed
        self.shares: list[float] = []
        self.observe_us: list[float] = []

    def __call__(self, seconds: float) -> tuple[int, float]:
        env, seed = self.env, self.seed
        rng = np.random.default_rng(seed)
        clock = time.perf_counter
        steps, games, observing = 0, 0, 0.0
        start, wall = time.process_time(), clock()
        while time.process_time() - start < seconds:
            env.reset(seed=seed + games)
            games += 1
            while env.agents:
                agent = env.agent_selection
                if env.terminations[agent] or env.truncations[agent]:
                    env.step(None)
                    continue
                before = clock()
                mask = env.observe(agent)["action_mask"]
                observing += clock() - before
                legal = np.flatnonzero(mask.view(np.bool_))
                env.step(int(legal[rng.integers(len(legal))]))
                steps += 1
        wall = clock() - wall
        self.shares.append(observing / wall)
        self.observe_us.append(observing / max(1, steps) * 1e6)
        return steps, time.process_time() - start

    @property
    def observe_share(self) -> float:
        return statistics.median(self.shares)


def _game_steps(game_id: str, config: dict[str, Any], seed: int) -> Callable[[float], Any]:
    game = get_game(game_id)
    rules = Table(game_id, config).catalogue.rules

    def run(seconds: float) -> tuple[int, float]:
        steps, games = 0, 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = game.new_state(rules, seed + games, log=False)
            agent = RandomAgent(seed + games)
            games += 1
            while state.decision is not None:
                game.apply(state, agent.choose(game, state, state.decision.seat))
                steps += 1
        return steps, time.process_time() - start

    return run


def _sample_states(table: Table, seed: int, count: int = 2000) -> list[State]:
    game = table.game
    states: list[State] = []
    games = 0
    while len(states) < count:
        state = game.new_state(table.catalogue.rules, seed + games, log=False)
        agent = RandomAgent(seed + games)
        games += 1
        while state.decision is not None and len(states) < count:
            states.append(clone(state))
            game.apply(state, agent.choose(game, state, state.decision.seat))
    return states


def _per_state_us(fn: Callable[[State], object], states: list[State], rounds: int) -> float:
    samples = []
    for _ in range(max(1, rounds)):
        start = time.process_time()
        for state in states:
            fn(state)
        samples.append((time.process_time() - start) / len(states) * 1e6)
    return statistics.median(samples)


def _openspiel(name: str, seed: int) -> Callable[[float], Any]:
    import open_spiel.python.games  # noqa: F401  (registers OpenSpiel's Python games)
    import pyspiel

    game = pyspiel.load_game(name)

    def run(seconds: float) -> tuple[int, float]:
        rng = np.random.default_rng(seed)
        steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
                    continue
                player = state.current_player()
                state.observation_tensor(player)
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.integers(len(legal)))])
                steps += 1
        return steps, time.process_time() - start

    return run


def _rlcard(name: str, seed: int) -> Callable[[float], Any] | None:
    try:
        import rlcard
    except ImportError:
        return None
    env = rlcard.make(name, config={"seed": seed})

    def run(seconds: float) -> tuple[int, float]:
        rng = np.random.default_rng(seed)
        steps = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[int(rng.integers(len(legal)))])
                steps += 1
        return steps, time.process_time() - start

    return run


def run_env_bench(
    game_id: str,
    *,
    seconds: float = 3.0,
    seed: int = 0,
    rounds: int = 3,
    config: dict[str, Any] | None = None,
    reference: bool = True,
) -> dict[str, Any]:
    """The figures of ``cardwright bench GAME --env`` (rates are the median of ``rounds``
    runs of about ``seconds`` CPU seconds)."""
    config = dict(config or {})
    table = Table(game_id, config)
    loop = _EnvLoop(game_id, config, seed)
    env_rate = _rounds(loop, seconds, rounds)
    wrapped_rate = _rounds(_EnvLoop(game_id, config, seed, wrapped=True), seconds, rounds)
    game_rate = _rounds(_game_steps(game_id, config, seed), seconds, rounds)
    states = _sample_states(table, seed, max(100, min(2000, int(seconds * 1000))))
    encoder = table.encoder
    encode_us = _per_state_us(
        lambda s: encoder.encode(s, s.decision.seat),  # type: ignore[union-attr]
        states,
        rounds,
    )
    mask_us = _per_state_us(
        lambda s: encoder.mask(s, s.decision.seat),  # type: ignore[union-attr]
        states,
        rounds,
    )
    step_us = 1e6 / game_rate
    result: dict[str, Any] = {
        "game": game_id,
        "config": config,
        "env_steps_per_second": round(env_rate, 1),
        # the same loop through cardwright.rl.env (PettingZoo's wrappers, as cardwright.rl.
        # wrapping subclasses them)
        "wrapped_env_steps_per_second": round(wrapped_rate, 1),
        "game_steps_per_second": round(game_rate, 1),
        "encode_us": round(encode_us, 2),
        "mask_us": round(mask_us, 2),
        # in the loop itself: the observation and the mask as ``observe`` hands them out,
        # over the whole step as the loop takes it
        "observe_us_in_loop": round(statistics.median(loop.observe_us), 2),
        "encode_and_mask_share_of_step": round(loop.observe_share, 3),
        # the full encoding and the mask of cold sampled states, over a step of the game
        # alone with them added (how the share was reckoned before it was measured in the loop)
        "cold_encode_and_mask_share": round(
            (encode_us + mask_us) / (step_us + encode_us + mask_us), 3
        ),
        "observation_size": encoder.size,
        "actions": table.catalogue.size,
    }
    if reference:
        others: dict[str, Any] = {}
        for name in OPENSPIEL_GAMES:
            others[f"openspiel {name}"] = round(_rounds(_openspiel(name, seed), seconds, rounds), 1)
        for name in RLCARD_ENVS:
            run = _rlcard(name, seed)
            others[f"rlcard {name}"] = (
                "not installed (pip install 'cardwright[bench]')"
                if run is None
                else round(_rounds(run, seconds, rounds), 1)
            )
        result["reference_steps_per_second"] = others
    return result
