"""Smash Up's selectors and values in the shared vocabulary: the minions, bases and actions in
play, where a card is, the scores at a base, what the turn has done so far. ``words.py`` adds
the verbs and choices; ``abilities.py`` assembles them into :func:`~.abilities.vocabulary`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, refs
from cardwright.core.vocab import Const, Expr, Verb, VerbSpec, cards_of, filters_from, seats_of
from cardwright.core.vocab.exprs import Call, Filter, Seats, any_passing, passing

from .catalog import BASES, base_zone
from .scoring import ScoreBase
from .state import Acting, SUCtx, SUState

if TYPE_CHECKING:
    from .game import SmashUp

#: the hook an effect runs from -> how its card acts (the affect records' ``mode``)
MODES = {
    "on_play": "play",
    "talent": "talent",
    "listeners": "trigger",
    "replacements": "trigger",
    "special": "special",
}


def player(ctx: SUCtx) -> int:
    """The seat whose card or Talent is acting (-1 for a base's ability)."""
    src = ctx.source
    if src is not None and ctx.state.cards[src].defn in ctx.game.cat(ctx.state).bases:
        return -1
    return ctx.vars.nums.get("player", ctx.you)


def hook_of(ctx: SUCtx) -> str:
    """The hook the running effect belongs to (its node key is ``game/ability/hook...``)."""
    prefix = f"{ctx.game.id}/{ctx.ability.id}/"
    if not ctx.node.startswith(prefix):
        return ""
    return ctx.node[len(prefix) :].split("/", 1)[0].split(".", 1)[0]


def acting_of(ctx: SUCtx) -> Acting | None:
    """The acting card of an effect, for the affect records (None: no card acts)."""
    src = ctx.source
    if src is None:
        return None
    mode = MODES.get(hook_of(ctx), "play")
    g = ctx.game
    standard = mode == "play" and ctx.state.cards[src].defn in g.cat(ctx.state).standard
    return Acting(CardRef(src), player(ctx), ctx.you, standard=standard, mode=mode)


def _e(value: Any) -> Expr:
    return value if isinstance(value, Expr) else Const(value)


def _opt(value: Any) -> Expr | None:
    return None if value is None else _e(value)


def verb(spec: VerbSpec) -> Callable[..., Verb]:
    """The word for a verb: positional and keyword arguments become expressions."""

    def make(*args: Any, **kwargs: Any) -> Verb:
        return Verb(spec, tuple(_e(a) for a in args), tuple((k, _e(v)) for k, v in kwargs.items()))

    return make


def _first(value: Any) -> int:
    """The first card of a value (-1: none)."""
    found = cards_of(value)
    return found[0] if found else -1


# ------------------------------------------------------------------------------ selectors
@dataclass(frozen=True, slots=True)
class Minions(Expr):
    """The minions in play, base by base in table order: at one base (``at``), of some seats
    (``whose``: ``any``, ``you``, ``opponent``, relative to the seat choosing, or ``player``:
    the card's player, ``rival``: another than the card's player), passing the filters;
    ``other`` leaves out the card itself."""

    at: Expr | None = None
    whose: str = "any"
    filters: tuple[Filter, ...] = ()
    other: bool = False

    def eval(self, ctx: SUCtx) -> list[CardRef]:
        return passing(ctx, self.filters, self._unfiltered(ctx))

    def exists(self, ctx: SUCtx) -> bool:
        """Whether :meth:`eval` finds a minion (``count(minions(...)) > 0``: stops at the
        first that passes the filters, :func:`~cardwright.core.vocab.exprs.any_passing`)."""
        return any_passing(ctx, self.filters, self._unfiltered(ctx))

    def _unfiltered(self, ctx: SUCtx) -> list[CardRef]:
        g, s = ctx.game, ctx.state
        if self.at is None:
            found = refs(c for c, _ in g.minions_in_play(s))
        else:
            bid = _first(self.at.eval(ctx))
            if bid < 0 or not g.base_in_play(s, bid):
                return []
            found = refs(g.minions_at(s, bid))
        if self.whose != "any":
            seat = player(ctx) if self.whose in ("player", "rival") else ctx.you
            mine = self.whose in ("you", "player")
            cards = s.cards
            found = [c for c in found if (cards[c].controller == seat) == mine]
        if self.other and ctx.source is not None:
            found = [c for c in found if c != ctx.source]
        return found


@dataclass(frozen=True, slots=True)
class Bases(Expr):
    """The bases in play, in table order, passing the filters."""

    filters: tuple[Filter, ...] = ()
    other_than: Expr | None = None

    def eval(self, ctx: SUCtx) -> list[CardRef]:
        found = refs(ctx.state.zones[BASES])
        if self.other_than is not None:
            skip = set(cards_of(self.other_than.eval(ctx)))
            found = [b for b in found if b not in skip]
        found = passing(ctx, self.filters, found)
        return found


@dataclass(frozen=True, slots=True)
class BaseActions(Expr):
    """The actions on bases themselves (not on their minions), base by base in table order
    and in the order they came: at one base (``at``), of some seats (``whose`` as for
    :class:`Minions`), passing the filters."""

    at: Expr | None = None
    whose: str = "any"
    filters: tuple[Filter, ...] = ()

    def eval(self, ctx: SUCtx) -> list[CardRef]:
        g, s = ctx.game, ctx.state
        if self.at is None:
            bids = list(s.zones[BASES])
        else:
            bid = _first(self.at.eval(ctx))
            bids = [bid] if bid >= 0 and g.base_in_play(s, bid) else []
        found = refs(a for b in bids for a in g.base_actions(s, b))
        if self.whose != "any":
            seat = player(ctx) if self.whose in ("player", "rival") else ctx.you
            mine = self.whose in ("you", "player")
            found = [c for c in found if (s.cards[c].controller == seat) == mine]
        return passing(ctx, self.filters, found)


def at_base(ctx: SUCtx, where: Any, with_base: bool = False) -> list[CardRef]:
    """Every card at a base (minions and actions, on the base or on its minions), in the
    order they came; ``with_base``: the base itself first ("a card at that base")."""
    bid = _first(where)
    if bid < 0 or not ctx.game.base_in_play(ctx.state, bid):
        return []
    found = refs(ctx.state.zones[base_zone(bid)])
    return [CardRef(bid), *found] if with_base else found


def here(ctx: SUCtx) -> list[CardRef]:
    """The base the ability is about: where its card was played (or the base a Special
    answers), else where the card is, else the card itself (a base)."""
    bound = ctx.vars.cards.get("base")
    if bound:
        return list(bound)
    src = ctx.source
    if src is None:
        return []
    g = ctx.game
    if src in ctx.state.zones[BASES]:
        return [src]
    bid = g.base_of(ctx.state, src)
    return [CardRef(bid)] if bid >= 0 else []


def host(ctx: SUCtx) -> list[CardRef]:
    """The card the ability's action is attached to (a base or a minion)."""
    src = ctx.source
    found = ctx.state.attached.get(src) if src is not None else None
    return [] if found is None else [found]


def base_of(ctx: SUCtx, what: Any) -> list[CardRef]:
    card = _first(what)
    if card < 0:
        return []
    if card in ctx.state.zones[BASES]:
        return [CardRef(card)]
    bid = ctx.game.base_of(ctx.state, card)
    return [CardRef(bid)] if bid >= 0 else []


def in_play(ctx: SUCtx, what: Any) -> bool:
    """Whether the card (a base, or a card at one) is in play."""
    card = _first(what)
    if card < 0:
        return False
    return card in ctx.state.zones[BASES] or ctx.game.base_of(ctx.state, card) >= 0


def scoring_step(ctx: SUCtx) -> Any:
    """The step scoring a base now (the innermost), or None."""

    for step in reversed(ctx.state.stack):
        if isinstance(step, ScoreBase):
            return step
    return None


def placed(ctx: SUCtx, place: int) -> list[int]:
    """The seats that took ``place`` at the base now scoring (1: its winners), in turn order
    from the current player."""
    step = scoring_step(ctx)
    if step is None or not step.places:
        return []
    if place == 1:
        return list(step.winners)
    order = ctx.game.seat_order(ctx.state, ctx.state.active)
    return [p for p in order if step.places[p] == place]


def players_at(ctx: SUCtx, where: Any, but: Any = None) -> list[int]:
    """The seats with a minion at a base, in turn order from the current player, leaving out
    the seats of ``but``."""
    g, s = ctx.game, ctx.state
    bid = _first(where)
    if bid < 0 or not g.base_in_play(s, bid):
        return []
    present = {s.cards[c].controller for c in g.minions_at(s, bid)}
    skip = set() if but is None else set(seats_of(but))
    return [p for p in g.seat_order(s, s.active) if p in present and p not in skip]


def power_at(ctx: SUCtx, where: Any, seat: Any) -> int:
    """A player's total power at a base."""
    return ctx.game.powers_at(ctx.state, _first(where)).get(seats_of(seat)[0], 0)


def powerless(ctx: SUCtx, where: Any) -> int:
    """How many players at the table have no power at a base."""
    powers = ctx.game.powers_at(ctx.state, _first(where))
    return sum(1 for seat in range(ctx.state.num_players) if powers.get(seat, 0) <= 0)


def host_of(ctx: SUCtx, what: Any) -> list[CardRef]:
    card = _first(what)
    found = ctx.state.attached.get(CardRef(card)) if card >= 0 else None
    return [] if found is None else [found]


def in_zone(ctx: SUCtx, what: Any, zone: str) -> bool:
    """Whether the card is in its owner's ``zone`` (``hand``, ``deck``, ``discard``)."""
    card = _first(what)
    return card >= 0 and card in ctx.state.zones[f"{zone}:{ctx.state.cards[card].owner}"]


def attached_to(ctx: SUCtx, what: Any) -> list[CardRef]:
    """The actions attached to a card (a base or a minion), in the order they came."""
    host = _first(what)
    return [a for a, h in ctx.state.attached.items() if h == host]


def attached_actions(ctx: SUCtx) -> list[CardRef]:
    """Every action in play attached to a base or a minion, by id."""
    g, s = ctx.game, ctx.state
    return sorted(a for a in s.attached if g.base_of(s, a) >= 0)


ALPHA = "robots/microbot_alpha"
MICROBOTS = frozenset(
    {
        ALPHA,
        "robots/microbot_archive",
        "robots/microbot_fixer",
        "robots/microbot_guard",
        "robots/microbot_reclaimer",
    }
)


def is_microbot(g: SmashUp, s: SUState, cid: int, seat: int | None = None) -> bool:
    """Whether ``cid`` is a Microbot: by name, or as a minion of a player with Microbot Alpha in
    play (``seat``: that player, for a minion that has just left play; cards in a discard pile
    count by name only: reading D5)."""
    card = s.cards[cid]
    if card.defn in MICROBOTS:
        return True
    if seat is None:
        if g.base_of(s, cid) < 0:
            return False
        seat = card.controller
    return any(
        s.cards[m].defn == ALPHA and s.cards[m].controller == seat for m, _ in g.minions_in_play(s)
    )


def microbot(ctx: SUCtx, what: Any, seat: Any = None) -> bool:
    """Whether the card is a Microbot: one of the Microbot cards, or a minion of a player with
    Microbot Alpha in play (``seat``: that player, for a minion that has just left play;
    reading W5)."""
    card = _first(what)
    if card < 0:
        return False
    who = None if seat is None else seats_of(seat)[0]
    return is_microbot(ctx.game, ctx.state, card, who)


def first_minion(ctx: SUCtx) -> bool:
    """Whether the minion just played is the first its player played this turn (one played
    on another player's turn is the first: reading W4)."""
    s = ctx.state
    seat = player(ctx)
    return seat != s.active or s.minions_played == 1


def phase(ctx: SUCtx) -> str:
    return ctx.state.phase


def minions_played(ctx: SUCtx) -> int:
    return ctx.state.minions_played


def turn_number(ctx: SUCtx) -> int:
    return ctx.state.turn


def can(ctx: SUCtx, action: str, what: Any, by: Any = None) -> bool:
    """Whether you may do ``action`` to the card (no "cannot" in force); with ``by``: whether
    that seat may, the ability's card acting (as its effect would: "cannot be destroyed by
    other players' actions")."""
    card = _first(what)
    if card < 0:
        return False
    g, s = ctx.game, ctx.state
    if by is None:
        return not g.blocked(s, action, card, ctx.you)
    prev = s.acting
    s.acting = acting_of(ctx)
    try:
        return not g.blocked(s, action, card, seats_of(by)[0])
    finally:
        s.acting = prev


def affected_by(ctx: SUCtx, what: Any, verb: Any = None, chooser: Any = None) -> list[CardRef]:
    """The minions the card affected while it resolves (copies of its effects included),
    optionally only by ``verb``, or only those the seat ``chooser`` chose (000 Terms:
    Affect)."""
    card = _first(what)
    if card < 0:
        return []
    who = None if chooser is None else seats_of(chooser)[0]
    out: list[CardRef] = []
    for a in ctx.state.affects:
        if a.source != card or (verb is not None and a.verb != verb) or a.target in out:
            continue
        if who is None or a.chooser == who:
            out.append(a.target)
    return out


def directly_affected(ctx: SUCtx, what: Any) -> list[CardRef]:
    """The minions the card directly affected while it resolves (copies not included)."""
    card = _first(what)
    return sorted({a.target for a in ctx.state.affects if a.source == card and a.direct})


def bare(ctx: SUCtx, action: Any) -> bool:
    """Whether the card was in play with no +1 power counters when the standard action
    ``action`` (still resolving) was played."""
    card, act = ctx.source, _first(action)
    return card is not None and act >= 0 and ctx.game.bare_when_played(ctx.state, act, card)


def named(ctx: SUCtx, what: Any) -> str:
    """What a card in play named when it was played (a faction), or ""."""
    card = _first(what)
    return ctx.state.named.get(CardRef(card), "") if card >= 0 else ""


def scoring_unmarked(ctx: SUCtx, where: Any, mark: str) -> bool:
    """Whether the base is scoring now and was not marked ``mark`` (``mark_scoring``) during
    this scoring: one Shinobi per base."""
    step = scoring_step(ctx)
    return step is not None and step.base == _first(where) and mark not in step.marks


def pending(ctx: SUCtx, what: Any) -> bool:
    """Whether a triggered ability of this card and ability is waiting to resolve."""
    card = _first(what)
    return any(t.source == card and t.ability == ctx.ability.id for t in ctx.state.triggers)


def by_action(ctx: SUCtx) -> bool:
    """In a "cannot": the card doing it is an action card its player (the actor) played or
    controls (000: "other players' actions")."""
    v = ctx.vars
    acting = v.cards.get("acting")
    if not acting or v.nums.get("acting_seat") != v.nums.get("actor"):
        return False
    g = ctx.game
    defn = ctx.state.cards[acting[0]].defn
    cat = g.cat(ctx.state)
    return defn in cat.cards and not cat.is_minion[defn]


def name_of(ctx: SUCtx, what: Any) -> str:
    card = _first(what)
    return ctx.game.card_name(ctx.state, card) if card >= 0 else "nothing"


def rival_factions(ctx: SUCtx) -> list[str]:
    """The factions of the minions other players control in play, sorted."""
    g, s = ctx.game, ctx.state
    return sorted(
        {
            s.cards[c].defn.split("/", 1)[0]
            for c, _ in g.minions_in_play(s)
            if s.cards[c].controller != ctx.you
        }
    )


def has_talent(ctx: SUCtx, what: Any) -> bool:
    """Whether the card has a Talent."""
    card = _first(what)
    spec = ctx.game.spec(ctx.state, card) if card >= 0 else None
    return spec is not None and spec.talent is not None


def talent_ready(ctx: SUCtx, what: Any) -> bool:
    """Whether the card has a Talent that would do something now (used or not this turn)."""
    card = _first(what)
    spec = ctx.game.spec(ctx.state, card) if card >= 0 else None
    if spec is None or spec.talent is None:
        return False
    return spec.talent_ok is None or spec.talent_ok(ctx.game, ctx.state, card)


def controllers_of(ctx: SUCtx, what: Any) -> list[int]:
    """The seats controlling the cards, in turn order from you."""
    s = ctx.state
    found = {s.cards[c].controller for c in cards_of(what)}
    return [p for p in ctx.game.seat_order(s, ctx.you) if p in found]


def acting_now(ctx: SUCtx, what: Any) -> bool:
    """Whether the card is the one acting now (its own effect is under way)."""
    acting = ctx.state.acting
    return acting is not None and acting.source == _first(what)


def cancelled(ctx: SUCtx, what: Any) -> bool:
    """Whether the card's abilities are cancelled now (000 Terms: Cancel)."""
    card = _first(what)
    return card >= 0 and card in ctx.game.cancelled(ctx.state)


def selector_words() -> dict[str, Any]:
    """The selectors and values (see ``docs/cards.md``)."""
    return {
        "minions": lambda at=None, whose="any", other=False, **f: Minions(
            _opt(at), whose, filters_from(f), other
        ),
        "bases": lambda other_than=None, **f: Bases(filters_from(f), _opt(other_than)),
        "base_actions": lambda at=None, whose="any", **f: BaseActions(
            _opt(at), whose, filters_from(f)
        ),
        "at_base": lambda where, with_base=False: Call(
            "at_base", at_base, (_e(where), _e(with_base))
        ),
        "here": Call("here", here),
        "host": Call("host", host),
        "base_of": lambda what: Call("base_of", base_of, (_e(what),), inverse=at_base),
        "in_play": lambda what: Call("in_play", in_play, (_e(what),)),
        "rival_factions": Call("rival_factions", rival_factions),
        "scoring_unmarked": lambda where, mark: Call(
            "scoring_unmarked", scoring_unmarked, (_e(where), _e(mark))
        ),
        "pending": lambda what: Call("pending", pending, (_e(what),)),
        "attached_to": lambda what: Call("attached_to", attached_to, (_e(what),)),
        "attached_actions": Call("attached_actions", attached_actions),
        "microbot": lambda what, seat=None: Call("microbot", microbot, (_e(what), _e(seat))),
        "first_minion": Call("first_minion", first_minion),
        "phase": Call("phase", phase),
        "minions_played": Call("minions_played", minions_played),
        "turn_number": Call("turn_number", turn_number),
        "can": lambda action, what, by=None: Call("can", can, (_e(action), _e(what), _e(by))),
        "affected_by": lambda what, verb=None, chooser=None: Call(
            "affected_by", affected_by, (_e(what), _e(verb), _e(chooser))
        ),
        "directly_affected": lambda what: Call("directly_affected", directly_affected, (_e(what),)),
        "bare": lambda action: Call("bare", bare, (_e(action),)),
        "named": lambda what: Call("named", named, (_e(what),)),
        "winners": Call("winners", placed, (Const(1),)),
        "first_winner": Call("first_winner", lambda ctx: placed(ctx, 1)[:1]),
        "placed": lambda n: Call("placed", placed, (_e(n),)),
        "players_at": lambda where, but=None: Call("players_at", players_at, (_e(where), _e(but))),
        "power_at": lambda where, seat: Call("power_at", power_at, (_e(where), _e(seat))),
        "powerless": lambda where: Call("powerless", powerless, (_e(where),)),
        "host_of": lambda what: Call("host_of", host_of, (_e(what),)),
        "in_zone": lambda what, zone: Call("in_zone", in_zone, (_e(what), _e(zone))),
        "by_action": Call("by_action", by_action),
        "controllers_of": lambda what: Call("controllers_of", controllers_of, (_e(what),)),
        "you_first": Seats("you_first"),
        "arrived": lambda where: Call(
            "arrived",
            lambda ctx, w: [CardRef(c) for c in ctx.game.arrived_this_turn(ctx.state, _first(w))],
            (_e(where),),
        ),
        "acting_now": lambda what: Call("acting_now", acting_now, (_e(what),)),
        "actions_played": Call("actions_played", lambda ctx: ctx.state.actions_played),
        "cancelled": lambda what: Call("cancelled", cancelled, (_e(what),)),
        "has_talent": lambda what: Call("has_talent", has_talent, (_e(what),)),
        "talent_ready": lambda what: Call("talent_ready", talent_ready, (_e(what),)),
    }
