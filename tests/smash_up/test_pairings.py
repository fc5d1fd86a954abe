"""Every pairing of two factions plays through `simulate` at 2, 3 and 4 players.

Each pair sits at seat 0 once per player count; the other seats take the next unused factions in
a rotation, so every faction also meets many different tables. `make test` plays one game per
pair of the core and '70s factions (66 pairs) and count with random agents, and puts every
faction of the later sets at a table at each player count (the heuristic at seat 0 in half of
those); `make test-all` plays twenty games of every pair of every faction, half of them with the
heuristic agent at seat 0, in the card sets.
"""

from __future__ import annotations

import itertools

import pytest

from cardwright.games.smash_up.carddata import load_factions
from cardwright.sim.runner import simulate

_ALL = load_factions("70s-2018")
FACTIONS = sorted(_ALL)
#: the factions of the core set and That '70s Expansion (the pairs `make test` plays)
CLASSIC = sorted(f for f, faction in _ALL.items() if faction.set in ("core", "70s"))
#: the factions of the later sets
LATER = sorted(f for f in FACTIONS if f not in CLASSIC)
PAIRS = list(itertools.combinations(CLASSIC, 2))
ALL_PAIRS = list(itertools.combinations(FACTIONS, 2))


def table(pair: tuple[str, str], players: int, factions: list[str] = FACTIONS) -> list[list[str]]:
    """Seat 0 plays ``pair``; the other seats take the next free factions in a rotation."""
    start = factions.index(pair[1]) + 1
    rest = [f for f in factions[start:] + factions[:start] if f not in pair]
    return [list(pair)] + [rest[2 * i : 2 * i + 2] for i in range(players - 1)]


def test_the_tables_cover_every_pair_with_distinct_factions() -> None:
    assert len(PAIRS) == 66
    assert len(ALL_PAIRS) == len(FACTIONS) * (len(FACTIONS) - 1) // 2
    for pair in ALL_PAIRS:
        for players in (2, 3, 4):
            seats = table(pair, players)
            used = [f for seat in seats for f in seat]
            assert len(used) == len(set(used)) == 2 * players


def _play(
    pair: tuple[str, str],
    players: int,
    n: int,
    agents: list[str],
    factions: list[str] = FACTIONS,
    **cfg: str,
) -> None:
    config = {"factions": table(pair, players, factions), **cfg}
    batch = simulate("smash-up", n, agents, seed=players, config=config)
    assert len(batch.outcomes) == n
    for outcome in batch.outcomes:
        # a game ends with a winner, or as a draw only at the turn limit
        assert outcome.winners or outcome.turns >= 200, f"{pair} at {players}: no winner"


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pair", PAIRS, ids=["+".join(p) for p in PAIRS])
def test_every_pair_plays(pair: tuple[str, str], players: int) -> None:
    _play(pair, players, 1, ["random"] * players, CLASSIC)


#: each later faction with a partner from the whole list, rotating, at every player count
LATER_TABLES = [
    ((f, FACTIONS[(FACTIONS.index(f) + 1 + 3 * k) % len(FACTIONS)]), players)
    for k, f in enumerate(LATER)
    for players in (2, 3, 4)
]


@pytest.mark.parametrize(
    ("pair", "players"), LATER_TABLES, ids=[f"{'+'.join(p)}-{n}p" for p, n in LATER_TABLES]
)
def test_each_later_faction_plays(pair: tuple[str, str], players: int) -> None:
    heuristic = (players + LATER.index(pair[0])) % 2 == 0
    agents = (["heuristic"] if heuristic else ["random"]) + ["random"] * (players - 1)
    _play(pair, players, 1, agents)


@pytest.mark.slow
@pytest.mark.parametrize("card_set", ["70s-2018", "70s-errata+al9000-cthulhu-first"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("pair", ALL_PAIRS, ids=["+".join(p) for p in ALL_PAIRS])
def test_every_pair_plays_many_games(pair: tuple[str, str], players: int, card_set: str) -> None:
    _play(pair, players, 10, ["random"] * players, card_set=card_set)
    _play(pair, players, 10, ["heuristic"] + ["random"] * (players - 1), card_set=card_set)
