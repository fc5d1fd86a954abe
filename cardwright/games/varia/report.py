"""Varia in the balance report: seats grouped by deck (a class deck, or a deck file's name),
health followed over turns, and the cards each seat planned."""

from __future__ import annotations

from typing import Any

from cardwright.games.reporting import ReportHooks

from .cards import catalogue


def deck_names(config: dict[str, Any]) -> list[str]:
    return [str(deck["name"]) for deck in config["decks"]]


REPORT = ReportHooks(
    noun="deck",
    groups=deck_names,
    played=frozenset({"plan", "combo", "replace"}),
    score="health",
    score_label="health",
    pool=lambda config: sorted(catalogue().classes),
)
