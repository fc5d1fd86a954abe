"""The PettingZoo and Gymnasium environments of every game and player count."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import cardwright.rl as rl
from cardwright.core.errors import ConfigError
from cardwright.games import get_game

#: every game and every number of players it is played by (steps kept modest: `make test`)
AEC_CASES: list[tuple[str, dict[str, Any], int]] = [
    ("bizarre-world", {}, 150),
    ("blue-moon", {}, 150),
    ("smash-up", {"players": 2}, 60),
    ("smash-up", {"players": 3}, 40),
    ("smash-up", {"players": 4}, 30),
    ("varia", {}, 150),
    ("munchkin", {"players": 3}, 40),
    ("munchkin", {"players": 4}, 30),
    ("munchkin", {"players": 5}, 25),
    ("munchkin", {"players": 6, "card_set": "steampunk"}, 20),
]


def test_every_player_count_is_covered() -> None:
    for game_id in rl.GYM_IDS:
        game = get_game(game_id)
        counts = {
            len(rl.Table(g, c).config.get("names") or []) for g, c, _ in AEC_CASES if g == game_id
        }
        assert counts == set(range(game.min_players, game.max_players + 1)), game_id


@pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo's notes on Dict observations
@pytest.mark.parametrize(("game_id", "config", "cycles"), AEC_CASES)
def test_pettingzoo_api_and_seeds(game_id: str, config: dict[str, Any], cycles: int) -> None:
    api_test(rl.env(game_id, **config), num_cycles=cycles)
    seed_test(lambda: rl.env(game_id, **config), num_cycles=cycles)


def _play_out(env: Any, seed: int) -> dict[str, float]:
    """A whole game with random legal actions; each agent's total reward."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = obs["action_mask"].nonzero()[0]
        assert len(legal) > 0
        env.step(int(rng.choice(legal)))
    return totals


def test_rewards_at_the_end() -> None:
    """+1 for the winner, -1 for the loser; the same seed plays the same game."""
    env = rl.env("bizarre-world")
    a = _play_out(env, 5)
    assert sorted(a.values()) == [-1.0, 1.0]
    assert _play_out(env, 5) == a
    state = env.unwrapped.table.live
    winner = state.result.winners[0]
    assert a[f"player_{winner}"] == 1.0


def test_turn_limit_is_a_truncation() -> None:
    env = rl.env("blue-moon", max_turns=2)
    env.reset(seed=1)
    rng = np.random.default_rng(0)
    for _ in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert truncated and not terminated
            env.step(None)
            continue
        env.step(int(rng.choice(obs["action_mask"].nonzero()[0])))
    assert env.unwrapped.table.truncated


def test_shaping_follows_the_score() -> None:
    """With shaping, a seat's rewards add up to its change of lead in the followed score
    (Smash Up's victory points), plus the result."""
    env = rl.raw_env("smash-up", shaping=0.1, players=2)
    totals = _play_out(env, 2)
    state = env.table.live
    vp = state.vp  # type: ignore[attr-defined]
    for seat in range(2):
        lead = vp[seat] - vp[1 - seat]
        result = (1.0 if seat in state.result.winners else -1.0) if state.result.winners else 0.0
        assert totals[f"player_{seat}"] == pytest.approx(0.1 * lead + result)


def test_illegal_actions() -> None:
    """The wrapped environment ends the game with -1 for an illegal action; the raw one
    refuses it in one line, state unchanged."""
    env = rl.env("varia")
    env.reset(seed=0)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    env.step(illegal)
    assert env.rewards[agent] == -1.0 and all(env.terminations.values())
    raw = rl.raw_env("varia")
    raw.reset(seed=0)
    before = raw.table.live.decisions
    with pytest.raises(rl.CatalogueError, match="not a legal option") as info:
        raw.step(illegal)
    assert "\n" not in str(info.value) and raw.table.live.decisions == before


def test_render_is_the_acting_seats_view() -> None:
    env = rl.raw_env("blue-moon", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "[" not in text.splitlines()[0][:1]
    assert text == env.table.text(env.table.to_play)
    with pytest.raises(ValueError, match="render_mode"):
        rl.raw_env("blue-moon", render_mode="rgb_array")


@pytest.mark.filterwarnings("ignore::UserWarning")  # unbounded Box: the observation has counts
@pytest.mark.parametrize("game_id", list(rl.GYM_IDS))
def test_gymnasium(game_id: str) -> None:
    name = rl.GYM_IDS[game_id]
    check_env(gymnasium.make(name, illegal="lose").unwrapped, skip_render_check=True)
    env = gymnasium.make(name, seat="random", opponents="heuristic")
    for seed in (1, 2):
        _, info = env.reset(seed=seed)
        seat = info["seat"]
        rng = np.random.default_rng(seed)
        total, steps = 0.0, 0
        while True:
            masks = env.unwrapped.action_masks()
            assert masks.dtype == bool and (masks == info["action_mask"]).all()
            action = int(rng.choice(masks.nonzero()[0]))
            _, reward, terminated, truncated, info = env.step(action)
            total += reward
            steps += 1
            if terminated or truncated:
                break
        state = env.unwrapped.table.live
        winners = state.result.winners
        expected = 0.0 if not winners or truncated else (1.0 if seat in winners else -1.0)
        assert total == expected


def test_gymnasium_mistakes_are_one_line() -> None:
    name = rl.GYM_IDS["smash-up"]
    for kwargs, words in (
        ({"opponents": "random,random", "players": 2}, "other seat"),
        ({"opponents": "nobody"}, "unknown agent"),
        ({"seat": 5}, "seat 5"),
        ({"illegal": "ignore"}, "illegal="),
        ({"no_such_rule": 1}, "unknown rule option"),
    ):
        with pytest.raises(ConfigError, match=words) as info:
            gymnasium.make(name, **kwargs)
        assert "\n" not in str(info.value)


def test_wrappers_answer_as_pettingzoos() -> None:
    """``env()``'s wrappers (PettingZoo's, reading the loop's attributes from the unwrapped
    environment at once) answer as PettingZoo's own stack on the same raw environment:
    attributes refused before reset with its message, out-of-bounds actions refused, the
    same game, rewards and observations step by step."""
    from pettingzoo.utils import wrappers

    ours = rl.env("bizarre-world")
    theirs = wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(
            wrappers.TerminateIllegalWrapper(rl.raw_env("bizarre-world"), illegal_reward=-1)
        )
    )
    for name in ("agents", "agent_selection", "terminations", "num_agents"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(ours, name)
    assert str(ours) == str(theirs)
    for env in (ours, theirs):
        env.reset(seed=3)
    for bad in (-1, ours.action_space("player_0").n, 1.5, np.int64(-1)):
        with pytest.raises(AssertionError, match="not in action space"):
            ours.step(bad)
    rng = np.random.default_rng(3)
    for agent in ours.agent_iter():
        assert agent == theirs.agent_selection
        mine, other = ours.last(), theirs.last()
        assert mine[1:4] == other[1:4] and np.array_equal(
            mine[0]["observation"], other[0]["observation"]
        )
        if mine[2] or mine[3]:
            action = None
        else:
            action = int(rng.choice(np.flatnonzero(mine[0]["action_mask"])))
            action = np.int64(action) if rng.random() < 0.5 else action
        ours.step(action)
        theirs.step(action)
    assert ours._cumulative_rewards == theirs._cumulative_rewards and not theirs.agents
