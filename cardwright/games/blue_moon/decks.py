"""Blue Moon decks: the nine preconstructed people decks and custom ("professional") decks.

A custom deck is a leader and 30 draw cards: any cards of the leader's people, plus cards of other
peoples and Mutants whose moons add up to at most 10 (research §6.2). Every card exists once, so
a deck names each card at most once. Deck files are TOML::

    name = "Khind with friends"
    leader = "Khind 0"              # a number or a name
    cards = ["Khind 1", "NoClass", "Hoax 5", ...]   # 30 entries, numbers or names

Every problem is one :class:`~cardwright.core.errors.DataError` line naming the file, the card and
the rule broken (rule ids ``bm.deck.*``). In a game's config a deck is stored resolved (a dict
with ``name``, ``people``, ``leader`` and ``cards`` numbers), so records replay without the file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardwright.core.datafiles import read_toml
from cardwright.core.errors import DataError

from .carddata import PEOPLES, Card, CardDataError, load_all, load_people

DECK_SIZE = 30
MAX_FOREIGN_MOONS = 10


class DeckFile(BaseModel):
    """The shape of a custom deck file."""

    model_config = ConfigDict(extra="forbid")
    game: Literal["blue-moon"] = "blue-moon"  # a file may name its game (``deck check``)
    name: str = Field(min_length=1)
    leader: str = Field(min_length=1)
    cards: list[str]
    description: str = ""


@dataclass(frozen=True, slots=True)
class Deck:
    """A checked deck: the leader's number and the 30 draw cards' numbers.

    ``preconstructed`` decks are public lists (both players know them); custom ones are not.
    """

    name: str
    people: str
    leader: str
    cards: tuple[str, ...]
    preconstructed: bool = False

    def to_config(self) -> str | dict[str, Any]:
        """The config entry: a people name for a preconstructed deck, else the resolved deck."""
        if self.preconstructed:
            return self.people
        return {
            "name": self.name,
            "people": self.people,
            "leader": self.leader,
            "cards": list(self.cards),
        }

    def describe(self) -> str:
        """``the Khind deck`` or ``'Name', a custom Khind deck`` for messages."""
        if self.preconstructed:
            return f"the {self.people} deck"
        return f"{self.name!r}, a custom {self.people} deck"

    def foreign_moons(self) -> int:
        """The moons of the cards that are not of the leader's people."""
        cards = cards_by_number()
        return sum(cards[n].moons for n in self.cards if cards[n].people != self.people)


def cards_by_number() -> dict[str, Card]:
    """Every card of the nine peoples (and the Mutants), by number (``"Khind 7"``)."""
    return {c.number: c for d in load_all().values() for c in d.all_cards}


def find_card(ref: str, where: str) -> Card:
    """A card by number (``"Khind 7"``) or by name (case-insensitive)."""
    cards = cards_by_number()
    key = ref.strip()
    if key in cards:
        return cards[key]
    by_name = [c for c in cards.values() if c.name.lower() == key.lower()]
    if len(by_name) == 1:
        return by_name[0]
    if by_name:
        numbers = ", ".join(c.number for c in by_name)
        raise DataError(f"{where}: card name {ref!r} is ambiguous ({numbers}): use the number")
    raise DataError(f"{where}: unknown Blue Moon card {ref!r} (give a number such as 'Khind 7')")


def preconstructed(people: str) -> Deck:
    """The preconstructed deck of a people (name case-insensitive)."""
    try:
        d = load_people(people)
    except CardDataError as exc:
        raise DataError(str(exc)) from None
    return Deck(
        name=f"{d.people} (preconstructed)",
        people=d.people,
        leader=d.leader.number,
        cards=tuple(c.number for c in d.cards),
        preconstructed=True,
    )


def build(name: str, leader: str, cards: Sequence[str], where: str) -> Deck:
    """Resolve and check a custom deck (rules ``bm.deck.*``)."""
    lead = find_card(leader, f"{where}: leader")
    if lead.type != "leader":
        raise DataError(
            f"{where}: leader {lead.label} is a {lead.type} card; a deck's leader must be one "
            f"of the nine leader cards [bm.deck.leader]"
        )
    numbers: list[str] = []
    seen: dict[str, int] = {}
    for i, ref in enumerate(cards, start=1):
        card = find_card(ref, f"{where}: card #{i}")
        if card.type == "leader":
            raise DataError(
                f"{where}: card #{i} {card.label} is a leader; leaders stand beside the board "
                f"and are not among the 30 cards [bm.deck.leader]"
            )
        if card.number in seen:
            raise DataError(
                f"{where}: card #{i} {card.label} is listed twice (also #{seen[card.number]}); "
                f"every card exists once [bm.deck.unique]"
            )
        seen[card.number] = i
        numbers.append(card.number)
    if len(numbers) != DECK_SIZE:
        raise DataError(
            f"{where}: deck {name!r} has {len(numbers)} cards besides the leader; a deck has "
            f"exactly {DECK_SIZE} [bm.deck.size]"
        )
    deck = Deck(name=name, people=lead.people, leader=lead.number, cards=tuple(numbers))
    moons = deck.foreign_moons()
    if moons > MAX_FOREIGN_MOONS:
        all_cards = cards_by_number()
        foreign = ", ".join(
            f"{n} ({all_cards[n].moons})" for n in numbers if all_cards[n].people != lead.people
        )
        raise DataError(
            f"{where}: deck {name!r} has {moons} moons of cards from outside the {lead.people} "
            f"people ({foreign}); at most {MAX_FOREIGN_MOONS} are allowed [bm.deck.moons]"
        )
    return deck


def load_deck_file(path: Path | str) -> Deck:
    """Read and check a custom deck file; any problem is one :class:`DataError` line."""
    where = str(path)
    raw = read_toml(Path(path), "deck file")
    try:
        model = DeckFile.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(x) for x in err["loc"]) or "file"
        raise DataError(f"{where}: field '{field}': {err['msg']}") from None
    return build(model.name, model.leader, model.cards, where)


def resolve_deck(ref: Any) -> Deck:
    """A deck from a people name, a deck file path, or a resolved config entry."""
    if isinstance(ref, dict):
        try:
            name, leader, cards = str(ref["name"]), str(ref["leader"]), list(ref["cards"])
        except (KeyError, TypeError):
            raise DataError(
                "a Blue Moon deck given as data needs 'name', 'leader' and 'cards'"
            ) from None
        return build(name, leader, [str(c) for c in cards], f"deck {name!r}")
    if not isinstance(ref, str):
        raise DataError(f"a Blue Moon deck is a people name or a deck file, not {ref!r}")
    if ref.strip().lower() in {p.lower() for p in PEOPLES}:
        return preconstructed(ref)
    path = Path(ref)
    if path.suffix == ".toml" or path.exists():
        return load_deck_file(path)
    raise DataError(
        f"unknown Blue Moon deck {ref!r}: give a deck file (.toml) or a people: "
        f"{', '.join(PEOPLES)}"
    )


def deck_to_toml(deck: Deck) -> str:
    """Write a deck in the deck file format (one card per line, with its name as a comment)."""
    cards = cards_by_number()
    lines = [
        f"name = {_quote(deck.name)}",
        f'leader = "{deck.leader}"  # {cards[deck.leader].name}',
        "cards = [",
    ]
    lines += [f'  "{n}",  # {cards[n].name}' for n in deck.cards]
    lines.append("]")
    return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
