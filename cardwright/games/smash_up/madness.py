"""Madness (The Obligatory Cthulhu Set) and the box: the shared Madness deck, drawing Madness
cards, returning them, handing one to another player, the VP they cost at the end of the game
(rules ``su.madness.*``; readings M1-M6 in ``docs/rulings/smash-up.md``), and cards placed in
the box (out of the game: ``su.terms.box``).

The Madness deck is a face-up pile (zone ``madness``) of 30 identical Madness cards that
belongs to no one; it is set out when a faction of The Obligatory Cthulhu Set is at the table.
A Madness card drawn goes into the drawer's hand and is theirs (its owner is the player whose
hand, deck or discard pile holds it); returned to the Madness deck it belongs to no one again.
At the end of the game each player loses 1 VP for every two Madness cards in their hand, deck
and discard pile; a tie for the most VP then goes to the player with the fewest Madness cards,
and players still tied share the win.

The words (:func:`madness_words`): ``draw_madness(n=1, who=you)``, ``return_madness(cards)``,
``give_madness(who)``, ``madness_left`` (how many are in the Madness deck), ``to_box(cards)``.
A card's attribute ``madness`` says whether it is a Madness card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef
from cardwright.core.vocab import VerbSpec, cards_of, seats_of
from cardwright.core.vocab.exprs import Call
from cardwright.core.zones import create_card

from .carddata import MADNESS
from .catalog import RESOLVING
from .selectors import player, verb
from .state import REVEALED, SUCtx, SUState

if TYPE_CHECKING:
    from .game import SmashUp

#: the Madness deck (public, face up, owned by no one)
MADNESS_DECK = "madness"
#: cards placed in the box: out of the game for good (public)
BOX = "box"
#: how many Madness cards the Madness deck holds
MADNESS_CARDS = 30


def in_game(s: SUState) -> bool:
    """Whether this game has a Madness deck (a faction of the Cthulhu set is at the table)."""
    return MADNESS_DECK in s.zones


def set_out(g: SmashUp, s: SUState, count: int = MADNESS_CARDS) -> None:
    """Set out the Madness deck: ``count`` Madness cards, face up, owned by no one."""
    for _ in range(count):
        card = create_card(s, MADNESS, -1, MADNESS_DECK, face_up=True)
        card.controller = -1
    s.zones.setdefault(MADNESS_DECK, [])
    g.cards_made(s)  # (the catalog the game's cards see now has the Madness card)
    g.log(
        s,
        "madness_deck",
        "su.madness.deck",
        f"The Madness deck ({count} Madness cards) is set out beside the base deck",
    )


def draw_madness(g: SmashUp, s: SUState, seat: int, n: int, rule: str) -> int:
    """``seat`` draws up to ``n`` Madness cards into their hand (fewer when the Madness deck
    runs out: reading M2); returns how many."""
    deck = s.zones.get(MADNESS_DECK)
    if deck is None or n <= 0:
        return 0
    got = 0
    for _ in range(n):
        if not deck:
            break
        cid = deck[-1]
        card = s.cards[cid]
        card.owner = card.controller = seat
        g.to_zone(s, cid, MADNESS_DECK, f"hand:{seat}")
        got += 1
    if got:
        text = f"{s.names[seat]} draws {got} Madness card(s) ({len(deck)} left in the Madness deck)"
    else:
        text = f"The Madness deck is empty: {s.names[seat]} draws no Madness card"
    g.log(s, "madness", rule, text, seat, amount=got)
    return got


def _where(s: SUState, cid: int) -> str:
    """The zone of a Madness card that may go back to the Madness deck ("": none)."""
    owner = s.cards[cid].owner
    for zone in (RESOLVING, REVEALED, f"hand:{owner}", f"discard:{owner}"):
        if cid in s.zones.get(zone, ()):
            return zone
    return ""


def return_madness(g: SmashUp, s: SUState, cards: Sequence[int], seat: int, rule: str) -> int:
    """The Madness cards (being played, revealed, in a hand or a discard pile) go back to the
    Madness deck and belong to no one again; returns how many."""
    done = 0
    for cid in cards:
        if s.cards[cid].defn != MADNESS:
            continue
        src = _where(s, cid)
        if not src:
            continue
        owner = s.cards[cid].owner
        g.to_zone(s, cid, src, MADNESS_DECK)
        s.cards[cid].owner = s.cards[cid].controller = -1
        name = s.names[owner] if 0 <= owner < len(s.names) else "no one"
        where = {"hand": "hand", "discard": "discard pile"}.get(src.split(":")[0], "")
        frm = f" from {name}'s {where}" if where else ""
        g.log(s, "madness", rule, f"A Madness card goes back to the Madness deck{frm}", seat)
        done += 1
    return done


def madness_owned(s: SUState, seat: int) -> int:
    """How many Madness cards are in ``seat``'s hand, deck and discard pile."""
    cards = s.cards
    return sum(
        1
        for zone in (f"hand:{seat}", f"deck:{seat}", f"discard:{seat}")
        for cid in s.zones.get(zone, ())
        if cards[cid].defn == MADNESS
    )


def reckoning(g: SmashUp, s: SUState) -> list[int]:
    """The end of a game with Madness: each player loses 1 VP for every two Madness cards in
    their hand, deck and discard pile (never below 0 VP); then the most VP wins, a tie goes
    to the fewest Madness cards, and players still tied share the win. Returns the
    winners."""
    held = [madness_owned(s, seat) for seat in range(len(s.names))]
    for seat, count in enumerate(held):
        loss = min(count // 2, s.vp[seat])
        if loss:
            s.vp[seat] -= loss
            g.log(
                s,
                "madness_loss",
                "su.madness.end",
                f"{s.names[seat]} loses {loss} VP for {count} Madness card(s); {s.vp[seat]} VP",
                seat,
                amount=loss,
            )
    best = max(s.vp)
    leaders = [p for p, v in enumerate(s.vp) if v == best]
    if len(leaders) > 1:
        fewest = min(held[p] for p in leaders)
        leaders = [p for p in leaders if held[p] == fewest]
        g.log(
            s,
            "tie",
            "su.madness.tie",
            f"Tied at {best} VP: the fewest Madness cards ({fewest}) decide",
        )
    return leaders


def to_box(g: SmashUp, s: SUState, cards: Sequence[int], seat: int, rule: str) -> int:
    """The cards (being played, in a hand, a discard pile or revealed) are placed in the box:
    out of the game for good; returns how many."""
    done = 0
    for cid in cards:
        owner = s.cards[cid].owner
        src = ""
        for zone in (RESOLVING, REVEALED, f"hand:{owner}", f"discard:{owner}"):
            if cid in s.zones.get(zone, ()):
                src = zone
                break
        if not src:
            continue
        s.zones.setdefault(BOX, [])
        g.to_zone(s, cid, src, BOX)
        s.cards[cid].controller = owner
        g.log(s, "box", rule, f"{g.card_name(s, cid)} is placed in the box", seat, card=cid)
        done += 1
    return done


# ------------------------------------------------------------------------------ the words
def _draw_madness(ctx: SUCtx, n: int = 1, who: Any = None) -> bool:
    """You (or each seat of ``who``) draw ``n`` Madness cards; True if any was drawn."""
    g, s = ctx.game, ctx.state
    got = 0
    for seat in seats_of(ctx.you if who is None else who):
        got += draw_madness(g, s, seat, int(n), ctx.rule)
    return got > 0


def _return_madness(ctx: SUCtx, what: Any) -> bool:
    return return_madness(ctx.game, ctx.state, cards_of(what), ctx.you, ctx.rule) > 0


def _give_madness(ctx: SUCtx, who: Any) -> bool:
    """You place a Madness card from your hand into the hand of the seat ``who``: it is that
    player's now (it is shown as it goes)."""
    g, s = ctx.game, ctx.state
    to = seats_of(who)[0]
    hand = s.zones[f"hand:{ctx.you}"]
    found = next((c for c in hand if s.cards[c].defn == MADNESS), -1)
    if found < 0 or to == ctx.you:
        return False
    card = s.cards[found]
    card.owner = card.controller = to
    g.to_zone(s, found, f"hand:{ctx.you}", f"hand:{to}")
    g.reveal(s, found)
    text = f"{s.names[ctx.you]} places a Madness card into {s.names[to]}'s hand"
    g.log(s, "madness", ctx.rule, text, ctx.you, card=found)
    return True


def _to_box(ctx: SUCtx, what: Any) -> bool:
    return to_box(ctx.game, ctx.state, cards_of(what), player(ctx), ctx.rule) > 0


def _madness_left(ctx: SUCtx) -> int:
    return len(ctx.state.zones.get(MADNESS_DECK, ()))


def _madness_deck(ctx: SUCtx) -> list[CardRef]:
    return [CardRef(c) for c in ctx.state.zones.get(MADNESS_DECK, ())]


def madness_words() -> dict[str, Any]:
    """The words of this module (see the module docstring and ``docs/cards.md``)."""
    return {
        "draw_madness": verb(VerbSpec("draw_madness", _draw_madness)),
        "return_madness": verb(VerbSpec("return_madness", _return_madness)),
        "give_madness": verb(VerbSpec("give_madness", _give_madness)),
        "to_box": verb(VerbSpec("to_box", _to_box)),
        "madness_left": Call("madness_left", _madness_left),
        "madness_deck": Call("madness_deck", _madness_deck),
    }


__all__ = [
    "BOX",
    "MADNESS_CARDS",
    "MADNESS_DECK",
    "draw_madness",
    "in_game",
    "madness_owned",
    "madness_words",
    "reckoning",
    "return_madness",
    "set_out",
    "to_box",
]
