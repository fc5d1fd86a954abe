"""Smash Up in the balance report: seats grouped by faction pair (in name order), VP over
turns; minions and actions both count as cards played."""

from __future__ import annotations

import functools
from typing import Any

from cardwright.games.reporting import DeckCard, ReportHooks, card_facts

from .carddata import load_faction, load_factions

PAIR = " + "


def faction_pairs(config: dict[str, Any]) -> list[str]:
    """``Ninjas + Pirates`` for each seat, whatever order the two were named in."""
    factions = load_factions(config["card_set"])
    out = []
    for pair in config["factions"]:
        names = sorted(factions[f].name if f in factions else str(f) for f in pair)
        out.append(PAIR.join(names))
    return out


@functools.cache
def faction_cards(faction: str, card_set: str) -> tuple[DeckCard, ...]:
    """A faction's cards in a card set (ability, text, power, copies ...)."""
    drop = ("id", "name", "faction", "copies", "rule", "provenance", "errata")
    return tuple(
        DeckCard(c.name, c.name, c.copies, card_facts(c, drop))
        for c in load_faction(faction, card_set).cards
    )


def deck_cards(config: dict[str, Any]) -> list[tuple[DeckCard, ...]]:
    """Each seat's two factions' cards."""
    return [
        tuple(card for f in pair for card in faction_cards(str(f), config["card_set"]))
        for pair in config["factions"]
    ]


REPORT = ReportHooks(
    noun="faction pair",
    groups=faction_pairs,
    played=frozenset({"play_minion", "play_action"}),
    score="vp",
    score_label="VP",
    pool=lambda config: sorted(load_factions(config["card_set"])),
    parts=lambda pair: pair.split(PAIR),
    part_noun="faction",
    deck_cards=deck_cards,
)
