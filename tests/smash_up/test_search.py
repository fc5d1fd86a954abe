"""Smash Up's evaluation for the search agent (``games/smash_up/search.py``): what the
positions it scores count, Madness among them."""

from __future__ import annotations

from typing import Any

from cardwright.games.smash_up.game import SmashUp
from cardwright.games.smash_up.scenario import build
from cardwright.games.smash_up.search import MADNESS_COST, evaluate, prospects

GAME = SmashUp()
BASES = ["Jungle Oasis", "Factory 436-1337", "Evans City Cemetery"]


def _position(ann: dict[str, Any], bob: dict[str, Any], **more: Any) -> Any:
    setup = {"active": "Ann", "bases": BASES, "seats": {"Ann": ann, "Bob": bob}, **more}
    state, _ = build(GAME, {"names": ["Ann", "Bob"]}, setup, 1)
    return state


def test_each_madness_card_owned_costs_half_a_point() -> None:
    # Ann owns three Madness cards (hand, deck, discard pile), Bob one; both have 4 VP
    state = _position(
        {"hand": ["Madness", "Researcher"], "deck": ["Madness"], "discard": ["Madness"]},
        {"hand": ["Madness", "Researcher"]},
        vp={"Ann": 4, "Bob": 4},
    )
    ann, bob = prospects(GAME, state)
    assert ann == 4 - 3 * MADNESS_COST
    assert bob == 4 - 1 * MADNESS_COST
    # the same points, more Madness: the lower chance (a tie goes to the fewer Madness cards)
    chances = evaluate(GAME, state)
    assert chances[0] < 0.5 < chances[1]


def test_without_madness_the_points_alone() -> None:
    state = _position({"hand": ["King Rex"]}, {"hand": ["King Rex"]}, vp={"Ann": 5, "Bob": 3})
    assert "madness" not in state.zones  # no Cthulhu card: no Madness deck
    assert prospects(GAME, state) == [5.0, 3.0]
    chances = evaluate(GAME, state)
    assert chances[0] > chances[1]
