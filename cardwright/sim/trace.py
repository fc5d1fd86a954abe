"""What the game store keeps of a game beyond its outcome, gathered while it is played.

Everything comes from the public protocol: the record (config, seed, choices, final hash),
``state.turn`` and ``state.active`` (who took the first turn), ``game.scores(state)`` at the
end of every turn, and the log events of the kinds the game's report hooks call plays.
"""

from __future__ import annotations

from typing import Any

import msgspec

from cardwright.core.game import Game
from cardwright.core.state import State, state_hash
from cardwright.games import GAMES
from cardwright.games.reporting import ReportHooks

from .records import position_hash


def _seat_labels(config: dict[str, Any]) -> list[str]:
    return [str(name) for name in config.get("names") or []]


#: For a game whose registry entry names no report hooks: seats by name, no plays, the first
#: score the game reports.
DEFAULT_HOOKS = ReportHooks(
    noun="seat", groups=_seat_labels, played=frozenset(), score="", score_label="score"
)


def report_hooks(game_id: str) -> ReportHooks:
    """The game's report hooks (its registry entry's ``report`` tool), or the default."""
    entry = GAMES.get(game_id)
    hooks = entry.tool("report") if entry is not None else None
    return hooks if isinstance(hooks, ReportHooks) else DEFAULT_HOOKS


class GameDetail(msgspec.Struct, array_like=True):
    """One game as the store keeps it, besides its :class:`~cardwright.sim.runner.GameOutcome`.

    ``scores``: ``(turn, game.scores(state))`` when each turn ended (turn 0: after set-up)
    and at the end; ``plays``: ``(seat, turn, card name, log kind)``; ``first_seat``: the seat
    whose turn was turn 1 (-1 if the game ended before it).
    """

    config: dict[str, Any]
    choices: list[tuple[int, str]]
    final_hash: str
    reason: str
    first_seat: int
    groups: list[str]
    plays: list[tuple[int, int, str, str]]
    scores: list[tuple[int, dict[str, Any]]]
    final_position: str = ""


class Tracer:
    """Watches one game: call :meth:`observe` after every ``apply``, then :meth:`finish`."""

    __slots__ = ("first", "game", "hooks", "scores", "turn")

    def __init__(self, game: Game, state: State, hooks: ReportHooks) -> None:
        self.game = game
        self.hooks = hooks
        self.turn = state.turn
        self.first = state.active if state.turn >= 1 else -1
        self.scores: list[tuple[int, dict[str, Any]]] = []

    def observe(self, state: State) -> None:
        if state.turn != self.turn:
            self.scores.append((self.turn, self.game.scores(state)))
            if self.first < 0 and state.turn >= 1:
                self.first = state.active
            self.turn = state.turn

    def finish(self, state: State, choices: list[tuple[int, str]]) -> GameDetail:
        self.scores.append((state.turn, self.game.scores(state)))
        played = self.hooks.played
        name = self.game.card_name
        plays = [
            (e.seat, e.turn, name(state, e.card), e.kind)
            for e in state.log
            if e.kind in played and e.card is not None and e.seat >= 0
        ]
        config = dict(state.config)
        return GameDetail(
            config=config,
            choices=choices,
            final_hash=state_hash(state),
            reason=state.result.reason if state.result is not None else "",
            first_seat=self.first,
            groups=self.hooks.groups(config),
            plays=plays,
            scores=self.scores,
            final_position=position_hash(self.game, state),
        )
