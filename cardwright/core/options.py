"""Rule option values as users write them, and the checks of a game's options that need no
game: how a value is shown after ``-o KEY=``, a bool among allowed values, seat names."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from .errors import ConfigError


def shown(value: Any) -> str:
    """An option value as a user writes it after ``-o KEY=``: ``true``, ``null``, ``2023-01-18``
    (never Python's spelling)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | int | float):
        return str(value)
    return json.dumps(value, default=str)


def any_bool(allowed: Iterable[Any], value: Any) -> bool:
    """Whether ``value`` matches one of ``allowed`` as a bool (``True == 1`` in Python, but
    ``first_player=true`` is not seat 1)."""
    return any(isinstance(a, bool) and a == value for a in allowed)


def seat_names(game_id: str, names: Any, count: int) -> list[str]:
    """``names`` as the seats' names: a list of ``count`` different names that are not blank
    (a number is its text), or one :class:`ConfigError` line."""
    if not (
        isinstance(names, list)
        and len(names) == count
        and all(isinstance(n, str | int) and not isinstance(n, bool) for n in names)
        and all(str(n).strip() for n in names)
        and len({str(n) for n in names}) == count
    ):
        raise ConfigError(f"{game_id}: 'names' must be a list of {count} different seat names")
    return [str(n) for n in names]
