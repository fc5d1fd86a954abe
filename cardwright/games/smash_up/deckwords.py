"""Smash Up's words for cards in hands, decks and discard piles, and for naming: taking a card
into the hand, putting cards on a deck, shuffling, looking at or discarding the top card,
playing a given card as an extra play, and naming a faction or a card (``words.py`` has the
verbs on minions and bases).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardwright.core import rng as chance
from cardwright.core.state import Bindings, CardRef, Option
from cardwright.core.vocab import (
    Effect,
    Expr,
    Seq,
    Verb,
    VerbSpec,
    cards_of,
    filters_from,
    seats_of,
)
from cardwright.core.vocab.effects import fill
from cardwright.core.vocab.exprs import Call, passing
from cardwright.core.vocab.menus import NOTHING, Found, Menu

from .selectors import _e, _first, _opt, verb
from .state import REVEALED, SUCtx, SUState


def zone_of(s: SUState, cid: int) -> str:
    """The zone of a card out of play: its owner's discard pile, hand or deck, or the
    revealed zone ("": none of them)."""
    owner = s.cards[cid].owner
    for zone in (f"discard:{owner}", REVEALED, f"hand:{owner}", f"deck:{owner}"):
        if cid in s.zones.get(zone, ()):
            return zone
    return ""


def _text(ctx: SUCtx, text: str, card: int) -> str:
    """A log line naming ``{card}`` (and any bound value)."""
    name = ctx.game.card_name(ctx.state, card) if card >= 0 else ""
    return fill(ctx, text.replace("{card}", name))


# ------------------------------------------------------------------------------ verbs
def _to_hand(ctx: SUCtx, what: Any, text: str = "") -> bool:
    """The cards (in a discard pile or revealed) go into their owners' hands; ``text``: the
    log line (default "<card> goes into <owner>'s hand")."""
    g, s = ctx.game, ctx.state
    done = False
    for cid in cards_of(what):
        src = zone_of(s, cid)
        if not src or src.startswith("hand:"):
            continue
        if text:
            g.to_zone(s, cid, src, f"hand:{s.cards[cid].owner}")
            g.log(s, "to_hand", ctx.rule, _text(ctx, text, cid), ctx.you, card=cid)
        else:
            g.to_hand(s, cid, src, ctx.rule)
        done = True
    return done


def _to_deck_top(ctx: SUCtx, what: Any, text: str = "", each: bool = True) -> bool:
    """The cards (from a discard pile, a hand or revealed) go on top of their owners' decks,
    in order; the log says ``text`` for each card (``each``) or once."""
    g, s = ctx.game, ctx.state
    cards = [c for c in cards_of(what) if zone_of(s, c) and not zone_of(s, c).startswith("deck:")]
    for cid in cards:
        g.to_deck_top(s, cid, zone_of(s, cid))
        if text and each:
            g.log(s, "to_deck", ctx.rule, _text(ctx, text, cid), ctx.you, card=cid)
    if text and not each and cards:
        g.log(s, "to_deck", ctx.rule, _text(ctx, text, -1), ctx.you)
    return bool(cards)


def _back_on_top(ctx: SUCtx, what: Any) -> bool:
    """The revealed cards go back on top of their owners' decks, in order (each logged)."""
    g, s = ctx.game, ctx.state
    done = False
    for cid in cards_of(what):
        if cid not in s.zones[REVEALED]:
            continue
        g.to_deck_top(s, cid)
        owner = s.cards[cid].owner
        text = f"{g.card_name(s, cid)} goes back on top of {s.names[owner]}'s deck"
        g.log(s, "to_deck", ctx.rule, text, owner)
        done = True
    return done


def _shuffle_deck(ctx: SUCtx, why: str = "") -> bool:
    """You shuffle your deck (``why``: what the log adds)."""
    ctx.game.shuffle_deck(ctx.state, ctx.you, ctx.rule, why)
    return True


def _deck_ready(ctx: SUCtx) -> bool:
    """Whether your deck has a card, an empty one refilled from your discard pile first
    (000 Draw 2 Cards)."""
    return ctx.game.deck_top(ctx.state, ctx.you) >= 0


def _look_top(ctx: SUCtx) -> bool:
    """You look at the top card of your deck (only you learn it); False: there is none."""
    return ctx.game.look_top(ctx.state, ctx.you, ctx.rule) >= 0


def _mill(ctx: SUCtx, what: Any, text: str = "{you_name} discards {card}") -> bool:
    """The cards go from their owners' decks to their discard piles."""
    g, s = ctx.game, ctx.state
    done = False
    for cid in cards_of(what):
        owner = s.cards[cid].owner
        if cid not in s.zones[f"deck:{owner}"]:
            continue
        g.to_zone(s, cid, f"deck:{owner}", f"discard:{owner}")
        g.log(s, "discard", ctx.rule, _text(ctx, text, cid), ctx.you)
        g.fire(s, "card_to_discard", card=cid, base_card=-1, owner=owner)
        done = True
    return done


def _play_extra(ctx: SUCtx, what: Any, at: Any = None, remember: bool = False) -> bool:
    """You play the card at once as an extra play, from where it is (at the base ``at``;
    ``remember``: it is remembered for the ability's card this turn, ``extras_of``)."""
    s, card = ctx.state, _first(what)
    if card >= 0:
        noted = ctx.source if remember and ctx.source is not None else -1
        ctx.game.play_extra(
            s, ctx.you, card, zone_of(s, card), -1 if at is None else _first(at), noted
        )
    return card >= 0


def _can_play(ctx: SUCtx, what: Any, at: Any = None) -> bool:
    """Whether you could play the card (from where it is) as an extra play now (at ``at``)."""
    g, s = ctx.game, ctx.state
    card = _first(what)
    if card < 0:
        return False
    if not g.is_minion(s, card) and not g.can_play_actions(s, ctx.you):
        return False
    base = -1 if at is None else _first(at)
    if at is not None and not g.base_in_play(s, base):
        return False
    return g.can_play(s, ctx.you, card, "extra", base)


def _reveal_top(ctx: SUCtx, n: int = 1) -> bool:
    """You reveal your top ``n`` cards: they go, top first, to the public revealed zone
    (``revealed``) until the ability puts them somewhere; False: there was none."""
    return bool(ctx.game.reveal_top(ctx.state, ctx.you, int(n), ctx.rule))


def _reveal_until(ctx: SUCtx, n: int = 1, **filters: Any) -> bool:
    """You reveal cards from the top of your deck, one at a time, until ``n`` of them pass
    the filters (``action=True``) or the deck runs out (a "reveal until" does not shuffle
    the discard pile in: research §A1 Draw 2 Cards); they wait in the revealed zone."""
    g, s, seat = ctx.game, ctx.state, ctx.you
    deck = s.zones[f"deck:{seat}"]
    wanted = filters_from(filters)
    shown: list[int] = []
    found = 0
    while deck and found < int(n):
        cid = deck[-1]
        g.to_zone(s, cid, f"deck:{seat}", REVEALED)
        shown.append(cid)
        if passing(ctx, wanted, [CardRef(cid)]):
            found += 1
    names = ", ".join(g.card_name(s, c) for c in shown) or "nothing (the deck is empty)"
    g.log(s, "reveal", ctx.rule, f"{s.names[seat]} reveals from their deck: {names}", seat)
    return bool(shown)


def _revealed(ctx: SUCtx) -> list[CardRef]:
    """The cards in the revealed zone, in the order they were revealed."""
    return [CardRef(c) for c in ctx.state.zones[REVEALED]]


def _peek_top(ctx: SUCtx) -> bool:
    """You look at your top card (the log shows it to you alone); False: your deck is
    empty."""
    g, s, seat = ctx.game, ctx.state, ctx.you
    deck = s.zones[f"deck:{seat}"]
    if not deck:
        return False
    top, name = deck[-1], s.names[seat]
    text = f"{name} looks at {g.card_name(s, deck[-1])} on top of their deck"
    redacted = f"{name} looks at the top card of their deck"
    g.log(s, "peek", ctx.rule, text, seat, visible_to=[seat], redacted=redacted, card=top)
    return True


def _top_to_bottom(ctx: SUCtx) -> bool:
    """You put your top card under your deck."""
    g, s, seat = ctx.game, ctx.state, ctx.you
    deck = s.zones[f"deck:{seat}"]
    if not deck:
        return False
    deck.insert(0, deck.pop())
    g.log(s, "to_bottom", ctx.rule, f"{s.names[seat]} puts their top card under their deck", seat)
    return True


def _reveal(ctx: SUCtx, what: Any) -> bool:
    """The cards (in a hand or deck) are shown: every player knows them from now on."""
    g = ctx.game
    for cid in cards_of(what):
        g.reveal(ctx.state, cid)
    return bool(cards_of(what))


def _hand_of(ctx: SUCtx, seat: Any) -> list[CardRef]:
    """The cards in a seat's hand."""
    return [CardRef(c) for c in ctx.state.zones[f"hand:{seats_of(seat)[0]}"]]


def _hand_size(ctx: SUCtx, seat: Any) -> int:
    return len(ctx.state.zones[f"hand:{seats_of(seat)[0]}"])


def _look_at_hand(ctx: SUCtx, seat: Any) -> bool:
    """You look at a seat's hand (or each seat's, in turn, for several): its cards are known
    to you (and the log shows them to you and that player only)."""
    g, s = ctx.game, ctx.state
    you = ctx.you
    for victim in seats_of(seat):
        hand = s.zones[f"hand:{victim}"]
        for cid in hand:
            g.know(s, cid, [you])
        names = ", ".join(g.card_name(s, c) for c in hand) or "no cards"
        looks = f"{s.names[you]} looks at {s.names[victim]}'s hand"
        text = f"{looks}: {names}"
        g.log(s, "look", ctx.rule, text, you, visible_to=[you, victim], redacted=looks)
    return True


def _discard_from_hand(ctx: SUCtx, what: Any, why: str = "") -> bool:
    """The cards (in hands) are discarded by their owners (``why``: what the log adds)."""
    g, s = ctx.game, ctx.state
    done = False
    for cid in cards_of(what):
        owner = s.cards[cid].owner
        if cid in s.zones[f"hand:{owner}"]:
            g.discard_from_hand(s, owner, cid, ctx.rule, fill(ctx, why))
            done = True
    return done


def _top_card(ctx: SUCtx) -> list[CardRef]:
    """The top card of your deck (none when it is empty)."""
    deck = ctx.state.zones[f"deck:{ctx.you}"]
    return [CardRef(deck[-1])] if deck else []


# ------------------------------------------------------------------------------ naming
@dataclass(frozen=True)
# The menus' ``options`` and ``_chosen`` take Smash Up's context (``SUCtx``) where the core's
# Menu declares any game's (``core/vocab/menus.py`` types them with a bare ``Ctx``, not
# ``AnyCtx`` as ``Effect`` does): a Smash Up menu only runs in Smash Up's context, hence the
# ``type: ignore[override]`` on those six methods (no cast in their bodies).
class Naming(Menu):
    """``name_faction(prompt, effect, among=None, none="")``: the acting seat names a faction
    (options ``faction:<id>`` read with its name, question kind ``name_faction``): one of
    ``among`` (an expression giving faction ids; default every faction in this game, in seat
    order), named without a question when there is only one; then ``effect`` with the words
    ``faction`` (its id) and ``faction_label`` (its name) bound. With none to name, ``none`` is
    logged and nothing happens.

    ``name_card(prompt, effect, among)``: the acting seat names a card among those of
    ``among`` (options ``name:<definition>``, "Name <card>", sorted; kind ``name_card``; always
    asked), logged, then ``effect`` with the word ``named`` bound."""

    effect: Effect = NOTHING
    among: Expr | None = None
    faction: bool = True

    def parts(self) -> tuple[Effect, ...]:
        return (self.effect,)

    def options(self, ctx: SUCtx) -> Found:  # type: ignore[override]
        cat = ctx.game.cat(ctx.state)
        out: Found = []
        v = ctx.vars
        if not self.faction:
            assert self.among is not None
            s = ctx.state
            for d in sorted({s.cards[c].defn for c in cards_of(self.among.eval(ctx))}):
                vars = Bindings(dict(v.cards), dict(v.nums), {**v.words, "named": d})
                out.append((Option(f"name:{d}", f"Name {cat.label[d]}", arg=d), 0, vars))
            return out
        if self.among is None:
            found = [f for pair in ctx.state.config["factions"] for f in pair]
        else:
            found = [str(f) for f in self.among.eval(ctx)]
        for f in found:
            name = cat.factions[f].name
            vars = Bindings(
                dict(v.cards), dict(v.nums), {**v.words, "faction": f, "faction_label": name}
            )
            out.append((Option(f"faction:{f}", name, arg=f), 0, vars))
        return out

    def _chosen(self, ctx: SUCtx, found: tuple[Option, int, Bindings]) -> None:  # type: ignore[override]
        if not self.faction:
            g = ctx.game
            text = f"{ctx.state.names[ctx.you]} names {g.cat(ctx.state).name(found[0].arg)}"
            g.log(ctx.state, "named", ctx.rule, text)
        super()._chosen(ctx, found)


@dataclass(frozen=True)
class SearchDeck(Menu):
    """``search_deck(verb="takes")``: you look through your deck (its cards are known to you
    until it is shuffled), take an action of your choice from it (options ``take:<card>``,
    one per distinct action, by name; ``none`` when it holds none: the question is always
    asked, so the others learn nothing of the deck: reading D10), show it and put it into
    your hand (the log says you ``verb`` it), then shuffle your deck."""

    verb: str = "takes"

    def options(self, ctx: SUCtx) -> Found:  # type: ignore[override]
        g, s = ctx.game, ctx.state
        seen: set[str] = set()
        out: Found = []
        for c in s.zones[f"deck:{ctx.you}"]:
            defn = s.cards[c].defn
            if not g.is_minion(s, c) and defn not in seen:
                seen.add(defn)
                option = Option(f"take:{c}", f"Take {g.card_name(s, c)}", card=CardRef(c))
                out.append((option, 0, ctx.vars))
        out.sort(key=lambda f: f[0].label)
        return out or [(Option("none", "There is no action to take"), 0, ctx.vars)]

    def _chosen(self, ctx: SUCtx, found: tuple[Option, int, Bindings]) -> None:  # type: ignore[override]
        g, s, seat = ctx.game, ctx.state, ctx.you
        name = s.names[seat]
        cid = found[0].card
        if cid is not None:
            g.to_zone(s, cid, f"deck:{seat}", f"hand:{seat}")
            g.reveal(s, cid)
            text = f"{name} finds {g.card_name(s, cid)} in their deck, shows it and {self.verb} it"
            g.log(s, "search", ctx.rule, text, seat, card=cid)
        else:
            g.log(s, "search", ctx.rule, f"{name} finds no action in their deck", seat)
        g.forget_deck(s, seat)
        chance.shuffle(s, s.zones[f"deck:{seat}"])
        g.log(s, "shuffle", ctx.rule, f"{name} shuffles their deck", seat, chance=True)


@dataclass(frozen=True)
class FindInDeck(Menu):
    """``find_in_deck(among, then, prompt=)``: you look through your deck (its cards are
    known to you until it is shuffled) and take a card of ``among`` (cards of your deck;
    options ``take:<card>``, one per distinct card; ``none`` when it holds none: always asked,
    so the others learn nothing of the deck, reading D10), which you show; then ``then``
    happens with it bound as ``chosen`` (``play_extra(chosen, at=here)``,
    ``to_hand(chosen)``). The deck is not shuffled here: the ability says when
    (``shuffle_deck()``, usually next)."""

    among: Expr | None = None
    then: Effect = NOTHING

    def parts(self) -> tuple[Effect, ...]:
        return (self.then,)

    def options(self, ctx: SUCtx) -> Found:  # type: ignore[override]
        assert self.among is not None
        g, s = ctx.game, ctx.state
        deck = set(s.zones[f"deck:{ctx.you}"])
        seen: set[str] = set()
        out: Found = []
        for c in cards_of(self.among.eval(ctx)):
            defn = s.cards[c].defn
            if c in deck and defn not in seen:
                seen.add(defn)
                vars = ctx.vars.with_cards("chosen", [c])
                option = Option(f"take:{c}", f"Take {g.label(ctx.state, c)}", card=c)
                out.append((option, 0, vars))
        out.sort(key=lambda f: f[0].label)
        return out or [(Option("none", "There is no such card to find"), -1, ctx.vars)]

    def _chosen(self, ctx: SUCtx, found: tuple[Option, int, Bindings]) -> None:  # type: ignore[override]
        g, s, seat = ctx.game, ctx.state, ctx.you
        option, part, vars = found
        name = s.names[seat]
        if option.card is None:
            g.log(s, "search", ctx.rule, f"{name} finds no such card in their deck", seat)
            return
        g.reveal(s, option.card)
        text = f"{name} finds {g.card_name(s, option.card)} in their deck and shows it"
        g.log(s, "search", ctx.rule, text, seat, card=option.card)
        self.then.start(ctx.child(part, vars=vars))


def _find_in_deck(among: Any, then: Any = None, prompt: str = "", none: str = "") -> Seq:
    look = Verb(VerbSpec("look_through_deck", _look_through_deck))
    return Seq(
        (
            look,
            FindInDeck(
                prompt=prompt or "Search your deck: take which card?",
                kind="search",
                always_ask=True,
                none=none,
                among=_e(among),
                then=NOTHING if then is None else then,
            ),
        )
    )


def _look_through_deck(ctx: SUCtx) -> bool:
    """You look through your deck: its cards are known to you until it is shuffled."""
    g = ctx.game
    for c in ctx.state.zones[f"deck:{ctx.you}"]:
        g.know(ctx.state, c, [ctx.you])
    return True


def _search_deck(verb: str = "takes") -> Seq:
    look = Verb(VerbSpec("look_through_deck", _look_through_deck))
    return Seq(
        (
            look,
            SearchDeck(
                prompt="Search your deck: take which action?",
                kind="search",
                always_ask=True,
                verb=verb,
            ),
        )
    )


def _name_faction(prompt: str, effect: Any, among: Any = None, none: str = "") -> Naming:
    return Naming(prompt=prompt, kind="name_faction", none=none, effect=effect, among=_opt(among))


def _name_card(prompt: str, effect: Any, among: Any) -> Naming:
    return Naming(
        prompt=prompt,
        kind="name_card",
        always_ask=True,
        effect=effect,
        among=_e(among),
        faction=False,
    )


def deck_words() -> dict[str, Any]:
    """The words of this module."""
    return {
        "to_hand": verb(VerbSpec("to_hand", _to_hand)),
        "to_deck_top": verb(VerbSpec("to_deck_top", _to_deck_top)),
        "shuffle_deck": verb(VerbSpec("shuffle_deck", _shuffle_deck)),
        "look_top": verb(VerbSpec("look_top", _look_top)),
        "deck_ready": verb(VerbSpec("deck_ready", _deck_ready)),
        "mill": verb(VerbSpec("mill", _mill)),
        "play_extra": verb(VerbSpec("play_extra", _play_extra, pushes=True)),
        "can_play": lambda what, at=None: Call("can_play", _can_play, (_e(what), _e(at))),
        "top_card": Call("top_card", _top_card),
        "peek_top": verb(VerbSpec("peek_top", _peek_top)),
        "top_to_bottom": verb(VerbSpec("top_to_bottom", _top_to_bottom)),
        "reveal": verb(VerbSpec("reveal", _reveal)),
        "hand_of": lambda seat: Call("hand_of", _hand_of, (_e(seat),)),
        "hand_size": lambda seat: Call("hand_size", _hand_size, (_e(seat),)),
        "look_at_hand": verb(VerbSpec("look_at_hand", _look_at_hand)),
        "discard_from_hand": verb(VerbSpec("discard_from_hand", _discard_from_hand)),
        "reveal_top": verb(VerbSpec("reveal_top", _reveal_top)),
        "reveal_until": verb(VerbSpec("reveal_until", _reveal_until)),
        "back_on_top": verb(VerbSpec("back_on_top", _back_on_top)),
        "revealed": Call("revealed", _revealed),
        "name_faction": _name_faction,
        "search_deck": _search_deck,
        "find_in_deck": _find_in_deck,
        "name_card": _name_card,
    }
