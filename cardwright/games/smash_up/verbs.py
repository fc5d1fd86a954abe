"""Smash Up's verbs on cards in play: destroying, moving, returning, shuffling or placing into a
deck, power changes and +1 power counters, transferring and taking control of actions, a base
taking another's place, and a card leaving play (000 Terms: Destroy, Move, Return, Transfer,
Affect).

Every verb that changes a minion first checks the "cannot"s (:func:`~.values.blocked`), then
the replacements ("instead"), then records the affect (:func:`~.affects.affected`). These
functions are methods of :class:`~.game.SmashUp` (``game.destroy(state, minion, seat, rule)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core import rng as chance
from cardwright.core.state import CardRef

from . import burying, history, inplay, values
from .catalog import BASE_DECK, BASES, base_zone
from .state import AffectEffect, Lasting, SUState

if TYPE_CHECKING:
    from .game import SmashUp


def start_lasting(
    g: SmashUp,
    s: SUState,
    key: str,
    target: int,
    amount: int,
    source: int = -1,
    seat: int = -1,
    until: str = "end_of_turn",
) -> bool:
    """Start a lasting effect. On a minion in play it affects that minion: a card that
    protects it from ``seat`` stops it (False), and it is recorded (:func:`~.affects.affected`)."""
    minion = key != "breakpoint" and g.base_of(s, target) >= 0
    if minion and g.blocked(s, key, target, seat):
        g.log(
            s,
            "not_affected",
            "su.terms.cannot",
            f"{g.card_name(s, target)} cannot be affected",
            seat,
        )
        return False
    if minion:
        verb = "power" if key == "power" else "lasting"
        effect = AffectEffect("lasting", key=key, amount=amount, until=until)
        if not g.affected(s, target, verb, effect):
            return False
    if minion and key == "power" and amount < 0:
        history.fell(g, s, target)
    src = None if source < 0 else CardRef(source)
    s.lasting.append(Lasting(key, CardRef(target), seat, amount, src, until=until))
    values.changed(s)
    return True


def add_counters(g: SmashUp, s: SUState, cid: int, count: int, seat: int, rule: str) -> bool:
    """Put +1 power counters on a minion in play (False: it was protected, or a
    replacement took the effect)."""
    if count <= 0 or g.base_of(s, cid) < 0:
        return False
    if g.blocked(s, "counters", cid, seat):
        g.log(
            s,
            "not_affected",
            "su.terms.cannot",
            f"{g.card_name(s, cid)} cannot be affected",
            seat,
        )
        return False
    if not g.affected(s, cid, "counters", AffectEffect("counters", amount=count)):
        return False
    counters = s.cards[cid].counters
    counters["p1"] = counters.get("p1", 0) + count
    values.changed(s)
    if s.logging:  # (the words name cards: not made when nothing is logged)
        g.log(
            s,
            "counters",
            rule,
            f"{g.card_name(s, cid)} gets {count} +1 power counter(s) ({counters['p1']} now)",
            seat,
            card=cid,
        )
    return True


def move_counters(
    g: SmashUp, s: SUState, src: int, dest: int, count: int, seat: int, rule: str
) -> None:
    """Transfer +1 power counters from one card in play to another."""
    have = s.cards[src].counters.get("p1", 0)
    count = min(count, have)
    if count <= 0 or g.blocked(s, "counters", src, seat):
        return
    if not g.affected(s, src, "counters"):
        return
    history.fell(g, s, src)
    # a destination that cannot take them (protected, or a replacement took the effect):
    # the counters are discarded instead
    lands = not g.blocked(s, "counters", dest, seat) and g.affected(s, dest, "counters")
    if have == count:
        del s.cards[src].counters["p1"]
    else:
        s.cards[src].counters["p1"] = have - count
    values.changed(s)
    if not lands:
        return
    counters = s.cards[dest].counters
    counters["p1"] = counters.get("p1", 0) + count
    if s.logging:  # (as in add_counters)
        g.log(
            s,
            "counters",
            rule,
            f"{s.names[seat]} moves {count} +1 power counter(s) from {g.card_name(s, src)} "
            f"to {g.card_name(s, dest)}",
            seat,
            from_defn=s.cards[src].defn,
            to_defn=s.cards[dest].defn,
        )


def leave_play(g: SmashUp, s: SUState, cid: int, dest: str, *, bottom: bool = False) -> None:
    """A card leaves play for its owner's hand, deck or discard pile: the cards attached to
    it go to their owners' discard piles, its counters are gone and effects on it end."""
    bid = g.base_of(s, cid)
    if bid < 0:
        return
    history.fell(g, s, cid)
    for other, host in list(s.attached.items()):
        if host == cid:
            leave_play(g, s, other, f"discard:{s.cards[other].owner}")
    card = s.cards[cid]
    instead = g.instead_of_discard(s, cid, bid) if dest.startswith("discard:") else None
    if instead is not None:
        dest, bottom = f"{instead}:{card.owner}", False
    controller, had = card.controller, card.counters.get("p1", 0)
    host = s.attached.get(CardRef(cid), CardRef(bid))
    offer = g.offer_instead(s, cid) if instead is None and dest.startswith("discard:") else None
    g.to_zone(s, cid, base_zone(bid), dest, bottom=bottom)
    card.controller = card.owner
    card.counters.clear()
    s.attached.pop(CardRef(cid), None)
    if s.lasting:
        s.lasting = [e for e in s.lasting if e.target != cid]
    values.changed(s)
    if s.used:
        s.used = [u for u in s.used if u.card != cid]
    if instead is not None:
        went_instead(g, s, cid, instead)
    elif dest.startswith("discard:"):  # the card itself hears it too (Jumper, Igor)
        g.fire(
            s,
            "card_to_discard",
            also=(cid,),
            card=cid,
            base_card=bid,
            owner=card.owner,
            controller=controller,
            counters=had,
            was_on_card=-1 if host == bid else host,
        )
        if offer is not None:
            g.queue_offer(s, offer, cid)
    # "after this card leaves play" (the card hears it wherever it went)
    g.fire(
        s, "left_play", also=[cid], card=cid, base_card=bid, was_on_card=-1 if host == bid else host
    )


def went_instead(g: SmashUp, s: SUState, cid: int, where: str) -> None:
    owner = s.cards[cid].owner
    name = g.card_name(s, cid)
    if where == "deck":
        chance.shuffle(s, s.zones[f"deck:{owner}"])
        text = f"{name} is shuffled into {s.names[owner]}'s deck instead of being discarded"
        g.log(s, "instead", "su.terms.instead", text, owner, card=cid, chance=True)
    else:
        text = f"{name} goes to {s.names[owner]}'s hand instead of being discarded"
        g.log(s, "instead", "su.terms.instead", text, owner, card=cid)


def destroy(
    g: SmashUp,
    s: SUState,
    cid: int,
    actor: int,
    rule: str,
    *,
    by: int | None = None,
    replace: bool = True,
) -> bool:
    """Destroy a minion in play (it goes to its owner's discard pile) unless a card says it
    cannot be destroyed. ``actor`` is the player whose card destroys it (-1: a base or the
    rules); ``by`` the player who chose to (credited with it; default ``actor``);
    ``replace=False``: the replacements ("instead") are not asked."""
    card = s.cards[cid]
    owner, controller = card.owner, card.controller
    if by is None:
        by = actor
    effect = AffectEffect("destroy")
    bid = about_to(g, s, cid, "destroy", actor, "destroyed", effect, by, replace)
    if bid < 0:
        return False
    name = g.card_name(s, cid) if s.logging else ""  # (as it was in play: before it leaves)
    leave_play(g, s, cid, f"discard:{owner}")
    if s.logging:
        g.log(
            s,
            "destroyed",
            rule,
            f"{name} ({s.names[controller]}) is destroyed at {g.card_name(s, bid)}",
            actor,
            card=cid,
        )
    g.fire(
        s,
        "minion_destroyed",
        also=[cid],
        minion_card=cid,
        base_card=bid,
        owner=owner,
        controller=controller,
        by=by,
    )
    if by >= 0:  # what a player destroyed (Nightstalker, Specials "after you destroy")
        history.note(g, s, "destroyed", None, by, about=cid, at=bid)
        acting = s.acting
        source = acting.source if acting is not None else -1
        g.fire(s, "destroyed_by_card", minion_card=cid, base_card=bid, by=by, source_card=source)
    return True


def about_to(
    g: SmashUp,
    s: SUState,
    cid: int,
    verb: str,
    actor: int,
    refusal: str,
    effect: AffectEffect,
    chooser: int = -1,
    replaceable: bool = False,
) -> int:
    """The base of card ``cid`` when ``verb`` by ``actor`` may now change it, else -1. It
    must be in play and not protected (a "cannot", logged as "cannot be ``refusal``"); a
    ``replaceable`` verb then asks the replacements for it ("instead", e.g. Buccaneer);
    last :func:`~.affects.affected` records the affect, unless a replacement takes it (Tooth
    and Claw). The one prelude of the verbs that change a minion."""
    bid = g.base_of(s, cid)
    if bid < 0:
        return -1
    if g.blocked(s, verb, cid, actor):
        name = g.card_name(s, cid)
        g.log(s, f"not_{refusal}", "su.terms.cannot", f"{name} cannot be {refusal}", actor)
        return -1
    if replaceable and replaced(g, s, verb, minion_card=cid, base_card=bid, by=actor):
        return -1
    return bid if g.affected(s, cid, verb, effect, chooser=chooser) else -1


def replaced(g: SmashUp, s: SUState, event: str, **data: Any) -> bool:
    """Ask each card and base in play with a replacement for ``event`` (``AbilitySpec.
    replace``) whether it does something else instead; the first that does wins."""
    kinds = g.cat(s).replace_specs.get(event)
    if not kinds:
        return False
    payload = {"event": event, **data}
    return any(spec.replace[event](g, s, src, payload) for src, spec in g.sources(s, kinds))


def destroy_action(g: SmashUp, s: SUState, cid: int, actor: int, rule: str) -> bool:
    """Destroy an action in play: it goes to its owner's discard pile (what is on it too)."""
    bid = g.base_of(s, cid)
    if bid < 0:
        return False
    name = g.card_name(s, cid)
    if g.blocked(s, "destroy", cid, actor):
        g.log(s, "not_destroyed", "su.terms.cannot", f"{name} cannot be destroyed", actor)
        return False
    leave_play(g, s, cid, f"discard:{s.cards[cid].owner}")
    g.log(
        s,
        "destroyed",
        rule,
        f"{name} is destroyed at {g.card_name(s, bid)}",
        actor,
        card=cid,
    )
    return True


def move_minion(g: SmashUp, s: SUState, cid: int, dest: int, actor: int, rule: str) -> bool:
    """Move a minion in play to another base with the cards attached to it (000 Terms:
    Move); moving is not playing, so on-play abilities do not happen."""
    src = g.base_of(s, cid)
    if src < 0 or src == dest or not g.base_in_play(s, dest):
        return False
    effect = AffectEffect("move", base=CardRef(dest))
    if about_to(g, s, cid, "move", actor, "moved", effect) < 0:
        return False
    history.fell(g, s, cid)
    name = g.card_name(s, cid) if s.logging else ""  # (as it was before it moves)
    carried = [cid, *(a for a, host in s.attached.items() if host == cid)]
    for c in carried:
        g.to_zone(s, c, base_zone(src), base_zone(dest))
    if s.logging:
        g.log(
            s,
            "moved",
            rule,
            f"{name} moves from {g.card_name(s, src)} to {g.card_name(s, dest)}",
            actor,
            card=cid,
        )
    g.use_once(s, dest, "arrived", cid)
    if 0 <= actor != s.cards[cid].controller:  # a rival's minion moved by a player's card
        g.use_once(s, dest, f"moved_rival:{actor}", cid)
    g.fire(s, "minion_moved", minion_card=cid, from_card=src, to_card=dest, by=actor)
    return True


def return_to_hand(g: SmashUp, s: SUState, cid: int, actor: int, rule: str) -> bool:
    """Return a card in play to its owner's hand; what was on it is discarded."""
    bid = about_to(g, s, cid, "return", actor, "returned", AffectEffect("return"))
    if bid < 0:
        return False
    name = g.card_name(s, cid) if s.logging else ""  # (as it was in play: before it leaves)
    owner = s.cards[cid].owner
    leave_play(g, s, cid, f"hand:{owner}")
    if s.logging:
        text = f"{name} returns to {s.names[owner]}'s hand from {g.card_name(s, bid)}"
        g.log(s, "returned", rule, text, actor, card=cid)
    g.fire(s, "card_returned", card=cid, base_card=bid, owner=owner, by=actor)
    return True


def transfer_action(g: SmashUp, s: SUState, aid: int, dest: int, actor: int, rule: str) -> bool:
    """Transfer an action attached to a base onto another base, or one attached to a minion
    onto another minion in play (000 Terms: Transfer); its controller stays the same."""
    src = s.attached.get(CardRef(aid), -1)
    if src < 0 or src == dest:
        return False
    if src in s.zones[BASES]:
        if not g.base_in_play(s, dest):
            return False
    elif not (g.is_minion(s, src) and g.is_minion(s, dest) and g.base_of(s, dest) >= 0):
        return False
    name = g.card_name(s, aid)
    if g.blocked(s, "transfer", aid, actor) or (
        src not in s.zones[BASES] and g.blocked(s, "attach", dest, actor)
    ):
        g.log(s, "not_moved", "su.terms.cannot", f"{name} cannot be transferred", actor)
        return False
    bases = s.zones[BASES]
    src_base = src if src in bases else g.base_of(s, src)
    dest_base = dest if dest in bases else g.base_of(s, dest)
    g.to_zone(s, aid, base_zone(src_base), base_zone(dest_base))
    s.attached[CardRef(aid)] = CardRef(dest)
    values.changed(s)
    if s.logging:  # (as in add_counters)
        text = f"{name} is transferred from {g.card_name(s, src)} to {g.card_name(s, dest)}"
        g.log(s, "transferred", rule, text, actor, card=aid)
    g.fire(s, "action_transferred", action_card=aid, from_card=src, to_card=dest, by=actor)
    return True


def take_control(g: SmashUp, s: SUState, cid: int, seat: int, rule: str) -> bool:
    """``seat`` takes control of a card in play (it keeps its owner)."""
    card = s.cards[cid]
    if g.base_of(s, cid) < 0 or card.controller == seat:
        return False
    if g.blocked(s, "control", cid, seat):
        name = g.card_name(s, cid)
        g.log(s, "not_taken", "su.terms.cannot", f"{name} cannot change control", seat)
        return False
    before = card.controller
    history.fell(g, s, cid)
    card.controller = seat
    values.changed(s)
    g.log(
        s,
        "control",
        rule,
        f"{s.names[seat]} takes control of {g.card_name(s, cid)} from {s.names[before]}",
        seat,
        card=cid,
    )
    return True


#: the lasting effect of a change of control that ends (``seat``: who gets the card back)
CONTROL = "control"


def give_back_control(g: SmashUp, s: SUState, ends: tuple[str, ...]) -> None:
    """Control taken "until the end of the turn" (a ``control`` lasting effect, whose seat
    is the controller before) goes back as the turn ends, for each card still in play."""
    for e in s.lasting:
        if e.key != CONTROL or e.until not in ends or e.target is None:
            continue
        cid = e.target
        card = s.cards[cid]
        if g.base_of(s, cid) < 0 or card.controller == e.seat:
            continue
        was = card.controller
        card.controller = e.seat
        values.changed(s)
        text = f"{s.names[e.seat]} takes back control of {g.card_name(s, cid)} from {s.names[was]}"
        g.log(s, "control", "su.terms.control_until", text, e.seat, card=cid)


def to_deck(g: SmashUp, s: SUState, cid: int, actor: int, rule: str, how: str = "shuffle") -> bool:
    """A card in play goes into its owner's deck: ``shuffle`` (shuffled in), ``top`` or
    ``bottom`` (placed). What was on it is discarded. A protected minion stays."""
    verb = "shuffle" if how == "shuffle" else "place"
    bid = about_to(g, s, cid, verb, actor, "affected", AffectEffect("to_deck", how=how))
    if bid < 0:
        return False
    name = g.card_name(s, cid)
    owner = s.cards[cid].owner
    leave_play(g, s, cid, f"deck:{owner}", bottom=how == "bottom")
    if how == "shuffle":
        g.forget_deck(s, owner)
        chance.shuffle(s, s.zones[f"deck:{owner}"])
    where = {"shuffle": "shuffled into", "top": "put on top of", "bottom": "put under"}[how]
    g.log(
        s,
        "to_deck",
        rule,
        f"{name} is {where} {s.names[owner]}'s deck from {g.card_name(s, bid)}",
        actor,
        card=cid,
        chance=how == "shuffle",
    )
    g.fire(s, "card_to_deck", card=cid, base_card=bid, owner=owner, by=actor)
    return True


def swap_base(g: SmashUp, s: SUState, old: int, new: int, src: str, actor: int, rule: str) -> None:
    """Base ``new`` (from zone ``src``) takes the place of base ``old`` in play, outside
    scoring (nothing scores, no scoring ability happens). The actions on ``old`` itself go
    to their owners' discard piles; its minions, with the actions on them, stay and are
    now at ``new`` (they are not moved). What ``old`` did ends: effects on it, its extra
    plays, its once-per-turn memory. ``old`` goes face down into the base deck (the caller
    shuffles it)."""
    for aid in base_actions(g, s, old):
        leave_play(g, s, aid, f"discard:{s.cards[aid].owner}")
    index = s.zones[BASES].index(old)
    s.zones[src].remove(new)
    s.cards[new].face_up = True
    s.zones[BASES][index] = new
    s.zones[base_zone(new)] = s.zones.pop(base_zone(old))
    burying.moved_base(s, old, new)
    inplay.changed(s)
    s.cards[old].face_up = False
    s.zones[BASE_DECK].append(old)
    if s.lasting:
        s.lasting = [e for e in s.lasting if e.target != old]
        values.changed(s)
    s.allowances = [
        a for a in s.allowances if a.base != old and not (a.ongoing and a.source == old)
    ]
    if s.used:
        s.used = [u for u in s.used if u.card != old]
    g.log(
        s,
        "swap_base",
        rule,
        f"{g.card_name(s, new)} takes the place of {g.card_name(s, old)}, which goes "
        "into the base deck; the minions there stay",
        actor,
        base=s.cards[new].defn,
    )


def base_actions(g: SmashUp, state: SUState, bid: int) -> list[int]:
    """The actions on a base itself; actions on its minions are not actions on the base
    (000 Clarifications, Truckers)."""
    attached = state.attached
    return [a for a in state.zones[base_zone(bid)] if attached.get(CardRef(a)) == bid]


def minion_actions(g: SmashUp, state: SUState, cid: int) -> list[int]:
    """The actions attached to a minion."""
    return [a for a, host in state.attached.items() if host == cid]
