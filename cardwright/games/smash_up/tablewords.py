"""Smash Up's words for what goes round the table and what a turn remembers, added for Awesome
Level 9000 and The Obligatory Cthulhu Set (``docs/cards.md``, Smash Up's words):

* ``offer(effect, refused=None, then=None, whose=opponent, can=None, prompt=, yes=, no=,
  kind="offer")``: each seat of ``whose`` in turn is asked whether it does ``effect`` (as
  ``you``; the yes is offered only while ``can`` holds for that seat, the question is asked
  anyway); then ``refused`` happens once for each seat that said no, bound as ``refuser``, with
  the card's player acting again; then ``then``, with ``accepted`` and ``refused`` (how many
  said yes, no) bound. "Each other player may draw a Madness card. For each other player who
  does not, you may ...";
* ``for_each_seat(effect, whose=opponent, name="seat")``: ``effect`` once per seat, bound as
  ``name``, the card's player still acting ("for each other player, name an action");
* ``reveal_hands(seats)``, ``hands_of(seats)``, ``most_in_hand(seats, <filters>)``: hands
  shown to everyone, the cards in them, the largest number of matching cards in one of them;
* ``shuffle_discard(who=you)``: a discard pile is shuffled into its deck;
* ``owned_by(seats, <filters>)``: every card those seats own, wherever it is (to name a card
  of theirs: which definitions they own is public, the factions are);
* ``note(card, tag)`` / ``noted(card, tag)``: a card remembers, until the turn ends or it
  leaves play, that something happened (the tag may name bound values: ``'{seat}'``);
  ``fmt(text)`` is such a text as a value (``once=fmt('{seat}')``: once per turn per seat);
* ``extras_of(card)``: the cards played this turn through that card's remembered extra plays
  (``extra(..., remember=True)``, ``play_extra(..., remember=True)``);
* ``moved_here(base, by)``: the minions of other players that seat ``by`` moved to the base
  this turn (still there);
* ``leads(base, seat)``: whether the seat has more power at the base than each other player;
  ``bases_of(cards)``: the bases those cards are at;
* ``give_control(cards)``: the cards in play go back under their owners' control (an effect
  ending, not a new one: nothing stops it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardwright.core import rng as chance
from cardwright.core.state import Bindings, CardRef, Decision, Option, refs
from cardwright.core.vocab import (
    Effect,
    Expr,
    VerbSpec,
    cards_of,
    filters_from,
    seat_word,
    seats_of,
)
from cardwright.core.vocab.binding import bind
from cardwright.core.vocab.effects import ForEach, fill
from cardwright.core.vocab.exprs import Call, Seats, passing

from . import values
from .selectors import _e, _first, _opt, player, verb
from .state import SUCtx

if TYPE_CHECKING:
    from cardwright.core.vocab import EffectStep


# ------------------------------------------------------------------------------ offer
@dataclass(frozen=True)
class Offer(Effect):
    """See the module docstring. The step keeps the seats asked (``seats``), how far it got
    (``idx``: asking, then the refusals, then ``then``) and the answers (bound as
    ``accepted`` and ``refused_seats``, a bit per seat)."""

    effect: Effect
    refused: Effect | None = None
    then: Effect | None = None
    whose: Expr = field(default_factory=lambda: Seats("opponent"))
    can: Expr | None = None
    prompt: str = "Do it?"
    yes: str = "Yes"
    no: str = "No"
    kind: str = "offer"
    immediate: bool = field(init=False, default=False)

    def parts(self) -> Sequence[Effect]:
        from cardwright.core.vocab.menus import NOTHING

        return (self.effect, self.refused or NOTHING, self.then or NOTHING)

    def _seats(self, step: EffectStep, ctx: SUCtx) -> list[int]:
        if not step.seats and step.idx == 0 and step.n == 0:
            return seats_of(self.whose.eval(ctx))
        return list(step.seats)

    def ask(self, step: EffectStep, ctx: SUCtx) -> Decision | None:
        seats = self._seats(step, ctx)
        if step.idx >= len(seats):
            return None
        seat = seats[step.idx]
        inner = ctx.child(0, you=seat)
        options = []
        if self.can is None or self.can.eval(inner):
            options.append(Option("yes", fill(inner, self.yes)))
        options.append(Option("no", fill(inner, self.no)))
        return Decision(seat, self.kind, fill(inner, self.prompt), options, ctx.rule)

    def answer(self, step: EffectStep, ctx: SUCtx, option: Option) -> None:
        seats = self._seats(step, ctx)
        if not step.seats:
            step.seats = seats
            step.n = len(seats)
        seat = seats[step.idx]
        step.idx += 1
        nums = dict(step.vars.nums)
        if option.id == "yes":
            nums["accepted"] = nums.get("accepted", 0) + 1
            step.vars = Bindings(dict(step.vars.cards), nums, dict(step.vars.words))
            self.effect.start(ctx.child(0, you=seat))
        else:
            nums["refused_seats"] = nums.get("refused_seats", 0) | (1 << seat)
            step.vars = Bindings(dict(step.vars.cards), nums, dict(step.vars.words))

    def run(self, step: EffectStep, ctx: SUCtx) -> None:
        seats = self._seats(step, ctx)
        if not step.seats:
            step.seats = seats
            step.n = len(seats)
        n = len(seats)
        nums = step.vars.nums
        mask = nums.get("refused_seats", 0)
        while step.idx < 2 * n:  # the refusals, one at a time (each may ask)
            seat = seats[step.idx - n]
            step.idx += 1
            if mask & (1 << seat) and self.refused is not None:
                vars = bind(ctx.vars, "refuser", seat)
                self.refused.start(ctx.child(1, vars=vars))
                return
        ctx.game.pop(ctx.state, step)
        if self.then is not None:
            accepted = nums.get("accepted", 0)
            vars = bind(bind(ctx.vars, "accepted", accepted), "refused", bin(mask).count("1"))
            self.then.start(ctx.child(2, vars=vars))


def _offer(
    effect: Any,
    refused: Any = None,
    then: Any = None,
    whose: Any = None,
    can: Any = None,
    prompt: str = "Do it?",
    yes: str = "Yes",
    no: str = "No",
    kind: str = "offer",
) -> Offer:
    return Offer(effect, refused, then, _seats(whose), _opt(can), prompt, yes, no, kind)


# ------------------------------------------------------------------------------ for each seat
def _for_each_seat(effect: Any, whose: Any = None, name: str = "seat") -> ForEach:
    return ForEach(_seats(whose), effect, name, seats=True)


def _seats(whose: Any) -> Expr:
    """Seats given by a word (``"opponent"``, bare or quoted) or an expression."""
    if whose is None:
        return Seats("opponent")
    if isinstance(whose, str):
        return Seats(seat_word(whose))
    return _e(whose)


# ------------------------------------------------------------------------------ hands
def _hands_of(ctx: SUCtx, who: Any) -> list[CardRef]:
    out: list[CardRef] = []
    for seat in seats_of(who):
        out.extend(refs(ctx.state.zones[f"hand:{seat}"]))
    return out


def _reveal_hands(ctx: SUCtx, who: Any) -> bool:
    """The seats show their hands to everyone (each card is known to all from now on, until
    it is shuffled away or leaves the hand); the log names them."""
    g, s = ctx.game, ctx.state
    for seat in seats_of(who):
        hand = s.zones[f"hand:{seat}"]
        for cid in hand:
            g.reveal(s, cid)
        names = ", ".join(sorted(g.card_name(s, c) for c in hand)) or "no cards"
        g.log(s, "reveal", ctx.rule, f"{s.names[seat]} reveals their hand: {names}", seat)
    return True


@dataclass(frozen=True, slots=True)
class MostInHand(Expr):
    """``most_in_hand(seats, <filters>)``: the largest number of cards passing the filters in
    one hand of those seats (0 with none)."""

    who: Expr
    filters: tuple[Any, ...]

    def eval(self, ctx: SUCtx) -> int:
        zones = ctx.state.zones
        best = 0
        for seat in seats_of(self.who.eval(ctx)):
            hand = refs(zones[f"hand:{seat}"])
            best = max(best, len(passing(ctx, self.filters, hand)))
        return best


@dataclass(frozen=True, slots=True)
class OwnedBy(Expr):
    """``owned_by(seats, <filters>)``: the cards those seats own, wherever they are (in the
    order of their ids), passing the filters."""

    who: Expr
    filters: tuple[Any, ...]

    def eval(self, ctx: SUCtx) -> list[CardRef]:
        seats = set(seats_of(self.who.eval(ctx)))
        found = [CardRef(c) for c, card in sorted(ctx.state.cards.items()) if card.owner in seats]
        return passing(ctx, self.filters, found)


def _shuffle_discard(ctx: SUCtx, who: Any = None) -> bool:
    """You (or each seat of ``who``) shuffle your discard pile into your deck."""
    g, s = ctx.game, ctx.state
    for seat in seats_of(ctx.you if who is None else who):
        discard = s.zones[f"discard:{seat}"]
        moved = len(discard)
        deck = s.zones[f"deck:{seat}"]
        for cid in list(discard):
            g.to_zone(s, cid, f"discard:{seat}", f"deck:{seat}")
        for cid in deck:
            s.cards[cid].face_up = False
        g.forget_deck(s, seat)
        chance.shuffle(s, deck)
        text = f"{s.names[seat]} shuffles their discard pile ({moved} card(s)) into their deck"
        g.log(s, "shuffle", ctx.rule, text, seat, chance=True)
    return True


# ------------------------------------------------------------------------------ memory
def _note(ctx: SUCtx, what: Any, tag: str) -> bool:
    """The card remembers ``tag`` (its bound values filled in) until the turn ends or it
    leaves play."""
    card = _first(what)
    if card < 0:
        return False
    ctx.game.use_once(ctx.state, card, f"note:{fill(ctx, tag)}")
    return True


def _noted(ctx: SUCtx, what: Any, tag: str) -> bool:
    card = _first(what)
    return card >= 0 and ctx.game.once_used(ctx.state, card, f"note:{fill(ctx, tag)}")


def _extras_of(ctx: SUCtx, what: Any) -> list[CardRef]:
    """The cards played this turn through the card's remembered extra plays, in order."""
    card = _first(what)
    return [u.about for u in ctx.state.used if u.card == card and u.tag == "extra" and u.about]


def _moved_here(ctx: SUCtx, where: Any, by: Any) -> list[CardRef]:
    """The minions of other players that the seat ``by`` moved to the base this turn (those
    still at it)."""
    g, s = ctx.game, ctx.state
    bid = _first(where)
    if bid < 0:
        return []
    tag = f"moved_rival:{seats_of(by)[0]}"
    at = set(g.minions_at(s, bid)) if g.base_in_play(s, bid) else set()
    return [u.about for u in s.used if u.card == bid and u.tag == tag and u.about in at]


def _bases_of(ctx: SUCtx, what: Any) -> list[CardRef]:
    """The bases the cards are at (each once, in table order)."""
    g, s = ctx.game, ctx.state
    at = {g.base_of(s, c) for c in cards_of(what)}
    return [CardRef(b) for b in s.zones["bases"] if b in at]


def _leads(ctx: SUCtx, where: Any, seat: Any) -> bool:
    """Whether the seat has more power at the base than every other player."""
    powers = ctx.game.powers_at(ctx.state, _first(where))
    mine = powers.get(seats_of(seat)[0], 0)
    return all(v < mine for p, v in powers.items() if p != seats_of(seat)[0])


def _give_control(ctx: SUCtx, what: Any) -> bool:
    """The cards in play go back under their owners' control."""
    g, s = ctx.game, ctx.state
    done = False
    for cid in cards_of(what):
        card = s.cards[cid]
        if g.base_of(s, cid) < 0 or card.controller == card.owner:
            continue
        card.controller = card.owner
        values.changed(s)
        text = f"{g.card_name(s, cid)} goes back under {s.names[card.owner]}'s control"
        g.log(s, "control", ctx.rule, text, player(ctx), card=cid)
        done = True
    return done


def table_words() -> dict[str, Any]:
    """The words of this module (see the module docstring)."""
    return {
        "offer": _offer,
        "for_each_seat": _for_each_seat,
        "hands_of": lambda who: Call("hands_of", _hands_of, (_e(who),)),
        "reveal_hands": verb(VerbSpec("reveal_hands", _reveal_hands)),
        "most_in_hand": lambda who, **f: MostInHand(_e(who), filters_from(f)),
        "owned_by": lambda who, **f: OwnedBy(_e(who), filters_from(f)),
        "shuffle_discard": verb(VerbSpec("shuffle_discard", _shuffle_discard)),
        "note": verb(VerbSpec("note", _note)),
        "noted": lambda what, tag: Call("noted", _noted, (_e(what), _e(tag))),
        "fmt": lambda text: Call("fmt", lambda ctx, t: fill(ctx, t), (_e(text),)),
        "extras_of": lambda what: Call("extras_of", _extras_of, (_e(what),)),
        "moved_here": lambda where, by: Call("moved_here", _moved_here, (_e(where), _e(by))),
        "leads": lambda where, seat: Call("leads", _leads, (_e(where), _e(seat))),
        "bases_of": lambda what: Call("bases_of", _bases_of, (_e(what),)),
        "give_control": verb(VerbSpec("give_control", _give_control)),
    }
