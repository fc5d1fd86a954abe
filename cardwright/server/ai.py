"""AI seats: any agent spec (``random``, ``heuristic``, ``ismcts``, ``ismcts:seconds=2``:
``docs/agents.md``) thinks off the event loop, so other games and players never wait on it.

``random`` answers in a thread (it only draws a number); every other agent thinks in a pool
of worker processes (``--ai-workers``), each handed the state without its log (an agent reads
the state as the simulations give it: ``cardwright/agents/__init__.py``). The agent is seeded
from the game's seed, the seat and the move number, so the same game and the same moves
give the same AI answers.
"""

from __future__ import annotations

import asyncio
import hashlib
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import msgspec

from cardwright.agents import make_agent
from cardwright.agents.specs import parse_spec
from cardwright.core.state import State
from cardwright.games import get_game


def agent_seed(game_seed: int, seat: int, seq: int) -> int:
    digest = hashlib.blake2b(f"ai:{game_seed}:{seat}:{seq}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def choose(game_id: str, spec: str, state: State, seed: int) -> str:
    """The agent's answer to the pending decision of ``state``."""
    assert state.decision is not None
    agent = make_agent(spec, game_id, seed)
    return agent.choose(get_game(game_id), state, state.decision.seat)


def choose_encoded(game_id: str, spec: str, data: bytes, seed: int) -> str:
    """:func:`choose` in a worker process, on a state sent as msgpack."""
    game = get_game(game_id)
    state = msgspec.msgpack.decode(data, type=game.state_cls)
    return choose(game_id, spec, state, seed)


class AIRunner:
    """Runs AI decisions off the event loop: ``random`` in a thread, the others in a process
    pool started when first needed."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def _processes(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawned, not forked: the server's threads and sockets stay in the server
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        return self._pool

    async def choose(self, game_id: str, spec: str, state: State, seed: int) -> str:
        if parse_spec(spec).name == "random":
            return await asyncio.to_thread(choose, game_id, spec, state, seed)
        bare = msgspec.structs.replace(state, log=[], logging=False)
        data = msgspec.msgpack.encode(bare)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._processes(), choose_encoded, game_id, spec, data, seed
        )

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
