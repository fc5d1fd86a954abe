"""Smash Up's continuous values and permissions, computed when asked (never stored): a
minion's power, a base's breakpoint, each player's total power at a base, the "cannot"s of
cards in play (000 Additional Rules: "cannot" beats "can"), cancelled and ignored bases, and
where a card leaving play goes instead of the discard pile.

These functions are methods of :class:`~.game.SmashUp` (``game.power(state, minion)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.errors import EngineError
from cardwright.core.state import Bindings, CardRef, Lasting, Trigger
from cardwright.core.vocab import Ctx
from cardwright.core.vocab.base import cards_of
from cardwright.core.vocab.compiled import compiled

from . import inplay
from .catalog import BASES, base_zone
from .inplay import in_play_now
from .specs import AbilitySpec
from .state import SUState

if TYPE_CHECKING:
    from .game import SmashUp

Sources = list[tuple[int, AbilitySpec]]


def sources(g: SmashUp, s: SUState, kinds: frozenset[str]) -> Sources:
    """The cards and bases in play whose definition is in ``kinds``, each with its ability
    (bases whose ability is cancelled or ignored by everyone are left out)."""
    if not kinds:
        return []
    now = in_play_now(s)
    cat = g.cat(s)
    found = now.with_specs(kinds, cat)
    lasting = s.lasting
    if not found or not (lasting or s.attached):
        return found
    check = now.base_among(kinds, cat)  # a base ignored by all
    if not check:
        for effect in lasting:  # a card whose abilities are cancelled (Bear Rides You)
            if effect.key == "cancel":
                check = True
                break
    if check:
        off = cancelled(g, s)
        if off:
            found = [(x, sp) for x, sp in found if x not in off]
    return found


def cancelled(g: SmashUp, s: SUState) -> set[int]:
    """Cards whose abilities are cancelled now (a ``cancel`` lasting effect on them: they are
    treated as having no ability, 000 Terms: Cancel)."""
    off: set[int] = set()
    if s.lasting:
        off = {e.target for e in s.lasting if e.key == "cancel" and e.target is not None}
    if s.attached and g.cat(s).ignore_specs:  # a base everyone ignores (Jammed Signal)
        off.update(ignored_bases(g, s, -1))
    return off


def ignored_bases(g: SmashUp, s: SUState, seat: int) -> list[int]:
    """The bases in play whose own ability ``seat`` ignores (-1: everyone does), because
    of a card attached to them (``AbilitySpec.ignore_base``). One pass over attachments."""
    cat = g.cat(s)
    ignore, cards, bases = cat.ignore_specs, s.cards, s.zones[BASES]
    found: list[int] = []
    for src, host in s.attached.items():
        defn = cards[src].defn
        if defn not in ignore or host not in bases:
            continue
        check = cat.spec[defn].ignore_base
        assert check is not None
        if check(g, s, src, host, -1) or (seat >= 0 and check(g, s, src, host, seat)):
            found.append(host)
    return found


def among(g: SmashUp, s: SUState, src: int) -> set[int] | None:
    """The minions the power modifiers of ``src`` can change at most (None: any), worked
    out once for a query over many minions (``Catalog.power_among``)."""
    cat = g.cat(s)
    defn = s.cards[src].defn
    exprs = cat.power_among.get(defn)
    if exprs is None:
        return None
    ctx = Ctx(g, s, cat.spec[defn].ability, CardRef(src), s.cards[src].controller)
    return {c for e in exprs for c in cards_of(compiled(e)(ctx))}


class Shields:
    """Whether a protection in play stops another player's card from changing a minion's
    power. Being changed in power is being affected (000 Terms: Affect), so "cannot affect"
    and "has no effect on" also reach an ongoing change that was in play before the
    protection arrived (a Poison attached before Smoke Bomb, Wildlife Preserve, Street
    Justice, or a move to Back Alley), while the protection lasts. The protections in play
    are looked up once, and only when some other player's card changes a minion's power."""

    __slots__ = ("g", "prot", "s")

    def __init__(self, g: SmashUp, s: SUState) -> None:
        self.g, self.s = g, s
        self.prot: Sources | None = None

    def stop(self, card: int, actor: int, minion: int) -> bool:
        """Whether ``card`` (acting for ``actor``; -1: a base, which acts for no player)
        may not change ``minion``'s power now."""
        s = self.s
        if actor < 0 or actor == s.cards[minion].controller:
            return False
        if self.prot is None:
            self.prot = protections(self.g, s)
        return bool(self.prot or (s.lasting and shields_up(s))) and forbidden(
            self.g, s, "affect", minion, actor, self.prot, card=card
        )

    def source(self, src: int, minion: int) -> bool:
        """:meth:`stop` for an ongoing modifier of card ``src`` in play."""
        s = self.s
        if src in s.zones[BASES]:
            return False
        return self.stop(src, s.cards[src].controller, minion)

    def lasting(self, effect: Lasting, minion: int) -> bool:
        """:meth:`stop` for a lasting power change from a card."""
        return effect.source is not None and self.stop(effect.source, effect.seat, minion)


def power(
    g: SmashUp,
    state: SUState,
    cid: int,
    bid: int | None = None,
    srcs: Sources | None = None,
) -> int:
    """A minion's power: printed + +1 power counters + ongoing effects + lasting effects,
    never below 0 (less another player's changes that a protection stops: :class:`Shields`).
    A minion not in play has its printed power. Worked out with the powers kept for the
    state (:func:`kept`) unless ``bid`` asks about another base than the minion's or
    ``srcs`` names the modifiers."""
    if srcs is None:
        here = g.base_of(state, cid)
        if bid is None or bid == here:
            if here < 0:
                return g.cat(state).printed[state.cards[cid].defn]
            return kept(g, state).minion(cid, here)
    return power_now(g, state, cid, bid, srcs)


def power_now(g: SmashUp, s: SUState, cid: int, bid: int | None, srcs: Sources | None) -> int:
    """:func:`power` worked out afresh from the cards in play (not the kept powers)."""
    card = s.cards[cid]
    cat = g.cat(s)
    value = cat.printed[card.defn]
    if bid is None:
        bid = g.base_of(s, cid)
    if bid < 0:
        return value
    value += card.counters.get("p1", 0)
    if srcs is None:
        srcs = sources(g, s, cat.power_specs)
    own, cards = cat.self_power, s.cards
    shields: Shields | None = None
    for src, spec in srcs:
        if src != cid and cards[src].defn in own:
            continue
        assert spec.power is not None
        delta = spec.power(g, s, src, cid, bid)
        if delta and cards[src].controller != card.controller:
            shields = shields or Shields(g, s)
            if shields.source(src, cid):
                continue
        value += delta
    for effect in s.lasting:
        if effect.target == cid and effect.key == "power":
            if effect.seat >= 0 and effect.seat != card.controller:
                shields = shields or Shields(g, s)
                if shields.lasting(effect, cid):
                    continue
            value += effect.amount
    return max(0, value)


def own_power(g: SmashUp, s: SUState, cid: int) -> int:
    """A minion's power less every change another player's card makes to it: printed +
    +1 power counters + the changes of its controller's cards and of bases, never below 0
    (the power a protection from other players' cards judges by: In Plain Sight as first
    printed, reading A10). A minion not in play has its printed power."""
    card = s.cards[cid]
    cat = g.cat(s)
    value = cat.printed[card.defn]
    bid = g.base_of(s, cid)
    if bid < 0:
        return value
    value += card.counters.get("p1", 0)
    own, cards, bases = cat.self_power, s.cards, s.zones[BASES]
    for src, spec in sources(g, s, cat.power_specs):
        if src != cid and cards[src].defn in own:
            continue
        if src not in bases and cards[src].controller != card.controller:
            continue
        assert spec.power is not None
        value += spec.power(g, s, src, cid, bid)
    for effect in s.lasting:
        if effect.target == cid and effect.key == "power" and effect.seat in (-1, card.controller):
            value += effect.amount
    return max(0, value)


def breakpoint(g: SmashUp, state: SUState, bid: int) -> int:
    """A base's breakpoint: printed + ongoing + lasting effects, never below 0."""
    return kept(g, state).breakpoint(bid)


def breakpoint_now(g: SmashUp, s: SUState, bid: int) -> int:
    """A base's breakpoint: printed + ongoing + lasting effects, never below 0 (worked out
    afresh: :func:`breakpoint` uses the kept answer)."""
    cat = g.cat(s)
    value = cat.bases[s.cards[bid].defn].breakpoint
    for src, spec in sources(g, s, cat.breakpoint_specs):
        assert spec.breakpoint is not None
        value += spec.breakpoint(g, s, src, bid)
    for effect in s.lasting:
        if effect.target == bid:
            if effect.key == "breakpoint":
                value += effect.amount
            elif effect.key == "breakpoint_zero":
                return 0  # "its breakpoint becomes 0", whatever else changes it (Overgrowth)
    return max(0, value)


def base_ignored(g: SmashUp, s: SUState, bid: int, seat: int = -1) -> bool:
    """Whether ``bid``'s own ability is ignored by ``seat`` (-1: by everyone), because a
    card in play says so (``AbilitySpec.ignore_base``: Jammed Signal, Infiltrate)."""
    if not s.attached or not g.cat(s).ignore_specs:
        return False
    return bid in ignored_bases(g, s, seat)


class Powers:
    """Each player's total power at bases, each minion's power and each base's breakpoint,
    for one state as it is now. What every base shares (the modifiers in play, the cards
    each can change, the lasting changes, the protections) is worked out once, and each
    answer is kept once worked out, so asking every base (is one ready to score?) costs
    little more than asking one, and asking again costs nothing.

    One is kept on the state (:func:`kept`) until something a power can depend on changes
    (:func:`changed`); a fresh one (``Powers(g, state)``) is what the kept one is checked
    against."""

    __slots__ = (
        "breakpoints",
        "g",
        "general",
        "hands",
        "lasting",
        "minions",
        "players",
        "s",
        "selfish",
        "shields",
        "stamp",
        "totals",
    )

    def __init__(self, g: SmashUp, s: SUState) -> None:
        self.g, self.s = g, s
        cat = g.cat(s)
        cards, own = s.cards, cat.self_power
        srcs = sources(g, s, cat.power_specs)
        # a modifier of a card's own power is asked of that card only, one that names the
        # cards it can change of those only
        self.general = [(x, sp, among(g, s, x)) for x, sp in srcs if cards[x].defn not in own]
        self.selfish = {x: sp for x, sp in srcs if cards[x].defn in own}
        self.lasting: dict[int, list[Lasting]] = {}
        for effect in s.lasting:
            if effect.key == "power" and effect.target is not None:
                self.lasting.setdefault(effect.target, []).append(effect)
        self.shields = Shields(g, s)
        #: the hands, when a card in play reads a hand (Haunting): the powers hold while they do
        readers = cat.hand_power
        self.hands = _hands(s) if readers and in_play_now(s).having(readers, cat) else None
        self.players: Sources | None = None  # the player power modifiers, when first asked
        self.totals: dict[int, dict[int, int]] = {}  # base -> its totals by player
        self.minions: dict[int, int] = {}  # minion -> its power
        self.breakpoints: dict[int, int] = {}  # base -> its breakpoint
        self.stamp = _stamp(s)

    def at(self, bid: int) -> dict[int, int]:
        """Each player's total power at base ``bid``, for every player with a minion or
        power there (as :func:`power_now` for every minion there, plus player modifiers).
        Shared: not to be changed."""
        found = self.totals.get(bid)
        if found is None:
            found = self.totals[bid] = self._at(bid)
        elif inplay.CHECK and Powers(self.g, self.s)._at(bid) != found:
            _stale(self.s, f"the total power at base {bid}")
        return found

    def _at(self, bid: int) -> dict[int, int]:
        g, s, shields = self.g, self.s, self.shields
        cat = g.cat(s)
        cards, is_minion, printed = s.cards, cat.is_minion, cat.printed
        minions = self.minions
        totals: dict[int, int] = {}
        for cid in s.zones[base_zone(bid)]:
            card = cards[cid]
            if not is_minion[card.defn]:
                continue
            value = printed[card.defn] + card.counters.get("p1", 0)
            for effect in self.lasting.get(cid, ()):
                if (
                    effect.seat >= 0
                    and effect.seat != card.controller
                    and shields.lasting(effect, cid)
                ):
                    continue
                value += effect.amount
            for src, spec, only in self.general:
                if only is not None and cid not in only:
                    continue
                assert spec.power is not None
                delta = spec.power(g, s, src, cid, bid)
                if delta and cards[src].controller != card.controller and shields.source(src, cid):
                    continue
                value += delta
            mine = self.selfish.get(cid)
            if mine is not None:
                assert mine.power is not None
                value += mine.power(g, s, cid, cid, bid)
            if value < 0:  # (never below 0; a comparison, not a call of max())
                value = 0
            minions[cid] = value
            totals[card.controller] = totals.get(card.controller, 0) + value
        if not cat.player_power_specs:
            return totals
        if self.players is None:
            self.players = sources(g, s, cat.player_power_specs)
        for src, spec in self.players:
            assert spec.player_power is not None
            for seat in range(len(s.names)):
                extra = spec.player_power(g, s, src, bid, seat)
                if extra:
                    totals[seat] = totals.get(seat, 0) + extra
        return totals

    def minion(self, cid: int, bid: int) -> int:
        """The power of minion ``cid``, which is at base ``bid`` (every minion there is
        worked out at once)."""
        found = self.minions.get(cid)
        if found is None:
            self.at(bid)
            found = self.minions.get(cid)
            if found is None:  # not a minion (an action at the base): asked afresh
                return power_now(self.g, self.s, cid, bid, None)
        elif inplay.CHECK and power_now(self.g, self.s, cid, bid, None) != found:
            _stale(self.s, f"the power of minion {cid}")
        return found

    def total(self, bid: int) -> int:
        """The total power of every player at base ``bid``."""
        return sum(self.at(bid).values())

    def breakpoint(self, bid: int) -> int:
        """Base ``bid``'s breakpoint (:func:`breakpoint_now`)."""
        found = self.breakpoints.get(bid)
        if found is None:
            found = self.breakpoints[bid] = breakpoint_now(self.g, self.s, bid)
        elif inplay.CHECK and breakpoint_now(self.g, self.s, bid) != found:
            _stale(self.s, f"the breakpoint of base {bid}")
        return found


def _stale(s: SUState, what: str) -> None:
    raise EngineError(
        f"{what} changed without values.changed() (after decision {s.decisions}): a change "
        "a power or breakpoint depends on skipped the funnel that says so"
    )


_KEY = "_powers"


def kept(g: SmashUp, state: SUState) -> Powers:
    """The :class:`Powers` kept for ``state`` (a new one once :func:`changed` was called).
    Kept as :mod:`.inplay` keeps the cards in play, and checked the same way: with
    :data:`.inplay.CHECK` on, every answer read again is compared with one worked out
    afresh."""
    try:  # (as :func:`.inplay.in_play_now`)
        found: Powers | None = state._powers  # type: ignore[attr-defined]
    except AttributeError:
        found = None
    if (
        found is not None
        and found.s is state
        and found.stamp == _stamp(state)
        and (found.hands is None or found.hands == _hands(state))
    ):
        return found
    found = state.__dict__[_KEY] = Powers(g, state)
    return found


def _stamp(s: SUState) -> tuple[int, ...]:
    """What a kept :class:`Powers` also checks before it is used, because it costs little:
    the lasting effects and attachments (appended to or replaced) and the active player. A
    program that edits a state directly (a test, a tool) is then still answered afresh for
    these; the cards' counters and controllers it must announce (:func:`changed`)."""
    lasting, attached = s.lasting, s.attached
    return (id(lasting), len(lasting), id(attached), len(attached), s.active)


def _hands(s: SUState) -> tuple[tuple[int, ...], ...]:
    """The cards each hand holds (what a power that reads a hand may change with)."""
    zones = s.zones
    return tuple(tuple(zones[f"hand:{seat}"]) for seat in range(len(s.names)))


def changed(state: SUState) -> None:
    """Say that something a power or a breakpoint depends on changed: a card's counters or
    controller, a lasting effect, an attachment, the active player (and, through
    :func:`.inplay.changed`, the cards at bases)."""
    state.__dict__[_KEY] = None  # (not removed: reading a missing attribute raises, which costs)


def powers_at(g: SmashUp, state: SUState, bid: int) -> dict[int, int]:
    """Each player's total power at a base, for every player with a minion or power there
    (:meth:`Powers.at` of the kept powers; a copy, the caller's to change)."""
    return dict(kept(g, state).at(bid))


def total_power(g: SmashUp, state: SUState, bid: int) -> int:
    return kept(g, state).total(bid)


def protections(g: SmashUp, state: SUState) -> Sources:
    """The cards and bases in play that may forbid something (for :func:`forbidden`)."""
    return sources(g, state, g.cat(state).protect_specs)


def forbidden(
    g: SmashUp,
    s: SUState,
    action: str,
    target: int,
    actor: int,
    srcs: Sources | None = None,
    card: int = -1,
) -> bool:
    """Whether a card in play says ``action`` cannot be done to ``target`` by ``actor``
    ("cannot" beats "can", 000 Additional Rules), by ``card`` (default: the card whose
    ability is running)."""
    if s.lasting and action in SHIELDED and shielded(g, s, target, actor):
        return True  # a lasting shield is a "cannot": nothing outweighs it
    if srcs is None:
        srcs = protections(g, s)
    # (a card's "cannot" beats every "can", :func:`~cardwright.core.effects.allowed`: the
    # first card that says it decides, and the rest need not be asked)
    for src, spec in srcs:
        if (
            action in spec.protects
            and spec.protect is not None
            and spec.protect(g, s, src, target, action, actor, card)
            and not (
                actor >= 0
                and src in s.zones[BASES]
                and g.cat(s).ignore_specs
                and base_ignored(g, s, src, actor)
            )
        ):
            return True
    return False


#: the actions a lasting shield on a base forbids (any way of affecting a minion)
SHIELDED = frozenset({"affect", "attach"})


def shields_up(state: SUState) -> bool:
    """Whether a lasting ``shield`` is on any base now (asked first: most often none is)."""
    return any(e.key == "shield" for e in state.lasting)


def shielded(g: SmashUp, s: SUState, target: int, actor: int) -> bool:
    """Whether a lasting ``shield`` on a base (Superiority) keeps ``actor``'s cards from
    affecting the minion ``target``: a minion at that base controlled by the shield's player,
    ``actor`` another player (a base acts for no one)."""
    if actor < 0:
        return False
    controller = s.cards[target].controller
    if controller == actor:
        return False
    where = -1
    for e in s.lasting:
        if e.key == "shield" and e.seat == controller:
            if where < 0:
                where = g.base_of(s, target)
                if where < 0 or not g.is_minion(s, target):
                    return False
            if e.target == where:
                return True
    return False


def extras_barred(g: SmashUp, s: SUState, seat: int) -> bool:
    """Whether ``seat`` cannot play extra cards now: another player's lasting
    ``no_extra_plays`` is on a base where ``seat`` has a minion (Bear Necessities)."""
    if not s.lasting:
        return False
    for e in s.lasting:
        if (
            e.key == "no_extra_plays"
            and e.seat != seat
            and e.target is not None
            and g.base_in_play(s, e.target)
            and any(s.cards[m].controller == seat for m in g.minions_at(s, e.target))
        ):
            return True
    return False


def blocked(g: SmashUp, state: SUState, action: str, target: int, actor: int) -> bool:
    """Whether ``action`` on ``target`` by ``actor`` is forbidden, either by name or as
    any way of affecting the card (``"affect"``: "cannot be affected by ...")."""
    srcs = protections(g, state)
    if not srcs and not (state.lasting and shields_up(state)):
        return False
    return forbidden(g, state, action, target, actor, srcs) or forbidden(
        g, state, "affect", target, actor, srcs
    )


def instead_of_discard(g: SmashUp, s: SUState, cid: int, bid: int) -> str | None:
    """Where a card leaving play from base ``bid`` goes instead of its owner's discard pile:
    ``"hand"`` or ``"deck"`` (shuffled in), or None (the discard pile). Asked of lasting
    effects (key ``to_hand_instead_of_discard``) and of ``instead_of_discard`` abilities."""
    for effect in s.lasting:
        if effect.target == cid and effect.key == "to_hand_instead_of_discard":
            return "hand"
    for src, spec in sources(g, s, g.cat(s).instead_specs):
        assert spec.instead_of_discard is not None
        where = spec.instead_of_discard(g, s, src, cid, bid)
        if where is not None:
            return where
    return None


def offer_instead(g: SmashUp, s: SUState, cid: int) -> tuple[int, str] | None:
    """The card in play whose ability offers card ``cid``, leaving play for its discard pile,
    a place elsewhere ("you may put it into your hand instead": Clyde 2.0), with the id of
    that ability, or None; asked as the card leaves. The ability is taken now: the offering
    card may leave play with it (a base's cards score together) and so lose a copied ability
    (Copycat copying Clyde 2.0) before the offer is made."""
    offers = g.cat(s).offer_specs
    if not offers:
        return None
    for src, spec in sources(g, s, offers):
        assert spec.offer_instead is not None and spec.ability is not None
        if spec.offer_instead(g, s, src, cid):
            return src, spec.ability.id
    return None


def queue_offer(g: SmashUp, s: SUState, offer: tuple[int, str], cid: int) -> None:
    """The offer of card ``src`` (with its ability ``ability``, as :func:`offer_instead` found
    them) for card ``cid`` (now in its discard pile) waits as a triggered ability of ``src``,
    for its controller."""
    src, ability = offer
    seat = s.cards[src].controller
    orderer = g.trigger_controller(s, src, seat)
    key = f"{g.id}/{ability}/instead_of_discard"
    trigger = Trigger(ability, CardRef(src), orderer, Bindings({"card": [CardRef(cid)]}), key)
    if seat != orderer:
        trigger.actor = seat
    s.triggers.append(trigger)
