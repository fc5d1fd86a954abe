"""Every pairing of two factions plays through `simulate` at 2, 3 and 4 players.

Each pair sits at seat 0 once per player count; the other seats take the next unused factions
in a rotation, so every faction also meets many different tables. `make test` plays one game with
random agents per pair and count for the 66 pairs of the core set and the '70s expansion, and one
game per pair at one player count (2, 3 and 4 in turn) for the pairs with a faction of a later
set (most of its tables also seat the earlier factions); `make test-all` plays twenty per pair and
count, half of them with the heuristic agent at seat 0, in both '70s card sets.
"""

from __future__ import annotations

import itertools

import pytest

from cardwright.games.smash_up.carddata import load_factions
from cardwright.sim.runner import simulate

_LOADED = load_factions("70s-2018")
FACTIONS = sorted(_LOADED)
PAIRS = list(itertools.combinations(FACTIONS, 2))
# the first sets' factions: their pairs play at every player count in `make test`
FIRST_SETS = {f for f, faction in _LOADED.items() if faction.set in ("core", "70s")}
_FIRST = [pair for pair in PAIRS if set(pair) <= FIRST_SETS]
_LATER = [pair for pair in PAIRS if not set(pair) <= FIRST_SETS]
CASES = [(pair, players) for pair in _FIRST for players in (2, 3, 4)] + [
    (pair, (2, 3, 4)[i % 3]) for i, pair in enumerate(_LATER)
]


def table(pair: tuple[str, str], players: int) -> list[list[str]]:
    """Seat 0 plays ``pair``; the other seats take the next free factions in a rotation."""
    start = FACTIONS.index(pair[1]) + 1
    rest = [f for f in FACTIONS[start:] + FACTIONS[:start] if f not in pair]
    return [list(pair)] + [rest[2 * i : 2 * i + 2] for i in range(players - 1)]


def test_the_tables_cover_every_pair_with_distinct_factions() -> None:
    assert len(_FIRST) == 66 and len(PAIRS) == len(FACTIONS) * (len(FACTIONS) - 1) // 2
    assert {pair for pair, _ in CASES} == set(PAIRS)
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


@pytest.mark.parametrize(
    ("pair", "players"), CASES, ids=[f"{'+'.join(pair)}-{n}" for pair, n in CASES]
)
def test_every_pair_plays(pair: tuple[str, str], players: int) -> None:
    _play(pair, players, 1, ["random"] * players)


@pytest.mark.slow
@pytest.mark.parametrize("card_set", ["70s-2018", "70s-errata"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pair", PAIRS, ids=["+".join(p) for p in PAIRS])
def test_every_pair_plays_many_games(pair: tuple[str, str], players: int, card_set: str) -> None:
    _play(pair, players, 10, ["random"] * players, card_set=card_set)
    _play(pair, players, 10, ["heuristic"] + ["random"] * (players - 1), card_set=card_set)
