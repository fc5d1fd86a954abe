"""The Bizarre World card generator: three layer tables, the point formula and random mode.

A card is ``(adjective, noun, of-phrase, cost)``. Its name is ``"<Adjective> <Noun> of <Of>"``;
its id adds the cost: ``"Boring Rock of Minimum Wage (2)"``. Points are
``cost + adjective + noun + of`` with cost 0 counting as -1; a crafted card needs points >= 0.

>>> card = card_def("Boring Rock of Minimum Wage (2)")
>>> card.points, card.attack, card.of.cost
(0, 2, 'pay(1)')
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardwright.core.errors import DataError
from cardwright.core.rng import LocalRng

DATA = Path(__file__).parent / "data"
MAX_COST = 12
_ID = re.compile(r"^\s*(?P<name>.+?)\s*\((?P<cost>\d+)\)\s*$")


@dataclass(frozen=True, slots=True)
class Layer:
    """One option of one drop-down of the generator, as it stands in one ruleset."""

    kind: str  # adjective | noun | of
    name: str
    value: int
    text: str
    passive: str = "none"  # adjectives: the passive's name
    ability: str = ""  # adjectives: the passive, a vocabulary expression (abilities.py)
    attack: int = 0  # nouns: attack gained
    effect: str = ""  # nouns: the other effect, if any (a vocabulary expression)
    alt_attack: int = 0  # nouns (2023-01-18): "or gain N attack" instead of the effect
    cost: str = ""  # of-phrases: the action's cost or condition (a vocabulary expression)
    produces: str = ""  # of-phrases: gray or purple
    amount: int = 1  # of-phrases: how many resources it produces


@dataclass(frozen=True, slots=True)
class CardDef:
    """A static card definition, shared by every instance of the card."""

    id: str
    name: str
    cost: int
    adjective: Layer
    noun: Layer
    of: Layer
    ruleset: str

    @property
    def points(self) -> int:
        return cost_points(self.cost) + self.adjective.value + self.noun.value + self.of.value

    @property
    def passive(self) -> str:
        return self.adjective.passive

    @property
    def attack(self) -> int:
        return self.noun.attack

    @property
    def purple(self) -> bool:
        return self.of.produces == "purple"

    @property
    def grants_attack(self) -> bool:
        return self.noun.attack > 0 or self.noun.alt_attack > 0

    def text(self) -> str:
        """The card's rules text in one line."""
        res = f"{self.of.amount} {self.of.produces}"
        return (
            f"{self.name} (cost {self.cost}, {self.points} pts) | passive: "
            f"{self.adjective.text} | action: {self.of.text} -> {self.noun.text} | "
            f"resource: {res}"
        )


def cost_points(cost: int) -> int:
    """Cost 0 counts as -1 point: the generator's guard against degenerate cheap cards."""
    return -1 if cost == 0 else cost


@dataclass(frozen=True, slots=True)
class Tables:
    ruleset: str
    adjectives: tuple[Layer, ...]
    nouns: tuple[Layer, ...]
    ofs: tuple[Layer, ...]

    def find(self, kind: str, name: str) -> Layer | None:
        table = {"adjective": self.adjectives, "noun": self.nouns, "of": self.ofs}[kind]
        for layer in table:
            if layer.name.lower() == name.lower():
                return layer
        return None


@cache
def _raw() -> dict[str, Any]:
    with (DATA / "generator.toml").open("rb") as fh:
        return tomllib.load(fh)


def rulesets() -> tuple[str, ...]:
    """Every selectable ruleset, oldest first."""
    return tuple(_raw()["rulesets"])


DEFAULT_RULESET: str = _raw()["default_ruleset"]


@cache
def tables(ruleset: str = DEFAULT_RULESET) -> Tables:
    """The three layer tables as they stood in ``ruleset``."""
    if ruleset not in rulesets():
        raise DataError(
            f"unknown Bizarre World ruleset {ruleset!r}; choose one of: {', '.join(rulesets())}"
        )
    raw = _raw()

    def build(kind: str) -> tuple[Layer, ...]:
        out = []
        for entry in raw[kind]:
            fields = {k: v for k, v in entry.items() if k != "change"}
            for change in entry.get("change", []):
                if ruleset in change["rulesets"]:
                    fields.update({k: v for k, v in change.items() if k != "rulesets"})
            out.append(Layer(kind=kind, **fields))
        return tuple(out)

    return Tables(ruleset, build("adjective"), build("noun"), build("of"))


def split_name(name: str, ruleset: str = DEFAULT_RULESET) -> tuple[Layer, Layer, Layer]:
    """The three layers of a card name; an unknown part is a one-line :class:`DataError`."""
    t = tables(ruleset)
    text = " ".join(name.split())
    for adj in t.adjectives:
        if not text.lower().startswith(adj.name.lower() + " "):
            continue
        rest = text[len(adj.name) + 1 :]
        for noun in t.nouns:
            prefix = noun.name.lower() + " of "
            if rest.lower().startswith(prefix):
                of = t.find("of", rest[len(prefix) :])
                if of is not None:
                    return adj, noun, of
    raise DataError(
        f"unknown card {name!r}: a name is '<adjective> <creature> of <phrase>' "
        f"(see `cardwright cards bizarre-world`)"
    )


def parse_id(card_id: str) -> tuple[str, int]:
    """``"Boring Rock of Minimum Wage (2)"`` -> ``("Boring Rock of Minimum Wage", 2)``."""
    m = _ID.match(card_id)
    if m is None:
        raise DataError(
            f"card {card_id!r} has no cost: write it as 'Name (cost)', "
            f"e.g. 'Boring Rock of Minimum Wage (2)'"
        )
    return m["name"], int(m["cost"])


def make_id(name: str, cost: int) -> str:
    return f"{name} ({cost})"


@cache
def card_def(card_id: str, ruleset: str = DEFAULT_RULESET) -> CardDef:
    """The shared definition of a card id in a ruleset (cached: never copied)."""
    name, cost = parse_id(card_id)
    if not 0 <= cost <= MAX_COST:
        raise DataError(f"card {card_id!r}: cost {cost} is outside 0..{MAX_COST}")
    adj, noun, of = split_name(name, ruleset)
    canonical = f"{adj.name} {noun.name} of {of.name}"
    return CardDef(
        id=make_id(canonical, cost),
        name=canonical,
        cost=cost,
        adjective=adj,
        noun=noun,
        of=of,
        ruleset=ruleset,
    )


def random_cost(adj: Layer, noun: Layer, of: Layer) -> int:
    """The cost random mode gives a layer combination (the page's algorithm).

    Start anywhere, move the cost until the points are 0 but never below 1; a cost-1 card that
    still has 2 or more points becomes cost 0. Random cards therefore have 0 or 1 point.
    """
    rest = adj.value + noun.value + of.value
    cost = max(1, -rest)
    if cost == 1 and cost + rest >= 2:
        cost = 0
    return cost


def random_card(rng: LocalRng, ruleset: str = DEFAULT_RULESET) -> CardDef:
    """One card as the generator's RANDOM CARD button makes it."""
    t = tables(ruleset)
    adj = t.adjectives[rng.randbelow(len(t.adjectives))]
    noun = t.nouns[rng.randbelow(len(t.nouns))]
    of = t.ofs[rng.randbelow(len(t.ofs))]
    name = f"{adj.name} {noun.name} of {of.name}"
    return card_def(make_id(name, random_cost(adj, noun, of)), ruleset)


def all_combinations(ruleset: str = DEFAULT_RULESET) -> list[tuple[Layer, Layer, Layer]]:
    t = tables(ruleset)
    return [(a, n, o) for a in t.adjectives for n in t.nouns for o in t.ofs]


def cheapest_legal_cost(adj: Layer, noun: Layer, of: Layer) -> int:
    """The lowest cost at which a crafted combination has points >= 0."""
    for cost in range(0, MAX_COST + 1):
        if cost_points(cost) + adj.value + noun.value + of.value >= 0:
            return cost
    raise DataError(f"{adj.name} {noun.name} of {of.name} cannot be crafted at any cost")
