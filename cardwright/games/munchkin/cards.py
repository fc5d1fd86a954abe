"""Munchkin's card definitions: the two card sets, read and checked when the game loads.

A card set is a TOML file in ``data/`` (``classic.toml``, ``steampunk.toml``). Each
``[[card]]`` gives the facts printed on a card (name, kind, numbers, slot, restrictions), its
rules text in our own words, where it comes from (``provenance``: ``rulebook``, ``research``
or ``original``), and what it does, as vocabulary expressions (``abilities.py``):

``ability``
    hook items: modifiers (a monster's bonus against a class), listeners, keywords, the
    game's own hooks (``power(...)``, ``no_pursuit(...)``, ``playable(...)``) and, for a card
    that is played and resolves (a curse, a one-shot, a Go Up a Level), its effect;
``bad_stuff`` / ``escaped``
    what a monster does to a player it catches / to a player who gets away.

A malformed card is one :class:`DataError` line naming the file, the card and the field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from cardwright.core.datafiles import read_toml
from cardwright.core.errors import DataError

DATA = Path(__file__).parent / "data"

#: every kind of card, with the deck it belongs to
KINDS: dict[str, str] = {
    "monster": "door",
    "curse": "door",
    "enhancer": "door",
    "class": "door",
    "race": "door",
    "super_munchkin": "door",
    "half_breed": "door",
    "door": "door",  # other Door cards (Wandering Monster, Mate, Cheat! ...)
    "item": "treasure",  # permanent Items
    "oneshot": "treasure",  # "usable once only" Items
    "level": "treasure",  # Go Up a Level cards
    "treasure": "treasure",  # other Treasure cards (Steal a Level, Hoard! ...)
    "ally": "treasure",  # a Hireling: an ally in front of you
}
SLOTS = ("headgear", "armor", "footgear", "hands", "none")
PROVENANCES = ("rulebook", "research", "original")
#: what an item's ``requires`` / ``not_for`` may name
TRAITS = re.compile(r"^(class|race|sex):[a-z_]+$")

_FIELDS = {
    "name",
    "kind",
    "count",
    "text",
    "provenance",
    "source",
    "level",
    "treasures",
    "levels",
    "undead",
    "gears",
    "bonus",
    "gold",
    "slot",
    "hands",
    "big",
    "requires",
    "not_for",
    "below_waist",
    "fire",
    "stick",
    "cane",
    "ability",
    "bad_stuff",
    "escaped",
    "tag",
    "sex",
}


def slug(name: str) -> str:
    """A card's id from its name: ``"3,872 Orcs" -> "3872-orcs"``."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower().replace(",", "").replace("'", "")).strip("-")


@dataclass(frozen=True)
class CardDef:
    """A card as printed (its id is its name: names are unique in a set). Numbers that do
    not apply to its kind are 0."""

    id: str
    name: str
    kind: str
    deck: str
    text: str
    provenance: str
    source: str = ""
    count: int = 1
    level: int = 0  # a monster's level
    treasures: int = 0  # a monster's Treasures (an enhancer's change to them)
    levels: int = 1  # levels a kill gives
    undead: bool = False
    gears: bool = False
    bonus: int = 0  # an Item's or one-shot's bonus, an enhancer's change to a monster
    gold: int = 0
    slot: str = "none"
    hands: int = 0
    big: bool = False
    requires: tuple[str, ...] = ()
    not_for: tuple[str, ...] = ()
    below_waist: bool = False
    fire: bool = False
    stick: bool = False
    cane: bool = False
    tag: str = ""  # a class's or race's name in the rules (``"cleric"``, ``"elf"``)
    ability: str = ""
    bad_stuff: str = ""
    escaped: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    #: Items: permanent ones and one-shots ("No Value" ones too)
    is_item: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_item", self.kind in ("item", "oneshot"))


@dataclass(frozen=True)
class CardSet:
    """One card set: its cards by id, in file order."""

    name: str
    title: str
    cards: dict[str, CardDef]

    def deck(self, which: str) -> list[str]:
        """The definition ids of one deck (``door`` or ``treasure``), copies included."""
        return [c.id for c in self.cards.values() if c.deck == which for _ in range(c.count)]

    def find(self, name: str) -> CardDef | None:
        """A card by id or by name (case-insensitive)."""
        found = self.cards.get(name)
        if found is not None:
            return found
        low = name.lower()
        return next((c for c in self.cards.values() if low in (c.name.lower(), slug(c.name))), None)


CARD_SETS = ("classic", "steampunk")


def _bool(raw: dict[str, Any], key: str, where: str) -> bool:
    value = raw.get(key, False)
    if not isinstance(value, bool):
        raise DataError(f"{where}: {key!r} must be true or false, not {value!r}")
    return value


def _int(raw: dict[str, Any], key: str, where: str, default: int = 0) -> int:
    value = raw.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise DataError(f"{where}: {key!r} must be a whole number, not {value!r}")
    return value


def _str(raw: dict[str, Any], key: str, where: str, default: str = "") -> str:
    value = raw.get(key, default)
    if isinstance(value, list):  # an ability written as several items
        if not all(isinstance(v, str) for v in value):
            raise DataError(f"{where}: {key!r} must be text or a list of texts")
        return "[" + ", ".join(value) + "]" if len(value) > 1 else (value[0] if value else "")
    if not isinstance(value, str):
        raise DataError(f"{where}: {key!r} must be text, not {value!r}")
    return value


def _traits(raw: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = raw.get(key, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(
        isinstance(v, str) and TRAITS.match(v) for v in value
    ):
        raise DataError(
            f"{where}: {key!r} must list traits such as 'class:cleric', 'race:elf', 'sex:female'"
        )
    return tuple(value)


def parse_card(raw: dict[str, Any], where: str) -> CardDef:
    """One ``[[card]]`` table, checked."""
    unknown = sorted(set(raw) - _FIELDS)
    if unknown:
        raise DataError(f"{where}: unknown field(s) {unknown}")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise DataError(f"{where}: every card needs a 'name'")
    where = f"{where} ({name})"
    kind = raw.get("kind")
    if kind not in KINDS:
        raise DataError(f"{where}: 'kind' must be one of {', '.join(KINDS)}, not {kind!r}")
    text = _str(raw, "text", where)
    if not text:
        raise DataError(f"{where}: every card needs its rules 'text' (in our own words)")
    provenance = raw.get("provenance")
    if provenance not in PROVENANCES:
        raise DataError(f"{where}: 'provenance' must be one of {', '.join(PROVENANCES)}")
    slot = raw.get("slot", "none")
    if slot not in SLOTS:
        raise DataError(f"{where}: 'slot' must be one of {', '.join(SLOTS)}, not {slot!r}")
    hands = _int(raw, "hands", where, 1 if slot == "hands" else 0)
    if (slot == "hands") != (hands in (1, 2)):
        raise DataError(f"{where}: an item for the hands takes 'hands' = 1 or 2 (and only it)")
    count = _int(raw, "count", where, 1)
    if count < 1:
        raise DataError(f"{where}: 'count' must be at least 1")
    card = CardDef(
        id=name,
        name=name,
        kind=kind,
        deck=KINDS[kind],
        text=text,
        provenance=provenance,
        source=_str(raw, "source", where),
        count=count,
        level=_int(raw, "level", where),
        treasures=_int(raw, "treasures", where),
        levels=_int(raw, "levels", where, 1),
        undead=_bool(raw, "undead", where),
        gears=_bool(raw, "gears", where),
        bonus=_int(raw, "bonus", where),
        gold=_int(raw, "gold", where),
        slot=slot,
        hands=hands,
        big=_bool(raw, "big", where),
        requires=_traits(raw, "requires", where),
        not_for=_traits(raw, "not_for", where),
        below_waist=_bool(raw, "below_waist", where),
        fire=_bool(raw, "fire", where),
        stick=_bool(raw, "stick", where),
        cane=_bool(raw, "cane", where),
        tag=_str(raw, "tag", where),
        ability=_str(raw, "ability", where),
        bad_stuff=_str(raw, "bad_stuff", where),
        escaped=_str(raw, "escaped", where),
    )
    if kind == "monster" and (card.level < 1 or card.treasures < 1):
        raise DataError(f"{where}: a monster needs a 'level' and 'treasures' of at least 1")
    if kind in ("class", "race") and not card.tag:
        raise DataError(f"{where}: a {kind} card needs its 'tag' (the {kind} it gives)")
    if card.bad_stuff and kind != "monster":
        raise DataError(f"{where}: only monsters have 'bad_stuff'")
    if card.gears and (provenance != "rulebook" or "001 Gears" not in card.source):
        # 001 Gears names the Gears monsters and Items: no other card is one (a card may
        # still make a monster Gears in play: the keyword 'adds_gears')
        raise DataError(f"{where}: only a card 001 Gears lists is Gears (its 'source' cites it)")
    return card


@cache
def load_set(name: str) -> CardSet:
    """A card set by name (``classic`` or ``steampunk``)."""
    if name not in CARD_SETS:
        raise DataError(f"unknown card set {name!r}; card sets: {', '.join(CARD_SETS)}")
    path = DATA / f"{name}.toml"
    raw = read_toml(path, "card set")
    title = raw.get("title", name)
    cards: dict[str, CardDef] = {}
    for i, entry in enumerate(raw.get("card", []), start=1):
        card = parse_card(entry, f"{path.name}: card #{i}")
        if card.id in cards:
            raise DataError(f"{path.name}: card {card.name!r} is defined twice")
        cards[card.id] = card
    if not cards:
        raise DataError(f"{path.name}: no [[card]] entries")
    return CardSet(name, str(title), cards)
