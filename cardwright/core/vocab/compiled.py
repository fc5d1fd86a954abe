"""Expressions compiled to Python closures, for the ones asked very often.

An expression tree answers :meth:`Expr.eval` by walking its nodes. Rules asked at every step (a
power modifier of each minion, a "cannot" of each card in play, a Talent's condition) pay for
that walk many times per decision, so :func:`compiled` turns a tree into one closure per node
once, when first asked: a comparison knows its operator, an attribute of a bound card reads it
without building a list, ``and`` / ``or`` loop over closures. A node it does not know (a game's
own selector) is called through its ``eval``, so every expression compiles, and a compiled
expression gives exactly what ``eval`` gives (the test suite compares both on every game).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from ..errors import EngineError
from .base import Ctx, Expr
from .exprs import (
    ARITH,
    COMPARE,
    AllOf,
    AnyOf,
    Arith,
    Attr,
    Call,
    Compare,
    Const,
    Count,
    IfValue,
    Not,
    SelfCard,
    Var,
    _one,
)

Fn = Callable[[Ctx], Any]

#: when true, every compiled closure also evaluates its expression and fails on a difference
#: (the test suite sets it: a compiled node that drifted from its ``eval`` fails there)
CHECK = False

#: compiled closures by expression (id: expressions hold dicts, so they are not hashable; the
#: expression is kept beside its closure, so its id is not reused while the entry lives)
_DONE: dict[int, tuple[Expr, Fn]] = {}


def compiled(expr: Expr) -> Fn:
    """``expr.eval`` as a closure of the context (made once per expression)."""
    found = _DONE.get(id(expr))
    if found is not None and found[0] is expr:
        return found[1]
    make = _MAKERS.get(type(expr))
    fn = expr.eval if make is None else make(expr)
    if CHECK and make is not None:
        fn = _checked(expr, fn)
    _DONE[id(expr)] = (expr, fn)
    return fn


def _checked(expr: Expr, fn: Fn) -> Fn:
    def both(ctx: Ctx) -> Any:
        fast, slow = fn(ctx), expr.eval(ctx)
        if fast != slow or type(fast) is not type(slow):
            raise EngineError(f"compiled {expr!r} gave {fast!r}, its eval {slow!r}")
        return fast

    return both


def _const(e: Const) -> Fn:
    value = e.value
    return lambda ctx: value


def _self_card(e: SelfCard) -> Fn:
    return lambda ctx: [] if ctx.source is None else [ctx.source]


def _attr(e: Attr) -> Fn:
    name = e.name
    if isinstance(e.what, Var):  # an attribute of a bound card: no list built
        var = e.what.name

        def bound_attr(ctx: Ctx) -> Any:
            v = ctx.vars
            cards = v.cards.get(var)
            if cards is None:
                value: Any = v.nums[var] if var in v.nums else v.words.get(var, [])
                if isinstance(value, list):
                    if not value:
                        return 0
                    value = value[0]
            elif not cards:
                return 0
            else:
                value = cards[0]
            return ctx.game.card_attr_as(ctx.state, value, name, ctx.you)

        return bound_attr
    if isinstance(e.what, SelfCard):

        def self_attr(ctx: Ctx) -> Any:
            source = ctx.source
            if source is None:
                return 0
            return ctx.game.card_attr_as(ctx.state, source, name, ctx.you)

        return self_attr
    return e.eval


def _compare(e: Compare) -> Fn:
    op = COMPARE[e.op]
    plain = operator.eq if e.op == "eq" else None
    if isinstance(e.right, Const) and not isinstance(e.right.value, (list, tuple)):
        return _compare_const(e, op, plain)
    left, right = compiled(e.left), compiled(e.right)

    def compare(ctx: Ctx) -> bool:
        a, b = left(ctx), right(ctx)
        seq_a, seq_b = isinstance(a, (list, tuple)), isinstance(b, (list, tuple))
        if seq_a != seq_b:
            a, b = _one(a), _one(b)
        elif plain is not None and not seq_a:
            return bool(a == b)
        return op(a, b)

    return compare


_PLAIN_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "lt": operator.lt,
    "le": operator.le,
    "eq": operator.eq,
    "ne": operator.ne,
    "ge": operator.ge,
    "gt": operator.gt,
}


#: the comparisons of a count with a number that ask only whether there is one (True) or
#: none (False): ``count(...) > 0``, ``count(...) == 0`` ...
_SOME: dict[tuple[str, int], bool] = {
    ("gt", 0): True,
    ("ge", 1): True,
    ("ne", 0): True,
    ("eq", 0): False,
    ("lt", 1): False,
    ("le", 0): False,
}


def _compare_const(e: Compare, op: Callable[[Any, Any], bool], plain: Any) -> Fn:
    """A comparison with a constant single value on the right (``count(...) > 0``,
    ``self.counters == 0``): as :func:`_compare`, without evaluating the constant, and a count
    compared with a number in one closure."""
    k = e.right.value  # type: ignore[attr-defined]
    if isinstance(e.left, Count) and type(k) is int and (e.op, k) in _SOME:
        exists = getattr(e.left.what, "exists", None)  # (such_that, where: at the first found)
        if exists is not None:
            if _SOME[e.op, k]:
                return lambda ctx: bool(exists(ctx))
            return lambda ctx: not exists(ctx)
    if isinstance(e.left, Count) and type(k) is int and e.op in _PLAIN_OPS:
        what, int_op = compiled(e.left.what), _PLAIN_OPS[e.op]

        def count_compare(ctx: Ctx) -> bool:
            value = what(ctx)
            return int_op(len(value) if isinstance(value, (list, tuple)) else int(bool(value)), k)

        return count_compare
    left = compiled(e.left)

    def compare_const(ctx: Ctx) -> bool:
        a = left(ctx)
        if isinstance(a, (list, tuple)):
            return op(_one(a), k)
        if plain is not None:
            return bool(a == k)
        return op(a, k)

    return compare_const


def _all_of(e: AllOf) -> Fn:
    parts = tuple(compiled(p) for p in e.parts)
    if len(parts) == 2:
        first, second = parts
        return lambda ctx: bool(first(ctx)) and bool(second(ctx))

    def all_of(ctx: Ctx) -> bool:
        for p in parts:  # noqa: SIM110 (a loop: no generator per test)
            if not p(ctx):
                return False
        return True

    return all_of


def _any_of(e: AnyOf) -> Fn:
    parts = tuple(compiled(p) for p in e.parts)

    def any_of(ctx: Ctx) -> bool:
        for p in parts:  # noqa: SIM110 (as all_of)
            if p(ctx):
                return True
        return False

    return any_of


def _not(e: Not) -> Fn:
    what = compiled(e.what)
    return lambda ctx: not what(ctx)


def _count(e: Count) -> Fn:
    what = compiled(e.what)

    def count(ctx: Ctx) -> int:
        value = what(ctx)
        return len(value) if isinstance(value, (list, tuple)) else int(bool(value))

    return count


def _arith(e: Arith) -> Fn:
    left, right, op = compiled(e.left), compiled(e.right), ARITH[e.op]
    return lambda ctx: op(left(ctx), right(ctx))


def _if_value(e: IfValue) -> Fn:
    cond, then, otherwise = compiled(e.condition), compiled(e.then), compiled(e.otherwise)
    return lambda ctx: then(ctx) if cond(ctx) else otherwise(ctx)


def _call(e: Call) -> Fn:
    fn, args = e.fn, tuple(compiled(a) for a in e.args)
    if not args:
        return lambda ctx: fn(ctx)
    if len(args) == 1:
        (arg,) = args
        return lambda ctx: fn(ctx, arg(ctx))
    return lambda ctx: fn(ctx, *[a(ctx) for a in args])


_MAKERS: dict[type, Callable[[Any], Fn]] = {
    Const: _const,
    SelfCard: _self_card,
    Attr: _attr,
    Compare: _compare,
    AllOf: _all_of,
    AnyOf: _any_of,
    Not: _not,
    Count: _count,
    Arith: _arith,
    IfValue: _if_value,
    Call: _call,
}
