"""Burying (Science Fiction Double Feature's Super Spies, Monster Smash's Vampires): a card laid
face down at a base (reading SS1).

A buried card is at a base but not in play: it is neither a minion nor an action there, has no
power and no ability, and no card reaches it unless it says "buried". It lies in the zone
``buried:<base>:<seat>`` of the player who buried it (its controller; its owner keeps it), seen
by that player only, unless everyone saw it go there (it came from a discard pile, or from the
hand as the card whose ability buries it: then every player knows it, ``public_cards``). When
its base scores it goes to its owner's discard pile with the base's other cards; when the base
is swapped for another it stays, at the new base.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef
from cardwright.core.vocab import VerbSpec, cards_of
from cardwright.core.vocab.exprs import Call

from . import values
from .catalog import BASES
from .deckwords import zone_of
from .selectors import _e, _first, verb
from .state import SUCtx, defns_of

if TYPE_CHECKING:
    from .game import SmashUp
    from .state import SUState

PREFIX = "buried:"


def buried_zone(bid: int, seat: int) -> str:
    """The zone of the cards ``seat`` buried at base ``bid``."""
    return f"{PREFIX}{bid}:{seat}"


def zones_at(state: SUState, bid: int) -> list[str]:
    """The buried zones of base ``bid``, in seat order."""
    zones = (buried_zone(bid, seat) for seat in range(len(state.names)))
    return [z for z in zones if z in state.zones]


def base_of_zone(zone: str) -> int:
    """The base a buried zone belongs to."""
    return int(zone[len(PREFIX) :].split(":", 1)[0])


def bury(g: SmashUp, s: SUState, cid: int, bid: int, seat: int, rule: str, shown: bool) -> bool:
    """``seat`` buries card ``cid`` (in a hand, deck, discard pile or the revealed zone) at
    base ``bid``; ``shown``: everyone sees what it is (else only ``seat``, who had it in
    hand or deck, and those who already knew it)."""
    src = zone_of(s, cid)
    if not src or bid not in s.zones[BASES]:
        return False
    public = shown or not src.startswith(("deck:", "hand:"))
    known = public or CardRef(cid) in s.public_cards
    zone = buried_zone(bid, seat)
    s.zones.setdefault(zone, [])
    g.to_zone(s, cid, src, zone)
    card = s.cards[cid]
    card.face_up = False
    card.controller = seat
    if known:
        g.reveal(s, cid)
    else:
        g.know(s, cid, [seat])
    values.changed(s)
    name, base = s.names[seat], g.card_name(s, bid)
    if known:
        g.log(s, "bury", rule, f"{name} buries {g.card_name(s, cid)} at {base}", seat, card=cid)
    else:
        g.log(
            s,
            "bury",
            rule,
            f"{name} buries {g.card_name(s, cid)} at {base}",
            seat,
            visible_to=[seat],
            redacted=f"{name} buries a card at {base}",
        )
    return True


def clear(g: SmashUp, s: SUState, bid: int) -> list[int]:
    """Base ``bid`` scored: its buried cards go to their owners' discard piles (they were
    not in play: nothing that hears cards leaving play hears them). Returns them."""
    gone: list[int] = []
    for zone in zones_at(s, bid):
        for cid in list(s.zones[zone]):
            card = s.cards[cid]
            g.to_zone(s, cid, zone, f"discard:{card.owner}")
            card.controller = card.owner
            gone.append(cid)
        del s.zones[zone]
    if gone:
        values.changed(s)
        text = (
            f"The {len(gone)} buried card(s) at {g.card_name(s, bid)} go to their owners' "
            "discard piles"
        )
        g.log(s, "to_discard", "su.terms.bury", text, defns=defns_of(s, gone))
        for cid in gone:
            g.fire(s, "card_to_discard", card=cid, base_card=-1, owner=s.cards[cid].owner)
    return gone


def moved_base(state: SUState, old: int, new: int) -> None:
    """Base ``new`` took base ``old``'s place: the cards buried there stay, at ``new``."""
    for zone in zones_at(state, old):
        seat = int(zone.rsplit(":", 1)[1])
        state.zones[buried_zone(new, seat)] = state.zones.pop(zone)


def _bury(ctx: SUCtx, what: Any, at: Any, shown: bool = False) -> bool:
    """You bury the cards at the base ``at`` (``shown``: everyone sees what they are)."""
    g, s = ctx.game, ctx.state
    bid = _first(at)
    if bid < 0:
        return False
    done = False
    for cid in cards_of(what):
        done = bury(g, s, cid, bid, ctx.you, ctx.rule, bool(shown)) or done
    return done


def _buried(ctx: SUCtx, at: Any = None, whose: str = "any") -> list[CardRef]:
    """The buried cards at a base (``at``; default every base), of some seats (``whose``:
    ``any``, ``you``, ``opponent``, by who buried them), base by base."""
    s = ctx.state
    bases = s.zones[BASES] if at is None else [b for b in cards_of(at) if b in s.zones[BASES]]
    out: list[CardRef] = []
    for bid in bases:
        for zone in zones_at(s, bid):
            seat = int(zone.rsplit(":", 1)[1])
            if whose == "any" or (seat == ctx.you) == (whose == "you"):
                out.extend(CardRef(c) for c in s.zones[zone])
    return out


def burying_words() -> dict[str, Any]:
    """The words of this module."""
    return {
        "bury": verb(VerbSpec("bury", _bury)),
        "buried": lambda at=None, whose="any": Call("buried", _buried, (_e(at), _e(whose))),
    }
