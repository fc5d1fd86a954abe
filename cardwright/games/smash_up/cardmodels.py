"""Smash Up card data, the models: what a faction's card, a fusion card's action side, a base,
a faction deck and an overrides file hold, and the checks of each field (pydantic). Reading the
files, the card sets and their overrides: :mod:`.carddata`.

Field conventions:

* ``CardDef.faction`` and the prefix of ``CardDef.id`` are the faction id (the file's stem,
  e.g. ``"disco_dancers"``); ``Faction.name`` is the printed name.
* ``subtypes`` lists the card's labels: ``ongoing``, ``special`` and ``talent`` are the ability
  labels printed on the card (unlabelled text is an on-play ability and gets no subtype);
  ``play_on_base`` / ``play_on_minion`` mark actions that stay attached (an action with neither
  is a *standard* action); ``extra`` marks cards whose ability grants an extra card play.
  ``attach_to`` (``any``, ``own``, ``rival``) limits which minions a ``play_on_minion`` action
  may be played on, by who controls them.
* ``ability`` is a short snake_case id naming what the card does (shared by cards with the same
  effect); ``text`` says it in our own words; ``provenance`` names the source, e.g.
  ``"rulebook:000 §Examples"``, ``"research:smashup-munchkin.md §A2 [C-off]"`` or, for the
  cards and bases entered from the public catalogue (repository
  ``906919303-crypto/smash-up-card-archive``), the page of the official rulebook wiki the
  catalogue took them from (``"catalogue:https://smashup-rulebook.alderac.com/wiki/Ghosts"``);
  several parts are joined by ``"; "``; ``errata`` describes how another printing differs, if
  it does.

A model raises ``ValueError`` (inside pydantic's ``ValidationError``) on a bad field;
:mod:`.carddata` turns it into a one-line :class:`~.carddata.CardDataError`.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from typing import Annotated, Any, Final, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
)

CardType = Literal["minion", "action"]
Subtype = Literal["ongoing", "special", "talent", "extra", "play_on_base", "play_on_minion"]
#: the subtypes as the game says them: the labels printed on cards, and how an action that
#: stays in play is played (``extra`` is no printed word: the card's text says it)
_SUBTYPE_WORDS = {
    "ongoing": "Ongoing",
    "special": "Special",
    "talent": "Talent",
    "play_on_base": "played on a base",
    "play_on_minion": "played on a minion",
}


@cache
def called_words(ability: str) -> frozenset[str]:
    """The words an ability's expression calls (``copy_ability``, ``played_this_turn`` ...),
    parsed once per text: each catalogue a process makes asks it of every definition."""
    return frozenset(
        n.func.id
        for n in ast.walk(ast.parse(ability, mode="eval"))
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
    )


def kind_words(card_type: str, subtypes: tuple[str, ...], bracket: bool = True) -> str:
    """A card's type in the game's words: ``minion (Special)``, ``action played on a minion
    (Ongoing)``; without ``bracket``: ``action played on a minion, Ongoing``."""
    how = [_SUBTYPE_WORDS[s] for s in subtypes if s.startswith("play_on")]
    labels = ", ".join(_SUBTYPE_WORDS[s] for s in subtypes if s in ("ongoing", "special", "talent"))
    kind = " ".join([card_type, *how])
    if not labels:
        return kind
    return f"{kind} ({labels})" if bracket else f"{kind}, {labels}"


#: Which minions a ``play_on_minion`` action may go on: any, one its player controls, or one
#: another player controls ("one of your minions", "a rival's minion").
AttachTo = Literal["any", "own", "rival"]
SetName = Literal["core", "70s", "al9000", "cthulhu", "pretty", "sfdf", "monster_smash"]
Timing = Literal[
    "ongoing",
    "start_of_turn",
    "on_minion_played",
    "on_action_played",
    "on_minion_destroyed",
    "on_card_discarded",
    "before_scoring",
    "on_scoring",
    "after_scoring",
]

CARDS_PER_FACTION: Final = 20

_SLUG = r"[a-z0-9]+(?:_[a-z0-9]+)*"
_SLUG_RE: Final = re.compile(_SLUG)
CARD_ID_RE: Final = re.compile(rf"{_SLUG}/{_SLUG}")
_RULE_RE: Final = re.compile(r"su\.card\.[a-z][a-z0-9_]*")
_PROVENANCE_RE: Final = re.compile(
    r"rulebook:000 §\S.*"
    r"|research:smashup-(?:munchkin|core)\.md §\S+(?: .*)? (?:\[[^\]]+\])+"
    r"|catalogue:https://smashup-rulebook\.alderac\.com/wiki/\S+"
    r"|fan-wiki:https://smashup\.fandom\.com/wiki/[A-Za-z0-9_%'().-]+"
    r"|ruling:[A-Z]+[0-9]+"
)

NonNegInt = Annotated[int, Field(ge=0)]

# --------------------------------------------------------------------------- shared checks


def _check_slug(value: str) -> str:
    if not _SLUG_RE.fullmatch(value):
        raise ValueError(f"{value!r} is not a slug (lowercase letters, digits, single '_')")
    return value


def _check_ability(value: str | None) -> str | None:
    """An ability is an expression of the vocabulary (checked when the game loads), or the
    snake_case id of one still written in Python."""
    if value is not None and not value.strip():
        raise ValueError("must not be blank")
    return value


def _check_rule(value: str | None) -> str | None:
    if value is not None and not _RULE_RE.fullmatch(value):
        raise ValueError(f"{value!r} is not a rule id such as 'su.card.some_ability'")
    return value


def _check_provenance(value: str) -> str:
    for part in value.split("; "):
        if not _PROVENANCE_RE.fullmatch(part):
            raise ValueError(
                f"{part!r} should read 'rulebook:000 §<section>', "
                "'research:smashup-<munchkin|core>.md §<section> [<tag>]', "
                "'catalogue:<the card's page of the official rulebook wiki>', "
                "'fan-wiki:<a page of the fan wiki>' or 'ruling:<reading>'"
            )
    return value


def _check_text(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be blank")
    if "\n" in value:
        raise ValueError("must be a single line")
    return value


def _check_optional_text(value: str | None) -> str | None:
    return None if value is None else _check_text(value)


#: the fields every card and base checks alike: a one-line text, an ability, a rule id
Text = Annotated[str, AfterValidator(_check_text)]
AbilityText = Annotated[str | None, AfterValidator(_check_ability)]
RuleId = Annotated[str | None, AfterValidator(_check_rule)]
Slug = Annotated[str, AfterValidator(_check_slug)]
#: where a card's or base's data comes from (:func:`_check_provenance`); how another
#: printing differs, if it does
Provenance = Annotated[str, AfterValidator(_check_provenance)]
Errata = Annotated[str | None, AfterValidator(_check_optional_text)]


# --------------------------------------------------------------------------- models


class FusionAction(BaseModel):
    """The action side of a fusion card (a minion card that may be played as an action
    instead: ``[cards.as_action]``): its labels, ability, rule and text."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    subtypes: tuple[Subtype, ...] = ()
    ability: AbilityText = None
    rule: RuleId = None
    text: Text

    @field_validator("subtypes")
    @classmethod
    def _standard(cls, value: tuple[Subtype, ...]) -> tuple[Subtype, ...]:
        if {"play_on_base", "play_on_minion"} & set(value):
            raise ValueError("the action side of a fusion card is a standard action")
        return value


#: how a card's other face is named: ``<card id>~<face>`` (a fusion's action side
#: ``~action``; a card copying another's ability ``~<the other's id>``: ``faces.py``)
FACE = "~"


class CardDef(BaseModel):
    """One distinct card of a faction deck (``copies`` says how many the deck holds)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    id: str
    name: Text
    faction: Slug
    type: CardType
    power: NonNegInt | None = Field(default=None, validate_default=True)
    copies: int = Field(ge=1)
    subtypes: tuple[Subtype, ...] = ()
    attach_to: AttachTo = "any"
    ability: AbilityText = None
    rule: RuleId = None
    text: Text
    provenance: Provenance
    errata: Errata = None
    #: a fusion card's action side (the card is then also an action card: ``type`` minion)
    as_action: FusionAction | None = None

    @field_validator("id")
    @classmethod
    def _valid_id(cls, value: str) -> str:
        if not CARD_ID_RE.fullmatch(value):
            raise ValueError(f"{value!r} should look like 'faction_slug/card_slug'")
        return value

    @field_validator("power")
    @classmethod
    def _power_matches_type(cls, value: int | None, info: ValidationInfo) -> int | None:
        kind = info.data.get("type")
        if kind == "minion" and value is None:
            raise ValueError("a minion needs a power")
        if kind == "action" and value is not None:
            raise ValueError("an action has no power")
        return value

    @field_validator("subtypes")
    @classmethod
    def _subtypes_fit(cls, value: tuple[Subtype, ...], info: ValidationInfo) -> tuple[Subtype, ...]:
        if len(set(value)) != len(value):
            raise ValueError("lists a subtype twice")
        attached = {"play_on_base", "play_on_minion"} & set(value)
        if attached and info.data.get("type") == "minion":
            raise ValueError(f"{sorted(attached)[0]!r} is only for actions")
        if len(attached) > 1:
            raise ValueError("an action is played either on a base or on a minion, not both")
        return value

    @field_validator("attach_to")
    @classmethod
    def _attach_fits(cls, value: AttachTo, info: ValidationInfo) -> AttachTo:
        if value != "any" and "play_on_minion" not in info.data.get("subtypes", ()):
            raise ValueError("only an action played on a minion limits which minion")
        return value

    @field_validator("as_action")
    @classmethod
    def _fusion_is_minion(
        cls, value: FusionAction | None, info: ValidationInfo
    ) -> FusionAction | None:
        if value is not None and info.data.get("type") != "minion":
            raise ValueError("only a minion card has an action side (a fusion card)")
        return value

    def action_face(self) -> CardDef | None:
        """A fusion card's action side as a card of its own (id ``<id>~action``): what the
        card is while it is played as an action (``faces.py``)."""
        side = self.as_action
        if side is None:
            return None
        return self.model_copy(
            update={
                "id": f"{self.id}{FACE}action",
                "type": "action",
                "power": None,
                "subtypes": side.subtypes,
                "ability": side.ability,
                "rule": side.rule,
                "text": side.text,
                "as_action": None,
            }
        )

    @property
    def is_standard_action(self) -> bool:
        """An action that is not played on a base or a minion."""
        return self.type == "action" and not (
            {"play_on_base", "play_on_minion"} & set(self.subtypes)
        )


class BaseDef(BaseModel):
    """A base card: breakpoint, VP for 1st/2nd/3rd place and its ability."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    id: Slug
    name: Text
    set: SetName
    faction: Slug | None = None
    breakpoint: int = Field(ge=0)
    vp: tuple[NonNegInt, NonNegInt, NonNegInt]
    ability: AbilityText = None
    rule: RuleId = None
    timing: tuple[Timing, ...] = Field(default=(), validate_default=True)
    text: Text
    provenance: Provenance
    errata: Errata = None

    @field_validator("timing")
    @classmethod
    def _timing_fits(cls, value: tuple[Timing, ...], info: ValidationInfo) -> tuple[Timing, ...]:
        if len(set(value)) != len(value):
            raise ValueError("lists a timing twice")
        if "ability" in info.data:
            if info.data["ability"] is None and value:
                raise ValueError("a base without an ability has no timing")
            if info.data["ability"] is not None and not value:
                raise ValueError("a base with an ability needs at least one timing")
        return value


class FactionHeader(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    id: Slug
    name: Text
    set: SetName


class Faction(FactionHeader):
    """A faction deck: its distinct cards, whose copies add up to 20."""

    cards: tuple[CardDef, ...]

    @field_validator("cards")
    @classmethod
    def _deck_is_complete(
        cls, value: tuple[CardDef, ...], info: ValidationInfo
    ) -> tuple[CardDef, ...]:
        seen_ids: set[str] = set()
        seen_names: set[str] = set()
        for card in value:
            if card.id in seen_ids:
                raise ValueError(f"card id {card.id!r} appears twice")
            if card.name in seen_names:
                raise ValueError(f"card name {card.name!r} appears twice")
            seen_ids.add(card.id)
            seen_names.add(card.name)
            faction_id = info.data.get("id")
            if faction_id is not None and card.faction != faction_id:
                raise ValueError(f"card {card.id!r} belongs to faction {card.faction!r}")
        total = sum(card.copies for card in value)
        if total != CARDS_PER_FACTION:
            raise ValueError(f"copies add up to {total}, expected {CARDS_PER_FACTION}")
        return value

    @property
    def minions(self) -> tuple[CardDef, ...]:
        return tuple(card for card in self.cards if card.type == "minion")

    @property
    def actions(self) -> tuple[CardDef, ...]:
        return tuple(card for card in self.cards if card.type == "action")

    def card(self, card_id: str) -> CardDef:
        """The card with this id (``"diva"`` or ``"disco_dancers/diva"``)."""
        full = card_id if "/" in card_id else f"{self.id}/{card_id}"
        for card in self.cards:
            if card.id == full:
                return card
        raise KeyError(card_id)

    def deck(self) -> list[CardDef]:
        """The 20 cards of the deck, each repeated ``copies`` times, in file order."""
        return [card for card in self.cards for _ in range(card.copies)]


class CardOverrides(BaseModel):
    """An alternate card set stored as changes to another set (only the changed cards)."""

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)

    card_set: str
    based_on: str
    source: str
    cards: tuple[dict[str, Any], ...]
