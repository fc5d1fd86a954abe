"""What the two-agent comparison scripts in tools/ share: a game played out between agents,
and the tally of games, wins and draws by agent name (an agent may sit in either seat)."""

from __future__ import annotations

from collections import Counter
from typing import Any


def play_out(game: Any, state: Any, agents: list[Any]) -> None:
    """Play ``state`` to its end, each seat's decisions answered by ``agents[seat]``."""
    while state.decision is not None:
        seat = state.decision.seat
        game.apply(state, agents[seat].choose(game, state, seat), seat)
    assert state.result is not None


class Tally:
    """Games, wins and draws by agent name over finished two-seat games."""

    def __init__(self) -> None:
        self.games: Counter[str] = Counter()
        self.wins: Counter[str] = Counter()
        self.draws = 0

    def count(self, names: list[str], state: Any) -> None:
        """A finished game of ``state`` whose seats the agents ``names`` played."""
        for name in names:
            self.games[name] += 1
        winners = state.result.winners
        if len(winners) == 1:
            self.wins[names[winners[0]]] += 1
        else:
            self.draws += 1

    def won(self, name: str) -> str:
        """The words "won W of G games (R%)" for agent ``name``."""
        games = self.games[name]
        return f"won {self.wins[name]} of {games} games ({self.wins[name] / games:.1%})"
