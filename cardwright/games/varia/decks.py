"""Varia decks: the two formats, deck files and their checks.

* **Out-of-the-Box** (003 What You Will Need; research 1.1): one class deck as published, its
  30 actions and its items. Name it by its class id (``volcanic-warrior``).
* **Level Constructed** (research 1.2, the publisher's formats page): 30 action cards, at most
  3 copies of any card, items worth 30 gold or less, and a *shared level* of at most 10. A
  deck's level in an attribute is the highest requirement among its cards in that attribute;
  its shared level is the sum of those (reading R12: "shared" across attributes; rule option
  ``level_rule=max`` reads it as the highest single one instead).

A deck file is TOML::

    game = "varia"
    name = "Poison and Faith"
    format = "level-constructed"          # or "out-of-the-box" with class = "shadow-assassin"
    items = ["Bowie Knife", "Prayer Beads"]
    actions = ["Snake Bite x3", "Smite x3", ...]

Every broken rule is one line naming the file, the card and the rule.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardwright.core.datafiles import read_toml
from cardwright.core.errors import DataError

from .cards import catalogue, find_card

FORMATS = ("out-of-the-box", "level-constructed")
DECK_SIZE = 30
MAX_COPIES = 3
MAX_ITEM_VALUE = 30
MAX_LEVEL = 10


@dataclass(frozen=True)
class Deck:
    name: str
    format: str
    klass: str
    actions: tuple[str, ...]
    items: tuple[str, ...]

    def to_config(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "format": self.format,
            "class": self.klass,
            "actions": list(self.actions),
            "items": list(self.items),
        }


def levels(actions: tuple[str, ...]) -> dict[str, int]:
    """The highest requirement per attribute among the cards."""
    out: dict[str, int] = {}
    for name in set(actions):
        for attr, n in find_card(name).requires:
            out[attr] = max(out.get(attr, 0), n)
    return out


def shared_level(actions: tuple[str, ...], rule: str = "sum") -> int:
    per = levels(actions)
    if not per:
        return 0
    return sum(per.values()) if rule == "sum" else max(per.values())


def class_deck(class_id: str) -> Deck:
    cls = catalogue().classes.get(class_id)
    if cls is None:
        known = ", ".join(sorted(catalogue().classes))
        raise DataError(f"unknown Varia class {class_id!r}; classes: {known}")
    return Deck(cls.name, "out-of-the-box", cls.id, cls.actions, cls.items)


def validate(deck: Deck, where: str, level_rule: str = "sum") -> None:
    """Check the format's rules; the first broken one is a :class:`DataError` line."""
    if len(deck.actions) != DECK_SIZE:
        raise DataError(
            f"{where}: {len(deck.actions)} action cards; a deck has exactly {DECK_SIZE} "
            "[va.deck.size]"
        )
    for name in deck.actions:
        if find_card(name).kind != "action":
            raise DataError(f"{where}: {name!r} is not an action card [va.deck.size]")
    for name in deck.items:
        if find_card(name).kind != "item":
            raise DataError(f"{where}: {name!r} is not an item [va.deck.items]")
    value = sum(find_card(n).value for n in deck.items)
    if value > MAX_ITEM_VALUE:
        raise DataError(
            f"{where}: items worth {value} gold; at most {MAX_ITEM_VALUE} [va.deck.items]"
        )
    if len(set(deck.items)) != len(deck.items):
        raise DataError(f"{where}: an item is listed twice [va.deck.items]")
    if deck.format == "level-constructed":
        for name, n in Counter(deck.actions).items():
            if n > MAX_COPIES:
                raise DataError(
                    f"{where}: {n} copies of {name!r}; at most {MAX_COPIES} [va.deck.copies]"
                )
        level = shared_level(deck.actions, level_rule)
        if level > MAX_LEVEL:
            per = ", ".join(f"{a} {n}" for a, n in sorted(levels(deck.actions).items()))
            raise DataError(
                f"{where}: shared level {level} ({per}); at most {MAX_LEVEL} [va.deck.level]"
            )


def load_deck_file(path: Path | str, level_rule: str = "sum") -> Deck:
    path = Path(path)
    where = str(path)
    raw = read_toml(path, "Varia deck file")
    game = raw.get("game")
    if game is not None and game != "varia":
        raise DataError(f"{where}: a deck file for {game!r} (its 'game' key), not for Varia")
    if "game" not in raw and {"card", "leader"} & set(raw):
        other = "a Bizarre World" if "card" in raw else "a Blue Moon"
        raise DataError(f"{where}: {other} deck file, not a Varia one")
    unknown = sorted(set(raw) - {"game", "name", "format", "class", "items", "actions"})
    if unknown:
        raise DataError(
            f"{where}: unknown key(s) {unknown}; keys: game, name, format, class, items, actions"
        )
    fmt = raw.get("format", "level-constructed")
    if fmt not in FORMATS:
        raise DataError(f"{where}: format {fmt!r} is not one of {', '.join(FORMATS)}")
    name = str(raw.get("name") or path.stem)
    if fmt == "out-of-the-box":
        try:
            base = class_deck(str(raw.get("class", "")))
        except DataError as exc:
            raise DataError(f"{where}: class: {exc}") from None
        return Deck(name, fmt, base.klass, base.actions, base.items)
    from cardwright.scenarios.format import parse_card_spec

    actions: list[str] = []
    entries = raw.get("actions", [])
    items = raw.get("items", [])
    if not isinstance(entries, list) or not isinstance(items, list):
        raise DataError(f"{where}: actions and items are lists of card names")
    for entry in entries:
        spec = parse_card_spec(str(entry), f"{where}: actions")
        try:
            card = find_card(spec.card)
        except DataError as exc:
            raise DataError(f"{where}: {exc}") from None
        actions.extend([card.id] * spec.count)
    try:
        item_ids = tuple(find_card(str(i)).id for i in items)
    except DataError as exc:
        raise DataError(f"{where}: {exc}") from None
    deck = Deck(name, fmt, str(raw.get("class", "")), tuple(actions), item_ids)
    validate(deck, where, level_rule)
    return deck


def resolve_deck(ref: Any, level_rule: str = "sum") -> Deck:
    """A deck from the config: a class id, a deck file path, or a resolved deck (a mapping
    with ``actions`` and ``items``, as a saved game stores it)."""
    if isinstance(ref, dict):
        try:
            deck = Deck(
                str(ref["name"]),
                str(ref.get("format", "level-constructed")),
                str(ref.get("class", "")),
                tuple(str(a) for a in ref["actions"]),
                tuple(str(i) for i in ref["items"]),
            )
        except (KeyError, TypeError):
            raise DataError(f"varia: a deck is a class id or a deck file, not {ref!r}") from None
        for name in (*deck.actions, *deck.items):
            find_card(name)
        return deck
    text = str(ref)
    if text in catalogue().classes:
        return class_deck(text)
    if text.endswith(".toml") or Path(text).exists():
        return load_deck_file(text, level_rule)
    known = ", ".join(sorted(catalogue().classes))
    raise DataError(f"varia: {text!r} is neither a class ({known}) nor a deck file")
