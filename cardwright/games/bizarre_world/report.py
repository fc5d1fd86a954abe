"""Bizarre World in the balance report: seats grouped by deck, life followed over turns."""

from __future__ import annotations

from typing import Any

from cardwright.games.reporting import ReportHooks

from .decks import starter_names


def deck_names(config: dict[str, Any]) -> list[str]:
    return [str(deck["name"]) for deck in config["decks"]]


REPORT = ReportHooks(
    noun="deck",
    groups=deck_names,
    played=frozenset({"play"}),
    score="life",
    score_label="life",
    pool=lambda config: starter_names(),
)
