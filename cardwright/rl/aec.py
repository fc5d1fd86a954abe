"""PettingZoo AEC environments: ``cardwright.rl.env(game_id, **config)`` (wrapped as
PettingZoo's classic environments are) and :class:`raw_env` (unwrapped).

Agents are ``player_0`` ... ``player_{n-1}`` (seat order); the one to act is whoever the
pending decision belongs to, so a response window or an opponent's forced choice hands the
turn over as the rules do. Observations are ``{"observation": float32 array, "action_mask":
int8 array}`` from the agent's own view (the mask is all zero when it is not to act);
actions are indices of the game's action catalogue.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv

from .observe import MASK_DTYPE, OBS_DTYPE
from .table import Table
from .wrapping import wrap


def env(game_id: str, **kwargs: Any) -> AECEnv:
    """A PettingZoo AEC environment of ``game_id``: keyword arguments are rule options
    (``players=3``) and ``render_mode`` / ``shaping``. Illegal actions end the game with -1
    for the agent that took one (``TerminateIllegalWrapper``), as in PettingZoo's classic
    games (:mod:`.wrapping`: PettingZoo's wrappers, reading what a loop reads every step
    from the unwrapped environment at once)."""
    return wrap(raw_env(game_id, **kwargs), illegal_reward=-1)


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]  # PettingZoo's name for the unwrapped class
    """The unwrapped environment. ``render_mode`` is None, ``"ansi"`` (``render()`` returns
    the acting agent's view as text) or ``"human"`` (prints it)."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        render_mode: str | None = None,
        shaping: float = 0.0,
        **config: Any,
    ) -> None:
        EzPickle.__init__(self, game_id, render_mode, shaping, **config)
        super().__init__()
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode {render_mode!r}: one of None, 'ansi', 'human'")
        self.table = Table(game_id, config, shaping)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"cardwright_{game_id.replace('-', '_')}_v0"}
        n = self.table.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        size, actions = self.table.encoder.size, self.table.catalogue.size
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), OBS_DTYPE),
                    "action_mask": spaces.Box(0, 1, (actions,), MASK_DTYPE),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._seeds: np.random.Generator | None = None
        self._seeded: int | None = None  # the last seed given (None: fresh entropy)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ----------------------------------------------------------------- the AEC API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: its seed is ``seed``, or the next one the environment draws (from the
        last seed given, else from fresh entropy)."""
        if seed is not None:
            if isinstance(seed, int) and seed >= 0:
                # the generator of later seeds is made when one is drawn: making it costs
                # as much as a few steps, and a loop that seeds every game never draws
                self._seeds, self._seeded = None, seed
            else:  # (numpy's seed types, and its error for a bad seed, as given)
                self._seeds = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            if self._seeds is None:
                self._seeds = np.random.default_rng(self._seeded)
            game_seed = int(self._seeds.integers(2**31))
        self.table.reset(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False  # whether some step of this game gave a reward but 0.0
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.table.to_play]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        obs, mask = self.table.observe(self._seat[agent])
        return {"observation": obs, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        table = self.table
        rewards = table.play(int(action))
        state = table.live
        if self._rewarded or table.shaping or any(rewards):
            # (the agents are all the seats, in seat order, until the game is over)
            self.rewards = dict(zip(self.agents, rewards, strict=True))
            self._rewarded = True
            self._accumulate_rewards()
        # else (unshaped) this step's rewards and the last one's are all 0.0: the same
        # dictionary holds them, and there is nothing to add up
        if state.result is not None:
            done = dict.fromkeys(self.agents, True)
            if table.truncated:
                self.truncations = done
            else:
                self.terminations = done
        else:
            self.agent_selection = self.possible_agents[state.decision.seat]  # type: ignore[union-attr]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        seat = self.table.to_play
        text = self.table.text(seat if seat >= 0 else 0)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: the game lives in this process."""
