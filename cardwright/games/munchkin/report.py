"""Munchkin in the balance report: seats have no decks of their own (everyone draws from the
same two decks), so a seat is labelled by its sex and the card set; Level over turns; the
cards a seat plays (Items, classes, one-shots, curses, enhancers) count as played."""

from __future__ import annotations

import functools
from typing import Any

from cardwright.games.reporting import DeckCard, ReportHooks, card_facts

from .cards import load_set


def seats(config: dict[str, Any]) -> list[str]:
    """``classic, female`` for each seat: what differs between seats before the game."""
    return [f"{config['card_set']}, {sex}" for sex in config["sexes"]]


@functools.cache
def playable_cards(card_set: str) -> tuple[DeckCard, ...]:
    """Every card of the set a player may play: all but the monsters, which are fought."""
    drop = ("id", "name", "provenance", "source", "count", "is_item")
    return tuple(
        DeckCard(c.name, c.name, c.count, card_facts(c, drop))
        for c in load_set(card_set).cards.values()
        if c.kind != "monster"
    )


REPORT = ReportHooks(
    noun="seat",
    groups=seats,
    played=frozenset({"play", "curse", "oneshot", "enhance"}),
    score="level",
    score_label="Level",
    deck_cards=lambda config: [playable_cards(config["card_set"])] * len(config["sexes"]),
)
