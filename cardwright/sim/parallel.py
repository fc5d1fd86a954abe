"""Running independent tasks in this process, over local processes, or on Ray, handing each
result back as it arrives (results may arrive out of order: callers sort them)."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

from cardwright.core.errors import ConfigError

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")
_NO_RAY = "the ray backend needs Ray: pip install 'cardwright[ray]'"


def check_backend(backend: str) -> None:
    """Refuse an unknown backend, or Ray where it is not installed, before any work (and any
    progress bar) starts."""
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if backend == "ray" and importlib.util.find_spec("ray") is None:
        raise ConfigError(_NO_RAY)


def run_tasks(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    take: Callable[[R], None],
    *,
    jobs: int = 1,
    backend: str = "local",
) -> None:
    """``take(fn(task))`` for every task: in this process when ``jobs`` is 1, else over
    ``jobs`` local processes (at most the machine's cores), or over a Ray cluster
    (``RAY_ADDRESS``, or a local one started on demand). ``fn`` must be a module-level
    function so that other processes can import it."""
    check_backend(backend)
    if backend == "ray":
        _on_ray(fn, tasks, take)
    elif jobs <= 1:
        for task in tasks:
            take(fn(task))
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, os.cpu_count() or 1)) as pool:
            for result in pool.map(fn, tasks):
                take(result)


def _on_ray(fn: Callable[[T], R], tasks: Sequence[T], take: Callable[[R], None]) -> None:
    try:
        import ray
    except ImportError:
        raise ConfigError(_NO_RAY) from None
    if not ray.is_initialized():
        ray.init(
            address=os.environ.get("RAY_ADDRESS"), ignore_reinit_error=True, log_to_driver=False
        )
    remote = ray.remote(fn)
    waiting = [remote.remote(task) for task in tasks]
    while waiting:
        ready, waiting = ray.wait(waiting, num_returns=1)
        take(ray.get(ready[0]))
