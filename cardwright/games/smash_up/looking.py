"""Smash Up's words for looking into decks, added with Science Fiction Double Feature and Monster
Smash: searching a deck for cards of a kind (and what then happens to them), looking at the
cards at one end of a deck and putting them back in an order of your choice, putting revealed
cards back in order, and sending deck or revealed cards to the discard pile (revealing cards
until one of a kind shows is ``reveal_until`` of ``deckwords.py``).

What a player sees stays theirs: searched and looked-at cards are known to that player only
(``state.known``) until their deck is shuffled; revealed cards wait in the public ``revealed``
zone. Every question a search asks is asked even when the answer is forced (reading R14), so
the others learn nothing of the deck from being asked or not.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardwright.core import rng as chance
from cardwright.core.state import Bindings, CardRef, Decision, Option
from cardwright.core.vocab import Ctx, Effect, Expr, VerbSpec, cards_of, seats_of
from cardwright.core.vocab.binding import bind
from cardwright.core.vocab.compiled import compiled
from cardwright.core.vocab.effects import fill
from cardwright.core.vocab.exprs import Call, Seats

from .deckwords import zone_of
from .selectors import _e, verb
from .state import REVEALED, SUCtx

if TYPE_CHECKING:
    from cardwright.core.vocab import EffectStep

NOTHING_FOUND = "There is no such card in the deck"


# ------------------------------------------------------------------------------ searching
@dataclass(frozen=True)
class SearchFor(Effect):
    """``search_for(condition, then=None, n=1, up_to=False, top=False, prompt=, name="found",
    reveal=True)``: you look through your deck and take up to ``n`` cards for which
    ``condition`` holds (``it``: the card; one option per distinct card, ``take:<card>``;
    ``done`` once ``up_to`` allows stopping; ``none`` when nothing fits). The deck is then
    shuffled. ``top``: the one card taken goes back on top without being shown (only you
    know it). Otherwise the cards taken are shown (the public ``revealed`` zone) and ``then``
    happens with them bound as ``name`` (default: they go into your hand); cards ``then``
    leaves there go to your hand."""

    condition: Expr
    then: Effect | None = None
    n: int = 1
    up_to: bool = False
    top: bool = False
    prompt: str = "Search your deck: take which card?"
    name: str = "found"
    immediate: bool = field(init=False, default=False)

    def parts(self) -> tuple[Effect, ...]:
        return () if self.then is None else (self.then,)

    def start(self, ctx: SUCtx) -> None:
        g, s = ctx.game, ctx.state
        for c in s.zones[f"deck:{ctx.you}"]:  # (an empty deck is not refilled: research §A1)
            g.know(s, c, [ctx.you])
        super().start(ctx)

    def _candidates(self, step: EffectStep, ctx: SUCtx) -> list[CardRef]:
        s = ctx.state
        picked = set(step.picked)
        seen: set[str] = set()
        out: list[CardRef] = []
        vars = ctx.vars
        # each card's bindings share the numbers and words of the effect's, as ``such_that``
        # shares them (an expression reads them, never changes them); its cards are a new dict
        bound, nums, words = vars.cards, vars.nums, vars.words
        condition = compiled(self.condition)
        for c in s.zones[f"deck:{ctx.you}"]:
            defn = s.cards[c].defn
            if c in picked or defn in seen:
                continue
            it = Bindings({**bound, "it": [CardRef(c)]}, nums, words)
            inner = Ctx(ctx.game, s, ctx.ability, ctx.source, ctx.you, it, ctx.node)
            if condition(inner):
                seen.add(defn)
                out.append(CardRef(c))
        return out

    def ask(self, step: EffectStep, ctx: SUCtx) -> Decision | None:
        if len(step.picked) >= self.n:
            return None
        g, s = ctx.game, ctx.state
        found = self._candidates(step, ctx)
        options = [
            Option(f"take:{c}", f"Take {g.label(s, c)}", card=c)
            for c in sorted(found, key=lambda c: g.label(s, c))
        ]
        if step.picked or (self.up_to and options):
            options.append(Option("done", "Take no more"))
        if not options:
            options.append(Option("none", NOTHING_FOUND))
        return Decision(ctx.you, "search", fill(ctx, self.prompt), options, ctx.rule)

    def run(self, step: EffectStep, ctx: SUCtx) -> None:
        self._finish(step, ctx)

    def answer(self, step: EffectStep, ctx: SUCtx, option: Option) -> None:
        if option.card is not None:
            step.picked.append(option.card)
            if len(step.picked) < self.n and self._candidates(step, ctx):
                return
        self._finish(step, ctx)

    def _finish(self, step: EffectStep, ctx: SUCtx) -> None:
        g, s, seat = ctx.game, ctx.state, ctx.you
        g.pop(s, step)
        name, deck = s.names[seat], s.zones[f"deck:{seat}"]
        found = [c for c in step.picked if c in deck]
        if self.top and found:
            card = found[0]
            deck.remove(card)
            g.forget_deck(s, seat)
            chance.shuffle(s, deck)
            deck.append(card)
            g.know(s, card, [seat])
            g.log(
                s,
                "search",
                ctx.rule,
                f"{name} finds {g.card_name(s, card)}, shuffles their deck and puts it on top",
                seat,
                visible_to=[seat],
                redacted=f"{name} finds a card, shuffles their deck and puts the card on top",
                chance=True,
            )
            return
        for card in found:
            g.to_zone(s, card, f"deck:{seat}", REVEALED)
        names = ", ".join(g.card_name(s, c) for c in found) or "nothing"
        g.log(s, "search", ctx.rule, f"{name} searches their deck and shows {names}", seat)
        g.forget_deck(s, seat)
        chance.shuffle(s, deck)
        g.log(s, "shuffle", ctx.rule, f"{name} shuffles their deck", seat, chance=True)
        if self.then is not None:
            self.then.start(ctx.child(0, vars=ctx.vars.with_cards(self.name, found)))
        else:
            for card in found:
                g.to_hand(s, card, REVEALED, ctx.rule)


# ------------------------------------------------------------------------------ looking
def _deck_end(ctx: SUCtx, n: int, end: str = "top", whose: Any = None) -> list[CardRef]:
    """The ``n`` cards at the ``top`` (first the top card) or ``bottom`` (first the bottom
    card) of a seat's deck (default yours)."""
    seat = ctx.you if whose is None else seats_of(whose)[0]
    deck = ctx.state.zones[f"deck:{seat}"]
    cards = list(reversed(deck)) if end == "top" else list(deck)
    return [CardRef(c) for c in cards[: max(0, int(n))]]


def _refill(ctx: SUCtx, whose: Any = None) -> bool:
    """A seat's (default your) empty deck is refilled from its discard pile, as before a
    look or a reveal (000 Draw 2 Cards); False: there is no card at all."""
    seat = ctx.you if whose is None else seats_of(whose)[0]
    return ctx.game.deck_top(ctx.state, seat) >= 0


def _look(ctx: SUCtx, what: Any) -> bool:
    """You look at the cards (in a deck, or buried): you know them while they stay there
    unseen (a deck's until it is shuffled; the log names them to you alone)."""
    g, s, seat = ctx.game, ctx.state, ctx.you
    cards = cards_of(what)
    if not cards:
        return False
    for c in cards:
        g.know(s, c, [seat])
    owner = s.cards[cards[0]].owner
    if zone_of(s, cards[0]).startswith("deck:"):
        where = "their deck" if owner == seat else f"{s.names[owner]}'s deck"
    else:
        where = "the buried cards"
    names = ", ".join(g.card_name(s, c) for c in cards)
    text = f"{s.names[seat]} looks at {len(cards)} card(s) of {where}"
    g.log(s, "look", ctx.rule, f"{text}: {names}", seat, visible_to=[seat], redacted=text)
    return True


@dataclass(frozen=True)
class Arrange(Effect):
    """``arrange(cards, where="top")``: you put the cards (in their owner's deck, known to
    you) back one at a time, each on top of the deck (``top:<card>``), or under it
    (``bottom:<card>``) with ``where="bottom"``, or either with ``where="either"``; the last
    put on top ends on top, the last put under ends at the bottom. A question is asked while
    there is a choice (a single card left goes where it must)."""

    what: Expr
    where: str = "top"
    prompt: str = "Put which card back on top next (the last one put back is the top card)?"
    immediate: bool = field(init=False, default=False)

    def start(self, ctx: SUCtx) -> None:
        super().start(ctx)
        step = ctx.state.stack[-1]
        step.picked.extend(cards_of(self.what.eval(ctx)))  # (still to place)

    def ask(self, step: EffectStep, ctx: SUCtx) -> Decision | None:
        left = step.picked[step.idx :]
        if not left or (len(left) == 1 and self.where != "either"):
            return None
        g, s = ctx.game, ctx.state
        options = []
        for c in left:
            name = g.card_name(s, c)
            if self.where != "bottom":
                options.append(Option(f"top:{c}", f"Put {name} on top", card=c, arg="top"))
            if self.where != "top":
                label = f"Put {name} at the bottom"
                options.append(Option(f"bottom:{c}", label, card=c, arg="bottom"))
        return Decision(ctx.you, "arrange", fill(ctx, self.prompt), options, ctx.rule)

    def run(self, step: EffectStep, ctx: SUCtx) -> None:
        left = step.picked[step.idx :]
        if left:
            self._place(step, ctx, left[0], "bottom" if self.where == "bottom" else "top")
        if step.idx >= len(step.picked):
            self._done(step, ctx)

    def answer(self, step: EffectStep, ctx: SUCtx, option: Option) -> None:
        assert option.card is not None and option.arg is not None
        self._place(step, ctx, option.card, option.arg)
        if step.idx >= len(step.picked):
            self._done(step, ctx)

    def _place(self, step: EffectStep, ctx: SUCtx, card: CardRef, end: str) -> None:
        s = ctx.state
        at = step.picked.index(card, step.idx)  # the placed cards go first in the list
        step.picked[step.idx], step.picked[at] = step.picked[at], step.picked[step.idx]
        step.idx += 1
        deck = s.zones[f"deck:{s.cards[card].owner}"]
        if card in deck:
            deck.remove(card)
            if end == "bottom":
                deck.insert(0, card)
            else:
                deck.append(card)

    def _done(self, step: EffectStep, ctx: SUCtx) -> None:
        g, s = ctx.game, ctx.state
        g.pop(s, step)
        placed = step.picked
        if not placed:
            return
        owner = s.cards[placed[0]].owner
        whose = "their" if owner == ctx.you else f"{s.names[owner]}'s"
        text = f"{s.names[ctx.you]} puts {len(placed)} card(s) back on {whose} deck"
        g.log(s, "arrange", ctx.rule, text, ctx.you)


# ------------------------------------------------------------------------------ revealing
def _back_in_order(ctx: SUCtx, what: Any) -> bool:
    """The revealed cards go back on top of their owners' decks in the order they came off
    (the first revealed on top again)."""
    g, s = ctx.game, ctx.state
    cards = [c for c in cards_of(what) if c in s.zones[REVEALED]]
    cards.sort(key=s.zones[REVEALED].index)
    for c in reversed(cards):
        g.to_deck_top(s, c)
    if cards:
        owners = sorted({s.cards[c].owner for c in cards})
        for owner in owners:
            mine = [c for c in cards if s.cards[c].owner == owner]
            text = f"{len(mine)} revealed card(s) go back on top of {s.names[owner]}'s deck"
            g.log(s, "to_deck", ctx.rule, text, owner)
    return bool(cards)


def _to_discard(ctx: SUCtx, what: Any) -> bool:
    """The cards (revealed, or in a deck) go to their owners' discard piles."""
    g, s = ctx.game, ctx.state
    done = False
    for c in cards_of(what):
        src = zone_of(s, c)
        owner = s.cards[c].owner
        if not src or src.startswith(("hand:", "discard:")):
            continue
        g.to_zone(s, c, src, f"discard:{owner}")
        g.log(
            s,
            "discard",
            ctx.rule,
            f"{g.card_name(s, c)} goes to {s.names[owner]}'s discard pile",
            owner,
            card=c,
        )
        g.fire(s, "card_to_discard", card=c, base_card=-1, owner=owner)
        done = True
    return done


# ------------------------------------------------------------------------------ hands
@dataclass(frozen=True)
class EachDiscards(Effect):
    """``each_discards(condition, then=None, whose=opponent, prompt=, name="discarded")``:
    each seat of ``whose`` in turn discards a card of its hand for which ``condition`` holds
    (``it``; that seat chooses: ``discard:<card>``, one option per distinct card) or, holding
    none, shows its hand to everyone (``show``). Each is asked even when the answer is
    forced, so nothing is learnt of a hand beyond what it shows. Then ``then`` happens, the
    card's player acting, with the cards discarded bound as ``name`` and the number of seats
    asked as ``asked``."""

    condition: Expr
    then: Effect | None = None
    whose: Expr | None = None
    prompt: str = "Discard such a card, or show your hand to prove you have none"
    name: str = "discarded"
    immediate: bool = field(init=False, default=False)

    def parts(self) -> tuple[Effect, ...]:
        return () if self.then is None else (self.then,)

    def start(self, ctx: SUCtx) -> None:
        super().start(ctx)
        step = ctx.state.stack[-1]
        who = self.whose.eval(ctx) if self.whose is not None else None
        step.seats = seats_of(who) if who is not None else []

    def _fits(self, ctx: SUCtx, seat: int) -> list[CardRef]:
        s = ctx.state
        seen: set[str] = set()
        out: list[CardRef] = []
        for c in s.zones[f"hand:{seat}"]:
            defn = s.cards[c].defn
            if defn in seen:
                continue
            it = ctx.vars.with_cards("it", [CardRef(c)])
            if compiled(self.condition)(Ctx(ctx.game, s, ctx.ability, ctx.source, seat, it)):
                seen.add(defn)
                out.append(CardRef(c))
        return out

    def ask(self, step: EffectStep, ctx: SUCtx) -> Decision | None:
        if step.idx >= len(step.seats):
            return None
        g, s = ctx.game, ctx.state
        seat = step.seats[step.idx]
        options = [
            Option(f"discard:{c}", f"Discard {g.label(s, c)}", card=c)
            for c in self._fits(ctx, seat)
        ]
        if not options:
            options.append(Option("show", "Show your hand: you have none"))
        return Decision(seat, "discard_or_show", fill(ctx, self.prompt), options, ctx.rule)

    def answer(self, step: EffectStep, ctx: SUCtx, option: Option) -> None:
        g, s = ctx.game, ctx.state
        seat = step.seats[step.idx]
        step.idx += 1
        if option.card is not None:
            step.picked.append(option.card)
            g.discard_from_hand(s, seat, option.card, ctx.rule)
            return
        hand = s.zones[f"hand:{seat}"]
        for c in hand:
            g.reveal(s, c)
        names = ", ".join(g.card_name(s, c) for c in hand) or "no cards"
        g.log(s, "reveal", ctx.rule, f"{s.names[seat]} shows their hand: {names}", seat)

    def run(self, step: EffectStep, ctx: SUCtx) -> None:
        g = ctx.game
        g.pop(ctx.state, step)
        if self.then is not None:
            vars = bind(ctx.vars.with_cards(self.name, list(step.picked)), "asked", len(step.seats))
            self.then.start(ctx.child(0, vars=vars))


def look_words() -> dict[str, Any]:
    """The words of this module."""

    def search_for(
        condition: Any,
        then: Any = None,
        n: int = 1,
        up_to: bool = False,
        top: bool = False,
        prompt: str = "Search your deck: take which card?",
        name: str = "found",
    ) -> SearchFor:
        return SearchFor(_e(condition), then, n, up_to, top, prompt, name)

    def each_discards(
        condition: Any,
        then: Any = None,
        whose: Any = None,
        prompt: str = EachDiscards.prompt,
        name: str = "discarded",
    ) -> EachDiscards:
        who = Seats("opponent") if whose is None else _e(whose)
        return EachDiscards(_e(condition), then, who, prompt, name)

    return {
        "search_for": search_for,
        "each_discards": each_discards,
        "deck_end": lambda n, end="top", whose=None: Call(
            "deck_end", _deck_end, (_e(n), _e(end), _e(whose))
        ),
        "refill": verb(VerbSpec("refill", _refill)),
        "look": verb(VerbSpec("look", _look)),
        "arrange": lambda what, where="top", prompt=Arrange.prompt: Arrange(
            _e(what), where, prompt
        ),
        "back_in_order": verb(VerbSpec("back_in_order", _back_in_order)),
        "to_discard": verb(VerbSpec("to_discard", _to_discard)),
    }
