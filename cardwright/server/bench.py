"""The server's benchmark: ``python -m cardwright.server.bench`` (``docs/benchmarks.md``).

Starts ``cardwright serve`` in its own process on a fresh database, creates ``--games``
Bizarre World games with a bot on every seat (each seat a WebSocket client of this process,
answering every decision of its seat with a random option as soon as its view arrives),
plays for ``--seconds``, and reports:

* moves a second (all games together) and how many games ended;
* the latency from sending a move to receiving the view that answers it, p50 and p99;
* the server's resident memory per game (after the games are made and joined, less the
  server's memory before);
* the WebSocket round trip of one move on an otherwise idle server (median of many);
* the server's CPU time per move (its two views, the storage, the sockets), which does not
  depend on how busy the machine is.

The bots run in this process, on the same 2 cores as the server, so the figures are those
of the server and its clients together.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time the process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Bot:
    """One seat's WebSocket client: answers its decisions with random options."""

    def __init__(self, url: str, game: str, token: str, seed: int) -> None:
        self.url, self.game, self.token = url, game, token
        self.rng = random.Random(seed)
        self.latencies: list[float] = []
        self.moves = 0
        self.over = False
        self.sent_at: float | None = None
        self.ws: Any = None

    async def connect(self) -> None:
        self.ws = await websockets.connect(self.url, max_size=2**24)
        await self.ws.send(json.dumps({"type": "join", "game": self.game, "token": self.token}))

    async def run(self, until: float, playing: asyncio.Event) -> None:
        await playing.wait()
        pending: dict[str, Any] | None = None
        async for text in self.ws:
            message = json.loads(text)
            kind = message["type"]
            if kind == "view":
                if self.sent_at is not None:
                    self.latencies.append(time.perf_counter() - self.sent_at)
                    self.sent_at = None
                frame = message["frame"]
                if frame["result"]:
                    self.over = True
                    break
                options = (frame["decision"] or {}).get("options") or []
                if options and time.perf_counter() < until:
                    choice = options[self.rng.randrange(len(options))]["id"]
                    pending = {"type": "move", "seq": message["seq"], "option": choice}
                    self.sent_at = time.perf_counter()
                    await self.ws.send(json.dumps(pending))
                    self.moves += 1
                elif time.perf_counter() >= until:
                    break
            elif kind == "error" and message["code"] == "rate_limited" and pending:
                await asyncio.sleep(0.2)
                self.sent_at = time.perf_counter()
                await self.ws.send(json.dumps(pending))
            if time.perf_counter() >= until:
                break

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


async def _play(base: str, games: int, seconds: float, pid: int) -> dict[str, Any]:
    ws_url = base.replace("http", "ws", 1) + "/ws"
    before = _rss_kib(pid)
    bots: list[Bot] = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        for i in range(games):
            body = {
                "game": "bizarre-world",
                "seed": i,
                "seats": [{"kind": "invite"}, {"kind": "invite"}],
            }
            made = (await client.post("/api/games", json=body)).json()
            for seat in made["seats"]:
                bots.append(Bot(ws_url, made["id"], seat["token"], i * 2 + seat["seat"]))
    for start in range(0, len(bots), 100):
        await asyncio.gather(*(b.connect() for b in bots[start : start + 100]))
    await asyncio.sleep(1.0)
    joined = _rss_kib(pid)
    playing = asyncio.Event()
    until = time.perf_counter() + seconds
    tasks = [asyncio.create_task(b.run(until, playing)) for b in bots]
    t0 = time.perf_counter()
    cpu0 = _cpu_seconds(pid)
    bots0 = resource.getrusage(resource.RUSAGE_SELF)
    playing.set()
    await asyncio.wait(tasks, timeout=seconds + 30)
    elapsed = min(time.perf_counter() - t0, seconds)
    cpu = _cpu_seconds(pid) - cpu0
    bots1 = resource.getrusage(resource.RUSAGE_SELF)
    bots_cpu = bots1.ru_utime + bots1.ru_stime - bots0.ru_utime - bots0.ru_stime
    after = _rss_kib(pid)
    await asyncio.gather(*(b.close() for b in bots), return_exceptions=True)
    lat = sorted(x for b in bots for x in b.latencies)
    moves = sum(b.moves for b in bots)
    return {
        "games": games,
        "seconds": round(elapsed, 1),
        "moves": moves,
        "moves_per_second": round(moves / elapsed, 1),
        "games_ended": len({b.game for b in bots if b.over}),
        "server_cpu_seconds": round(cpu, 1),
        "server_cpu_ms_per_move": round(1000 * cpu / moves, 2) if moves else None,
        "bots_cpu_seconds": round(bots_cpu, 1),
        "latency_p50_ms": round(1000 * lat[len(lat) // 2], 2) if lat else None,
        "latency_p99_ms": round(1000 * lat[int(len(lat) * 0.99)], 2) if lat else None,
        "server_rss_mib_before": round(before / 1024, 1),
        "server_rss_mib_joined": round(joined / 1024, 1),
        "server_rss_mib_after": round(after / 1024, 1),
        "kib_per_game_joined": round((joined - before) / games, 1),
        "kib_per_game_after": round((after - before) / games, 1),
    }


async def _round_trip(base: str, moves: int) -> dict[str, Any]:
    """One game, two bots: the time from one move to the view that answers it."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        body = {
            "game": "bizarre-world",
            "seed": 1,
            "seats": [{"kind": "invite"}, {"kind": "invite"}],
        }
    lat: list[float] = []
    seed = 0
    ws_url = base.replace("http", "ws", 1) + "/ws"
    while len(lat) < moves:
        async with httpx.AsyncClient(base_url=base, timeout=60) as client:
            made = (await client.post("/api/games", json={**body, "seed": seed})).json()
        seed += 1
        bots = [Bot(ws_url, made["id"], s["token"], s["seat"]) for s in made["seats"]]
        for b in bots:
            await b.connect()
        playing = asyncio.Event()
        playing.set()
        await asyncio.gather(*(b.run(time.perf_counter() + 30, playing) for b in bots))
        lat += [x for b in bots for x in b.latencies]
        for b in bots:
            await b.close()
    lat.sort()
    return {
        "round_trip_moves": len(lat),
        "round_trip_median_ms": round(1000 * statistics.median(lat), 2),
        "round_trip_p90_ms": round(1000 * lat[int(len(lat) * 0.9)], 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m cardwright.server.bench", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--games", type=int, default=500, help="concurrent games (default 500)")
    parser.add_argument(
        "--seconds", type=float, default=30.0, help="how long they play (default 30)"
    )
    parser.add_argument("--round-trip-moves", type=int, default=300, help="moves timed alone")
    args = parser.parse_args(argv)
    if args.games < 1 or not args.seconds > 0 or args.round_trip_moves < 1:
        parser.error("--games, --seconds and --round-trip-moves must be positive")
    with tempfile.TemporaryDirectory(prefix="cardwright-bench-") as tmp:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "cardwright.cli",
                "serve",
                "--port",
                "0",
                "--db",
                str(Path(tmp) / "bench.db"),
                "--rate-limit",
                "1000",
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            base = line.split("lobby: ", 1)[1].strip().rstrip("/")
            result = {"round_trip": asyncio.run(_round_trip(base, args.round_trip_moves))}
            result["load"] = asyncio.run(_play(base, args.games, args.seconds, proc.pid))
        finally:
            proc.terminate()
            proc.wait(30)
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
