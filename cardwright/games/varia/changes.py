"""Varia's basic changes to cards and the fight (003 Terms): engaging and disengaging,
disrupting an action, ruining and repairing an item, taking a card back into hand, a token
leaving the game. Methods of :class:`~.game.Varia` (``game.disrupt(state, card, rule)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.zones import move

from .state import VariaState

if TYPE_CHECKING:
    from .game import Varia


def set_distance(
    g: Varia, s: VariaState, engaged: bool, seat: int, rule: str, source: int | None = None
) -> None:
    if s.engaged == engaged:
        return
    s.engaged = engaged
    if s.logging:
        word = "engages" if engaged else "disengages"
        by = f" ({g.card_name(s, source)})" if source is not None else ""
        g.log(s, "distance", rule, f"{s.names[seat]} {word}{by}", seat, engaged=engaged)


def disrupt(g: Varia, s: VariaState, card: int, rule: str) -> None:
    """The action ``card`` is part of is disrupted: no further rules or triggers of it
    happen, and actions against it are unopposed (003 Disrupted)."""
    found = g.slot_of(s, card)
    if found is None or found[2].disrupted:
        return
    slot = found[2]
    slot.disrupted = True
    parts = set(slot.cards)
    s.triggers = [t for t in s.triggers if t.source not in parts]
    if s.logging:
        g.log(
            s,
            "disrupted",
            rule,
            f"{g.card_name(s, slot.lead)} is disrupted",
            found[1],
            card=slot.lead,
        )


def ruin(g: Varia, s: VariaState, card: int, rule: str) -> None:
    """An item is ruined: it cannot be used, its abilities stop, and an action planned
    with it is disrupted (003 Ruined)."""
    c = s.cards[card]
    if c.exhausted or g._defs[c.defn].kind != "item":
        return
    c.exhausted = True
    if s.logging:
        g.log(s, "ruined", rule, f"{g.card_name(s, card)} is ruined", c.owner, card=card)
    if g.slot_of(s, card) is not None:
        disrupt(g, s, card, rule)


def repair(g: Varia, s: VariaState, card: int, rule: str) -> None:
    c = s.cards[card]
    if not c.exhausted:
        return
    c.exhausted = False
    if s.logging:
        g.log(s, "repaired", rule, f"{g.card_name(s, card)} is repaired", c.owner, card=card)


def return_to_hand(g: Varia, s: VariaState, card: int, rule: str) -> None:
    owner = s.cards[card].owner
    zone = g.zone_of(s, card)
    if zone not in ("discard", "forgotten"):
        return
    move(s, card, f"hand:{owner}", from_zone=f"{zone}:{owner}")
    s.cards[card].face_up = True
    if s.logging:
        g.log(
            s,
            "to_hand",
            rule,
            f"{s.names[owner]} takes {g.card_name(s, card)} back into their hand",
            owner,
            card=card,
        )


def remove_token(g: Varia, s: VariaState, card: int, rule: str) -> None:
    """A token that would leave the timeline or the queue leaves the game (003 Tokens)."""
    owner = s.cards[card].owner
    zone = g.zone_of(s, card)
    s.zones[f"{zone}:{owner}"].remove(card)
    if s.logging:
        g.log(
            s,
            "token_removed",
            rule,
            f"The {g.card_name(s, card)} token leaves the game",
            owner,
        )
    del s.cards[card]
    s.lasting = [e for e in s.lasting if e.target != card]
