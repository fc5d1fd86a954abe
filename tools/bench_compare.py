"""Compare the speed of two checkouts of Cardwright side by side, in one run.

Shared machines vary by a third from minute to minute, so comparing a figure measured today with
one measured yesterday says little. This script runs ``cardwright bench`` in the old and the new
checkout alternately, round by round (old, new, old, new ...), so drift hits both alike, and
reports each side's median decisions per second, their ratio, and the per-round ratios::

    python tools/bench_compare.py /path/to/old /path/to/new blue-moon --rounds 5 --seconds 4
    python tools/bench_compare.py OLD NEW smash-up -o players=4

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("game")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("-o", "--option", action="append", default=[])
    args = parser.parse_args(argv)
    rates: dict[str, list[float]] = {"old": [], "new": []}
    other: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
    for i in range(args.rounds):
        for side in ("old", "new") if i % 2 == 0 else ("new", "old"):
            result = one_round(getattr(args, side), args.game, args.seconds, args.option)
            rates[side].append(result["decisions_per_second"])
            for key in ("clone_us", "json_roundtrip_us", "hash_us", "view_us"):
                if key in result:
                    other[side].setdefault(key, []).append(result[key])
    old, new = statistics.median(rates["old"]), statistics.median(rates["new"])
    ratios = [n / o for o, n in zip(rates["old"], rates["new"], strict=True)]
    print(f"{args.game} {' '.join(args.option)}: {args.rounds} rounds of {args.seconds} s")
    print(f"  old: {old:,.0f} decisions/s (rounds {', '.join(f'{r:,.0f}' for r in rates['old'])})")
    print(f"  new: {new:,.0f} decisions/s (rounds {', '.join(f'{r:,.0f}' for r in rates['new'])})")
    print(f"  new/old: x{new / old:.2f} (per round {', '.join(f'{r:.2f}' for r in ratios)})")
    for key in sorted(other["old"]):
        o, n = statistics.median(other["old"][key]), statistics.median(other["new"].get(key, [0]))
        print(f"  {key}: old {o:.1f}, new {n:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
