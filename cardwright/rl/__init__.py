"""Reinforcement-learning interfaces over every Cardwright game (``pip install
'cardwright[rl]'``; docs/rl.md):

* ``cardwright.rl.env(game_id, **config)``: a PettingZoo AEC environment (``raw_env``
  unwrapped);
* ``gymnasium.make("cardwright/<Game>-v0", seat=0, opponents="heuristic", **config)`` after
  ``import cardwright.rl`` (``BizarreWorld``, ``BlueMoon``, ``SmashUp``, ``Varia``,
  ``Munchkin``);
* ``import cardwright.rl.openspiel``: each game as an OpenSpiel game
  (``pyspiel.load_game("cardwright_blue_moon")``);
* :class:`~cardwright.rl.catalogue.Catalogue` (the fixed action space of a game) and
  :class:`~cardwright.rl.observe.Encoder` (the observation arrays) for other frameworks.
"""

from __future__ import annotations

from typing import Any

try:
    import gymnasium
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:  # pragma: no cover - the extra is part of the test install
    from cardwright.core.errors import ConfigError

    raise ConfigError(
        f"cardwright.rl needs the rl extra ({exc.name} is missing): pip install 'cardwright[rl]'"
    ) from None

from cardwright.games import GAMES, playable_games

from .aec import env, raw_env
from .catalogue import Catalogue, CatalogueError
from .observe import Encoder, observation_dict
from .table import Table

__all__ = [
    "GYM_IDS",
    "Catalogue",
    "CatalogueError",
    "Encoder",
    "Table",
    "env",
    "gym_id",
    "observation_dict",
    "raw_env",
]


def gym_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``cardwright/`` and its title without spaces, ``-v0``."""
    return f"cardwright/{GAMES[game_id].title.replace(' ', '')}-v0"


#: the Gymnasium id of every playable game
GYM_IDS: dict[str, str] = {g: gym_id(g) for g in playable_games()}


def _register() -> None:
    for game_id, name in GYM_IDS.items():
        if name not in gymnasium.registry:
            kwargs: dict[str, Any] = {"game": game_id}
            gymnasium.register(
                id=name, entry_point="cardwright.rl.gym_env:CardwrightEnv", kwargs=kwargs
            )


_register()
