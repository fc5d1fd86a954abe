"""Batch self-play with reproducible results whatever the number of processes.

Each game's seed is derived from the batch seed and the game's index, agents are seeded from the
game seed, and results are gathered in index order, so ``--jobs 1`` and ``--jobs 8`` agree.
The default backend is local processes (no setup); ``backend="ray"`` spreads the same chunks
over a Ray cluster. With ``detail=True`` each outcome also carries what the game store keeps
(:mod:`cardwright.sim.trace`), handed to ``on_chunk`` as chunks finish and then dropped.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cardwright.agents import Agent, make_agent
from cardwright.core.errors import ConfigError, EngineError
from cardwright.core.game import Game
from cardwright.games import resolve

from .deal import deal
from .parallel import check_backend, run_tasks
from .records import GameRecord, finish_record
from .seats import player_count
from .trace import GameDetail, Tracer, report_hooks

#: A game still running after this many decisions is a rules bug (real games take hundreds;
#: every game has a turn limit), reported with its seed rather than left to run for ever.
MAX_DECISIONS = 100_000


def game_seed(batch_seed: int, index: int) -> int:
    """A well-mixed per-game seed (stable across Python versions and processes)."""
    digest = hashlib.blake2b(f"{batch_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


@dataclass(frozen=True)
class GameOutcome:
    index: int
    seed: int
    winners: tuple[int, ...]
    turns: int
    decisions: int
    seconds: float
    detail: GameDetail | None = None


@dataclass
class Batch:
    game: str
    agents: list[str]
    config: dict[str, Any]
    seed: int
    players: int
    outcomes: list[GameOutcome] = field(default_factory=list)


def with_player_count(
    game: Game | str, config: dict[str, Any] | None, players: int
) -> dict[str, Any]:
    """The config with ``players`` set from the number of agents, for games that take it."""
    cfg = dict(config or {})
    if "players" in resolve(game).default_config() and cfg.get("players") is None:
        cfg["players"] = players
    return cfg


def play_game(
    game: Game | str,
    config: dict[str, Any] | None,
    seed: int,
    agents: Sequence[str | Agent],
    *,
    record: bool = False,
    log: bool = False,
    trace: bool = False,
) -> tuple[GameOutcome, GameRecord | None]:
    """Play one game of ``game`` (a game or its id) between agents, one per seat: each an
    agent spec (made and seeded from ``seed`` and its seat) or an agent object (used as it
    is; the record names it by its ``name``). ``trace`` fills the outcome's ``detail`` (it
    plays with the log on)."""
    game = resolve(game)
    game_id = game.id
    start = time.perf_counter()
    players = [seat_agent(agent, game_id, seed * 31 + i) for i, agent in enumerate(agents)]
    names = [a if isinstance(a, str) else p.name for a, p in zip(agents, players, strict=True)]
    config = deal(game, with_player_count(game, config, len(agents)), seed)
    state = game.new_state(config, seed, log=log or trace)
    tracer = Tracer(game, state, report_hooks(game_id)) if trace else None
    choices: list[tuple[int, str]] = []
    apply = game.apply
    while state.decision is not None:
        if state.decisions > MAX_DECISIONS:
            raise EngineError(
                f"{game_id}: game with seed {seed}, agents {names} and config "
                f"{config} passed {MAX_DECISIONS:,} decisions without ending (a rules loop)"
            )
        seat = state.decision.seat
        choice = players[seat].choose(game, state, seat)
        if record or trace:
            choices.append((seat, choice))
        apply(state, choice)
        if tracer is not None:
            tracer.observe(state)
    elapsed = time.perf_counter() - start
    winners = tuple(state.result.winners) if state.result is not None else ()
    detail = tracer.finish(state, choices) if tracer is not None else None
    outcome = GameOutcome(0, seed, winners, state.turn, state.decisions, elapsed, detail)
    rec = None
    if record:
        rec = finish_record(
            GameRecord(
                game=game_id,
                config=dict(state.config),
                seed=seed,
                choices=choices,
                agents=names,
            ),
            state,
            game,
        )
    return outcome, rec


def seat_agent(agent: str | Agent, game_id: str, seed: int) -> Agent:
    """One seat's agent: a spec made into an agent seeded with ``seed``, or an agent object
    as it is; anything else is a one-line ``ConfigError``."""
    if isinstance(agent, str):
        return make_agent(agent, game_id, seed)
    if callable(getattr(agent, "choose", None)) and isinstance(getattr(agent, "name", None), str):
        return agent
    raise ConfigError(
        f"agent {agent!r}: expected an agent spec (such as 'random' or 'ismcts:iterations=200') "
        "or an object with a name and a choose(game, state, seat) method"
    )


Task = tuple[str, dict[str, Any], list[str], int, int, int, bool]


def _chunk(args: Task) -> list[GameOutcome]:
    game_id, config, agents, batch_seed, start, stop, detail = args
    game = resolve(game_id)  # a chunk may run in another process: it carries the id
    out = []
    for i in range(start, stop):
        seed = game_seed(batch_seed, i)
        outcome, _ = play_game(game, config, seed, agents, trace=detail)
        out.append(replace(outcome, index=i))
    return out


def _chunks(n: int, jobs: int) -> Iterator[tuple[int, int]]:
    size = max(1, min(50, math.ceil(n / (jobs * 4))))
    for start in range(0, n, size):
        yield start, min(n, start + size)


def check_batch(
    game: Game | str, agents: Sequence[str], config: dict[str, Any], jobs: int, backend: str
) -> None:
    """Refuse a bad game, number of players, agent, rule option, ``jobs`` or ``backend`` in
    one line, in this process, before any game is played."""
    game = resolve(game)
    for name in agents:
        if not isinstance(name, str):
            raise ConfigError(
                f"agent {name!r}: a batch takes agent specs (such as 'heuristic'), since each "
                "game makes its own seeded agents, in whichever worker plays it"
            )
    player_count(game, config, agents=agents)  # one agent per seat, as the config says
    game.validate_config(deal(game, config, 0))
    for name in agents:
        make_agent(name, game.id, 0)
    if jobs < 1:
        raise ConfigError(f"--jobs {jobs}: give at least 1 worker process")
    check_backend(backend)


def simulate(
    game: Game | str,
    n: int,
    agents: Sequence[str],
    *,
    seed: int = 0,
    jobs: int = 1,
    config: dict[str, Any] | None = None,
    backend: str = "local",
    progress: Callable[[int], None] | None = None,
    detail: bool = False,
    on_chunk: Callable[[list[GameOutcome]], None] | None = None,
) -> Batch:
    """Play ``n`` games of ``game`` (a game or its id); ``progress(k)`` is called as each
    chunk of ``k`` games finishes, after ``on_chunk(outcomes)``, which gets each game's
    ``detail`` when ``detail`` is set."""
    game = resolve(game)
    game_id = game.id
    cfg = with_player_count(game, config, len(agents))
    check_batch(game, agents, cfg, jobs, backend)
    players = len(agents)
    batch = Batch(game_id, list(agents), cfg, seed, players)
    tasks = [(game_id, cfg, list(agents), seed, a, b, detail) for a, b in _chunks(n, jobs)]
    results: list[GameOutcome] = []

    def take(chunk: list[GameOutcome]) -> None:
        if on_chunk:
            on_chunk(chunk)
        results.extend(replace(o, detail=None) if o.detail else o for o in chunk)
        if progress:
            progress(len(chunk))

    run_tasks(_chunk, tasks, take, jobs=jobs, backend=backend)
    batch.outcomes = sorted(results, key=lambda o: o.index)
    return batch
