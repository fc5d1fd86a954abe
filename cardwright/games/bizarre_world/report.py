"""Bizarre World in the balance report: seats grouped by deck, life followed over turns."""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from cardwright.games.reporting import DeckCard, ReportHooks, card_facts

from .decks import starter_names
from .generator import card_def


def deck_names(config: dict[str, Any]) -> list[str]:
    return [str(deck["name"]) for deck in config["decks"]]


@functools.cache
def _card(card_id: str, ruleset: str) -> tuple[str, str]:
    """A card id's name without its cost, and its facts (cost, points, the three layers)."""
    c = card_def(card_id, ruleset)
    return c.name, card_facts(c, ("id", "name"), points=c.points)


def deck_cards(config: dict[str, Any]) -> list[tuple[DeckCard, ...]]:
    """Each seat's cards; a card's name in the log carries its cost (``Lazy Rock of Charity
    (2)``), and the same name at another cost is the same card in another version."""
    out = []
    for deck in config["decks"]:
        counts = Counter(str(card) for card in deck["cards"])
        cards = []
        for card_id, copies in counts.items():
            name, facts = _card(card_id, config["ruleset"])
            cards.append(DeckCard(card_id, name, copies, facts))
        out.append(tuple(cards))
    return out


REPORT = ReportHooks(
    noun="deck",
    groups=deck_names,
    played=frozenset({"play"}),
    score="life",
    score_label="life",
    pool=lambda config: starter_names(),
    deck_cards=deck_cards,
)
