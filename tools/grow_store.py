"""Make a large game store from a small real one, to measure reports at scale.

Playing 100,000 games takes hours on a shared 2-core machine; the report's cost depends on
the number of rows, not on where they came from. This script copies a store and appends its
games again ``copies - 1`` times, each copy with new game numbers (and new indexes in the
same runs, whose game counts grow accordingly), so every table holds ``copies`` times the
real rows::

    cardwright simulate blue-moon -n 2000 --agents heuristic,heuristic --out small.duckdb
    python tools/grow_store.py small.duckdb big.duckdb --copies 50
    time cardwright report blue-moon --from big.duckdb --output big.html --threads 1

Every row of the result is a real game's row; the copies of one game have the same seeds and
choices, so ``explain --from big.duckdb --game N`` works for any N.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

import duckdb


def grow(small: Path, big: Path, copies: int) -> int:
    """Write ``big`` holding ``copies`` copies of ``small``'s games; returns the game count."""
    if big.exists():
        raise SystemExit(f"{big} exists; remove it first")
    shutil.copyfile(small, big)
    con = duckdb.connect(str(big))
    (last,) = con.execute("SELECT max(game_no) FROM games").fetchone() or (0,)
    con.execute("CREATE TEMP TABLE original AS SELECT * FROM games")
    for table in ("seats", "plays", "scores"):
        con.execute(f"CREATE TEMP TABLE original_{table} AS SELECT * FROM {table}")
    for k in range(1, copies):
        con.execute(
            "INSERT INTO games SELECT o.* REPLACE (o.game_no + $shift AS game_no, "
            "o.idx + $k * r.games AS idx) FROM original o JOIN runs r USING (run)",
            {"shift": k * last, "k": k},
        )
        for table in ("seats", "plays", "scores"):
            con.execute(
                f"INSERT INTO {table} SELECT * REPLACE (game_no + $shift AS game_no) "
                f"FROM original_{table}",
                {"shift": k * last},
            )
    con.execute("UPDATE runs SET games = games * $copies", {"copies": copies})
    con.execute("CHECKPOINT")
    (count,) = con.execute("SELECT count(*) FROM games").fetchone() or (0,)
    con.close()
    return int(count)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("small", type=Path)
    parser.add_argument("big", type=Path)
    parser.add_argument("--copies", type=int, default=50)
    args = parser.parse_args(argv)
    count = grow(args.small, args.big, args.copies)
    print(f"{args.big}: {count:,} games ({args.copies} copies of {args.small})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
