"""Smash Up's words in the shared vocabulary: selectors of minions, bases and actions in play,
the verbs that change them (each records what it affects: 000 Terms: Affect), and how their
choices read. ``abilities.py`` assembles them into :func:`~.abilities.vocabulary`.

The context an ability runs in (:class:`~cardwright.core.vocab.Ctx`) gives the card it comes
from (``self``), the seat choosing (``you``) and what it bound: ``player`` (the seat whose card
or Talent it is: it stays the same when ``each_player`` lets others choose), ``base`` (where
the card was played, or the base a Special answers), ``via`` (``normal``, ``extra``,
``special``: how the card was played) and an event's cards (``minion``, ``base``, ``source``,
``action``, ``to``, ``from``) and numbers (``seat``, ``controller``, ``owner``, ``by``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from cardwright.core.errors import EngineError
from cardwright.core.state import CardRef
from cardwright.core.vocab import (
    Choose,
    Const,
    Ctx,
    Expr,
    Verb,
    VerbSpec,
    cards_of,
    filters_from,
    seats_of,
)
from cardwright.core.vocab.effects import fill
from cardwright.core.vocab.exprs import Call, Filter

from .affects import Acting
from .catalog import BASES
from .state import SUState

if TYPE_CHECKING:
    from .game import SmashUp

#: the hook an effect runs from -> how its card acts (the affect records' ``mode``)
MODES = {"on_play": "play", "talent": "talent", "listeners": "trigger", "special": "special"}


def game_of(ctx: Ctx) -> SmashUp:
    return cast("SmashUp", ctx.game)


def state_of(ctx: Ctx) -> SUState:
    return cast(SUState, ctx.state)


def player(ctx: Ctx) -> int:
    """The seat whose card or Talent is acting (-1 for a base's ability)."""
    src = ctx.source
    if src is not None and ctx.state.cards[src].defn in game_of(ctx).cat(ctx.state).bases:
        return -1
    return ctx.vars.nums.get("player", ctx.you)


def acting_of(ctx: Ctx) -> Acting | None:
    """The acting card of an effect, for the affect records (None: no card acts)."""
    src = ctx.source
    if src is None:
        return None
    mode = MODES.get(ctx.node.split("/", 3)[2] if ctx.node.count("/") >= 2 else "", "play")
    g = game_of(ctx)
    standard = mode == "play" and ctx.state.cards[src].defn in g.cat(ctx.state).standard
    return Acting(src, player(ctx), ctx.you, standard=standard, mode=mode)


def _e(value: Any) -> Expr:
    return value if isinstance(value, Expr) else Const(value)


def _opt(value: Any) -> Expr | None:
    return None if value is None else _e(value)


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

    def eval(self, ctx: Ctx) -> list[CardRef]:
        g, s = game_of(ctx), ctx.state
        if self.at is None:
            found = [CardRef(c) for c, _ in g.minions_in_play(s)]
        else:
            bid = _first(self.at.eval(ctx))
            if bid < 0 or not g.base_in_play(s, bid):
                return []
            found = [CardRef(c) for c in g.minions_at(s, bid)]
        if self.whose != "any":
            seat = player(ctx) if self.whose in ("player", "rival") else ctx.you
            mine = self.whose in ("you", "player")
            cards = s.cards
            found = [c for c in found if (cards[c].controller == seat) == mine]
        if self.other and ctx.source is not None:
            found = [c for c in found if c != ctx.source]
        for f in self.filters:
            found = [c for c in found if f.test(ctx, c)]
        return found


@dataclass(frozen=True, slots=True)
class Bases(Expr):
    """The bases in play, in table order, passing the filters."""

    filters: tuple[Filter, ...] = ()
    other_than: Expr | None = None

    def eval(self, ctx: Ctx) -> list[CardRef]:
        found = [CardRef(b) for b in ctx.state.zones[BASES]]
        if self.other_than is not None:
            skip = set(cards_of(self.other_than.eval(ctx)))
            found = [b for b in found if b not in skip]
        for f in self.filters:
            found = [b for b in found if f.test(ctx, b)]
        return found


def here(ctx: Ctx) -> list[CardRef]:
    """The base the ability is about: where its card was played (or the base a Special
    answers), else where the card is, else the card itself (a base)."""
    bound = ctx.vars.cards.get("base")
    if bound:
        return list(bound)
    src = ctx.source
    if src is None:
        return []
    g = game_of(ctx)
    if src in ctx.state.zones[BASES]:
        return [src]
    bid = g.base_of(ctx.state, src)
    return [CardRef(bid)] if bid >= 0 else []


def host(ctx: Ctx) -> list[CardRef]:
    """The card the ability's action is attached to (a base or a minion)."""
    src = ctx.source
    found = state_of(ctx).attached.get(src) if src is not None else None
    return [] if found is None else [found]


def base_of(ctx: Ctx, what: Any) -> list[CardRef]:
    card = _first(what)
    if card < 0:
        return []
    if card in ctx.state.zones[BASES]:
        return [CardRef(card)]
    bid = game_of(ctx).base_of(ctx.state, card)
    return [CardRef(bid)] if bid >= 0 else []


def in_play(ctx: Ctx, what: Any) -> bool:
    """Whether the card (a base, or a card at one) is in play."""
    card = _first(what)
    if card < 0:
        return False
    return card in ctx.state.zones[BASES] or game_of(ctx).base_of(ctx.state, card) >= 0


def scoring_step(ctx: Ctx) -> Any:
    """The step scoring a base now (the innermost), or None."""
    from .scoring import ScoreBase

    for step in reversed(ctx.state.stack):
        if isinstance(step, ScoreBase):
            return step
    return None


def placed(ctx: Ctx, place: int) -> list[int]:
    """The seats that took ``place`` at the base now scoring (1: its winners), in turn order
    from the current player."""
    step = scoring_step(ctx)
    if step is None or not step.places:
        return []
    if place == 1:
        return list(step.winners)
    order = game_of(ctx).seat_order(ctx.state, ctx.state.active)
    return [p for p in order if step.places[p] == place]


def players_at(ctx: Ctx, where: Any, but: Any = None) -> list[int]:
    """The seats with a minion at a base, in turn order from the current player, leaving out
    the seats of ``but``."""
    g, s = game_of(ctx), ctx.state
    bid = _first(where)
    if bid < 0 or not g.base_in_play(s, bid):
        return []
    present = {s.cards[c].controller for c in g.minions_at(s, bid)}
    skip = set() if but is None else set(seats_of(but))
    return [p for p in g.seat_order(s, s.active) if p in present and p not in skip]


def power_at(ctx: Ctx, where: Any, seat: Any) -> int:
    """A player's total power at a base."""
    return game_of(ctx).powers_at(ctx.state, _first(where)).get(seats_of(seat)[0], 0)


def powerless(ctx: Ctx, where: Any) -> int:
    """How many players at the table have no power at a base."""
    powers = game_of(ctx).powers_at(ctx.state, _first(where))
    return sum(1 for seat in range(ctx.state.num_players) if powers.get(seat, 0) <= 0)


def host_of(ctx: Ctx, what: Any) -> list[CardRef]:
    card = _first(what)
    found = state_of(ctx).attached.get(CardRef(card)) if card >= 0 else None
    return [] if found is None else [found]


def in_zone(ctx: Ctx, what: Any, zone: str) -> bool:
    """Whether the card is in its owner's ``zone`` (``hand``, ``deck``, ``discard``)."""
    card = _first(what)
    return card >= 0 and card in ctx.state.zones[f"{zone}:{ctx.state.cards[card].owner}"]


def by_action(ctx: Ctx) -> bool:
    """In a "cannot": the card doing it is an action card its player (the actor) played or
    controls (000: "other players' actions")."""
    v = ctx.vars
    acting = v.cards.get("acting")
    if not acting or v.nums.get("acting_seat") != v.nums.get("actor"):
        return False
    g = game_of(ctx)
    defn = ctx.state.cards[acting[0]].defn
    cat = g.cat(ctx.state)
    return defn in cat.cards and not cat.is_minion[defn]


def name_of(ctx: Ctx, what: Any) -> str:
    card = _first(what)
    return game_of(ctx).card_name(ctx.state, card) if card >= 0 else "nothing"


# ------------------------------------------------------------------------------ verbs
def _actor(ctx: Ctx, actor: Any) -> int:
    if actor is None:
        return player(ctx)
    return int(actor) if isinstance(actor, int) else int(next(iter(actor)))


def acts(fn: Callable[..., bool]) -> Callable[..., bool]:
    """A verb's function, run with its card as the game's acting card (what the affect
    records and the "cannot"s about other players' cards read)."""

    def run(ctx: Ctx, *args: Any, **kwargs: Any) -> bool:
        g = game_of(ctx)
        prev = g._acting
        g._acting = acting_of(ctx)
        try:
            return fn(ctx, *args, **kwargs)
        finally:
            g._acting = prev

    run.__doc__ = fn.__doc__
    return run


@acts
def _destroy(ctx: Ctx, what: Any, actor: Any = None, by: Any = None) -> bool:
    g = game_of(ctx)
    who = _actor(ctx, actor)
    credit = None if by is None else _actor(ctx, by)
    done = False
    for cid in cards_of(what):
        if g.is_minion(ctx.state, cid):
            done = g.destroy(ctx.state, cid, who, ctx.rule, by=credit) or done
        else:
            done = g.destroy_action(ctx.state, cid, who, ctx.rule) or done
    return done


@acts
def _return(ctx: Ctx, what: Any, actor: Any = None) -> bool:
    g = game_of(ctx)
    done = False
    for cid in cards_of(what):
        done = g.return_to_hand(ctx.state, cid, _actor(ctx, actor), ctx.rule) or done
    return done


@acts
def _to_deck(ctx: Ctx, what: Any, how: str = "shuffle") -> bool:
    g = game_of(ctx)
    done = False
    for cid in cards_of(what):
        done = g.to_deck(ctx.state, cid, player(ctx), ctx.rule, how) or done
    return done


@acts
def _move(ctx: Ctx, what: Any, to: Any, actor: Any = None) -> bool:
    g = game_of(ctx)
    dest = _first(to)
    done = False
    if dest < 0:
        return False
    for cid in cards_of(what):
        done = g.move_minion(ctx.state, cid, dest, _actor(ctx, actor), ctx.rule) or done
    return done


@acts
def _power(ctx: Ctx, what: Any, amount: int, until: str = "end_of_turn", log: str = "each") -> bool:
    """+``amount`` power until an occasion; ``log``: ``each`` (a line per minion), ``all``
    (one line for all: "X's N minion(s) get ..."), ``""`` (none)."""
    g, s = game_of(ctx), state_of(ctx)
    seat = player(ctx)
    got = []
    for cid in cards_of(what):
        if g.start_lasting(s, "power", cid, int(amount), ctx.source or -1, seat, until):
            got.append(cid)
            if log == "each":
                g.log(
                    s,
                    "power",
                    ctx.rule,
                    f"{g.card_name(s, cid)} gets {int(amount):+d} power until the end of the turn",
                    seat,
                    card=cid,
                )
    if log == "all":
        g.log(
            s,
            "power",
            ctx.rule,
            f"{s.names[seat]}'s {len(got)} minion(s) get {int(amount):+d} power until the end "
            "of the turn",
            seat,
            cards=got,
        )
    return bool(got)


@acts
def _counters(ctx: Ctx, what: Any, n: int = 1, actor: Any = None) -> bool:
    g = game_of(ctx)
    done = False
    for cid in cards_of(what):
        done = g.add_counters(ctx.state, cid, int(n), _actor(ctx, actor), ctx.rule) or done
    return done


@acts
def _breakpoint(ctx: Ctx, what: Any, amount: int, until: str = "end_of_turn") -> bool:
    g, s = game_of(ctx), state_of(ctx)
    done = False
    for bid in cards_of(what):
        done = (
            g.start_lasting(s, "breakpoint", bid, int(amount), ctx.source or -1, player(ctx), until)
            or done
        )
    return done


@acts
def _extra(
    ctx: Ctx,
    kind: str,
    max_power: Any = -1,
    at: Any = None,
    now: bool = False,
    mandatory: bool = False,
    zone: str = "hand",
    cond: str = "",
    subtype: str = "",
    ongoing: bool = False,
) -> bool:
    g = game_of(ctx)
    base = -1 if at is None else _first(at)
    src = -1 if ctx.source is None else ctx.source
    g.grant_extra(
        ctx.state,
        ctx.you,
        kind,
        ctx.rule,
        max_power=int(max_power),
        base=base,
        source=src,
        immediate=bool(now),
        mandatory=bool(mandatory),
        zone=zone,
        cond=cond,
        ongoing=bool(ongoing),
        subtype=subtype,
    )
    return True


def _spare(ctx: Ctx, what: Any, source: Any) -> bool:
    """The minions are not affected by the card ``source`` for the rest of the turn (this
    card spares them: Tooth and Claw, Hideout)."""
    g = game_of(ctx)
    src = _first(source)
    for cid in cards_of(what):
        g.spare(ctx.state, cid, src, ctx.source if ctx.source is not None else -1)
    return True


def _say(ctx: Ctx, text: str, kind: str = "note", who: Any = None) -> bool:
    """A line in the log (bound values named in braces), about the card's player (or the
    seat ``who``)."""
    seat = player(ctx) if who is None else seats_of(who)[0]
    ctx.game.log(ctx.state, kind, ctx.rule, fill(ctx, text), seat)
    return True


def _to_deck_bottom(ctx: Ctx, what: Any) -> bool:
    """The card goes to the bottom of its owner's deck: from play (a base's doing: nothing
    stops it, it is not a player's card affecting a minion) or from a discard pile."""
    g, s = game_of(ctx), state_of(ctx)
    done = False
    for cid in cards_of(what):
        owner = s.cards[cid].owner
        name = g.card_name(s, cid)
        if g.base_of(s, cid) >= 0:
            g.leave_play(s, cid, f"deck:{owner}", bottom=True)
            text = f"{name} goes to the bottom of {s.names[owner]}'s deck"
            g.log(s, "to_deck", ctx.rule, text, ctx.you, card=cid)
        elif cid in s.zones[f"discard:{owner}"]:
            g.to_zone(s, cid, f"discard:{owner}", f"deck:{owner}", bottom=True)
            text = f"{name} goes from {s.names[owner]}'s discard pile to the bottom of their deck"
            g.log(s, "to_deck", ctx.rule, text, owner, card=cid)
        else:
            continue
        done = True
    return done


def _discard_hand(ctx: Ctx) -> bool:
    """You discard your whole hand (one line in the log)."""
    g, s, seat = game_of(ctx), state_of(ctx), ctx.you
    hand = list(s.zones[f"hand:{seat}"])
    for cid in hand:
        g.to_zone(s, cid, f"hand:{seat}", f"discard:{seat}")
    g.log(
        s,
        "discard",
        ctx.rule,
        f"{s.names[seat]} discards their hand ({len(hand)} card(s))",
        seat,
        cards=hand,
    )
    for cid in hand:
        g.fire(s, "card_to_discard", card=cid, base_card=-1, owner=seat)
    return bool(hand)


DESTROY = VerbSpec("destroy", _destroy, kind="target", prompt="Choose a minion to destroy")
RETURN = VerbSpec("return", _return, kind="target", prompt="Choose a minion to return")
TO_DECK = VerbSpec("to_deck", _to_deck, kind="target", prompt="Choose a minion")
MOVE = VerbSpec("move", _move, kind="target", prompt="Choose a minion to move")
POWER = VerbSpec("power", _power, kind="target", prompt="Choose a minion")
COUNTERS = VerbSpec("counters", _counters, kind="target", prompt="Choose a minion")
BREAKPOINT = VerbSpec("breakpoint", _breakpoint, kind="choose_base", prompt="Choose a base")
EXTRA = VerbSpec("extra", _extra)
SAY = VerbSpec("say", _say)
TO_DECK_BOTTOM = VerbSpec("to_deck_bottom", _to_deck_bottom)
DISCARD_HAND = VerbSpec("discard_hand", _discard_hand)
SPARE = VerbSpec("spare", _spare)


def verb(spec: VerbSpec) -> Callable[..., Verb]:
    """The word for a verb: positional and keyword arguments become expressions."""

    def make(*args: Any, **kwargs: Any) -> Verb:
        return Verb(spec, tuple(_e(a) for a in args), tuple((k, _e(v)) for k, v in kwargs.items()))

    return make


# ------------------------------------------------------------------------------ choices
def _choose(what: Any, prompt: str, defaults: dict[str, Any], more: dict[str, Any]) -> Choose:
    return Choose(_e(what), prompt=prompt, **{**defaults, **more})


def target(what: Any, prompt: str, may: bool = False, **more: Any) -> Choose:
    """A minion chosen among ``what``: options ``pick:<id>`` read "Name (power, Controller) at
    Base", a ``decline`` ("Choose none") when it ``may``; nothing to choose is logged.
    Any keyword of ``choose`` overrides these."""
    defaults = {
        "option": "pick",
        "kind": "target",
        "label": "minion",
        "decline": "Choose none",
        "none": "There is no minion it can choose",
        "may": may,
    }
    return _choose(what, prompt, defaults, more)


def card(
    what: Any, prompt: str, may: bool = False, kind: str = "target", ask: str = "", **more: Any
) -> Choose:
    """A card chosen among ``what`` (a minion, an action in play, a base by name): options
    ``<kind>:<id>``, the question's kind ``ask`` (default ``kind``), ``decline`` ("Do nothing")
    when it ``may``."""
    defaults = {
        "option": kind,
        "kind": ask or kind,
        "label": "card",
        "decline": "Do nothing",
        "may": may,
    }
    return _choose(what, prompt, defaults, more)


def base(what: Any, prompt: str, kind: str = "destination", **more: Any) -> Choose:
    """A base chosen among ``what``: options ``pick:<id>`` read "Name (total power /
    breakpoint)"."""
    defaults = {"option": "pick", "kind": kind, "label": "base", "decline": "Choose none"}
    return _choose(what, prompt, defaults, more)


# ------------------------------------------------------------------------------ labels
def choice_label(g: SmashUp, ctx: Ctx, cid: int, style: str) -> str:
    """How a choice names a card (:meth:`Game.choice_label`): ``minion`` ("Name (power,
    Controller) at Base"), ``base`` ("Name (power/breakpoint)"), ``card`` (a base by name, a
    minion as ``minion``, an action with the base it is at), ``name``, ``label`` ("Name
    (power)" or "Name (action)"), or a template naming ``{card}`` and ``{label}``."""
    s = ctx.state
    if style == "minion":
        return g.minion_label(s, cid)
    if style == "base":
        return f"{g.card_name(s, cid)} ({g.total_power(s, cid)}/{g.breakpoint(s, cid)})"
    if style == "card":
        if cid in s.zones[BASES] or s.cards[cid].defn in g.cat(s).bases:
            return g.card_name(s, cid)
        if g.is_minion(s, cid):
            return g.minion_label(s, cid)
        return f"{g.card_name(s, cid)} at {g.card_name(s, g.base_of(s, cid))}"
    if style == "name":
        return g.card_name(s, cid)
    if style == "label":
        return g.label(cast(SUState, s), cid)
    if "{" in style:
        return style.format(card=g.card_name(s, cid), label=g.label(cast(SUState, s), cid))
    raise EngineError(f"smash-up: unknown label style {style!r}")


# ------------------------------------------------------------------------------ the words
def words() -> dict[str, Any]:
    """Smash Up's words (see the module docstring and ``docs/cards.md``)."""
    return {
        # selectors and values
        "minions": lambda at=None, whose="any", other=False, **f: Minions(
            _opt(at), whose, filters_from(f), other
        ),
        "bases": lambda other_than=None, **f: Bases(filters_from(f), _opt(other_than)),
        "here": Call("here", here),
        "host": Call("host", host),
        "base_of": lambda what: Call("base_of", base_of, (_e(what),)),
        "in_play": lambda what: Call("in_play", in_play, (_e(what),)),
        # choosing
        "target": target,
        "card": card,
        "base": base,
        # verbs
        "destroy": verb(DESTROY),
        "return_to_hand": verb(RETURN),
        "to_deck": verb(TO_DECK),
        "move": verb(MOVE),
        "power": verb(POWER),
        "counters": verb(COUNTERS),
        "breakpoint": verb(BREAKPOINT),
        "extra": verb(EXTRA),
        "say": verb(SAY),
        "to_deck_bottom": verb(TO_DECK_BOTTOM),
        "discard_hand": verb(DISCARD_HAND),
        "winners": Call("winners", placed, (Const(1),)),
        "placed": lambda n: Call("placed", placed, (_e(n),)),
        "players_at": lambda where, but=None: Call("players_at", players_at, (_e(where), _e(but))),
        "power_at": lambda where, seat: Call("power_at", power_at, (_e(where), _e(seat))),
        "powerless": lambda where: Call("powerless", powerless, (_e(where),)),
        "host_of": lambda what: Call("host_of", host_of, (_e(what),)),
        "in_zone": lambda what, zone: Call("in_zone", in_zone, (_e(what), _e(zone))),
        "spare": verb(SPARE),
        "by_action": Call("by_action", by_action),
    }
