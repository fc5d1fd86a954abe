"""Cardwright: one rules core for tabletop card games: play, simulate, search and explain.

The library's public names live in :mod:`cardwright.api` (``docs/api.md``); the most used are
also here, imported when first asked for (so ``import cardwright`` stays cheap for the CLI)::

    import cardwright
    game = cardwright.get_game("varia")
    print(cardwright.__version__)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardwright.api import (
        GameRecord,
        __version__,
        clone,
        determinize,
        get_game,
        load_record,
        make_agent,
        play_game,
        playable_games,
        replay,
        save_record,
        simulate,
    )

#: the names re-exported from :mod:`cardwright.api`
__all__ = [
    "GameRecord",
    "__version__",
    "clone",
    "determinize",
    "get_game",
    "load_record",
    "make_agent",
    "play_game",
    "playable_games",
    "replay",
    "save_record",
    "simulate",
]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from cardwright import api

        return getattr(api, name)
    raise AttributeError(f"module 'cardwright' has no attribute {name!r}")
