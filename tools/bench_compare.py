"""Compare the speed of two checkouts of Cardwright side by side, in one run.

Shared machines vary by a third from minute to minute, so comparing a figure measured today with
one measured yesterday says little. This script runs ``cardwright bench`` in the old and the new
checkout alternately, round by round (old, new, old, new ...), so drift hits both alike, and
reports each side's median decisions per second, their ratio, and the per-round ratios::

    python tools/bench_compare.py /path/to/old /path/to/new blue-moon --rounds 5 --seconds 4
    python tools/bench_compare.py OLD NEW smash-up -o players=4

On a busy machine the wall clock runs on while other work has the core; ``--cpu N`` times N
whole random self-play games by the process's own CPU time instead (the same seeds 0..N-1 in
both checkouts, three warm-up games not counted, logging off; a game that loads its cards
when a game first needs them, as Smash Up loads its factions, loads them all first, untimed)::

    python tools/bench_compare.py OLD NEW smash-up -o players=4 --cpu 12 --rounds 5

``--paired`` (with ``--cpu``) runs the two checkouts at the same time, one on each of two cores
(``taskset``), swapping the cores every round: whatever slows the machine during a round slows
both, so the per-round ratios scatter far less than rounds run one after the other::

    python tools/bench_compare.py OLD NEW smash-up -o players=2 --cpu 80 --rounds 10 --paired

``--interleave K`` (with ``--cpu``) keeps one process of each checkout running on one core and
hands them blocks of K games in turn (old, new, new, old ...), so the two sides of a block run
within a second of each other. On a host whose speed swings within seconds this is the steadiest
of the three: it reports the ratio over all the games (``--rounds`` passes over the N seeds) and
the median and quartiles of the per-block ratios::

    python tools/bench_compare.py OLD NEW smash-up -o players=2 --cpu 80 --interleave 4 --rounds 4

``--also CHECKOUT`` (with ``--interleave``) adds a third checkout's worker to the turns (each
order of the three as often) and reports each pair's ratio.

The games are those of the seeds in both checkouts, with the game's default decks or factions
unless ``-o`` names them (a value that is JSON is read as JSON). A seat given as ``any`` is
dealt its choice at random for each seed, as ``simulate --factions any`` deals it, by each
checkout from its own pool: with a checkout that has more factions than the other, the two play
different games (the cost of the new cards in play, not of the code alone)::

    python tools/bench_compare.py OLD NEW smash-up -o 'factions=["any","any"]' --cpu 80 \\
        --interleave 4

Each checkout needs its own ``.venv`` (``make test`` or ``make bench`` there makes it).
"""

from __future__ import annotations

import argparse
import itertools
import json
import shutil
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


#: run in a checkout's own interpreter (the start of both scripts below): random self-play of
#: whole games, logging off, every card loaded and three warm-up games
_PLAY_GAMES = """
import json, sys, time
from cardwright.agents import RandomAgent
from cardwright.games import GAMES, get_game
game, n, options = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
g = get_game(game)
def play(seed):
    config = dict(options)
    if "any" in (config.get(GAMES[game].seat_key) or ()):
        from cardwright.sim.deal import deal  # each checkout deals from its own pool
        config = deal(game, config, seed)
    s = g.new_state(config, seed, log=False)
    agent = RandomAgent(seed)
    while s.decision is not None:
        g.apply(s, agent.choose(g, s, s.decision.seat))
    return s.decisions
whole = getattr(g, "whole_catalog", None)  # a game that loads its cards when a game first
if whole is not None:  # needs them: all of them now, so that no timed game pays for a load
    whole(options.get("card_set") or g.validate_config({})["card_set"])
for seed in range(1000, 1003):
    play(seed)
"""
#: decisions per CPU-second over the games of seeds 0..n-1
CPU_GAMES = (
    _PLAY_GAMES
    + """
start = time.process_time()
decisions = sum(play(seed) for seed in range(n))
print(json.dumps({"decisions_per_second": decisions / (time.process_time() - start)}))
"""
)
#: a worker for --interleave: plays the seeds a..b-1 of each line "a b" it reads and answers
#: "decisions cpu_seconds"
CPU_WORKER = (
    _PLAY_GAMES
    + """
print("ready", flush=True)
for line in sys.stdin:
    a, b = map(int, line.split())
    start = time.process_time()
    decisions = sum(play(seed) for seed in range(a, b))
    print(decisions, time.process_time() - start, flush=True)
"""
)


def _cpu_command(
    checkout: Path, game: str, games: int, options: list[str], script: str = CPU_GAMES
) -> list[str]:
    values = {}
    for opt in options:
        key, _, value = opt.partition("=")
        try:  # a number, a list (factions=[["ninjas","pirates"],...]) ...: JSON; else text
            values[key] = json.loads(value)
        except ValueError:
            values[key] = value
    python = str(checkout / ".venv" / "bin" / "python")
    return [python, "-c", script, game, str(games), json.dumps(values)]


def cpu_round(checkout: Path, game: str, games: int, options: list[str]) -> dict[str, float]:
    cmd = _cpu_command(checkout, game, games, options)
    done = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=checkout)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def paired_round(
    old: Path, new: Path, game: str, games: int, options: list[str], swap: bool
) -> tuple[dict[str, float], dict[str, float]]:
    """Both checkouts at once, old on core 0 and new on core 1 (the other way when ``swap``)."""
    running = [
        subprocess.Popen(
            ["taskset", "-c", str(core), *_cpu_command(checkout, game, games, options)],
            stdout=subprocess.PIPE,
            text=True,
            cwd=checkout,
        )
        for checkout, core in ((old, int(swap)), (new, 1 - int(swap)))
    ]
    results = []
    for proc in running:
        out, _ = proc.communicate()
        if proc.returncode:
            raise SystemExit(f"bench_compare: a paired round failed (exit {proc.returncode})")
        results.append(json.loads(out))
    return results[0], results[1]


def interleaved(
    sides: dict[str, Path], game: str, games: int, options: list[str], block: int, passes: int
) -> int:
    """Blocks of ``block`` games, each checkout's worker in turn on core 0, each order of
    them as often (see the module docstring). ``sides``: name -> checkout, ``old`` and
    ``new`` first."""
    workers = {}
    for side, checkout in sides.items():
        cmd = _cpu_command(checkout, game, games, options, CPU_WORKER)
        proc = subprocess.Popen(
            ["taskset", "-c", "0", *cmd],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=checkout,
        )
        assert proc.stdin is not None and proc.stdout is not None
        if proc.stdout.readline().strip() != "ready":
            raise SystemExit(f"bench_compare: the {side} checkout's worker did not start")
        workers[side] = proc
    orders = list(itertools.permutations(sides))
    totals = {side: [0, 0.0] for side in sides}
    # (each pair as later/earlier, but new always over the other)
    pairs = [(b, a) if a == "new" else (a, b) for a, b in itertools.combinations(sides, 2)]
    ratios: dict[tuple[str, str], list[float]] = {pair: [] for pair in pairs}
    for i, start in enumerate(a for _ in range(passes) for a in range(0, games, block)):
        rate = {}
        for side in orders[i % len(orders)]:
            proc = workers[side]
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write(f"{start} {min(games, start + block)}\n")
            proc.stdin.flush()
            decisions, seconds = proc.stdout.readline().split()
            totals[side][0] += int(decisions)
            totals[side][1] += float(seconds)
            rate[side] = int(decisions) / float(seconds)
        for a, b in pairs:
            ratios[(a, b)].append(rate[b] / rate[a])
    for proc in workers.values():
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait()
    rates = {side: totals[side][0] / totals[side][1] for side in sides}
    blocks = len(ratios[pairs[0]])
    print(
        f"{game} {' '.join(options)}: {passes} passes over {games} games, "
        f"{blocks} blocks of {block}, interleaved on one core"
    )
    print("  " + "; ".join(f"{side}: {r:,.0f} decisions/s" for side, r in rates.items()))
    for a, b in pairs:
        found = ratios[(a, b)]
        low, _, high = statistics.quantiles(found, n=4) if len(found) > 1 else (found[0],) * 3
        print(
            f"  {b}/{a}: x{rates[b] / rates[a]:.3f} over all the games; per block: median "
            f"x{statistics.median(found):.3f}, quartiles x{low:.3f}-x{high:.3f}"
        )
    return 0


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
    parser.add_argument(
        "--paired", action="store_true", help="with --cpu: both at once, one per core"
    )
    parser.add_argument(
        "--also",
        type=Path,
        action="append",
        default=[],
        metavar="CHECKOUT",
        help="with --interleave: a third (fourth ...) checkout in the turns, named also1 ...",
    )
    parser.add_argument(
        "--interleave",
        type=int,
        default=0,
        metavar="K",
        help="with --cpu: blocks of K games, old and new in turn on one core",
    )
    args = parser.parse_args(argv)
    sides = {"old": args.old, "new": args.new}
    sides.update({f"also{i + 1}": path for i, path in enumerate(args.also)})
    for side, checkout in sides.items():
        python = checkout / ".venv" / "bin" / "python"
        if not python.is_file():
            parser.error(f"{side} checkout {checkout}: no {python} (make bench there)")
    if args.also and not args.interleave:
        parser.error("--also needs --interleave")
    if (args.paired or args.interleave) and not args.cpu:
        parser.error("--paired and --interleave need --cpu N")
    if (args.paired or args.interleave) and shutil.which("taskset") is None:
        parser.error("--paired and --interleave need taskset (Debian's util-linux)")
    if args.interleave:
        return interleaved(sides, args.game, args.cpu, args.option, args.interleave, args.rounds)
    rates: dict[str, list[float]] = {"old": [], "new": []}
    other: dict[str, dict[str, list[float]]] = {"old": {}, "new": {}}
    for i in range(args.rounds):
        if args.paired:
            pair = paired_round(args.old, args.new, args.game, args.cpu, args.option, i % 2 == 1)
            rates["old"].append(pair[0]["decisions_per_second"])
            rates["new"].append(pair[1]["decisions_per_second"])
            continue
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
    if args.paired:
        what += ", both at once"
    print(f"{args.game} {' '.join(args.option)}: {args.rounds} rounds of {what}")
    print(f"  old: {old:,.0f} decisions/s (rounds {', '.join(f'{r:,.0f}' for r in rates['old'])})")
    print(f"  new: {new:,.0f} decisions/s (rounds {', '.join(f'{r:,.0f}' for r in rates['new'])})")
    print(
        f"  new/old: x{new / old:.2f}, median round x{statistics.median(ratios):.2f} "
        f"(per round {', '.join(f'{r:.2f}' for r in ratios)})"
    )
    for key in sorted(other["old"]):
        o, n = statistics.median(other["old"][key]), statistics.median(other["new"].get(key, [0]))
        print(f"  {key}: old {o:.1f}, new {n:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
