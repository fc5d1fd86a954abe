"""Continuous effects: values computed when asked, and permissions where "cannot" beats "can".

Nothing here writes to the state. A game lists the modifiers that are active right now (from
ongoing abilities, counters, until-end-of-turn effects) and the core folds them in layer order:

>>> doubled = Modifier(key="power", layer=2, source=7, apply=lambda v: v * 2)
>>> plus_one = Modifier(key="power", layer=1, source=8, apply=lambda v: v + 1)
>>> compute(3, [doubled, plus_one])
8
>>> allowed([Permission("play", source=1, allow=True), Permission("play", source=2, allow=False)])
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Modifier:
    """A change to one value: applied in increasing ``layer``, then in listing order."""

    key: str
    layer: int
    source: int
    apply: Callable[[int], int]


@dataclass(frozen=True, slots=True)
class Permission:
    """A "can" (``allow=True``) or a "cannot" (``allow=False``) for one action."""

    action: str
    source: int
    allow: bool


def compute(base: int, modifiers: Iterable[Modifier], *, floor: int | None = None) -> int:
    """Fold ``modifiers`` over ``base`` in layer order; clamp at ``floor`` if given."""
    value = base
    for mod in sorted(modifiers, key=lambda m: m.layer):
        value = mod.apply(value)
    if floor is not None and value < floor:
        value = floor
    return value


def allowed(permissions: Iterable[Permission], *, default: bool = True) -> bool:
    """Any "cannot" wins; otherwise any "can" allows; otherwise ``default``."""
    verdict: bool | None = None
    for perm in permissions:
        if not perm.allow:
            return False
        verdict = True
    return default if verdict is None else verdict
