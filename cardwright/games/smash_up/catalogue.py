"""Smash Up's card catalogue, for the CLI (``cards smash-up [--faction F | --set S]
[--card-set C]``): the factions and the bases, one faction's cards, or one set's (every faction
and base of a box, with the source each card's facts come from)."""

from __future__ import annotations

from collections.abc import Mapping

from cardwright.core.errors import ConfigError
from cardwright.games.catalogue import CardTable, only


def catalogue(selection: Mapping[str, str]) -> list[CardTable]:
    """The factions and the bases, one faction's cards, or one set's, in a card set."""
    from . import carddata

    only("smash-up", selection, ("faction", "card_set", "set"))
    chosen = selection.get("card_set") or carddata.DEFAULT_CARD_SET
    faction = selection.get("faction")
    set_id = selection.get("set")
    if faction is not None and set_id is not None:
        raise ConfigError("cards smash-up: give --faction or --set, not both")
    if set_id is not None:
        return _set_tables(set_id, chosen)
    if faction is None:
        factions = CardTable(
            "Smash Up factions (--faction NAME; --set ID for a whole set)",
            ("faction", "set", "cards"),
        )
        for key, f in carddata.load_factions(chosen).items():
            factions.rows.append((key, f.set, str(sum(c.copies for c in f.cards))))
        bases = CardTable("Bases", ("base", "set", "breakpoint", "VP", "ability"))
        for b in carddata.load_bases().values():
            vp = "/".join(map(str, b.vp))
            bases.rows.append((b.name, b.set, str(b.breakpoint), vp, b.text))
        return [factions, bases]
    f = carddata.load_faction(faction, chosen)
    return [_faction_table(f, chosen)]


def _faction_table(f: object, card_set: str) -> CardTable:
    from . import carddata

    assert isinstance(f, carddata.Faction)
    box = carddata.SETS.get(f.set, f.set)
    title = f"{f.name}, {box} (card set {card_set})"
    table = CardTable(title, ("x", "name", "type", "power", "text"))
    for c in f.cards:
        kind = carddata.kind_words(c.type, c.subtypes)
        power = "" if c.power is None else str(c.power)
        table.rows.append((str(c.copies), c.name, kind, power, c.text))
    sources = sorted({part for c in f.cards for part in c.provenance.split("; ")})
    return CardTable(table.title, table.columns, table.rows, "Source: " + "; ".join(sources))


def _set_tables(set_id: str, card_set: str) -> list[CardTable]:
    """Every faction of a set (a table each), its bases, and the Madness card for the
    Cthulhu set."""
    from . import carddata

    if set_id not in carddata.SETS:
        known = ", ".join(carddata.SETS)
        raise ConfigError(f"unknown Smash Up set {set_id!r}; known: {known}")
    name = carddata.SETS[set_id]
    factions = [f for f in carddata.load_factions(card_set).values() if f.set == set_id]
    tables = [_faction_table(f, card_set) for f in factions]
    bases = CardTable(f"Bases of {name}", ("base", "faction", "breakpoint", "VP", "ability"))
    sources: set[str] = set()
    for b in carddata.load_bases().values():
        if b.set == set_id:
            vp = "/".join(map(str, b.vp))
            bases.rows.append((b.name, b.faction or "", str(b.breakpoint), vp, b.text))
            sources.update(b.provenance.split("; "))
    tables.append(
        CardTable(bases.title, bases.columns, bases.rows, "Source: " + "; ".join(sorted(sources)))
    )
    if set_id == "cthulhu":
        m = carddata.load_madness()
        madness = CardTable(
            "The Madness deck",
            ("x", "name", "type", "text"),
            [(str(m.copies), m.name, m.type, m.text)],
        )
        tables.append(madness)
    return tables
