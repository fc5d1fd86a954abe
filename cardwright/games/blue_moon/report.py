"""Blue Moon in the balance report: seats grouped by people (a custom deck by its name)."""

from __future__ import annotations

import functools
import json
from typing import Any

from cardwright.games.reporting import DeckCard, ReportHooks, card_facts

from .carddata import PEOPLES, Card
from .decks import cards_by_number, resolve_deck


def peoples(config: dict[str, Any]) -> list[str]:
    """``Hoax``, or ``Khind with Vulca fire (Khind)`` for a custom deck."""
    out = []
    for entry in config["peoples"]:
        if isinstance(entry, dict):
            out.append(f"{entry['name']} ({entry['people']})")
        else:
            out.append(str(entry))
    return out


def playable_peoples(config: dict[str, Any]) -> list[str]:
    from .game import UNSUPPORTED_PEOPLES

    return [p for p in PEOPLES if p not in UNSUPPORTED_PEOPLES]


def _deck_card(card: Card) -> DeckCard:
    return DeckCard(
        card.name, card.name, 1, card_facts(card, ("name", "deck", "rule", "provenance"))
    )


@functools.cache
def _entry_cards(entry: str) -> tuple[DeckCard, ...]:
    """The 30 draw cards (every card exists once) of a config's deck entry, given as JSON."""
    cards = cards_by_number()
    return tuple(_deck_card(cards[number]) for number in resolve_deck(json.loads(entry)).cards)


def deck_cards(config: dict[str, Any]) -> list[tuple[DeckCard, ...]]:
    """Each seat's draw cards (the leader is never played)."""
    return [_entry_cards(json.dumps(entry, sort_keys=True)) for entry in config["peoples"]]


REPORT = ReportHooks(
    noun="people",
    groups=peoples,
    played=frozenset({"play"}),
    score="dragons",
    score_label="dragons on their side",
    pool=playable_peoples,
    deck_cards=deck_cards,
)
