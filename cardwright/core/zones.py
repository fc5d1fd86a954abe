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


class Journal:
    """What changed in place, for the whole process: ``status`` counts the changes of a card's
    exhaustion or counters, and the ids of the cards of the last of them are kept (at most
    about :data:`KEPT`; ids of any state, so a reader gets a superset of its own);
    ``faces`` counts the changes of a card's definition.

    Cards move between zones by list operations all over the rules (and a zone list is
    compared by its content, which is cheap); a card's own fields change in place, which
    nobody could see from outside without reading every card again. So every such change goes
    through the functions below (:func:`set_exhausted`, :func:`set_counter`, :func:`drop_counter`,
    :func:`clear_counters`, :func:`replace_counters`, :func:`set_defn`), and a reader that kept
    something derived from cards (the RL observation) knows it is still good while the
    counts are what they were, or which cards to read again (``tests/core/test_journal.py``
    checks that no code outside this module writes those fields). The journal is the
    process's, not a state's: a copy of a state (a view, a determinization, a clone that
    shares nothing, or a shallow copy that shares cards) can never carry a stale journal,
    and a change in another state only costs a reader some reading again. A change costs
    the rules one append to a list (the engine's speed is measured with it)."""

    __slots__ = ("dropped", "faces")

    def __init__(self) -> None:
        #: how many of the first status changes are no longer kept
        self.dropped = 0
        self.faces = 0

    @property
    def status(self) -> int:
        """How many status changes there have been."""
        return self.dropped + len(_CHANGED)

    def since(self, status: int) -> set[int] | None:
        """The ids of the cards whose status changed after the count was ``status`` (None
        when those are no longer all kept: then any card may have changed)."""
        back = self.dropped + len(_CHANGED) - status
        if back > len(_CHANGED):
            return None
        return set(_CHANGED[len(_CHANGED) - back :]) if back else set()


#: about how many of the last status changes the journal keeps the cards of
KEPT = 4096

#: the process's journal of in-place card changes
JOURNAL = Journal()
#: the ids of the cards of the last status changes (the journal's; appended to inline, the
#: cheapest way to record one)
_CHANGED: list[int] = []


def _trim() -> None:
    drop = len(_CHANGED) - KEPT // 2
    del _CHANGED[:drop]
    JOURNAL.dropped += drop


def set_exhausted(card: Card, exhausted: bool) -> None:
    """Exhaust (tap) or ready a card."""
    card.exhausted = exhausted
    _CHANGED.append(card.id)
    if len(_CHANGED) > KEPT:
        _trim()


def set_counter(card: Card, key: str, value: int) -> None:
    """Set counter ``key`` of a card to ``value`` (0 is kept as a value; see drop_counter)."""
    card.counters[key] = value
    _CHANGED.append(card.id)
    if len(_CHANGED) > KEPT:
        _trim()


def drop_counter(card: Card, key: str) -> None:
    """Remove counter ``key`` from a card (nothing if it has none)."""
    card.counters.pop(key, None)
    _CHANGED.append(card.id)
    if len(_CHANGED) > KEPT:
        _trim()


def clear_counters(card: Card) -> None:
    """Remove every counter from a card."""
    card.counters.clear()
    _CHANGED.append(card.id)
    if len(_CHANGED) > KEPT:
        _trim()


def replace_counters(card: Card, counters: dict[str, int]) -> None:
    """Give a card ``counters`` (the dict itself, not a copy) as its counters."""
    card.counters = counters
    _CHANGED.append(card.id)
    if len(_CHANGED) > KEPT:
        _trim()


def set_defn(card: Card, defn: str) -> None:
    """A card now is (shows) definition ``defn``."""
    card.defn = defn
    JOURNAL.faces += 1
