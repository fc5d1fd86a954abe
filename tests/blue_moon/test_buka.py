"""Buka ships and bluffs: what each seat may see, and determinization of hidden places."""

from __future__ import annotations

from typing import cast

from cardwright.core.state import to_json
from cardwright.games import get_game
from cardwright.games.blue_moon.state import BMState

SETUP = {
    "active": "Bob",
    "start": "Ann",
    "element": "fire",
    "seats": {
        "Ann": {
            "combat": ["Commodore Lo Tan"],
            "support": ["Captain Su Cha as su face-down"],
            "ships": [{"ship": "Rising Sun as rs", "cargo": ["Armory as arm", "Buka 2 as tai"]}],
            "hand": ["Buka 5", "Buka 6"],
            "deck": ["Buka 9", "Buka 10"],
        },
        "Bob": {"combat": ["Wogarathoras the Gloomy"], "hand": ["Hoax 2"], "deck": ["Hoax 3"]},
    },
}


def _state() -> tuple[BMState, dict[str, int]]:
    game = get_game("blue-moon")
    state, aliases = game.scenario_state(
        {"names": ["Ann", "Bob"], "peoples": ["Buka", "Hoax"]}, SETUP
    )
    assert isinstance(state, BMState)
    return state, aliases


def test_bluffs_and_cargo_are_hidden_from_the_opponent_only() -> None:
    game = get_game("blue-moon")
    state, a = _state()
    theirs = game.view(state, 1)
    assert theirs.zones["support:0"][0] < 0 and a["su"] not in theirs.cards
    assert all(c < 0 for c in theirs.zones[f"ship{a['rs']}:0"])
    assert theirs.zones["influence:0"] == [a["rs"]]  # the ship itself is public
    mine = game.view(state, 0)
    assert mine.zones["support:0"] == [a["su"]]
    assert mine.zones[f"ship{a['rs']}:0"] == [a["arm"], a["tai"]]


def test_determinized_bluffs_and_cargo_fit_their_places() -> None:
    game = get_game("blue-moon")
    state, a = _state()
    view = game.view(state, 1)
    for seed in range(20):
        full = game.determinize(view, seed)
        assert not game.invariants(full)
        assert to_json(game.view(full, 1)) == to_json(view)
        bluff = full.cards[full.zones["support:0"][0]]
        assert "bluff" in game.printed(full, bluff.id).icons and bluff.counters == {"bluff": 1}
        for cid in full.zones[f"ship{a['rs']}:0"]:
            assert game.printed(full, cid).type in ("character", "booster", "support")


def test_a_card_backtracked_to_its_ship_goes_back_face_down() -> None:
    """A card played from a ship's cargo and taken back by backtracking (ruling R4) is face down
    in the cargo again, as a loaded card is. A random game with the Buka reaches it at decision
    40 of seed 1; no card in a ship is face up at any step of these games."""
    from cardwright.agents import RandomAgent

    g = get_game("blue-moon")
    backtracked_from_ship = 0
    for seed in range(6):
        s = g.new_state({"peoples": ["Buka", "Mimix"]}, seed, log=True)
        agent = RandomAgent(seed)
        while s.decision is not None:
            from_ship = dict(cast(BMState, s).turn_info.from_ship)
            g.apply(s, agent.choose(g, s, s.decision.seat))
            ships = {c for z, ids in s.zones.items() if z.startswith("ship") for c in ids}
            assert not [c for c in ships if s.cards[c].face_up], f"seed {seed}"
            backtracked_from_ship += len(set(from_ship) & ships)
    assert backtracked_from_ship > 0  # the games do take cards back to a ship
