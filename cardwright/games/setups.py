"""What the games' scenario builders (``scenario.py``: a position from a scenario's
``setup``, ``docs/scenarios.md``) check alike: the setup's keys, its seats' names and each
seat's keys, a list of card entries, a seat named by its player's name. Each refusal is one
line naming where in the setup it is."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardwright.core.errors import DataError


def _keys(given: Iterable[Any], keys: Sequence[str], where: str) -> None:
    unknown = set(given) - set(keys)
    if unknown:
        raise DataError(f"{where}: unknown key(s) {sorted(unknown)}; use {', '.join(keys)}")


def setup_seats(
    setup: Mapping[str, Any], keys: Sequence[str], names: Sequence[str]
) -> Mapping[str, Any]:
    """The setup's ``seats`` (name -> what that seat has), once the setup has only ``keys``
    (named in this order when it has another) and the seats are players' ``names``."""
    _keys(setup, keys, "setup")
    seats: Mapping[str, Any] = setup.get("seats", {}) or {}
    for name in seats:
        if name not in names:
            raise DataError(
                f"setup.seats: unknown seat {name!r}; seats are {list(names)} (set config.names)"
            )
    return seats


def seat_setup(seats: Mapping[str, Any], name: str, keys: Sequence[str]) -> Mapping[str, Any]:
    """What the seat of the player ``name`` has in the setup (nothing if it is not named),
    once it has only ``keys``."""
    spec: Mapping[str, Any] = seats.get(name, {}) or {}
    _keys(spec, keys, f"setup.seats.{name}")
    return spec


def card_list(spec: Mapping[str, Any], key: str, where: str) -> list[Any]:
    """The card entries of ``spec[key]`` (none if it is missing), a list."""
    entries = spec.get(key, []) or []
    if not isinstance(entries, list):
        raise DataError(f"{where}: expected a list of cards")
    return entries


def seat_named(names: Sequence[str], name: Any, where: str) -> int:
    """The seat of the player ``name``."""
    if name not in names:
        raise DataError(f"{where}: unknown seat {name!r}; seats are {list(names)}")
    return names.index(name)
