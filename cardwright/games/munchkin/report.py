"""Munchkin in the balance report: seats have no decks of their own (everyone draws from the
same two decks), so a seat is labelled by its sex and the card set; Level over turns; the
cards a seat plays (Items, classes, one-shots, curses, enhancers) count as played."""

from __future__ import annotations

from typing import Any

from cardwright.games.reporting import ReportHooks


def seats(config: dict[str, Any]) -> list[str]:
    """``classic, female`` for each seat: what differs between seats before the game."""
    return [f"{config['card_set']}, {sex}" for sex in config["sexes"]]


REPORT = ReportHooks(
    noun="seat",
    groups=seats,
    played=frozenset({"play", "curse", "oneshot", "enhance"}),
    score="level",
    score_label="Level",
)
