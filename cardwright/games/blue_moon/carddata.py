"""Blue Moon (first edition) card data: validated models and a TOML loader.

The nine preconstructed people decks (Hoax, Vulca, Mimix, Flit, Khind, Terrah, Pillar, Aqua, Buka)
live in ``data/<people>.toml``: a leader plus 30 draw cards each, 279 cards in all. Card facts
(numbers, names, types, values, icons, moons) come from ``research/bluemoon.md`` §7; special
powers are paraphrased in our own words. Each deck file holds ``people``, ``provenance`` and an
array of ``[[card]]`` tables: the leader first, then the deck's own people's cards by number, then
the cards of other peoples (and Mutants) by people name and number. A card may override the
file's ``provenance``; ``deck`` comes from the file and ``people`` from the card number.

Modelling choices
-----------------
* ``type`` is one of ``leader``, ``character``, ``booster``, ``support``, ``leadership`` and
  ``ship``. Buka ships are the game's *influence* cards (played in the Leadership phase into the
  influence area, never discarded at the end of a fight); they are the only influence cards in
  the nine decks, so the type is called ``ship`` and each ship carries a ``capacity``. A Buka
  *bluff* is not a card type: it is a character card with the BLUFF icon that may be played face
  down as a support card. Such a card has ``"bluff"`` in ``icons`` and ``bluff_kind`` says which
  bluff icon it shows (``fire``, ``earth`` or ``blank``: the element in which a revealed bluff is
  good, or never).
* Likewise a Khind card with the GANG icon has ``"gang"`` in ``icons`` and names its gang in
  ``gang`` (``cool``, ``top``, ``fun`` or ``no``).
* ``fire``/``earth`` are ``None`` where no value is printed (such cards count as 0); leaders,
  leadership cards and ships never have values, characters always do.
* Mutants belong to no people: their ``people`` is ``"Mutant"`` and ``mutant`` is true. Their
  printed numbers are not in the research; the FAQ cites Zig-nur-Don as "Mutant 106", matching
  Keldon Jones's id, so every Mutant is numbered ``"Mutant <Keldon id>"``.
* ``power`` is what a special power does, written as one expression of the shared effect
  vocabulary (``docs/cards.md``, Blue Moon section; parsed and checked when the game loads, see
  ``abilities.py``); ``rule`` is the id of the rule it cites in ``rules.toml``
  (``bm.ability.<name>``), shared by cards that print the same text (they must then carry the same
  ``power``); ``timing`` lists when it applies (tags below) and is the same for every card citing
  one rule. ``text`` is empty, and ``power``/``rule``/``timing`` are absent, for cards without a
  power.

Timing tags: ``cont`` (while the card is active), ``now`` (once, when played), ``end`` (at the
end of my turn), ``after_support`` (straight after my Booster/Support phase), ``my_turn`` (usable
once in each of my turns), ``start`` (at the beginning of my turn), ``retreat`` (changes the
dragons won when a player retreats), ``play_condition`` (a condition for playing the card),
``this_turn`` (lasts only for the current turn) and ``on_land`` (on the turn a ship is landed).

Errors in a data file raise :class:`CardDataError` with one line naming the file, the card and
the field, e.g. ``hoax.toml: card "Hoax 12" (Demegodas the Odd): field 'moons': must be >= 0``.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from cardwright.core.datafiles import read_toml
from cardwright.core.errors import DataError

__all__ = [
    "DATA_DIR",
    "PEOPLES",
    "Card",
    "CardDataError",
    "CardType",
    "PeopleDeck",
    "load_all",
    "load_file",
    "load_people",
]

DATA_DIR = Path(__file__).parent / "data"

PEOPLES: tuple[str, ...] = (
    "Hoax",
    "Vulca",
    "Mimix",
    "Flit",
    "Khind",
    "Terrah",
    "Pillar",
    "Aqua",
    "Buka",
)
"""The nine first-edition peoples, in the order of the research tables."""

MUTANT = "Mutant"
DRAW_CARDS = 30

CardType = Literal["leader", "character", "booster", "support", "leadership", "ship"]
Icon = Literal[
    "fire_shield",
    "earth_shield",
    "stop",
    "free",
    "pair",
    "gang",
    "retrieve",
    "protected",
    "bluff",
]
#: each icon as the cards and the rules write it (shields are icons: FAQ "Icons: Shields")
ICON_WORDS = {
    "fire_shield": "Fire shield",
    "earth_shield": "Earth shield",
    "stop": "STOP",
    "free": "FREE",
    "pair": "PAIR",
    "gang": "GANG",
    "retrieve": "RETRIEVE",
    "protected": "PROTECTED",
    "bluff": "BLUFF",
}


def icon_words(icons: Iterable[str], gang: str | None = None) -> str:
    """A card's icons in the game's words, e.g. ``Fire shield, GANG (cool), STOP``."""
    return ", ".join(
        ICON_WORDS[i] + (f" ({gang})" if i == "gang" and gang else "") for i in sorted(icons)
    )


Timing = Literal[
    "cont",
    "now",
    "end",
    "after_support",
    "my_turn",
    "start",
    "retreat",
    "play_condition",
    "this_turn",
    "on_land",
]
Gang = Literal["cool", "top", "fun", "no"]
BluffKind = Literal["fire", "earth", "blank"]

_NUMBER_RE = re.compile(r"^(?P<people>[A-Z][a-z]+) (?P<n>0|[1-9][0-9]*)$")
_RULE_RE = re.compile(r"^bm\.ability\.[a-z0-9]+(_[a-z0-9]+)*$")


class CardDataError(DataError, ValueError):
    """A Blue Moon data file is malformed; the message is one line naming file, card and field."""


class _FieldProblem(ValueError):
    """Raised inside validators for a cross-field check so the report can name the field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def _number_key(number: str) -> tuple[str, int]:
    m = _NUMBER_RE.match(number)
    if m is None:
        raise ValueError(f"bad card number {number!r}")
    return m.group("people"), int(m.group("n"))


class Card(BaseModel):
    """One Blue Moon card as printed (values, icons, moons) plus a structured special power."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    number: str = Field(description='people + number as printed bottom-left, e.g. "Hoax 12"')
    name: str = Field(min_length=1)
    people: str = Field(description='the people the card belongs to by its number, or "Mutant"')
    deck: str = Field(description="the preconstructed deck the card is in")
    type: CardType
    fire: int | None = Field(default=None, ge=0)
    earth: int | None = Field(default=None, ge=0)
    icons: tuple[Icon, ...] = ()
    gang: Gang | None = None
    bluff_kind: BluffKind | None = None
    capacity: int | None = Field(default=None, ge=1)
    moons: int = Field(ge=0)
    mutant: bool = False
    timing: tuple[Timing, ...] = ()
    rule: str | None = None
    power: str | None = None
    text: str = ""
    provenance: str = Field(min_length=1)

    @field_validator("number")
    @classmethod
    def _check_number(cls, v: str) -> str:
        if _NUMBER_RE.match(v) is None:
            raise ValueError('must look like "<People> <number>", e.g. "Hoax 12"')
        return v

    @field_validator("icons", "timing")
    @classmethod
    def _check_unique(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        if len(set(v)) != len(v):
            raise ValueError("contains a duplicate entry")
        return v

    @field_validator("rule")
    @classmethod
    def _check_rule(cls, v: str | None) -> str | None:
        if v is not None and _RULE_RE.match(v) is None:
            raise ValueError("must be a rule id: bm.ability.<the power's name>")
        return v

    @field_validator("deck")
    @classmethod
    def _check_deck(cls, v: str) -> str:
        if v not in PEOPLES:
            raise ValueError(f"unknown people deck {v!r}")
        return v

    @model_validator(mode="after")
    def _check_consistency(self) -> Card:
        people = _number_key(self.number)[0]
        if self.people != people:
            raise _FieldProblem("people", f"is {self.people!r} but the card number says {people!r}")
        if self.people not in (*PEOPLES, MUTANT):
            raise _FieldProblem("people", f"unknown people {self.people!r}")
        if self.mutant != (self.people == MUTANT):
            raise _FieldProblem("mutant", "must be true exactly for Mutant-numbered cards")
        if self.mutant and self.type != "character":
            raise _FieldProblem("type", "a Mutant must be a character")
        valueless = self.type in ("leader", "leadership", "ship")
        for field in ("fire", "earth"):
            value = getattr(self, field)
            if valueless and value is not None:
                raise _FieldProblem(field, f"a {self.type} card has no printed value")
            if self.type == "character" and value is None:
                raise _FieldProblem(field, "a character needs a printed value")
        if self.type == "leader":
            if self.icons or self.moons != 0:
                raise _FieldProblem("icons" if self.icons else "moons", "a leader has none")
            if self.people != self.deck:
                raise _FieldProblem("people", "the leader must belong to its deck's people")
        if ("gang" in self.icons) != (self.gang is not None):
            raise _FieldProblem("gang", "must be given exactly when the GANG icon is present")
        if ("bluff" in self.icons) != (self.bluff_kind is not None):
            raise _FieldProblem(
                "bluff_kind", "must be given exactly when the BLUFF icon is present"
            )
        if ("bluff" in self.icons) and self.type != "character":
            raise _FieldProblem("icons", "only character cards carry the BLUFF icon")
        if (self.type == "ship") != (self.capacity is not None):
            raise _FieldProblem("capacity", "must be given exactly for ship cards")
        has_power = self.power is not None
        if has_power != (self.rule is not None):
            raise _FieldProblem("rule", "must be given exactly when a power is given")
        if has_power != bool(self.timing):
            raise _FieldProblem("timing", "must be given exactly when a power is given")
        if has_power != bool(self.text.strip()):
            raise _FieldProblem("text", "must be given exactly when a power is given")
        return self

    @property
    def label(self) -> str:
        """``"Hoax 12" (Demegodas the Odd)`` as used in messages."""
        return f'"{self.number}" ({self.name})'

    @property
    def foreign(self) -> bool:
        """True for a card of another people (or a Mutant) placed in this deck."""
        return self.people != self.deck

    def value(self, element: Literal["fire", "earth"]) -> int:
        """The printed value in *element*; a missing value counts as 0."""
        v = self.fire if element == "fire" else self.earth
        return 0 if v is None else v


class PeopleDeck(BaseModel):
    """A preconstructed people deck: the leader and the 30 draw cards."""

    model_config = ConfigDict(frozen=True)

    people: str
    provenance: str
    leader: Card
    cards: tuple[Card, ...]

    @property
    def all_cards(self) -> tuple[Card, ...]:
        return (self.leader, *self.cards)

    def card(self, number: str) -> Card:
        for c in self.all_cards:
            if c.number == number:
                return c
        raise KeyError(number)


# ---------------------------------------------------------------------------------------------
# Loading


def _describe_error(err: Mapping[str, Any]) -> tuple[str, str]:
    """Turn one pydantic error into (field, message)."""
    ctx = err.get("ctx") or {}
    problem = ctx.get("error")
    if isinstance(problem, _FieldProblem):
        return problem.field, problem.message
    loc = [str(p) for p in err.get("loc", ())]
    field = loc[0] if loc else "?"
    if len(loc) > 1:
        field += "".join(f"[{p}]" for p in loc[1:])
    kind = err.get("type", "")
    if kind == "greater_than_equal":
        msg = f"must be >= {ctx.get('ge')}"
    elif kind == "missing":
        msg = "is required"
    elif kind == "extra_forbidden":
        msg = "is not a known field"
    elif kind == "literal_error":
        msg = f"{err.get('input')!r} is not one of {ctx.get('expected')}"
    elif kind == "value_error" and problem is not None:
        msg = str(problem)
    else:
        msg = str(err.get("msg", "invalid"))
        msg = msg[:1].lower() + msg[1:]
    return field, msg


def _one_line(exc: ValidationError) -> tuple[str, str]:
    errors = exc.errors()
    field, msg = _describe_error(errors[0])
    if len(errors) > 1:
        msg += f" (and {len(errors) - 1} more problem(s))"
    return field, " ".join(msg.split())


def _card_label(raw: Mapping[str, Any], index: int) -> str:
    number = raw.get("number")
    name = raw.get("name")
    shown = f'"{number}"' if isinstance(number, str) else f"#{index + 1}"
    return f"{shown} ({name})" if isinstance(name, str) else shown


def _order_key(card: Card) -> tuple[int, str, int]:
    people, n = _number_key(card.number)
    if card.type == "leader":
        return (0, "", n)
    return (1 if people == card.deck else 2, people, n)


def load_file(path: str | Path) -> PeopleDeck:
    """Load and validate one deck file; any problem raises a one-line :class:`CardDataError`."""
    path = Path(path)
    fname = path.name
    doc = read_toml(path, "card data", CardDataError)

    people = doc.get("people")
    if people not in PEOPLES:
        raise CardDataError(f"{fname}: field 'people': must be one of {', '.join(PEOPLES)}")
    provenance = doc.get("provenance")
    if not isinstance(provenance, str) or not provenance:
        raise CardDataError(f"{fname}: field 'provenance': must be a non-empty string")
    extra = sorted(set(doc) - {"people", "provenance", "card"})
    if extra:
        raise CardDataError(f"{fname}: field {extra[0]!r}: is not a known top-level field")
    raw_cards = doc.get("card")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise CardDataError(f"{fname}: field 'card': needs an array of [[card]] tables")

    cards: list[Card] = []
    for i, raw in enumerate(raw_cards):
        if not isinstance(raw, dict):
            raise CardDataError(f"{fname}: card #{i + 1}: must be a table")
        label = _card_label(raw, i)
        data: dict[str, Any] = {"deck": people, "provenance": provenance, **raw}
        number = raw.get("number")
        if "people" not in raw and isinstance(number, str) and _NUMBER_RE.match(number):
            data["people"] = _number_key(number)[0]
        if "icons" in data and isinstance(data["icons"], list):
            data["icons"] = tuple(data["icons"])
        if "timing" in data and isinstance(data["timing"], list):
            data["timing"] = tuple(data["timing"])
        try:
            card = Card.model_validate(data, strict=True)
        except ValidationError as exc:
            field, msg = _one_line(exc)
            raise CardDataError(f"{fname}: card {label}: field {field!r}: {msg}") from None
        if card.deck != people:
            raise CardDataError(f"{fname}: card {label}: field 'deck': must be {people!r}")
        cards.append(card)

    seen: dict[str, Card] = {}
    for card in cards:
        if card.number in seen:
            first = seen[card.number]
            raise CardDataError(
                f"{fname}: card {card.label}: field 'number': duplicate of {first.label}"
            )
        seen[card.number] = card

    leaders = [c for c in cards if c.type == "leader"]
    if len(leaders) != 1 or cards[0].type != "leader":
        raise CardDataError(
            f"{fname}: card {cards[0].label}: field 'type': "
            f"the deck needs exactly one leader, listed first (found {len(leaders)})"
        )
    draw = cards[1:]
    if len(draw) != DRAW_CARDS:
        raise CardDataError(
            f"{fname}: field 'card': needs {DRAW_CARDS} draw cards besides the leader, "
            f"found {len(draw)}"
        )
    for prev, card in itertools.pairwise(cards):
        if _order_key(card) <= _order_key(prev):
            raise CardDataError(
                f"{fname}: card {card.label}: field 'number': out of order after {prev.label} "
                "(leader, own cards by number, then other peoples' cards by people and number)"
            )
    return PeopleDeck(people=people, provenance=provenance, leader=cards[0], cards=tuple(draw))


def _canonical_people(name: str) -> str:
    for people in PEOPLES:
        if people.lower() == name.strip().lower():
            return people
    raise CardDataError(f"unknown people {name!r}; expected one of {', '.join(PEOPLES)}")


@functools.cache
def _load_people_cached(people: str) -> PeopleDeck:
    deck = load_file(DATA_DIR / f"{people.lower()}.toml")
    if deck.people != people:
        raise CardDataError(f"{people.lower()}.toml: field 'people': must be {people!r}")
    return deck


def load_people(name: str) -> PeopleDeck:
    """The preconstructed deck of one people (name case-insensitive, e.g. ``"hoax"``)."""
    return _load_people_cached(_canonical_people(name))


@functools.cache
def load_all() -> dict[str, PeopleDeck]:
    """All nine decks keyed by people name, checked for cross-deck consistency.

    Checks that no card appears in two decks and that cards citing one rule share its timing.
    The returned dict is cached; do not mutate it.
    """
    decks = {people: load_people(people) for people in PEOPLES}
    where: dict[str, Card] = {}
    timing_of: dict[str, Card] = {}
    for deck in decks.values():
        fname = f"{deck.people.lower()}.toml"
        for card in deck.all_cards:
            if card.number in where:
                other = where[card.number]
                raise CardDataError(
                    f"{fname}: card {card.label}: field 'number': also in the {other.deck} deck"
                )
            where[card.number] = card
            if card.rule is None:
                continue
            first = timing_of.setdefault(card.rule, card)
            if first.timing != card.timing:
                raise CardDataError(
                    f"{fname}: card {card.label}: field 'timing': {list(card.timing)} differs from "
                    f"{list(first.timing)} on {first.label} ({first.deck} deck), "
                    f"which cites the same rule {card.rule!r}"
                )
    return decks
