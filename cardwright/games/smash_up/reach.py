"""Smash Up: where a card's "cannot play it there" (Block the Path, Stakeout) or "can play it
from the discard pile there" (They're Coming To Get You, Cyberback, Spectre) can hold at all,
and which events a card's listeners can hear at all (:func:`heard_about`).

A Play Cards question asks such a rule of every card in hand (or in the discard pile) at every
base. Most rules hold only at one place (``var('to') == base_of(self)``: the base their card
is at), for one card (``it == self``) or for one player (``var('actor') == self.controller``,
``by='opponent'``). :func:`rule_reach` reads that from the rule's ``applies`` once, when the
ability is compiled (:func:`~cardwright.core.vocab.exprs.selection`: the values an ``and`` of
conditions can hold for at most); :func:`limits` works the places, cards and players out once
per question, from the state as it is, and leaves out the rules that cannot hold for the
player asked; :func:`reaches` then skips, by a set lookup, every card and place a rule cannot
be about, without evaluating it.

Why this cannot go stale: a reach is never kept beyond the question that made it (it is an
argument, not stored on the state or the catalogue), and the expressions it evaluates read
neither the card (``it``) nor the place (``to``), only the card whose ability it is, the
player asking (``actor``) and the state, which do not change while a question is worked out.
A rule whose ``applies`` says neither (or selects by anything else) has no reach: it is asked
of every card everywhere, as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardwright.core.abilities import Ability
from cardwright.core.state import Bindings, CardRef
from cardwright.core.timing import AFTER
from cardwright.core.vocab import Ctx
from cardwright.core.vocab.compiled import compiled
from cardwright.core.vocab.events import binds
from cardwright.core.vocab.exprs import SelfCard, mentions, selection

from .specs import AbilitySpec, Reach, ReachFn
from .state import SUState

if TYPE_CHECKING:
    from .game import SmashUp

#: the cards in play with a "cannot play" (or "can play from the discard pile") rule, each with
#: its reach for this question (None: it may hold for any card anywhere)
Limits = list[tuple[int, AbilitySpec, "Reach | None"]]


def rule_reach(ability: Ability, action: str) -> ReachFn | None:
    """The reach of ``ability``'s rules about ``action`` (``play``, ``play_from_discard``):
    a function ``(game, state, source, seat) -> Reach``, one ``(cards, places)`` pair per rule
    that can hold for ``seat`` (either None where the rule does not limit it), or None when
    some rule limits neither the card, nor the place, nor the player."""
    parts: list[tuple[_Sel, _Sel, _Sel, str, bool]] = []
    for rule in ability.rules:
        if rule.action != action:
            continue
        if rule.applies is None:  # a rule without ``applies`` is about its own card only
            parts.append((None, None, None, rule.by, True))
            continue
        it, to = _fixed(rule.applies, "it"), _fixed(rule.applies, "to")
        actor = _fixed(rule.applies, "actor")
        if it is None and to is None and actor is None and not rule.by:
            return None
        parts.append((it, to, actor, rule.by, False))
    if not parts:
        return None

    def reach(g: SmashUp, s: SUState, src: int, seat: int) -> Reach:
        controller = s.cards[src].controller
        ctx = Ctx(g, s, ability, CardRef(src), controller, Bindings(nums={"actor": seat}))
        out = []
        for it, to, actor, by, own in parts:
            if not binds(by, seat, controller):  # (as card_permissions filters the rules)
                continue
            if actor is not None:
                seats = _ids(actor(ctx))
                if seats is not None and seat not in seats:
                    continue  # a rule for another player
            cards = frozenset((src,)) if own else None if it is None else _ids(it(ctx))
            out.append((cards, None if to is None else _ids(to(ctx))))
        return tuple(out)

    return reach


#: a selection compiled (:func:`_fixed`), or None
_Sel = Callable[[Ctx], Any] | None


def _fixed(applies: Any, name: str) -> _Sel:
    """The values ``applies`` can hold for as ``name`` (``it``, ``to``, ``actor``),
    compiled, when it says and that selection reads neither the card (``it``) nor the
    place (``to``): so one question works it out once, whatever card and place it asks."""
    found = selection(applies, name)
    if found is None or mentions(found, "it") or mentions(found, "to"):
        return None
    return compiled(found)


def _ids(value: Any) -> frozenset[int] | None:
    """A selection's value as a set of ids (a card or seat, or a list of them); None (no
    limit) for a value that is neither."""
    values = value if isinstance(value, (list, tuple)) else (value,)
    for v in values:  # (a loop, no generator: worked out at every question)
        if type(v) is not int:  # (a bool or anything else: no limit)
            return None
    return frozenset(values)


def limits(g: SmashUp, s: SUState, kinds: frozenset[str], seat: int, bans: bool) -> Limits:
    """The cards in play whose definition is in ``kinds`` (:func:`.values.sources`), each with
    the reach of its "cannot play" rules (``bans``) or of its "can play from the discard pile"
    rules, for ``seat``'s question now."""
    out: Limits = []
    for src, spec in g.sources(s, kinds):
        fn = spec.ban_reach if bans else spec.from_reach
        out.append((src, spec, None if fn is None else fn(g, s, src, seat)))
    return out


def reaches(reach: Reach | None, card: int, dest: int) -> bool:
    """Whether a rule with ``reach`` can hold for ``card`` played to ``dest``."""
    if reach is None:
        return True
    for cards, places in reach:
        if (cards is None or card in cards) and (places is None or dest in places):
            return True
    return False


def can_reach(found: Limits, cards: list[int], places: list[int]) -> bool:
    """Whether a rule of ``found`` can hold for one of ``cards`` played to one of ``places``
    (for a minion in the discard pile: may any be played from there to any base)."""
    for _src, _spec, reach in found:
        if reach is None:
            return True
        for some, where in reach:
            if (some is None or not some.isdisjoint(cards)) and (
                where is None or not where.isdisjoint(places)
            ):
                return True
    return False


def heard_about(ability: Ability, event: str, keys: dict[str, str]) -> str | None:
    """The key of ``event``'s data (``keys``: each name an event binds -> its key) that must
    name the listening card itself for any of ``ability``'s listeners to ``event`` about any
    card to act: each says ``var(<name>) == self`` in its ``condition`` (itself or a part of
    its ``and``: The Homeworld, Haunted House, Innsmouth: ``var('base') == self``, a minion
    played here), so an event whose data names another card there (or none) is not heard.
    None when one of them does not say so.

    Why this cannot go stale: it is read once from the ability's expressions, which never
    change; where that comparison is false the whole ``and`` is, and the comparison reads only
    the event's data (what ``event_vars`` binds as ``<name>``, nothing when the key is
    missing) and the listening card, which the caller compares directly, for every event.
    """
    found: set[str] = set()
    for lis in ability.listeners:
        if lis.event != event or lis.subject != "any" or lis.timing != AFTER:
            continue  # (not heard about any card after the event: not asked there)
        key = next(
            (k for name, k in keys.items() if isinstance(selection(lis.condition, name), SelfCard)),
            None,
        )
        if key is None:
            return None
        found.add(key)
    return found.pop() if len(found) == 1 else None
