"""Expressions: selectors of cards and seats, numbers, conditions, and the "choose" marker.

All are pure. A card selector gives a list of card references in zone order; a seat selector a
list of seats; a number an int. Card attributes (a creature's cost, a minion's power) come from
the game (:meth:`Game.card_attr`), so the same selector serves every game:

>>> Cards("play", "any", (Filter("cost", "le", Const(3)),))  # doctest: +ELLIPSIS
Cards(zone='play', whose='any', ...)
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..errors import DataError
from ..state import CardRef
from .base import Ctx, Expr, cards_of

T = TypeVar("T", bound=int)  # a card id or reference


def _member(a: Any, b: Any) -> bool:
    """``a in b``: a value among a selection (``it.owner in opponent``, ``"stop" in it.icons``);
    a selection of one on the left is its one value (``self in chosen``)."""
    if isinstance(a, (list, tuple)) and len(a) == 1:
        a = a[0]
    return a in b


def _eq(a: Any, b: Any) -> bool:
    """Equality; a single value against a selection (a seat or card list from a word such as
    ``opponent``) tests membership: ``it.owner == opponent``."""
    if isinstance(b, list) and not isinstance(a, (list, tuple)):
        return a in b
    if isinstance(a, list) and not isinstance(b, (list, tuple)):
        return b in a
    return bool(a == b)


COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "lt": operator.lt,
    "le": operator.le,
    "eq": _eq,
    "ne": lambda a, b: not _eq(a, b),
    "ge": operator.ge,
    "gt": operator.gt,
    "in": _member,
    "has": lambda a, b: _member(b, a),
}
ARITH: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "//": operator.floordiv,
    "%": operator.mod,
}


@dataclass(frozen=True, slots=True)
class Const(Expr):
    value: Any

    def eval(self, ctx: Ctx) -> Any:
        return self.value

    def describe(self) -> str:
        return repr(self.value)


@dataclass(frozen=True, slots=True)
class SelfCard(Expr):
    """The card the ability comes from."""

    def eval(self, ctx: Ctx) -> list[CardRef]:
        return [] if ctx.source is None else [ctx.source]


@dataclass(frozen=True, slots=True)
class Var(Expr):
    """A bound value: cards (``chosen``, ``it``, an event's ``card``), or a number or word."""

    name: str

    def eval(self, ctx: Ctx) -> Any:
        v, name = ctx.vars, self.name
        cards = v.cards.get(name)
        if cards is not None:
            return list(cards)
        if name in v.nums:
            return v.nums[name]
        if name in v.words:
            return v.words[name]
        return []


# ------------------------------------------------------------------------------ seats
def seats_from(ctx: Ctx, whose: str) -> list[int]:
    """The seats a word names, relative to ``ctx.you``: ``you``, ``opponent`` (every other
    seat, in turn order after you), ``any`` (every seat in seat order), ``each`` (every seat
    in turn order from the active one), ``you_first`` (every seat in turn order from you),
    ``active``, ``owner`` / ``controller`` (of the source card)."""
    n = ctx.state.num_players
    if whose == "you":
        return [ctx.you]
    if whose == "you_first":
        return [(ctx.you + i) % n for i in range(n)]
    if whose == "opponent":
        return [(ctx.you + i) % n for i in range(1, n)]
    if whose == "any":
        return list(range(n))
    if whose == "each":
        return [(ctx.state.active + i) % n for i in range(n)]
    if whose == "active":
        return [ctx.state.active]
    if whose in ("owner", "controller"):
        if ctx.source is None:
            return []
        card = ctx.state.cards[ctx.source]
        return [card.owner if whose == "owner" else card.controller]
    raise DataError(f"unknown seat word {whose!r} ({', '.join(SEAT_WORDS)})")


SEAT_WORDS = ("you", "opponent", "any", "each", "you_first", "active", "owner", "controller")


@dataclass(frozen=True, slots=True)
class Seats(Expr):
    """Seats by a word (see :func:`seats_from`)."""

    whose: str

    def eval(self, ctx: Ctx) -> list[int]:
        return seats_from(ctx, self.whose)


@dataclass(frozen=True, slots=True)
class OwnerOf(Expr):
    what: Expr
    controller: bool = False

    def eval(self, ctx: Ctx) -> list[int]:
        out = []
        for c in cards_of(self.what.eval(ctx)):
            card = ctx.state.cards.get(c)
            if card is not None:
                out.append(card.controller if self.controller else card.owner)
        return out


# ------------------------------------------------------------------------------ cards
@dataclass(frozen=True, slots=True)
class Filter:
    """A test on a card attribute: ``attr`` (from the game) ``op`` (lt le eq ne ge gt)
    ``value``."""

    attr: str
    op: str
    value: Expr

    def test(self, ctx: Ctx, card: int) -> bool:
        return COMPARE[self.op](
            ctx.game.card_attr_as(ctx.state, card, self.attr, ctx.you), self.value.eval(ctx)
        )

    def keep(self, ctx: Ctx, cards: Iterable[T], first: bool = False) -> list[T]:
        """The cards that pass, in order (the value is the same for every card: it is worked
        out once, at the first card); with ``first``, the first that passes only."""
        out: list[T] = []
        value: Any = _UNSET
        game, state, attr, you = ctx.game, ctx.state, self.attr, ctx.you
        compare = COMPARE[self.op]
        registry = game.registry
        # "treated as" rules for the attribute (card_attr_as) asked once, not once per card
        treat = registry is not None and bool(registry.treating(attr))
        plain, attr_of = game.card_attr, game.card_attr_as
        for c in cards:
            if value is _UNSET:
                value = self.value.eval(ctx)
            got = attr_of(state, c, attr, you) if treat else plain(state, c, attr)
            if compare(got, value):
                out.append(c)
                if first:
                    break
        return out


_UNSET = object()


def any_passing(ctx: Ctx, filters: tuple[Filter, ...], cards: Iterable[T]) -> bool:
    """Whether a card passes every filter (``bool(passing(...))``): the last filter stops at
    the first card that passes it. What a selection's ``exists`` answers for a count compared
    with 0 (``count(where(...)) > 0``: :func:`.compiled.compiled`)."""
    if not filters:
        return bool(cards if isinstance(cards, list) else list(cards))
    found = passing(ctx, filters[:-1], cards)
    return bool(found) and bool(filters[-1].keep(ctx, found, first=True))


def passing(ctx: Ctx, filters: tuple[Filter, ...], cards: Iterable[T]) -> list[T]:
    """The cards that pass every filter, in order (:meth:`Filter.keep`, filter by filter)."""
    found = cards if isinstance(cards, list) else list(cards)
    for f in filters:
        if not found:
            break
        found = f.keep(ctx, found)
    return found


@dataclass(frozen=True, slots=True)
class Cards(Expr):
    """The cards in a zone of some seats (``whose``: a seat word; ``shared`` for a zone with
    no seat), that pass every filter; ``other`` leaves out the source card."""

    zone: str
    whose: str = "you"
    filters: tuple[Filter, ...] = ()
    other: bool = False
    #: zone keys by seat (the game's ``zone_key`` is static: computed once per seat)
    _keys: dict[int, str] = field(default_factory=dict, compare=False, repr=False)

    def eval(self, ctx: Ctx) -> list[CardRef]:
        state = ctx.state
        if self.whose == "shared":
            keys = [self.zone]
        else:
            known = self._keys
            keys = []
            for s in seats_from(ctx, self.whose):
                key = known.get(s)
                if key is None:
                    key = known[s] = ctx.game.zone_key(self.zone, s)
                keys.append(key)
        out: list[CardRef] = []
        for key in keys:
            for cid in state.zones.get(key, ()):
                if self.other and cid == ctx.source:
                    continue
                out.append(CardRef(cid))
        return passing(ctx, self.filters, out) if self.filters else out


@dataclass(frozen=True, slots=True)
class Where(Expr):
    """The cards of ``what`` that pass every filter."""

    what: Expr
    filters: tuple[Filter, ...]

    def eval(self, ctx: Ctx) -> list[CardRef]:
        return passing(ctx, self.filters, cards_of(self.what.eval(ctx)))

    def exists(self, ctx: Ctx) -> bool:
        """Whether :meth:`eval` finds a card (``count(where(...)) > 0``: :func:`any_passing`)."""
        return any_passing(ctx, self.filters, cards_of(self.what.eval(ctx)))


@dataclass(frozen=True, slots=True)
class First(Expr):
    """The first card of ``what`` (a selection of one, or none)."""

    what: Expr

    def eval(self, ctx: Ctx) -> list[CardRef]:
        return cards_of(self.what.eval(ctx))[:1]


# ------------------------------------------------------------------------------ numbers
@dataclass(frozen=True, slots=True)
class Count(Expr):
    what: Expr

    def eval(self, ctx: Ctx) -> int:
        value = self.what.eval(ctx)
        return len(value) if isinstance(value, (list, tuple)) else int(bool(value))


@dataclass(frozen=True, slots=True)
class Extreme(Expr):
    """``most(cards, "power")`` / ``least(cards, "power")``: the highest / lowest value of an
    attribute among the cards (0 when there are none)."""

    what: Expr
    attr: str
    pick: Callable[[list[Any]], Any]

    def eval(self, ctx: Ctx) -> Any:
        found = cards_of(self.what.eval(ctx))
        values = [ctx.game.card_attr_as(ctx.state, c, self.attr, ctx.you) for c in found]
        return self.pick(values) if values else 0


@dataclass(frozen=True, slots=True)
class Attr(Expr):
    """An attribute of the first card of ``what`` (0 when there is none)."""

    name: str
    what: Expr

    def eval(self, ctx: Ctx) -> Any:
        value = self.what.eval(ctx)  # as cards_of(value)[0], without copying the selection
        if isinstance(value, (list, tuple)):
            if not value:
                return 0
            value = value[0]
        elif value is None:
            return 0
        return ctx.game.card_attr_as(ctx.state, value, self.name, ctx.you)


@dataclass(frozen=True, slots=True)
class CounterOf(Expr):
    """How many counters named ``name`` the first card of ``what`` has (0 without)."""

    what: Expr
    name: str

    def eval(self, ctx: Ctx) -> int:
        found = cards_of(self.what.eval(ctx))
        if not found or found[0] not in ctx.state.cards:
            return 0
        return ctx.state.cards[found[0]].counters.get(self.name, 0)


@dataclass(frozen=True, slots=True)
class Arith(Expr):
    op: str
    left: Expr
    right: Expr

    def eval(self, ctx: Ctx) -> Any:
        return ARITH[self.op](self.left.eval(ctx), self.right.eval(ctx))


@dataclass(frozen=True, slots=True)
class Neg(Expr):
    what: Expr

    def eval(self, ctx: Ctx) -> Any:
        return -self.what.eval(ctx)


def _one(value: Any) -> Any:
    return value[0] if isinstance(value, (list, tuple)) and len(value) == 1 else value


@dataclass(frozen=True, slots=True)
class Compare(Expr):
    """A comparison. A selection of one card or seat compared with a single value compares
    as that one value (``it.controller == you``)."""

    op: str
    left: Expr
    right: Expr

    def eval(self, ctx: Ctx) -> bool:
        left, right = self.left.eval(ctx), self.right.eval(ctx)
        if isinstance(left, (list, tuple)) != isinstance(right, (list, tuple)):
            left, right = _one(left), _one(right)
        elif self.op == "eq" and not isinstance(left, (list, tuple)):
            return bool(left == right)  # two single values (most comparisons)
        return COMPARE[self.op](left, right)


@dataclass(frozen=True, slots=True)
class Not(Expr):
    what: Expr

    def eval(self, ctx: Ctx) -> bool:
        return not self.what.eval(ctx)


@dataclass(frozen=True, slots=True)
class AllOf(Expr):
    parts: tuple[Expr, ...]

    def eval(self, ctx: Ctx) -> bool:
        for p in self.parts:  # noqa: SIM110 (a loop: no generator per test, asked often)
            if not p.eval(ctx):
                return False
        return True


@dataclass(frozen=True, slots=True)
class AnyOf(Expr):
    parts: tuple[Expr, ...]

    def eval(self, ctx: Ctx) -> bool:
        for p in self.parts:  # noqa: SIM110 (as AllOf)
            if p.eval(ctx):
                return True
        return False


@dataclass(frozen=True, slots=True)
class IfValue(Expr):
    """``then if condition else otherwise``: a value that depends on a condition
    (``5 if facing(race="elf") else 0``)."""

    condition: Expr
    then: Expr
    otherwise: Expr

    def eval(self, ctx: Ctx) -> Any:
        return self.then.eval(ctx) if self.condition.eval(ctx) else self.otherwise.eval(ctx)


@dataclass(frozen=True, slots=True)
class Call(Expr):
    """A game's own pure function of the context (a value the vocabulary has no word for):
    ``fn(ctx, *args)`` with the arguments evaluated. ``inverse``, for a function of one card
    whose value is a card (the base a card is at): ``inverse(ctx, value)`` gives every card
    for which the function can give ``value`` (the cards at that base), so a condition
    ``fn(it) == value`` is asked only of those (:func:`selection`)."""

    name: str
    fn: Callable[..., Any]
    args: tuple[Expr, ...] = ()
    inverse: Callable[..., Any] | None = None

    def eval(self, ctx: Ctx) -> Any:
        args = self.args
        if not args:  # (no generator for the usual zero or one argument: asked often)
            return self.fn(ctx)
        if len(args) == 1:
            return self.fn(ctx, args[0].eval(ctx))
        return self.fn(ctx, *[a.eval(ctx) for a in args])


# ------------------------------------------------------------------------------ choosing
@dataclass(frozen=True, slots=True)
class Choose(Expr):
    """A choice among the cards of ``what``, made by the acting seat when the effect using it
    runs (as an argument of a verb, or bound by ``let``). ``n``: how many (one at a time,
    each carried out as it is picked), a number or an expression worked out once, when the
    choice begins (``n=count(cards("hand")) - 5``: down to five cards); ``up_to``: fewer may
    be picked (a ``done`` option); ``may``: none at all (a decline option). When every
    candidate must be taken anyway, no question is asked, unless ``always_ask`` (choices
    among cards of a hidden hand that a filter narrows: skipping the question would tell the
    others what the hand holds); with ``may`` too, it is asked even when no card fits, the
    decline its only option.
    ``kind``, ``prompt``: the decision's kind and prompt (defaults from the verb; the prompt
    may name bound values, ``{chosen}``, ``{it}``, ``{source}`` (the card the ability is on),
    and ``{n}``, how many are left to choose);
    ``prompt_more``: the prompt once a card has been picked; ``none``: what the log says when
    there is nothing to choose.

    How the options read (the defaults are the verb's): ``option``, the prefix of their ids
    (``<option>:<card id>``); ``label``, a label style the game names
    (:meth:`Game.choice_label`); ``decline`` / ``decline_id``, the option ``may`` adds (the
    game's ``decline_option`` where they are empty);
    ``done`` / ``done_id``, the option ``up_to`` adds once a card is picked; ``distinct``:
    one option per card definition (copies are interchangeable); ``count_copies``: whether it
    is asked depends on how many cards there are, copies counted (a hidden hand: asking only
    when the cards differ would tell the others they do); ``all`` / ``all_id``: an option
    taking every card left at once (offered while two or more are left; ``{count}`` in its
    label is how many)."""

    what: Expr
    n: int | Expr = 1
    up_to: bool = False
    may: bool = False
    kind: str = ""
    prompt: str = ""
    none: str = ""
    always_ask: bool = False
    option: str = ""
    label: str = ""
    decline: str = ""
    decline_id: str = ""
    done: str = "Done"
    done_id: str = "done"
    prompt_more: str = ""
    distinct: bool = False
    count_copies: bool = False
    all: str = ""
    all_id: str = "all"

    def eval(self, ctx: Ctx) -> list[CardRef]:
        """The candidates (the choice itself is made by the step running the verb)."""
        return cards_of(self.what.eval(ctx))


# ------------------------------------------------------------------------------ analysis
def mentions(expr: Any, name: str = "it") -> bool:
    """Whether an expression reads the bound value ``name`` anywhere (expressions are
    dataclasses; anything else, a game's own node included, is looked into field by field,
    and a node that is not a dataclass is taken not to read it)."""
    if isinstance(expr, Var):
        return expr.name == name
    if isinstance(expr, (list, tuple)):
        return any(mentions(v, name) for v in expr)
    if not dataclasses.is_dataclass(expr) or isinstance(expr, type):
        return False
    return any(mentions(getattr(expr, f.name), name) for f in dataclasses.fields(expr))


def selection(expr: Expr | None, name: str = "it") -> Expr | None:
    """The cards a condition on ``name`` can hold for at most, as an expression that does not
    read ``name`` (so it is worked out once, not once per card), or None when the condition
    does not say: ``it in <cards>``, ``it == <cards>`` (either side), ``f(it) == <value>``
    for a game's function with an inverse (either side), the first such part of an ``and``.
    A value rule asks its condition only of these cards::

        it in minions(at=here) and it.power <= 3   ->   minions(at=here)
        base_of(it) == self                        ->   the cards at self
    """
    if isinstance(expr, AllOf):
        for part in expr.parts:
            found = selection(part, name)
            if found is not None:
                return found
        return None
    if not isinstance(expr, Compare) or expr.op not in ("in", "eq"):
        return None
    left, right = expr.left, expr.right
    if isinstance(left, Var) and left.name == name and not mentions(right, name):
        return right
    if expr.op != "eq":
        return None
    if isinstance(right, Var) and right.name == name and not mentions(left, name):
        return left
    for call, other in ((left, right), (right, left)):
        if (
            isinstance(call, Call)
            and call.inverse is not None
            and call.args == (Var(name),)
            and not mentions(other, name)
        ):
            return Call(f"cards whose {call.name} is", call.inverse, (other,))
    return None
