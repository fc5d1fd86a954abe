"""Smash Up in the balance report: seats grouped by faction pair (in name order), VP over
turns; minions and actions both count as cards played."""

from __future__ import annotations

from typing import Any

from cardwright.games.reporting import ReportHooks

from .carddata import load_factions

PAIR = " + "


def faction_pairs(config: dict[str, Any]) -> list[str]:
    """``Ninjas + Pirates`` for each seat, whatever order the two were named in."""
    factions = load_factions(config["card_set"])
    out = []
    for pair in config["factions"]:
        names = sorted(factions[f].name if f in factions else str(f) for f in pair)
        out.append(PAIR.join(names))
    return out


REPORT = ReportHooks(
    noun="faction pair",
    groups=faction_pairs,
    played=frozenset({"play_minion", "play_action"}),
    score="vp",
    score_label="VP",
    pool=lambda config: sorted(load_factions(config["card_set"])),
    parts=lambda pair: pair.split(PAIR),
    part_noun="faction",
)
