"""Blue Moon's heuristic and its friendly backtracks: how often each agent has to take back a
turn it cannot finish (ruling R4), and how it fares, over games of every people against every
other, each agent in both seats.

    python tools/bm_backtracks.py -n 200 heuristic random
    python tools/bm_backtracks.py -n 200 heuristic old@main

``old@REV`` is the heuristic as it was at git revision REV (its module is read with
``git show`` and loaded under another name), so that the old and the new play in one run.
Each game logs (``log=True``) so that its backtrack events can be counted; seeds are the game
numbers, so a run is reproducible.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from typing import Any

import old_heuristic  # (beside this script in tools/)
from versus import Tally, play_out

from cardwright.agents import make_agent
from cardwright.games import get_game
from cardwright.games.blue_moon.carddata import PEOPLES
from cardwright.games.blue_moon.game import UNSUPPORTED_PEOPLES


def agent(spec: str, seed: int) -> Any:
    if not spec.startswith("old@"):
        return make_agent(spec, "blue-moon", seed)
    return old_heuristic.load("blue_moon", spec[4:]).BlueMoonHeuristic(seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=100, help="games (each pairing, both seats)")
    parser.add_argument("a", help="an agent spec, or old@REV")
    parser.add_argument("b", help="an agent spec, or old@REV")
    args = parser.parse_args()
    game = get_game("blue-moon")
    peoples = [p for p in PEOPLES if p not in UNSUPPORTED_PEOPLES]
    tally = Tally()
    backtracks: Counter[str] = Counter()
    for i in range(args.n):
        pair = [peoples[i % len(peoples)], peoples[(i // len(peoples) + i + 1) % len(peoples)]]
        names = [args.a, args.b] if i % 2 == 0 else [args.b, args.a]
        agents = [agent(names[0], i), agent(names[1], i + 10**6)]
        state = game.new_state({"peoples": pair}, i, log=True)
        play_out(game, state, agents)
        tally.count(names, state)
        for event in state.log:
            if event.kind == "backtrack" and event.seat in (0, 1):
                backtracks[names[event.seat]] += 1
    for name in dict.fromkeys([args.a, args.b]):
        games = tally.games[name]
        print(
            f"{name}: {tally.won(name)}; "
            f"{backtracks[name]} backtracks ({backtracks[name] / games:.2f} per game)"
        )
    print(f"draws {tally.draws}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
