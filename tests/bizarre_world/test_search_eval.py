"""Bizarre World's evaluation for the search agent (rollouts cut short with ``depth``)."""

from __future__ import annotations

from typing import cast

from cardwright.games import get_game
from cardwright.games.bizarre_world.search import HOOKS, evaluate
from cardwright.games.bizarre_world.state import BWState


def test_the_evaluation_is_a_chance_that_favours_life_and_attack() -> None:
    game = get_game("bizarre-world")
    state = cast(BWState, game.new_state({}, 3, log=False))
    even = evaluate(game, state)
    assert all(0.0 <= v <= 1.0 for v in even) and abs(sum(even) - 1.0) < 1e-9
    state.life = [10, 3]
    assert evaluate(game, state)[0] > even[0]
    state.life = [10, 10]
    state.attack = [0, 6]
    assert evaluate(game, state)[1] > even[1]


def test_rollouts_are_cut_short_and_evaluated_by_default() -> None:
    assert HOOKS["evaluate"] is evaluate
    assert HOOKS["depth"] == 20
