"""Blue Moon in the balance report: seats grouped by people (a custom deck by its name)."""

from __future__ import annotations

from typing import Any

from cardwright.games.reporting import ReportHooks

from .carddata import PEOPLES


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


REPORT = ReportHooks(
    noun="people",
    groups=peoples,
    played=frozenset({"play"}),
    score="dragons",
    score_label="dragons on their side",
    pool=playable_peoples,
)
