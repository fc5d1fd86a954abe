"""Blue Moon's card catalogue and custom deck files, for the CLI (``cards``, ``deck check``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardwright.core.errors import ConfigError
from cardwright.games.catalogue import CardTable, only


def catalogue(selection: Mapping[str, str]) -> list[CardTable]:
    """The people decks, or one people's deck card by card (``people``)."""
    from . import carddata

    only("blue-moon", selection, ("people",))
    people = selection.get("people")
    if people is None:
        table = CardTable("Blue Moon people decks (--people NAME)", ("people", "leader", "cards"))
        for name, d in carddata.load_all().items():
            table.rows.append((name, d.leader.name, str(len(d.cards))))
        return [table]
    match = [p for p in carddata.PEOPLES if p.lower() == people.lower()]
    if not match:
        raise ConfigError(
            f"blue-moon: unknown people {people!r}; peoples: {', '.join(carddata.PEOPLES)}"
        )
    d = carddata.load_people(match[0])
    table = CardTable(
        f"{d.people} deck (leader {d.leader.name}, {len(d.cards)} cards)",
        ("no.", "name", "type", "fire", "earth", "icons", "moons", "power"),
    )
    for c in d.cards:
        table.rows.append(
            (
                c.number,
                c.name,
                c.type,
                "-" if c.fire is None else str(c.fire),
                "-" if c.earth is None else str(c.earth),
                ", ".join(c.icons),
                str(c.moons),
                c.text,
            )
        )
    return [table]


def check_deck_file(path: Path, raw: Mapping[str, Any]) -> str | None:
    """A one-line summary of a valid custom deck file (one that names a leader), None for
    another game's file; a bad one raises a one-line DataError."""
    if "leader" not in raw:
        return None
    from . import decks

    bm = decks.load_deck_file(path)
    return (
        f"{path}: OK ({bm.name}, Blue Moon, leader {bm.leader} of the {bm.people}, "
        f"{len(bm.cards)} cards, {bm.foreign_moons()} of {decks.MAX_FOREIGN_MOONS} foreign moons)"
    )
