"""The game registry: game id -> game object (created once, stateless, shared)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from cardwright.core.errors import ConfigError
from cardwright.core.game import Game


def _bizarre_world() -> Game:
    from .bizarre_world.rules import BizarreWorld

    return BizarreWorld()


#: Every game Cardwright will play; ``None`` marks one whose rules are not playable yet.
GAMES: dict[str, tuple[str, Callable[[], Game] | None]] = {
    "bizarre-world": ("Bizarre World", _bizarre_world),
    "blue-moon": ("Blue Moon", None),
    "smash-up": ("Smash Up", None),
    "varia": ("Varia", None),
    "munchkin": ("Munchkin", None),
}


@cache
def get_game(game_id: str) -> Game:
    """The game object for ``game_id``; an unknown or unplayable id is a one-line error."""
    entry = GAMES.get(game_id)
    if entry is None:
        raise ConfigError(f"unknown game {game_id!r}; games: {', '.join(GAMES)}")
    title, factory = entry
    if factory is None:
        playable = ", ".join(g for g, (_, f) in GAMES.items() if f is not None)
        raise ConfigError(f"{title} ({game_id}) is not playable yet; playable: {playable}")
    return factory()


def playable_games() -> list[str]:
    return [g for g, (_, f) in GAMES.items() if f is not None]
