"""What the balance report (``cardwright report``) and the game store need to know of a game.

A game names a :class:`ReportHooks` in its registry entry (``GameEntry.report``). Everything
else the report shows comes from the public protocol: the result, ``state.turn`` and
``state.active``, ``game.scores(state)`` and the log events.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class ReportHooks:
    """A game's answers for the report.

    ``noun``: what a seat plays with, for titles ("people", "faction pair", "deck");
    ``groups(config)``: from a validated config (as stored with every game), each seat's
    deck, people or faction pair as a short label; ``played``: the log event kinds that mean
    "this seat played this card" (the event's ``seat``, ``turn`` and ``card``); ``score``:
    the key of ``game.scores(state)`` followed over turns (higher is better), with
    ``score_label`` for axes; ``pool(config)``: what a seat given ``--deck any`` may be dealt
    (deck names, peoples; factions, of which a seat of a game played with pairs is dealt two),
    so that one batch covers every matchup; ``parts(deck)``: for a deck made of parts (a
    Smash Up faction pair), the parts (each faction), called ``part_noun``: the report then
    also shows every matchup by part, which needs far fewer games than by pair.
    """

    noun: str
    groups: Callable[[dict[str, Any]], list[str]]
    played: frozenset[str]
    score: str
    score_label: str
    pool: Callable[[dict[str, Any]], list[str]] | None = None
    parts: Callable[[str], list[str]] | None = None
    part_noun: str = ""
