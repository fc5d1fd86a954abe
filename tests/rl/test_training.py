"""The MaskablePPO example reaches its bar: trained on Bizarre World against the random agent,
it wins at least 80% of 1,000 evaluation games (slow: `make test-all`)."""

from __future__ import annotations

import time

import pytest

STEPS = 50_000


@pytest.mark.slow
def test_maskable_ppo_beats_random() -> None:
    from cardwright.rl.examples.maskable_ppo import evaluate, train

    start = time.process_time()
    model = train(STEPS, seed=0)
    spent = time.process_time() - start
    rate = evaluate(model, 1000)
    print(f"MaskablePPO: {STEPS} steps in {spent:.0f} CPU seconds, won {rate:.1%} of 1000")
    assert rate >= 0.8


@pytest.mark.slow
def test_rllib_trains_on_the_pettingzoo_environment() -> None:
    import ray

    from cardwright.rl.examples.rllib_ppo import config

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        algo = config("bizarre-world").build_algo()
        result = algo.train()
        algo.stop()
    finally:
        ray.shutdown()
    assert result["env_runners"]["num_env_steps_sampled_lifetime"] >= 1000
