"""The Gymnasium environment: one learning seat, every other seat played by an agent spec.

``gymnasium.make("cardwright/BizarreWorld-v0", seat=0, opponents="heuristic", **config)``
after ``import cardwright.rl``. Observations are the learning seat's float32 array (from its
view); actions are indices of the game's action catalogue; ``action_masks()`` (what
sb3-contrib's MaskablePPO asks) and ``info["action_mask"]`` give the legal ones. The
opponents answer every decision that is not the learning seat's, between its steps.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from cardwright.agents import Agent
from cardwright.core.errors import ConfigError

from .observe import OBS_DTYPE
from .table import Table, opponent_specs, seat_opponents


class CardwrightEnv(gymnasium.Env[np.ndarray, np.int64]):
    """``game`` played by the learning ``seat`` (a seat number, or ``"random"``: drawn each
    game) against ``opponents`` (one agent spec for every other seat, or a comma-separated
    spec per other seat in seat order: ``random``, ``heuristic``, ``ismcts:iterations=200``).
    ``shaping`` as in :class:`~cardwright.rl.table.Table`. An illegal action raises a
    one-line ``CatalogueError`` (``illegal="raise"``) or, with ``illegal="lose"``, ends the
    game with -1 for the learning seat (as PettingZoo's ``TerminateIllegalWrapper``). Other
    keyword arguments are rule options."""

    metadata = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 (Gymnasium's attribute)

    def __init__(
        self,
        game: str,
        seat: int | str = 0,
        opponents: str = "random",
        shaping: float = 0.0,
        render_mode: str | None = None,
        illegal: str = "raise",
        **config: Any,
    ) -> None:
        if illegal not in ("raise", "lose"):
            raise ConfigError(f"illegal={illegal!r}: 'raise' or 'lose'")
        self.illegal = illegal
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r}: one of None, 'ansi', 'human'")
        self.table = Table(game, config, shaping)
        self.game_id = game
        n = self.table.players
        if seat != "random" and (not isinstance(seat, int) or not 0 <= seat < n):
            raise ConfigError(f"seat {seat!r}: a seat number from 0 to {n - 1}, or 'random'")
        self.seat_choice = seat
        self.opponent_specs = opponent_specs(game, opponents, n)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.table.encoder.size,), OBS_DTYPE)
        self.action_space = spaces.Discrete(self.table.catalogue.size)
        self.seat = 0 if seat == "random" else int(seat)
        self._opponents: dict[int, Agent] = {}
        self._forfeit = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game. Its seed (and the opponents' and the learning seat's when drawn) comes
        from ``seed``, or from the environment's generator (``self.np_random``)."""
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**31))
        n = self.table.players
        if self.seat_choice == "random":
            self.seat = int(self.np_random.integers(n))
        self._opponents = seat_opponents(self.game_id, self.seat, self.opponent_specs, game_seed)
        self.table.reset(game_seed)
        self._forfeit = False
        reward = self._opponents_play()
        obs, info = self._observe()
        info["opening_reward"] = reward
        return obs, info

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self.table.over or self._forfeit:
            raise RuntimeError("the game is over: call reset()")
        if self.illegal == "lose" and int(action) not in self.table.legal(self.seat):
            self._forfeit = True
            obs, info = self._observe()
            info["illegal_action"] = int(action)
            return obs.copy(), -1.0, True, False, info
        reward = self.table.play(int(action))[self.seat]
        reward += self._opponents_play()
        obs, info = self._observe()
        over = self.table.over
        truncated = over and self.table.truncated
        if self.render_mode == "human":
            self.render()
        return obs, reward, over and not truncated, truncated, info

    def _opponents_play(self) -> float:
        """Let the other seats answer until the learning seat is to play or the game ends;
        the learning seat's rewards meanwhile."""
        table, reward = self.table, 0.0
        while not table.over and table.to_play != self.seat:
            seat = table.to_play
            choice = self._opponents[seat].choose(table.game, table.live, seat)
            reward += table.answer(choice)[self.seat]
        return reward

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        obs, mask = self.table.observe(self.seat)
        return obs, {"action_mask": mask.astype(bool), "seat": self.seat}

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learning seat now (booleans), for MaskablePPO."""
        return self.table.observe(self.seat)[1].astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.table.text(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text
