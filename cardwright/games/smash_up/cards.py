"""Smash Up's card movements outside play and what players know of hidden cards: moving a card
between zones, decks (reshuffle, reveal, look, shuffle), hands (take, discard) and victory
points. (000 Draw 2 Cards; readings W2 and D10 in ``docs/rulings/smash-up.md``.)

These functions are methods of :class:`~.game.SmashUp` (``game.reveal_top(state, seat, 1,
rule)``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from cardwright.core import rng as chance
from cardwright.core.state import CardRef

from . import inplay
from .cardmodels import FACE
from .catalog import BASE_DECK, RESOLVING
from .faces import restore
from .state import REVEALED, SUState, defns_of

if TYPE_CHECKING:
    from .game import SmashUp


def to_zone(g: SmashUp, s: SUState, cid: int, src: str, dest: str, *, bottom: bool = False) -> None:
    """Move a card between zones. A card everyone could see that goes into a hand or onto
    a deck stays known to everyone (until that deck is shuffled); a card that becomes
    public needs no knowledge record."""
    s.zones[src].remove(cid)
    if bottom:
        s.zones[dest].insert(0, cid)
    else:
        s.zones[dest].append(cid)
    if src.startswith("base") or dest.startswith("base"):
        inplay.moved(s, cid, src, dest, bottom)
    card = s.cards[cid]
    if FACE in card.defn and not dest.startswith(("base:", RESOLVING)):
        restore(s, cid)  # out of play it is its own card again (faces.py)
    hidden = dest.startswith(("deck:", "hand:"))
    card.face_up = not (dest.startswith("deck:") or dest == BASE_DECK)
    ref = CardRef(cid)
    if hidden and not src.startswith(("deck:", "hand:")):
        # seen by everyone on its way into a hand or onto a deck (000 Additional Rules)
        if ref not in s.public_cards:
            s.public_cards.append(ref)
    elif s.public_cards and ref in s.public_cards and (not hidden or src.startswith("hand:")):
        s.public_cards.remove(ref)
    if s.known and (not hidden or src.startswith("hand:")):
        s.known.pop(ref, None)


def reveal(g: SmashUp, s: SUState, cid: int) -> None:
    """Every player now knows this card in a hand or deck (it was shown), until it is
    shuffled away or leaves."""
    if cid not in s.public_cards:
        s.public_cards.append(CardRef(cid))


def forget_deck(g: SmashUp, s: SUState, seat: int) -> None:
    """A deck was shuffled: nobody knows where its cards are any more."""
    if s.public_cards or s.known:
        deck = set(s.zones[f"deck:{seat}"])
        s.public_cards = [c for c in s.public_cards if c not in deck]
        for cid in deck:
            s.known.pop(CardRef(cid), None)


def know(g: SmashUp, s: SUState, cid: int, seats: Iterable[int]) -> None:
    """Record that ``seats`` know the card ``cid`` (in a deck or hand) from now on."""
    ref = CardRef(cid)
    seen = set(s.known.get(ref, ())) | set(seats)
    if len(seen) == len(s.names):
        s.known.pop(ref, None)
        reveal(g, s, cid)
    else:
        s.known[ref] = sorted(seen)


def shuffle_deck(g: SmashUp, s: SUState, seat: int, rule: str, why: str = "") -> None:
    """Shuffle a player's deck: no one knows where its cards are any more."""
    deck = s.zones[f"deck:{seat}"]
    for cid in deck:
        s.cards[cid].face_up = False
    forget_deck(g, s, seat)
    chance.shuffle(s, deck)
    g.log(s, "shuffle", rule, f"{s.names[seat]} shuffles their deck{why}", seat, chance=True)


def shuffle_bases(g: SmashUp, s: SUState, rule: str) -> None:
    """Shuffle the base deck (after it was searched): no one knows its order."""
    deck = s.zones[BASE_DECK]
    for bid in deck:
        s.cards[bid].face_up = False
    if s.public_cards:
        s.public_cards = [c for c in s.public_cards if c not in deck]
    chance.shuffle(s, deck)
    g.log(s, "shuffle", rule, "The base deck is shuffled", chance=True)


def deck_top(g: SmashUp, s: SUState, seat: int) -> int:
    """The top card of a player's deck (the discard pile is shuffled into a new deck first
    when the deck is empty: 000 Draw 2 Cards), or -1 when there is no card at all."""
    deck = s.zones[f"deck:{seat}"]
    if not deck and not reshuffle(g, s, seat):
        return -1
    return deck[-1]


def reveal_top(g: SmashUp, s: SUState, seat: int, count: int, rule: str) -> list[int]:
    """Reveal up to ``count`` cards from the top of a player's deck: they go, top first, to
    the public ``revealed`` zone until the ability puts them somewhere (reshuffling the
    discard pile if the deck runs out on the way)."""
    shown: list[int] = []
    for _ in range(count):
        cid = deck_top(g, s, seat)
        if cid < 0:
            break
        to_zone(g, s, cid, f"deck:{seat}", REVEALED)
        shown.append(cid)
    names = ", ".join(g.card_name(s, c) for c in shown) or "nothing (no cards left)"
    g.log(
        s,
        "reveal",
        rule,
        f"{s.names[seat]} reveals from their deck: {names}",
        seat,
        defns=defns_of(s, shown),
    )
    return shown


def look_top(g: SmashUp, s: SUState, seat: int, rule: str) -> int:
    """The player looks at their top card (only they learn it); -1 when there is none."""
    cid = deck_top(g, s, seat)
    if cid < 0:
        g.log(s, "look", rule, f"{s.names[seat]} has no card to look at", seat)
        return -1
    know(g, s, cid, [seat])
    g.log(
        s,
        "look",
        rule,
        f"{s.names[seat]} looks at the top card of their deck: {g.card_name(s, cid)}",
        seat,
        visible_to=[seat],
        redacted=f"{s.names[seat]} looks at the top card of their deck",
        card=cid,
    )
    return cid


def to_deck_top(g: SmashUp, s: SUState, cid: int, src: str = REVEALED) -> None:
    """Put a card (by default a revealed one) on top of its owner's deck."""
    to_zone(g, s, cid, src, f"deck:{s.cards[cid].owner}")


def to_hand(g: SmashUp, s: SUState, cid: int, src: str, rule: str) -> None:
    """Put a card from a public zone (revealed, a discard pile) into its owner's hand."""
    owner = s.cards[cid].owner
    to_zone(g, s, cid, src, f"hand:{owner}")
    g.log(
        s,
        "to_hand",
        rule,
        f"{g.card_name(s, cid)} goes into {s.names[owner]}'s hand",
        owner,
        card=cid,
    )


def discard_from_hand(
    g: SmashUp, s: SUState, seat: int, cid: int, rule: str, how: str = ""
) -> None:
    """A card leaves a hand for its owner's discard pile."""
    to_zone(g, s, cid, f"hand:{seat}", f"discard:{seat}")
    g.log(
        s,
        "discard",
        rule,
        f"{s.names[seat]} discards {g.card_name(s, cid)}{how}",
        seat,
        card=cid,
    )
    g.fire(s, "card_to_discard", card=cid, base_card=-1, owner=seat)


def discard_random(g: SmashUp, s: SUState, seat: int, count: int, rule: str) -> list[int]:
    """The player discards ``count`` cards chosen at random from their hand (fewer if the
    hand runs out)."""
    hand = s.zones[f"hand:{seat}"]
    gone: list[int] = []
    for _ in range(count):
        if not hand:
            break
        cid = hand[chance.randbelow(s, len(hand))]
        gone.append(cid)
        discard_from_hand(g, s, seat, cid, rule, " at random")
    if not gone:
        g.log(s, "discard", rule, f"{s.names[seat]} has no card to discard", seat)
    return gone


def refill_deck(g: SmashUp, state: SUState, seat: int, rule: str) -> bool:
    """The core draw's hook: an empty deck is replaced by the shuffled discard pile."""
    return reshuffle(g, state, seat)


def reshuffle(g: SmashUp, s: SUState, seat: int) -> bool:
    """An empty deck: the discard pile is shuffled to make a new deck (000 Draw 2 Cards)."""
    discard = s.zones[f"discard:{seat}"]
    if not discard:
        return False
    deck = s.zones[f"deck:{seat}"]
    deck.extend(discard)
    discard.clear()
    for cid in deck:
        s.cards[cid].face_up = False
    forget_deck(g, s, seat)
    chance.shuffle(s, deck)
    g.log(
        s,
        "reshuffle",
        "su.draw.reshuffle",
        f"{s.names[seat]}'s deck is empty: their discard pile ({len(deck)} cards) is "
        "shuffled into a new deck",
        seat,
        chance=True,
    )
    return True


def gain_vp(g: SmashUp, s: SUState, seat: int, amount: int, rule: str, why: str) -> None:
    if amount <= 0:
        return
    s.vp[seat] += amount
    g.log(
        s,
        "vp",
        rule,
        f"{s.names[seat]} gains {amount} VP ({why}); {s.vp[seat]} VP in all",
        seat,
        amount=amount,
    )
