"""Varia for the reinforcement-learning interfaces (:mod:`cardwright.rl`, docs/rl.md).

The card list is every card of the catalogue: actions, their tokens, items and stacks. A deck
holds at most three copies of an action and an item once, so one place of a decision names at
most six copies of a definition; planning offers one answer per definition in hand (copies
are interchangeable) and each item once, so the planning forms need no ordinal. A moment
number is below 100: a seat has 30 actions and a few items, each in one moment at a time,
and tokens come from them.

The timeline is the observation's moment slots: the first :data:`SLOTS` moments one by one,
and every later moment summed into one more slot. Each holds, per seat (the observer first),
its action's cards by definition, the seat it targets (the observer or not), whether it was
performed, disrupted, hit, and its power, focus and damage.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from cardwright.core.state import HIDDEN

from .cards import catalogue
from .game import Varia
from .state import VariaState

#: what the RL encoder hands a feature: :class:`cardwright.rl.observe.Sight` (above the
#: games, so a game cannot import it: Any here; its ``state`` is a VariaState)
Sight = Any

#: the moments the observation shows one by one (later ones are summed into one more slot)
SLOTS = 12
STEPS = ("start", "movement", "action", "reaction", "fast", "resolution", "end")
PLANNING = ("plan:CARD:N", "combo:CARD:N", "replace:CARD:N", "fuse:CARD:TARGET:N")


@cache
def _defs() -> tuple[Any, ...]:
    return tuple(sorted(catalogue().cards.values(), key=lambda d: d.id))


def cards(game: Varia, config: dict[str, Any]) -> list[str]:
    return [d.id for d in _defs()]


def _playable(game: Varia, config: dict[str, Any]) -> list[str]:
    return [d.id for d in _defs() if d.kind in ("action", "item")]


def _spellfuse(game: Varia, config: dict[str, Any]) -> list[str]:
    return [d.id for d in _defs() if "spellfuse" in d.keywords]


def _magical(game: Varia, config: dict[str, Any]) -> list[str]:
    return [d.id for d in _defs() if "Magical" in d.supertypes]


def zone_sight(zone: str, seat: int) -> bool | None:
    """Varia's visibility is by zone alone (``Varia.card_visible``)."""
    return Varia.zone_visible(zone, seat)


_STEP = {step: i for i, step in enumerate(STEPS)}


def _values(sight: Sight) -> list[float]:
    """Per seat (the observer first) its action points; whether the players are engaged; the
    step of the turn (one-hot); the moments made and the moment resolving (-1: none)."""
    s: VariaState = sight.state
    ap, me = s.ap, sight.seat
    steps = [0.0] * len(STEPS)
    step = _STEP.get(s.step)
    if step is not None:
        steps[step] = 1.0
    return [
        float(ap[me]),
        float(ap[1 - me]),
        float(s.engaged),
        *steps,
        float(s.moments),
        float(s.moment),
    ]


def _timeline(sight: Sight) -> dict[int, float]:
    s: VariaState = sight.state
    timeline = s.timeline
    if not timeline:
        return {}
    index, me, zones, table = sight.index, sight.seat, s.zones, sight.cards
    cards = len(index) + 1  # the card vector (and one place for any other card), then 7 values
    width = cards + 7
    per_moment = 2 * width
    places = (0, width) if me == 0 else (width, 0)  # the observer's action first
    out: dict[int, float] = {}
    get = out.get
    # the cards in the timeline zones (where its actions lie): public, so each seat sees
    # their definitions as they are (a view shows them too); another card as the seat sees it
    public = {*zones["timeline:0"], *zones["timeline:1"]}
    for m, moment in enumerate(timeline):
        at_moment = (m if m < SLOTS else SLOTS) * per_moment
        for seat, slot in enumerate(moment.slots):
            if slot is None:
                continue
            at = at_moment + places[seat]
            for cid in slot.cards:
                d = table[cid].defn if cid in public else sight.defn(cid)
                if d != HIDDEN:
                    i = at + index[d]
                    out[i] = get(i, 0.0) + 1.0
            # its 7 values (each summed: the moments past SLOTS share one slot)
            at += cards
            if slot.target_seat == me:
                out[at] = get(at, 0.0) + 1.0
            if slot.performed:
                out[at + 1] = get(at + 1, 0.0) + 1.0
            if slot.disrupted:
                out[at + 2] = get(at + 2, 0.0) + 1.0
            if slot.hit:
                out[at + 3] = get(at + 3, 0.0) + 1.0
            if slot.power:
                out[at + 4] = get(at + 4, 0.0) + float(slot.power)
            if slot.focus:
                out[at + 5] = get(at + 5, 0.0) + float(slot.focus)
            if slot.damage:
                out[at + 6] = get(at + 6, 0.0) + float(slot.damage)
    return out


def _features(game: Varia, config: dict[str, Any]) -> tuple[tuple[str, Any, Any], ...]:
    players = 2
    width = len(_defs()) + 1 + 7  # cards by definition (and any other card), then 7 values
    return (
        ("action points, engaged, step, moments", players + 1 + len(STEPS) + 2, _values),
        ("timeline", (SLOTS + 1) * players * width, _timeline),
    )


RL = {
    "cards": cards,
    "copies": 6,
    "form_copies": dict.fromkeys(PLANNING, 1),
    "numbers": {form: 99 for form in PLANNING} | {"trigger:N": 15},
    "domains": {
        ("plan:CARD:N", "CARD"): _playable,
        ("combo:CARD:N", "CARD"): _playable,
        ("replace:CARD:N", "CARD"): _playable,
        ("fuse:CARD:TARGET:N", "CARD"): _spellfuse,
        ("fuse:CARD:TARGET:N", "TARGET"): _magical,
    },
    "phases": (),
    "scores": ("health",),
    "zones": (
        ("hand", True, ("cards",)),
        ("deck", True, ()),
        ("item", True, ("cards", "exhausted")),
        ("timeline", True, ("cards",)),
        ("queue", True, ("cards",)),
        ("discard", True, ("cards",)),
        ("forgotten", True, ("cards",)),
        ("stacks", True, ("cards", "counter:n")),
    ),
    "features": _features,
    "zone_sight": zone_sight,
    "turn_limit_rule": "va.engine.turn_limit",
}
