"""An action on the timeline as the rules see it: one card, or several combined into one.

003 Combos & Replacements: a combo is treated as a single action card with a combined name,
cost, rules, power, focus and types, and its dice are combined (each part with a power shape
adds a d6, each with a focus shape a d4). 003 Becomes & Treated: an action that *becomes* a copy
of another card is wholly that card while the effect lasts. :func:`printed` works out the
combined face; :func:`value` adds the modifiers in force (the core's one continuous-value
mechanism: the action's own parts, live cards, lasting effects), and :func:`keyword` says
whether the action has a keyword, printed or granted (``kw:<word>`` values).

Readings (docs/rulings/varia.md): the name lists the card planned as the combo first (R7);
supertypes follow the guide's order and subtypes are sorted; the requirement is the highest per
attribute; a part without a power (or focus) shape adds no number and no die.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from cardwright.core.lasting import became

from .cards import SUPERTYPES, CardDef, Typed, card_def
from .state import Slot, VariaState

if TYPE_CHECKING:
    from .game import Varia


@dataclass(frozen=True, slots=True)
class Face(Typed):
    """The printed face of an action (one card's, or a combo's, or what it became)."""

    name: str
    cost: int
    health_cost: int
    power: int
    power_dice: int
    focus: int
    focus_dice: int
    supertypes: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: frozenset[str]
    requires: tuple[tuple[str, int], ...]
    texts: tuple[str, ...]

    @property
    def is_attack(self) -> bool:
        return "Attack" in self.supertypes

    @property
    def is_block(self) -> bool:
        return "Block" in self.supertypes

    def rules_text(self) -> str:
        words = [k.capitalize() for k in sorted(self.keywords)]
        return ", ".join([*words, *self.texts])


_FACES: dict[tuple[str, ...], Face] = {}


def combine(defs: Sequence[CardDef]) -> Face:
    """The face of these cards combined (one card: its own face); static, so kept once made."""
    key = tuple(d.id for d in defs)
    found = _FACES.get(key)
    if found is None:
        found = _FACES[key] = _combine(defs)
    return found


def face_of_defns(defns: tuple[str, ...]) -> Face:
    found = _FACES.get(defns)
    if found is None:
        found = _FACES[defns] = _combine([card_def(d) for d in defns])
    return found


def _combine(defs: Sequence[CardDef]) -> Face:
    supers = {t for d in defs for t in d.supertypes}
    subs = {t for d in defs for t in d.subtypes}
    requires: dict[str, int] = {}
    for d in defs:
        for attr, n in d.requires:
            requires[attr] = max(requires.get(attr, 0), n)
    return Face(
        name=" + ".join(d.name for d in defs),
        cost=sum(d.cost for d in defs),
        health_cost=sum(d.health_cost for d in defs),
        power=sum(d.power or 0 for d in defs),
        power_dice=sum(1 for d in defs if d.power is not None),
        focus=sum(d.focus or 0 for d in defs),
        focus_dice=sum(1 for d in defs if d.focus is not None),
        supertypes=tuple(t for t in SUPERTYPES if t in supers),
        subtypes=tuple(sorted(subs)),
        keywords=frozenset().union(*(d.keywords for d in defs)),
        requires=tuple(sorted(requires.items())),
        texts=tuple(d.text for d in defs if d.text),
    )


def printed(s: VariaState, slot: Slot) -> Face:
    """The action's face now: its cards combined, or what it became (a copy of a card; its
    subtypes, "if a card's subtype would become fire")."""
    if s.lasting:
        copy = became(s, slot.lead)
        face = face_of_defns((copy,)) if copy is not None else _plain(s, slot)
        subtypes = became(s, slot.lead, "subtypes")
        if subtypes is not None:
            face = replace(face, subtypes=tuple(sorted(subtypes.split())))
        return face
    return _plain(s, slot)


def _plain(s: VariaState, slot: Slot) -> Face:
    cards, parts = s.cards, slot.cards
    key = (cards[parts[0]].defn,) if len(parts) == 1 else tuple([cards[c].defn for c in parts])
    found = _FACES.get(key)
    return found if found is not None else face_of_defns(key)


def can_combine(a: Face, b: Face) -> bool:
    """Attacks and blocks cannot be combined (003 Step Five)."""
    x, y = a.supertypes, b.supertypes  # what is_attack and is_block read
    return not (("Attack" in x and "Block" in y) or ("Block" in x and "Attack" in y))


def _others(s: VariaState, slot: Slot) -> tuple[int, ...]:
    """The action's cards after its lead: their own modifiers (none once the lead became a
    copy: :meth:`Varia.abilities_of`) and the lasting changes given to them count for the
    action, whichever card leads it."""
    return tuple(slot.cards[1:])


#: ``keys`` not given: work out what can change the action now
_ASK: frozenset[str] = frozenset({"?"})


def changing(g: Varia, s: VariaState, slot: Slot) -> frozenset[str] | None:
    """The values of the action that something in force may change (its parts' own
    modifiers, live cards'); None when lasting effects are in force (anything may)."""
    if s.lasting:
        return None
    return g.changes_for(s, slot.cards)


def value(
    g: Varia, s: VariaState, slot: Slot, key: str, base: int, keys: frozenset[str] | None = _ASK
) -> int:
    """The action's value ``key`` from ``base`` with every modifier in force (never below 0;
    ``keys``: :func:`changing`, when the caller has worked it out)."""
    if keys is _ASK:
        keys = changing(g, s, slot)
    if keys is not None and key not in keys:
        return max(0, base)
    return max(0, g.value(s, key, slot.lead, base, _others(s, slot)))


def keyword(
    g: Varia,
    s: VariaState,
    slot: Slot,
    word: str,
    face: Face | None = None,
    keys: frozenset[str] | None = _ASK,
) -> bool:
    """Whether the action has keyword ``word``: printed on one of its parts, or granted by a
    rule in force (a ``kw:<word>`` modifier, a lasting effect)."""
    face = face or printed(s, slot)
    if word in face.keywords:
        return True
    return value(g, s, slot, f"kw:{word}", 0, keys) > 0


def advantage(
    g: Varia,
    s: VariaState,
    slot: Slot,
    face: Face | None = None,
    keys: frozenset[str] | None = _ASK,
) -> int:
    """+1 improved, -1 impaired, 0 neither or both (they cancel: ruling R8)."""
    face = face or printed(s, slot)
    if keys is _ASK:
        keys = changing(g, s, slot)
    improved = keyword(g, s, slot, "improved", face, keys)
    return int(improved) - int(keyword(g, s, slot, "impaired", face, keys))


def costs(g: Varia, s: VariaState, slot: Slot, face: Face | None = None) -> tuple[int, int]:
    """What performing the action costs now: (action points, health points)."""
    face = face or printed(s, slot)
    keys = changing(g, s, slot)
    return (
        value(g, s, slot, "cost", face.cost, keys),
        value(g, s, slot, "health_cost", face.health_cost, keys),
    )


#: the values :func:`dice` reads
_DICE = frozenset({"power", "power_dice", "focus", "focus_dice"})


def dice(
    g: Varia,
    s: VariaState,
    slot: Slot,
    face: Face | None = None,
    keys: frozenset[str] | None = _ASK,
) -> tuple[int, int, int, int]:
    """(power base, power dice, focus base, focus dice) with the modifiers in force."""
    face = face or printed(s, slot)
    if keys is _ASK:
        keys = changing(g, s, slot)
    if keys is not None and keys.isdisjoint(_DICE):  # nothing in force changes them
        return (
            max(0, face.power),
            max(0, face.power_dice),
            max(0, face.focus),
            max(0, face.focus_dice),
        )
    return (
        value(g, s, slot, "power", face.power, keys),
        value(g, s, slot, "power_dice", face.power_dice, keys),
        value(g, s, slot, "focus", face.focus, keys),
        value(g, s, slot, "focus_dice", face.focus_dice, keys),
    )


def notation(base: int, count: int, sides: int) -> str:
    """``2+2d6`` (``3`` with no dice, ``1d4`` with no base)."""
    if not count:
        return str(base)
    return f"{base}+{count}d{sides}" if base else f"{count}d{sides}"
