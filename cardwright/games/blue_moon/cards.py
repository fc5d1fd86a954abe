"""Blue Moon card definitions as the rules see them: printed values, icons, gang, the card's
power (its ability id) and its place among the peoples. Looked up by card number
(``Card.defn``); never copied into a state."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from cardwright.core.errors import DataError
from cardwright.core.state import Card

from .carddata import load_all

#: the counter that marks a face-down bluff (a BLUFF character played face down as a support)
BLUFF = "bluff"


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card as the rules see it: printed values (missing = 0), icons, gang, its power's
    ability id (its card number; empty without a power), the rule its power cites, the first
    word of its name (PAIR), its people, its text, its bluff icon (Buka) and a ship's
    capacity."""

    id: str
    name: str
    type: str
    fire: int
    earth: int
    icons: frozenset[str]
    gang: str
    ability: str
    rule: str
    first_word: str
    people: str
    text: str
    bluff_kind: str = ""
    capacity: int = 0

    def value(self, element: str) -> int:
        return self.fire if element == "fire" else self.earth


@functools.cache
def all_defs() -> dict[str, CardDef]:
    """Every card of the nine decks by number (``"Hoax 12"``)."""
    out: dict[str, CardDef] = {}
    for deck in load_all().values():
        for c in deck.all_cards:
            out[c.number] = CardDef(
                id=c.number,
                name=c.name,
                type=c.type,
                fire=c.fire or 0,
                earth=c.earth or 0,
                icons=frozenset(c.icons),
                gang=c.gang or "",
                ability=c.number if c.power else "",
                rule=c.rule or "",
                first_word=c.name.split(" ", 1)[0],
                people=c.people,
                text=c.text,
                bluff_kind=c.bluff_kind or "",
                capacity=c.capacity or 0,
            )
    return out


#: A face-down bluff as the rules see it: a support card with 2 Fire, 2 Earth, no icons, no text.
BLUFF_DEF = CardDef(
    id="bluff",
    name="a bluff",
    type="support",
    fire=2,
    earth=2,
    icons=frozenset(),
    gang="",
    ability="",
    rule="",
    first_word="",
    people="",
    text="",
)


def is_bluff(card: Card) -> bool:
    """A face-down card marked as a bluff (in a support area)."""
    return not card.face_up and bool(card.counters) and card.counters.get(BLUFF, 0) == 1


def card_def(defs: dict[str, CardDef], card: Card) -> CardDef:
    """The definition the rules see: ``BLUFF_DEF`` for a face-down bluff, else the printed."""
    if card.face_up or not card.counters or card.counters.get(BLUFF) != 1:
        return defs[card.defn]
    return BLUFF_DEF


def find_card_def(name: str) -> CardDef:
    """A card by number (``Hoax 12``) or by name (case-insensitive)."""
    defs = all_defs()
    if name in defs:
        return defs[name]
    wanted = name.strip().lower()
    for d in defs.values():
        if d.name.lower() == wanted or d.id.lower() == wanted:
            return d
    raise DataError(f"unknown Blue Moon card {name!r} (give a number like 'Hoax 12' or a name)")
