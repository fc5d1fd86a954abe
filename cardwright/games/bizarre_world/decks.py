"""Bizarre World decks: the deck file format, formats, validation and the starter decks.

A deck file is TOML::

    name = "Gray Collar"
    mode = "crafted"        # or "random"
    [[card]]
    name = "Boring Rock of Minimum Wage"
    cost = 2
    copies = 3

Every broken rule is reported as one line naming the file, the card and the rule.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from cardwright.core.datafiles import read_toml
from cardwright.core.errors import DataError
from cardwright.core.rng import LocalRng

from .generator import (
    DEFAULT_RULESET,
    card_def,
    cost_points,
    make_id,
    random_card,
    random_cost,
)

STARTERS = Path(__file__).parent / "data" / "decks"


@dataclass(frozen=True, slots=True)
class Format:
    name: str
    min_cards: int
    max_cards: int | None
    life: int


FORMATS: dict[str, Format] = {
    "speed": Format("speed", 18, 26, 10),
    "normal": Format("normal", 27, 35, 15),
    "long": Format("long", 36, None, 20),
}


def format_for_size(size: int) -> Format | None:
    """The duel format a deck of ``size`` cards belongs to (None if it fits none)."""
    for fmt in FORMATS.values():
        if size >= fmt.min_cards and (fmt.max_cards is None or size <= fmt.max_cards):
            return fmt
    return None


#: the most cards a deck file may hold (a long duel has no maximum; this bound is checked
#: before any card is built, so a typo such as ``copies = 1000000000`` is one line, not a hang)
MAX_DECK_CARDS = 1000


class CardLine(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # ``copies = true`` is no number
    name: str = Field(min_length=1)
    cost: int = Field(ge=0, le=12)
    copies: int = Field(default=1, ge=1, le=MAX_DECK_CARDS)


class DeckFile(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    game: Literal["bizarre-world"] = "bizarre-world"  # a file may name its game (deck check)
    name: str = Field(min_length=1)
    mode: Literal["crafted", "random"] = "crafted"
    ruleset: str = DEFAULT_RULESET
    description: str = ""
    card: list[CardLine] = Field(min_length=1)

    @model_validator(mode="after")
    def not_too_many(self) -> DeckFile:
        total = sum(line.copies for line in self.card)
        if total > MAX_DECK_CARDS:
            raise ValueError(f"{total} cards; a deck file holds at most {MAX_DECK_CARDS}")
        return self


@dataclass(frozen=True, slots=True)
class Deck:
    """A validated deck: card ids in list order (one entry per copy)."""

    name: str
    mode: str
    cards: tuple[str, ...]

    def to_config(self) -> dict[str, Any]:
        return {"name": self.name, "mode": self.mode, "cards": list(self.cards)}


def _pydantic_line(where: str, exc: ValidationError, raw: dict[str, Any]) -> str:
    err = exc.errors()[0]
    loc = list(err["loc"])
    if len(loc) >= 2 and loc[0] == "card" and isinstance(loc[1], int):
        entry = raw.get("card", [])[loc[1]]
        label = entry.get("name", "?") if isinstance(entry, dict) else "?"
        field = ".".join(str(x) for x in loc[2:]) or "entry"
        return f"{where}: card #{loc[1] + 1} ({label!r}): field '{field}': {err['msg']}"
    if not loc:
        return f"{where}: {err['msg'].removeprefix('Value error, ')}"
    return f"{where}: field '{'.'.join(str(x) for x in loc)}': {err['msg']}"


#: decks read from files, by (path, size, modification time): a simulation starts thousands of
#: games from the same files, and an edited file has another size or time, so it is read again
_READ: dict[tuple[str, int, int], Deck] = {}


def load_deck_file(path: Path | str) -> Deck:
    """Read and validate a deck file; any problem is one :class:`DataError` line."""
    path = Path(path)
    where = str(path)
    try:
        stat = path.stat()
        key = (str(path.resolve()), stat.st_size, stat.st_mtime_ns)
    except OSError:
        key = None  # read_toml reports it
    if key is not None and key in _READ:
        return _READ[key]
    raw = read_toml(path, "deck file")
    try:
        model = DeckFile.model_validate(raw)
    except ValidationError as exc:
        raise DataError(_pydantic_line(where, exc, raw)) from None
    deck = build_deck(model, where)
    if key is not None:
        if len(_READ) > 256:
            _READ.clear()
        _READ[key] = deck
    return deck


def build_deck(model: DeckFile, where: str) -> Deck:
    ids: list[str] = []
    for i, line in enumerate(model.card, start=1):
        try:
            card = card_def(make_id(line.name, line.cost), model.ruleset)
        except DataError as exc:
            raise DataError(f"{where}: card #{i} ({line.name!r}): {exc}") from None
        ids.extend([card.id] * line.copies)
    deck = Deck(model.name, model.mode, tuple(ids))
    validate_deck(deck, model.ruleset, where)
    return deck


def validate_deck(deck: Deck, ruleset: str, where: str) -> None:
    """Check the deck-building rules of the deck's mode (rules bw.deck.*)."""
    if format_for_size(len(deck.cards)) is None:
        raise DataError(
            f"{where}: deck {deck.name!r} has {len(deck.cards)} cards; a duel deck "
            f"has 18-26 (speed), 27-35 (normal) or 36+ (long) [bw.deck.size]"
        )
    by_name: Counter[str] = Counter()
    for card_id in deck.cards:
        card = card_def(card_id, ruleset)
        if deck.mode == "crafted":
            if card.points < 0:
                raise DataError(
                    f"{where}: card {card.id!r} has {card.points} points; a crafted "
                    f"card needs 0 or more: raise its cost [bw.deck.points]"
                )
            by_name[card.name] += 1
        elif card.cost != random_cost(card.adjective, card.noun, card.of):
            right = random_cost(card.adjective, card.noun, card.of)
            raise DataError(
                f"{where}: card {card.id!r} cannot come from random mode, which "
                f"gives this card cost {right} [bw.deck.random]"
            )
    for name, count in by_name.items():
        if count > 3:
            raise DataError(
                f"{where}: card {name!r} appears {count} times; a crafted deck may "
                f"hold at most 3 of each name, whatever the cost [bw.deck.copies]"
            )


def starter_names() -> list[str]:
    return sorted(p.stem for p in STARTERS.glob("*.toml"))


def resolve_deck(ref: Any, ruleset: str = DEFAULT_RULESET) -> Deck:
    """A deck from a starter name, a deck file path, or an already resolved config dict."""
    if isinstance(ref, dict):
        try:
            deck = Deck(str(ref["name"]), str(ref["mode"]), tuple(ref["cards"]))
        except (KeyError, TypeError):
            raise DataError("a deck given as data needs 'name', 'mode' and 'cards'") from None
        validate_deck(deck, ruleset, f"deck {deck.name!r}")
        return deck
    if not isinstance(ref, str):
        raise DataError(f"a deck is a starter name or a file path, not {ref!r}")
    starter = STARTERS / f"{ref}.toml"
    if starter.exists():
        return load_deck_file(starter)
    path = Path(ref)
    if path.suffix == ".toml" or path.exists():
        return load_deck_file(path)
    raise DataError(
        f"unknown deck {ref!r}: give a deck file path or one of the starter decks: "
        f"{', '.join(starter_names())}"
    )


def random_deck(
    size: int, seed: int, ruleset: str = DEFAULT_RULESET, name: str = "Random deck"
) -> Deck:
    """A random-mode deck of ``size`` cards from the generator's RANDOM CARD algorithm."""
    if size > MAX_DECK_CARDS:
        raise DataError(f"--size {size}: a deck holds at most {MAX_DECK_CARDS} cards")
    rng = LocalRng(seed)
    cards = tuple(random_card(rng, ruleset).id for _ in range(size))
    deck = Deck(name, "random", cards)
    validate_deck(deck, ruleset, name)
    return deck


def deck_to_toml(deck: Deck, ruleset: str = DEFAULT_RULESET) -> str:
    """Write a deck in the deck file format (cards grouped, in first-seen order)."""
    counts: Counter[str] = Counter(deck.cards)
    lines = [f'name = "{deck.name}"', f'mode = "{deck.mode}"', f'ruleset = "{ruleset}"', ""]
    for card_id in dict.fromkeys(deck.cards):
        card = card_def(card_id, ruleset)
        lines += [
            "[[card]]",
            f'name = "{card.name}"',
            f"cost = {card.cost}",
            f"copies = {counts[card_id]}",
            "",
        ]
    return "\n".join(lines)


def points_breakdown(card_id: str, ruleset: str = DEFAULT_RULESET) -> str:
    card = card_def(card_id, ruleset)
    return (
        f"{cost_points(card.cost)} + {card.adjective.value} + {card.noun.value} + "
        f"{card.of.value} = {card.points}"
    )
