"""Bizarre World's card catalogue and deck files, for the CLI (``cards``, ``deck check``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardwright.games.catalogue import CardTable, only

from . import generator
from .decks import format_for_size, load_deck_file, points_breakdown, resolve_deck


def catalogue(selection: Mapping[str, str]) -> list[CardTable]:
    """The generator's three layer tables, or a deck's cards with their points."""
    only("bizarre-world", selection, ("deck", "ruleset"))
    rs = selection.get("ruleset") or generator.DEFAULT_RULESET
    deck = selection.get("deck")
    if deck:
        d = resolve_deck(deck, rs)
        table = CardTable(
            f"{d.name} ({d.mode}, {len(d.cards)} cards)",
            ("#", "card", "points", "action", "passive"),
        )
        for card_id in dict.fromkeys(d.cards):
            c = generator.card_def(card_id, rs)
            table.rows.append(
                (
                    str(d.cards.count(card_id)),
                    c.id,
                    points_breakdown(c.id, rs),
                    f"{c.of.text} -> {c.noun.text}",
                    c.adjective.text,
                )
            )
        return [table]
    t = generator.tables(rs)
    tables = []
    for title, rows, extra in (
        ("Adjective: passive ability", t.adjectives, "passive"),
        ("Creature: action effect", t.nouns, "attack"),
        ("of ...: action cost and resource", t.ofs, "produces"),
    ):
        table = CardTable(f"{title} (ruleset {rs})", ("name", "value", extra, "text"))
        for layer in rows:
            col = {
                "passive": layer.passive,
                "attack": str(layer.attack or layer.alt_attack),
                "produces": f"{layer.amount} {layer.produces}",
            }[extra]
            table.rows.append((layer.name, f"{layer.value:+d}", col, layer.text))
        tables.append(table)
    note = (
        "A card is '<adjective> <creature> of <phrase> (cost)'; its points are cost "
        "(0 counts as -1) + the three values; crafted cards need 0 or more."
    )
    return [*tables[:-1], CardTable(tables[-1].title, tables[-1].columns, tables[-1].rows, note)]


def check_deck_file(path: Path, raw: Mapping[str, Any]) -> str | None:
    """A one-line summary of a valid Bizarre World deck file (None: not one of ours; a bad
    one raises a one-line DataError naming the card and the rule). Another game's keys
    (Blue Moon's ``leader``, Varia's ``actions``, ``items`` or ``class``) without our
    ``[[card]]`` tables make it another game's file."""
    if "leader" in raw or ("card" not in raw and {"actions", "items", "class"} & set(raw)):
        return None
    deck = load_deck_file(path)
    fmt = format_for_size(len(deck.cards))
    assert fmt is not None
    return (
        f"{path}: OK ({deck.name}, {deck.mode}, {len(deck.cards)} cards, "
        f"{fmt.name} duel, {fmt.life} life)"
    )
