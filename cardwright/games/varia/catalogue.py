"""Varia's card catalogue and deck files, for the CLI (``cards varia --class ...``,
``deck check``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardwright.core.errors import ConfigError
from cardwright.games.catalogue import CardTable, only

from .actions import notation
from .cards import CardDef
from .cards import catalogue as cards
from .decks import class_deck, levels, load_deck_file, resolve_deck, shared_level


def _shape(value: int | None, sides: int) -> str:
    return "-" if value is None else notation(value, 1, sides)


def _row(d: CardDef, count: str) -> tuple[str, ...]:
    cost = f"{d.cost}" + (f"+{d.health_cost}hp" if d.health_cost else "")
    keywords = ", ".join(k.capitalize() for k in sorted(d.keywords))
    text = "; ".join(t for t in (keywords, d.text, d.item_text) if t)
    req = ", ".join(f"{n} {a}" for a, n in d.requires) or "-"
    stats = f"{_shape(d.power, 6)} | {_shape(d.focus, 4)}"
    return (count, d.name, cost, stats, d.type_line or d.use, req, text)


_COLUMNS = ("#", "card", "AP", "power | focus", "types", "requires", "rules")


def _official(defs: list[CardDef]) -> str:
    known = [f"{d.name} ({', '.join(d.official)})" for d in defs if d.official]
    return "Facts from published sources: " + "; ".join(known) + "." if known else ""


def catalogue(selection: Mapping[str, str]) -> list[CardTable]:
    """A class deck (``--class``), a deck file or class (``--deck``), or the list of classes."""
    only("varia", selection, ("class", "deck"))
    ref = selection.get("class") or selection.get("deck")
    if not ref:
        table = CardTable(
            "Varia class decks (provenance: original)", ("class", "attribute", "actions", "items")
        )
        for cls in cards().classes.values():
            table.rows.append((cls.id, cls.attribute, str(len(cls.actions)), ", ".join(cls.items)))
        note = "Show one with: cardwright cards varia --class <class>"
        return [CardTable(table.title, table.columns, table.rows, note)]
    if "class" in selection and ref not in cards().classes:
        known = ", ".join(sorted(cards().classes))
        raise ConfigError(f"cards varia: unknown class {ref!r}; classes: {known}")
    deck = class_deck(ref) if ref in cards().classes else resolve_deck(ref)
    defs = cards().cards
    items = CardTable(f"{deck.name}: items", ("gold", *_COLUMNS[1:]))
    for name in deck.items:
        d = defs[name]
        items.rows.append((str(d.value), *_row(d, "")[1:]))
    actions = CardTable(f"{deck.name}: {len(deck.actions)} actions", _COLUMNS)
    for name in dict.fromkeys(deck.actions):
        actions.rows.append(_row(defs[name], str(deck.actions.count(name))))
    per = ", ".join(f"{a} {n}" for a, n in sorted(levels(deck.actions).items()))
    gold = sum(defs[n].value for n in deck.items)
    used = [defs[n] for n in dict.fromkeys((*deck.items, *deck.actions))]
    note = (
        f"Items worth {gold} gold; shared level {shared_level(deck.actions)} ({per}). Power P "
        "is P+1d6, focus F is F+1d4; '-' means no such shape. Every card is our design "
        f"(provenance original). {_official(used)}"
    )
    return [items, CardTable(actions.title, actions.columns, actions.rows, note)]


def check_deck_file(path: Path, raw: Mapping[str, Any]) -> str | None:
    """A one-line summary of a valid Varia deck file (None: not one of ours): one that says
    ``game = "varia"``, or names no game and has Varia's keys (``actions``, ``items``,
    ``class``) and none of another game's (``[[card]]``, ``leader``)."""
    game = raw.get("game")
    ours = {"actions", "items", "class"} & set(raw) and not {"card", "leader"} & set(raw)
    if game != "varia" and (game is not None or not ours):
        return None
    deck = load_deck_file(path)
    gold = sum(cards().cards[n].value for n in deck.items)
    return (
        f"{path}: OK ({deck.name}, {deck.format}, {len(deck.actions)} actions, items worth "
        f"{gold} gold, shared level {shared_level(deck.actions)})"
    )
