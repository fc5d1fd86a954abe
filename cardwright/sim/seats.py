"""How many players a batch seats: the one place that decides it.

A number of players can be said in several places: ``--players N``, the rule option
``-o players=N`` (games that take it), the seat names ``-o names=[...]``, one agent per seat
(``--agents a,b,c``) and the seats' choices (``--deck`` / ``--factions`` once per seat, or the
config's list). :func:`player_count` reads them all: those that say an exact number must agree,
the seat choices may name fewer seats than there are players (the others are dealt choices
nobody made) but never more, and with nothing said the game's own default stands. A
contradiction is one :class:`~cardwright.core.errors.ConfigError` line naming both places,
before any game is played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from cardwright.core.errors import ConfigError
from cardwright.games import GAMES, get_game

from .deal import deal


def player_count(
    game_id: str,
    config: Mapping[str, Any],
    *,
    players: int | None = None,
    agents: Sequence[str] | None = None,
    default: int | None = None,
) -> int:
    """The number of players, from ``players`` (``--players``), ``agents`` (one per seat;
    None: the agents do not fix it), the config (``players``, ``names``, the seat choices) and
    otherwise ``default`` or the game's own default; refused in one line when two of them
    disagree or the game is not played by that many."""
    game = get_game(game_id)
    entry = GAMES[game_id]
    claims: list[tuple[str, int]] = []
    if players is not None:
        claims.append((f"--players {players}", players))
    said = config.get("players")
    if said is not None and "players" in game.default_config():
        if isinstance(said, bool) or not isinstance(said, int):
            game.validate_config(config)  # the option's own one-line refusal
        claims.append((f"-o players={said}", said))
    names = config.get("names")
    if isinstance(names, list):
        claims.append((f"-o names ({len(names)} names)", len(names)))
    if agents is not None:
        listed = ", ".join(agents)
        claims.append((f"--agents ({_count(len(agents), 'agent')}: {listed})", len(agents)))
    for (where, n), (other, m) in pairwise(claims):
        if n != m:
            raise ConfigError(f"{where} and {other} disagree on the number of players")
    chosen = config.get(entry.seat_key)
    named = len(chosen) if isinstance(chosen, list) else 0
    where_named = f"{entry.seat_key} ({_count(named, 'seat')} named)"
    if claims:
        where, count = claims[0]
        if named > count:
            raise ConfigError(f"{where_named} and {where} disagree on the number of players")
    elif named > 1:
        where, count = where_named, named
    elif default is not None:
        where, count = f"{_count(default, 'player')}", default
    else:
        found = game.validate_config(deal(game_id, dict(config), 0))
        count = found.get("players") or len(found.get("names") or ()) or game.min_players
        where = f"{game_id}'s default of {_count(count, 'player')}"
    game.check_players(count, where)
    return count


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"
