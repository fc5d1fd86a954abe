"""``simulate`` and ``tournament`` on a local Ray give the JSON of local runs (one Ray start
for the module's tests: they share an ``xdist_group``, so one worker runs them all)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from cardwright.analysis.stats import summarize
from cardwright.sim.runner import simulate
from cardwright.sim.tournament import run_tournament, summarize_tournament

pytestmark = pytest.mark.xdist_group("ray")


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield
    finally:
        ray.shutdown()


def _json(data: object) -> str:
    return json.dumps(data, indent=2, sort_keys=True)


def test_simulate_on_ray_gives_the_same_json(ray_cluster: None) -> None:
    args = ("bizarre-world", 6, ["random", "heuristic"])
    local = simulate(*args, seed=3, jobs=2)
    on_ray = simulate(*args, seed=3, jobs=2, backend="ray")
    assert _json(summarize(on_ray)) == _json(summarize(local))
    played = [(o.index, o.seed, o.winners, o.turns, o.decisions) for o in on_ray.outcomes]
    assert played == [(o.index, o.seed, o.winners, o.turns, o.decisions) for o in local.outcomes]


def test_tournament_on_ray_gives_the_same_json(ray_cluster: None) -> None:
    args = ("blue-moon", ["random", "heuristic"], 2)
    local = run_tournament(*args, seed=1)
    on_ray = run_tournament(*args, seed=1, backend="ray")
    assert _json(summarize_tournament(on_ray)) == _json(summarize_tournament(local))
