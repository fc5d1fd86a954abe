"""Every pairing of two factions plays through `simulate` at 2, 3 and 4 players.

Each of the 66 pairs sits at seat 0 once per player count; the other seats take the next unused
factions in a rotation, so every faction also meets many different tables. `make test` plays one
game per pair and count with random agents; `make test-all` plays twenty, half of them with the
heuristic agent at seat 0, in both card sets.
"""

from __future__ import annotations

import itertools

import pytest

from cardwright.games.smash_up.carddata import load_factions
from cardwright.sim.runner import simulate

FACTIONS = sorted(load_factions("70s-2018"))
PAIRS = list(itertools.combinations(FACTIONS, 2))


def table(pair: tuple[str, str], players: int) -> list[list[str]]:
    """Seat 0 plays ``pair``; the other seats take the next free factions in a rotation."""
    start = FACTIONS.index(pair[1]) + 1
    rest = [f for f in FACTIONS[start:] + FACTIONS[:start] if f not in pair]
    return [list(pair)] + [rest[2 * i : 2 * i + 2] for i in range(players - 1)]


def test_the_tables_cover_every_pair_with_distinct_factions() -> None:
    assert len(PAIRS) == 66
    for pair in PAIRS:
        for players in (2, 3, 4):
            seats = table(pair, players)
            used = [f for seat in seats for f in seat]
            assert len(used) == len(set(used)) == 2 * players


def _play(pair: tuple[str, str], players: int, n: int, agents: list[str], **cfg: str) -> None:
    config = {"factions": table(pair, players), **cfg}
    batch = simulate("smash-up", n, agents, seed=players, config=config)
    assert len(batch.outcomes) == n
    for outcome in batch.outcomes:
        # a game ends with a winner, or as a draw only at the turn limit
        assert outcome.winners or outcome.turns >= 200, f"{pair} at {players}: no winner"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pair", PAIRS, ids=["+".join(p) for p in PAIRS])
def test_every_pair_plays(pair: tuple[str, str], players: int) -> None:
    _play(pair, players, 1, ["random"] * players)


@pytest.mark.slow
@pytest.mark.parametrize("card_set", ["70s-2018", "70s-errata"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pair", PAIRS, ids=["+".join(p) for p in PAIRS])
def test_every_pair_plays_many_games(pair: tuple[str, str], players: int, card_set: str) -> None:
    _play(pair, players, 10, ["random"] * players, card_set=card_set)
    _play(pair, players, 10, ["heuristic"] + ["random"] * (players - 1), card_set=card_set)
