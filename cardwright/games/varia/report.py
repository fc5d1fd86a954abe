"""Varia in the balance report: seats grouped by deck (a class deck, or a deck file's name),
health followed over turns, and the cards each seat planned."""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from cardwright.games.reporting import DeckCard, ReportHooks, card_facts

from .cards import catalogue, find_card


def deck_names(config: dict[str, Any]) -> list[str]:
    return [str(deck["name"]) for deck in config["decks"]]


@functools.cache
def _card(name: str) -> tuple[str, str]:
    """A card's name as printed and its facts (cost, power and focus, types, rules ...)."""
    c = find_card(name)
    drop = ("id", "name", "copies", "rule", "provenance", "official", "source", "where")
    return c.name, card_facts(c, drop)


def deck_cards(config: dict[str, Any]) -> list[tuple[DeckCard, ...]]:
    """Each seat's actions and items (as stored in the config: a deck resolved)."""
    out = []
    for deck in config["decks"]:
        counts = Counter(str(c) for c in (*deck["actions"], *deck["items"]))
        cards = []
        for entry, copies in counts.items():
            name, facts = _card(entry)
            cards.append(DeckCard(name, name, copies, facts))
        out.append(tuple(cards))
    return out


REPORT = ReportHooks(
    noun="deck",
    groups=deck_names,
    played=frozenset({"plan", "combo", "replace"}),
    score="health",
    score_label="health",
    pool=lambda config: sorted(catalogue().classes),
    deck_cards=deck_cards,
)
