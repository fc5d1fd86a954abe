"""One game played through the RL interfaces: the game, its catalogue and encoder, the state,
seeding and rewards. The PettingZoo, Gymnasium and OpenSpiel adapters are thin layers on it.

Rewards: at the end of a game each winner gets +1 and every other seat -1 (a draw, no
winner, gives 0 to all); a game stopped by the config's ``max_turns`` is *truncated* (0 to
all), not drawn. ``shaping`` adds, after every step, ``shaping`` times the change of the
seat's lead in the game's followed score (``game.scores``'s key that the game's report
follows, higher being better: Bizarre World's life, Smash Up's victory points ...): its own
value minus the mean of the others'. Seeds: the same (game, config, seed, actions) give the
same game, as everywhere in Cardwright.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from rich.text import Text

from cardwright.agents import Agent, make_agent
from cardwright.agents.specs import split_agents
from cardwright.core.errors import ConfigError
from cardwright.core.state import Decision, State
from cardwright.games import GAMES, get_game

from .catalogue import Catalogue, CatalogueError
from .observe import MASK_DTYPE, Encoder


class Table:
    """A game of ``game_id`` under ``config`` for the RL interfaces (a one-line
    ``ConfigError`` for an unknown game or a bad rule option)."""

    def __init__(self, game_id: str, config: dict[str, Any] | None = None, shaping: float = 0.0):
        self.game = get_game(game_id)
        self.catalogue = Catalogue(game_id, config)
        self.config = self.catalogue.config
        self.encoder = Encoder(self.catalogue)
        self.players = self.encoder.players
        self.shaping = float(shaping)
        report = GAMES[game_id].tool("report")
        self.score_key: str | None = report.score if report is not None else None
        self.state: State | None = None
        self._lead: list[float] = [0.0] * self.players
        self._cache: tuple[int, int, np.ndarray, np.ndarray] | None = None
        self._pending: tuple[State, int, list[int]] | None = None

    # ----------------------------------------------------------------- playing
    def reset(self, seed: int) -> State:
        self.state = self.game.new_state(self.catalogue.rules, seed, log=False)
        self._lead = self._leads()
        self._cache = None
        return self.state

    @property
    def live(self) -> State:
        if self.state is None:
            raise RuntimeError("the game has not started: call reset() first")
        return self.state

    @property
    def to_play(self) -> int:
        """The seat whose decision is pending (-1 when the game is over)."""
        decision = self.live.decision
        return -1 if decision is None else decision.seat

    def indices(self) -> list[int]:
        """The index of each option of the pending decision, in its order (kept for the
        decision: the mask and the step that follows it share them)."""
        state = self.live
        pending = self._pending
        if pending is not None and pending[0] is state and pending[1] == state.decisions:
            return pending[2]
        decision = state.decision
        if decision is None:
            return []
        found = self.catalogue.indices(decision, state.cards)
        self._pending = (state, state.decisions, found)
        return found

    def legal(self, seat: int) -> list[int]:
        """The indices of the options ``seat`` may choose now (none when it is not to play)."""
        return sorted(self.indices()) if self.to_play == seat else []

    def play(self, index: int) -> list[float]:
        """Answer the pending decision with the option at ``index``; returns each seat's reward
        for the step (the shaping, and the result when the game ends)."""
        state = self.live
        decision = state.decision
        if decision is None:
            raise ValueError(f"{self.game.id}: the game is over; no action can be taken")
        indices = self.indices()
        try:
            option = decision.options[indices.index(int(index))]
        except ValueError:
            raise CatalogueError(
                f"{self.game.id}: action {index} ({self.catalogue.describe(int(index))}) is not "
                f"a legal option of the {decision.kind} decision"
            ) from None
        return self._answer(state, decision, option.id)

    def answer(self, option_id: str) -> list[float]:
        """Answer the pending decision with the option ``option_id`` (what an agent spec
        chooses); returns the rewards as :meth:`play` does."""
        state = self.live
        decision = state.decision
        if decision is None:
            raise ValueError(f"{self.game.id}: the game is over; no action can be taken")
        return self._answer(state, decision, option_id)

    def _answer(self, state: State, decision: Decision, option_id: str) -> list[float]:
        self.game.apply(state, option_id, decision.seat)
        self._cache = None
        rewards = [0.0] * self.players
        if self.shaping:
            lead = self._leads()
            rewards = [self.shaping * (b - a) for a, b in zip(self._lead, lead, strict=True)]
            self._lead = lead
        if state.result is not None and not self.truncated:
            winners = state.result.winners
            if winners:
                for seat in range(self.players):
                    rewards[seat] += 1.0 if seat in winners else -1.0
        return rewards

    @property
    def over(self) -> bool:
        return self.live.result is not None

    @property
    def truncated(self) -> bool:
        """Whether the game ended at the config's turn limit (a truncation, not a draw)."""
        result = self.live.result
        return result is not None and result.rule == self.catalogue.spec.turn_limit_rule

    def _leads(self) -> list[float]:
        if not self.shaping or self.score_key is None:
            return [0.0] * self.players
        values = [float(v) for v in self.game.scores(self.live)[self.score_key]]
        total = sum(values)
        others = max(1, self.players - 1)
        return [v - (total - v) / others for v in values]

    # ----------------------------------------------------------------- what a seat sees
    def observe(self, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """(observation, action mask) of ``seat`` now. The last pair is kept, so asking twice
        in one step costs one encoding; the arrays are read-only for that reason."""
        state = self.live
        cache = self._cache
        if cache is not None and cache[0] == state.decisions and cache[1] == seat:
            return cache[2], cache[3]
        obs = self.encoder.encode(state, seat)
        mask = np.zeros(self.catalogue.size, MASK_DTYPE)
        decision = state.decision
        if decision is not None and decision.seat == seat:
            put = mask.data  # item by item: cheaper than an index array for a few
            for i in self.indices():
                put[i] = 1
        obs.setflags(write=False)
        mask.setflags(write=False)
        self._cache = (state.decisions, seat, obs, mask)
        return obs, mask

    def text(self, seat: int) -> str:
        """``seat``'s view as plain text (the terminal's rendering without its markup)."""
        view = self.game.view(self.live, seat)
        return Text.from_markup(self.game.render(view, seat)).plain


def opponent_specs(game_id: str, opponents: str, players: int) -> list[str]:
    """The agent spec of each seat but the learner's, in seat order, from one spec for all of
    them or one each (``"random,heuristic"``); each is checked now (a one-line
    ``ConfigError``)."""
    specs = split_agents(opponents)
    if len(specs) == 1:
        specs = specs * (players - 1)
    if len(specs) != players - 1:
        raise ConfigError(
            f"opponents {opponents!r}: {players - 1} other seat(s) need one spec, or one each"
        )
    for spec in specs:
        make_agent(spec, game_id, 0)
    return specs


def seat_opponents(game_id: str, seat: int, specs: list[str], seed: int) -> dict[int, Agent]:
    """The agents of the seats other than ``seat`` for the game of ``seed`` (each seeded from
    the game's seed and its place)."""
    others = [s for s in range(len(specs) + 1) if s != seat]
    return {
        s: make_agent(spec, game_id, seed + 7919 * (i + 1))
        for i, (s, spec) in enumerate(zip(others, specs, strict=True))
    }
