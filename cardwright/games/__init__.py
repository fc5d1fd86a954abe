"""The game registry: game id -> game object (created once, stateless, shared)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from cardwright.core.errors import ConfigError
from cardwright.core.game import Game


def _bizarre_world() -> Game:
    from .bizarre_world.game import BizarreWorld

    return BizarreWorld()


def _blue_moon() -> Game:
    from .blue_moon.rules import BlueMoon

    return BlueMoon()


def _progress(registry: dict[str, object], missing: int, noun: str, without: str) -> str:
    """``complete`` once every ability in the card data is written, else what is missing."""
    total = missing + len(registry)
    if not missing:
        return f"complete (all {total} {noun})"
    return f"in progress: {missing} of {total} {noun} not yet applied ({without})"


def _blue_moon_status() -> str:
    from .blue_moon.abilities import ABILITIES, unimplemented_abilities

    return _progress(
        dict(ABILITIES),
        len(unimplemented_abilities()),
        "card powers",
        "those cards play without their text",
    )


def _smash_up() -> Game:
    from .smash_up.game import SmashUp

    return SmashUp()


def _smash_up_status() -> str:
    from .smash_up.abilities import ABILITIES, unimplemented_abilities

    return _progress(
        dict(ABILITIES),
        len(unimplemented_abilities()),
        "card and base abilities",
        "those cards play for their type and power only",
    )


@dataclass(frozen=True)
class GameEntry:
    title: str
    factory: Callable[[], Game] | None = None
    status: Callable[[], str] | None = None  # None: complete

    def status_line(self) -> str:
        if self.factory is None:
            return "planned"
        return "complete" if self.status is None else self.status()


#: Every game Cardwright will play; a missing factory marks one not playable yet.
GAMES: dict[str, GameEntry] = {
    "bizarre-world": GameEntry("Bizarre World", _bizarre_world),
    "blue-moon": GameEntry("Blue Moon", _blue_moon, _blue_moon_status),
    "smash-up": GameEntry("Smash Up", _smash_up, _smash_up_status),
    "varia": GameEntry("Varia"),
    "munchkin": GameEntry("Munchkin"),
}


@cache
def get_game(game_id: str) -> Game:
    """The game object for ``game_id``; an unknown or unplayable id is a one-line error."""
    entry = GAMES.get(game_id)
    if entry is None:
        raise ConfigError(f"unknown game {game_id!r}; games: {', '.join(GAMES)}")
    if entry.factory is None:
        raise ConfigError(
            f"{entry.title} ({game_id}) is not playable yet; playable: "
            f"{', '.join(playable_games())}"
        )
    return entry.factory()


def playable_games() -> list[str]:
    return [g for g, e in GAMES.items() if e.factory is not None]
