"""Moving cards between zones. The last element of a zone list is the top of that pile."""

from __future__ import annotations

from .errors import EngineError
from .state import Card, State


def zone_key(zone: str, seat: int) -> str:
    """The key of a per-seat zone: ``zone_key("hand", 1) == "hand:1"``."""
    return f"{zone}:{seat}"


def create_card(state: State, defn: str, owner: int, zone: str, *, face_up: bool = True) -> Card:
    """Make a new card instance on top of ``zone`` and return it."""
    card = Card(id=state.next_id, defn=defn, owner=owner, controller=owner, face_up=face_up)
    state.next_id += 1
    state.cards[card.id] = card
    state.zones.setdefault(zone, []).append(card.id)
    return card


def find_zone(state: State, card_id: int) -> str:
    """The key of the zone holding ``card_id`` (raises if the card is nowhere, a rules bug)."""
    for key, ids in state.zones.items():
        if card_id in ids:
            return key
    raise EngineError(f"card {card_id} is in no zone")


def move(
    state: State, card_id: int, to_zone: str, *, from_zone: str | None = None, bottom: bool = False
) -> None:
    """Move a card to the top (or bottom) of ``to_zone``."""
    src = from_zone if from_zone is not None else find_zone(state, card_id)
    state.zones[src].remove(card_id)
    dest = state.zones.setdefault(to_zone, [])
    if bottom:
        dest.insert(0, card_id)
    else:
        dest.append(card_id)


def total_cards(state: State) -> int:
    """How many card ids the zones hold in all (for the conservation check)."""
    return sum(len(ids) for ids in state.zones.values())


def card_places(state: State) -> tuple[dict[int, str], list[str]]:
    """Where each card is, and the problems found: a card in two zones, or zones and the card
    table disagreeing. Every game's invariants start here."""
    seen: dict[int, str] = {}
    problems: list[str] = []
    for zone, ids in state.zones.items():
        for cid in ids:
            if cid in seen:
                problems.append(f"card {cid} is in {seen[cid]} and {zone}")
            seen[cid] = zone
    if set(seen) != set(state.cards):
        problems.append("card table and zones disagree")
    return seen, problems
