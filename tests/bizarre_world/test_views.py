"""What a seat knows of the opponent's face-down neutral resources: not what they are, but
which are exhausted (turned sideways, rulebook 002 "Exhausted"). The view keeps that on their
placeholders, determinization deals cards that keep it, and so the search, which plays out
determinizations of its view, counts the opponent's ready resources as they are."""

from __future__ import annotations

from typing import cast

import pytest

from cardwright.agents import make_agent
from cardwright.core.state import HIDDEN, State
from cardwright.games import get_game
from cardwright.games.bizarre_world.game import BizarreWorld
from cardwright.games.bizarre_world.state import BWState

GAME = cast(BizarreWorld, get_game("bizarre-world"))
BOX = "Boring Box-Man of Minimum Wage (1)"
ROCK = "Boring Rock of Minimum Wage (2)"
DONUT = "Boring Donut of Minimum Wage (3)"


def position_with_spent_resources() -> BWState:
    """Ann's main phase; Bob has spent two of his three face-down resources."""
    setup = {
        "active": "Ann",
        "seats": {
            "Ann": {"hand": [DONUT, BOX], "resources": 3, "play": [ROCK], "deck": [BOX] * 4},
            "Bob": {
                "hand": [ROCK, DONUT],
                "resources": [f"{ROCK} exhausted", f"{DONUT} exhausted", BOX],
                "deck": [ROCK, DONUT, BOX, ROCK],
            },
        },
    }
    state, _ = GAME.scenario_state({"names": ["Ann", "Bob"]}, setup)
    return cast(BWState, state)


def _spent(state: State, seat: int) -> list[bool]:
    return [state.cards[c].exhausted for c in state.zones[f"resources:{seat}"]]


def test_an_exhausted_face_down_resource_stays_exhausted_in_the_view_and_determinized() -> None:
    s = position_with_spent_resources()
    assert _spent(s, 1) == [True, True, False] and GAME.ready_resources(s, 1) == 1
    view = GAME.view(s, 0)
    theirs = view.zones["resources:1"]
    assert all(c < 0 for c in theirs), "Bob's resources are face down to Ann"
    assert _spent(view, 1) == [True, True, False]
    for c in theirs:
        placeholder = view.cards[c]
        assert placeholder.defn == HIDDEN and not placeholder.face_up
        assert (placeholder.owner, placeholder.controller) == (1, 1)
        assert GAME.card_name(view, c) == "a hidden card"
    assert GAME.ready_resources(view, 1) == 1  # it reads only the public status
    defns = set()
    for seed in range(20):
        full = GAME.determinize(view, seed)
        assert _spent(full, 1) == [True, True, False], seed
        assert GAME.ready_resources(full, 1) == 1, seed
        assert all(not full.cards[c].face_up for c in full.zones["resources:1"])
        assert GAME.view(full, 0) == view, seed
        defns.update(full.cards[c].defn for c in full.zones["resources:1"])
    assert HIDDEN not in defns and len(defns) > 3, "real definitions, dealt at random"


def test_the_search_counts_the_opponents_ready_resources_as_they_are(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every determinization the ISMCTS agent searches gives Bob exactly his one ready
    resource (it used to give him three: the view lost which were exhausted)."""
    s = position_with_spent_resources()
    seen: list[tuple[int, list[bool]]] = []
    determinize = GAME.determinize

    def recording(view: State, seed: int) -> State:
        full = determinize(view, seed)
        seen.append((GAME.ready_resources(cast(BWState, full), 1), _spent(full, 1)))
        return full

    monkeypatch.setattr(GAME, "determinize", recording)
    agent = make_agent("ismcts:iterations=30", "bizarre-world", 1)
    agent.choose(GAME, s, 0)
    assert len(seen) == 30, "the agent searched one determinization per iteration"
    assert all(entry == (1, [True, True, False]) for entry in seen), seen
