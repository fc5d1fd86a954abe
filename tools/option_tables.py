"""Rewrite the option-id tables of ``docs/scenarios.md`` from the code (what
``cardwright scenario options GAME`` prints), after a game gains a decision kind or a form::

    .venv/bin/python tools/option_tables.py

``tests/test_scenario_writing.py`` fails while the document and the code disagree.
"""

from __future__ import annotations

import re
from pathlib import Path

from cardwright.games import GAMES, option_forms

DOC = Path(__file__).parents[1] / "docs" / "scenarios.md"
BLOCK = re.compile(r"(<!-- options: ([a-z-]+) -->\n)(.*?)(\n<!-- end options -->)", re.S)


def main() -> None:
    text = DOC.read_text(encoding="utf-8")
    found = {m[2] for m in BLOCK.finditer(text)}
    missing = sorted(set(GAMES) - found)
    if missing:
        raise SystemExit(f"{DOC}: no table block for {', '.join(missing)}")
    text = BLOCK.sub(lambda m: m[1] + option_forms(m[2]).markdown() + m[4], text)
    DOC.write_text(text, encoding="utf-8")
    print(f"{DOC}: the option tables of {len(found)} games rewritten")


if __name__ == "__main__":
    main()
