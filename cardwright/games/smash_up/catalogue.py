"""Smash Up's card catalogue, for the CLI (``cards smash-up [--faction F] [--card-set S]``)."""

from __future__ import annotations

from collections.abc import Mapping

from cardwright.games.catalogue import CardTable, only


def catalogue(selection: Mapping[str, str]) -> list[CardTable]:
    """The factions and the bases, or one faction's cards in a card set."""
    from . import carddata

    only("smash-up", selection, ("faction", "card_set"))
    chosen = selection.get("card_set") or carddata.DEFAULT_CARD_SET
    faction = selection.get("faction")
    if faction is None:
        factions = CardTable("Smash Up factions (--faction NAME)", ("faction", "set", "cards"))
        for key, f in carddata.load_factions(chosen).items():
            factions.rows.append((key, f.set, str(sum(c.copies for c in f.cards))))
        bases = CardTable("Bases", ("base", "breakpoint", "VP", "ability"))
        for b in carddata.load_bases().values():
            bases.rows.append((b.name, str(b.breakpoint), "/".join(map(str, b.vp)), b.text))
        return [factions, bases]
    f = carddata.load_faction(faction, chosen)
    table = CardTable(f"{f.name} ({chosen})", ("x", "name", "type", "power", "text"))
    for c in f.cards:
        kind = carddata.kind_words(c.type, c.subtypes)
        power = "" if c.power is None else str(c.power)
        table.rows.append((str(c.copies), c.name, kind, power, c.text))
    return [table]
