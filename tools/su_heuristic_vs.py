"""Smash Up's heuristic against another agent (or against itself as it was at a git revision)
over faction pairings that hold a Cthulhu faction, each pairing played from both seats.

    python tools/su_heuristic_vs.py -n 200 heuristic old@main
    python tools/su_heuristic_vs.py -n 200 heuristic random \
        --factions minions_of_cthulhu,miskatonic_university

``old@REV`` is the heuristic as it was at git revision REV (its module is read with ``git show``
and loaded under another name), so that the old and the new play in one run. Without
``--factions`` game ``i`` deals four factions at random (seeded by ``i``), one of the four
Cthulhu factions always among them, and plays them twice, the agents swapping seats; with it,
the first seat's pair is the one given (or, given one faction, that faction and one dealt) and
the second's is dealt from the others, and "holding" counts the games an agent played the
given faction(s). Seeds are the game numbers, so a run is reproducible.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from typing import Any

import old_heuristic  # (beside this script in tools/)
from versus import Tally, play_out

from cardwright.agents import make_agent
from cardwright.games import get_game
from cardwright.games.smash_up.carddata import load_factions

CTHULHU = ["elder_things", "innsmouth", "minions_of_cthulhu", "miskatonic_university"]


def agent(spec: str, seed: int) -> Any:
    if not spec.startswith("old@"):
        return make_agent(spec, "smash-up", seed)
    return old_heuristic.load("smash_up", spec[4:]).SmashUpHeuristic(seed)


def pairing(i: int, given: list[str] | None) -> list[list[str]]:
    rnd = random.Random(i)
    factions = sorted(load_factions())
    if given:
        first = list(given)
        if len(first) == 1:
            first.append(rnd.choice([f for f in factions if f not in first]))
        rest = rnd.sample([f for f in factions if f not in first], 2)
        return [first, rest]
    first = rnd.choice(CTHULHU)
    picked = [first, *rnd.sample([f for f in factions if f != first], 3)]
    rnd.shuffle(picked)
    return [picked[:2], picked[2:]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=100, help="pairings (each played from both seats)")
    parser.add_argument("a", help="an agent spec, or old@REV")
    parser.add_argument("b", help="an agent spec, or old@REV")
    parser.add_argument(
        "--factions",
        help="the first seat's pair, e.g. minions_of_cthulhu,innsmouth, or one faction",
    )
    args = parser.parse_args()
    game = get_game("smash-up")
    given = args.factions.split(",") if args.factions else None
    tally = Tally()
    cthulhu_wins: Counter[str] = Counter()
    cthulhu_games: Counter[str] = Counter()
    for i in range(args.n):
        pairs = pairing(i, given)
        for swap in (False, True):
            names = [args.b, args.a] if swap else [args.a, args.b]
            agents = [agent(names[0], i), agent(names[1], i + 10**6)]
            state = game.new_state({"factions": pairs}, i, log=False)
            play_out(game, state, agents)
            tally.count(names, state)
            winners = state.result.winners
            for seat in (0, 1):
                if seat == 0 if given else set(pairs[seat]) & set(CTHULHU):
                    cthulhu_games[names[seat]] += 1
                    cthulhu_wins[names[seat]] += len(winners) == 1 and winners[0] == seat
    for name in dict.fromkeys([args.a, args.b]):
        print(
            f"{name}: {tally.won(name)}; "
            f"holding {args.factions or 'a Cthulhu faction'} "
            f"{cthulhu_wins[name]} of {cthulhu_games[name]}"
        )
    print(f"draws {tally.draws}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
