"""Compare the speed of two checkouts of Cardwright side by side, in one run.

Shared machines vary by a third from minute to minute, so comparing a figure measured today with
one measured yesterday says little. This script runs ``cardwright bench`` in the old and the new
checkout alternately, round by round (old, new, old, new ...), so drift hits both alike, and
reports each side's median decisions per second, their ratio, and the per-round ratios::

    python tools/bench_compare.py /path/to/old /path/to/new blue-moon --rounds 5 --seconds 4
    python tools/bench_compare.py OLD NEW smash-up -o players=4

On a busy machine the wall clock runs on while other work has the core; ``--cpu N`` times N
whole random self-play games by the process's own CPU time instead (the same seeds 0..N-1 in
both checkouts, three warm-up games not counted, logging off)::

    python tools/bench_compare.py OLD NEW smash-up -o players=4 --cpu 12 --rounds 5

Each checkout needs its own ``.venv`` (``make test`` or ``make bench`` there makes it).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path


def one_round(checkout: Path, game: str, seconds: float, options: list[str]) -> dict[str, float]:
    cmd = [
        str(checkout / ".venv" / "bin" / "cardwright"),
        "bench",
        game,
        "--json",
        "--rounds",
        "1",
        "--seconds",
        str(seconds),
    ]
    for opt in options:
        cmd += ["-o", opt]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout)
    return result


#: run in a checkout's own interpreter: decisions per CPU-second over whole random games
CPU_GAMES = """
import json, sys, time
from cardwright.agents import RandomAgent
from cardwright.games import get_game
game, n, options = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
g = get_game(game)
def play(seed):
    s = g.new_state(dict(options), seed, log=False)
    agent = RandomAgent(seed)
    while s.decision is not None:
        g.apply(s, agent.choose(g, s, s.decision.seat))
    return s.decisions
for seed in range(1000, 1003):
    play(seed)
start = time.process_time()
decisions = sum(play(seed) for seed in range(n))
print(json.dumps({"decisions_per_second": decisions / (time.process_time() - start)}))
"""


def cpu_round(checkout: Path, game: str, games: int, options: list[str]) -> dict[str, float]:
    values = {}
    for opt in options:
        key, _, value = opt.partition("=")
        values[key] = int(value) if value.isdigit() else value
    python = str(checkout / ".venv" / "bin" / "python")
    cmd = [python, "-c", CPU_GAMES, game, str(games), json.dumps(values)]
    done = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=checkout)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("game")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("-o", "--option", action="append", default=[])
    parser.add_argument(
        "--cpu", type=int, default=0, metavar="N", help="time N whole games by CPU time"
    )
    args = parser.parse_args(argv)
    rates: dict[str, list[float]] = {"old": [], "new": []}
    other: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
    for i in range(args.rounds):
        for side in ("old", "new") if i % 2 == 0 else ("new", "old"):
            checkout = getattr(args, side)
            if args.cpu:
                result = cpu_round(checkout, args.game, args.cpu, args.option)
            else:
                result = one_round(checkout, args.game, args.seconds, args.option)
            rates[side].append(result["decisions_per_second"])
            for key in ("clone_us", "json_roundtrip_us", "hash_us", "view_us"):
                if key in result:
                    other[side].setdefault(key, []).append(result[key])
    old, new = statistics.median(rates["old"]), statistics.median(rates["new"])
    ratios = [n / o for o, n in zip(rates["old"], rates["new"], strict=True)]
    what = f"{args.cpu} games by CPU time" if args.cpu else f"{args.seconds} s"
    print(f"{args.game} {' '.join(args.option)}: {args.rounds} rounds of {what}")
    print(f"  old: {old:,.0f} decisions/s (rounds {', '.join(f'{r:,.0f}' for r in rates['old'])})")
    print(f"  new: {new:,.0f} decisions/s (rounds {', '.join(f'{r:,.0f}' for r in rates['new'])})")
    print(f"  new/old: x{new / old:.2f} (per round {', '.join(f'{r:.2f}' for r in ratios)})")
    for key in sorted(other["old"]):
        o, n = statistics.median(other["old"][key]), statistics.median(other["new"].get(key, [0]))
        print(f"  {key}: old {o:.1f}, new {n:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
