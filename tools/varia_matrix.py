"""The 4x4 matrix of Varia class decks, heuristic against heuristic, for docs/benchmarks.md.

Each cell plays N games of the row's class (seat 0) against the column's class (seat 1) with
the same agents on both seats, exactly as ``cardwright simulate varia -n N --agents A,B
--deck ROW --deck COLUMN --seed S`` would (one batch per cell, seed S + cell index); it prints
seat 0's score (a draw counts half) with its 95% Wilson interval, then each class's score over
both seats.

    python tools/varia_matrix.py -n 100 --jobs 2
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from cardwright.analysis.stats import wilson_interval
from cardwright.sim.runner import simulate

CLASSES = ["volcanic-warrior", "shadow-assassin", "divine-paladin", "mystic-monk"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("-n", type=int, default=100)
    parser.add_argument("--agents", default="heuristic,heuristic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    agents = args.agents.split(",")
    total: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
    turns: list[int] = []
    draws = 0
    rows = []
    for i, a in enumerate(CLASSES):
        cells = []
        for j, b in enumerate(CLASSES):
            batch = simulate(
                "varia",
                args.n,
                agents,
                seed=args.seed + 4 * i + j,
                jobs=args.jobs,
                config={"decks": [a, b]},
            )
            score = 0.0
            for o in batch.outcomes:
                turns.append(o.turns)
                if not o.winners:
                    draws += 1
                    score += 0.5
                elif o.winners[0] == 0:
                    score += 1
            lo, hi = wilson_interval(score, args.n)
            total[a][0] += score
            total[a][1] += args.n
            total[b][0] += args.n - score
            total[b][1] += args.n
            cells.append(f"{score / args.n:.0%} ({lo:.0%}-{hi:.0%})")
        rows.append(f"| **{a}** | " + " | ".join(cells) + " |")
    print("| seat 0 \\ seat 1 | " + " | ".join(CLASSES) + " |")
    print("|---" * (len(CLASSES) + 1) + "|")
    print("\n".join(rows))
    print()
    for c in CLASSES:
        s, n = total[c]
        lo, hi = wilson_interval(s, int(n))
        print(f"- {c}: {s / n:.1%} ({lo:.1%}-{hi:.1%}) of {int(n)} games")
    print(f"- mean turns {sum(turns) / len(turns):.1f}; draws (turn limit) {draws}")


if __name__ == "__main__":
    main()
