"""Continuous effects: values computed when asked, and permissions where "cannot" beats "can".

Nothing here writes to the state. A game lists the modifiers that are active right now (from
ongoing abilities, counters, until-end-of-turn effects) and the core folds them in layer order
(the vocabulary's :func:`~cardwright.core.vocab.modified` does it for abilities written as
data):

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


#: Permission tiers. A rule's default ("no support cards after a STOP card") yields to a
#: card's "can"; a card's "cannot" beats every "can"; a HARD rule ("nothing can reduce a
#: player below level 1") yields only to a "can" that says it supersedes it.
RULE, CARD, HARD = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Permission:
    """A "can" (``allow=True``) or a "cannot" (``allow=False``) for one action, at a tier
    (:data:`RULE`, :data:`CARD`, :data:`HARD`); ``supersedes``: a "can" that explicitly
    overrides a hard rule."""

    action: str
    source: int
    allow: bool
    tier: int = CARD
    supersedes: bool = False


def compute(base: int, modifiers: Iterable[Modifier], *, floor: int | None = None) -> int:
    """Fold ``modifiers`` over ``base`` in layer order; clamp at ``floor`` if given."""
    value = base
    for mod in sorted(modifiers, key=lambda m: m.layer):
        value = mod.apply(value)
    if floor is not None and value < floor:
        value = floor
    return value


def allowed(permissions: Iterable[Permission], *, default: bool = True) -> bool:
    """Whether the action may be done: a card's "cannot" beats every "can"; a hard rule's
    "cannot" beats every "can" but one that supersedes it; otherwise any "can" allows; a
    rule's "cannot" forbids only when no card says "can"; otherwise ``default``.

    >>> allowed([Permission("play", -1, False, RULE), Permission("play", 3, True)])
    True
    >>> allowed([Permission("level", -1, False, HARD), Permission("level", 4, True)])
    False
    """
    cans = rule_cannot = hard_cannot = superseded = False
    for perm in permissions:
        if perm.allow:
            cans = True
            superseded = superseded or perm.supersedes
        elif perm.tier == CARD:
            return False
        elif perm.tier == HARD:
            hard_cannot = True
        else:
            rule_cannot = True
    if hard_cannot and not superseded:
        return False
    if cans:
        return True
    return default and not rule_cannot
