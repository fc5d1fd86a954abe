"""``python -m cardwright.rl.playthroughs DIR``: write every game's OpenSpiel playthrough file
(``tests/rl/playthroughs`` holds them; the tests regenerate each and compare)."""

from __future__ import annotations

import sys
from pathlib import Path

from .openspiel import PLAYTHROUGHS, playthrough_text, short_name


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m cardwright.rl.playthroughs DIR", file=sys.stderr)
        return 2
    folder = Path(args[0])
    folder.mkdir(parents=True, exist_ok=True)
    for game_id in PLAYTHROUGHS:
        path = folder / f"{short_name(game_id)}.txt"
        path.write_text(playthrough_text(game_id), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
