"""Munchkin's card catalogue for the CLI (``cardwright cards munchkin``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardwright.core.errors import ConfigError
from cardwright.games.catalogue import CardTable, only

from .cards import CARD_SETS, CardDef, load_set

_GROUPS = (
    ("Monsters", ("monster",)),
    ("Curses", ("curse",)),
    ("Monster enhancers", ("enhancer",)),
    ("Classes and races", ("class", "race", "super_munchkin", "half_breed")),
    ("Other Door cards", ("door",)),
    ("Items", ("item",)),
    ("One-shot Items", ("oneshot",)),
    ("Go Up a Level and other Treasure", ("level", "treasure", "ally")),
)


def _numbers(card: CardDef) -> str:
    if card.kind == "monster":
        extra = [f"level {card.level}", f"{card.treasures} Treasure(s)"]
        if card.levels != 1:
            extra.append(f"{card.levels} levels")
        if card.undead:
            extra.append("Undead")
        if card.gears:
            extra.append("Gears")
        return ", ".join(extra)
    if card.kind == "enhancer":
        return f"{card.bonus:+d}, {card.treasures:+d} Treasure(s)"
    if card.is_item:
        parts = [f"{card.gold} GP"]
        if card.bonus:
            parts.append(f"+{card.bonus}")
        if card.slot != "none":
            parts.append(card.slot if card.slot != "hands" else f"{card.hands} hand(s)")
        if card.big:
            parts.append("Big")
        if card.gears:
            parts.append("Gears")
        return ", ".join(parts)
    return ""


def catalogue(selection: Mapping[str, str]) -> list[CardTable]:
    """Every card of a set (``--card-set``, default classic), grouped by kind."""
    only("munchkin", selection, ("card_set",))
    name = selection.get("card_set") or "classic"
    if name not in CARD_SETS:
        raise ConfigError(
            f"cards munchkin: no card set {name!r}; card sets: {', '.join(CARD_SETS)}"
        )
    cards = load_set(name)
    tables = []
    for title, kinds in _GROUPS:
        rows: list[Sequence[str]] = [
            (c.name, str(c.count), _numbers(c), c.text, c.provenance)
            for c in cards.cards.values()
            if c.kind in kinds
        ]
        if rows:
            total = sum(int(r[1]) for r in rows)
            tables.append(
                CardTable(
                    f"{cards.title}: {title} ({total})",
                    ("card", "#", "numbers", "text", "provenance"),
                    rows,
                )
            )
    door = len(cards.deck("door"))
    treasure = len(cards.deck("treasure"))
    note = f"{door} Door and {treasure} Treasure cards ({door + treasure} in all)."
    last = tables[-1]
    tables[-1] = CardTable(last.title, last.columns, last.rows, note)
    return tables
