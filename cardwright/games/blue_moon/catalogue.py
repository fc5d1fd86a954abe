"""Blue Moon's card catalogue and custom deck files, for the CLI (``cards``, ``deck check``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardwright.core.errors import ConfigError
from cardwright.games.catalogue import CardTable, only


def catalogue(selection: Mapping[str, str]) -> list[CardTable]:
    """The people decks, one people's deck card by card (``people``), or with ``pool`` every
    card a custom deck of that people may draw from: the people's own cards, whichever
    preconstructed deck holds them, and the Mutants (whose moons count as foreign)."""
    from . import carddata

    only("blue-moon", selection, ("people", "pool"))
    people = selection.get("people")
    if people is None:
        if selection.get("pool"):
            raise ConfigError("cards blue-moon --pool: name the people, e.g. --people aqua --pool")
        table = CardTable("Blue Moon people decks (--people NAME)", ("people", "leader", "cards"))
        for name, d in carddata.load_all().items():
            table.rows.append((name, d.leader.name, str(len(d.cards))))
        return [table]
    match = [p for p in carddata.PEOPLES if p.lower() == people.lower()]
    if not match:
        raise ConfigError(
            f"blue-moon: unknown people {people!r}; peoples: {', '.join(carddata.PEOPLES)}"
        )
    columns = ("no.", "name", "type", "fire", "earth", "icons", "moons", "power")
    if selection.get("pool"):
        from .decks import DECK_SIZE, MAX_FOREIGN_MOONS

        decks = carddata.load_all()
        pool = [
            c
            for d in decks.values()
            for c in d.cards
            if c.people == match[0] or c.people == carddata.MUTANT
        ]
        # the people's own first, then the Mutants, each by printed number ("Aqua 12")
        pool.sort(key=lambda c: (c.people != match[0], c.people, int(c.number.rsplit(" ", 1)[1])))
        own = sum(c.people == match[0] for c in pool)
        table = CardTable(
            f"What a custom {match[0]} deck may draw from: {own} {match[0]} cards and "
            f"{len(pool) - own} Mutants",
            (*columns, "in the deck of"),
            note=(
                f"A custom {match[0]} deck is its leader and {DECK_SIZE} cards: these, or other "
                f"peoples' cards (cards blue-moon --people NAME lists them); the moons of the "
                f"Mutants and other peoples' cards add up to at most {MAX_FOREIGN_MOONS}."
            ),
        )
        table.rows.extend((*_row(c), c.deck) for c in pool)
        return [table]
    d = carddata.load_people(match[0])
    table = CardTable(f"{d.people} deck (leader {d.leader.name}, {len(d.cards)} cards)", columns)
    table.rows.extend(_row(c) for c in d.cards)
    return [table]


def _row(c: Any) -> tuple[str, ...]:
    from .carddata import icon_words

    return (
        c.number,
        c.name,
        c.type,
        "-" if c.fire is None else str(c.fire),
        "-" if c.earth is None else str(c.earth),
        icon_words(c.icons, c.gang),
        str(c.moons),
        c.text,
    )


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
