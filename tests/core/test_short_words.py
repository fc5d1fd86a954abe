"""A state that does not log may carry shorter words (labels, prompts) than one that does, and
nothing else may differ: the same questions (seat, kind, rule, option ids, in order) and the
same hash at every step (docs/architecture.md, the contract)."""

from __future__ import annotations

import pytest

from cardwright.agents import RandomAgent
from cardwright.core.state import state_hash
from cardwright.games import get_game

CASES = [("smash-up", {"players": 4}), ("smash-up", {"players": 2}), ("blue-moon", {})]


@pytest.mark.parametrize(("game_id", "config"), CASES)
def test_a_state_that_does_not_log_plays_the_same_game(game_id: str, config: dict) -> None:
    game = get_game(game_id)
    shorter = 0
    for seed in range(3):
        logged = game.new_state(config, seed, log=True)
        bare = game.new_state(config, seed, log=False)
        agent = RandomAgent(seed)
        while logged.decision is not None:
            a, b = logged.decision, bare.decision
            assert b is not None
            assert (a.seat, a.kind, a.rule) == (b.seat, b.kind, b.rule)
            assert [o.id for o in a.options] == [o.id for o in b.options]
            assert state_hash(logged) == state_hash(bare)
            words = [a.prompt, *(o.label for o in a.options)]
            short = [b.prompt, *(o.label for o in b.options)]
            shorter += words != short
            choice = agent.choose(game, logged, a.seat)
            game.apply(logged, choice)
            game.apply(bare, choice)
        assert bare.decision is None and state_hash(logged) == state_hash(bare)
    assert shorter > 0  # the words did get shorter somewhere, so the test compares something


def test_short_labels_keep_the_names() -> None:
    """Smash Up's short labels of bases still name the base (only the numbers go)."""
    game = get_game("smash-up")
    for log in (True, False):
        state = game.new_state({"players": 2}, 0, log=log)
        bid = state.zones["bases"][0]
        label = game.base_label(state, bid)
        name = game.card_name(state, bid)
        assert label.startswith(name)
        assert ("/" in label) == log
