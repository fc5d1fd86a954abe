"""Cards that are something else for a while (Science Fiction Double Feature, Monster Smash):

* a **fusion card** (Wolf Pact) is a minion card that may be played as an action instead:
  while it is played as an action it is its action side, a definition of its own
  (``<id>~action``, :meth:`~.cardmodels.CardDef.action_face`); out of play it is both a minion
  card and an action card (``card_attr``: ``minion`` and ``action``);
* a card that **has another card's ability** (Copycat: a minion's, until the end of the turn;
  Cellular Bonding: an action's on a minion, while it stays in play) becomes, for that time,
  a definition with its own name, power and labels and the other card's ability
  (``<its id>~<the other's id>``): every rule that asks a card's ability by its definition
  then finds the copied one, and nothing else about the card changes (its name, its power).

The catalogue makes these definitions once (:func:`copy_faces`); a card shows one by taking
its definition (:func:`turn`), and shows its own again when it leaves play or the copy ends
(``cards.to_zone`` and :func:`expire`). A copied ability that only happens when its card is
played does nothing (the copying card is already in play).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, Lasting
from cardwright.core.vocab import VerbSpec

from . import inplay, values
from .cardmodels import FACE, CardDef, called_words
from .selectors import _first, player, verb
from .state import SUCtx

if TYPE_CHECKING:
    from cardwright.core.abilities import Ability

    from .game import SmashUp
    from .state import SUState

#: the lasting effect that ends a copied ability (Copycat: at the end of the turn)
COPIED = "copied"
#: the word whose cards copy abilities
COPY_WORD = "copy_ability"


def own(defn: str) -> str:
    """A card's own definition, whatever it is now."""
    return defn.split(FACE, 1)[0]


def ability_of(defn: str) -> str:
    """The definition whose ability a card of definition ``defn`` has (a copy: the card it
    copies)."""
    if FACE in defn:
        tail = defn.split(FACE, 1)[1]
        return defn if tail == "action" else tail
    return defn


def copy_faces(
    cards: Mapping[str, CardDef], abilities: Mapping[str, Ability]
) -> dict[str, tuple[CardDef, str]]:
    """For every card whose ability copies others' (it uses ``copy_ability``), one definition
    per card it may copy: a minion copies minions, an action on a minion copies actions
    played on minions, each with an ability. Face id -> (its definition, the copied one)."""
    out: dict[str, tuple[CardDef, str]] = {}
    copiers = [
        c
        for c in cards.values()
        if c.ability and FACE not in c.id and COPY_WORD in called_words(c.ability)
    ]
    for copier in copiers:
        for other in cards.values():
            if FACE in other.id or other.id == copier.id or other.id not in abilities:
                continue
            if copier.type == "minion":
                fits = other.type == "minion"
            else:
                fits = other.type == "action" and "play_on_minion" in other.subtypes
            if not fits:
                continue
            face = copier.model_copy(update={"id": f"{copier.id}{FACE}{other.id}"})
            out[face.id] = (face, other.id)
    return out


def fusions(cards: Iterable[CardDef]) -> dict[str, CardDef]:
    """The action sides of the fusion cards, by their definition id."""
    out: dict[str, CardDef] = {}
    for card in cards:
        face = card.action_face()
        if face is not None:
            out[face.id] = face
    return out


def turn(g: SmashUp, state: SUState, cid: int, defn: str) -> None:
    """Card ``cid`` is now (shows) definition ``defn`` (one of its faces or its own)."""
    card = state.cards[cid]
    if card.defn == defn:
        return
    card.defn = defn
    inplay.changed(state)
    values.changed(state)


def restore(state: SUState, cid: int) -> None:
    """Card ``cid`` leaves play (or the resolving area): it is its own card again (called by
    the one card move, ``cards.to_zone``, after the zones say so)."""
    card = state.cards[cid]
    card.defn = own(card.defn)


def expire(g: SmashUp, s: SUState, ends: tuple[str, ...]) -> None:
    """Copies that end now (their lasting effect lasts until one of ``ends``)."""
    for e in s.lasting:
        if (
            e.key == COPIED
            and e.until in ends
            and e.target is not None
            and g.base_of(s, e.target) >= 0
            and FACE in s.cards[e.target].defn
        ):
            turn(g, s, e.target, own(s.cards[e.target].defn))
            g.log(
                s,
                "copy_ends",
                "su.terms.copy_ability",
                f"{g.card_name(s, e.target)} no longer has a copied ability",
                e.seat,
                card=e.target,
            )


def _copy_ability(ctx: SUCtx, what: Any, source: Any, until: str = "end_of_turn") -> bool:
    """The card (in play) has the ability of the card ``source`` (the ability that card has
    now: a copy's copied one) until ``until`` ("": while it stays in play)."""
    g, s = ctx.game, ctx.state
    cid, other = _first(what), _first(source)
    if cid < 0 or other < 0 or g.base_of(s, cid) < 0:
        return False
    face = f"{own(s.cards[cid].defn)}{FACE}{ability_of(s.cards[other].defn)}"
    name, of = g.card_name(s, cid), g.card_name(s, other)
    if face not in g.cat(s).cards:
        g.log(s, "no_ability", ctx.rule, f"{of} has no ability for {name} to copy", player(ctx))
        return False
    turn(g, s, cid, face)
    if until:
        s.lasting.append(Lasting(COPIED, CardRef(cid), player(ctx), until=until))
    how = " until the end of the turn" if until == "end_of_turn" else ""
    g.log(s, "copy_ability", ctx.rule, f"{name} has the ability of {of}{how}", player(ctx))
    return True


def face_words() -> dict[str, Any]:
    """The words of this module."""
    return {"copy_ability": verb(VerbSpec(COPY_WORD, _copy_ability))}
