"""What a game shows of its cards: tables the CLI prints (``cardwright cards GAME``).

A game's catalogue function takes the selection the user gave (``{"people": "khind"}``,
``{"faction": "ninjas", "card_set": "70s-errata"}``) and returns tables; a key it does not
understand is a one-line :class:`~cardwright.core.errors.ConfigError` naming the keys it does.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cardwright.core.errors import ConfigError


@dataclass(frozen=True)
class CardTable:
    """A titled table of cards (or layers, or bases), with an optional note under it."""

    title: str
    columns: Sequence[str]
    rows: list[Sequence[str]] = field(default_factory=list)
    note: str = ""


def only(game: str, selection: Mapping[str, str], allowed: Sequence[str]) -> None:
    """Refuse selection keys the game does not use (``--faction`` for Blue Moon ...)."""
    unknown = sorted(set(selection) - set(allowed))
    if unknown:
        flags = ", ".join("--" + k.replace("_", "-") for k in unknown)
        takes = ", ".join("--" + k.replace("_", "-") for k in allowed) or "no options"
        raise ConfigError(f"cards {game}: {flags} is not an option of this game (it takes {takes})")
