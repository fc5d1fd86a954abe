"""Whole Munchkin games at every player count (issue 11: thousands of games without error,
none over the decision cap): a few in `make test`, many more in `make test-all`."""

from __future__ import annotations

import pytest

from cardwright.conformance import MAX_DECISIONS
from cardwright.sim.runner import simulate


def _play(players: int, n: int, agents: str, card_set: str) -> None:
    batch = simulate(
        "munchkin",
        n,
        [agents] * players,
        seed=players,
        config={"players": players, "card_set": card_set},
    )
    assert len(batch.outcomes) == n
    assert max(o.decisions for o in batch.outcomes) < MAX_DECISIONS


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_whole_games_between_heuristics(players: int) -> None:
    _play(players, 3, "heuristic", "classic" if players % 2 else "steampunk")


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("card_set", ["classic", "steampunk"])
def test_many_whole_random_games(players: int, card_set: str) -> None:
    _play(players, 150, "random", card_set)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_many_whole_games_between_heuristics(players: int) -> None:
    _play(players, 250, "heuristic", "classic")
