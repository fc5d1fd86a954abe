"""How much of Smash Up is written as data: the abilities of both card sets are counted from
the registry, at least three quarters must be vocabulary expressions, and the ones in Python
must be exactly those that ``docs/cards.md`` lists (with why), so the guide cannot drift."""

from __future__ import annotations

import re
from pathlib import Path

from cardwright.games.smash_up.abilities import CARD_WORDS, ability_kinds, build_registry

DOC = Path(__file__).parents[2] / "docs" / "cards.md"


def _documented() -> set[str]:
    """The ability ids in the table of the Smash Up section's "in Python" part."""
    text = DOC.read_text()
    part = text.split("### Smash Up abilities in Python", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z0-9_@/-]+)` \|", part, re.M))


def test_three_quarters_of_the_abilities_are_data() -> None:
    data, python = ability_kinds()
    total = len(data) + len(python)
    assert total >= 186, "every card and base ability of both card sets is counted"
    assert len(data) / total >= 0.75, f"{len(data)} of {total} abilities are data"
    registry = build_registry()
    for ability in data:
        assert registry.ability(ability).id == ability


def test_the_python_abilities_are_the_ones_the_guide_lists() -> None:
    _, python = ability_kinds()
    assert set(python) == _documented()


def test_the_share_the_guide_gives_is_the_counted_one() -> None:
    data, python = ability_kinds()
    total = len(data) + len(python)
    text = DOC.read_text()
    assert f"{len(data)} of the {total} abilities" in text
    assert f"({round(100 * len(data) / total)}%)" in text


def test_each_card_word_is_documented() -> None:
    text = DOC.read_text()
    for word in CARD_WORDS:
        assert f"`{word}(" in text, word


def test_the_counts_by_faction_are_the_counted_ones() -> None:
    """The guide's table of abilities by faction (and the bases) is what the registry holds."""
    data, python = ability_kinds()
    counted: dict[str, list[int]] = {}
    for found, column in ((data, 1), (python, 2)):
        for ability in found:
            key = ability.split("/", 1)[0] if "/" in ability else "bases"
            row = counted.setdefault(key, [0, 0, 0])
            row[0] += 1
            row[column] += 1
    from cardwright.games.smash_up.carddata import load_factions

    names = {f.name: fid for fid, f in load_factions().items()}
    part = DOC.read_text().split("<!-- ability-counts -->", 1)[1].split("<!-- end", 1)[0]
    table: dict[str, list[int]] = {}
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and cells[2].isdigit():
            table[names.get(cells[0], cells[0])] = [int(c) for c in cells[2:]]
    assert table == counted
