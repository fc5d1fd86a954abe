"""What the balance report (``cardwright report``) and the game store need to know of a game.

A game names a :class:`ReportHooks` in its registry entry (``GameEntry.report``). Everything
else the report shows comes from the public protocol: the result, ``state.turn`` and
``state.active``, ``game.scores(state)`` and the log events.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel


@dataclass(frozen=True)
class DeckCard:
    """A card a seat's deck holds and may play.

    ``card``: as the log and the game store name it (``plays.card``); ``name``: the card
    across its versions (the same as ``card`` except where a card's name carries one of its
    numbers, as Bizarre World's cost: ``Lazy Rock of Charity (2)`` is ``Lazy Rock of
    Charity``); ``copies``: how many the deck holds; ``facts``: what the card is, its numbers
    and its text (every field of its definition but where it came from), as canonical JSON, so
    that two versions of a card compare as text (:func:`card_facts`).
    """

    card: str
    name: str
    copies: int
    facts: str


def _plain(value: Any) -> Any:
    """A definition as JSON-ready values: models and dataclasses as objects, sets sorted."""
    if isinstance(value, BaseModel):
        return _plain(value.model_dump())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((_plain(v) for v in value), key=repr)
    return value


def card_facts(definition: Any, drop: Collection[str] = (), **extra: Any) -> str:
    """A card definition (a pydantic model, a dataclass or a dict) as canonical JSON: every
    field but those in ``drop`` (where it came from, ids), plus ``extra`` (numbers that are not
    fields, as Bizarre World's points)."""
    plain = _plain(definition)
    facts = {k: v for k, v in plain.items() if k not in drop}
    facts.update(_plain(extra))
    return json.dumps(facts, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class ReportHooks:
    """A game's answers for the report.

    ``noun``: what a seat plays with, for titles ("people", "faction pair", "deck");
    ``groups(config)``: from a validated config (as stored with every game), each seat's
    deck, people or faction pair as a short label; ``played``: the log event kinds that mean
    "this seat played this card" (the event's ``seat``, ``turn`` and ``card``); ``score``:
    the key of ``game.scores(state)`` followed over turns (higher is better), with
    ``score_label`` for axes; ``pool(config)``: what a seat given ``--deck any`` may be dealt
    (deck names, peoples; factions, of which a seat of a game played with pairs is dealt two),
    so that one batch covers every matchup; ``parts(deck)``: for a deck made of parts (a
    Smash Up faction pair), the parts (each faction), called ``part_noun``: the report then
    also shows every matchup by part, which needs far fewer games than by pair;
    ``deck_cards(config)``: from a validated config, each seat's :class:`DeckCard` list (the
    cards its deck may play, as the ``played`` events name them), which the game store keeps
    with every run so that the report can list the cards never played and say what changed
    between two versions of a card.
    """

    noun: str
    groups: Callable[[dict[str, Any]], list[str]]
    played: frozenset[str]
    score: str
    score_label: str
    pool: Callable[[dict[str, Any]], list[str]] | None = None
    parts: Callable[[str], list[str]] | None = None
    part_noun: str = ""
    deck_cards: Callable[[dict[str, Any]], list[tuple[DeckCard, ...]]] | None = None
