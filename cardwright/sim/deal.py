"""``--deck any``: a seat whose choice is ``any`` is dealt one at random for each game (a
deck, a people, or two factions nobody else at the table has), so that one batch covers every
matchup. The deal depends only on the game's seed, so results do not depend on ``--jobs``,
and the stored config of each game is the dealt one (replay needs nothing else)."""

from __future__ import annotations

import random
from typing import Any

from cardwright.core.errors import ConfigError
from cardwright.core.game import Game
from cardwright.games import GAMES, resolve

from .trace import report_hooks

ANY = "any"


def deal(game: Game | str, config: dict[str, Any], seed: int) -> dict[str, Any]:
    """``config`` with each ``any`` seat choice replaced by one drawn from the game's pool."""
    game = resolve(game)
    game_id = game.id
    entry = GAMES[game_id]
    seats = config.get(entry.seat_key)
    if not isinstance(seats, list) or ANY not in seats:
        return config
    pool_of = report_hooks(game_id).pool
    if pool_of is None:
        raise ConfigError(f"{game_id}: no pool to deal '{ANY}' from; name each seat's choice")
    pool = pool_of({**game.default_config(), **config})
    rng = random.Random(f"deal:{seed}")
    if not entry.seat_pairs:
        return {**config, entry.seat_key: [rng.choice(pool) if s == ANY else s for s in seats]}
    taken = {f for s in seats if s != ANY for f in s}
    dealt: list[Any] = []
    for choice in seats:
        if choice == ANY:
            choice = rng.sample([f for f in pool if f not in taken], 2)
            taken.update(choice)
        dealt.append(choice)
    return {**config, entry.seat_key: dealt}
