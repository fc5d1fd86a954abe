"""Train sb3-contrib's MaskablePPO on Bizarre World against the random agent, then play 1,000
evaluation games against it (``pip install 'cardwright[rl,train]'``)::

    python -m cardwright.rl.examples.maskable_ppo --steps 50000 --games 1000

The learning seat is drawn for every game (``seat="random"``), so the policy learns to play
first and second. Training runs on one core (``torch.set_num_threads(1)``); the CPU seconds it
took are printed with the evaluation's win rate (docs/rl.md has the figures).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium
import numpy as np

import cardwright.rl  # noqa: F401  (registers the cardwright/<Game>-v0 environments)

GAME = "cardwright/BizarreWorld-v0"


def make_env(opponents: str = "random", **config: Any) -> gymnasium.Env[Any, Any]:
    return gymnasium.make(GAME, seat="random", opponents=opponents, **config)


def train(steps: int, seed: int = 0, opponents: str = "random") -> Any:
    """A MaskablePPO policy trained for ``steps`` environment steps."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    env = make_env(opponents)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=2048,
        batch_size=256,
        learning_rate=3e-4,
        gamma=0.99,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=seed,
        verbose=0,
    )
    model.learn(total_timesteps=steps)
    return model


def evaluate(model: Any, games: int, seed: int = 100_000, opponents: str = "random") -> float:
    """The share of ``games`` games the policy wins (greedy moves among the legal ones)."""
    env = make_env(opponents)
    wins = 0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        while True:
            masks = env.unwrapped.action_masks()  # type: ignore[attr-defined]
            action, _ = model.predict(obs, action_masks=masks, deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(int(np.asarray(action)))
            if terminated or truncated:
                wins += float(reward) > 0
                break
    return wins / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=50_000, help="training steps")
    parser.add_argument("--games", type=int, default=1000, help="evaluation games")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", help="write the trained policy to this .zip file")
    args = parser.parse_args(argv)
    start = time.process_time()
    model = train(args.steps, args.seed)
    spent = time.process_time() - start
    rate = evaluate(model, args.games)
    if args.save:
        model.save(args.save)
    print(
        f"MaskablePPO on Bizarre World: {args.steps} steps in {spent:.0f} CPU seconds; "
        f"won {rate:.1%} of {args.games} games against the random agent"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
