"""Varia's card definitions: the four class decks, the stacks and the tokens, read from
``data/`` and checked when the game loads (one line naming the file, the card and the field
for any problem).

The format holds any card the rules guide describes (docs/cards.md, section Varia): an
*action* (cost in action points and in health, power and focus or neither, supertypes and
subtypes, keywords, an attribute requirement, rules written in the vocabulary), an *item*
(its gold value; ``usable`` with an action like an action card's, or ``regular``; rules of
its own item textbox), a *token* (a copy of an action made by another card), a *stack* (rules
that apply once however many a player has). Every card records its provenance (``original``:
our design) and the facts a published source gives (``official``).

Definition ids are card names; a token is ``"<name> (token)"``, a stack ``"<name> (stack)"``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from cardwright.core.datafiles import read_toml
from cardwright.core.errors import DataError

DATA = Path(__file__).parent / "data"
SUPERTYPES = ("Physical", "Magical", "Attack", "Block")
ATTRIBUTES = ("aggression", "tenacity", "faith", "spirit", "intellect", "charisma", "subtlety")
KEYWORDS = ("fast", "impaired", "improved", "ranged", "spellfuse")
#: ``original``: our design (the four class decks); ``official``: a published card, entered
#: from its printed face when one is known (its ``source`` says where)
PROVENANCES = ("original", "official")
TOKEN, STACK = " (token)", " (stack)"


class Typed:
    """What a printed face reads from its types: a card's (:class:`CardDef`), an action's
    (``actions.Face``, of one card or a combo)."""

    __slots__ = ()
    supertypes: tuple[str, ...]
    subtypes: tuple[str, ...]

    @property
    def types(self) -> frozenset[str]:
        return frozenset(self.supertypes) | frozenset(self.subtypes)

    @property
    def type_line(self) -> str:
        """``Physical Magical Attack - Dexterity Vampiric``."""
        sub = f" - {' '.join(self.subtypes)}" if self.subtypes else ""
        return f"{' '.join(self.supertypes)}{sub}"


@dataclass(frozen=True)
class CardDef(Typed):
    """A Varia card as printed (see the module docstring). ``power`` / ``focus`` are None
    when the card has no such shape (it adds no number and no die)."""

    id: str
    name: str
    kind: str  # action | item | token | stack
    klass: str = ""
    use: str = ""  # items: usable | regular
    value: int = 0
    cost: int = 0
    health_cost: int = 0
    power: int | None = None
    focus: int | None = None
    supertypes: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    keywords: frozenset[str] = frozenset()
    requires: tuple[tuple[str, int], ...] = ()
    copies: int = 0
    rules: str = ""
    item_rules: str = ""
    text: str = ""
    item_text: str = ""
    rule: str = ""
    provenance: str = "original"
    official: tuple[str, ...] = ()
    source: str = ""
    where: str = ""

    @property
    def usable(self) -> bool:
        """An action card, a token, or an item that can perform an action."""
        return self.kind in ("action", "token") or self.use == "usable"


@dataclass(frozen=True)
class ClassDeck:
    """An official-format class deck: its 30 actions (names, with copies) and its items."""

    id: str
    name: str
    attribute: str
    actions: tuple[str, ...]
    items: tuple[str, ...]
    official: tuple[str, ...] = ()
    source: str = ""


@dataclass(frozen=True)
class StackRules:
    """One version of a stack's rules (Fatigue has one per value of the rule option)."""

    name: str
    variant: str
    rules: str
    rule: str
    text: str
    where: str


@dataclass
class Catalogue:
    cards: dict[str, CardDef] = field(default_factory=dict)
    classes: dict[str, ClassDeck] = field(default_factory=dict)
    stacks: dict[tuple[str, str], StackRules] = field(default_factory=dict)


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def parse_types(line: str, where: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``"Physical Magical Attack - Earth Fire"`` -> supertypes, subtypes."""
    head, _, tail = line.partition(" - ")
    supers = tuple(head.split())
    bad = [w for w in supers if w not in SUPERTYPES]
    if bad or not supers:
        raise DataError(
            f"{where}: types {line!r}: supertypes are {', '.join(SUPERTYPES)} (before ' - ')"
        )
    return supers, tuple(tail.split())


_ACTION_KEYS = {
    "name",
    "copies",
    "cost",
    "health_cost",
    "power",
    "focus",
    "types",
    "keywords",
    "requires",
    "rules",
    "text",
    "provenance",
    "official",
    "source",
}
_ITEM_KEYS = (_ACTION_KEYS - {"copies", "requires"}) | {"use", "value", "item_rules", "item_text"}


def _int(entry: Mapping[str, Any], key: str, where: str, default: int | None = 0) -> int | None:
    value = entry.get(key, default)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise DataError(f"{where}: {key} must be a whole number of 0 or more, not {value!r}")
    return value


def _card(entry: Mapping[str, Any], kind: str, klass: str, where: str) -> CardDef:
    if not isinstance(entry.get("name"), str) or not entry["name"].strip():
        raise DataError(f"{where}: every {kind} needs a name")
    name = entry["name"]
    where = f"{where}: {kind} {name!r}"
    allowed = _ACTION_KEYS if kind == "action" else _ITEM_KEYS
    unknown = sorted(set(entry) - allowed)
    if unknown:
        raise DataError(
            f"{where}: unknown field(s) {unknown}; fields: {', '.join(sorted(allowed))}"
        )
    use = entry.get("use", "")
    if kind == "item" and use not in ("usable", "regular"):
        raise DataError(f"{where}: use must be 'usable' or 'regular', not {use!r}")
    usable = kind == "action" or use == "usable"
    supers: tuple[str, ...] = ()
    subs: tuple[str, ...] = ()
    if usable:
        if not isinstance(entry.get("types"), str):
            raise DataError(f"{where}: a card that performs an action needs its types")
        supers, subs = parse_types(entry["types"], where)
    elif any(k in entry for k in ("types", "cost", "power", "focus", "rules")):
        raise DataError(f"{where}: a regular item performs no action (no types, cost, rules)")
    keywords = entry.get("keywords", [])
    if not isinstance(keywords, list) or any(k not in KEYWORDS for k in keywords):
        raise DataError(f"{where}: keywords must be a list of {', '.join(KEYWORDS)}")
    requires = entry.get("requires", {})
    if not isinstance(requires, dict) or any(
        a not in ATTRIBUTES or not isinstance(n, int) or n < 0 for a, n in requires.items()
    ):
        raise DataError(f"{where}: requires maps attributes ({', '.join(ATTRIBUTES)}) to numbers")
    provenance = entry.get("provenance", "original")
    if provenance not in PROVENANCES:
        raise DataError(f"{where}: provenance must be one of {', '.join(PROVENANCES)}")
    if provenance == "official" and not entry.get("source"):
        raise DataError(f"{where}: an official card needs its source (where it is printed)")
    for key in ("rules", "item_rules"):
        text_key = "text" if key == "rules" else "item_text"
        if entry.get(key) and not entry.get(text_key):
            raise DataError(f"{where}: {key} needs a {text_key} in our own words")
    copies = _int(entry, "copies", where, 1 if kind == "action" else 0) or 0
    if kind == "action" and not 1 <= copies <= 3:
        raise DataError(f"{where}: copies must be 1 to 3")
    return CardDef(
        id=name,
        name=name,
        kind=kind,
        klass=klass,
        use=use,
        value=_int(entry, "value", where) or 0,
        cost=_int(entry, "cost", where) or 0,
        health_cost=_int(entry, "health_cost", where) or 0,
        power=_int(entry, "power", where, None),
        focus=_int(entry, "focus", where, None),
        supertypes=supers,
        subtypes=subs,
        keywords=frozenset(keywords),
        requires=tuple(sorted(requires.items())),
        copies=copies,
        rules=str(entry.get("rules", "")),
        item_rules=str(entry.get("item_rules", "")),
        text=str(entry.get("text", "")),
        item_text=str(entry.get("item_text", "")),
        rule=f"va.card.{slug(name)}",
        provenance=provenance,
        official=tuple(entry.get("official", ())),
        source=str(entry.get("source", "")),
        where=where,
    )


def token_of(card: CardDef) -> CardDef:
    """The token that copies an action card (same face, kind ``token``)."""
    from dataclasses import replace

    return replace(card, id=card.name + TOKEN, kind="token", copies=0)


def _load_class(path: Path, cat: Catalogue) -> None:
    raw = read_toml(path, "Varia class deck")
    where = path.name
    head = raw.get("class")
    if not isinstance(head, dict) or not all(
        isinstance(head.get(k), str) for k in ("id", "name", "attribute")
    ):
        raise DataError(f"{where}: [class] needs id, name and attribute")
    if head["attribute"] not in ATTRIBUTES:
        raise DataError(f"{where}: attribute must be one of {', '.join(ATTRIBUTES)}")
    actions: list[str] = []
    items: list[str] = []
    for kind, out in (("action", actions), ("item", items)):
        for entry in raw.get(kind, []):
            card = _card(entry, kind, head["id"], where)
            if card.id in cat.cards:
                raise DataError(f"{where}: card name {card.id!r} is used twice")
            cat.cards[card.id] = card
            out.extend([card.id] * (card.copies if kind == "action" else 1))
            if kind == "action":
                token = token_of(card)
                cat.cards[token.id] = token
    cat.classes[head["id"]] = ClassDeck(
        head["id"],
        head["name"],
        head["attribute"],
        tuple(actions),
        tuple(items),
        tuple(head.get("official", ())),
        str(head.get("source", "")),
    )


def _load_stacks(path: Path, cat: Catalogue) -> None:
    raw = read_toml(path, "Varia stacks")
    for entry in raw.get("stack", []):
        name = entry.get("name")
        where = f"{path.name}: stack {name!r}"
        if not isinstance(name, str) or not isinstance(entry.get("rules"), str):
            raise DataError(f"{where}: a stack needs a name and rules")
        if not isinstance(entry.get("text"), str) or not isinstance(entry.get("rule"), str):
            raise DataError(f"{where}: a stack needs a text in our own words and a rule id")
        variant = str(entry.get("variant", ""))
        if (name, variant) in cat.stacks:
            raise DataError(f"{where}: defined twice")
        cat.stacks[(name, variant)] = StackRules(
            name, variant, entry["rules"], entry["rule"], entry["text"], where
        )
        if name + STACK not in cat.cards:
            cat.cards[name + STACK] = CardDef(
                id=name + STACK,
                name=name,
                kind="stack",
                text=entry["text"],
                rule=entry["rule"],
                official=tuple(entry.get("official", ())),
                source=str(entry.get("source", "")),
                where=where,
            )


@cache
def catalogue() -> Catalogue:
    """Every Varia card, class deck and stack (static data, read once)."""
    cat = Catalogue()
    for path in sorted((DATA / "classes").glob("*.toml")):
        _load_class(path, cat)
    _load_stacks(DATA / "stacks.toml", cat)
    return cat


def card_def(defn: str) -> CardDef:
    """The definition of a card id; an unknown one is a one-line :class:`DataError`."""
    found = catalogue().cards.get(defn)
    if found is None:
        raise DataError(f"unknown Varia card {defn!r}")
    return found


def find_card(name: str) -> CardDef:
    """A card by name, ignoring case (for deck files and scenarios)."""
    cards = catalogue().cards
    found = cards.get(name)
    if found is not None:
        return found
    lowered = {k.lower(): v for k, v in cards.items()}
    found = lowered.get(name.strip().lower())
    if found is None:
        raise DataError(f"unknown Varia card {name!r}")
    return found


def stack_variants(name: str) -> list[str]:
    return sorted(v for (n, v) in catalogue().stacks if n == name)
