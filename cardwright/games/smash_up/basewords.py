"""Smash Up's words for the base deck and for cards leaving play by their own doing: searching
the base deck (into the searcher's private look zone), swapping a base in play, the School of
Wizardry's look at the top bases, a card going back to its owner's hand from play.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, Decision, Option
from cardwright.core.vocab import Effect, VerbSpec, cards_of
from cardwright.core.vocab.exprs import Call

from .catalog import BASE_DECK, BASE_DISCARD, RESOLVING
from .selectors import _first, player, verb
from .state import SUCtx

if TYPE_CHECKING:
    from cardwright.core.vocab import EffectStep

    from .state import SUState


def look_zone(seat: int) -> str:
    """The zone holding the cards ``seat`` is looking at (hidden from everyone else)."""
    return f"look:{seat}"


def _search_bases(ctx: SUCtx) -> bool:
    """You search the base deck: its bases go into your look zone (only you see them);
    False when it is empty (the log says so)."""
    g, s, seat = ctx.game, ctx.state, ctx.you
    deck = s.zones[BASE_DECK]
    if not deck:
        g.log(s, "no_target", ctx.rule, "The base deck is empty: there is nothing to find")
        return False
    look = look_zone(seat)
    s.zones[look] = list(reversed(deck))
    deck.clear()
    _forget_bases(s, s.zones[look])
    names = ", ".join(sorted(g.card_name(s, b) for b in s.zones[look]))
    g.log(
        s,
        "search",
        ctx.rule,
        f"{s.names[seat]} searches the base deck: {names}",
        seat,
        visible_to=[seat],
        redacted=f"{s.names[seat]} searches the base deck",
    )
    return True


def _forget_bases(s: SUState, bases: list[int]) -> None:
    """Bases taken from the base deck into a look zone are no longer known to everyone there
    (a base laid on top by The Nexus)."""
    if s.public_cards:
        s.public_cards = [c for c in s.public_cards if c not in bases]


def _looking(ctx: SUCtx) -> list[CardRef]:
    """The cards in your look zone."""
    return [CardRef(c) for c in ctx.state.zones.get(look_zone(ctx.you), ())]


def _swap_base(ctx: SUCtx, old: Any, new: Any) -> bool:
    """The base ``new`` (from your look zone) takes the place of the base ``old`` in play,
    outside scoring."""
    a, b = _first(old), _first(new)
    if a < 0 or b < 0:
        return False
    ctx.game.swap_base(ctx.state, a, b, look_zone(ctx.you), ctx.you, ctx.rule)
    return True


def _replace_base(ctx: SUCtx, old: Any) -> bool:
    """The base ``old`` changes places with the top card of the base deck (shuffled from the
    base discard pile first when the deck is empty): the new base comes into play outside
    scoring, ``old`` goes face down on top of the base deck (``swap_base``)."""
    g, s = ctx.game, ctx.state
    a = _first(old)
    if a < 0 or not g.base_in_play(s, a):
        return False
    deck = s.zones[BASE_DECK]
    if not deck and s.zones[BASE_DISCARD]:
        deck.extend(s.zones[BASE_DISCARD])
        s.zones[BASE_DISCARD].clear()
        g.shuffle_bases(s, ctx.rule)
    if not deck:
        g.log(s, "no_target", ctx.rule, "The base deck is empty: no base to swap with")
        return False
    g.swap_base(s, a, deck[-1], BASE_DECK, player(ctx), ctx.rule)
    return True


def _bases_back(ctx: SUCtx) -> bool:
    """The bases left in your look zone go back into the base deck, which is shuffled."""
    s = ctx.state
    s.zones[BASE_DECK].extend(s.zones.pop(look_zone(ctx.you), []))
    ctx.game.shuffle_bases(s, ctx.rule)
    return True


def _take_back(ctx: SUCtx, what: Any) -> bool:
    """The cards leave play for their owners' hands (by their own ability: nothing stops it,
    it is not a return); an action still resolving goes to its owner's hand instead of the
    discard pile (Friendship Power)."""
    g, s = ctx.game, ctx.state
    done = False
    for cid in cards_of(what):
        bid = g.base_of(s, cid)
        owner = s.cards[cid].owner
        if bid < 0 and cid in s.zones[RESOLVING]:  # an action that has just resolved
            s.cards[cid].controller = owner
            g.to_zone(s, cid, RESOLVING, f"hand:{owner}")
            text = f"{g.card_name(s, cid)} goes back to {s.names[owner]}'s hand"
            g.log(s, "to_hand", ctx.rule, text, player(ctx), card=cid)
            done = True
            continue
        if bid < 0:
            continue
        g.leave_play(s, cid, f"hand:{owner}")
        text = f"{g.card_name(s, cid)} goes from {g.card_name(s, bid)} to {s.names[owner]}'s hand"
        g.log(s, "to_hand", ctx.rule, text, player(ctx), card=cid)
        done = True
    return done


def _discard_itself(ctx: SUCtx, what: Any, how: str = "is destroyed") -> bool:
    """The cards leave play for their owners' discard piles by their own doing (nothing stops
    it; the log says they are destroyed, or ``how`` they go)."""
    g, s = ctx.game, ctx.state
    done = False
    for cid in cards_of(what):
        if g.base_of(s, cid) < 0:
            continue
        g.leave_play(s, cid, f"discard:{s.cards[cid].owner}")
        text = f"{g.card_name(s, cid)} {how}"
        g.log(s, "destroyed", ctx.rule, text, player(ctx), card=cid)
        done = True
    return done


@dataclass(frozen=True)
class NextBases(Effect):
    """``next_bases(n, prompt, more)``: you look at the top ``n`` bases of the base deck (in
    your look zone) and choose, one at a time, the one that comes out next (``prompt``) and
    then the order of the others under it (``more``; options ``base:<id>``, kind
    ``replacement``; no question once one is left); they go back on top in that order."""

    n: int = 3
    prompt: str = ""
    more: str = ""
    immediate: bool = field(init=False, default=False)

    def _left(self, step: EffectStep, ctx: SUCtx) -> list[CardRef]:
        picked = set(step.picked)
        look = ctx.state.zones.get(look_zone(ctx.you), [])
        return [CardRef(b) for b in look if b not in picked]

    def start(self, ctx: SUCtx) -> None:
        g, s, seat = ctx.game, ctx.state, ctx.you
        deck = s.zones[BASE_DECK]
        s.zones[look_zone(seat)] = [deck.pop() for _ in range(min(self.n, len(deck)))]
        _forget_bases(s, s.zones[look_zone(seat)])
        count = len(s.zones[look_zone(seat)])
        text = f"{s.names[seat]} looks at the top {count} base(s) of the base deck"
        g.log(s, "look", ctx.rule, text, seat)
        super().start(ctx)

    def ask(self, step: EffectStep, ctx: SUCtx) -> Decision | None:
        left = self._left(step, ctx)
        if len(left) <= 1:
            return None
        g = ctx.game
        options = [Option(f"base:{b}", g.card_name(ctx.state, b), card=b) for b in left]
        prompt = self.more if step.picked else self.prompt
        return Decision(ctx.you, "replacement", prompt, options, ctx.rule)

    def answer(self, step: EffectStep, ctx: SUCtx, option: Option) -> None:
        assert option.card is not None
        step.picked.append(option.card)

    def run(self, step: EffectStep, ctx: SUCtx) -> None:
        g, s, seat = ctx.game, ctx.state, ctx.you
        order = [*step.picked, *self._left(step, ctx)]
        ctx.game.pop(s, step)
        s.zones.pop(look_zone(seat), None)
        s.zones[BASE_DECK].extend(reversed(order))  # the first chosen ends on top
        g.log(s, "look_done", ctx.rule, f"{s.names[seat]} puts the bases back on top", seat)


def base_words() -> dict[str, Any]:
    """The words of this module."""
    return {
        "search_bases": verb(VerbSpec("search_bases", _search_bases)),
        "looking": Call("looking", _looking),
        "swap_base": verb(VerbSpec("swap_base", _swap_base)),
        "replace_base": verb(VerbSpec("replace_base", _replace_base)),
        "bases_back": verb(VerbSpec("bases_back", _bases_back)),
        "take_back": verb(VerbSpec("take_back", _take_back)),
        "discard_itself": verb(VerbSpec("discard_itself", _discard_itself)),
        "next_bases": lambda n=3, prompt="", more="": NextBases(n, prompt, more),
    }
