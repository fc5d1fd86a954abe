"""A game's PettingZoo environment under RLlib (Ray's trainer): every seat shares one PPO
policy whose logits are masked by the legal actions (RLlib's ``ActionMaskingTorchRLModule``,
which reads the observation's ``"observations"`` and ``"action_mask"``)::

    pip install 'cardwright[rl]' 'ray[rllib]==2.60.0'
    python -m cardwright.rl.examples.rllib_ppo bizarre-world --iterations 20
"""

from __future__ import annotations

import argparse
from typing import Any

from gymnasium import spaces
from pettingzoo.utils import BaseWrapper

import cardwright.rl


class RLlibNames(BaseWrapper):  # type: ignore[misc]
    """The PettingZoo environment with the observation keys RLlib's action-masking module
    reads (``observations`` for ``observation``)."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        space = self.env.observation_space(agent)
        return spaces.Dict(
            {"observations": space["observation"], "action_mask": space["action_mask"]}
        )

    def observe(self, agent: str) -> dict[str, Any]:
        obs = self.env.observe(agent)
        return {"observations": obs["observation"], "action_mask": obs["action_mask"]}


def config(game_id: str, **rules: Any) -> Any:
    """RLlib's PPO configuration for ``game_id`` (``rules``: rule options)."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )
    from ray.tune.registry import register_env

    name = f"cardwright_{game_id.replace('-', '_')}"

    def make(_: Any) -> Any:
        return PettingZooEnv(RLlibNames(cardwright.rl.env(game_id, **rules)))  # type: ignore[no-untyped-call]

    register_env(name, make)
    return (
        PPOConfig()  # type: ignore[no-untyped-call]
        .environment(name)
        .multi_agent(policies={"shared"}, policy_mapping_fn=lambda agent, *a, **k: "shared")
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "shared": RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={"head_fcnet_hiddens": [128, 128]},
                    )
                }
            )
        )
        .env_runners(num_env_runners=1)
        .training(train_batch_size_per_learner=1000, minibatch_size=250, num_epochs=2)
    )


def main(argv: list[str] | None = None) -> int:
    import ray

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a game id (cardwright games)")
    parser.add_argument("--iterations", type=int, default=10)
    args = parser.parse_args(argv)
    ray.init(num_cpus=2, include_dashboard=False)
    try:
        algo = config(args.game).build_algo()
        for i in range(args.iterations):
            result = algo.train()
            steps = result["env_runners"]["num_env_steps_sampled_lifetime"]
            print(f"iteration {i + 1}: {steps} environment steps")
        algo.stop()
    finally:
        ray.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
